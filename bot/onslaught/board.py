"""Movement costs, reach, line of sight, cover and area shelter on an Onslaught map (rules on top of
:mod:`bot.onslaught.grid`).

Movement (DDO-MOVE-*, DDO-TERRAIN-*, DEC-19): orthogonal steps; 1 point, +1 into hindering terrain,
+1 for climbing one level (not for large minis, DDO-CHAMPION-05); no step across more than one level,
into blocking terrain, across a barrier or closed door, or through an enemy; portals join their two
squares (DDO-PORTAL-02/03). A 2x2 mini moves its north-western square as origin and needs room for
all four squares all along its path (DDO-CHAMPION-03/04).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from bot.onslaught.grid import Square, corners_reached, distance, edge, orthogonal
from bot.onslaught.state import GameState, Mini

#: Line of sight and cover need unbroken lines to this many corners of the target square (DDO-LOS-01).
CORNERS_NEEDED = 3


def footprint(anchor: Square, size: int) -> list[Square]:
    """The squares of a mini of ``size`` (1, or 2 for 2x2) whose north-western square is ``anchor``."""
    return [(anchor[0] + dx, anchor[1] + dy) for dy in range(size) for dx in range(size)]


def portal_links(st: GameState, sq: Square) -> list[Square]:
    """Squares joined to ``sq`` through a portal pair (DDO-PORTAL-02)."""
    out = []
    for a, b in st.map.portals.values():
        if sq == a:
            out.append(b)
        elif sq == b:
            out.append(a)
    return out


def _size(st: GameState, mini: Mini) -> int:
    return 2 if len(mini.squares) == 4 else 1


def step_cost(st: GameState, mini: Mini, frm: Square, to: Square, through_portal: bool = False) -> int | None:
    """Move points to step the mini's origin from ``frm`` to ``to``, or ``None`` when not allowed."""
    size = _size(st, mini)
    old, new = footprint(frm, size), footprint(to, size)
    cost = 1
    for o, n in zip(old, new, strict=True):
        if st.blocking(n):
            return None  # DDO-TERRAIN-02
        if not through_portal and edge(o, n) in st.walls():
            return None  # DDO-TERRAIN-03, DDO-DOOR-01
        rise = st.elevation(n) - st.elevation(o)
        if abs(rise) > 1:
            return None  # DDO-TERRAIN-07
        other = st.at(n)
        if other is not None and other is not mini and st.enemies(mini, other):
            return None  # DDO-MOVE-05, DDO-CHAMPION-04
        if size == 2 and other is not None and other is not mini:
            return None  # a large mini cannot squeeze past any mini (DDO-CHAMPION-04)
    if any(st.hindering(n) for n in new):
        cost += 1  # DDO-TERRAIN-04
    if size == 1 and st.elevation(to) - st.elevation(frm) == 1:
        cost += 1  # DDO-TERRAIN-06, DEC-19 (3 for hindering and up)
    return cost


def reach(st: GameState, mini: Mini, points: int | None = None) -> dict[Square, int]:
    """Every origin square the mini can get to with ``points`` (unlimited if ``None``) and its cheapest
    cost, start included at 0. Ending there is checked by :func:`can_end`."""
    start = mini.square
    best: dict[Square, int] = {start: 0}
    todo = [(0, start)]
    while todo:
        cost, sq = heapq.heappop(todo)
        if cost > best.get(sq, 1 << 30):
            continue
        nexts = [(n, False) for n in orthogonal(sq)] + [(n, True) for n in portal_links(st, sq)]
        for n, portal in nexts:
            c = step_cost(st, mini, sq, n, portal)
            if c is None:
                continue
            total = cost + c
            if points is not None and total > points:
                continue
            if total < best.get(n, 1 << 30):
                best[n] = total
                heapq.heappush(todo, (total, n))
    return best


def can_end(st: GameState, mini: Mini, anchor: Square) -> bool:
    """Whether the mini may end a move with its origin on ``anchor``: no other mini there (DDO-MOVE-07),
    no blocking terrain."""
    for sq in footprint(anchor, _size(st, mini)):
        other = st.at(sq)
        if st.blocking(sq) or other is not None and other is not mini:
            return False
    return True


