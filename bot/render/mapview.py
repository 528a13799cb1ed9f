"""Pictures of a map on its own (no match): the whole battlefield and a close-up of an area.

:func:`map_picture` draws the whole map with its start zones and glyph places, a title block
(name, size in spaces, levels, start zones) and the legend; :func:`area_picture` draws the spaces
within ``radius`` of a centre, larger, so that a big map (600+ spaces, levels to 30) that a phone
shows small can be read part by part. The close-up keeps the whole map's labels (``F7`` is the same
space in both pictures) and says which area it shows.

Both reuse the cached static layer of :mod:`bot.render.static` (terrain shaded by level, level
numbers, cliffs, two-level columns, obstacles), so a map is drawn once per battlefield.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render import palette as pal
from bot.render import text as tx
from bot.render.figures import draw_glyph
from bot.render.panel import wrap
from bot.render.static import static_layer
from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex, within

PAD = 14
TITLE = 30
SUB = 21


def _title_block(width: int, title: str, given: Sequence[str]) -> Image.Image:
    inner = width - 2 * PAD
    # Long lines (a proposal of start zones) wrap rather than lose their end on a narrow map.
    lines = [part for line in given for part in wrap(line, SUB, inner, 4)]
    h = PAD * 2 + TITLE + len(lines) * (SUB + 8)
    img = Image.new("RGB", (width, h), pal.PANEL)
    draw = ImageDraw.Draw(img)
    tx.text(draw, (PAD, PAD), tx.fit(title, TITLE, inner, "bold"), TITLE, pal.INK, weight="bold", anchor="lt")
    y = PAD + TITLE + 8
    for line in lines:
        tx.text(draw, (PAD, y), tx.fit(line, SUB, inner), SUB, (222, 228, 236), anchor="lt")
        y += SUB + 8
    return img


def facts(bf: Battlefield) -> list[str]:
    """The lines under a map picture's title: spaces and levels, then start zones."""
    from bot.content.importers.summary import spaces

    sp = spaces(bf)
    levels = [lv for _, lv, _ in sp]
    span = f"levels {min(levels)}-{max(levels)}" if levels else "no levels"
    zones = ", ".join(f"{z} {len(hx)}" for z, hx in sorted(bf.start_zones.items())) or "none"
    return [f"{len(sp)} spaces, {span}, {bf.labels.extent()}", f"Start zones: {zones}"]


def _compose(bf: Battlefield, title: str, lines: Sequence[str]) -> Image.Image:
    st = static_layer(bf, zones=True)
    lay = st.layout
    canvas = st.image.copy()
    draw = ImageDraw.Draw(canvas, "RGBA")
    for g in bf.glyphs:
        draw_glyph(draw, lay, g.at, g.name, g.side, occupied=False)
    body = canvas.reduce(lay.ss)
    width = max(body.width, 640)
    head = _title_block(width, title, lines)
    _big, legend = st.legend_for(min(width, 1200))
    out = Image.new("RGB", (width, head.height + body.height + legend.height), pal.PANEL)
    out.paste(head, (0, 0))
    out.paste(body, ((width - body.width) // 2, head.height))
    out.paste(legend, (0, head.height + body.height))
    return out


def map_picture(bf: Battlefield, extra: Sequence[str] = ()) -> Image.Image:
    """The whole map with its start zones and glyph places, titled with its name and facts."""
    return _compose(bf, bf.name, [*facts(bf), *extra])


_areas: dict[tuple[int, Hex, int], tuple[Battlefield, Battlefield]] = {}


def _area(bf: Battlefield, center: Hex, radius: int) -> Battlefield:
    key = (id(bf), center, radius)
    hit = _areas.get(key)
    if hit is not None and hit[0] is bf:
        return hit[1]
    keep = {h for h in within(center, radius) if h in bf}
    cols = {h: bf.columns[h] for h in keep}
    obstacles = []
    for o in bf.obstacles:
        if o.hexes and any(h in keep for h in o.hexes):
            obstacles.append(dataclasses.replace(o, hexes=tuple(h for h in o.hexes if h in keep)))
        elif o.between is not None and any(h in keep for h in o.between):
            obstacles.append(o)
    zones = {z: [h for h in hx if h in keep] for z, hx in bf.start_zones.items()}
    part = Battlefield.build(bf.name, cols, obstacles, {z: hx for z, hx in zones.items() if hx},
                             [g for g in bf.glyphs if g.at in keep], bf.description)
    # The close-up keeps the whole map's labels: F7 names the same space in both pictures.
    part = dataclasses.replace(part, _labels=bf.labels)
    if len(_areas) > 16:
        _areas.clear()
    _areas[key] = (bf, part)
    return part


def area_picture(bf: Battlefield, center: Hex, radius: int = 5) -> Image.Image:
    """A close-up of the spaces within ``radius`` of ``center`` (labels as on the whole map).

    :raises ValueError: ``center`` is not a space of ``bf``.
    """
    if center not in bf:
        raise ValueError(bf.not_a_space(str(center)))
    part = _area(bf, center, max(1, min(radius, 12)))
    return _compose(part, f"{bf.name}: around {bf.label(center)}",
                    [f"Spaces within {radius} of {bf.label(center)}; labels as on the whole map"])


def png(img: Image.Image) -> bytes:
    """``img`` as compact PNG bytes (see :func:`bot.render.compose.encode_png`)."""
    from bot.render.compose import encode_png

    return encode_png(img)


def write_png(img: Image.Image, path: str) -> None:
    """Write ``img`` as PNG to ``path``."""
    data = png(img)
    with open(path, "wb") as fh:
        fh.write(data)


__all__ = ["area_picture", "facts", "map_picture", "png", "write_png"]
