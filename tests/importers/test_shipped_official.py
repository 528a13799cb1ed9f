"""The official Age of Annihilation and Battle for the Wellspring maps shipped in data/maps."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.content.importers import read_map_file
from bot.content.importers.summary import spaces
from bot.content.maps import load_map

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "maps" / "hexoscape"
OFFICIAL = {
    "shattered-table": "AoA_1_The_Shattered_Table.json",
    "heshva-basin": "AoA_2_Heshva_Basin.json",
    "howling-pass": "AoA_3_The_Howling_Pass.json",
    "vengalla-gulch": "BWBB_1_Vengalla_Gulch.json",
    "spire-at-mount-tildept": "BWBB_2_Spire_at_Mount_Tildept.json",
}


@pytest.mark.parametrize("map_id", sorted(OFFICIAL))
def test_shipped_official_map_has_two_zones_and_says_whose_choice(map_id: str) -> None:
    path = ROOT / "data" / "maps" / f"{map_id}.json"
    bf = load_map(path)
    assert sorted(bf.start_zones) == ["blue", "red"]
    assert all(len(z) == 12 for z in bf.start_zones.values())
    assert not set(bf.start_zones["red"]) & set(bf.start_zones["blue"])
    text = path.read_text()
    assert "Start zones: our choice" in text and "Glyphs: none placed" in text


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/maps is not next to this checkout")
@pytest.mark.parametrize("map_id", sorted(OFFICIAL))
def test_shipped_official_map_is_the_file_imported(map_id: str) -> None:
    shipped = load_map(ROOT / "data" / "maps" / f"{map_id}.json")
    imported = read_map_file(SHARED / OFFICIAL[map_id]).battlefield
    assert dict(shipped.columns) == dict(imported.columns)
    assert shipped.obstacles == imported.obstacles
    assert sorted(spaces(shipped)) == sorted(spaces(imported))


def test_level_zero_is_only_for_a_height_0_tile_on_the_table() -> None:
    from bot.content.maps import MapFileError, build_battlefield, parse_map_spec

    doc = {"hexes": [{"at": [0, 0], "level": 0, "terrain": "water"}, {"at": [1, 0], "level": 1, "terrain": "grass"}]}
    bf = build_battlefield(parse_map_spec(doc))
    assert [c.top for c in bf.surfaces(next(iter(bf.hexes())))] == [0]
    with pytest.raises(MapFileError, match=r"hexes #1.level: .*greater than or equal to 1"):
        parse_map_spec({"hexes": [{"at": [0, 0], "level": 0, "terrain": "grass"}]})
