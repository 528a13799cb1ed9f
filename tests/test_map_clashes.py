"""Map pieces that cannot share a space are refused at load, naming the field (qa1 findings 8, 12):
a start zone space under an obstacle, two cannons on one space, a glyph on
a cannon's or a destructible object's space."""

from __future__ import annotations

from typing import Any

import pytest

from bot.content.maps import MapFileError, build_battlefield, parse_map_spec

GROUND = {"q": [0, 5], "r": [0, 3], "level": 1, "terrain": "grass"}


def _build(**extra: Any) -> None:
    build_battlefield(parse_map_spec({"format": "heroscape-map/1", "fill": [GROUND], **extra}), source="m.json")


@pytest.mark.parametrize(
    ("extra", "field", "words"),
    [
        ({"obstacles": [{"kind": "cannon", "id": "c1", "at": [[2, 2]]}, {"kind": "cannon", "id": "c2", "at": [[2, 2]]}]},
         "obstacles #2", "[2, 2] already holds a cannon (obstacles #1); one cannon per space"),
        ({"obstacles": [{"kind": "cannon", "id": "c1", "at": [[2, 2]]}], "glyphs": [{"name": "astrid", "at": [2, 2]}]},
         "glyphs #1.at", "[2, 2] holds the cannon c1"),
        ({"objects": [{"id": "fort1", "at": [[3, 1]], "height": 7, "life": 3, "defense": 3}],
          "glyphs": [{"name": "heroic_rune", "at": [3, 1]}]}, "glyphs #1.at", "[3, 1] holds the object fort1"),
    ],
)
def test_pieces_sharing_a_space_are_refused(extra: dict[str, Any], field: str, words: str) -> None:
    # rule: HS-OBSTACLE-09, HS-GLYPH-01
    with pytest.raises(MapFileError) as info:
        _build(**extra)
    assert info.value.field == field
    assert words in info.value.problem


def test_separate_zones_and_pieces_load() -> None:
    _build(start_zones={"red": [[0, 0]], "blue": [[5, 3]]},
           obstacles=[{"kind": "cannon", "id": "c1", "at": [[2, 2]]}, {"kind": "tree", "at": [[4, 0]], "height": 10}],
           glyphs=[{"name": "astrid", "at": [2, 1]}])


def test_overlapping_zones_load_because_scenario_areas_overlap_colour_zones() -> None:
    # The Forgotten Forest names a bridge and a third player's area across its colour zones.
    _build(start_zones={"red": [[0, 0], [1, 0]], "bridge": [[1, 0], [5, 3]]})


def test_a_zone_may_include_a_space_under_a_tree() -> None:
    # Placement uses only a zone's free spaces (HS-OBSTACLE-01); the Forgotten Forest has such zones.
    _build(obstacles=[{"kind": "tree", "at": [[1, 0]], "height": 10}], start_zones={"red": [[0, 0], [1, 0]]})
