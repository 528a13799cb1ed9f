"""Moves powers give outside the normal move (:class:`~bot.rules.powers._free.FreeMove`):

- ``pre_round_move``: once Order Markers are placed (the "after Order Markers" window), each
  figure of the card may move up to ``distance`` spaces; ``condition`` ``"all your Order Markers
  on WORD cards"`` (Eisenek Advance) and ``when`` ``"first round only"`` (Orc Battle Rush).
- ``post_turn_move``: as the card's turn ends, each figure of it may move up to ``distance``
  spaces; ``condition`` ``"did not use NAME this turn"`` (Hyper Speed 5: no special attack made).
- ``move_other`` with ``trigger`` ``"before this card's turn"``: as the card's turn begins, up to
  the number of figures its ``who`` names (``"4 Gladiatrons you control"``) may each move up to
  ``distance`` spaces (Movement Bonding); ``"after wounding with an attack"`` (Cover Fire: a figure
  ``who`` names in sight, not the attacker) and ``"after this squad defends against a normal
  attack"`` (Scatter: ``"any 2 figures of this squad"``): after that attack the player picks the
  figures, then where each goes; ``"wounded but not destroyed by an attack"`` (Teleport
  Reinforcements: ``"1 friendly Marro Squad figure per wound taken"``, ``destination`` ``"adjacent
  to this figure"``): that many friendly figures are placed next to it, one question each;
  ``"one of them destroyed by an opponent's normal attack"`` (Scurry: ``"any 2 figures of this
  squad"``, ``leaving_engagement`` ``"ignores"``, ``extra`` "unengaged figures of this squad have no
  visible Hit Zones for the rest of that turn"): as Scatter, with no leaving-engagement attacks on
  those moves, and none of the squad's unengaged figures may be targeted for the rest of that turn.

Every such move follows the normal movement rules (engagement, leaving-engagement attacks, water,
falls) with ``distance`` instead of the Move value; the player names the space, or ``stay``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.engagement import engaged_enemies
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.los import line_of_sight
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.movement import plan
from bot.rules.powers._common import holders, is_a, spaces_between
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers._free import FreeMove
from bot.rules.powers._turns import living
from bot.rules.powers._who import parse_who
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"pre_round_move", "post_turn_move", "move_other"})

_ALL_ON = re.compile(r"all your Order Markers on (\w+) cards")
DONE = "done"
_DID_NOT = re.compile(r"did not use (.+) this turn")


def check_pre_round_move(values: dict[str, Any]) -> str | None:
    """Why a ``pre_round_move`` power's ``values`` cannot be enforced, or ``None``."""
    if not isinstance(values.get("distance"), int):
        return f"a move of '{values.get('distance')}' spaces is not understood"
    if "who" in values:
        return f"moving '{values['who']}' is not built yet"
    if values.get("condition") is not None and not _ALL_ON.fullmatch(str(values["condition"])):
        return f"the condition '{values['condition']}' is not understood"
    if values.get("when") not in (None, "first round only"):
        return f"the moment '{values['when']}' is not understood"
    return None


def check_post_turn_move(values: dict[str, Any]) -> str | None:
    """Why a ``post_turn_move`` power's ``values`` cannot be enforced, or ``None``."""
    if not isinstance(values.get("distance"), int):
        return f"a move of '{values.get('distance')}' spaces is not understood"
    if "max_up" in values and (values["distance"] != 1 or not isinstance(values["max_up"], int)):
        return f"climbing up to {values['max_up']} levels over {values['distance']} spaces is not built yet"
    if values.get("who") not in (None, "each figure of this squad"):
        return f"moving '{values['who']}' is not built yet"
    if values.get("condition") is not None and not _DID_NOT.fullmatch(str(values["condition"])):
        return f"the condition '{values['condition']}' is not understood"
    return None


BEFORE_TURN = "before this card's turn"
AFTER_WOUNDING = "after wounding with an attack"
AFTER_DEFENDING = "after this squad defends against a normal attack"
_OF_SQUAD = re.compile(r"any (\d+) figures of this squad")


