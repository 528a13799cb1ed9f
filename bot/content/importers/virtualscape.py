"""Virtualscape ``.hsc`` files: a binary reader that refuses, never guesses.

Layout (little-endian, an MFC archive; ``../shared/maps/README.md``): a float64 document version
0.0001 to 0.0007, then by version

- 0.0002: name, author, 3 print settings;
- 0.0003: name, author, player count, scenario (a string), 3 print settings;
- 0.0004: name, author, player count, int32 length + that many bytes of RTF scenario, 3 print settings;
- 0.0005, 0.0006: as 0.0004 with 4 print settings; 0.0007: 5 print settings;

(0.0001 has none of these); then an int32 tile count and per tile: int32 type, float64 tile version
(0.0001-0.0003), int32 rotation (0-5), int32 x, y (odd-r offset), z (layer); from tile version 0.0002
a glyph letter byte and two strings (glyph name, start-area name); from 0.0003 a 4-byte colour
(``0x00BBGGRR``), and for a custom tile (17000) an int32 hex count and four strings, for a figure
(18xxx) two strings.

A string is an MFC ``CString``: an optional ``FF FE FF`` marker for UTF-16LE text, then a length
byte (``FF`` then a 16-bit length, ``FFFF`` then a 32-bit one, for long strings) and the text
(UTF-16LE after the marker, else single bytes in the Windows code page 1252).

Every read is bounded by the bytes left, counts by what the bytes left could hold, and every field
by what the format allows; a file that breaks any of it is refused whole with the byte offset and
what was expected (:class:`~bot.content.importers.errors.MapImportError`).
"""

from __future__ import annotations

import re
import struct

from bot.content.importers.build import Placement
from bot.content.importers.errors import MapImportError
from bot.content.importers.pieces import (
    GLYPH,
    START,
    START_COLOURS,
    VS_PIECES,
    Axial,
    Piece,
    custom_piece,
    place,
)

#: Most tiles a file may hold (the largest community maps have a few thousand).
MAX_TILES = 50_000
#: Longest string or scenario text read, in characters or bytes.
MAX_TEXT = 200_000
#: Largest coordinate (offset column, row) and layer accepted.
MAX_COORD = 2_000
MAX_LAYER = 200
_PRINT_SETTINGS = {2: 3, 3: 3, 4: 3, 5: 4, 6: 4, 7: 5}
_MIN_TILE_BYTES = 4 + 8 + 16  # type, version, rotation x y z


class _Reader:
    """Bounded little-endian reads from ``data``; every failure names the byte offset."""

    def __init__(self, data: bytes, source: str) -> None:
        self.data = data
        self.pos = 0
        self.source = source

    def fail(self, expected: str, at: int | None = None) -> MapImportError:
        return MapImportError(self.source, f"byte {self.pos if at is None else at}", expected)

    def take(self, n: int, what: str) -> bytes:
        if n < 0 or self.pos + n > len(self.data):
            left = len(self.data) - self.pos
            raise self.fail(f"expected {what} ({n} bytes), the file ends after {left} more bytes")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def int32(self, what: str) -> int:
        return int(struct.unpack("<i", self.take(4, what))[0])

    def uint32(self, what: str) -> int:
        return int(struct.unpack("<I", self.take(4, what))[0])

    def float64(self, what: str) -> float:
        return float(struct.unpack("<d", self.take(8, what))[0])

    def byte(self, what: str) -> int:
        return self.take(1, what)[0]

    def string(self, what: str) -> str:
        start = self.pos
        length = self.byte(f"the length of the {what}")
        unicode = False
        if length == 0xFF:
            wide = int(struct.unpack("<H", self.take(2, f"the length of the {what}"))[0])
            if wide == 0xFFFE:
                unicode = True
                length = self.byte(f"the length of the {what}")
                if length == 0xFF:
                    length = int(struct.unpack("<H", self.take(2, f"the length of the {what}"))[0])
                    if length == 0xFFFF:
                        length = self.uint32(f"the length of the {what}")
            elif wide == 0xFFFF:
                length = self.uint32(f"the length of the {what}")
            else:
                length = wide
        if length > MAX_TEXT:
            raise self.fail(f"the {what} claims {length} characters; at most {MAX_TEXT} are accepted", start)
        raw = self.take(length * 2 if unicode else length, f"the {what} text")
        return raw.decode("utf-16-le", errors="replace") if unicode else raw.decode("cp1252", errors="replace")


