"""The Drop (Airborne Elite): the Airborne Elite start off the battlefield. At the start of every
round, before Order Markers are placed, their controller rolls the d20; on the card's ``roll``
(13) or more they may parachute all of them onto empty spaces anywhere, none beside any other
figure (their own squad included) and none on a glyph. All land, or none.

The figures are ``reserve`` from army building on (:func:`bot.rules.army.starts_off_battlefield`),
so placement skips them. On a success the controller answers ``choose SPACE SPACE ...``, one
space per waiting figure; the first option is a legal drop the engine suggests (spaces some way
from the enemy, for the computer player), ``stay`` keeps them off for another round, and any
other legal set of spaces is accepted as typed. If no legal drop can be found they stay off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.army import starts_off_battlefield
from bot.rules.cards import ArmyCard, Power
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._turns import labels, parse_spaces
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"the_drop", "deploy_delayed"})

KIND = "the_drop"
#: The shared card file's pattern for figures that start off the battlefield: The Drop's params
#: (``d20_threshold``, ``placement``) or ``by`` another card's power (the Rechets of Bogdan, brought
#: on by Iskra's summoning: :mod:`bot.rules.powers.turn_summon`).
DELAYED = "deploy_delayed"
DROP_PLACEMENT = "any empty spaces, not adjacent to figures or on glyphs"
BY_ISKRA = "Iskra Esenwein's Summon the Rechets of Bogdan"
STAY = "stay"
#: The suggested drop prefers spaces this far from the nearest enemy (within an Elite's Range 8).
PREFERRED_DISTANCE = 6

starts_off_battlefield(KIND)
starts_off_battlefield(DELAYED)


def check_deploy_delayed(values: dict[str, Any]) -> str | None:
    """Why a ``deploy_delayed`` power's ``values`` cannot be enforced, or ``None``: The Drop's
    (a d20 roll, any empty spaces apart from figures) or the Rechets' (brought on by Iskra)."""
    if values.get("by") == BY_ISKRA:
        return None
    if isinstance(values.get("d20_threshold"), int) and values.get("placement") == DROP_PLACEMENT:
        return None
    return "this way of entering the battlefield is not understood"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {DELAYED: check_deploy_delayed}


def drop_power(card: ArmyCard) -> Power | None:
    """The card's The Drop: its ``the_drop`` power, or a ``deploy_delayed`` one with The Drop's params."""
    power = card.power(KIND)
    if power is not None:
        return power
    power = card.power(DELAYED)
    return power if power is not None and "d20_threshold" in power.values and check_deploy_delayed(power.values) is None else None


def waiting(state: MatchState, card_key: str) -> list[Figure]:
    """The card's figures still off the battlefield, waiting to drop, by id."""
    return sorted((f for f in state.figures_of(card_key) if f.reserve and not f.destroyed and not f.set_aside),
                  key=lambda f: f.id)


def landing_problem(state: MatchState, spaces: list[Hex], count: int) -> str | None:
    """Why ``spaces`` are not a legal drop for ``count`` figures, or ``None`` when they are."""
    bf = state.battlefield
    if len(set(spaces)) != len(spaces):
        twice = next(h for h in spaces if spaces.count(h) > 1)
        return f"{bf.label(twice) if twice in bf else twice} is named twice; name {count} different spaces"
    if len(spaces) != count:
        return f"{len(spaces)} space{'' if len(spaces) == 1 else 's'} named; name {count}, one for each figure"
    taken = {h for f in state.on_battlefield() for h in f.hexes}
    for h in spaces:
        if h not in bf:
            return bf.not_a_space(f"{h.q},{h.r}")
        if h in taken or bf.obstacles_on(h):
            return f"{bf.label(h)} is not empty"
        if h in state.glyphs:
            return f"{bf.label(h)} holds a glyph"
        if any(n in taken for n in h.neighbours()):
            return f"{bf.label(h)} is next to a figure"
        if any(n in spaces for n in h.neighbours()):
            return f"{bf.label(h)} is next to another dropping figure"
    return None