SCURRY = "one of them destroyed by an opponent's normal attack"
HIDDEN = "unengaged figures of this squad have no visible Hit Zones for the rest of that turn"
#: ``turn.data`` keys: figures moving without leaving-engagement attacks now; cards whose unengaged
#: figures have no visible Hit Zone this turn.
NO_SWIPES, NO_HIT_ZONES = "free_move_no_swipes", "no_hit_zones"
WOUNDED = "wounded but not destroyed by an attack"
_PER_WOUND = re.compile(r"1 friendly (.+) figure per wound taken")
NEXT_TO_ME = "adjacent to this figure"


def check_move_other(values: dict[str, Any]) -> str | None:
    """Why a ``move_other`` power's ``values`` cannot be enforced, or ``None``."""
    trigger = values.get("trigger")
    if trigger == WOUNDED:
        m = _PER_WOUND.fullmatch(str(values.get("who", "")))
        ok = m is not None and not parse_who(m.group(1)).unknown and values.get("destination") == NEXT_TO_ME
        return None if ok else f"'{values.get('who')}' is not understood"
    if trigger not in (BEFORE_TURN, AFTER_WOUNDING, AFTER_DEFENDING, SCURRY):
        return f"the moment '{trigger}' is not built yet"
    if not isinstance(values.get("distance"), int):
        return f"a move of '{values.get('distance')}' spaces is not understood"
    scurry = trigger == SCURRY and values.get("leaving_engagement") == "ignores" and values.get("extra") == HIDDEN
    if not scurry and (values.get("leaving_engagement", "takes") != "takes" or "extra" in values) \
            or "destination" in values:
        return "moving without leaving-engagement attacks or other extras is not built yet"
    if _OF_SQUAD.fullmatch(str(values.get("who", ""))):
        return None
    who = parse_who(str(values.get("who", "")))
    if who.unknown or (who.sight and trigger == BEFORE_TURN):
        return f"'{values.get('who')}' is not understood"
    return None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "pre_round_move": check_pre_round_move, "post_turn_move": check_post_turn_move, "move_other": check_move_other,
}


def _orders_on(state: MatchState, player: str, word: str) -> bool:
    """Whether every Order Marker of ``player`` this round is on a card of ``word`` (species or class)."""
    keys = list(state.orders.get(player, {}).values())
    return bool(keys) and all(k in state.cards and (is_a(state.cards[k].card, species=word)
                                                   or is_a(state.cards[k].card, class_=word)) for k in keys)


class _CardMove(FreeMove):
    """A free move of each figure of the card whose power it is, at :attr:`window`."""

    kind = ""
    rule = "HS-SPECIAL-08"

    def budget(self, engine: RulesContext, trigger: Trigger) -> int:
        power = self.power(engine, trigger)
        return int(power.values["distance"]) if power else 0

    def ready(self, engine: RulesContext, card_key: str, values: dict[str, Any]) -> bool:
        raise NotImplementedError

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        seen: set[str] = set()
        out = []
        for fig, power in holders(st, self.kind):
            if fig.card_key in seen or CHECKS[self.kind](power.values) is not None:
                continue
            seen.add(fig.card_key)
            if not self.ready(engine, fig.card_key, power.values):
                continue
            out += [Trigger(self.name, f.controller, f.id, (("card", f.card_key),), source=f.id)
                    for f in living(st, fig.card_key)]
        return out


@register
class PreRoundMove(_CardMove):
    """Eisenek Advance, Orc Battle Rush: a move once Order Markers are placed."""

    name = "pre_round_move"
    kind = "pre_round_move"
    window = Window.AFTER_ORDER_MARKERS

    def ready(self, engine: RulesContext, card_key: str, values: dict[str, Any]) -> bool:
        st = engine.state
        if values.get("when") == "first round only" and st.round != 1:
            return False
        m = _ALL_ON.fullmatch(str(values.get("condition") or ""))
        return m is None or _orders_on(st, st.cards[card_key].controller, m.group(1))


