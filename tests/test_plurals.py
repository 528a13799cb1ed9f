"""Counts of one read in the singular in the terminal's map and card summaries (qa1 finding 24)."""

from __future__ import annotations

import pytest

from bot.content.importers.sidefile import propose_start_zones
from bot.content.importers.summary import summary_lines
from bot.content.maps import build_battlefield, parse_map_spec
from bot.game.coverage import report
from bot.rules.cards import ArmyCard
from tests.test_render import card


def _map(**extra: object) -> dict[str, object]:
    return {"format": "heroscape-map/1", "fill": [{"q": [0, 1], "r": [0, 0], "level": 1, "terrain": "grass"}], **extra}


def test_one_hex_one_space_one_card() -> None:
    bf = build_battlefield(parse_map_spec(_map(obstacles=[{"kind": "cannon", "id": "c1", "at": [[0, 0]]}])))
    assert "obstacles: cannon=1 (on 1 hex)" in summary_lines(bf)
    _, text = propose_start_zones(build_battlefield(parse_map_spec(_map())), 1)
    assert text.endswith("1 space each.")
    with pytest.raises(ValueError, match="the map has 1 free space; two start zones of 1 need 2"):
        propose_start_zones(bf, 1)
    one: ArmyCard = card("Finn the Viking Champion", "Finn", "hero", 1, 4)
    assert report([one])[0].split(";")[0].endswith(": 1 card")
