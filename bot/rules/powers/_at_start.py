"""Where figures stood when the Army Card turn began, for the powers that ask (First Assault, Galloping
Charge, Glacier Camouflage...).

A figure's first move this turn records its spaces and level then (``started_at``, ``started_level``
in the turn's data, :func:`bot.rules.actions.move.carry_out`); a figure that has not moved stands
where it began.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.engagement import adjacent
from bot.rules.hexes import Hex
from bot.rules.los import clear_sight
from bot.rules.state import Figure, MatchState


def adjacent_at_start(state: MatchState, a: Figure, b: Figure) -> bool:
    """Whether ``a`` and ``b`` were adjacent when the turn began: their spaces then (the turn
    records where a figure stood before its first move) one space apart, or, for figures that
    did not move, whether they are adjacent now."""
    started = state.turn.data.get("started_at", {}) if state.turn is not None else {}
    if a.id not in started and b.id not in started:
        return adjacent(state, a, b)
    ha = [Hex(q, r) for q, r in started.get(a.id, [[h.q, h.r] for h in a.hexes])]
    hb = [Hex(q, r) for q, r in started.get(b.id, [[h.q, h.r] for h in b.hexes])]
    return min(x.distance(y) for x in ha for y in hb) == 1


def start_hexes(state: MatchState, fig: Figure) -> list[Hex]:
    """The spaces ``fig`` stood on when the turn began (before its first move), else where it stands."""
    started = state.turn.data.get("started_at", {}) if state.turn is not None else {}
    return [Hex(q, r) for q, r in started.get(fig.id, [[h.q, h.r] for h in fig.hexes])]


def start_level(state: MatchState, fig: Figure) -> int:
    """The level ``fig``'s base stood at when the turn began, else the level it stands at."""
    started = state.turn.data.get("started_level", {}) if state.turn is not None else {}
    return int(started.get(fig.id, fig.level))


def far_at_start(spaces: int) -> Callable[[MatchState, Figure, Figure | None, str], bool]:
    """The condition "target was N+ clear sight spaces away at the start of the turn" (Galloping
    Charge): where both stood when the turn began, the target was at least ``spaces`` spaces from
    the holder and in its clear sight (HS-LOS-03), seen from there past the figures as they stand now.

    The test (``(state, holder, target, attack) -> bool``) puts both figures back where they began
    for the sight line and restores them before it returns.
    """

    def test(st: MatchState, h: Figure, o: Figure | None, a: str) -> bool:
        if o is None:
            return False
        then = {f.id: (tuple(start_hexes(st, f)), start_level(st, f)) for f in (h, o)}
        if min(x.distance(y) for x in then[h.id][0] for y in then[o.id][0]) < spaces:
            return False
        saved = [(f, f.hexes, f.level) for f in (h, o)]
        try:
            for f in (h, o):
                f.hexes, f.level = then[f.id]
            return clear_sight(st, h, o)
        finally:
            for f, hexes, level in saved:
                f.hexes, f.level = hexes, level

    return test