@register
class PostTurnMove(_CardMove):
    """Hyper Speed: a move as the card's turn ends (unless it made a special attack, when so said);
    Gain High Ground: 1 space that may be up to ``max_up`` levels higher, climbing for free."""

    name = "post_turn_move"
    kind = "post_turn_move"
    window = Window.AFTER_CARD_TURN

    def ends(self, engine: RulesContext, trigger: Trigger, fig: Figure) -> dict[Hex, list[Hex]]:
        power = self.power(engine, trigger)
        if power is None or "max_up" not in power.values:
            return super().ends(engine, trigger, fig)
        st = engine.state
        out: dict[Hex, list[Hex]] = {}
        if len(fig.hexes) != 1 or modifiers.move_rules(st, fig).held_by:
            return out
        for h in fig.hexes[0].neighbours():
            cell = st.battlefield.top_cell(h)
            if cell is None or cell.top - fig.level > int(power.values["max_up"]) or st.occupant(h) is not None:
                continue
            try:
                plan(st, fig, [h], check_allowance=False)
            except IllegalCommand:
                continue
            out[h] = [h]
        return out

    def ready(self, engine: RulesContext, card_key: str, values: dict[str, Any]) -> bool:
        turn = engine.state.turn
        if turn is None or turn.card_key != card_key:
            return False
        if values.get("condition"):
            used = set(turn.data.get("special", []))
            return not any(f.id in used for f in engine.state.figures_of(card_key))
        return True


@register
class MovementBonding(FreeMove):
    """Gladiatron / Gorillinator Movement Bonding: as the card's turn begins, up to N figures the
    ``who`` names each move up to ``distance`` spaces (one trigger per figure: ``stay`` leaves it)."""

    name = "move_other"
    kind = "move_other"
    window = Window.START_OF_TURN
    immediate = True
    rule = "HS-SPECIAL-08"

    def budget(self, engine: RulesContext, trigger: Trigger) -> int:
        power = self.power(engine, trigger)
        return int(power.values["distance"]) if power else 0

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key not in st.cards or turn.activated:
            return []
        cip = st.cards[turn.card_key]
        power = cip.card.power(self.kind)
        if power is None or check_move_other(power.values) is not None or power.values.get("trigger") != BEFORE_TURN:
            return []
        who = parse_who(str(power.values["who"]))
        movers = [f for c in sorted(st.cards.values(), key=lambda c: c.key)
                  if c.key != cip.key and c.controller == cip.controller and who.matches(c.card)
                  for f in living(st, c.key)]
        return [Trigger(self.name, cip.controller, f.id, (("card", cip.key),)) for f in movers[:who.count]]


@register
class MoveTo(FreeMove):
    """Where a figure picked by a power after an attack moves (Cover Fire, Scatter): ``subject``
    the mover; data ``card`` (the power's card), ``queue`` (the movers still to go after it)."""

    name = "move_other_to"
    kind = "move_other"
    window = Window.AFTER_ATTACK  # never triggers by itself: only asked for by MoveOtherAfterAttack
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return []

    def budget(self, engine: RulesContext, trigger: Trigger) -> int:
        power = self.power(engine, trigger)
        return int(power.values["distance"]) if power else 0

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        was_asked = trigger.get("step") == "to"
        power = self.power(engine, trigger)
        turn = engine.state.turn
        spared = power is not None and power.values.get("leaving_engagement") == "ignores" and turn is not None
        if spared and turn is not None:
            turn.data[NO_SWIPES] = [trigger.subject]  # Scurry: this move takes no leaving-engagement attacks
        try:
            super().resolve(engine, trigger, choice)
        finally:
            if spared and turn is not None:
                turn.data.pop(NO_SWIPES, None)
        if not was_asked and engine.state.pending:
            return  # the question about this figure was just asked
        queue = list(trigger.get("queue", []))
        st = engine.state
        while queue:
            nxt = Trigger(self.name, trigger.controller, queue.pop(0), (("card", trigger.get("card")), ("queue", queue)))
            if st.figures[nxt.subject].on_battlefield:
                self.resolve(engine, nxt, None)
                return


