"""The legend: the terrains and obstacles of this battlefield and what the map's marks mean.

It depends only on the battlefield, so it is drawn once with the static layer and cached.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render import palette as pal
from bot.render import symbols as sym
from bot.render import text as tx
from bot.render.layout import PANEL_W, MapLayout
from bot.rules.battlefield import Battlefield
from bot.rules.terrain import ObstacleKind, Terrain

#: Final-pixel sizes.
TITLE = 19
ITEM = 16
ROW = 28
PAD = 12
#: Narrowest legend column.
COL_MIN = 190


def _name(value: str) -> str:
    return value.replace("_", " ")


def legend_width(lay: MapLayout) -> int:
    """Width of the legend in final pixels: a panel column, or the whole width under a wide map."""
    return PANEL_W if lay.panel == "right" else max(lay.map_w, PANEL_W)


def draw_legend(bf: Battlefield, lay: MapLayout) -> Image.Image:
    """The legend block for ``bf``, on the canvas scale, :func:`legend_width` wide."""
    ss = lay.ss
    width = legend_width(lay)
    ncols = max(2, (width - PAD * 2) // COL_MIN)
    terrains = sorted({c.terrain for h in bf.hexes() for c in bf.surfaces(h)}, key=list(Terrain).index)
    on_hex = sorted({o.kind for o in bf.obstacles if o.hexes}, key=list(ObstacleKind).index)
    between = sorted({o.kind for o in bf.obstacles if o.between is not None}, key=list(ObstacleKind).index)
    keys = ["level", "cliff", "double", "height", "glyph"] if bf.obstacles else ["level", "cliff", "double", "glyph"]
    swatches: list[tuple[str, str]] = [("terrain", t.value) for t in terrains]
    swatches += [("obstacle", k.value) for k in on_hex] + [("edge", k.value) for k in between]
    swatches += [("key", k) for k in keys]
    rows = -(-len(swatches) // ncols)
    height = PAD * 2 + TITLE + 10 + rows * ROW
    img = Image.new("RGB", (width * ss, height * ss), pal.PANEL)
    draw = ImageDraw.Draw(img, "RGBA")
    tx.text(draw, (PAD * ss, PAD * ss), "Legend", TITLE * ss, pal.INK, weight="bold", anchor="lt")
    col_w = (width - PAD * 2) / ncols
    for i, (what, name) in enumerate(swatches):
        col, row = divmod(i, rows)
        x = (PAD + col * col_w) * ss
        y = (PAD + TITLE + 10 + row * ROW + ROW / 2) * ss
        sx = x + 12 * ss
        r = 12 * ss
        label = _name(name)
        if what == "terrain":
            t = Terrain(name)
            fill = pal.TERRAIN[t]
            draw.polygon(sym.hex_points(sx, y, r), fill=fill, outline=pal.darker(fill, 0.5))
            sym.texture(draw, t, sx, y, r, fill)
        elif what == "obstacle":
            draw.polygon(sym.hex_points(sx, y, r), fill=(200, 200, 190))
            sym.obstacle(draw, ObstacleKind(name), sx, y, r)
        elif what == "edge":
            sym.edge_piece(draw, ObstacleKind(name), (sx, y - r), (sx, y + r), r * 1.6)
        elif name == "level":
            fill = pal.terrain_colour(Terrain.GRASS, 3, 6)
            draw.polygon(sym.hex_points(sx, y, r), fill=fill)
            tx.text(draw, (sx, y), "3", r * 0.9, pal.ink_on(fill), weight="condensed")
            label = "level (lighter = higher)"
        elif name == "cliff":
            draw.polygon(sym.hex_points(sx, y, r), fill=(150, 150, 140))
            draw.line(((sx + r * 0.87, y - r * 0.5), (sx + r * 0.87, y + r * 0.5)), fill=pal.CLIFF, width=3 * ss)
            label = "cliff: 2+ levels"
        elif name == "double":
            draw.polygon(sym.hex_points(sx, y, r), fill=(150, 150, 140))
            pts = sym.hex_points(sx, y, r * 0.72)
            for j in range(0, 6, 2):
                draw.line((pts[j], pts[j + 1]), fill=pal.INK_DARK, width=ss)
            label = "two levels (low/high)"
        elif name == "height":
            sym.height_badge(draw, sx, y, r * 1.3, 4)
            label = "obstacle height"
        elif name == "glyph":
            draw.ellipse((sx - r * 0.8, y - r * 0.8, sx + r * 0.8, y + r * 0.8), fill=pal.GLYPH, outline=pal.INK_DARK)
            tx.text(draw, (sx, y), "A", r, pal.INK_DARK, weight="bold")
            label = "glyph (? = face down)"
        tx.text(draw, (sx + 20 * ss, y), tx.fit(label, ITEM * ss, col_w * ss - 36 * ss), ITEM * ss, pal.INK, anchor="lm")
    return img
