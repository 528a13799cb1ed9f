"""Map and side file errors in plain words, not pydantic's (qa1 finding 15)."""

from __future__ import annotations

import pytest

from bot.content.importers.errors import MapImportError
from bot.content.importers.sidefile import parse_side_file
from bot.content.maps import MapFileError, parse_map_spec

GROUND = {"q": [0, 1], "r": [0, 1], "level": 1, "terrain": "grass"}


def test_a_number_out_of_range_and_a_non_object_read_plainly() -> None:
    doc = {"format": "heroscape-map/1", "fill": [GROUND],
           "objects": [{"id": "a", "at": [[0, 0]], "height": 7, "life": 3, "defense": 300}]}
    with pytest.raises(MapFileError) as info:
        parse_map_spec(doc)
    assert info.value.problem == "expected a number less than or equal to 100 (got 300)"
    with pytest.raises(MapImportError) as side:
        parse_side_file(b'{"format": "heroscape-map-side/1", "glyphs": [5]}', "side.json")
    assert side.value.field == "glyphs #1" and side.value.problem == "expected a JSON object ({...}) (got 5)"
    assert "Input should" not in str(info.value) + str(side.value)


def test_a_drop_without_its_space_says_what_is_missing() -> None:
    # rule: HS-TREASURE-07
    from bot.rules.commands import Command
    from bot.rules.errors import InvalidCommand

    with pytest.raises(InvalidCommand) as info:
        Command.parse("move finn D2 drop bolt_of_the_witherwood")
    assert info.value.message.startswith("'drop bolt_of_the_witherwood' needs the space to drop it on: "
                                         "drop bolt_of_the_witherwood@SPACE")
    assert Command.parse("move finn D2 drop bolt_of_the_witherwood@D2").args["drop"] == ["bolt_of_the_witherwood@D2"]


def test_cards_name_shows_the_card_and_coverage_refuses_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    # qa1 finding 23: 'cards finn' was an argparse error; 'cards coverage finn' ignored 'finn'
    from bot.cli import main

    assert main(["cards", "finn"]) == 0
    assert capsys.readouterr().out.startswith("Finn the Viking Champion (Finn): 80 pts")
    assert main(["cards", "coverage", "finn"]) == 2
    assert "coverage takes no card name; to see one card: cards show finn" in capsys.readouterr().out


def test_an_incomplete_card_says_how_to_complete_it_in_the_terminal_too() -> None:
    # qa1 finding 15: "A server manager can add ..." read oddly in the terminal
    from bot.game.session import GameSession
    from bot.rules.errors import ArmyError

    s = GameSession.create("local", map_id="cobra-facility", seed=1)
    s.apply("alice", "join Alice")
    with pytest.raises(ArmyError) as info:
        s.apply("alice", "army Duke")
    assert "Add a complete card file to the card library (on Discord: a server manager, with /cards upload)" in str(
        info.value)
