"""Declared modifiers: the hooks through which terrain, glyphs and card powers bend a rule.

A modifier is a small function registered for one question ("how many attack dice?", "may this
figure pass through enemies?"). The engine asks the question once, and every registered
modifier answers in turn — the engine never special-cases a card. Adding a card power means
registering a function here from its own module (issue: special powers), like python-chess
variants override one small hook.

Questions:

- :func:`move_rules` -> :class:`MoveRules` (flying, passing through figures, leaving-engagement
  attacks suffered).
- :func:`move_value` -> int spaces.
- :func:`attack_dice` / :func:`defense_dice` -> ``(total, reasons)``; each reason is
  ``(label, +/-dice)`` so players see why a count is what it is.
- :func:`range_value` -> int spaces.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.rules.state import Figure, MatchState


@dataclass(frozen=True, slots=True)
class MoveRules:
    """How a figure may move right now."""

    can_fly: bool = False
    stealth: bool = False  # Stealth Flying: no leaving-engagement attacks on take-off (HS-FLY-11)
    pass_through_enemies: bool = False
    pass_through_friends: bool = True  # DEC-03
    takes_swipes: bool = True  # receives leaving-engagement attacks (HS-ENGAGE-05)


@dataclass(frozen=True, slots=True)
class AttackContext:
    """What an attack is: attacker, target, and the special attack's name (``None``: normal)."""

    attacker: Figure
    target: Figure
    special: str | None = None


Reason = tuple[str, int]
DiceHook = Callable[["MatchState", AttackContext], "Reason | None"]
MoveHook = Callable[["MatchState", "Figure", MoveRules], MoveRules]
ValueHook = Callable[["MatchState", "Figure", int], int]

_attack_hooks: list[DiceHook] = []
_defense_hooks: list[DiceHook] = []
_move_hooks: list[MoveHook] = []
_move_value_hooks: list[ValueHook] = []
_range_hooks: list[ValueHook] = []


def on_attack_dice(fn: DiceHook) -> DiceHook:
    """Register a hook that may add or remove attack dice; returns ``(reason, dice)`` or ``None``."""
    _attack_hooks.append(fn)
    return fn


def on_defense_dice(fn: DiceHook) -> DiceHook:
    """Register a hook that may add or remove defense dice; returns ``(reason, dice)`` or ``None``."""
    _defense_hooks.append(fn)
    return fn


def on_move_rules(fn: MoveHook) -> MoveHook:
    """Register a hook that adjusts :class:`MoveRules` for a figure."""
    _move_hooks.append(fn)
    return fn


def on_move_value(fn: ValueHook) -> ValueHook:
    """Register a hook that adjusts a figure's Move value (spaces)."""
    _move_value_hooks.append(fn)
    return fn


def on_range_value(fn: ValueHook) -> ValueHook:
    """Register a hook that adjusts a figure's Range value (spaces)."""
    _range_hooks.append(fn)
    return fn


def move_rules(state: MatchState, fig: Figure) -> MoveRules:
    """How ``fig`` may move now: its card's keywords, then every registered hook."""
    card = state.card_of(fig)
    rules = MoveRules(can_fly=card.flies, stealth="stealth_flying" in card.keywords)
    for hook in _move_hooks:
        rules = hook(state, fig, rules)
    return rules


def move_value(state: MatchState, fig: Figure) -> int:
    """``fig``'s Move value after hooks, in spaces."""
    value = state.card_of(fig).stat("move")
    for hook in _move_value_hooks:
        value = hook(state, fig, value)
    return max(0, value)


def range_value(state: MatchState, fig: Figure) -> int:
    """``fig``'s Range value after hooks, in spaces."""
    value = state.card_of(fig).stat("range")
    for hook in _range_hooks:
        value = hook(state, fig, value)
    return max(0, value)


def _collect(hooks: list[DiceHook], state: MatchState, ctx: AttackContext) -> list[Reason]:
    out = []
    for hook in hooks:
        r = hook(state, ctx)
        if r is not None and r[1] != 0:
            out.append(r)
    return out


def attack_reasons(state: MatchState, ctx: AttackContext) -> list[Reason]:
    """Every hook's change to the attack dice of this attack."""
    return _collect(_attack_hooks, state, ctx)


def defense_reasons(state: MatchState, ctx: AttackContext) -> list[Reason]:
    """Every hook's change to the defense dice against this attack."""
    return _collect(_defense_hooks, state, ctx)


__all__ = [
    "AttackContext",
    "MoveRules",
    "attack_reasons",
    "defense_reasons",
    "move_rules",
    "move_value",
    "on_attack_dice",
    "on_defense_dice",
    "on_move_rules",
    "on_move_value",
    "on_range_value",
    "range_value",
    "replace",
]
