"""Unknown glyph names in map, side and scenario files are refused at load, listing the accepted
names (qa1 finding 2); ``unknown`` (Virtualscape's "?" glyph) and any spelling of a real glyph load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.content.importers.errors import MapImportError
from bot.content.importers.sidefile import parse_side_file
from bot.content.maps import MapFileError, load_map, parse_map_spec
from bot.content.scenarios import ScenarioFileError, parse_scenario
from bot.rules.glyphs import known_name

GROUND = {"q": [0, 3], "r": [0, 3], "level": 1, "terrain": "grass"}


def _map(*glyphs: dict[str, object]) -> dict[str, object]:
    return {"format": "heroscape-map/1", "fill": [GROUND], "glyphs": list(glyphs)}


def test_a_map_with_a_misspelt_glyph_is_refused_naming_the_field_and_the_names(tmp_path: Path) -> None:
    # rule: HS-GLYPH-01
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_map({"name": "astrid", "at": [0, 0]}, {"name": "frob", "at": [1, 1]})))
    with pytest.raises(MapFileError) as info:
        load_map(path)
    assert info.value.field == "glyphs #2.name"
    assert "'frob' is not a glyph name" in info.value.problem
    for accepted in ("astrid", "kelda", "heroic_rune", "jump_pack", "'unknown'"):
        assert accepted in info.value.problem


def test_real_glyphs_load_under_their_key_and_unknown_stays() -> None:
    spec = parse_map_spec(_map({"name": "Glyph of Astrid", "at": [0, 0]}, {"name": "Heroic Rune", "at": [1, 0]},
                               {"name": "unknown", "at": [2, 0], "side": "symbol"}))
    assert [g.name for g in spec.glyphs] == ["astrid", "heroic_rune", "unknown"]
    assert known_name("gulløx wing render") == "gullox_wing_render"


def test_a_side_file_with_a_misspelt_glyph_is_refused() -> None:
    data = json.dumps({"format": "heroscape-map-side/1", "glyphs": [{"name": "bogus", "at": [0, 0], "side": "symbol"}]}).encode()
    with pytest.raises(MapImportError) as info:
        parse_side_file(data, "side.json")
    assert info.value.field == "glyphs #1.name" and "'bogus' is not a glyph name" in info.value.problem


def test_a_scenario_with_a_misspelt_glyph_is_refused() -> None:
    root = Path(__file__).resolve().parents[1]
    doc = json.loads((root / "data" / "scenarios" / "last-army-standing.json").read_text())
    doc["glyphs"] = [{"name": "astird", "at": [0, 0]}]
    with pytest.raises(ScenarioFileError) as info:
        parse_scenario(doc, "s.json")
    assert "'astird' is not a glyph name" in str(info.value)
