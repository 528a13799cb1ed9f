"""The physical pieces community map files name: their shapes, rotations and what each one is.

Both map tools describe a battlefield as pieces stacked on hexes. A piece has a *shape* (the hexes
it covers at rotation 0, axial ``(q, r)`` around its anchor hex ``(0, 0)``), and a *role*:

- ``land``: a solid tile ``height`` levels thick (grass, rock, sand, ... 1 level; a castle wall 9);
  a figure stands on its top.
- ``flat``: a Height 0 tile (water, ice, molten lava, swamp water, shadow, wellspring water): it adds
  no level; its terrain becomes the surface of the level it rests on.
- ``obstacle``: stands on its hexes (trees, palms, brush, Laur wall pillars, glaciers, outcrops); the
  spaces it stands on are no longer spaces. ``base`` is the Height 0 tile it comes with (glaciers and
  outcrops sit on holed Height 0 tiles, HS-OBSTACLE-18); ``heights`` gives each hex its own height
  when the peaks differ (a 3-hex outcrop: 5, 7 and 9, HS-OBSTACLE-20).
- ``edge``: a thin piece on the edges of its hexes (ruins, stone walls, battlements).
- ``arch``: a castle arch or door: its two end hexes are solid wall, its middle hex is a passage
  under a deck.
- ``glyph``, ``start``: a glyph or a start-area marker on the space beneath.
- ``ladder``: a rope ladder on the space beneath it, hanging from the neighbouring space it faces
  (pieces stacked on one space are one longer ladder; :func:`bot.content.importers.build.assemble`).
- ``extra``: a piece that is no part of the battlefield the bot plays on (flags, figures placed in
  the editor); it is counted and told, never dropped silently.

Rotations: ``rotation`` 0-5 turns a shape clockwise (as seen on the map image) by 60 degrees per step
around its anchor. Hexoscape anchors a rotated piece at the hex it names; Virtualscape anchors it so
that the piece stays on the same hexes as it turns about its own corner, which is the rotated shape
moved by :data:`VS_ANCHOR` of its shape family. The shapes and anchors are the physical tiles', as
both editors draw them (checked against the hexes Virtualscape lists for every tile class and
rotation; ``tests/importers`` pins a few).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules.terrain import ObstacleKind, Terrain

Axial = tuple[int, int]

_ROSE7: tuple[Axial, ...] = ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2))

#: Shape families at rotation 0, axial around the anchor ``(0, 0)``.
SHAPES: dict[str, tuple[Axial, ...]] = {
    "1": ((0, 0),),
    "2": ((0, 0), (1, 0)),
    "3": ((0, 0), (1, 0), (0, 1)),
    "4": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "6": ((0, 0), (1, 0), (0, 1), (-1, 1), (2, 0), (1, 1)),
    "7": _ROSE7,
    # The 24-hex tile: rows of 2, 3, 3, 5, 5 and 6 hexes.
    "24": (*_ROSE7, (1, 2), *((q, 3) for q in range(-2, 3)), *((q, 4) for q in range(-2, 3)),
           *((q, 5) for q in range(-3, 3))),
    "line3": ((0, 0), (1, 0), (2, 0)),
    "line4": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "line5": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "marvel6": ((0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (3, 1)),
    "castle7": ((0, 0), (1, 0), (0, 1), (2, 0), (3, 0), (1, 1), (2, 1)),
    "castle9": ((0, 0), (1, 0), (0, 1), (2, 0), (3, 0), (1, 1), (2, 1), (4, 0), (3, 1)),
}

#: Where Virtualscape puts a family's rotated shape, per rotation 0-5 (axial shift of the anchor).
VS_ANCHOR: dict[str, tuple[Axial, ...]] = {
    "1": ((0, 0),) * 6,
    "2": ((0, 0), (0, 0), (0, 0), (1, 0), (0, 1), (-1, 1)),
    "3": ((0, 0), (0, 0), (1, 0), (0, 1), (0, 1), (-1, 1)),
    "4": ((0, 0), (0, 0), (1, 0), (1, 1), (-1, 2), (-1, 1)),
    "6": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (-2, 2)),
    "7": ((0, 0), (1, 0), (1, 1), (0, 2), (-1, 2), (-1, 1)),
    "24": ((0, 0), (1, 0), (2, 3), (2, 5), (-5, 7), (-5, 2)),
    "line3": ((0, 0), (0, 0), (0, 0), (2, 0), (0, 2), (-2, 2)),
    "line4": ((0, 0), (0, 0), (0, 0), (3, 0), (0, 3), (-3, 3)),
    "line5": ((0, 0), (0, 0), (0, 0), (4, 0), (0, 4), (-4, 4)),
    "marvel6": ((0, 0), (0, 0), (1, 0), (3, 1), (-1, 4), (-4, 3)),
    "castle7": ((0, 0), (0, 0), (1, 0), (2, 1), (0, 3), (-3, 3)),
    "castle9": ((0, 0), (0, 0), (1, 0), (3, 1), (0, 4), (-4, 4)),
}


def rotate(h: Axial, rotation: int) -> Axial:
    """``h`` turned clockwise on the map image by ``rotation`` steps of 60 degrees around ``(0, 0)``."""
    q, r = h
    s = -q - r
    for _ in range(rotation % 6):
        q, r, s = -r, -s, -q
    return (q, r)


def place(shape: str, anchor: Axial, rotation: int, *, virtualscape: bool) -> list[Axial]:
    """The hexes a piece of ``shape`` covers at ``anchor`` and ``rotation`` (0-5), in shape order."""
    dq, dr = VS_ANCHOR[shape][rotation % 6] if virtualscape else (0, 0)
    aq, ar = anchor
    return [(aq + dq + q, ar + dr + r) for q, r in (rotate(h, rotation) for h in SHAPES[shape])]


@dataclass(frozen=True)
class Piece:
    """What one kind of piece is (see the module docstring for ``role``)."""

    name: str
    role: str
    shape: str = "1"
    terrain: Terrain | None = None
    height: int = 1
    kind: ObstacleKind | None = None
    base: Terrain | None = None
    heights: tuple[int, ...] = ()
    note: str = ""
    tags: tuple[str, ...] = field(default=())


_LAND_SHAPES = {1: "1", 2: "2", 3: "3", 5: "line5", 7: "7", 24: "24"}


def land(terrain: Terrain, size: int, name: str = "") -> Piece:
    """A land tile of ``size`` hexes (1 level)."""
    return Piece(name or f"{size}-hex {terrain.value.replace('_', ' ')}", "land", _LAND_SHAPES[size], terrain)


def flat(terrain: Terrain, size: int = 1) -> Piece:
    """A Height 0 tile (adds no level)."""
    shape = {1: "1", 2: "2", 3: "3", 4: "4", 6: "6"}[size]
    return Piece(f"{size}-hex {terrain.value.replace('_', ' ')}", "flat", shape, terrain, height=0)


def obstacle(name: str, kind: ObstacleKind, height: int, shape: str = "1", *, base: Terrain | None = None,
             heights: Sequence[int] = (), note: str = "") -> Piece:
    """An obstacle standing on its hexes."""
    return Piece(name, "obstacle", shape, height=height, kind=kind, base=base, heights=tuple(heights), note=note)


def edge(name: str, kind: ObstacleKind, height: int, shape: str, note: str = "", *, beside: bool = False) -> Piece:
    """A thin piece on the edges of its hexes; ``beside``: it hangs beside a tile of its own layer
    (road walls, battlements) rather than standing on the tiles beneath (ruins)."""
    return Piece(name, "edge", shape, height=height, kind=kind, note=note, tags=("beside",) if beside else ())


def extra(name: str, shape: str = "1", note: str = "") -> Piece:
    """A piece counted and reported but not part of the battlefield played on."""
    return Piece(name, "extra", shape, note=note)


#: Heights the rulebooks do not give; the importer says so in the map's notes.
OUR_HEIGHTS = {
    "ruin": "ruins are Height 6 (as this project's own maps; the rulebooks give no number)",
    "glacier": "the 4- and 6-hex glaciers are Height 9 (the rulebooks give no number)",
    "castle": "castle walls are 9 levels of solid rock, arches and doors 10 with a passage 7 high in the middle",
    "marvel": "Marvel ruins stand on their hexes as walls 9 high (broken: 6)",
    "battlement": "battlements are walls 1 level high on the edge they face",
    "hive": "a Marro hive stands on its 6 hexes as an obstacle 16 high",
    "custom": "custom tiles are 1-level tiles of dirt",
}

_T = Terrain
_K = ObstacleKind
_CASTLE = _T.ROCK


def _castle_wall(name: str) -> Piece:
    return Piece(name, "land", "1", _CASTLE, height=9, note="castle")


def _vs_catalogue() -> dict[int, Piece]:
    """Virtualscape tile types (category * 1000 + subtype) to pieces."""
    cat: dict[int, Piece] = {}
    for code, terrain, sizes in (
        (1, _T.GRASS, (1, 2, 3, 7, 24)), (2, _T.ROCK, (1, 2, 3, 7, 24)), (3, _T.SAND, (1, 2, 3, 7, 24)),
        (7, _T.LAVA_FIELD, (1, 2, 7)), (8, _T.ROAD, (1, 2, 5)), (9, _T.SNOW, (1, 2, 3, 7, 24)),
        (20, _T.SWAMP, (1, 2, 3, 7, 24)), (21, _T.CONCRETE, (1, 2, 7)), (22, _T.ASPHALT, (1, 2, 7)),
        (26, _T.DUNGEON, (1, 2, 3, 7, 24)),
    ):
        for size in sizes:
            cat[code * 1000 + size] = land(terrain, size)
    cat[4001] = flat(_T.WATER)
    cat[4002] = flat(_T.WATER, 2)
    cat[5001] = flat(_T.ICE)
    cat[6001] = flat(_T.MOLTEN_LAVA)
    cat[19001] = flat(_T.SWAMP_WATER)
    cat[25001] = flat(_T.SHADOW)
    cat[25002] = flat(_T.SHADOW, 2)
    cat[24001] = land(_T.JUNGLE, 1, "1-hex jungle")
    cat[23006] = obstacle("Marro hive", _K.OUTCROP, 16, "6", note="hive")
    cat[10004] = obstacle("4-hex evergreen tree", _K.TREE, 15, "4")
    cat[10011] = obstacle("evergreen tree (10)", _K.TREE, 10)
    cat[10012] = obstacle("evergreen tree (11)", _K.TREE, 11)
    cat[10013] = obstacle("evergreen tree (12)", _K.TREE, 12)
    cat[24002] = obstacle("Ticalla brush", _K.UNDERBRUSH, 9)
    for h in (14, 15, 16):
        cat[24000 + h] = obstacle(f"Ticalla palm ({h})", _K.JUNGLE_TREE, h)
    cat[13001] = obstacle("1-hex glacier", _K.GLACIER, 7, base=_T.ICE)
    cat[13003] = obstacle("3-hex glacier", _K.GLACIER, 9, "3", base=_T.ICE, heights=(5, 7, 9))
    cat[13004] = obstacle("4-hex glacier", _K.GLACIER, 9, "4", base=_T.ICE, note="glacier")
    cat[13006] = obstacle("6-hex glacier", _K.GLACIER, 9, "6", base=_T.ICE, note="glacier")
    cat[27001] = obstacle("1-hex outcrop", _K.OUTCROP, 7, base=_T.ROCK)
    cat[27003] = obstacle("3-hex outcrop", _K.OUTCROP, 9, "3", base=_T.ROCK, heights=(5, 7, 9))
    cat[11002] = edge("2-hex ruin", _K.RUIN, 6, "2", note="ruin")
    cat[11003] = edge("3-hex ruin", _K.RUIN, 6, "line3", note="ruin")
    cat[11006] = obstacle("Marvel ruin", _K.WALL, 9, "marvel6", note="marvel")
    cat[11007] = obstacle("broken Marvel ruin", _K.WALL, 6, "marvel6", note="marvel")
    cat[12004] = edge("road wall", _K.STONE_WALL, 2, "line4", beside=True)
    cat[16001] = Piece("1-hex wall walk", "land", "1", _CASTLE, note="castle")
    cat[16007] = Piece("7-hex wall walk", "land", "castle7", _CASTLE, note="castle")
    cat[16009] = Piece("9-hex wall walk", "land", "castle9", _CASTLE, note="castle")
    for code, name in ((16101, "castle base corner"), (16102, "castle base straight"), (16103, "castle base end")):
        cat[code] = Piece(name, "land", "1", _CASTLE, note="castle")
    for code, name in ((16201, "castle wall corner"), (16202, "castle wall straight"), (16203, "castle wall end")):
        cat[code] = _castle_wall(name)
    cat[16301] = edge("battlement", _K.WALL, 1, "1", note="battlement", beside=True)
    cat[16401] = Piece("castle door", "arch", "line3", _CASTLE, height=10, note="castle")
    cat[16404] = Piece("castle arch", "arch", "line3", _CASTLE, height=10, note="castle")
    cat[16402] = Piece("ladder", "ladder")
    cat[16403] = extra("flag", note="decoration")
    cat[18001] = extra("figure", note="figures are placed in play, not with the map")
    cat[18002] = extra("2-hex figure", "2", note="figures are placed in play, not with the map")
    cat[17101] = obstacle("Laur wall pillar", _K.WALL, 9)
    cat[10041] = extra("number marker", note="a label of the editor")
    return cat


#: Virtualscape types other than glyphs (14xxx), start areas (15xxx) and custom tiles (17000).
VS_PIECES: dict[int, Piece] = _vs_catalogue()

GLYPH = Piece("glyph", "glyph")
START = Piece("start area", "start")


def custom_piece(size: int) -> Piece:
    """A Virtualscape custom tile (type 17000) of ``size`` hexes: a 1-level tile of dirt.

    :raises KeyError: no tile has that many hexes.
    """
    p = land(_T.DIRT, size, f"{size}-hex custom tile")
    return Piece(p.name, "land", p.shape, _T.DIRT, note="custom")


def _hx_catalogue() -> dict[str, Piece]:
    """Hexoscape piece ids to pieces."""
    cat: dict[str, Piece] = {}
    prefixes = {
        "g": _T.GRASS, "r": _T.ROCK, "s": _T.SAND, "d": _T.DUNGEON, "sw": _T.SWAMP, "lf": _T.LAVA_FIELD,
        "a": _T.ASPHALT, "c": _T.CONCRETE, "sn": _T.SNOW, "rd": _T.ROAD,
    }
    for prefix, terrain in prefixes.items():
        for size in (1, 2, 3, 5, 7, 24):
            cat[f"{prefix}{size}"] = land(terrain, size)
    for prefix, terrain, sizes in (
        ("ww", _T.WELLSPRING_WATER, (1,)), ("w", _T.WATER, (1, 3)), ("l", _T.MOLTEN_LAVA, (1,)),
        ("ws", _T.SWAMP_WATER, (1, 3, 6)), ("i", _T.ICE, (1, 3, 4, 6)), ("sh", _T.SHADOW, (1, 3)),
    ):
        for size in sizes:
            cat[f"{prefix}{size}"] = flat(terrain, size)
    cat["rw"] = VS_PIECES[12004]
    cat["bt"] = VS_PIECES[16301]
    cat["ld"] = VS_PIECES[16402]
    cat["lwp"] = VS_PIECES[17101]
    cat["lws"] = obstacle("short Laur wall", _K.WALL, 9)
    cat["lwl"] = obstacle("long Laur wall", _K.WALL, 9)
    cat["lwr"] = obstacle("Laur wall ruin", _K.WALL, 9)
    cat["str10"] = obstacle("snow tree (10)", _K.TREE, 10)
    cat["str12"] = obstacle("snow tree (12)", _K.TREE, 12)
    cat["tr10"], cat["tr11"], cat["tr12"] = VS_PIECES[10011], VS_PIECES[10012], VS_PIECES[10013]
    cat["tr15"] = VS_PIECES[10004]
    for h in (14, 15, 16):
        cat[f"tp{h}"] = VS_PIECES[24000 + h]
    cat["tb9"] = VS_PIECES[24002]
    cat["sb10"] = obstacle("swamp brush", _K.UNDERBRUSH, 10)
    for h in (13, 14, 15):
        cat[f"lp{h}"] = obstacle(f"Laur jungle tree ({h})", _K.JUNGLE_TREE, h)
    cat["lb10"] = obstacle("Laur underbrush", _K.UNDERBRUSH, 10)
    cat["o1"], cat["o3"] = VS_PIECES[27001], VS_PIECES[27003]
    cat["og1"], cat["og3"], cat["og4"], cat["og6"] = (VS_PIECES[c] for c in (13001, 13003, 13004, 13006))
    cat["h"] = VS_PIECES[23006]
    cat["rs2"], cat["rs3"] = VS_PIECES[11002], VS_PIECES[11003]
    cat["rm"], cat["rmb"] = VS_PIECES[11006], VS_PIECES[11007]
    cat["cg1"], cat["cg7"], cat["cg9"] = VS_PIECES[16001], VS_PIECES[16007], VS_PIECES[16009]
    cat["cbc"], cat["cbs"], cat["cbe"] = VS_PIECES[16101], VS_PIECES[16102], VS_PIECES[16103]
    cat["cwc"], cat["cws"], cat["cwe"] = VS_PIECES[16201], VS_PIECES[16202], VS_PIECES[16203]
    cat["ca"] = VS_PIECES[16404]
    cat["cab"] = VS_PIECES[16404]
    return cat


#: Hexoscape piece ids (the last part of a ``boardPieces`` key) to pieces.
HX_PIECES: dict[str, Piece] = _hx_catalogue()

#: Glyph letters to glyph names (lower case, as the map format writes them).
GLYPH_LETTERS = {
    "A": "astrid", "B": "brandar", "C": "crevcor", "D": "dagmar", "E": "erland", "G": "gerda", "I": "ivor",
    "J": "jalgard", "K": "kelda", "L": "lodin", "M": "mitonsoul", "N": "nilrend", "O": "oreld", "P": "proftaka",
    "R": "rannveig", "S": "sturla", "T": "thorian", "U": "ulaniva", "V": "valda", "W": "wannok",
}

#: Virtualscape start-area colours (``0x00BBGGRR``) to zone names.
START_COLOURS = {
    0x0000FF: "red", 0x00FF00: "green", 0xFF0000: "blue", 0x00FFFF: "yellow", 0xFF00FF: "violet",
    0xFFFF00: "cyan", 0x0080FF: "orange", 0xFF0080: "purple",
}
