"""The legend: the terrains and obstacles of this battlefield and what the map's marks mean.

It depends only on the battlefield, so it is drawn once with the static layer and cached.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render import palette as pal
from bot.render import symbols as sym
from bot.render import text as tx
from bot.render.layout import PANEL_W, MapLayout
from bot.render.pieces import LADDER_COLOUR
from bot.rules.battlefield import Battlefield
from bot.rules.terrain import ObstacleKind, Terrain

#: Final-pixel sizes.
ITEM = 14
ROW = 22
PAD = 10
#: Narrowest legend column.
COL_MIN = 180


#: Legend words for pieces whose kind name alone says too little.
_PIECE_TEXT = {"object": "destructible object", "ship": "ship hull"}


def _name(value: str) -> str:
    return _PIECE_TEXT.get(value, value.replace("_", " "))


def legend_width(lay: MapLayout) -> int:
    """Default width of the legend in final pixels: a panel column, or the whole width under a
    wide map."""
    return PANEL_W if lay.panel == "right" else max(lay.map_w, PANEL_W)


def entries(bf: Battlefield) -> list[tuple[str, str]]:
    """The legend's entries for ``bf``: ``(what, name)``, terrains, obstacles, then keys."""
    terrains = sorted({c.terrain for h in bf.hexes() for c in bf.surfaces(h)}, key=list(Terrain).index)
    on_hex = sorted({o.kind for o in bf.obstacles if o.hexes}, key=list(ObstacleKind).index)
    between = sorted({o.kind for o in bf.obstacles if o.between is not None}, key=list(ObstacleKind).index)
    out: list[tuple[str, str]] = [("terrain", t.value) for t in terrains]
    out += [("obstacle", k.value) for k in on_hex] + [("edge", k.value) for k in between]
    doubles = any(len(bf.surfaces(h)) > 1 for h in bf.hexes())
    out += [("key", k) for k in KEYS if (k != "height" or on_hex) and (k != "double" or doubles)
            and (k != "glyph" or bf.glyphs) and (k != "ladder" or bf.ladders)]
    return out


