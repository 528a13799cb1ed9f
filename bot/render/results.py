"""What befell each figure this turn: a short numbered marker at the figure on the map, and the
result itself (``TV1 → D9: 1 wound``, the dice in small print) in a block of the panel.

A result written on the map hid the spaces and level numbers around its target, and far from
it when the neighbourhood was crowded; so the map carries only a marker (a disc in the result's
colour with its number: red when it wounded, blue when everything was blocked, orange for a
swipe or a fall) placed beside the target clear of every token, and the words go to the panel
(:func:`results_block`), under the same number.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.render import geometry as geo
from bot.render import palette as pal
from bot.render import text as tx
from bot.render.geometry import Blob, Point, Rect
from bot.render.layout import PANEL_W, MapLayout

RGB = pal.RGB

#: Marker diameter, in hex radii, and its least size in final pixels.
MARK = 0.6
MARK_MIN = 18.0
#: Panel block sizes, in final pixels.
PAD = 12
HEAD = 18
BIG, SMALL = 17, 14
BIG_ROW, SMALL_ROW = 24, 18
BADGE = 11


@dataclass
class Row:
    """One line of a result: ``who`` (``TV1 → D9: ``) and ``what`` (``1 wound``), and the dice
    in small print."""

    who: str
    what: str
    ink: RGB
    small: str = ""


@dataclass
class Result:
    """Everything that befell one figure this turn: its rows, its colour, its ``number`` (1, 2,
    ... in the order of the turn) and where its marker went (``rect``, canvas pixels, clear of
    every token; ``leader``: a line to the target when the marker had to go further away)."""

    target: str
    centre: Point  #: the target's token centre on the canvas
    rad: float  #: how far the target's token reaches
    rows: list[Row]
    accent: RGB
    mids: list[Point] = field(default_factory=list)  #: middles of the lines that hit it
    rect: Rect = (0.0, 0.0, 0.0, 0.0)
    number: int = 0
    leader: list[Point] = field(default_factory=list)


def marker_size(lay: MapLayout) -> float:
    """A marker's diameter on the canvas."""
    return max(lay.r * MARK, lay.c(MARK_MIN))


def _candidates(res: Result, d: float, r: float, reach: float) -> list[tuple[float, Point]]:
    """Marker centres to try with a rough cost: beside the target at growing distances (16
    directions), then on the lines that hit it."""
    cx, cy = res.centre
    out: list[tuple[float, Point]] = []
    steps = max(1, math.ceil(reach / (r * 0.25)))
    for k in range(steps + 1):
        dist = res.rad * 0.86 + d / 2 + k * r * 0.25
        for j in range(16):
            ang = math.radians(j * 22.5 - 45)  # upper right first
            out.append((dist + j * 0.001 * r, (cx + math.cos(ang) * dist, cy + math.sin(ang) * dist)))
    for m in res.mids:
        out.append((math.hypot(m[0] - cx, m[1] - cy), m))
    out.sort(key=lambda c: c[0])
    return out


def place(lay: MapLayout, res: Result, blobs: Sequence[Blob], hard: Sequence[Rect],
          lines: Sequence[Sequence[Point]], bounds: Rect, soft: Sequence[Rect] = ()) -> None:
    """Put ``res``'s marker where it covers no token, cross, glyph or earlier marker, inside the
    map, as near its target as it can (further away with a leader line when it must)."""
    r = lay.r
    d = marker_size(lay)
    margin = r * 0.04
    for reach in (1.0 * r, 3.0 * r, 14 * r, 60 * r):
        best: tuple[float, Rect] | None = None
        span = reach + res.rad + d
        near = [b for b in blobs if geo.point_segment(res.centre, b[0], b[1]) < span + b[2]]
        others = [b for b in near if geo.blob_point(b, res.centre) > 0]  # not the target's own token
        near_hard = [q for q in hard if geo.point_rect(res.centre, q) < span]
        near_soft = [q for q in soft if geo.point_rect(res.centre, q) < span]
        for cost, (x, y) in _candidates(res, d, r, reach):
            if best is not None and cost > best[0]:
                break  # nothing further out can win
            rect = (x - d / 2, y - d / 2, x + d / 2, y + d / 2)
            if not geo.inside(rect, bounds):
                continue
            grown = geo.grow(rect, margin)
            if any(geo.blob_meets_rect(b, grown) for b in near):
                continue
            if any(geo.rects_meet(grown, q) for q in near_hard):
                continue
            cost += sum(r * 0.6 for pts in lines if geo.polyline_meets_rect(pts, rect))
            cost += sum(r * 0.3 for q in near_soft if geo.rects_meet(rect, q))
            lead = _leader_line(lay, res, rect)
            if lead:
                # A leader must not seem to point at another figure.
                cost += sum(r * 3.0 for b in others if geo.point_segment(b[0], *lead) < b[2])
            if best is None or cost < best[0]:
                best = (cost, rect)
        if best is not None:
            res.rect = best[1]
            res.leader = _leader_line(lay, res, best[1])
            return
    # Nowhere free (a battlefield full of tokens): just right of the target.
    x, y = res.centre[0] + res.rad + d / 2, res.centre[1]
    res.rect = (x - d / 2, y - d / 2, x + d / 2, y + d / 2)


