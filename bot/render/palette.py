"""Colours of the battlefield picture: terrain, level shading, players, obstacles, overlays.

Terrain colours are chosen to stay apart from each other on a phone screen (toxic water is
violet, not a second blue; swamp water is murky teal; wellspring water is bright cyan; asphalt is
a mid grey with lane marks and shadow a deep violet, both well apart from the near-black
background at every level). A level is
shown by shading the terrain colour: low spaces are darker, high spaces lighter, on one scale per
battlefield so that the highest space of the map is the lightest.
"""

from __future__ import annotations

from functools import lru_cache

from bot.rules.terrain import ObstacleKind, Terrain

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

BACKGROUND: RGB = (14, 16, 22)
PANEL: RGB = (24, 27, 33)
PANEL_LINE: RGB = (62, 68, 80)
INK: RGB = (236, 238, 242)
INK_DIM: RGB = (150, 157, 170)
INK_DARK: RGB = (18, 18, 22)
EDGE_LABEL: RGB = (214, 220, 230)
CLIFF: RGB = (12, 10, 8)
BOUNDARY: RGB = (10, 12, 16)
HIGHLIGHT: RGB = (255, 226, 64)
TARGET: RGB = (255, 60, 60)
REACH: RGB = (120, 240, 255)
PATH: RGB = (250, 250, 250)
GLYPH: RGB = (238, 196, 56)
GLYPH_SYMBOL: RGB = (150, 110, 210)
#: Treasure, Artifact and Tech Glyphs lying power side up: teal, apart from the gold power glyphs.
GLYPH_TREASURE: RGB = (72, 196, 170)
MARKER_HIDDEN: RGB = (70, 76, 92)
MARKER_SHOWN: RGB = (238, 196, 56)
DESTROYED: RGB = (230, 30, 30)

#: Base colour of each terrain at a middle level.
TERRAIN: dict[Terrain, RGB] = {
    Terrain.GRASS: (98, 160, 62),
    Terrain.ROCK: (136, 128, 118),
    Terrain.SAND: (226, 200, 132),
    Terrain.DIRT: (150, 104, 62),
    Terrain.ASPHALT: (120, 122, 132),
    Terrain.CONCRETE: (176, 176, 170),
    Terrain.ROAD: (196, 168, 120),
    Terrain.WOOD: (164, 112, 58),
    Terrain.WATER: (46, 118, 220),
    Terrain.SWAMP_WATER: (52, 112, 104),
    Terrain.TOXIC_WATER: (168, 70, 200),
    Terrain.WELLSPRING_WATER: (70, 214, 236),
    Terrain.TOXIC_LAND: (186, 200, 40),
    Terrain.SHADOW: (92, 50, 140),
    Terrain.LAVA_FIELD: (120, 52, 40),
    Terrain.MOLTEN_LAVA: (246, 104, 18),
    Terrain.COOLING_LAVA: (196, 70, 58),
    Terrain.ICE: (176, 222, 246),
    Terrain.SLIPPERY_ICE: (140, 200, 240),
    Terrain.THIN_ICE: (214, 238, 250),
    Terrain.SNOW: (240, 242, 248),
    Terrain.HEAVY_SNOW: (214, 220, 236),
    Terrain.SWAMP: (104, 122, 58),
    Terrain.DUNGEON: (108, 96, 84),
    Terrain.HIVE: (214, 156, 44),
    Terrain.JUNGLE: (34, 118, 62),
}

#: Terrains drawn with a texture on top of their colour, so that they differ by more than hue.
TEXTURED: frozenset[Terrain] = frozenset({
    Terrain.WATER, Terrain.SWAMP_WATER, Terrain.TOXIC_WATER, Terrain.WELLSPRING_WATER,
    Terrain.TOXIC_LAND, Terrain.MOLTEN_LAVA, Terrain.COOLING_LAVA, Terrain.LAVA_FIELD,
    Terrain.SLIPPERY_ICE, Terrain.THIN_ICE, Terrain.HEAVY_SNOW, Terrain.ROAD, Terrain.WOOD,
    Terrain.SWAMP, Terrain.HIVE, Terrain.SHADOW, Terrain.ASPHALT,
})

OBSTACLE: dict[ObstacleKind, RGB] = {
    ObstacleKind.TREE: (22, 92, 44),
    ObstacleKind.JUNGLE_TREE: (48, 168, 64),
    ObstacleKind.UNDERBRUSH: (128, 164, 48),
    ObstacleKind.RUIN: (232, 210, 156),
    ObstacleKind.WALL: (178, 104, 66),
    ObstacleKind.STONE_WALL: (196, 196, 204),
    ObstacleKind.FORTIFIED_WALL: (84, 88, 96),
    ObstacleKind.OUTCROP: (112, 106, 100),
    ObstacleKind.GLACIER: (206, 238, 252),
    ObstacleKind.CANNON: (30, 30, 34),
    ObstacleKind.SHIP: (124, 82, 44),  # a ship's wooden hull
    ObstacleKind.OBJECT: (176, 60, 150),  # a destructible object (a shroudshroom's purple)
}

#: Player and start-zone colours, by name. Seats use :data:`SEAT_ORDER`.
NAMED: dict[str, RGB] = {
    "red": (214, 40, 40),
    "blue": (36, 92, 226),
    "green": (24, 150, 60),
    "yellow": (240, 200, 20),
    "purple": (140, 60, 200),
    "orange": (246, 128, 20),
    "cyan": (20, 190, 200),
    "pink": (236, 90, 170),
    "white": (235, 235, 235),
    "black": (40, 40, 40),
    "brown": (130, 80, 40),
    "grey": (128, 128, 128),
    "gray": (128, 128, 128),
}
SEAT_ORDER: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink")


def clamp(v: float) -> int:
    """``v`` rounded into 0..255."""
    return max(0, min(255, round(v)))


@lru_cache(maxsize=8192)
def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0: ``a``, 1: ``b``)."""
    return (clamp(a[0] + (b[0] - a[0]) * t), clamp(a[1] + (b[1] - a[1]) * t), clamp(a[2] + (b[2] - a[2]) * t))


def darker(c: RGB, f: float) -> RGB:
    """``c`` darkened by the fraction ``f``."""
    return mix(c, (0, 0, 0), f)


def lighter(c: RGB, f: float) -> RGB:
    """``c`` lightened by the fraction ``f``."""
    return mix(c, (255, 255, 255), f)


def luminance(c: RGB) -> float:
    """Perceived brightness 0..255."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def ink_on(c: RGB) -> RGB:
    """A text colour readable on ``c``: near-black on light colours, white on dark ones."""
    return INK_DARK if luminance(c) > 150 else (255, 255, 255)


def level_span(max_level: int) -> int:
    """The level that gets the lightest shade: the map's highest, but at least 6."""
    return max(6, max_level)


@lru_cache(maxsize=4096)
def terrain_colour(terrain: Terrain, level: int, max_level: int) -> RGB:
    """Fill of a space of ``terrain`` whose top is ``level``: darker low, lighter high."""
    base = TERRAIN.get(terrain, (128, 128, 128))
    t = max(0.0, min(1.0, level / level_span(max_level)))
    if t < 0.5:
        return darker(base, 0.34 * (0.5 - t) * 2)
    return lighter(base, 0.38 * (t - 0.5) * 2)


def alpha(c: RGB, a: int) -> RGBA:
    """``c`` with alpha ``a``."""
    return (c[0], c[1], c[2], a)
