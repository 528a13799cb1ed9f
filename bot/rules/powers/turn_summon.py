"""Bringing destroyed figures back (pattern ``summon``): one of the player's destroyed figures that
``what`` names is put on an empty space the power says, sometimes on a d20 roll of
``d20_threshold`` or more (:meth:`~bot.rules.context.RulesContext.put_on`).

``values`` (the shared card file's ``params``):

- ``what``: ``"one of your destroyed Zombies of Morindan"`` (a card by name), ``"one destroyed
  Common Marro Squad figure"``, ``"one of your destroyed Small/Medium Elementals"`` (a phrase of
  :mod:`bot.rules.powers._who`).
- when: ``window`` ``"after this figure's turn"`` (as its turn ends), ``"after move, before
  attack"`` (HS-TURN-06), ``"start of round, before Order Markers"``; or ``trigger`` ``"this squad
  destroys an opponent's Small/Medium non-Undead figure"`` (as that figure is destroyed).
- where: ``distance`` ``"adjacent"`` or N spaces in clear sight of the summoner; ``destination``
  ``"the destroyed figure's space"`` or ``"adjacent to a Hero you control that follows Revna"``.
- a whole card still off the battlefield: ``what`` ``"Rechets of Bogdan (3)"`` (its figures start
  off it, :mod:`bot.rules.powers.the_drop`): all come, one space each (one with no room is
  destroyed), then ``then`` ``"may take a turn with them"`` offers that card's turn next.

A card whose power is a ``rule_exception`` with ``effect`` ``"cannot be returned by NAME"`` is never
brought back by the power called NAME (Grok Training, Self-Replicating). A figure brought back
during its card's turn does not attack that turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.cards import ArmyCard, Power
from bot.rules.hexes import Hex
from bot.rules.los import sees_space
from bot.rules.powers._common import _word, holders
from bot.rules.powers._effects import ROLL, SKIP, PowerEffect, window_args
from bot.rules.powers._turns import labels, parse_spaces
from bot.rules.powers._who import Who, parse_who, who_problem
from bot.rules.powers.turn_mutiny import is_mutiny
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"summon", "rule_exception"})

KIND = "summon"
WINDOWS = {"after this figure's turn": Window.AFTER_CARD_TURN, "after move, before attack": Window.AFTER_MOVING,
           "start of round, before order markers": Window.START_OF_ROUND}
DESTROYS = "this squad destroys an opponent's Small/Medium non-Undead figure"
AT_VICTIM = "the destroyed figure's space"
_NEXT_TO_HERO = re.compile(r"adjacent to a Hero you control that follows (\w+)")
_WHAT = re.compile(r"one (?:of your )?destroyed (.+?)(?: figure)?")
_NOT_BY = re.compile(r"cannot be returned by (.+)")
#: ``what`` naming a whole card still off the battlefield: ``"Rechets of Bogdan (3)"``.
_GROUP = re.compile(r"(.+) \((\d+)\)")
THEN_TURN = "may take a turn with them"


def _what(values: dict[str, Any]) -> str | None:
    m = _WHAT.fullmatch(str(values.get("what", "")))
    return m.group(1) if m else None


def _group(values: dict[str, Any]) -> str | None:
    """The card name when ``what`` brings on a whole card still off the battlefield."""
    m = _GROUP.fullmatch(str(values.get("what", "")))
    return m.group(1) if m else None


def check_summon(values: dict[str, Any]) -> str | None:
    """Why a summon power's ``values`` cannot be enforced, or ``None``."""
    what = _what(values) or _group(values)
    if what is None:
        return f"bringing back '{values.get('what')}' is not built yet"
    when = str(values.get("window", "")).lower()
    if when not in WINDOWS and values.get("trigger") != DESTROYS:
        return f"the moment '{values.get('window') or values.get('trigger')}' is not built yet"
    dest, dist = values.get("destination"), values.get("distance")
    if dest is None and not (dist == "adjacent" or isinstance(dist, int)):
        return f"the distance '{dist}' is not understood"
    if dest is not None and dest != AT_VICTIM and not _NEXT_TO_HERO.fullmatch(str(dest)):
        return f"the destination '{dest}' is not understood"
    if "then" in values and not (values["then"] == THEN_TURN and _group(values)):
        return f"'{values['then']}' is not built yet"
    return None if _named_card(what) else who_problem(what)


def check_rule_exception(values: dict[str, Any]) -> str | None:
    """``rule_exception``: "cannot be returned by NAME" (read by the summon block), and Mutiny
    (:mod:`turn_mutiny`)."""
    if _NOT_BY.fullmatch(str(values.get("effect", ""))) or is_mutiny(values):
        return None
    return f"'{values.get('effect')}' is not built yet"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_summon, "rule_exception": check_rule_exception}


def _named_card(text: str) -> bool:
    """Whether ``text`` reads as a card name (capitalised words with "of": Zombies of Morindan)."""
    return " of " in text and text[:1].isupper()


def _same_name(a: str, b: str) -> bool:
    return [_word(w) for w in a.split()] == [_word(w) for w in b.split()]


