"""Rope ladders are listed by ``maps show``, named in the legend, and kept when the bot proposes
start zones for a map without any (qa1 finding 7: the proposed-zones battlefield lost its ladders,
destructible objects and holed tiles)."""

from __future__ import annotations

from bot.content.importers.sidefile import with_proposed_zones
from bot.content.importers.summary import summary_lines
from bot.content.maps import build_battlefield, parse_map_spec
from bot.render.legend import entries

DOC = {"format": "heroscape-map/1", "fill": [{"q": [0, 9], "r": [0, 5], "level": 1, "terrain": "grass"}],
       "hexes": [{"at": [6, 1], "level": 5, "terrain": "rock"}],
       "ladders": [{"top": [6, 1], "bottom": [5, 1], "bottom_level": 2}],
       "objects": [{"id": "fort1", "at": [[5, 3]], "height": 7, "life": 3, "defense": 3}]}


def test_proposed_start_zones_keep_ladders_and_objects() -> None:
    # rule: HS-LADDER-01, HS-DESTRUCT-01
    bf = build_battlefield(parse_map_spec(DOC))
    shown, text = with_proposed_zones(bf, 4)
    assert text is not None and shown.start_zones
    assert shown.ladders == bf.ladders and len(shown.ladders) == 1
    assert shown.destructibles == bf.destructibles and "fort1" in shown.destructibles


def test_maps_show_lists_ladders_and_the_legend_names_them() -> None:
    bf = build_battlefield(parse_map_spec(DOC))
    lad = bf.ladders[0]
    assert summary_lines(bf)[-1] == f"ladders: {bf.label(lad.bottom)} up to {bf.label(lad.top)}"
    assert ("key", "ladder") in entries(bf)
    no_ladder = build_battlefield(parse_map_spec({k: v for k, v in DOC.items() if k != "ladders"}))
    assert ("key", "ladder") not in entries(no_ladder)
    assert not summary_lines(no_ladder)[-1].startswith("ladders")
