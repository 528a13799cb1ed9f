"""The way a move named by its destination alone is made: fewest leaving-engagement attacks, then
the lowest cost, walking or flying (HS-ENGAGE-05, HS-FLY-01, -02, -11).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules import modifiers
from bot.rules.hexes import Hex
from bot.rules.move_basics import allowance, field_of, leaving
from bot.rules.move_reach import Goal, reach_flying, reach_walking
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain


@dataclass(frozen=True, slots=True)
class Route:
    """One way to reach an end position: the ``path`` (for :func:`plan`), whether it is flown, its
    cost in spaces and how many leaving-engagement attacks it gives (``swipes``, HS-ENGAGE-05)."""

    path: tuple[Hex, ...]
    fly: bool
    cost: int
    swipes: int


def takeoff_swipes(state: MatchState, fig: Figure) -> int:
    """Leaving-engagement attacks a flight from where ``fig`` stands gives: every engaged enemy,
    unless Stealth Flying or a power spares it (HS-FLY-02, -11)."""
    rules = modifiers.move_rules(state, fig)
    if not rules.takes_swipes or rules.stealth:
        return 0
    return len(leaving(state, fig, fig.hexes, fig.level, (), fig.level))


def routes(state: MatchState, fig: Figure, fly: bool | None = None,
           goal: Goal | None = None) -> dict[tuple[Hex, ...], Route]:
    """The best way to each end position of a move named by its destination only: the fewest
    leaving-engagement attacks, then the lowest cost; a flight wins a tie (HS-ENGAGE-05, HS-FLY-01).

    ``fly`` ``None`` weighs walking against flying for a figure that can fly (a flyer need not take
    the swipes of a take-off when walking away gives none); ``True`` flies, ``False`` walks.
    ``goal`` ``(space, level)``: that space is reached at that level only (``SPACE@LEVEL``).
    """
    rules = modifiers.move_rules(state, fig)
    out: dict[tuple[Hex, ...], Route] = {}
    if rules.held_by:
        return out

    def offer(body: tuple[Hex, ...], route: Route) -> None:
        have = out.get(body)
        if have is None or (route.swipes, route.cost, not route.fly) < (have.swipes, have.cost, not have.fly):
            out[body] = route

    if fly is not True:
        bf = field_of(state)
        runs = [(allowance(state, fig), False)]
        if all(bf.terrain(h, fig.level) is Terrain.ROAD for h in fig.hexes):
            runs.append((allowance(state, fig) + 3, True))  # the road bonus (HS-ROAD-03)
        for budget, road_only in runs:
            walks: dict[tuple[Hex, ...], tuple[int, list[Hex]]] = {}
            sw: dict[tuple[Hex, ...], int] = {}
            reach_walking(state, fig, budget, walks, road_only, count_swipes=True, swipes_out=sw, goal=goal)
            for body, (cost, path) in walks.items():
                offer(body, Route(tuple(path), False, cost, sw.get(body, 0)))
    if fly is True or (fly is None and rules.can_fly):
        flights: dict[tuple[Hex, ...], tuple[int, list[Hex]]] = {}
        reach_flying(state, fig, allowance(state, fig), flights, goal)
        takeoff = takeoff_swipes(state, fig)
        for body, (cost, path) in flights.items():
            offer(body, Route(tuple(path), True, cost, takeoff))
    return out


def best_route(state: MatchState, fig: Figure, goal: Hex, fly: bool | None = None,
               level: int | None = None) -> Route | None:
    """The route :func:`routes` picks to end with the lead on ``goal`` (at ``level``, when given:
    ``SPACE@LEVEL``); ``None`` when out of reach."""
    at = (goal, level) if level is not None else None
    found = [r for body, r in routes(state, fig, fly, at).items() if body[0] == goal]
    return min(found, key=lambda r: (r.swipes, r.cost, not r.fly), default=None)
