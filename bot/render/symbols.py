"""Small drawings used on the map and in the legend: terrain textures and obstacle symbols.

Every function draws on a canvas (supersampled) ``ImageDraw`` around a centre ``(cx, cy)`` with a
hex circumradius ``r`` in canvas pixels, so the same code draws a full-size hex on the map and a
small swatch in the legend.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from bot.render import palette as pal
from bot.render import text as tx
from bot.render.layout import UNIT_CORNERS
from bot.rules.terrain import ObstacleKind, Terrain

Point = tuple[float, float]
RGB = pal.RGB


def hex_points(cx: float, cy: float, r: float) -> list[Point]:
    """Corners of a pointy-top hex of circumradius ``r`` centred on ``(cx, cy)``."""
    return [(cx + ux * r, cy + uy * r) for ux, uy in UNIT_CORNERS]


def _pts(cx: float, cy: float, r: float, unit: list[Point]) -> list[Point]:
    return [(cx + x * r, cy + y * r) for x, y in unit]


def _wave(cx: float, cy: float, r: float, y: float, x0: float, x1: float, amp: float = 0.06) -> list[Point]:
    n = 10
    return [
        (cx + (x0 + (x1 - x0) * i / n) * r, cy + (y + amp * math.sin(i / n * 2 * math.pi)) * r)
        for i in range(n + 1)
    ]


def texture(draw: ImageDraw.ImageDraw, terrain: Terrain, cx: float, cy: float, r: float, fill: RGB) -> None:
    """Marks that tell apart terrains of similar colour (waves, bubbles, cracks, planks...)."""
    if terrain not in pal.TEXTURED:
        return
    w = max(1, round(r * 0.05))
    light = pal.lighter(fill, 0.45)
    dark = pal.darker(fill, 0.35)
    if terrain.is_water:
        ink = (255, 255, 255) if terrain is Terrain.WELLSPRING_WATER else light
        for y, x0, x1 in ((-0.42, -0.32, 0.22), (-0.14, -0.06, 0.5)):
            draw.line(_wave(cx, cy, r, y, x0, x1), fill=ink, width=w)
        if terrain is Terrain.TOXIC_WATER:
            for bx, by, br in ((-0.5, 0.05, 0.09), (0.42, -0.42, 0.07), (-0.2, 0.28, 0.06)):
                draw.ellipse((cx + (bx - br) * r, cy + (by - br) * r, cx + (bx + br) * r, cy + (by + br) * r),
                             outline=(236, 255, 120), width=w)
        elif terrain is Terrain.SWAMP_WATER:
            for bx in (-0.5, -0.38, 0.45):
                draw.line(_pts(cx, cy, r, [(bx, 0.05), (bx + 0.04, -0.3)]), fill=(150, 170, 80), width=w)
        elif terrain is Terrain.WELLSPRING_WATER:
            draw.line(_pts(cx, cy, r, [(0.42, 0.0), (0.42, 0.3)]), fill=(255, 255, 255), width=w)
            draw.line(_pts(cx, cy, r, [(0.27, 0.15), (0.57, 0.15)]), fill=(255, 255, 255), width=w)
        return
    if terrain is Terrain.TOXIC_LAND:
        for bx, by, br in ((-0.45, -0.3, 0.09), (0.35, -0.45, 0.07), (0.5, 0.05, 0.08), (-0.55, 0.15, 0.06)):
            draw.ellipse((cx + (bx - br) * r, cy + (by - br) * r, cx + (bx + br) * r, cy + (by + br) * r),
                         fill=(96, 110, 10))
    elif terrain in (Terrain.MOLTEN_LAVA, Terrain.COOLING_LAVA, Terrain.LAVA_FIELD):
        ink = {Terrain.MOLTEN_LAVA: (255, 236, 96), Terrain.COOLING_LAVA: (70, 24, 20),
               Terrain.LAVA_FIELD: (236, 110, 40)}[terrain]
        draw.line(_pts(cx, cy, r, [(-0.6, -0.1), (-0.3, -0.3), (-0.05, -0.15), (0.2, -0.45), (0.55, -0.3)]),
                  fill=ink, width=w)
        draw.line(_pts(cx, cy, r, [(-0.05, -0.15), (0.1, 0.15), (0.45, 0.2)]), fill=ink, width=w)
    elif terrain is Terrain.SLIPPERY_ICE:
        for x in (-0.45, -0.1, 0.25):
            draw.line(_pts(cx, cy, r, [(x, -0.05), (x + 0.3, -0.45)]), fill=(255, 255, 255), width=w)
    elif terrain is Terrain.THIN_ICE:
        draw.line(_pts(cx, cy, r, [(-0.55, -0.2), (-0.2, -0.3), (0.05, -0.05), (0.4, -0.25), (0.6, 0.05)]),
                  fill=(90, 130, 170), width=w)
        draw.line(_pts(cx, cy, r, [(-0.2, -0.3), (-0.15, -0.6)]), fill=(90, 130, 170), width=w)
    elif terrain is Terrain.HEAVY_SNOW:
        for bx, by in ((-0.45, -0.35), (0.0, -0.55), (0.4, -0.3), (-0.2, -0.05), (0.5, 0.1), (-0.6, 0.15)):
            br = 0.06
            draw.ellipse((cx + (bx - br) * r, cy + (by - br) * r, cx + (bx + br) * r, cy + (by + br) * r),
                         fill=(150, 160, 190))
    elif terrain is Terrain.ROAD:
        for y in (-0.45, -0.1):
            draw.line(_pts(cx, cy, r, [(-0.5, y), (0.5, y)]), fill=dark, width=w)
        for x, y0, y1 in ((-0.2, -0.45, -0.1), (0.25, -0.45, -0.1), (0.0, -0.1, 0.2), (-0.45, -0.1, 0.2), (0.45, -0.1, 0.2)):
            draw.line(_pts(cx, cy, r, [(x, y0), (x, y1)]), fill=dark, width=w)
    elif terrain is Terrain.WOOD:
        for x in (-0.45, -0.15, 0.15, 0.45):
            draw.line(_pts(cx, cy, r, [(x, -0.55 + abs(x) * 0.5), (x, 0.45)]), fill=dark, width=w)
    elif terrain is Terrain.SWAMP:
        for bx, by in ((-0.45, -0.2), (-0.3, -0.25), (0.35, -0.4), (0.5, -0.35), (0.45, 0.1)):
            draw.line(_pts(cx, cy, r, [(bx, by + 0.22), (bx, by - 0.1)]), fill=(58, 72, 26), width=w)
    elif terrain is Terrain.HIVE:
        draw.polygon(hex_points(cx, cy - 0.22 * r, r * 0.3), outline=dark, width=w)
        draw.polygon(hex_points(cx - 0.5 * r, cy + 0.05 * r, r * 0.2), outline=dark, width=w)
    elif terrain is Terrain.SHADOW:
        for x in (-0.6, -0.3, 0.0, 0.3):
            draw.line(_pts(cx, cy, r, [(x, 0.0), (x + 0.35, -0.45)]), fill=pal.darker(fill, 0.45), width=w)
    elif terrain is Terrain.ASPHALT:
        # Painted lane marks: asphalt reads as a road surface, not as the dark background.
        for x0, x1 in ((-0.55, -0.3), (-0.1, 0.15), (0.35, 0.6)):
            draw.line(_pts(cx, cy, r, [(x0, -0.3), (x1, -0.3)]), fill=(226, 214, 150), width=w)


def obstacle(draw: ImageDraw.ImageDraw, kind: ObstacleKind, cx: float, cy: float, r: float) -> None:
    """The symbol of an obstacle standing on a hex."""
    col = pal.OBSTACLE.get(kind, (90, 90, 90))
    edge = pal.darker(col, 0.55)
    w = max(1, round(r * 0.05))
    if kind is ObstacleKind.TREE:
        draw.rectangle((cx - 0.09 * r, cy + 0.2 * r, cx + 0.09 * r, cy + 0.5 * r), fill=(90, 58, 30))
        draw.polygon(_pts(cx, cy, r, [(0, -0.2), (0.58, 0.32), (-0.58, 0.32)]), fill=col, outline=(210, 240, 210), width=w)
        draw.polygon(_pts(cx, cy, r, [(0, -0.66), (0.44, -0.08), (-0.44, -0.08)]), fill=col, outline=(210, 240, 210), width=w)
    elif kind is ObstacleKind.JUNGLE_TREE:
        for i in range(6):
            a = math.radians(60 * i + 15)
            tip = (math.cos(a) * 0.66, math.sin(a) * 0.66)
            side = (math.cos(a + 0.5) * 0.3, math.sin(a + 0.5) * 0.3)
            side2 = (math.cos(a - 0.5) * 0.3, math.sin(a - 0.5) * 0.3)
            draw.polygon(_pts(cx, cy, r, [(0, 0), side, tip, side2]), fill=col, outline=pal.darker(col, 0.5), width=w)
        draw.ellipse((cx - 0.14 * r, cy - 0.14 * r, cx + 0.14 * r, cy + 0.14 * r), fill=(110, 70, 34))
    elif kind is ObstacleKind.UNDERBRUSH:
        for bx, by in ((-0.32, 0.05), (0.32, 0.05), (0.0, -0.22), (-0.18, 0.3), (0.18, 0.3), (0.0, 0.08)):
            br = 0.22
            draw.ellipse((cx + (bx - br) * r, cy + (by - br) * r, cx + (bx + br) * r, cy + (by + br) * r),
                         fill=col, outline=pal.darker(col, 0.5), width=w)
    elif kind is ObstacleKind.OUTCROP:
        body = [(-0.6, 0.34), (-0.42, -0.3), (-0.05, -0.6), (0.42, -0.32), (0.62, 0.3), (0.1, 0.48)]
        draw.polygon(_pts(cx, cy, r, body), fill=col, outline=(30, 28, 26), width=w)
        draw.polygon(_pts(cx, cy, r, [(-0.05, -0.6), (0.42, -0.32), (0.1, 0.0)]), fill=pal.lighter(col, 0.3))
    elif kind is ObstacleKind.GLACIER:
        body = [(-0.55, 0.38), (-0.35, -0.3), (0.0, -0.66), (0.32, -0.25), (0.56, 0.38)]
        draw.polygon(_pts(cx, cy, r, body), fill=col, outline=(40, 110, 170), width=w)
        draw.line(_pts(cx, cy, r, [(0.0, -0.66), (-0.08, 0.38)]), fill=(90, 160, 210), width=w)
        draw.line(_pts(cx, cy, r, [(-0.35, -0.3), (-0.08, 0.0), (0.32, -0.25)]), fill=(90, 160, 210), width=w)
    elif kind is ObstacleKind.FORTIFIED_WALL:
        draw.polygon(hex_points(cx, cy, r * 0.8), fill=col, outline=(20, 20, 24), width=w * 2)
        for y in (-0.25, 0.05, 0.35):
            draw.line(_pts(cx, cy, r, [(-0.6, y), (0.6, y)]), fill=pal.lighter(col, 0.3), width=w)
        for x, y0, y1 in ((-0.2, -0.25, 0.05), (0.2, -0.25, 0.05), (0.0, 0.05, 0.35), (-0.4, 0.05, 0.35), (0.4, 0.05, 0.35)):
            draw.line(_pts(cx, cy, r, [(x, y0), (x, y1)]), fill=pal.lighter(col, 0.3), width=w)
    elif kind is ObstacleKind.CANNON:
        draw.line(_pts(cx, cy, r, [(-0.2, 0.1), (0.5, -0.4)]), fill=col, width=max(1, round(r * 0.22)))
        draw.ellipse((cx - 0.42 * r, cy - 0.1 * r, cx + 0.02 * r, cy + 0.34 * r), fill=(120, 80, 40), outline=col, width=w * 2)
    elif kind is ObstacleKind.OBJECT:  # a destructible object: a mushroom-like cap on a stem
        draw.rectangle((cx - 0.12 * r, cy - 0.05 * r, cx + 0.12 * r, cy + 0.32 * r), fill=(236, 226, 206))
        draw.chord((cx - 0.56 * r, cy - 0.6 * r, cx + 0.56 * r, cy + 0.3 * r), 180, 360, fill=col, outline=edge, width=w)
    else:  # walls drawn on a hex: a plain block
        draw.polygon(hex_points(cx, cy, r * 0.6), fill=col, outline=edge, width=w)


def height_badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, height: int) -> None:
    """An obstacle's height: white number on a black rounded badge."""
    s = str(height)
    size = r * 0.42
    bw = tx.width(s, size, "condensed") / 2 + r * 0.1
    bh = r * 0.25
    draw.rounded_rectangle((cx - bw, cy - bh, cx + bw, cy + bh), radius=bh * 0.6, fill=(0, 0, 0),
                           outline=(255, 255, 255), width=max(1, round(r * 0.03)))
    tx.text(draw, (cx, cy), s, size, (255, 255, 255), weight="condensed")


