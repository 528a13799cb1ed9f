"""Line of sight in 3-D: from a figure's Target Point to some point of another's Hit Zone.

The model is DEC-05 (``bot.rules.decisions``): a figure is a vertical cylinder on each of its
spaces from its base to base + Height; its Target Point is at 0.8 of its Height above the centre
of its space; its Hit Zone runs from 0.25 to 0.9 of its Height above the centre of each of its
spaces. Terrain cells (hex prisms), obstacles on spaces (prisms of their height), obstacles
between spaces (thin walls on the shared edge) and other figures' cylinders block the view
(HS-LOS-01, HS-TREE-05). Clear sight looks for *any* part of the figure (HS-LOS-03, -04).

Line of Sight Marks (HS-WALL-07..09): a figure on the inside of a stone wall (its base at the
wall's foot) and next to it may also sight from the mark on top of that wall, at the wall's outer
edge, instead of its Target Point, for range attacks and for clear sight.

Destroyed objects have left the battlefield and block nothing (HS-DESTRUCT-01); standing ones
block like the obstacles they are. :func:`sees_body` sights on a body that is not a figure (a
destructible object) or from an eye that is not a figure's (a cannon's barrel).

Plane units are hex circumradii (see :mod:`bot.rules.hexes`); heights are levels.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from bot.rules.battlefield import Battlefield, Cell, Obstacle
from bot.rules.decisions import (
    FIGURE_RADIUS,
    HIT_ZONE_HIGH,
    HIT_ZONE_LOW,
    HIT_ZONE_SAMPLES,
    TARGET_POINT_HEIGHT,
)
from bot.rules.hexes import DIRECTIONS, Hex, line
from bot.rules.objects import field_now
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import ObstacleKind

_APOTHEM = math.sqrt(3.0) / 2.0
_SQRT3 = math.sqrt(3.0)
_SELF_AND_NEIGHBOURS = ((0, 0), *DIRECTIONS)
_NORMALS = tuple((math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6))
_EPS = 1e-6

#: How far past a stone wall's outer edge (plane) and above its top (levels) a Line of Sight Mark
#: is taken to be, so that the wall itself never hides what the mark looks at.
MARK_NUDGE = 0.02

Solid = tuple[float, float]  # (bottom, top) levels
Interval = tuple[float, float, tuple[Solid, ...]]  # (t0, t1, solids over that stretch)
Eye = tuple[Hex, tuple[float, float] | None, float]  # (hex, plane point or None for its centre, level)


def _clip_hex(px: float, py: float, dx: float, dy: float, cx: float, cy: float) -> tuple[float, float] | None:
    """Parameter range ``[t0, t1]`` of ``p + t d`` (``t`` in 0..1) inside the hex centred at ``c``."""
    t0, t1 = 0.0, 1.0
    rx, ry = px - cx, py - cy
    for nx, ny in _NORMALS:
        num = _APOTHEM - (rx * nx + ry * ny)
        den = dx * nx + dy * ny
        if abs(den) < 1e-12:
            if num < 0:
                return None
            continue
        t = num / den
        if den > 0:
            if t < t1:
                t1 = t
        elif t > t0:
            t0 = t
        if t0 > t1:
            return None
    return (t0, t1)


def _clip_circle(px: float, py: float, dx: float, dy: float, cx: float, cy: float, r: float) -> tuple[float, float] | None:
    """Parameter range of ``p + t d`` (``t`` in 0..1) within distance ``r`` of ``c``."""
    fx, fy = px - cx, py - cy
    a = dx * dx + dy * dy
    b = 2 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - r * r
    disc = b * b - 4 * a * c
    if a < 1e-12 or disc <= 0:
        return None
    sq = math.sqrt(disc)
    t0, t1 = (-b - sq) / (2 * a), (-b + sq) / (2 * a)
    t0, t1 = max(t0, 0.0), min(t1, 1.0)
    return (t0, t1) if t0 < t1 else None


def _cross_edge(px: float, py: float, dx: float, dy: float, ax: float, ay: float, bx: float, by: float) -> float | None:
    """Parameter ``t`` where segment ``p + t d`` crosses segment ``a-b``, if it does."""
    ex, ey = bx - ax, by - ay
    den = dx * ey - dy * ex
    if abs(den) < 1e-12:
        return None
    wx, wy = ax - px, ay - py
    t = (wx * ey - wy * ex) / den
    u = (wx * dy - wy * dx) / den
    if -_EPS <= t <= 1 + _EPS and -_EPS <= u <= 1 + _EPS:
        return t
    return None


class SightLine:
    """The plane part of a sight line between two space centres, ready to test any heights.

    Everything that can block the view over the plane (terrain columns, obstacles, figure
    cylinders) is clipped once; :meth:`clear` then tests a pair of heights cheaply, which is what
    sampling a Hit Zone needs. ``start`` replaces the centre of ``a`` as the line's first point
    (a Line of Sight Mark inside hex ``a``).
    """

    __slots__ = ("blocks",)

    def __init__(
        self,
        bf: Battlefield,
        a: Hex,
        b: Hex,
        bodies: Sequence[tuple[Sequence[Hex], float, float]],
        start: tuple[float, float] | None = None,
    ) -> None:
        px, py = a.center() if start is None else start
        qx, qy = b.center()
        dx, dy = qx - px, qy - py
        blocks: list[tuple[float, float, float, float]] = []  # (t0, t1, bottom, top)
        # Plain (q, r) tuples hash and compare like Hex and are much cheaper to make.
        columns = cast("Mapping[tuple[int, int], tuple[Cell, ...]]", bf.columns)
        # Every hex the segment can touch: the hexes of the line and their neighbours.
        candidates: set[tuple[int, int]] = set()
        for q, r in line(a, b):
            for dq, dr in _SELF_AND_NEIGHBOURS:
                candidates.add((q + dq, r + dr))
        walls: dict[int, Obstacle] = {}
        dd = dx * dx + dy * dy or 1.0
        for key in candidates:
            cells = columns.get(key)
            if not cells:
                continue  # no space; obstacles stand on spaces, and an edge one touches a space too
            h = Hex(*key)
            for o in bf.obstacles_touching(h):
                walls[id(o)] = o
            cx, cy = _SQRT3 * (h.q + h.r / 2.0), 1.5 * h.r
            # A hex lies within its circumradius (1) of its centre: farther from the segment, skip it.
            tc = min(1.0, max(0.0, ((cx - px) * dx + (cy - py) * dy) / dd))
            ex, ey = px + tc * dx - cx, py + tc * dy - cy
            if ex * ex + ey * ey > 1.0 + _EPS:
                continue
            span = _clip_hex(px, py, dx, dy, cx, cy)
            if span is None or span[1] - span[0] < _EPS:
                continue
            t0, t1 = span
            for c in cells:
                blocks.append((t0, t1, float(c.bottom), float(c.top)))
            for o in bf.obstacles_on(h):
                blocks.append((t0, t1, float(o.level), float(o.top)))
        for o in walls.values():
            t = self._edge_t(o, px, py, dx, dy)
            if t is not None:
                blocks.append((t, t, float(o.level), float(o.top)))
        for hexes, bottom, top in bodies:
            for h in hexes:
                cx, cy = h.center()
                span = _clip_circle(px, py, dx, dy, cx, cy, FIGURE_RADIUS)
                if span is not None:
                    blocks.append((span[0], span[1], bottom, top))
        self.blocks = blocks

    @staticmethod
    def _edge_t(o: Obstacle, px: float, py: float, dx: float, dy: float) -> float | None:
        assert o.between is not None
        (ax, ay), (bx, by) = o.between[0].edge_with(o.between[1])
        return _cross_edge(px, py, dx, dy, ax, ay, bx, by)

    def clear(self, z0: float, z1: float) -> bool:
        """True when the segment from height ``z0`` (at ``a``) to ``z1`` (at ``b``) is unobstructed."""
        dz = z1 - z0
        for t0, t1, bottom, top in self.blocks:
            za = z0 + dz * t0
            zb = z0 + dz * t1
            lo, hi = (za, zb) if za <= zb else (zb, za)
            if lo < top - _EPS and hi > bottom + _EPS:
                return False
        return True


def _bodies(state: MatchState, exclude: Iterable[Figure]) -> list[tuple[Sequence[Hex], float, float]]:
    skip = {id(f) for f in exclude}
    out: list[tuple[Sequence[Hex], float, float]] = []
    for f in state.on_battlefield():
        if id(f) in skip:
            continue
        h = state.card_of(f).height or 0
        out.append((f.hexes, float(f.level), float(f.level + h)))
    return out


def _zone_heights(base: int, height: int, low: float, high: float, samples: int) -> list[float]:
    """Heights along a figure's zone, middle first so that the usual case exits early."""
    if samples <= 1:
        return [base + height * (low + high) / 2]
    pts = [base + height * (low + (high - low) * i / (samples - 1)) for i in range(samples)]
    mid = len(pts) // 2
    return sorted(pts, key=lambda z: abs(pts.index(z) - mid))


