"""Why a figure cannot move to a space: the refusal of a ``move`` in the player's terms.

The words follow the kind of move the player asked for, since each has its own limits:

- a power's own way of moving (Grapple Gun: 1 space, up to 25 levels higher) is explained with
  that power's limits, not the Move value (:class:`~bot.rules.modifiers.MoveRules` ``max_spaces``,
  ``free_climb``);
- a flying move counts spaces only, whatever the height, water or figures below (HS-FLY-03..05);
- a walking move is bounded by the Move value, climbing costs 1 per level gained (HS-MOVE-04) and
  entering water ends the move (the water rules, HS-DOUBLE-04, HS-TERRAIN-20).
"""

from __future__ import annotations

from bot.rules.hexes import Hex
from bot.rules.movement import allowance, rules_for
from bot.rules.state import Figure, MatchState


def _spaces(n: int) -> str:
    return f"{n} space{'' if n == 1 else 's'}"


def why_unreachable(state: MatchState, fig: Figure, goal: Hex, fly: bool | None = None,
                    power: str | None = None) -> str:
    """Why ``fig`` cannot end a move on ``goal`` (a space of the battlefield), in words.

    ``fly`` and ``power`` are the move's as asked (``None``: the figure's usual way; ``power`` a
    special move by name, such as ``grapple``). Occupied spaces and obstacles are named first;
    otherwise the reason is the move's limit, with the distance to ``goal`` (counted on the plane
    from the nearer end of a double-space figure) when that alone is too far.
    """
    bf = state.battlefield
    lab = bf.label(goal)
    other = state.occupant(goal)
    if other is not None and other is not fig:
        return f"{lab} is occupied by {other.id}"
    if bf.obstacles_on(goal):
        return f"{lab} holds an obstacle; figures cannot move onto it"
    rules = rules_for(state, fig, power)
    if rules.held_by:
        return f"{fig.id} cannot move: {rules.held_by}"
    away = min(h.distance(goal) for h in fig.hexes) if fig.hexes else 0
    if rules.max_spaces is not None:
        name = rules.special_move or "this move"
        limit = f"{name} moves {fig.id} exactly {_spaces(rules.max_spaces)}"
        if rules.free_climb is not None:
            limit += f", up to {rules.free_climb} levels higher"
        if rules.max_level_change is not None:  # a leap: up to so many spaces, landing so many levels up or down
            limit = (f"{name} moves {fig.id} up to {_spaces(rules.max_spaces)}, landing at most "
                     f"{rules.max_level_change} levels higher or lower")
        if away > rules.max_spaces:
            return f"{lab} is {_spaces(away)} from {fig.id}, out of reach: {limit}"
        top = bf.top_cell(goal)
        rise = top.top - fig.level if top is not None else 0
        if rules.max_level_change is not None and abs(rise) > rules.max_level_change:
            return f"{lab} is {abs(rise)} levels {'above' if rise > 0 else 'below'} {fig.id}, out of reach: {limit}"
        if rules.free_climb is not None and rise > rules.free_climb:
            return f"{lab} is {rise} levels above {fig.id}, out of reach: {limit}"
        return f"{fig.id} cannot end on {lab} with {name} ({limit}, onto a space where it fits)"
    budget = allowance(state, fig)
    if fly if fly is not None else rules.can_fly:
        limit = (f"flying {fig.id} moves up to {_spaces(budget)}, counted on the ground whatever the height, "
                 "water or figures below")
        if away > budget:
            return f"{lab} is {_spaces(away)} away, out of reach this turn: {limit}"
        return f"{fig.id} cannot land on {lab} ({limit}; it must end on a space where it fits)"
    if away > budget:
        return f"{lab} is {_spaces(away)} away, out of reach this turn: {fig.id} moves up to {_spaces(budget)}"
    return (f"{fig.id} cannot reach {lab} this turn (Move {budget}; climbing costs 1 more space per level, "
            "and entering water ends the move)")
