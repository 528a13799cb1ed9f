"""Building block ``death_trigger``: something the card does as its figure is destroyed by an
opponent's normal attack (Dying Swipe of the Frost Giant of Morh).

``values``: ``dice`` (attack dice rolled) and ``effect`` "1 unblockable wound per skull to adjacent
figures": in the moment the figure is destroyed (HS-DESTROY-01, the "destroyed" window), when the
wounds came from a normal attack by an opponent's figure, its controller rolls ``dice`` attack
dice; for each skull they may give 1 wound, with no defense roll, to a figure that was next to it
(one question per skull: a figure, or ``none``; the same figure may be picked again).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.hexes import Hex
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"death_trigger"})

KIND = "death_trigger"
EFFECT = "1 unblockable wound per skull to adjacent figures"
NONE = "none"


def check_death_trigger(values: dict[str, Any]) -> str | None:
    """Why a ``death_trigger`` cannot be enforced, or ``None``."""
    dice = values.get("dice")
    if not isinstance(dice, int) or isinstance(dice, bool) or dice <= 0:
        return f"the dice '{dice}' are not understood"
    if " ".join(str(values.get("effect", "")).lower().split()) != EFFECT:
        return f"the effect '{values.get('effect')}' is not built yet"
    extra = sorted(set(values) - {"dice", "effect"})
    return f"the parameter '{extra[0]}' is not understood" if extra else None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_death_trigger}


def _power(st: MatchState, fig: Figure) -> Power | None:
    p = st.card_of(fig).power(KIND)
    return p if p is not None and check_death_trigger(p.values) is None else None


def _next_to(st: MatchState, fig: Figure, at: list[Hex]) -> list[Figure]:
    """The figures next to where ``fig`` stood (``at``), its opponents' first."""
    near = [f for f in st.on_battlefield() if f is not fig and min(a.distance(b) for a in f.hexes for b in at) == 1]
    return sorted(near, key=lambda f: (not st.is_enemy(fig, f), f.id))


@register
class DyingSwipe(PowerEffect):
    """As the holder is destroyed by an opponent's normal attack: its dice, then a wound per skull."""

    name = "death_trigger"
    kind = KIND
    window = Window.DESTROYED
    per_figure = True
    refers_to_destroyed = True
    rule = "HS-DESTROY-01"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        gone = st.figures.get(str(args.get("figure", "")))
        cause = str(args.get("cause", ""))
        if gone is None or _power(st, gone) is None or not cause.startswith("attack by "):
            return []
        attacker = st.figures.get(cause.removeprefix("attack by "))
        if attacker is None or not st.is_enemy(gone, attacker):
            return []  # a normal attack by an opponent's figure only
        at = tuple(tuple(h) for h in args.get("at", ()))
        return [Trigger(self.name, gone.controller, gone.id, (("at", at),), source=gone.id)]

    def _near(self, engine: RulesContext, trigger: Trigger) -> list[Figure]:
        fig = engine.state.figures[trigger.subject]
        return _next_to(engine.state, fig, [Hex(q, r) for q, r in trigger.get("at", ())])

    def _ask(self, engine: RulesContext, trigger: Trigger, left: int) -> None:
        near = self._near(engine, trigger)
        if left <= 0 or not near:
            return
        step = trigger.with_data(step="wound", left=left)
        engine.ask(step, f"{self.power_name(engine, trigger)}: {left} skull(s) left; which figure next to "
                         f"{trigger.subject} takes 1 wound (no defense), or {NONE}?",
                   [f.id for f in near] + [NONE], self.rule)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        name = self.power_name(engine, trigger)
        if trigger.get("step") != "wound":
            dice = engine.roll_combat(int(self.value(engine, trigger, "dice", 0)))
            skulls = dice.count("skull")
            engine.emit("power", power=name, figure=trigger.subject, player=trigger.controller, dice=dice,
                        success=skulls > 0, result=f"{skulls} wound(s) to give to figures next to it")
            self._ask(engine, trigger, skulls)
            return
        left = int(trigger.get("left", 0))
        target = engine.state.figures.get(str(choice))
        if choice in (None, NONE) or target is None or target not in self._near(engine, trigger):
            return
        engine.emit("power", power=name, figure=trigger.subject, player=trigger.controller, target=target.id,
                    success=True, result=f"1 wound to {target.id}")
        engine.wound(target, 1, name)
        self._ask(engine, trigger, left - 1)