def _los_stops(st: GameState, viewer: Mini | None, a: Square, t: Square, *, hinder: bool) -> object:
    top = max(st.elevation(a), st.elevation(t))

    def stops(sq: Square) -> bool:
        e = st.elevation(sq)
        if st.blocking(sq) or e >= top + 2:
            return True  # DDO-TERRAIN-02, DDO-LOS-02
        low = st.elevation(a) > e or st.elevation(t) > e  # DDO-LOS-05
        if viewer is not None and not low:
            m = st.at(sq)
            if m is not None and st.enemies(viewer, m):
                return True  # DDO-LOS-01: other enemy miniatures break lines
        if hinder:
            if e == top + 1:
                return True  # DDO-COVER-03
            if st.hindering(sq) and not low:
                return True  # DDO-TERRAIN-05
        return False

    return stops


def sight(st: GameState, viewer: Mini, a: Square, t: Square) -> bool:
    """Direct line of sight from square ``a`` to square ``t`` for ``viewer`` (DDO-LOS-01..05)."""
    if a == t:
        return True
    stops = _los_stops(st, viewer, a, t, hinder=False)
    return corners_reached(a, t, stops, st.walls()) >= CORNERS_NEEDED  # type: ignore[arg-type]


def has_cover(st: GameState, viewer: Mini, a: Square, t: Square) -> bool:
    """Whether a target on ``t`` has cover from ``a``: no 3 corners reached without hindering terrain
    or a rise of exactly one level above the higher end (DDO-COVER-01/03)."""
    if a == t or distance(a, t) <= 1 and not st.hindering(t):
        return False
    stops = _los_stops(st, viewer, a, t, hinder=True)
    return corners_reached(a, t, stops, st.walls()) < CORNERS_NEEDED  # type: ignore[arg-type]


def sheltered(st: GameState, origin: Square, t: Square) -> bool:
    """A mini on ``t`` escapes an area or cone from ``origin``: no line from a corner of the origin to 3
    corners of ``t`` avoids blocking terrain and squares 2+ levels above both ends (DDO-AOE-05, DDO-CONE-06)."""
    if origin == t:
        return False
    eo, et = st.elevation(origin), st.elevation(t)

    def stops(sq: Square) -> bool:
        e = st.elevation(sq)
        return st.blocking(sq) or (e - eo >= 2 and e - et >= 2)

    return corners_reached(origin, t, stops, st.walls()) < CORNERS_NEEDED


def route(st: GameState, viewer: Mini, a: Square, t: Square) -> tuple[int, bool, bool] | None:
    """The best way to reach square ``t`` from ``a``: ``(range, line of sight, cover)``, directly or
    through a portal pair (DDO-PORTAL-04); ``None`` when there is no line of sight either way."""
    options: list[tuple[int, bool, bool]] = []
    if sight(st, viewer, a, t):
        options.append((distance(a, t), True, has_cover(st, viewer, a, t)))
    for p, q in list(st.map.portals.values()) + [(y, x) for x, y in st.map.portals.values()]:
        if sight(st, viewer, a, p) and sight(st, viewer, q, t):
            cov = has_cover(st, viewer, a, p) or has_cover(st, viewer, q, t)
            options.append((distance(a, p) + 1 + distance(q, t), True, cov))
    if not options:
        return None
    return min(options, key=lambda o: (o[0], o[2]))


def best_route(st: GameState, viewer: Mini, target_squares: Iterable[Square]) -> tuple[int, bool, bool, Square] | None:
    """Like :func:`route` from any of the viewer's squares to any target square (a large target picks
    its best square, DDO-CHAMPION-06): ``(range, sight, cover, target square)``."""
    found: list[tuple[int, bool, bool, Square]] = []
    for a in viewer.squares:
        for t in target_squares:
            r = route(st, viewer, a, t)
            if r is not None:
                found.append((r[0], r[1], r[2], t))
    if not found:
        return None
    return min(found, key=lambda o: (o[2], o[0]))


def range_to(st: GameState, a: Mini, b: Mini) -> int:
    """Range between two minis, counting a portal shortcut (DDO-RANGE-01, DDO-PORTAL-04)."""
    best = min(distance(x, y) for x in a.squares for y in b.squares)
    for p, q in list(st.map.portals.values()) + [(y, x) for x, y in st.map.portals.values()]:
        best = min(best, min(distance(x, p) for x in a.squares) + 1 + min(distance(q, y) for y in b.squares))
    return best