def _target_points(state: MatchState, viewer: Figure) -> list[Eye]:
    vh = state.card_of(viewer).height or 0
    eye = viewer.level + vh * TARGET_POINT_HEIGHT
    return [(a, None, eye) for a in viewer.hexes]


def los_marks(state: MatchState, viewer: Figure) -> list[Eye]:
    """The Line of Sight Marks ``viewer`` may sight from (HS-WALL-07, -08).

    One per stone wall on an edge of the viewer's spaces whose foot is at the viewer's base, i.e.
    the viewer is on its inside: the mark sits on the wall's top at its outer edge, given as the
    outside hex, the plane point and its level.
    """
    bf = state.battlefield
    out: list[Eye] = []
    for h in viewer.hexes:
        for o in bf.obstacles_touching(h):
            if o.kind is not ObstacleKind.STONE_WALL or o.level != viewer.level or o.between is None:
                continue
            n = o.between[1] if o.between[0] == h else o.between[0]
            (ax, ay), (bx, by) = h.edge_with(n)
            hx, hy = h.center()
            nx, ny = n.center()
            out.append((n, ((ax + bx) / 2 + (nx - hx) * MARK_NUDGE, (ay + by) / 2 + (ny - hy) * MARK_NUDGE),
                        o.top + MARK_NUDGE))
    return out