def _matches(card: ArmyCard, what: str, who: Who | None) -> bool:
    if who is None:
        return _same_name(card.name, what)
    return who.matches(card)


def returnable(state: MatchState, summoner: Figure, power: Power) -> list[Figure]:
    """The destroyed figures of ``summoner``'s controller the power may bring back, by id (for a
    whole card, :func:`_group`, its figures still waiting off the battlefield)."""
    group = _group(power.values)
    if group is not None:
        return sorted((f for f in state.figures.values() if f.reserve and not f.destroyed and not f.set_aside
                       and f.controller == summoner.controller and _same_name(state.card_of(f).name, group)),
                      key=lambda f: f.id)
    what = _what(power.values) or ""
    who = None if _named_card(what) else parse_who(what)
    out = []
    for f in state.figures.values():
        if not f.destroyed or f.set_aside or f.controller != summoner.controller:
            continue
        card = state.card_of(f)
        if not _matches(card, what, who):
            continue
        if any(p.kind == "rule_exception" and (m := _NOT_BY.fullmatch(str(p.values.get("effect", ""))))
               and m.group(1).lower() == power.name.lower() for p in card.powers):
            continue
        out.append(f)
    return sorted(out, key=lambda f: f.id)


def _empty(state: MatchState, h: Hex) -> int | None:
    """The level of ``h``'s top when a figure may be put there, else ``None``."""
    bf = state.battlefield
    cell = bf.top_cell(h)
    if h not in bf or cell is None or bf.obstacles_on(h) or state.occupant(h) is not None:
        return None
    return cell.top


def spaces(state: MatchState, summoner: Figure, power: Power, victim_at: list[Hex] | None = None) -> list[Hex]:
    """The empty spaces the figure may come back on, in label order."""
    v = power.values
    dest, dist = v.get("destination"), v.get("distance")
    found: set[Hex] = set()
    if dest == AT_VICTIM:
        found = {h for h in victim_at or [] if _empty(state, h) is not None}
    elif dest is not None:
        m = _NEXT_TO_HERO.fullmatch(str(dest))
        heroes = [f for f in state.on_battlefield() if f.controller == summoner.controller and m
                  and state.card_of(f).kind == "hero" and (state.card_of(f).general or "").lower() == m.group(1).lower()]
        found = {n for f in heroes for h in f.hexes for n in h.neighbours() if _empty(state, n) is not None}
    elif dist == "adjacent":
        found = {n for h in summoner.hexes for n in h.neighbours() if _empty(state, n) is not None}
    elif isinstance(dist, int):
        for h in state.battlefield.hexes():
            level = _empty(state, h)
            if level is not None and min(h.distance(s) for s in summoner.hexes) <= dist \
                    and sees_space(state, summoner, h, level):
                found.add(h)
    return sorted(found - set(summoner.hexes), key=lambda h: (h.r, h.q))


