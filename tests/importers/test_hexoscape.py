"""Hexoscape JSON import: every shared file, counts checked by hand, side files, hostile files."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bot.content.importers import MapImportError, read_map_bytes, read_map_file
from bot.content.importers.sidefile import propose_start_zones
from bot.content.importers.summary import spaces, summary_lines
from bot.rules.hexes import Hex
from bot.rules.terrain import ObstacleKind, Terrain

SHARED = Path(__file__).resolve().parents[3] / "shared" / "maps" / "hexoscape"
FILES = sorted(SHARED.glob("*.json"))
needs_shared = pytest.mark.skipif(not FILES, reason="../shared/maps/hexoscape is not next to this checkout")


@needs_shared
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_shared_file_loads_completely(path: Path) -> None:
    imp = read_map_file(path)
    pieces = json.loads(path.read_text())["boardPieces"]
    assert imp.source_format == "hexoscape"
    assert len(imp.battlefield) > 0 and len(pieces) > 0
    assert imp.battlefield.name == json.loads(path.read_text())["hexMap"]["name"]


@needs_shared
def test_welcome_counts_checked_by_hand() -> None:
    # Counted by hand from Welcome.json's 18 pieces: a 7-hex grass at [1, 0], 1-hex rocks at [0, 0]
    # and [-1, 2], a 2-hex rock at [-1, 3] and five water tiles, all on the table: 16 columns. Rock
    # 1-hex tiles stack on [0, 0] at altitudes 1-6 and a 2-hex rock at altitude 7 turned once covers
    # [0, 0] (level 8) and [0, 1], where it floats over the grass (level 1): an overhang, two
    # spaces. Laur wall pillars at altitude 1 stand on [-1, 2] and [1, 0], which are then no
    # spaces. 16 + 1 - 2 = 15 spaces: grass 7 - 1 = 6, water 5 (level 0, on the table), rock 4.
    imp = read_map_file(SHARED / "Welcome.json")
    bf = imp.battlefield
    lines = summary_lines(bf)
    assert "spaces: 15" in lines and "levels: 0-8" in lines
    assert "terrain: grass=6 water=5 rock=4" in lines
    assert [c.top for c in bf.surfaces(Hex(0, 1))] == [1, 8]
    assert bf.headroom(Hex(0, 1), 1) == 6
    pillars = [o for o in bf.obstacles if o.kind is ObstacleKind.WALL]
    assert sorted(h for o in pillars for h in o.hexes) == [Hex(-1, 2), Hex(1, 0)]
    assert all(o.height == 9 and o.level == 1 for o in pillars)  # HS-OBSTACLE-15


@needs_shared
def test_aoa_shattered_table_checked_by_hand() -> None:
    # The four Laur wall pillars: two at altitude 1 on the 24-hex grass on the table (foot level 1),
    # two at altitude 2 on the second 24-hex grass layer (foot level 2). The water tiles on the
    # table are level 0 spaces; the one at altitude 1 on [12, 3] lies on a level 1 tile.
    bf = read_map_file(SHARED / "AoA_1_The_Shattered_Table.json").battlefield
    feet = sorted((o.hexes[0], o.level) for o in bf.obstacles)
    assert feet == [(Hex(3, 9), 1), (Hex(6, 4), 2), (Hex(6, 9), 1), (Hex(9, 4), 2)]
    assert bf.terrain(Hex(-1, 11), 0) is Terrain.WATER
    assert bf.terrain(Hex(12, 3), 1) is Terrain.WATER
    sp = spaces(bf)
    assert Counter(t for _, _, t in sp)[Terrain.WATER] == 12


@needs_shared
def test_overhang_under_a_tile_gap_counts_twice() -> None:
    # Web_1: a 24-hex grass at altitude 2 over a 24-hex grass on the table with nothing at
    # altitude 1 where they overlap; the brush at altitude 3 stands on the upper one.
    bf = read_map_file(SHARED / "Web_1_The_Regenerated_River.json").battlefield
    two = [h for h in bf.hexes() if len(bf.surfaces(h)) == 2]
    assert Hex(-4, 13) in two
    assert [c.top for c in bf.surfaces(Hex(-4, 13))] == [1, 3]


def test_side_file_gives_zones_and_glyphs(tmp_path: Path) -> None:
    doc = {"hexMap": {"name": "Two"}, "boardPieces": {"0~0~0~0~g24": "g24"}}
    (tmp_path / "two.json").write_text(json.dumps(doc))
    (tmp_path / "two.side.json").write_text(json.dumps({
        "format": "heroscape-map-side/1", "start_zones": {"red": [[0, 0], [1, 0]], "blue": [[0, 5]]},
        "glyphs": [{"name": "astrid", "at": [0, 3]}], "notes": "Our places."}))
    bf = read_map_file(tmp_path / "two.json").battlefield
    assert {z: len(h) for z, h in bf.start_zones.items()} == {"red": 2, "blue": 1}
    assert [(g.name, g.at) for g in bf.glyphs] == [("astrid", Hex(0, 3))]
    (tmp_path / "two.side.json").write_text(json.dumps({"format": "heroscape-map-side/1",
                                                         "start_zones": {"red": [[40, 40]]}}))
    with pytest.raises(Exception, match=r"start_zones.red #1.*not a space"):
        read_map_file(tmp_path / "two.json")


def test_proposed_start_zones_are_opposite_and_said() -> None:
    doc = {"hexMap": {"name": "Strip"}, "boardPieces": {f"0~{q}~0~0~g1": "g1" for q in range(10)}}
    bf = read_map_bytes(json.dumps(doc).encode(), "strip.json").battlefield
    zones, text = propose_start_zones(bf, 3)
    assert zones == {"red": [Hex(0, 0), Hex(1, 0), Hex(2, 0)], "blue": [Hex(7, 0), Hex(8, 0), Hex(9, 0)]}
    assert "proposed red on the west edge and blue on the east edge, 3 spaces each" in text


@pytest.mark.parametrize(("text", "where", "words"), [
    ("[" * 5000 + "]" * 5000, "JSON", "nested 5000 levels deep"),
    ('{"hexMap": {}, "boardPieces": []}', "boardPieces", "expected an object"),
    ('{"hexMap": {}, "boardPieces": {}}', "boardPieces", "no pieces"),
    ('{"hexMap": {}, "boardPieces": {"0~0~0~0~zz9": "zz9"}}', 'boardPieces["0~0~0~0~zz9"]', "no Hexoscape piece id"),
    ('{"hexMap": {}, "boardPieces": {"0~0~0~7~g1": "g1"}}', 'boardPieces["0~0~0~7~g1"]', "rotation from 0 to 5"),
    ('{"hexMap": {}, "boardPieces": {"x": "g1"}}', 'boardPieces["x"]', "altitude~q~r~rotation~piece"),
    ('{"hexMap": {}, "boardPieces": {"0~0~0~0~g1": 5}}', 'boardPieces["0~0~0~0~g1"]', 'the value "g1"'),
    ('{"hexMap": {"name": 3}, "boardPieces": {"0~0~0~0~g1": "g1"}}', "hexMap.name", "text"),
    ('{"hexMap": {}, "boardPieces": {"0~0~0~0~g1": "g1"', "JSON", "not valid JSON"),
    ('{"something": 1}', "JSON", "expected a Hexoscape map"),
], ids=["deep", "list", "empty", "piece", "rotation", "key", "value", "name", "truncated", "other"])
def test_broken_json_is_refused_whole(text: str, where: str, words: str) -> None:
    with pytest.raises(MapImportError) as err:
        read_map_bytes(text.encode(), "bad.json")
    assert err.value.field == where
    assert words in err.value.problem


def test_many_pieces_are_refused() -> None:
    pieces = {f"0~{i}~{j}~0~g1": "g1" for i in range(300) for j in range(200)}
    with pytest.raises(MapImportError, match="at most 50000"):
        read_map_bytes(json.dumps({"hexMap": {}, "boardPieces": pieces}).encode(), "many.json")


def test_far_flung_tiles_are_refused() -> None:
    doc = {"hexMap": {}, "boardPieces": {"0~0~0~0~g1": "g1", "0~99999~0~0~g1": "g1"}}
    with pytest.raises(MapImportError, match="spans 100000 rows or columns; at most 150"):
        read_map_bytes(json.dumps(doc).encode(), "far.json")


def test_a_ladder_hangs_from_the_space_it_faces() -> None:
    # rule: HS-LADDER-01
    # Grass at [0, 0] (level 1) beside a stack of six 1-hex rocks at [1, 0] (level 6); a ladder piece
    # on [0, 0] at altitude 1 turned once faces [1, 0]; one at altitude 3 on it is the same ladder.
    pieces = {"0~0~0~0~g1": "g1", **{f"{z}~1~0~0~r1": "r1" for z in range(6)}, "1~0~0~1~ld": "ld", "3~0~0~1~ld": "ld"}
    imp = read_map_bytes(json.dumps({"hexMap": {"name": "L"}, "boardPieces": pieces}).encode(), "l.json")
    assert [(lad.bottom, lad.top, lad.bottom_level) for lad in imp.battlefield.ladders] == [(Hex(0, 0), Hex(1, 0), 1)]
    # Facing a space no higher than its lower end, it hangs from nothing: left out and said.
    flat = {"0~0~0~0~g1": "g1", "0~1~0~0~g1": "g1", "1~0~0~1~ld": "ld"}
    imp = read_map_bytes(json.dumps({"hexMap": {"name": "F"}, "boardPieces": flat}).encode(), "f.json")
    assert imp.battlefield.ladders == () and [w for w in imp.left_out if w.startswith("ladder (")] != []