def _sees_from(state: MatchState, eyes: Sequence[Eye], target: Figure, bodies: Sequence[tuple[Sequence[Hex], float, float]],
               low: float, high: float) -> bool:
    th = state.card_of(target).height or 0
    return sees_body(field_now(state), eyes, target.hexes, target.level, th, bodies, low, high)


def sees_body(bf: Battlefield, eyes: Sequence[Eye], hexes: Sequence[Hex], level: int, height: int,
              bodies: Sequence[tuple[Sequence[Hex], float, float]], low: float = HIT_ZONE_LOW,
              high: float = HIT_ZONE_HIGH) -> bool:
    """True when one of ``eyes`` sees some point of the zone from ``low`` to ``high`` (fractions of
    ``height``) above the base (``level``) of a body on ``hexes``, past the terrain and obstacles of
    ``bf`` and the figure ``bodies``: a figure's Hit Zone, a destructible object's (HS-HEIGHT-05,
    HS-DESTRUCT-01), seen from a figure or a cannon's barrel (HS-OBSTACLE-05)."""
    zs = _zone_heights(level, height, low, high, HIT_ZONE_SAMPLES)
    for a, point, eye in eyes:
        for b in hexes:
            if a == b and point is None:
                continue
            sight = SightLine(bf, a, b, bodies, point)
            if any(sight.clear(eye, z) for z in zs):
                return True
    return False


def figure_eyes(state: MatchState, viewer: Figure, *, marks: bool = True) -> list[Eye]:
    """Where ``viewer`` may sight from: its Target Point on each of its spaces, and the Line of
    Sight Marks beside it unless ``marks`` is false (HS-LOS-01, HS-WALL-07, -08)."""
    return _target_points(state, viewer) + (los_marks(state, viewer) if marks else [])


def figure_bodies(state: MatchState, exclude: Iterable[Figure] = ()) -> list[tuple[Sequence[Hex], float, float]]:
    """The figures that may block a view, as ``(hexes, bottom, top)``, without those in ``exclude``."""
    return _bodies(state, exclude)


def _sees(state: MatchState, viewer: Figure, target: Figure, low: float, high: float,
          ignore: Iterable[Figure] = (), *, marks: bool = True) -> bool:
    bodies = _bodies(state, (viewer, target, *ignore))
    if _sees_from(state, _target_points(state, viewer), target, bodies, low, high):
        return True
    if not marks:
        return False
    marks_at = los_marks(state, viewer)
    return bool(marks_at) and _sees_from(state, marks_at, target, bodies, low, high)


def line_of_sight(state: MatchState, viewer: Figure, target: Figure, ignore: Iterable[Figure] = (), *,
                  marks: bool = True) -> bool:
    """True when ``viewer``'s Target Point sees some point of ``target``'s Hit Zone (HS-LOS-01, DEC-05).

    For a double-space target any part of either half's Hit Zone counts (HS-DOUBLE-07). A Line of
    Sight Mark beside the viewer may stand in for its Target Point (HS-WALL-07, -08) unless
    ``marks`` is false: the marks serve range attacks only, so a Range 1 attack (which needs sight
    only to a figure it is not engaged with, a friend) asks without them; an engaged attacker
    needs no sight at all. Figures in ``ignore`` do not block the view (a Line attack's fire
    passes through the figures it burns).
    """
    if viewer is target or not viewer.on_battlefield or not target.on_battlefield:
        return False
    return _sees(state, viewer, target, HIT_ZONE_LOW, HIT_ZONE_HIGH, ignore, marks=marks)


def clear_sight(state: MatchState, viewer: Figure, target: Figure) -> bool:
    """True when ``viewer`` sees any part of ``target``, Hit Zone or not (HS-LOS-03); never itself (HS-LOS-04).

    Line of Sight Marks count as well as the Target Point (HS-WALL-09).
    """
    if viewer is target or not viewer.on_battlefield or not target.on_battlefield:
        return False
    return _sees(state, viewer, target, 0.02, 1.0)


#: Height (levels) above a space's surface of the Wound Marker laid on it to test clear sight.
MARKER_HEIGHT = 0.1


def sees_space(state: MatchState, viewer: Figure, space: Hex, level: int) -> bool:
    """Clear sight to the space ``space`` at ``level`` (HS-LOS-05, -06, HS-WALL-09).

    Its own space always; a space holding a figure when the viewer has clear sight to that
    figure; an empty space when the viewer sees a Wound Marker laid in its middle.
    """
    if space in viewer.hexes and level == viewer.level:
        return True
    occupant = state.occupant(space, level)
    if occupant is not None:
        return clear_sight(state, viewer, occupant)
    bodies = _bodies(state, (viewer,))
    bf = field_now(state)
    for eyes in (_target_points(state, viewer), los_marks(state, viewer)):
        for a, point, eye in eyes:
            if (a != space or point is not None) and SightLine(bf, a, space, bodies, point).clear(eye, level + MARKER_HEIGHT):
                return True
    return False