def edge_piece(draw: ImageDraw.ImageDraw, kind: ObstacleKind, a: Point, b: Point, r: float) -> None:
    """An obstacle standing between two hexes, as a thick segment on their shared edge ``a``-``b``."""
    col = pal.OBSTACLE.get(kind, (90, 90, 90))
    w = max(2, round(r * 0.24))
    # Stretch the piece a little past the corners so that pieces along a line join up.
    dx, dy = b[0] - a[0], b[1] - a[1]
    a2 = (a[0] - dx * 0.06, a[1] - dy * 0.06)
    b2 = (b[0] + dx * 0.06, b[1] + dy * 0.06)
    if kind is ObstacleKind.RUIN:
        m1 = (a2[0] + dx * 0.42, a2[1] + dy * 0.42)
        m2 = (a2[0] + dx * 0.62, a2[1] + dy * 0.62)
        for p, q in ((a2, m1), (m2, b2)):
            draw.line((p, q), fill=(40, 32, 20), width=w + max(2, round(r * 0.08)))
            draw.line((p, q), fill=col, width=w)
        return
    draw.line((a2, b2), fill=(16, 14, 12), width=w + max(2, round(r * 0.08)))
    draw.line((a2, b2), fill=col, width=w)
    if kind is ObstacleKind.STONE_WALL:
        for t in (0.25, 0.5, 0.75):
            m = (a2[0] + dx * 1.12 * t, a2[1] + dy * 1.12 * t)
            n = (-dy, dx)
            ln = math.hypot(*n) or 1.0
            off = (n[0] / ln * w * 0.5, n[1] / ln * w * 0.5)
            draw.line(((m[0] - off[0], m[1] - off[1]), (m[0] + off[0], m[1] + off[1])), fill=(70, 70, 76),
                      width=max(1, round(r * 0.04)))
