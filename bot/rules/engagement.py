"""Adjacency, engagement and height advantage between figures.

- Adjacent: neighbouring spaces, with the rulebook's two adjacency exceptions (001 § Adjacent
  Exceptions): not when one base is at least the lower figure's Height above the other's base
  (HS-ENGAGE-02, DEC-09), and not across an obstacle between the two spaces (a ruin or wall) that
  is as tall as either figure (HS-ENGAGE-03, HS-WALL-06).
- Engaged: adjacent enemies (HS-ENGAGE-01). Engagement, leaving-engagement attacks, Range 1
  attacks and every power that says "adjacent" all read this one adjacency.
- Height advantage: a higher base; more than 10 levels higher gives 2 dice (HS-HEIGHT-01..03).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.rules.battlefield import Obstacle
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
    b_hexes: tuple[Hex, ...], b_level: int, b_height: int, *, obstacles: bool = True,
) -> list[tuple[Hex, Hex]]:
    """The pairs of neighbouring hexes through which two placed bodies are adjacent.

    Bodies are given by hexes, base level and Height (levels) so that movement can test positions
    a figure only passes through. A pair counts unless one of the rulebook's adjacency exceptions
    holds: the higher base is at least the lower figure's Height above the lower base
    (HS-ENGAGE-02, DEC-09), or an obstacle on the edge between the two hexes (a ruin or wall)
    reaches as high as either figure's top (HS-ENGAGE-03, HS-WALL-06: both must be taller than
    its top). ``obstacles=False`` leaves the second exception out (see :func:`adjacent`). Empty
    when they are not adjacent.
    """
    if a_level <= b_level:
        ok = _pair_adjacent(a_level, a_height, b_level)
    else:
        ok = _pair_adjacent(b_level, b_height, a_level)
    if not ok:
        return []
    bf = state.battlefield
    pairs = []
    for ha in a_hexes:
        for hb in b_hexes:
            if ha.is_adjacent(hb) and not (obstacles and _walled_off(bf.obstacles_between(ha, hb),
                                                                     a_level + a_height, b_level + b_height)):
                pairs.append((ha, hb))
    return pairs


def _walled_off(walls: Iterable[Obstacle], a_top: int, b_top: int) -> bool:
    # Separated when some obstacle's top is at or above either figure's top (HS-ENGAGE-03: "equal
    # or lower" means not engaged; HS-WALL-06).
    return any(a_top <= o.top or b_top <= o.top for o in walls)


def separating_obstacle(state: MatchState, a: Figure, b: Figure) -> Obstacle | None:
    """The obstacle between the spaces of neighbouring figures ``a`` and ``b`` that keeps them from
    being adjacent (HS-ENGAGE-03, HS-WALL-06), for messages; ``None`` when none does (they are
    adjacent, not neighbours, or apart by height alone)."""
    if not a.on_battlefield or not b.on_battlefield or adjacent(state, a, b):
        return None
    a_top, b_top = a.level + figure_height(state, a), b.level + figure_height(state, b)
    for ha in a.hexes:
        for hb in b.hexes:
            if ha.is_adjacent(hb):
                for o in state.battlefield.obstacles_between(ha, hb):
                    if _walled_off((o,), a_top, b_top):
                        return o
    return None


def adjacent(state: MatchState, a: Figure, b: Figure, *, obstacles: bool = True) -> bool:
    """True when figures ``a`` and ``b`` are adjacent: neighbouring spaces with neither adjacency
    exception (HS-ENGAGE-02, -03, DEC-09, HS-WALL-06).

    ``obstacles=False`` ignores what stands between the spaces, for a blast that reaches a figure
    behind a wall next to its target (Explosion 1: the rulebook's example of HS-SPECIAL-03).
    """
    if a is b or not a.on_battlefield or not b.on_battlefield:
        return False
    return bool(adjacent_at(state, a.hexes, a.level, figure_height(state, a), b.hexes, b.level,
                            figure_height(state, b), obstacles=obstacles))


def engaged_at(
    state: MatchState,
    a_hexes: tuple[Hex, ...], a_level: int, a_height: int,
    b_hexes: tuple[Hex, ...], b_level: int, b_height: int,
) -> bool:
    """Whether two bodies at these places would be engaged, assuming they are enemies: whether they
    are adjacent (:func:`adjacent_at`, HS-ENGAGE-01..03, HS-WALL-06)."""
    return bool(adjacent_at(state, a_hexes, a_level, a_height, b_hexes, b_level, b_height))


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
