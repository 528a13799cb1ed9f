"""Virtualscape ``.hsc`` import: every shared file, counts checked by hand, shapes, hostile files."""

from __future__ import annotations

import random
import struct
from collections import Counter
from pathlib import Path

import pytest

from bot.content.importers import MapImportError, read_map_bytes, read_map_file
from bot.content.importers.pieces import place
from bot.content.importers.summary import spaces, summary_lines
from bot.content.importers.virtualscape import read_virtualscape
from bot.content.maps import MapFileError
from bot.rules.hexes import Hex
from bot.rules.terrain import Terrain

SHARED = Path(__file__).resolve().parents[3] / "shared" / "maps" / "virtualscape"
FILES = sorted(SHARED.glob("*.hsc"))
needs_shared = pytest.mark.skipif(not FILES, reason="../shared/maps/virtualscape is not next to this checkout")


def _offset(x: int, y: int) -> tuple[int, int]:
    return (x - (y - (y & 1)) // 2, y)


@needs_shared
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_shared_file_loads_completely(path: Path) -> None:
    data = path.read_bytes()
    vs = read_virtualscape(data, path.name)  # reads to the last byte, or raises
    imported = read_map_file(path)
    assert len(imported.battlefield) > 0
    assert len(vs.placements) > 0
    assert summary_lines(imported.battlefield)[1].startswith("spaces: ")


@needs_shared
def test_document_versions_and_strings() -> None:
    # 0.0002: no player count, no scenario; 0.0003: scenario as a plain string; 0.0004-0.0007: RTF.
    versions = {p.name: read_virtualscape(p.read_bytes(), p.name).version for p in FILES}
    assert set(versions.values()) == {2, 3, 4, 5, 6, 7}
    a = read_virtualscape((SHARED / "A_la_vie__A_la_mort.hsc").read_bytes(), "a")
    assert (a.version, a.name, a.author, a.players) == (2, "A la vie, a la mort", "IceBear", "")
    r = read_virtualscape((SHARED / "Rotten_Ice.hsc").read_bytes(), "r")
    assert (r.version, r.name, r.author, r.players) == (4, "Rotten Ice", "Sean Malloy", "2")


@needs_shared
def test_ladders_counts_checked_by_hand() -> None:
    # Counted by hand from the 35 tiles (type, rotation, x, y, z) of ladders.hsc: three 7-hex grass
    # tiles on the table (21 columns); 2-hex grass stacked z1-z3 and 1-hex grass stacks z1-z4 on
    # them; a 5-hex road at z1 turned once (one hex, [-1, 6], has no tile under it: a bridge
    # deck); a 1-hex grass stack z0-z4 at [5, 2]; a 5-hex road at z5 from [1, 2] to [5, 2] (three
    # hexes in the air); three 2-hex roads on the table; a 5-hex road at z1 turned twice (three
    # hexes in the air). Columns: 21 + 1 + 1 + 3 + 4 + 2 + 3 = 35, one surface each. Road tops:
    # 3 x 5 hexes plus the 4 hexes of the 2-hex roads no 5-hex road covers = 19; grass 16.
    imp = read_map_file(SHARED / "ladders.hsc")
    bf = imp.battlefield
    sp = spaces(bf)
    assert len(sp) == 35
    assert Counter(t for _, _, t in sp) == {Terrain.ROAD: 19, Terrain.GRASS: 16}
    assert (min(lv for _, lv, _ in sp), max(lv for _, lv, _ in sp)) == (1, 6)
    assert bf.cells(Hex(-1, 6))[0].bottom == 1 and bf.cells(Hex(-1, 6))[0].top == 2  # the bridge deck
    assert bf.cells(Hex(1, 0))[-1].top == 4  # 7-hex grass + three 2-hex grass
    # The 5 ladder pieces are 3 rope ladders (two pairs stacked on one space), each on the table's
    # grass (level 1) facing the z0-z5 stack at [1, 2] (level 6) it hangs from (HS-LADDER-01).
    assert imp.extras == {}
    assert sorted((lad.bottom, lad.top, lad.bottom_level) for lad in bf.ladders) == [
        (Hex(0, 2), Hex(1, 2), 1), (Hex(1, 1), Hex(1, 2), 1), (Hex(2, 1), Hex(1, 2), 1)]


@needs_shared
def test_flag_test_counts_checked_by_hand() -> None:
    # One 24-hex grass tile on the table (24 spaces at level 1), fourteen water tiles stacked z1-z14
    # on its hex at offset (8, 5) (a Height 0 tile on layer L is a space at level L: level 14), a
    # battlement and a flag.
    bf = read_map_file(SHARED / "Flag_test.hsc").battlefield
    lines = summary_lines(bf)
    assert "spaces: 24" in lines and "levels: 1-14" in lines
    assert "terrain: grass=23 water=1" in lines
    water = Hex(*_offset(8, 5))
    assert bf.top_cell(water) is not None and bf.top_cell(water).top == 14  # type: ignore[union-attr]


@needs_shared
def test_start_areas_and_glyphs() -> None:
    bf = read_map_file(SHARED / "A_la_vie__A_la_mort.hsc").battlefield
    # 108 start-area tiles: 18 of each of six colours.
    assert {z: len(h) for z, h in bf.start_zones.items()} == {
        "red": 18, "yellow": 18, "green": 18, "blue": 18, "purple": 18, "orange": 18}
    assert len(bf.glyphs) == 12 and {g.side for g in bf.glyphs} == {"symbol"}  # twelve unknown glyphs
    t = read_map_file(SHARED / "Table_des_geants.hsc").battlefield
    assert sorted(g.name for g in t.glyphs) == ["dagmar", "erland", "ivor", "kelda", "valda"]


def test_24_hex_tile_rotation_1_covers_the_hexes_virtualscape_lists() -> None:
    # Virtualscape's own list for a 24-hex tile at rotation 1 (offset coordinates, anchor row even).
    listed = [(0, 0), (1, 0), (-2, 1), (-1, 1), (0, 1), (1, 1), (-3, 2), (-2, 2), (-1, 2), (0, 2), (1, 2),
              (-3, 3), (-2, 3), (-1, 3), (0, 3), (-2, 4), (-1, 4), (0, 4), (-2, 5), (-1, 5), (0, 5),
              (-1, 6), (0, 6), (-1, 7)]
    assert sorted(place("24", (0, 0), 1, virtualscape=True)) == sorted(_offset(x, y) for x, y in listed)
    # A 3-hex ruin at rotation 2 and a 6-hex glacier at rotation 4.
    assert sorted(place("line3", (0, 0), 2, virtualscape=True)) == sorted(
        _offset(x, y) for x, y in [(0, 0), (-1, 1), (-1, 2)])
    assert sorted(place("6", (0, 0), 4, virtualscape=True)) == sorted(
        _offset(x, y) for x, y in [(0, 0), (1, 0), (0, 1), (1, 1), (1, 2), (2, 2)])


# --- hostile and broken files -------------------------------------------------------------------


def _header(count: int, version: float = 0.0007) -> bytes:
    empty = b"\x00"
    return (struct.pack("<d", version) + empty * 3 + struct.pack("<i", 0) + struct.pack("<5i", 0, 0, 0, 0, 0)
            + struct.pack("<i", count))


def _tile(kind: int = 1001, rot: int = 0, x: int = 0, y: int = 0, z: int = 0) -> bytes:
    return (struct.pack("<i", kind) + struct.pack("<d", 0.0003) + struct.pack("<4i", rot, x, y, z) + b"A"
            + b"\x00\x00" + struct.pack("<I", 0))


def test_a_minimal_file_reads() -> None:
    imp = read_map_bytes(_header(1) + _tile(1007), "tiny.hsc")
    assert len(imp.battlefield) == 7


@pytest.mark.parametrize(("data", "where", "words"), [
    (_header(1) + _tile(1007)[:-3], "byte", "the file ends"),
    (_header(2_000_000_000) + _tile(), "byte 35", "tile count"),
    (_header(-5) + _tile(), "byte 35", "tile count"),
    (_header(1) + _tile(99001), "byte 39", "type 99001"),
    (_header(1) + _tile(rot=9), "byte 51", "rotation 0 to 5"),
    (_header(1) + _tile(z=100000), "byte", "layer"),
    (_header(1, 0.5) + _tile(), "byte 0", "document version"),
    (_header(1) + _tile() + b"junk", "byte 74", "end of the file"),
    (struct.pack("<d", 0.0007) + b"\xff\xfe\xff\xff\xff\xff\xff\xff\xff\x7f", "byte 8", "characters"),
], ids=["truncated", "huge-count", "negative-count", "unknown-type", "rotation", "layer", "version",
        "trailing-bytes", "huge-string"])
def test_broken_files_are_refused_whole(data: bytes, where: str, words: str) -> None:
    with pytest.raises(MapImportError) as err:
        read_map_bytes(data, "bad.hsc")
    assert err.value.source == "bad.hsc"
    assert err.value.field.startswith(where)
    assert words in err.value.problem


def test_too_big_a_file_is_refused_before_reading() -> None:
    with pytest.raises(MapImportError, match="at most 2,000,000"):
        read_map_bytes(b"\x00" * 2_000_001, "big.hsc")


@needs_shared
def test_damaged_files_never_crash() -> None:
    # Random byte changes and cuts in a real file: each is read or refused with MapFileError.
    data = (SHARED / "Table_des_geants.hsc").read_bytes()
    rng = random.Random(13)
    outcomes: Counter[str] = Counter()
    for _ in range(300):
        b = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        if rng.random() < 0.3:
            del b[rng.randrange(len(b)):]
        try:
            read_map_bytes(bytes(b), "damaged.hsc")
            outcomes["read"] += 1
        except MapFileError:
            outcomes["refused"] += 1
    assert outcomes["refused"] > 0 and sum(outcomes.values()) == 300


def test_a_file_covering_too_many_hexes_is_refused() -> None:
    # 5,000 24-hex tiles stacked: 120,000 hexes of work for a 160 KB file.
    data = _header(5000) + b"".join(_tile(1024, z=i % 200) for i in range(5000))
    with pytest.raises(MapImportError, match="at most 100,000"):
        read_map_bytes(data, "heavy.hsc")
    wide = _header(300) + b"".join(_tile(1024, x=(i % 30) * 8, y=(i // 30) * 8) for i in range(300))
    with pytest.raises(MapImportError, match="at most 5,000 are accepted"):
        read_map_bytes(wide, "wide.hsc")


@needs_shared
def test_descriptions_keep_no_rtf_font_tables_nor_control_characters() -> None:
    # qa1 finding 14: 'MS Shell Dlg;\n;\n\x00' was ladders.hsc's whole description
    assert read_map_file(SHARED / "ladders.hsc").spec.description == ""
    rotten = read_map_file(SHARED / "Rotten_Ice.hsc").spec.description
    assert rotten.startswith("By Sean Malloy. For 2 players. Victory conditions:")
    for path in FILES:
        text = read_map_file(path).spec.description
        assert "MS Shell Dlg" not in text and not any(ord(ch) < 32 and ch not in "\n\t" for ch in text), path.name