def _leader_line(lay: MapLayout, res: Result, rect: Rect) -> list[Point]:
    """A line from a marker placed away from its target to the target's edge (none when the
    marker is next to the target)."""
    cx, cy = res.centre
    if geo.point_rect(res.centre, rect) <= res.rad + lay.r * 0.3:
        return []
    near = (max(rect[0], min(cx, rect[2])), max(rect[1], min(cy, rect[3])))
    dx, dy = cx - near[0], cy - near[1]
    ln = math.hypot(dx, dy) or 1.0
    edge = (cx - dx / ln * (res.rad - lay.r * 0.12), cy - dy / ln * (res.rad - lay.r * 0.12))
    return [near, edge]


def draw_marker(draw: ImageDraw.ImageDraw, lay: MapLayout, res: Result) -> None:
    """The marker of ``res`` on the map: its leader line if any, then a disc in the result's
    colour with its number."""
    r = lay.r
    if res.leader:
        a, b = res.leader
        draw.line((a, b), fill=(0, 0, 0, 220), width=max(3, round(r * 0.11)))
        draw.line((a, b), fill=res.accent, width=max(2, round(r * 0.05)))
    x0, y0, x1, y1 = res.rect
    edge = max(2, round((x1 - x0) * 0.09))
    draw.ellipse(res.rect, fill=res.accent, outline=(255, 255, 255), width=edge)
    draw.ellipse(geo.grow(res.rect, edge * 0.6), outline=(0, 0, 0), width=max(1, edge // 2))
    tx.text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), str(res.number), (y1 - y0) * 0.66, pal.ink_on(res.accent),
            weight="bold")


def _item_height(res: Result) -> int:
    return sum(BIG_ROW + (SMALL_ROW if row.small else 0) for row in res.rows) + 4


def _columns(results: Sequence[Result], width: int) -> list[list[Result]]:
    """``results`` in reading order, split into as many columns of at least
    :data:`~bot.render.layout.PANEL_W` as ``width`` holds, each column about as tall."""
    ncols = max(1, min(len(results), width // PANEL_W))
    total = sum(_item_height(r) for r in results)
    cols: list[list[Result]] = [[]]
    height = 0
    for res in results:
        if cols[-1] and len(cols) < ncols and height + _item_height(res) / 2 > total / ncols * len(cols):
            cols.append([])
        cols[-1].append(res)
        height += _item_height(res)
    return cols


def block_height(results: Sequence[Result], width: int) -> int:
    """Height in final pixels of :func:`results_block` for ``results``, ``width`` wide."""
    cols = _columns(results, width)
    return PAD + HEAD + 6 + max(sum(_item_height(r) for r in col) for col in cols) + PAD // 2


def results_block(results: Sequence[Result], width: int, ss: int) -> Image.Image:
    """The panel block of this turn's results, ``width`` final pixels wide, on the canvas scale:
    each result's number on a disc in its colour (as on the map), then its rows; in columns
    when the block is wide (the panel under a wide map)."""
    s = ss
    cols = _columns(results, width)
    col_w = width // len(cols)
    img = Image.new("RGB", (width * s, block_height(results, width) * s), pal.PANEL)
    draw = ImageDraw.Draw(img)
    tx.text(draw, (PAD * s, PAD * s), "Results (numbered as on the map)", HEAD * s, pal.INK_DIM, weight="bold",
            anchor="lt")
    for c, col in enumerate(cols):
        y = float(PAD + HEAD + 6)
        left = c * col_w + PAD
        x = left + 2 * BADGE + 8
        room = (col_w - (x - c * col_w) - PAD) * s
        for res in col:
            cy = (y + BIG_ROW / 2) * s
            box = (left * s, cy - BADGE * s, (left + 2 * BADGE) * s, cy + BADGE * s)
            draw.ellipse(box, fill=res.accent, outline=(255, 255, 255), width=2 * s)
            tx.text(draw, ((left + BADGE) * s, cy), str(res.number), 14 * s, pal.ink_on(res.accent), weight="bold")
            for row in res.rows:
                mid = (y + BIG_ROW / 2) * s
                who = tx.fit(row.who, BIG * s, room * 0.7)
                tx.text(draw, (x * s, mid), who, BIG * s, (214, 218, 226), anchor="lm")
                what_x = x * s + tx.width(who, BIG * s)
                tx.text(draw, (what_x, mid), tx.fit(row.what, BIG * s, x * s + room - what_x, "bold"), BIG * s,
                        row.ink, weight="bold", anchor="lm")
                y += BIG_ROW
                if row.small:
                    tx.text(draw, ((x + 8) * s, (y + SMALL_ROW / 2 - 1) * s),
                            tx.fit(row.small, SMALL * s, room - 8 * s), SMALL * s, pal.INK_DIM, anchor="lm")
                    y += SMALL_ROW
            y += 4
    return img