def _grid(n: int, width: int) -> tuple[int, int]:
    """Columns and rows of a legend of ``n`` entries, ``width`` final pixels wide."""
    ncols = max(2, min(n, (width - PAD * 2) // COL_MIN))
    return ncols, -(-n // ncols)


def legend_height(bf: Battlefield, width: int) -> int:
    """Height in final pixels of :func:`draw_legend` for ``bf`` at ``width``, without drawing it."""
    return PAD + _grid(len(entries(bf)), width)[1] * ROW + PAD // 2


def draw_legend(bf: Battlefield, lay: MapLayout, width: int | None = None) -> Image.Image:
    """The legend block for ``bf``, on the canvas scale, ``width`` (default :func:`legend_width`)
    final pixels wide: short entries in as many columns of at least :data:`COL_MIN` pixels as
    fit, filled column by column."""
    ss = lay.ss
    width = width or legend_width(lay)
    inner = width - PAD * 2
    items = entries(bf)
    ncols, rows = _grid(len(items), width)
    height = legend_height(bf, width)
    img = Image.new("RGB", (width * ss, height * ss), pal.PANEL)
    draw = ImageDraw.Draw(img, "RGBA")
    draw.line(((PAD * ss, ss), ((width - PAD) * ss, ss)), fill=pal.PANEL_LINE, width=ss)
    col_w = inner / ncols
    for i, (what, name) in enumerate(items):
        col, row = divmod(i, rows)
        _swatch(draw, what, name, (PAD + col * col_w) * ss, (PAD + row * ROW + ROW / 2) * ss, col_w * ss, ss)
    return img


#: Marks explained after the swatches, in this order.
KEYS = ("level", "badge", "cliff", "double", "height", "ladder", "glyph", "path", "attack", "destroyed", "marker")

_KEY_TEXT = {
    "level": "space level",
    "badge": "figure's level",
    "cliff": "cliff (2+ levels)",
    "double": "two levels: low/high",
    "height": "obstacle height",
    "ladder": "rope ladder",
    "glyph": "glyph (? face down)",
    "path": "moved from / to",
    "attack": "attack, result no.",
    "destroyed": "destroyed",
    "marker": "marker down/up",
}


def _swatch(draw: ImageDraw.ImageDraw, what: str, name: str, x: float, y: float, cell_w: float, ss: int) -> None:
    """One legend entry: a small drawing at ``(x, y)`` (left, middle) and its words."""
    sx = x + 9 * ss
    r = 9 * ss
    label = _KEY_TEXT.get(name, _name(name)) if what == "key" else _name(name)
    text_x = sx + 16 * ss
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
        tx.text(draw, (sx, y), "3", r * 1.1, pal.ink_on(fill), weight="condensed")
    elif name == "badge":
        hw, hh = r * 0.7, r * 0.62
        draw.rounded_rectangle((sx - hw, y - hh, sx + hw, y + hh), radius=hh * 0.8, fill=(16, 16, 20),
                               outline=(255, 255, 255), width=ss)
        tx.text(draw, (sx, y), "3", r * 1.0, (255, 255, 255), weight="condensed")
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
    elif name == "ladder":
        # The rope ladder as the map draws it (bot.render.pieces): two brown rails and rungs.
        for s in (-1, 1):
            draw.line(((sx + s * r * 0.35, y - r), (sx + s * r * 0.35, y + r)), fill=LADDER_COLOUR, width=2 * ss)
        for k in (-0.5, 0.0, 0.5):
            draw.line(((sx - r * 0.35, y + k * r), (sx + r * 0.35, y + k * r)), fill=LADDER_COLOUR, width=ss)
    elif name == "glyph":
        draw.ellipse((sx - r * 0.8, y - r * 0.8, sx + r * 0.8, y + r * 0.8), fill=pal.GLYPH, outline=pal.INK_DARK)
        tx.text(draw, (sx, y), "A", r, pal.INK_DARK, weight="bold")
    elif name == "path":
        # Like a ghost on the map: a faint ring under a small dark plate edged in the player's colour.
        g = r * 0.55
        draw.ellipse((sx - r - g, y - g, sx - r + g, y + g), fill=(200, 60, 60, 80), outline=(255, 255, 255), width=ss)
        draw.rounded_rectangle((sx - r - g * 0.9, y - g * 0.55, sx - r + g * 0.9, y + g * 0.55), radius=g * 0.3,
                               fill=(16, 16, 20, 225), outline=(200, 60, 60), width=ss)
        draw.line(((sx - r + g, y), (sx + r * 0.3, y)), fill=(0, 0, 0), width=5 * ss)
        draw.line(((sx - r + g, y), (sx + r * 0.3, y)), fill=pal.PATH, width=3 * ss)
        draw.polygon([(sx + r, y), (sx + r * 0.2, y - r * 0.5), (sx + r * 0.2, y + r * 0.5)], fill=pal.PATH)
    elif name == "attack":
        draw.arc((sx - r, y - r * 0.5, sx + r, y + r * 1.1), 200, 330, fill=pal.TARGET, width=3 * ss)
        draw.polygon([(sx + r * 0.95, y - r * 0.05), (sx + r * 0.2, y - r * 0.45), (sx + r * 0.5, y + r * 0.3)],
                     fill=pal.TARGET)
        # The result's numbered marker (the panel lists the result under that number).
        d = 7.0 * ss
        mx = sx + r + 4 * ss + d
        draw.ellipse((mx - d, y - d, mx + d, y + d), fill=pal.TARGET, outline=(255, 255, 255), width=ss)
        tx.text(draw, (mx, y), "1", 10 * ss, pal.ink_on(pal.TARGET), weight="bold")
        text_x += 18 * ss
    elif name == "destroyed":
        d = r * 0.6
        for ink, w in (((255, 255, 255), 5 * ss), (pal.DESTROYED, 3 * ss)):
            draw.line(((sx - d, y - d), (sx + d, y + d)), fill=ink, width=w)
            draw.line(((sx - d, y + d), (sx + d, y - d)), fill=ink, width=w)
    elif name == "marker":
        d = 8 * ss
        draw.ellipse((sx - d, y - d, sx + d, y + d), fill=pal.MARKER_HIDDEN, outline=(200, 204, 214), width=2 * ss)
        draw.ellipse((sx + 10 * ss, y - d, sx + 10 * ss + 2 * d, y + d), fill=pal.MARKER_SHOWN,
                     outline=(255, 255, 255), width=2 * ss)
        tx.text(draw, (sx + 10 * ss + d, y), "2", 11 * ss, pal.INK_DARK, weight="bold")
        text_x += 18 * ss
    room = x + cell_w - text_x - 4 * ss
    tx.text(draw, (text_x, y), tx.fit(label, ITEM * ss, room), ITEM * ss, pal.INK, anchor="lm")