def _version(value: float, what: str, known: range, r: _Reader, at: int) -> int:
    n = round(value * 10000) if value == value and abs(value) < 1 else -1
    if n not in known or abs(value - n / 10000) > 1e-9:
        shown = f"{value:.6g}" if value == value else "not a number"
        raise r.fail(f"expected a {what} version 0.000{known.start} to 0.000{known.stop - 1}, found {shown}", at)
    return n


#: RTF groups that hold no text of the scenario: font, colour and style tables, document info.
_TABLES = ("fonttbl", "colortbl", "stylesheet", "info")


def _drop_tables(rtf: str) -> str:
    """``rtf`` without its :data:`_TABLES` groups (nested braces included), whose font names
    ("MS Shell Dlg 2;") would otherwise end up in the map's description."""
    out: list[str] = []
    i = 0
    while i < len(rtf):
        m = re.match(r"\{\\(" + "|".join(_TABLES) + r")\b", rtf[i:])
        if m is None:
            out.append(rtf[i])
            i += 1
            continue
        depth = 0
        while i < len(rtf):
            depth += {"{": 1, "}": -1}.get(rtf[i], 0)
            i += 1
            if depth == 0:
                break
    return "".join(out)


def rtf_text(rtf: str) -> str:
    r"""The plain text of an RTF scenario (control words, font/colour tables and groups removed,
    control characters such as NUL dropped, whitespace joined).

    >>> rtf_text("{\\rtf1{\\fonttbl{\\f0\\fnil MS Shell Dlg 2;}}{\\colortbl ;\\red0;}\\pard Win.\\par}\x00")
    'Win.'
    """
    rtf = "".join(ch for ch in _drop_tables(rtf) if ch in "\n\t" or ord(ch) >= 32)
    text = re.sub(r"\{\\\*[^{}]*\}", "", rtf)
    text = re.sub(r"\\par[d]?\b", "\n", text)
    text = re.sub(r"\\'[0-9a-fA-F]{2}", "", text)
    text = re.sub(r"\\[A-Za-z]+-?\d* ?|[{}]", "", text)
    return re.sub(r"[ \t]+", " ", "\n".join(line.strip() for line in text.splitlines() if line.strip()))


class VirtualscapeFile:
    """A decoded ``.hsc`` file: header fields and the tiles as :class:`Placement` records."""

    def __init__(self, name: str, author: str, players: str, scenario: str, version: int,
                 placements: list[Placement]) -> None:
        self.name = name
        self.author = author
        self.players = players
        self.scenario = scenario
        self.version = version
        self.placements = placements