def suggest(state: MatchState, player: str, count: int) -> list[Hex] | None:
    """A legal drop for ``count`` figures, greedily: spaces nearest :data:`PREFERRED_DISTANCE`
    from the closest enemy figure, then in label order; ``None`` when the greedy search fails."""
    bf = state.battlefield
    taken = {h for f in state.on_battlefield() for h in f.hexes}
    enemies = [f for f in state.on_battlefield()
               if f.controller != player and state.player(f.controller).side != state.player(player).side]

    def score(h: Hex) -> tuple[int, int, int]:
        """Sort key for a space: how far its nearest-enemy distance is from
        :data:`PREFERRED_DISTANCE`, then row and column."""
        near = min((h.distance(e) for f in enemies for e in f.hexes), default=PREFERRED_DISTANCE)
        return (abs(near - PREFERRED_DISTANCE), h.r, h.q)

    chosen: list[Hex] = []
    for h in sorted(bf.hexes(), key=score):
        if h in taken or bf.obstacles_on(h) or h in state.glyphs or bf.top_cell(h) is None:
            continue
        if any(n in taken or n in chosen for n in h.neighbours()):
            continue
        chosen.append(h)
        if len(chosen) == count:
            return chosen
    return None


@register
class TheDrop(PowerEffect):
    """The Drop as a start-of-round Effect (HS-ROUND-02): one trigger per card with figures still
    waiting off the battlefield (conceded players excepted). Resolving rolls the d20; on ``roll``
    (13)+ a second ``land`` step asks for one space per waiting figure, or ``stay``."""

    name = KIND
    window = Window.START_OF_ROUND
    rule = "HS-ROUND-02"

    def power(self, engine: RulesContext, trigger: Trigger) -> Power | None:
        return drop_power(engine.state.cards[self.card_key(engine, trigger)].card)

    def value(self, engine: RulesContext, trigger: Trigger, key: str, default: int) -> int:
        power = self.power(engine, trigger)
        if power is not None and key == "roll" and power.kind == DELAYED:
            return int(power.values["d20_threshold"])
        return super().value(engine, trigger, key, default)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        out = []
        for c in sorted(st.cards.values(), key=lambda c: c.key):
            if drop_power(c.card) is None or not waiting(st, c.key):
                continue
            if st.player(c.controller).conceded:
                continue
            out.append(Trigger(self.name, c.controller, c.key))
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(waiting(engine.state, trigger.subject))

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        """Any legal set of spaces, typed as labels: returned in the canonical form."""
        st = engine.state
        words = answer.replace(",", " ").split()
        if not words:
            return None
        spaces = []
        for word in words:
            try:
                spaces.append(st.battlefield.parse_space(word))
            except ValueError as exc:
                if len(words) == 1 and not any(ch.isdigit() for ch in word):
                    return None  # a word, not a space: the usual "not an answer" refusal says what is
                raise IllegalCommand(f"The Drop: {exc}; answer with {len(waiting(st, trigger.subject))} spaces, "
                                     f"or {STAY}", self.rule, actions=("choose",)) from None
        problem = landing_problem(st, spaces, len(waiting(st, trigger.subject)))
        if problem is not None:
            raise IllegalCommand(f"The Drop: {problem}; all land or none (answer {STAY} to keep them off the "
                                 "battlefield this round)", self.rule, actions=("choose",))
        return " ".join(labels(st, spaces))

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if trigger.get("step") == "land":
            self._land(engine, trigger, choice or STAY)
            return
        st = engine.state
        cip = st.cards[trigger.subject]
        need = self.value(engine, trigger, "roll", 13)
        roll, ok = self.roll_d20(engine, need)
        engine.emit("power", power=self.power_name(engine, trigger), card=cip.key, player=cip.controller, d20=roll,
                    needed=need, success=ok,
                    result="they may drop onto the battlefield" if ok else "they stay off the battlefield")
        if not ok:
            return
        count = len(waiting(st, cip.key))
        spot = suggest(st, cip.controller, count)
        options = ([" ".join(labels(st, spot))] if spot else []) + [STAY]
        engine.ask(trigger.with_data(step="land"),
                   f"The Drop: where do the {cip.card.short} land? Answer with {count} empty spaces (none next to "
                   "any figure or to each other, none on a glyph), or stay to keep them off the battlefield this "
                   "round" + ("; the first answer listed is a legal drop" if spot else "") + ".",
                   options)

    def _land(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        if choice == STAY:
            engine.emit("power", power=self.power_name(engine, trigger), card=trigger.subject,
                        player=trigger.controller, success=False, result="they stay off the battlefield this round")
            return
        figures = waiting(st, trigger.subject)
        spaces = parse_spaces(st, choice) or []
        if landing_problem(st, spaces, len(figures)) is not None:
            return  # the board changed since the answer was checked: nobody lands (all or none)
        for fig, h in zip(figures, spaces, strict=True):
            engine.put_on(fig, (h,), self.power_name(engine, trigger))
