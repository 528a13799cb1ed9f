"""Hex geometry: axial coordinates, distance, neighbours, straight lines and space labels.

Heroscape battlefields are hex grids. Code and rules cases use axial coordinates ``(q, r)``;
players read and type labels such as ``F7`` (column letter(s), row number). Geometry is drawn
pointy-top with a hex circumradius of 1 (so neighbouring centres are ``sqrt(3)`` apart); the
rules never depend on the orientation, only the renderer and line of sight use the 2-D centres.

>>> Hex(0, 0).distance(Hex(3, -1))
3
>>> Hex(2, 2).neighbour(0)
Hex(q=3, r=2)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

SQRT3 = math.sqrt(3.0)

#: The six axial directions, in the order of ``FORMAT.md``: E, NE, NW, W, SW, SE.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Hex(NamedTuple):
    """One hex of the grid in axial coordinates ``(q, r)``.

    A ``Hex`` is a place on the table's plane; which level (height) a figure stands at in that
    column is kept by :class:`bot.rules.battlefield.Battlefield`.
    """

    q: int
    r: int

    def __deepcopy__(self, memo: dict[int, object]) -> Hex:
        # Immutable: a state snapshot can share it (snapshots are taken on every command).
        return self

    def __copy__(self) -> Hex:
        return self

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def neighbour(self, direction: int) -> Hex:
        """The neighbouring hex in ``direction`` (0-5, see :data:`DIRECTIONS`)."""
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six neighbouring hexes (whether or not they are spaces of a battlefield)."""
        q, r = self.q, self.r
        return tuple(Hex(q + dq, r + dr) for dq, dr in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """Hex distance in spaces, ``(|dq| + |dr| + |dq + dr|) / 2``.

        Levels play no part and gaps in the battlefield count as spaces (HS-ATTACK-05, HS-ATTACK-06).
        """
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def is_adjacent(self, other: Hex) -> bool:
        """True when ``other`` shares an edge with this hex (plane only, levels ignored)."""
        return self.distance(other) == 1

    def center(self) -> tuple[float, float]:
        """The hex centre on the plane (pointy-top, circumradius 1), as ``(x, y)``."""
        return (SQRT3 * (self.q + self.r / 2.0), 1.5 * self.r)

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The six corners of the hex on the plane (pointy-top, circumradius 1)."""
        cx, cy = self.center()
        return tuple(
            (cx + math.cos(math.radians(60 * i - 30)), cy + math.sin(math.radians(60 * i - 30)))
            for i in range(6)
        )

    def edge_with(self, other: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """The shared edge of two adjacent hexes, as two plane points.

        :raises ValueError: when the hexes are not adjacent.
        """
        if not self.is_adjacent(other):
            raise ValueError(f"{self} and {other} are not adjacent")
        ax, ay = self.center()
        bx, by = other.center()
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # The edge is perpendicular to the centre line, half a side (0.5) each way.
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        px, py = -dy / length * 0.5, dx / length * 0.5
        return ((mx + px, my + py), (mx - px, my - py))

    def __str__(self) -> str:
        return f"[{self.q}, {self.r}]"


def hex_round(fq: float, fr: float) -> Hex:
    """The hex containing the fractional axial point ``(fq, fr)`` (cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def pixel_to_hex(x: float, y: float) -> Hex:
    """The hex under plane point ``(x, y)`` (inverse of :meth:`Hex.center`)."""
    fq = (SQRT3 / 3.0 * x - y / 3.0)
    fr = (2.0 / 3.0) * y
    return hex_round(fq, fr)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes of the straight line from ``a`` to ``b``, both included, in order.

    Uses the usual nudged linear interpolation so that a line along an edge picks one side
    consistently. The result has ``a.distance(b) + 1`` hexes.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    eps = 1e-6
    aq, ar = a.q + eps, a.r + eps
    bq, br = b.q + eps, b.r + eps
    return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def ray(start: Hex, direction: int, length: int) -> list[Hex]:
    """``length`` hexes in a straight line from ``start`` (not included) along ``direction``."""
    out: list[Hex] = []
    h = start
    for _ in range(length):
        h = h.neighbour(direction)
        out.append(h)
    return out


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within ``radius`` spaces of ``center`` (``center`` included)."""
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(center.q + dq, center.r + dr)


# --- Labels -------------------------------------------------------------------------------------
#
# Labels are "odd-r" offset coordinates relative to the battlefield's top-left: a column of
# letters (A..Z, AA..) and a row number from 1. They are what players type (``F7``) and what the
# map image prints along its edges.

_LABEL_RE = re.compile(r"^\s*([A-Za-z]{1,2})\s*(\d{1,3})\s*$")


def offset_of(h: Hex) -> tuple[int, int]:
    """Odd-r offset ``(col, row)`` of ``h``: rows are ``r``, columns shift every other row."""
    return (h.q + (h.r - (h.r & 1)) // 2, h.r)


def from_offset(col: int, row: int) -> Hex:
    """The hex at odd-r offset ``(col, row)`` (inverse of :func:`offset_of`)."""
    return Hex(col - (row - (row & 1)) // 2, row)


def column_letters(index: int) -> str:
    """``0 -> 'A'``, ``25 -> 'Z'``, ``26 -> 'AA'``."""
    if index < 0:
        raise ValueError(f"column index {index} is negative")
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """``'A' -> 0``, ``'AA' -> 26`` (inverse of :func:`column_letters`)."""
    value = 0
    for ch in letters.upper():
        value = value * 26 + (ord(ch) - ord("A") + 1)
    return value - 1


def natural_key(text: str) -> tuple[tuple[int, str | int], ...]:
    """Sort key that orders labels and ids as people read them, numbers by value: ``A3`` before
    ``A11``, ``tarn2`` before ``tarn10`` (a plain text sort puts ``A11`` first)."""
    return tuple((1, int(part)) if part.isdigit() else (0, part.casefold())
                 for part in re.split(r"(\d+)", text) if part)


class LabelGrid:
    """Turns hexes into human labels (``F7``) and back, for one battlefield.

    The origin is the battlefield's smallest offset column and row, so every battlefield starts
    at ``A1`` whatever axial coordinates its file used. Rows must keep their parity, so the row
    origin is rounded down to an even row.
    """

    def __init__(self, hexes: Iterable[Hex]) -> None:
        offsets = [offset_of(h) for h in hexes]
        if offsets:
            self.col0 = min(c for c, _ in offsets)
            row0 = min(r for _, r in offsets)
            self.row0 = row0 - (row0 & 1)
            self.cols = max(c for c, _ in offsets) - self.col0 + 1
            self.rows = max(r for _, r in offsets) - self.row0 + 1
        else:
            self.col0 = self.row0 = self.cols = self.rows = 0

    def extent(self) -> str:
        """The labels' range in words, for messages: ``'columns A–V, rows 1–12'``."""
        if not self.cols:
            return "no spaces"
        return f"columns A–{column_letters(self.cols - 1)}, rows 1–{self.rows}"

    def label(self, h: Hex) -> str:
        """The label of ``h``, e.g. ``'F7'``."""
        col, row = offset_of(h)
        return f"{column_letters(col - self.col0)}{row - self.row0 + 1}"

    def parse(self, text: str) -> Hex:
        """The hex a label names.

        Accepts ``F7`` and axial ``q,r`` (``3,-1``) forms.

        :raises ValueError: when the text is neither form; the message says what is expected.
        """
        m = _LABEL_RE.match(text)
        if m:
            col = column_index(m.group(1)) + self.col0
            row = int(m.group(2)) - 1 + self.row0
            return from_offset(col, row)
        axial = re.match(r"^\s*\[?\s*(-?\d+)\s*,\s*(-?\d+)\s*\]?\s*$", text)
        if axial:
            return Hex(int(axial.group(1)), int(axial.group(2)))
        raise ValueError(
            f"'{text}' is not a space label: write a column letter and a row number such as F7, "
            "or axial coordinates such as 3,-1"
        )