def read_virtualscape(data: bytes, source: str) -> VirtualscapeFile:
    """Decode a Virtualscape file (see the module docstring).

    :raises MapImportError: naming ``source``, the byte offset and what was expected there.
    """
    r = _Reader(data, source)
    version = _version(r.float64("the document version (a float64)"), "document", range(1, 8), r, 0)
    name = author = players = scenario = ""
    if version >= 2:
        name = r.string("map name")
        author = r.string("author")
    if version >= 3:
        players = r.string("player count")
    if version == 3:
        scenario = r.string("scenario")
    elif version >= 4:
        at = r.pos
        n = r.int32("the scenario's length")
        if not 0 <= n <= MAX_TEXT:
            raise r.fail(f"expected a scenario length from 0 to {MAX_TEXT}, found {n}", at)
        scenario = rtf_text(r.take(n, "the scenario text").decode("cp1252", errors="replace"))
    for i in range(_PRINT_SETTINGS.get(version, 0)):
        r.int32(f"print setting {i + 1}")
    at = r.pos
    count = r.int32("the tile count")
    left = len(data) - r.pos
    if count < 0 or count > MAX_TILES or count * _MIN_TILE_BYTES > left:
        raise r.fail(f"expected a tile count from 0 to {min(MAX_TILES, left // _MIN_TILE_BYTES)} "
                     f"(what the {left} bytes left can hold), found {count}", at)
    placements = [p for i in range(count) for p in _tile(r, i)]
    if r.pos != len(data):
        raise r.fail(f"expected the end of the file after {count} tiles, {len(data) - r.pos} bytes remain")
    return VirtualscapeFile(name, author, players, scenario, version, placements)


def _tile(r: _Reader, index: int) -> list[Placement]:
    where = f"tile #{index + 1}"
    start = r.pos
    kind = r.int32(f"{where}'s type")
    tv = _version(r.float64(f"{where}'s version"), f"{where} tile", range(1, 4), r, start + 4)
    at = r.pos
    rotation = r.int32(f"{where}'s rotation")
    x, y, z = r.int32(f"{where}'s x"), r.int32(f"{where}'s y"), r.int32(f"{where}'s z")
    if not 0 <= rotation <= 5:
        raise r.fail(f"expected {where}'s rotation 0 to 5, found {rotation}", at)
    if not (-MAX_COORD <= x <= MAX_COORD and -MAX_COORD <= y <= MAX_COORD):
        raise r.fail(f"expected {where}'s x and y within ±{MAX_COORD}, found {x}, {y}", at + 4)
    if not 0 <= z <= MAX_LAYER:
        raise r.fail(f"expected {where}'s layer z from 0 to {MAX_LAYER}, found {z}", at + 12)
    letter = zone = ""
    colour = 0
    size = 0
    if tv >= 2:
        letter = chr(r.byte(f"{where}'s glyph letter"))
        r.string(f"{where}'s glyph name")
        zone = r.string(f"{where}'s start-area name")
    if tv >= 3:
        colour = r.uint32(f"{where}'s colour")
        if kind == 17000:
            at = r.pos
            size = r.int32(f"{where}'s hex count")
            for what in ("top texture", "side texture", "letter", "name"):
                r.string(f"{where}'s {what}")
            if size not in (1, 2, 3, 7, 24):
                raise r.fail(f"expected {where} (a custom tile) to have 1, 2, 3, 7 or 24 hexes, found {size}", at)
        elif kind // 1000 == 18:
            r.string(f"{where}'s figure name")
            r.string(f"{where}'s figure file")
    anchor: Axial = (x - (y - (y & 1)) // 2, y)
    piece: Piece | None
    if kind // 1000 == 14:
        # The type carries the letter (14000 + its code); older files store the unknown glyph as
        # 14061-14063 with the letter "?".
        piece, letter = GLYPH, chr(kind - 14000) if 65 <= kind - 14000 <= 90 else "?"
    elif kind // 1000 == 15:
        piece = START
        zone = START_COLOURS.get(colour & 0xFFFFFF, zone.strip().lower() or f"zone-{colour & 0xFFFFFF:06x}")
    elif kind == 17000:
        piece = custom_piece(size or 1)
    else:
        piece = VS_PIECES.get(kind)
    if piece is None:
        raise r.fail(f"{where} has type {kind}, which is no Virtualscape tile type this reader knows "
                     "(land, water, trees, ruins, walls, castle, glyph, start area, custom and figure types)", start)
    if piece.role in ("glyph", "start"):
        hexes = [anchor]
    else:
        hexes = place(piece.shape, anchor, rotation, virtualscape=True)
    return [Placement(piece, tuple(hexes), z, rotation, where, letter, zone)]
