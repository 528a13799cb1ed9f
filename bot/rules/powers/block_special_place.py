"""Building block ``special_attack`` with ``before_each`` "place next to an enemy within N clear
sight spaces and L levels" (Ninjutsu Mastery of Shiori): the attack may aim at an enemy up to N
spaces away in the attacker's clear sight whose level is at most L from the attacker's, whatever
its Range (HS-SPECIAL-08); before the roll the attacker is placed on an empty space next to that
enemy (a placement: no leaving-engagement attacks), and the attack dice are counted from there.

The question comes in the special attack's "before attack" window: a space's label (``stay``
too when the attacker is next to the target already). ``block_special`` accepts the parameter
when :func:`read_place` understands it.
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers, special
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.errors import RulesError
from bot.rules.hexes import Hex
from bot.rules.los import line_of_sight
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import window_args
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``special_attack`` powers with ``before_each``.
KINDS: frozenset[str] = frozenset()

STAY = "stay"
_PLACED = "_placed_before_attack"
_PLACE = re.compile(r"place next to an enemy within (\d+) clear sight spaces and (\d+) levels")


def read_place(text: Any) -> tuple[int, int] | None:
    """``(spaces, levels)`` of "place next to an enemy within 2 clear sight spaces and 6 levels"."""
    m = _PLACE.fullmatch(terms.norm(text)) if isinstance(text, str) else None
    return (int(m.group(1)), int(m.group(2))) if m else None


def _power(st: MatchState, fig: Figure, name: Any) -> tuple[Power, int, int] | None:
    for p in st.card_of(fig).powers:
        if p.kind == "special_attack" and p.name == name and "before_each" in p.values:
            got = read_place(p.values["before_each"])
            return (p, *got) if got is not None else None
    return None


def spaces_next_to(st: MatchState, fig: Figure, target: Figure) -> list[Hex]:
    """The empty spaces next to ``target`` where a single-space ``fig`` may be placed, in label order."""
    bf = st.battlefield
    out = {n for h in target.hexes for n in h.neighbours()} - set(target.hexes)
    return sorted((h for h in out if bf.top_cell(h) is not None and not bf.obstacles_on(h)
                   and st.occupant(h) in (None, fig)), key=lambda h: (h.r, h.q))


@modifiers.on_target_check
def _may_aim(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """An enemy within reach of the placement may be aimed at, whatever the Range."""
    found = _power(state, ctx.attacker, ctx.special) if ctx.special is not None else None
    if found is None:
        return None
    power, spaces, levels = found
    a, t = ctx.attacker, ctx.target
    if not state.is_enemy(a, t) or terms.spaces(a, t) > spaces or abs(a.level - t.level) > levels \
            or not line_of_sight(state, a, t) or len(a.hexes) != 1:
        return Verdict(False, f"{power.name}: the target must be an enemy in clear sight within {spaces} spaces "
                              f"and {levels} levels of {a.id}", "HS-SPECIAL-08")
    if not adjacent(state, a, t) and not spaces_next_to(state, a, t):
        return Verdict(False, f"{power.name}: no empty space next to {t.id} to place {a.id} on", "HS-SPECIAL-08")
    return Verdict(True)


@register
class PlaceBeforeAttack(Effect):
    """Before the roll: where the attacker is placed, next to the target (``subject``: the attacker)."""

    name = "special_place_before_attack"
    window = Window.BEFORE_ATTACK
    source = Source.UNIT
    optional = True  # a question: every answer is a space (or stay)
    rule = "HS-SPECIAL-08"

    def _open(self, engine: RulesContext) -> tuple[Figure, Figure, Power, dict[str, Any]] | None:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        target = st.figures.get(str(args.get("first", "")))
        if attacker is None or target is None or args.get(_PLACED) or "groups" not in args:
            return None
        found = _power(st, attacker, args.get("name"))
        return (attacker, target, found[0], args) if found is not None else None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = self._open(engine)
        if found is None or not self.options(engine, Trigger(self.name, "", found[0].id)):
            return []
        return [Trigger(self.name, found[0].controller, found[0].id, (("power", found[2].name),), source=found[0].id)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        found = self._open(engine)
        if found is None:
            return []
        st = engine.state
        out = [st.battlefield.label(h) for h in spaces_next_to(st, found[0], found[1]) if h not in found[0].hexes]
        return out + [STAY] if adjacent(st, found[0], found[1]) else out

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power", self.name))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        found = self._open(engine)
        target = found[1].id if found else "the target"
        return f"{trigger.get('power')}: on which space next to {target} is {trigger.subject} placed before the attack?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        found = self._open(engine)
        if found is None:
            return
        attacker, target, power, args = found
        st = engine.state
        options = self.options(engine, trigger)
        args[_PLACED] = True
        pick = choice if choice in options else (options[0] if options else STAY)
        if pick == STAY:
            return
        h = st.battlefield.parse_space(pick)
        cell = st.battlefield.top_cell(h)
        attacker.hexes, attacker.level = (h,), cell.top if cell is not None else attacker.level
        engine.emit("power", power=power.name, figure=attacker.id, player=attacker.controller, success=True,
                    result=f"{attacker.id} is placed at {pick}, next to {target.id}")
        with contextlib.suppress(RulesError):  # the dice counted from where it stands now (height advantage)
            args["dice"] = special.special_attack(engine, attacker, power.name, target.id).dice


#: ``block_special``'s check accepts ``before_each`` when :func:`read_place` reads it.
CHECKS: dict[str, Any] = {}
