"""One step of a move, on the battlefield alone: walking onto a neighbouring space (cost, level,
drop; HS-MOVE-04..07, -12..14, HS-OBSTACLE-01, -02), climbing for free with a special move,
flying from space to space under and out of overhangs (HS-FLY-03, -08), and the fall a drop
causes (DEC-02, HS-FALL-01, -02). :mod:`bot.rules.movement` strings steps into paths.
"""

from __future__ import annotations

from bot.rules.battlefield import Battlefield, Cell
from bot.rules.decisions import EXTREME_FALL_EXTRA, MAJOR_FALL_EXTRA
from bot.rules.hexes import Hex
from bot.rules.state import Figure
from bot.rules.terrain import Terrain


def _clear(bf: Battlefield, h: Hex, low: int, high: int) -> bool:
    """True when no cell of ``h`` fills any part of the open interval ``(low, high)`` of levels."""
    return all(c.top <= low or c.bottom >= high for c in bf.cells(h))


def enterable(bf: Battlefield, h: Hex, cell: Cell) -> bool:
    """Whether a surface of ``h`` can be entered: no obstacle stands on it."""
    # An obstacle standing on that surface fills the space (HS-OBSTACLE-01).
    return not any(o.level == cell.top for o in bf.obstacles_on(h))


def walk_step(
    bf: Battlefield, a: Hex, la: int, b: Hex, height: int, onto: int | None = None
) -> tuple[int, int, int, Cell] | None:
    """The cheapest way to walk from ``a`` at level ``la`` onto a surface of neighbouring ``b``;
    with ``onto``, onto the surface whose top is that level only (a space named ``SPACE@LEVEL``:
    on a bridge or under it, HS-MOVE-12).

    :returns: ``(cost, level, drop, cell)`` or ``None`` when no surface of ``b`` (or not that one)
        can be entered (off the battlefield, an obstacle on it, no room for a figure of this Height).
    """
    if onto is not None:
        return _walk_step(bf, a, la, b, height, only=onto)
    key = (a, la, b, height)
    memo = bf._walk_memo
    if key in memo:
        return memo[key]  # type: ignore[no-any-return]
    found = _walk_step(bf, a, la, b, height)
    memo[key] = found
    return found


def climb_step(bf: Battlefield, a: Hex, la: int, b: Hex, height: int, free_climb: int,
               onto: int | None = None) -> tuple[int, int, int, Cell] | None:
    """Like :func:`walk_step` for a special move that climbs up to ``free_climb`` levels for free
    (Grapple Gun): the step costs only the space entered; a higher surface cannot be reached."""
    return _walk_step(bf, a, la, b, height, free_climb, onto)


def _walk_step(bf: Battlefield, a: Hex, la: int, b: Hex, height: int,
               free_climb: int | None = None, only: int | None = None) -> tuple[int, int, int, Cell] | None:
    best: tuple[int, int, int, Cell] | None = None
    walls = bf.obstacles_between(a, b)
    wall_top = max((o.top for o in walls), default=la)
    for cell in bf.surfaces(b):
        lb = cell.top
        if only is not None and lb != only:
            continue
        if not enterable(bf, b, cell):
            continue
        peak = max(la, lb, wall_top)
        if free_climb is not None and peak - la > free_climb:
            continue
        # Rise in a's column to the peak, cross over, and come down in b's (HS-MOVE-12..14).
        if not _clear(bf, a, la, peak + height) or not _clear(bf, b, lb, peak + height):
            continue
        cost = cell.terrain.movement_cost + (peak - la if free_climb is None else 0)
        option = (cost, lb, peak - lb, cell)
        if best is None or (cost, -lb) < (best[0], -best[1]):
            best = option
    return best


def fall_for(drop: int, height: int, terrain: Terrain | None, flying: bool) -> tuple[str, int] | None:
    """The fall a drop of ``drop`` levels causes a figure of ``height`` (DEC-02, HS-FALL-01, -02).

    :returns: ``None`` for no fall, else ``('dice', n)`` for n combat dice or ``('d20', 0)`` for an
        extreme fall.
    """
    if flying or drop < height:
        return None
    if terrain is not None and terrain.is_water and terrain is not Terrain.SWAMP_WATER:
        return None  # water breaks the fall; swamp water does not (HS-FALL-02)
    if drop >= height + EXTREME_FALL_EXTRA:
        return ("d20", 0)
    if drop >= height + MAJOR_FALL_EXTRA:
        from bot.rules.decisions import MAJOR_FALL_DICE

        return ("dice", MAJOR_FALL_DICE)
    from bot.rules.decisions import FALL_DICE

    return ("dice", FALL_DICE)


def fly_step(bf: Battlefield, a: Hex, low: int | None, b: Hex, height: int) -> tuple[bool, int | None, Cell | None]:
    """A flyer's step from ``a`` to neighbouring ``b`` (HS-FLY-03, -08).

    ``low`` is ``None`` for a flyer in open sky, which passes over anything; otherwise the flyer
    is under an overhang with its base at level ``low`` and moves as if walking (through the gaps
    only, HS-MOVE-12, -13) but ignoring costs, obstacles and figures, until it reaches a space with
    nothing above it. It can never pass through the underside of an overhang (HS-FLY-08).

    :returns: ``(ok, low after the step, the surface it is over when still low)``.
    """
    if low is None:
        return True, None, None
    best: Cell | None = None
    for cell in bf.surfaces(b):
        lb = cell.top
        peak = max(low, lb)
        if _clear(bf, a, low, peak + height) and _clear(bf, b, lb, peak + height) and (best is None or lb > best.top):
            best = cell
    if best is None:
        return False, low, None
    if bf.headroom(b, best.top) is None:
        return True, None, None
    return True, best.top, best


def fly_start(bf: Battlefield, fig: Figure) -> int | None:
    """``fig.level`` when it starts a flight under an overhang, else ``None`` (open sky)."""
    return fig.level if bf.headroom(fig.hexes[0], fig.level) is not None else None
