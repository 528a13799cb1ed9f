"""Square-grid geometry for D&D Onslaught: squares, range, orthogonal steps, corner-to-corner lines.

A square is ``(x, y)`` with ``x`` the column (0 = ``A``) and ``y`` the row (0 = row ``1``); ``A1`` is the
north-western corner (DDO-MONSTER-04). Square ``(x, y)`` covers the unit box ``[x, x+1] x [y, y+1]`` and its
corners are the four integer points of that box. Nothing here knows about miniatures or rules: callers
pass predicates saying which squares block or hinder a line (DDO-LOS-*, DDO-COVER-*).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import lru_cache

Square = tuple[int, int]
#: A barrier, door or portal side: the two squares it lies between, as a frozenset of two squares.
Edge = frozenset[Square]

ORTHOGONAL: tuple[Square, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
_NAME = re.compile(r"^([A-Za-z])(\d{1,2})$")


class SquareError(ValueError):
    """A square name that cannot be read (not a letter followed by a row number)."""


def parse_square(text: str) -> Square:
    """``"C4"`` -> ``(2, 3)``.

    >>> parse_square("A1"), parse_square("c4")
    ((0, 0), (2, 3))

    :raises SquareError: when ``text`` is not a column letter followed by a row number from 1.
    """
    m = _NAME.match(text.strip())
    if not m or int(m.group(2)) < 1:
        raise SquareError(f"{text!r} is not a square; write a column letter and a row number, like C4")
    return (ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1)


def name(sq: Square) -> str:
    """``(2, 3)`` -> ``"C4"`` (the inverse of :func:`parse_square`).

    >>> name((2, 3))
    'C4'
    """
    return f"{chr(ord('A') + sq[0])}{sq[1] + 1}"


def edge(a: Square, b: Square) -> Edge:
    """The side between two orthogonally adjacent squares."""
    return frozenset((a, b))


def distance(a: Square, b: Square) -> int:
    """Range between two squares, counting diagonals (DDO-RANGE-01): the Chebyshev distance.

    >>> distance((0, 0), (3, 2))
    3
    """
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def range_between(a: Iterable[Square], b: Iterable[Square]) -> int:
    """The smallest range between any square of ``a`` and any of ``b`` (large minis, DDO-CHAMPION-06)."""
    bs = list(b)
    return min(distance(x, y) for x in a for y in bs)


def orthogonal(sq: Square) -> list[Square]:
    """The four orthogonal neighbours (movement is orthogonal only, DDO-MOVE-03)."""
    return [(sq[0] + dx, sq[1] + dy) for dx, dy in ORTHOGONAL]


def around(sq: Square, radius: int) -> list[Square]:
    """Every square within ``radius`` (range, diagonals included) of ``sq``, itself included (DDO-AOE-03)."""
    return [(sq[0] + dx, sq[1] + dy) for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)]


def cone(attacker: Square, origin: Square, size: int) -> list[Square]:
    """The squares of a cone of ``size`` starting at ``origin``, orthogonally adjacent to ``attacker``.

    Position 1 is the origin; position ``k`` is the ``2k-1`` squares of the next row out, each adjacent
    to the row before (DDO-CONE-02..04).

    >>> cone((0, 0), (1, 0), 2)
    [(1, 0), (2, -1), (2, 0), (2, 1)]
    """
    dx, dy = origin[0] - attacker[0], origin[1] - attacker[1]
    if abs(dx) + abs(dy) != 1:
        raise ValueError("a cone starts on a square orthogonally adjacent to the attacker")
    out: list[Square] = []
    for k in range(size):
        cx, cy = origin[0] + dx * k, origin[1] + dy * k
        for side in range(-k, k + 1):
            out.append((cx + side * abs(dy), cy + side * abs(dx)))
    return out


def corners(sq: Square) -> list[tuple[int, int]]:
    """The four corner points of a square."""
    x, y = sq
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def _crosses_box(p: tuple[int, int], q: tuple[int, int], sq: Square) -> bool:
    """Whether segment p-q passes through the open interior of square ``sq`` (touching an edge or a
    corner does not count, DDO-LOS-04)."""
    lo, hi = Fraction(0), Fraction(1)
    for a, b, lo_b, hi_b in ((p[0], q[0], sq[0], sq[0] + 1), (p[1], q[1], sq[1], sq[1] + 1)):
        d = b - a
        if d == 0:
            if not lo_b < a < hi_b:
                return False
            continue
        t1, t2 = Fraction(lo_b - a, d), Fraction(hi_b - a, d)
        if t1 > t2:
            t1, t2 = t2, t1
        lo, hi = max(lo, t1), min(hi, t2)
        if lo >= hi:
            return False
    return lo < hi


@lru_cache(maxsize=1 << 16)
def _crosses_edge(p: tuple[int, int], q: tuple[int, int], side: Edge) -> bool:
    """Whether segment p-q properly crosses the side between two squares (a barrier or a closed door)."""
    a, b = sorted(side)
    if a[0] == b[0]:  # stacked vertically: the side is horizontal at y = b[1], from x to x+1
        line_y = b[1]
        if (p[1] - line_y) * (q[1] - line_y) >= 0:
            return False
        at_x = p[0] + Fraction(q[0] - p[0]) * Fraction(line_y - p[1], q[1] - p[1])
        return a[0] < at_x < a[0] + 1
    line_x = b[0]
    if (p[0] - line_x) * (q[0] - line_x) >= 0:
        return False
    at_y = p[1] + Fraction(q[1] - p[1]) * Fraction(line_x - p[0], q[0] - p[0])
    return a[1] < at_y < a[1] + 1


def line_squares(p: tuple[int, int], q: tuple[int, int]) -> list[Square]:
    """The squares whose interior the segment p-q passes through (see :func:`_line_squares`; cached,
    since line of sight asks the same corner pairs again and again).

    >>> line_squares((0, 0), (2, 1))
    [(0, 0), (1, 0)]
    """
    return list(_line_squares(p, q))


@lru_cache(maxsize=1 << 16)
def _line_squares(p: tuple[int, int], q: tuple[int, int]) -> tuple[Square, ...]:
    """The squares whose interior the segment p-q passes through.

    The segment is cut where it crosses grid lines; the middle of each piece lies inside exactly one
    square, or on a grid line when the segment runs along one (DDO-LOS-04: then it enters no square).

    >>> _line_squares((0, 0), (2, 1))
    ((0, 0), (1, 0))
    >>> _line_squares((0, 0), (0, 2))
    ()
    """
    dx, dy = q[0] - p[0], q[1] - p[1]
    ts = {Fraction(0), Fraction(1)}
    for k in range(min(p[0], q[0]) + 1, max(p[0], q[0])):
        ts.add(Fraction(k - p[0], dx))
    for k in range(min(p[1], q[1]) + 1, max(p[1], q[1])):
        ts.add(Fraction(k - p[1], dy))
    cuts = sorted(ts)
    out: list[Square] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        t = (a + b) / 2
        x, y = p[0] + dx * t, p[1] + dy * t
        if x.denominator != 1 and y.denominator != 1:
            out.append((x.numerator // x.denominator, y.numerator // y.denominator))
    return tuple(out)


def corners_reached(
    origin: Square, target: Square, stops: Callable[[Square], bool], sides: Iterable[Edge] = ()
) -> int:
    """The most corners of ``target`` reachable by an unbroken line from one corner of ``origin``.

    A line is broken by a square for which ``stops`` is true (the two end squares never break it,
    DDO-LOS-03) or by a side in ``sides`` that it crosses; a line along a side is not broken
    (DDO-LOS-04). Line of sight, cover and the area/cone shelter check all ask for at least 3.
    """
    walls = list(sides)
    best = 0
    for p in corners(origin):
        got = 0
        for q in corners(target):
            if any(s not in (origin, target) and stops(s) for s in _line_squares(p, q)):
                continue
            if any(_crosses_edge(p, q, w) for w in walls):
                continue
            got += 1
        best = max(best, got)
        if best == 4:
            break
    return best
