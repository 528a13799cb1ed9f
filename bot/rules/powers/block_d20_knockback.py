"""Part of building block ``d20_trigger``: the moment "Small/Medium defender survives this figure's
attack" with ``effect`` "push it up to N clear sight spaces from this figure, same level or lower"
(Knockback 14 of Shurrak).

After each attack of the holder (normal, or a special attack's first target) on a figure of those
sizes that is still on the battlefield, its controller rolls the d20; on the ``threshold`` or more
they may place that figure on an empty space within N spaces of the holder, in its clear sight,
no higher than the figure's level (a space, or ``stay``). Being placed, it takes no
leaving-engagement attacks (HS-SPECIAL-08); a drop of its Height or more is a fall, unless it flies
(DEC-02).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.engagement import figure_height
from bot.rules.hexes import Hex
from bot.rules.los import sees_space
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.powers._free import STAY, ask_space, chosen_space, place_on, typed_space
from bot.rules.powers.block_d20 import _mine, _try
from bot.rules.state import Figure, MatchState
from bot.rules.steps import fall_for
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import Referee, RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this moment.
KINDS: frozenset[str] = frozenset()


def spaces(st: MatchState, holder: Figure, victim: Figure, reach: int) -> list[Hex]:
    """The empty spaces ``victim`` may be pushed to: within ``reach`` of ``holder``, in its clear
    sight, no higher than ``victim``'s level (single-space figures), in label order."""
    if len(victim.hexes) != 1:
        return []
    bf = st.battlefield
    out = []
    for h in bf.hexes():
        cell = bf.top_cell(h)
        if cell is None or h in victim.hexes or bf.obstacles_on(h) or st.occupant(h) is not None:
            continue
        if cell.top > victim.level or min(h.distance(x) for x in holder.hexes) > reach:
            continue
        if sees_space(st, holder, h, cell.top):
            out.append(h)
    return sorted(out, key=lambda h: (h.r, h.q))


@register
class Knockback(PowerEffect):
    """After the holder's attack (``subject``: the holder; data ``target``): the d20, then where the
    surviving defender goes."""

    name = "d20_knockback"
    kind = "d20_trigger"
    window = Window.AFTER_ATTACK
    per_figure = True
    rule = "HS-SPECIAL-08"

    def _power(self, st: MatchState, holder: Figure) -> tuple[Power, tuple[Any, ...]] | None:
        found = _mine(st, holder, "knockback")
        return found[0] if found else None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        holder, victim = st.figures.get(str(args.get("attacker", ""))), st.figures.get(str(args.get("target", "")))
        if holder is None or victim is None or not holder.on_battlefield or not victim.on_battlefield:
            return []
        found = self._power(st, holder)
        if found is None or (st.card_of(victim).size or "medium") not in found[1][0]:
            return []
        return [Trigger(self.name, holder.controller, holder.id, (("target", victim.id),), source=holder.id)]

    def _ends(self, engine: RulesContext, trigger: Trigger) -> list[Hex]:
        st = engine.state
        found = self._power(st, st.figures[trigger.subject])
        victim = st.figures[str(trigger.get("target"))]
        return spaces(st, st.figures[trigger.subject], victim, found[1][1]) if found else []

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        return typed_space(engine, trigger, answer, lambda: self._ends(engine, trigger),
                           lambda fig, label: f"{self.power_name(engine, trigger)}: {trigger.get('target')} cannot be "
                           f"pushed to {label} (an empty space {fig.id} sees within its reach, no higher than "
                           f"{trigger.get('target')}); name another, or {STAY}", self.rule)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        holder, victim = st.figures[trigger.subject], st.figures[str(trigger.get("target"))]
        found = self._power(st, holder)
        if found is None or not victim.on_battlefield:
            return
        name = found[0].name
        if trigger.get("step") != "to":
            if _try(engine, holder, found[0], victim, f"{victim.id} may be pushed"):
                ends = self._ends(engine, trigger)
                ask_space(engine, trigger, victim, {h: [h] for h in ends}, f"{name}: push {victim.id} to a space "
                          f"within {found[1][1]} spaces of {holder.id}? Name the space, or {STAY}.")
            return
        h = chosen_space(engine, victim, choice, self._ends(engine, trigger))
        if h is None:
            return
        before = victim.level
        place_on(engine, trigger, name, victim, h)
        rules = modifiers.move_rules(st, victim)
        cell = st.battlefield.top_cell(h)
        fall = fall_for(before - victim.level, rules.fall_height or figure_height(st, victim),
                        cell.terrain if cell is not None else None, rules.can_fly)
        if fall is not None:
            from bot.rules.actions.move import take_fall  # the normal move's fall rolls

            take_fall(cast("Referee", engine), victim, before - victim.level, fall)