@register
class MoveOtherAfterAttack(PowerEffect):
    """Cover Fire, Scatter: after the attack, the player picks up to N figures (one question each:
    a figure's id, ``skip`` first, ``done`` once one is picked), then each moves."""

    name = "move_other_after_attack"
    kind = "move_other"
    window = Window.AFTER_ATTACK
    optional = True
    rule = "HS-SPECIAL-08"

    def card_key(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("card"))

    def _movers(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        power = self.power(engine, trigger)
        if power is None or check_move_other(power.values) is not None:
            return []
        picked = list(trigger.get("picked", []))
        key = self.card_key(engine, trigger)
        m = _OF_SQUAD.fullmatch(str(power.values["who"]))
        if m:
            return [f.id for f in living(st, key) if f.id not in picked]
        who = parse_who(str(power.values["who"]))
        holder = st.figures.get(str(trigger.get("holder", "")))
        if holder is None or not holder.on_battlefield:
            return []
        out = []
        for f in st.on_battlefield():
            if f is holder or f.id in picked or f.controller != holder.controller or not who.matches(st.card_of(f)):
                continue
            if who.sight and not (spaces_between(holder, f) <= (who.within or 10**6) and line_of_sight(st, holder, f)):
                continue
            out.append(f.id)
        return sorted(out)

    def _count(self, engine: RulesContext, trigger: Trigger) -> int:
        power = self.power(engine, trigger)
        m = _OF_SQUAD.fullmatch(str(power.values["who"])) if power else None
        return int(m.group(1)) if m else (parse_who(str(power.values["who"])).count if power else 0)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        target = st.figures.get(str(args.get("target", "")))
        if attacker is None or target is None or "wounds" not in args or not holders(st, self.kind):
            return []  # a normal attack only ("wounds" is in a normal attack's window)
        out = []
        for cip in sorted(st.cards.values(), key=lambda c: c.key):
            power = cip.card.power(self.kind)
            if power is None or check_move_other(power.values) is not None:
                continue
            when = power.values["trigger"]
            if when == WOUNDED:
                continue  # Teleport Reinforcements: ReinforceWhenWounded
            if when == AFTER_WOUNDING and attacker.card_key == cip.key and int(args.get("wounds") or 0) > 0 \
                    and st.is_enemy(attacker, target):
                holder = attacker.id
            elif target.card_key == cip.key and st.is_enemy(attacker, target) \
                    and (when == AFTER_DEFENDING or when == SCURRY and target.destroyed):
                holder = target.id  # Scatter: it defended; Scurry: it was destroyed
            else:
                continue
            trig = Trigger(self.name, cip.controller, holder, (("card", cip.key), ("holder", holder)))
            if self._movers(engine, trig):
                out.append(trig)
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(self._movers(engine, trigger))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [*self._movers(engine, trigger), SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self.power(engine, trigger)
        return (f"{self.power_name(engine, trigger)}: which figure moves (up to {power.values['distance'] if power else 0} "
                f"spaces)?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        picked = list(trigger.get("picked", []))
        if choice not in (None, SKIP, DONE) and choice in self._movers(engine, trigger):
            picked.append(str(choice))
        nxt = trigger.with_data(picked=picked)
        if choice not in (None, SKIP, DONE) and len(picked) < self._count(engine, trigger) and self._movers(engine, nxt):
            engine.ask(nxt, f"{self.power_name(engine, trigger)}: another figure, or done?", [*self._movers(engine, nxt), DONE])
            return
        power = self.power(engine, trigger)
        if power is not None and power.values.get("extra") == HIDDEN and engine.state.turn is not None:
            engine.state.turn.data.setdefault(NO_HIT_ZONES, []).append(self.card_key(engine, trigger))
        if picked:
            first = Trigger(MoveTo.name, trigger.controller, picked[0],
                            (("card", self.card_key(engine, trigger)), ("queue", picked[1:])))
            MoveTo().resolve(engine, first, None)


@register
class ReinforceWhenWounded(PowerEffect):
    """Teleport Reinforcements: after a normal attack wounds this figure without destroying it, one
    friendly figure of the kind named per wound may be placed next to it (a figure's id, ``skip``;
    then its space). ``subject``: the wounded figure; data ``left``: placements still allowed."""

    name = "reinforce_when_wounded"
    kind = "move_other"
    per_figure = True
    optional = True
    window = Window.AFTER_ATTACK
    rule = "HS-SPECIAL-08"

    def _candidates(self, engine: RulesContext, trigger: Trigger) -> list[Figure]:
        st = engine.state
        me = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        m = _PER_WOUND.fullmatch(str(power.values.get("who", ""))) if power is not None else None
        if m is None or not me.on_battlefield or not _spaces_next_to(st, me):
            return []
        who = parse_who(m.group(1))
        return sorted((f for f in st.on_battlefield() if f is not me and f.controller == me.controller
                       and who.matches(st.card_of(f)) and len(f.hexes) == 1
                       and not modifiers.move_rules(st, f).held_by
                       and not any(h.is_adjacent(x) for h in f.hexes for x in me.hexes)), key=lambda f: f.id)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        target = st.figures.get(str(args.get("target", "")))
        wounds = int(args.get("wounds") or 0)
        if target is None or not target.on_battlefield or wounds <= 0 or not holders(st, self.kind):
            return []
        power = st.card_of(target).power(self.kind)
        if power is None or power.values.get("trigger") != WOUNDED or check_move_other(power.values) is not None:
            return []
        trig = Trigger(self.name, target.controller, target.id, (("left", wounds),), source=target.id)
        return [trig] if self._candidates(engine, trig) else []

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return trigger.get("step") is not None or bool(self._candidates(engine, trigger))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [f.id for f in self._candidates(engine, trigger)] + [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{self.power_name(engine, trigger)}: which figure comes next to {trigger.subject} "
                f"({trigger.get('left')} at most)?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        me = st.figures[trigger.subject]
        if trigger.get("step") == "place":
            rider = st.figures[str(trigger.get("rider"))]
            where = [h for h in _spaces_next_to(st, me) if st.battlefield.label(h) == choice]
            if where and rider.on_battlefield:
                cell = st.battlefield.top_cell(where[0])
                rider.hexes, rider.level = (where[0],), cell.top if cell is not None else me.level
                engine.emit("power", power=self.power_name(engine, trigger), figure=rider.id, success=True,
                            result=f"{rider.id} is placed at {st.battlefield.label(where[0])}")
            left = int(trigger.get("left", 0)) - 1
            nxt = Trigger(self.name, trigger.controller, trigger.subject, (("left", left),), source=trigger.source)
            if left > 0 and self._candidates(engine, nxt):
                engine.ask(nxt, self.prompt(engine, nxt), self.options(engine, nxt))
            return
        if choice not in [f.id for f in self._candidates(engine, trigger)]:
            return
        engine.ask(trigger.with_data(step="place", rider=choice),
                   f"{self.power_name(engine, trigger)}: where next to {me.id} does {choice} go?",
                   [st.battlefield.label(h) for h in _spaces_next_to(st, me)])


def _spaces_next_to(state: MatchState, fig: Figure) -> list[Hex]:
    """Empty spaces next to ``fig`` (any level), in label order."""
    bf = state.battlefield
    out = []
    for h in {n for c in fig.hexes for n in c.neighbours()} - set(fig.hexes):
        cell = bf.top_cell(h)
        if cell is not None and not bf.obstacles_on(h) and state.occupant(h) is None:
            out.append(h)
    return sorted(out, key=lambda h: (h.r, h.q))


@modifiers.on_move_rules
def scurry_no_swipes(state: MatchState, fig: Figure, rules: modifiers.MoveRules) -> modifiers.MoveAnswer | None:
    """Scurry: the figure moving by the power now takes no leaving-engagement attacks."""
    turn = state.turn
    return modifiers.MoveAnswer(takes_swipes=False) if turn is not None and fig.id in turn.data.get(NO_SWIPES, ()) \
        else None


@modifiers.on_target_check
def scurry_hidden(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Scurry: for the rest of that turn the squad's unengaged figures have no visible Hit Zone."""
    turn = state.turn
    if turn is None or ctx.target.card_key not in turn.data.get(NO_HIT_ZONES, ()) or engaged_enemies(state, ctx.target):
        return None
    return Verdict(False, f"{ctx.target.id} has no visible Hit Zone this turn (Scurry: unengaged)", "HS-LOS-01")