class _Summon(PowerEffect):
    """A summon at one moment; a trigger's ``subject``/``source`` is the summoner."""

    name = KIND
    kind = KIND
    per_figure = True
    optional = True
    rule = "HS-SPECIAL-08"

    def _power(self, engine: RulesContext, fig: Figure) -> Power | None:
        power = engine.state.card_of(fig).power(KIND)
        return power if power is not None and check_summon(power.values) is None else None

    def _offer(self, engine: RulesContext, fig: Figure, victim_at: list[Hex] | None = None) -> bool:
        power = self._power(engine, fig)
        return power is not None and bool(returnable(engine.state, fig, power)) and \
            bool(spaces(engine.state, fig, power, victim_at))

    def _victim_at(self, trigger: Trigger) -> list[Hex]:
        return [Hex(q, r) for q, r in trigger.get("at", [])]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return trigger.get("step") is not None or self._offer(
            engine, engine.state.figures[trigger.subject], self._victim_at(trigger) or None)

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        power = self._power(engine, engine.state.figures[trigger.subject])
        return [ROLL, SKIP] if power is not None and "d20_threshold" in power.values else ["bring", SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self._power(engine, engine.state.figures[trigger.subject])
        need = f" (roll the d20: {power.values['d20_threshold']} or more)" if power and "d20_threshold" in power.values else ""
        return f"{self.power_name(engine, trigger)}: bring back {power.values['what'] if power else 'a figure'}{need}?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        summoner = st.figures[trigger.subject]
        power = self._power(engine, summoner)
        if power is None:
            return
        if trigger.get("step") == "then":
            if choice in st.cards:
                engine.add_card_turn(str(choice))
            return
        if trigger.get("step") == "place":
            back = returnable(st, summoner, power)
            where = parse_spaces(st, choice or "") or []
            if back and where and where[0] in spaces(st, summoner, power, self._victim_at(trigger) or None):
                engine.put_on(back[0], where[:1], power.name)
                turn = st.turn
                if turn is not None and turn.card_key == back[0].card_key:
                    engine.forgo_attacks([back[0].id])  # brought back this turn: no attack
            if _group(power.values) is not None:
                self._next_of_group(engine, trigger, summoner, power)
            return
        if choice in (None, SKIP):
            return
        extra: dict[str, Any] = {}
        if "d20_threshold" in power.values:
            roll, ok = self.roll_d20(engine, int(power.values["d20_threshold"]))
            extra = {"d20": roll, "needed": power.values["d20_threshold"]}
            if not ok:
                engine.emit("power", power=power.name, figure=summoner.id, player=trigger.controller, success=False,
                            result="nobody comes back", **extra)
                return
        back = returnable(st, summoner, power)
        where = spaces(st, summoner, power, self._victim_at(trigger) or None)
        engine.emit("power", power=power.name, figure=summoner.id, player=trigger.controller, success=True,
                    result=f"{back[0].id} comes back" if _group(power.values) is None else
                    f"the {_group(power.values)} come onto the battlefield", **extra)
        if _group(power.values) is not None:
            self._next_of_group(engine, trigger, summoner, power)
            return
        step = trigger.with_data(step="place")
        if len(where) == 1:  # one space: no question (Zombies Rise Again: the destroyed figure's)
            self.resolve(engine, step, st.battlefield.label(where[0]))
            return
        engine.ask(step, f"{power.name}: where does {back[0].id} come back?", labels(st, where))

    def _next_of_group(self, engine: RulesContext, trigger: Trigger, summoner: Figure, power: Power) -> None:
        """Place the next waiting figure of the card (all must come; one with no room is destroyed),
        then offer the card's turn (Summon the Rechets of Bogdan)."""
        st = engine.state
        while True:
            back = returnable(st, summoner, power)
            if not back:
                break
            where = spaces(st, summoner, power)
            if where:
                engine.ask(trigger.with_data(step="place"), f"{power.name}: where does {back[0].id} go?", labels(st, where))
                return
            back[0].reserve = False
            engine.destroy(back[0], f"{power.name}: no room")
        group = _group(power.values)
        cards = sorted({f.card_key for f in st.figures.values() if f.on_battlefield and f.controller == summoner.controller
                        and group is not None and _same_name(st.card_of(f).name, group)})
        if power.values.get("then") == THEN_TURN and cards:
            engine.ask(trigger.with_data(step="then"), f"{power.name}: take a turn with them now?", [*cards, SKIP])


@register
class SummonAfterTurn(_Summon):
    """Marro Rebirth and the like: as the summoner's turn ends."""

    name = "summon_after_turn"
    window = Window.AFTER_CARD_TURN

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        turn = engine.state.turn
        return [Trigger(self.name, f.controller, f.id, source=f.id) for f, p in holders(engine.state, KIND)
                if str(p.values.get("window", "")).lower() == "after this figure's turn" and turn is not None
                and turn.card_key == f.card_key and self._offer(engine, f)]


@register
class SummonAfterMoving(_Summon):
    """Summon Elemental: after moving, before attacking (HS-TURN-06)."""

    name = "summon_after_moving"
    window = Window.AFTER_MOVING

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        turn = engine.state.turn
        return [Trigger(self.name, f.controller, f.id, source=f.id) for f, p in holders(engine.state, KIND)
                if str(p.values.get("window", "")).lower() == "after move, before attack" and turn is not None
                and turn.card_key == f.card_key and self._offer(engine, f)]


@register
class SummonAtRoundStart(_Summon):
    """Risen By Revna: at the start of the round, before Order Markers (a card with a figure
    destroyed: the summoner is any destroyed figure of the card, so ``refers_to_destroyed``)."""

    name = "summon_round_start"
    window = Window.START_OF_ROUND
    refers_to_destroyed = True

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        out = []
        for cip in sorted(st.cards.values(), key=lambda c: c.key):
            p = cip.card.power(KIND)
            figs = [st.figures[i] for i in cip.figure_ids]
            if p is None or str(p.values.get("window", "")).lower() != "start of round, before order markers" or not figs:
                continue
            if self._offer(engine, figs[0]):
                out.append(Trigger(self.name, cip.controller, figs[0].id))
        return out


@register
class SummonOnDestroy(_Summon):
    """Zombies Rise Again: as a figure this squad destroyed leaves, a destroyed Zombie takes its space."""

    name = "summon_on_destroy"
    window = Window.DESTROYED
    optional = False

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        victim = st.figures.get(str(args.get("figure", "")))
        cause = str(args.get("cause", ""))
        if victim is None or (st.card_of(victim).size or "") not in ("small", "medium"):
            return []
        if "undead" in {_word(s) for s in st.card_of(victim).species}:
            return []
        out = []
        for f, p in holders(st, KIND):
            if p.values.get("trigger") != DESTROYS or not cause.endswith(f" by {f.id}") or not st.is_enemy(f, victim):
                continue
            at = [list(x) for x in args.get("at", [])]
            trig = Trigger(self.name, f.controller, f.id, (("at", at),), source=f.id)
            if self._offer(engine, f, self._victim_at(trig)):
                out.append(trig)
        return out

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if trigger.get("step") is None:
            choice = "bring"  # "replace that figure at once, if you can"
        super().resolve(engine, trigger, choice)
