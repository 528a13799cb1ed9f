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
TITLE = 20
ITEM = 17
ROW = 30
PAD = 12
#: Narrowest legend column, for swatches and for keys.
COL_MIN = 190
KEY_MIN = 300


def _name(value: str) -> str:
    return value.replace("_", " ")


def legend_width(lay: MapLayout) -> int:
    """Width of the legend in final pixels: a panel column, or the whole width under a wide map."""
    return PANEL_W if lay.panel == "right" else max(lay.map_w, PANEL_W)


def draw_legend(bf: Battlefield, lay: MapLayout) -> Image.Image:
    """The legend block for ``bf``, on the canvas scale, :func:`legend_width` wide.

    Terrains and obstacles of this battlefield in a grid of narrow columns, then the keys (marks
    whose meaning needs a few words) in wider columns.
    """
    ss = lay.ss
    width = legend_width(lay)
    inner = width - PAD * 2
    terrains = sorted({c.terrain for h in bf.hexes() for c in bf.surfaces(h)}, key=list(Terrain).index)
    on_hex = sorted({o.kind for o in bf.obstacles if o.hexes}, key=list(ObstacleKind).index)
    between = sorted({o.kind for o in bf.obstacles if o.between is not None}, key=list(ObstacleKind).index)
    swatches: list[tuple[str, str]] = [("terrain", t.value) for t in terrains]
    swatches += [("obstacle", k.value) for k in on_hex] + [("edge", k.value) for k in between]
    keys = [k for k in KEYS if k != "height" or on_hex]
    ncols = max(2, inner // COL_MIN)
    rows = -(-len(swatches) // ncols)
    kcols = max(1, inner // KEY_MIN)
    krows = -(-len(keys) // kcols)
    top = PAD + TITLE + 10
    height = top + rows * ROW + 8 + krows * ROW + PAD
    img = Image.new("RGB", (width * ss, height * ss), pal.PANEL)
    draw = ImageDraw.Draw(img, "RGBA")
    tx.text(draw, (PAD * ss, PAD * ss), "Legend", TITLE * ss, pal.INK, weight="bold", anchor="lt")
    col_w = inner / ncols
    for i, (what, name) in enumerate(swatches):
        col, row = divmod(i, rows)
        _swatch(draw, what, name, (PAD + col * col_w) * ss, (top + row * ROW + ROW / 2) * ss, col_w * ss, ss)
    top += rows * ROW + 8
    key_w = inner / kcols
    for i, name in enumerate(keys):
        col, row = divmod(i, krows)
        _swatch(draw, "key", name, (PAD + col * key_w) * ss, (top + row * ROW + ROW / 2) * ss, key_w * ss, ss)
    return img


#: Marks explained under the swatches, in this order.
KEYS = ("level", "cliff", "double", "height", "glyph", "path", "attack", "destroyed", "marker")

_KEY_TEXT = {
    "level": "level (lighter = higher)",
    "cliff": "cliff: 2 or more levels",
    "double": "two levels here (low/high)",
    "height": "obstacle height",
    "glyph": "glyph (? = face down)",
    "path": "moved this turn",
    "attack": "attack and its result",
    "destroyed": "destroyed this turn",
    "marker": "marker face down / shown",
}


def _swatch(draw: ImageDraw.ImageDraw, what: str, name: str, x: float, y: float, cell_w: float, ss: int) -> None:
    """One legend entry: a small drawing at ``(x, y)`` (left, middle) and its words."""
    sx = x + 12 * ss
    r = 12 * ss
    label = _KEY_TEXT.get(name, _name(name)) if what == "key" else _name(name)
    text_x = sx + 20 * ss
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
    elif name == "cliff":
        draw.polygon(sym.hex_points(sx, y, r), fill=(150, 150, 140))
        draw.line(((sx + r * 0.87, y - r * 0.5), (sx + r * 0.87, y + r * 0.5)), fill=pal.CLIFF, width=3 * ss)
    elif name == "double":
        draw.polygon(sym.hex_points(sx, y, r), fill=(150, 150, 140))
        pts = sym.hex_points(sx, y, r * 0.72)
        for j in range(0, 6, 2):
            draw.line((pts[j], pts[j + 1]), fill=pal.INK_DARK, width=ss)
    elif name == "height":
        sym.height_badge(draw, sx, y, r * 2.4, 4)
    elif name == "glyph":
        draw.ellipse((sx - r * 0.8, y - r * 0.8, sx + r * 0.8, y + r * 0.8), fill=pal.GLYPH, outline=pal.INK_DARK)
        tx.text(draw, (sx, y), "A", r, pal.INK_DARK, weight="bold")
    elif name == "path":
        draw.line(((sx - r, y), (sx + r * 0.3, y)), fill=(0, 0, 0), width=5 * ss)
        draw.line(((sx - r, y), (sx + r * 0.3, y)), fill=pal.PATH, width=3 * ss)
        draw.polygon([(sx + r, y), (sx + r * 0.2, y - r * 0.5), (sx + r * 0.2, y + r * 0.5)], fill=pal.PATH)
    elif name == "attack":
        draw.line(((sx - r, y), (sx + r * 0.3, y)), fill=pal.TARGET, width=3 * ss)
        draw.polygon([(sx + r, y), (sx + r * 0.2, y - r * 0.5), (sx + r * 0.2, y + r * 0.5)], fill=pal.TARGET)
    elif name == "destroyed":
        d = r * 0.6
        for ink, w in (((255, 255, 255), 5 * ss), (pal.DESTROYED, 3 * ss)):
            draw.line(((sx - d, y - d), (sx + d, y + d)), fill=ink, width=w)
            draw.line(((sx - d, y + d), (sx + d, y - d)), fill=ink, width=w)
    elif name == "marker":
        d = 10 * ss
        draw.ellipse((sx - d, y - d, sx + d, y + d), fill=pal.MARKER_HIDDEN, outline=(200, 204, 214), width=2 * ss)
        draw.ellipse((sx + 12 * ss, y - d, sx + 12 * ss + 2 * d, y + d), fill=pal.MARKER_SHOWN,
                     outline=(255, 255, 255), width=2 * ss)
        tx.text(draw, (sx + 12 * ss + d, y), "2", 14 * ss, pal.INK_DARK, weight="bold")
        text_x += 22 * ss
    room = x + cell_w - text_x - 6 * ss
    tx.text(draw, (text_x, y), tx.fit(label, ITEM * ss, room), ITEM * ss, pal.INK, anchor="lm")
