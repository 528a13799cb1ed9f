"""Fonts and text drawing for the battlefield picture.

The picture uses only the DejaVu faces bundled in ``bot/render/fonts`` (see its ``LICENSE``) and
Pillow's basic layout engine, never a system font or a system shaping library, so that the same
state gives the same pixels on every machine.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")

Weight = Literal["regular", "bold", "condensed"]

_FILES: dict[str, str] = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@lru_cache(maxsize=256)
def font(size: float, weight: Weight = "regular") -> ImageFont.FreeTypeFont:
    """The bundled face ``weight`` at ``size`` pixels (rounded; at least 6)."""
    return ImageFont.truetype(
        str(FONT_DIR / _FILES[weight]), size=max(6, round(size)), layout_engine=ImageFont.Layout.BASIC
    )


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: float,
    fill: RGB | RGBA,
    *,
    weight: Weight = "regular",
    anchor: str = "mm",
    stroke: float = 0,
    stroke_fill: RGB | RGBA | None = None,
) -> None:
    """Draw ``words`` at ``xy`` (``anchor`` as in Pillow: ``mm`` centre, ``lm`` left-middle...)."""
    draw.text(
        (round(xy[0]), round(xy[1])),
        words,
        font=font(size, weight),
        fill=fill,
        anchor=anchor,
        stroke_width=round(stroke),
        stroke_fill=stroke_fill,
    )


@lru_cache(maxsize=4096)
def width(words: str, size: float, weight: Weight = "regular") -> float:
    """Width in pixels of ``words`` at ``size``."""
    return float(font(size, weight).getlength(words))


def fit(words: str, size: float, max_width: float, weight: Weight = "regular") -> str:
    """``words`` shortened with an ellipsis so that it is at most ``max_width`` wide."""
    if width(words, size, weight) <= max_width:
        return words
    while len(words) > 1 and width(words + "…", size, weight) > max_width:
        words = words[:-1]
    return words.rstrip() + "…"


@lru_cache(maxsize=1024)
def sprite(words: str, size: float, weight: Weight = "regular", anchor: str = "mm",
           stroke: int = 0) -> tuple[Image.Image, Image.Image | None, int, int]:
    """Cached masks of ``words`` (and of its outline when ``stroke``), with their offset from the
    anchor point, for text drawn hundreds of times such as level numbers."""
    f = font(size, weight)
    bx0, by0, bx1, by1 = f.getbbox(words, anchor=anchor, stroke_width=stroke)
    x0, y0 = math.floor(bx0), math.floor(by0)
    box = (max(1, math.ceil(bx1) - x0), max(1, math.ceil(by1) - y0))
    mask = Image.new("L", box, 0)
    ImageDraw.Draw(mask).text((-x0, -y0), words, font=f, fill=255, anchor=anchor)
    outline = None
    if stroke:
        outline = Image.new("L", box, 0)
        ImageDraw.Draw(outline).text((-x0, -y0), words, font=f, fill=255, anchor=anchor, stroke_width=stroke,
                                     stroke_fill=255)
    return mask, outline, x0, y0


def stamp(img: Image.Image, xy: tuple[float, float], words: str, size: float, fill: RGB,
          weight: Weight = "regular", anchor: str = "mm", stroke: float = 0, stroke_fill: RGB | None = None) -> None:
    """Like :func:`text`, opaque colours only, from the sprite cache (much faster when repeated)."""
    mask, outline, dx, dy = sprite(words, round(size), weight, anchor, round(stroke) if stroke_fill else 0)
    at = (round(xy[0]) + dx, round(xy[1]) + dy)
    if outline is not None and stroke_fill is not None:
        img.paste(stroke_fill, at, outline)
    img.paste(fill, at, mask)
