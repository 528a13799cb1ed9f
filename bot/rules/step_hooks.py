"""Hooks run as a figure moves (Blast Furnace: before it moves, and on each space it enters).

:func:`bot.rules.actions.move.carry_out` calls :func:`before_move` once the move is checked,
before the first step, and :func:`entered` after each space entered (a flyer: the space it lands
on). A hook gets ``(engine, figure)``; it may wound figures (the mover too: the move then stops
when the mover is destroyed). Powers register with :func:`on_before_move` and :func:`on_enter`.
A leaving-engagement attack that would wound the mover asks :func:`swipe_wounds` first (a power
may roll against them: Tactical Disengagement), registered with :func:`on_swipe_wounded`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.rules.state import Figure

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

StepHook = Callable[["RulesContext", Figure], None]
#: (engine, attacker, mover, wounds) -> the wounds it takes.
SwipeWoundHook = Callable[["RulesContext", Figure, Figure, int], int]
_before: list[StepHook] = []
_entered: list[StepHook] = []
_swiped: list[SwipeWoundHook] = []


def on_swipe_wounded(fn: SwipeWoundHook) -> SwipeWoundHook:
    """Register a hook asked when a leaving-engagement attack would wound a moving figure."""
    _swiped.append(fn)
    return fn


def swipe_wounds(engine: RulesContext, attacker: Figure, mover: Figure, wounds: int) -> int:
    """The wounds ``mover`` takes from ``attacker``'s leaving-engagement attack once the hooks had
    their say (HS-ENGAGE-05); each hook may roll dice."""
    for fn in _swiped:
        if wounds <= 0:
            break
        wounds = fn(engine, attacker, mover, wounds)
    return max(0, wounds)


def on_before_move(fn: StepHook) -> StepHook:
    """Register a hook run before a figure's first step."""
    _before.append(fn)
    return fn


def on_enter(fn: StepHook) -> StepHook:
    """Register a hook run after a figure enters a space."""
    _entered.append(fn)
    return fn


def before_move(engine: RulesContext, fig: Figure) -> None:
    """Run the before-move hooks for ``fig``."""
    for fn in _before:
        fn(engine, fig)


def entered(engine: RulesContext, fig: Figure) -> None:
    """Run the space-entered hooks for ``fig`` (while it is on the battlefield)."""
    for fn in _entered:
        if fig.on_battlefield:
            fn(engine, fig)
