"""Adjacency, engagement and height advantage between figures.

- Adjacent: neighbouring spaces, unless one base is at least the lower figure's Height above the
  other's base (HS-ENGAGE-02, DEC-09).
- Engaged: adjacent enemies, unless an obstacle between their spaces is as tall as either of them
  (HS-ENGAGE-01, -03, HS-WALL-06).
- Height advantage: a higher base; more than 10 levels higher gives 2 dice (HS-HEIGHT-01..03).
"""

from __future__ import annotations

from bot.rules.decisions import EXTREME_HEIGHT_LEVELS
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState


def figure_height(state: MatchState, fig: Figure) -> int:
    """The figure's Height in levels, from its Army Card."""
    return state.card_of(fig).stat("height")


def _pair_adjacent(low_level: int, low_height: int, high_level: int) -> bool:
    # Not adjacent when the higher base is at least the lower figure's Height above it (DEC-09).
    return high_level - low_level < low_height


def adjacent_at(
    state: MatchState,
    a_hexes: tuple[Hex, ...], a_level: int, a_height: int,
    b_hexes: tuple[Hex, ...], b_level: int, b_height: int,
) -> list[tuple[Hex, Hex]]:
    """The pairs of neighbouring hexes through which two placed bodies are adjacent (HS-ENGAGE-02).

    Bodies are given by hexes, base level and Height so that movement can test positions a figure
    only passes through. Empty when they are not adjacent.
    """
    if a_level <= b_level:
        ok = _pair_adjacent(a_level, a_height, b_level)
    else:
        ok = _pair_adjacent(b_level, b_height, a_level)
    if not ok:
        return []
    pairs = []
    for ha in a_hexes:
        for hb in b_hexes:
            if ha.is_adjacent(hb):
                pairs.append((ha, hb))
    return pairs


def adjacent(state: MatchState, a: Figure, b: Figure) -> bool:
    """True when figures ``a`` and ``b`` are adjacent (HS-ENGAGE-02, DEC-09)."""
    if a is b or not a.on_battlefield or not b.on_battlefield:
        return False
    return bool(
        adjacent_at(state, a.hexes, a.level, figure_height(state, a), b.hexes, b.level, figure_height(state, b))
    )


def engaged_at(
    state: MatchState,
    a_hexes: tuple[Hex, ...], a_level: int, a_height: int,
    b_hexes: tuple[Hex, ...], b_level: int, b_height: int,
) -> bool:
    """Whether two bodies at these places would be engaged, assuming they are enemies.

    Adjacent through at least one pair of spaces not separated by an obstacle as tall as either
    figure (HS-ENGAGE-03, HS-WALL-06: both must be taller than the obstacle's top).
    """
    bf = state.battlefield
    for ha, hb in adjacent_at(state, a_hexes, a_level, a_height, b_hexes, b_level, b_height):
        walls = bf.obstacles_between(ha, hb)
        if all(a_level + a_height > o.top and b_level + b_height > o.top for o in walls):
            return True
    return False


def engaged(state: MatchState, a: Figure, b: Figure) -> bool:
    """True when ``a`` and ``b`` are enemies and engaged with each other (HS-ENGAGE-01..03)."""
    if a is b or not a.on_battlefield or not b.on_battlefield or not state.is_enemy(a, b):
        return False
    return engaged_at(
        state, a.hexes, a.level, figure_height(state, a), b.hexes, b.level, figure_height(state, b)
    )


def engaged_enemies(state: MatchState, fig: Figure) -> list[Figure]:
    """Every enemy figure ``fig`` is engaged with (HS-ENGAGE-06: there may be several)."""
    return [o for o in state.on_battlefield() if o is not fig and engaged(state, fig, o)]


def height_advantage_dice(state: MatchState, a: Figure, b: Figure) -> int:
    """Extra dice ``a`` gets for height advantage over ``b``: 0, 1, or 2 when more than 10 levels higher.

    Only the bases' levels count, never the figures' Heights (HS-HEIGHT-01..03).
    """
    diff = a.level - b.level
    if diff <= 0:
        return 0
    return 2 if diff > EXTREME_HEIGHT_LEVELS else 1


def has_height_advantage(state: MatchState, a: Figure, b: Figure) -> bool:
    """True when ``a``'s base is on a higher level than ``b``'s (HS-HEIGHT-01)."""
    return a.level > b.level
