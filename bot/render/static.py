"""The static layer: everything about a battlefield that no turn changes, drawn once and cached.

Terrain fills shaded by level, level numbers, cliff edges, two-level columns, obstacles, start
zones (a variant), space labels, and (when first asked for) the legend. The cache is keyed by the
battlefield object's identity (checked through a weak reference) plus the variant flags; a turn
copies the cached canvas and draws only figures, glyphs and what happened on top. A scenario's
terrain variants are a battlefield of their own (:meth:`Battlefield.with_variants`, built once per
mapping and kept by the base battlefield), so the same map under two scenarios gets two layers.

Level numbers are drawn last, and what lay under each one is kept (``patches``), so that a turn
can take the number off a space where a figure stands: the figure's own level pill says it, and a
bare number next to the pill would read as one number with it (``1`` ``1`` -> ``11``).
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw

from bot.render import palette as pal
from bot.render import pieces
from bot.render import symbols as sym
from bot.render import text as tx
from bot.render.layout import MapLayout, edge_text_size, layout_for
from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex, column_letters

#: Corner indices (see :data:`bot.render.layout.UNIT_CORNERS`) of the edge towards each direction.
EDGE_CORNERS: dict[int, tuple[int, int]] = {0: (0, 1), 1: (5, 0), 2: (4, 5), 3: (3, 4), 4: (2, 3), 5: (1, 2)}

#: A step of this many levels or more between neighbouring spaces is drawn as a cliff.
CLIFF = 2

#: Size of a space's level number, in hex radii: as large as the lower part of the hex holds,
#: so that levels still read on a phone showing a 22-column map 400 pixels wide.
LEVEL_TEXT = 0.62

#: How many static layers are kept.
CACHE_SIZE = 6


@dataclass(frozen=True)
class StaticLayer:
    """A battlefield's cached drawing: ``image`` is the map area on the canvas (supersampled);
    legends (:meth:`legend_for`) are drawn when first asked for, once per width."""

    layout: MapLayout
    image: Image.Image
    levels: dict[Hex, int]
    fills: dict[Hex, pal.RGB]
    max_level: int
    #: What lay under each space's level number: ``(image, canvas top-left)``.
    patches: dict[Hex, tuple[Image.Image, tuple[int, int]]] = field(default_factory=dict)
    #: Legends drawn so far (final-pixel width -> (canvas image, final-size image)).
    legends: dict[int, tuple[Image.Image, Image.Image]] = field(default_factory=dict)
    bf: weakref.ref[Battlefield] | None = None
    #: Legends enlarged for a wide map's panel ((width, final width) -> final-size image).
    enlarged: dict[tuple[int, int], Image.Image] = field(default_factory=dict)

    def legend_for(self, width: int | None = None) -> tuple[Image.Image, Image.Image]:
        """The legend ``width`` final pixels wide (default: :func:`~bot.render.legend.legend_width`)
        on the canvas and at final size, drawn once per width."""
        from bot.render.legend import draw_legend, legend_width

        width = width or legend_width(self.layout)
        hit = self.legends.get(width)
        if hit is None:
            bf = self.bf() if self.bf is not None else None
            if bf is None:  # cannot happen while the cache holds the layer: it checks the battlefield
                raise LookupError("the battlefield of this static layer is gone")
            big = draw_legend(bf, self.layout, width)
            hit = (big, big.reduce(self.layout.ss))
            with _lock:
                self.legends[width] = hit
        return hit

    def legend_enlarged(self, width: int, final_width: int) -> Image.Image:
        """The legend drawn ``width`` final pixels wide, resized to ``final_width`` (the panel
        under a very wide map is drawn narrower and enlarged), once per pair of widths."""
        hit = self.enlarged.get((width, final_width))
        if hit is None:
            big, _small = self.legend_for(width)
            k = final_width / width
            hit = big.resize((final_width, round(big.height * k / self.layout.ss)), Image.Resampling.BILINEAR)
            with _lock:
                self.enlarged[(width, final_width)] = hit
        return hit

    def hide_levels(self, canvas: Image.Image, hexes: Iterable[Hex]) -> None:
        """Take the level numbers of ``hexes`` off ``canvas`` (a copy of :attr:`image`)."""
        for h in hexes:
            patch = self.patches.get(h)
            if patch is not None:
                canvas.paste(patch[0], patch[1])


_cache: OrderedDict[tuple[int, bool, bool], tuple[weakref.ref[Battlefield], StaticLayer]] = OrderedDict()
_lock = threading.Lock()


def clear_cache() -> None:
    """Forget every cached static layer and text sprite (the benchmark's cold start)."""
    with _lock:
        _cache.clear()
    tx.sprite.cache_clear()
    tx.width.cache_clear()


def static_layer(bf: Battlefield, *, zones: bool = False, all_labels: bool = False) -> StaticLayer:
    """The static layer of ``bf`` (drawn on first use, then cached)."""
    key = (id(bf), zones, all_labels)
    with _lock:
        hit = _cache.get(key)
        if hit is not None and hit[0]() is bf:
            _cache.move_to_end(key)
            return hit[1]
    layer = _draw(bf, zones=zones, all_labels=all_labels)
    with _lock:
        _cache[key] = (weakref.ref(bf), layer)
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return layer


def edge(lay: MapLayout, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The canvas end points of ``h``'s edge towards ``direction``."""
    pts = lay.corners(h)
    i, j = EDGE_CORNERS[direction]
    return pts[i], pts[j]


def _draw(bf: Battlefield, *, zones: bool, all_labels: bool) -> StaticLayer:
    lay = layout_for(bf)
    r = lay.r
    img = Image.new("RGB", lay.canvas_map_size, pal.BACKGROUND)
    draw = ImageDraw.Draw(img)  # opaque drawing only: blending would cost a third of the time
    hexes = list(bf.hexes())
    surfaces = {h: bf.surfaces(h) for h in hexes}
    corners = {h: lay.corners(h) for h in hexes}
    levels = {h: bf.cells(h)[-1].top for h in hexes}
    max_level = max(levels.values(), default=0)
    fills: dict[Hex, pal.RGB] = {}

    # Terrain fills and textures.
    for h in hexes:
        terrain = bf.cells(h)[-1].terrain
        fill = pal.terrain_colour(terrain, levels[h], max_level)
        fills[h] = fill
        draw.polygon(corners[h], fill=fill)
        cx, cy = lay.xy(h)
        sym.texture(draw, terrain, cx, cy, r, fill)

    # Hex outlines: a thin line darker than the fill.
    thin = max(1, round(lay.c(1)))
    for h in hexes:
        pts = corners[h]
        draw.line([*pts, pts[0]], fill=pal.darker(fills[h], 0.5), width=thin)

    if zones:
        _draw_zones(img, draw, bf, lay)

    # Map boundary and cliffs (a step of CLIFF levels or more).
    for h in hexes:
        pts = corners[h]
        for d in range(6):
            nb = h.neighbour(d)
            if nb not in levels:
                a, b = pts[EDGE_CORNERS[d][0]], pts[EDGE_CORNERS[d][1]]
                draw.line((a, b), fill=pal.BOUNDARY, width=max(2, round(r * 0.07)))
            elif d < 3:
                step = abs(levels[h] - levels[nb])
                if step >= CLIFF:
                    a, b = pts[EDGE_CORNERS[d][0]], pts[EDGE_CORNERS[d][1]]
                    w = max(2, round(r * (0.13 if step < 5 else 0.19)))
                    draw.line((a, b), fill=pal.CLIFF, width=w)
                    for p in (a, b):
                        draw.ellipse((p[0] - w / 2, p[1] - w / 2, p[0] + w / 2, p[1] + w / 2), fill=pal.CLIFF)

    # Columns with two standable levels: dashed inner outline.
    for h in hexes:
        if len(surfaces[h]) > 1:
            pts = lay.corners(h, 0.8)
            ink = pal.ink_on(fills[h])
            under = pal.INK_DARK if ink != pal.INK_DARK else (255, 255, 255)
            w = max(2, round(r * 0.06))
            for colour, width in ((under, w + max(2, round(r * 0.05))), (ink, w)):
                for i in range(6):
                    p, q = pts[i], pts[(i + 1) % 6]
                    for t0, t1 in ((0.0, 0.3), (0.7, 1.0)):
                        draw.line(((p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                                   (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)),
                                  fill=colour, width=width)

    # Obstacles on hexes: a band joining a multi-hex piece, a symbol per hex, the height once.
    for o in bf.obstacles:
        if len(o.hexes) > 1:
            col = pal.darker(pal.OBSTACLE.get(o.kind, (90, 90, 90)), 0.15)
            for a_h, b_h in zip(o.hexes, o.hexes[1:], strict=False):
                if a_h.is_adjacent(b_h):
                    draw.line((lay.xy(a_h), lay.xy(b_h)), fill=col, width=max(2, round(r * 0.3)))
    for o in bf.obstacles:
        for h in o.hexes:
            cx, cy = lay.xy(h)
            sym.obstacle(draw, o.kind, cx, cy, r)
        if o.hexes:
            cx, cy = lay.xy(o.hexes[0])
            sym.height_badge(draw, cx, cy - 0.05 * r, r, o.height)

    # Obstacles between hexes.
    for o in bf.obstacles:
        if o.between is not None:
            pa, pb = o.between[0].edge_with(o.between[1])
            a, b = lay.plane(pa), lay.plane(pb)
            sym.edge_piece(draw, o.kind, a, b, r)
    pieces.draw_ladders(draw, bf, lay)  # rope ladders (HS-LADDER-*)
    pieces.draw_piece_ids(draw, bf, lay)  # cannon ids, for Cannon Fire (HS-OBSTACLE-04)

    # Level numbers (both levels for a two-level column), last, keeping what lies under each.
    patches: dict[Hex, tuple[Image.Image, tuple[int, int]]] = {}
    for h in hexes:
        cx, cy = lay.xy(h)
        here = surfaces[h]
        words = "/".join(str(c.top) for c in here) if len(here) > 1 else str(levels[h])
        ink = pal.ink_on(fills[h])
        halo = pal.darker(fills[h], 0.6) if ink != pal.INK_DARK else None
        size = level_size(lay, words)
        at = (cx, cy + (0.56 if len(words) <= 2 else 0.58) * r)
        stroke = lay.c(1.2)
        mask, _outline, dx, dy = tx.sprite(words, round(size), "condensed", "mm", round(stroke) if halo else 0)
        x0, y0 = round(at[0]) + dx, round(at[1]) + dy
        patches[h] = (img.crop((x0, y0, x0 + mask.width, y0 + mask.height)), (x0, y0))
        tx.stamp(img, at, words, size, ink, weight="condensed", stroke=stroke, stroke_fill=halo)

    if all_labels:
        for h in bf.hexes():
            cx, cy = lay.xy(h)
            ink = pal.ink_on(fills[h])
            tx.stamp(img, (cx, cy - 0.62 * r), bf.label(h), r * 0.3, ink, weight="condensed")

    _draw_edge_labels(draw, bf, lay)
    return StaticLayer(layout=lay, image=img, levels=levels, fills=fills, max_level=max_level, patches=patches,
                       bf=weakref.ref(bf))


def level_size(lay: MapLayout, words: str) -> float:
    """Font size of a level number (smaller for ``3/9`` two-level labels)."""
    return lay.r * (LEVEL_TEXT if len(words) <= 2 else 0.46 if len(words) <= 4 else 0.4)


def edge_labels(bf: Battlefield, lay: MapLayout) -> list[tuple[str, tuple[float, float], str]]:
    """The labels around the map, as ``(text, canvas point, Pillow anchor)``.

    Rows are offset by half a hex, so column letters alone cannot say which column a space of
    an odd row is in: every row is labelled with the full label of its first space just left
    of that space (``A2``, right-aligned) and of its last space just right of it (``M2``), so
    that a space's label is read by counting along its row from either edge. The column letters
    stand above the top row's spaces and under the bottom row's.
    """
    grid = bf.labels
    r = lay.r
    w, hgt = lay.canvas_map_size
    gut = r * 0.5
    c0, c1 = lay.cols
    r0, r1 = lay.rows
    out: list[tuple[str, tuple[float, float], str]] = []
    for col in range(c0, c1 + 1):
        letters = column_letters(col - grid.col0)
        out.append((letters, (lay.column_x(col, r0), gut), "mm"))
        out.append((letters, (lay.column_x(col, r1), hgt - gut), "mm"))
    rows: dict[int, list[Hex]] = {}
    for h in bf.hexes():
        rows.setdefault(h.r, []).append(h)
    half = r * 0.866
    for _row, spaces in sorted(rows.items()):
        first = min(spaces, key=lambda h: h.center()[0])
        last = max(spaces, key=lambda h: h.center()[0])
        (fx, fy), (lx, ly) = lay.xy(first), lay.xy(last)
        out.append((bf.label(first), (fx - half - r * 0.12, fy), "rm"))
        out.append((bf.label(last), (lx + half + r * 0.12, ly), "lm"))
    return out


def _draw_edge_labels(draw: ImageDraw.ImageDraw, bf: Battlefield, lay: MapLayout) -> None:
    size = lay.c(edge_text_size(lay.radius))
    for words, at, anchor in edge_labels(bf, lay):
        tx.text(draw, at, words, size, pal.EDGE_LABEL, weight="bold", anchor=anchor)


def zone_colour(name: str, index: int) -> pal.RGB:
    """The colour of start zone ``name`` (a colour name when it is one)."""
    return pal.NAMED.get(name.lower(), pal.NAMED[pal.SEAT_ORDER[index % len(pal.SEAT_ORDER)]])


def _stripes(size: tuple[int, int], period: float, value: int) -> Image.Image:
    """A mask of diagonal stripes (``value`` on, 0 off)."""
    w, h = size
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    lw = max(2, round(period * 0.3))
    x = -h
    while x < w:
        d.line(((x, h), (x + h, 0)), fill=value, width=lw)
        x += round(period)
    return mask


def _draw_zones(img: Image.Image, draw: ImageDraw.ImageDraw, bf: Battlefield, lay: MapLayout) -> None:
    r = lay.r
    stripes = _stripes(img.size, r * 0.55, 150)
    for i, (name, hexes) in enumerate(sorted(bf.start_zones.items())):
        col = zone_colour(name, i)
        mask = Image.new("L", img.size, 0)
        md = ImageDraw.Draw(mask)
        for h in hexes:
            md.polygon(lay.corners(h, 0.96), fill=255)
        img.paste(col, mask=ImageChops.multiply(mask, stripes))
        w = max(2, round(r * 0.14))
        for h in hexes:
            for d in range(6):
                if h.neighbour(d) not in hexes:
                    a, b = edge(lay, h, d)
                    # Pull the border into the zone so that it stays clear of a cliff line.
                    cx, cy = lay.xy(h)
                    a = (a[0] + (cx - a[0]) * 0.1, a[1] + (cy - a[1]) * 0.1)
                    b = (b[0] + (cx - b[0]) * 0.1, b[1] + (cy - b[1]) * 0.1)
                    draw.line((a, b), fill=col, width=w)
