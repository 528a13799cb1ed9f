"""Moves that mix walking and flying (HS-FLY-01, -09, -10): take off part-way, land, go on."""

from __future__ import annotations

from bot.rules.commands import Command
from bot.rules.dice import BLANK
from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.state import Figure
from tests.rules.conftest import build, card, dice, fig, refused, sandbox
from tests.rules.helpers_geo import kinds, space
from tests.rules.treasure_helpers import carrying, glyphs, lay

FLYER = card(name="Flyer", keywords=["flying"], move=6)


def tree_field() -> object:
    return build(hexes=[space(5, 5, 1, "water")], obstacles=[{"kind": "tree", "at": [[2, 2]], "height": 10}])


def figure(eng: Engine, fid: str) -> Figure:
    return eng.state.figures[fid]


def test_a_flyer_walks_takes_off_lands_and_walks_on() -> None:
    # rule: HS-FLY-01
    # rule: HS-FLY-10
    eng = sandbox(fig("f", "p1", (0, 2), FLYER), fig("e", "p2", (1, 1)), battlefield=tree_field(), combat=[BLANK])
    events = eng.execute("p1", "move f path walk 1,2 fly 2,2 3,2 walk 4,2")
    assert figure(eng, "f").hexes == (Hex(4, 2),)
    flags = [e["flew"] for e in kinds(events, "moved")]
    assert flags == [False, True, False]  # three legs, the middle one flown over the tree
    # Taking off beside the enemy it walked next to gives its leaving-engagement attack (HS-FLY-02).
    assert [e["attacker"] for e in kinds(events, "swipe")] == ["e"] and dice(eng).left == 0


def test_the_legs_together_may_cost_no_more_than_move() -> None:
    # rule: HS-FLY-10
    # rule: HS-MOVE-03
    eng = sandbox(fig("f", "p1", (0, 2), card(name="Flyer", keywords=["flying"], move=3)), battlefield=tree_field())
    refused(eng, "p1", "move f path walk 1,2 fly 2,2 3,2 walk 4,2", "HS-MOVE-03")


def test_landing_on_water_ends_the_move() -> None:
    # rule: HS-FLY-09
    eng = sandbox(fig("f", "p1", (3, 5), FLYER), battlefield=tree_field())
    refused(eng, "p1", "move f path fly 4,5 5,5 walk 6,5", "HS-FLY-09")


def test_only_a_flying_figure_may_take_off() -> None:
    # rule: HS-FLY-01
    eng = sandbox(fig("w", "p1", (0, 2)), battlefield=tree_field())
    refused(eng, "p1", "move w path walk 1,2 fly 2,2 3,2", "HS-FLY-01")


def test_a_move_in_legs_prints_back_as_typed() -> None:
    # rule: HS-FLY-10
    text = "move f path walk B2 fly C3 D3 walk E3"
    assert Command.parse(text).text() == text
    assert Command.parse("move f path B2 fly C3").args["legs"] == [["walk", ["B2"]], ["fly", ["C3"]]]


def test_a_move_with_waypoints_may_switch_between_walking_and_flying() -> None:
    # rule: HS-FLY-10
    # Discord's /move writes its via option this way: "via 1,2 fly 2,2 3,2" then "walk" to the destination.
    cmd = Command.parse("move f 4,2 via 1,2 fly 2,2 3,2 walk")
    assert cmd.args["legs"] == [["walk", ["1,2"]], ["fly", ["2,2", "3,2"]], ["walk", ["4,2"]]]
    eng = sandbox(fig("f", "p1", (0, 2), FLYER), battlefield=tree_field())
    eng.execute("p1", cmd)
    assert figure(eng, "f").hexes == (Hex(4, 2),)


def test_a_leg_that_walks_onto_a_glyph_ends_the_move_there() -> None:
    # rule: HS-GLYPH-02
    # rule: HS-FLY-10
    eng = sandbox(fig("f", "p1", (0, 2), FLYER), battlefield=tree_field())
    lay(eng, 1, 2, "astrid", "symbol")
    refused(eng, "p1", "move f path walk 1,2 fly 2,2 3,2", "HS-GLYPH-02")
    assert figure(eng, "f").hexes == (Hex(0, 2),) and glyphs(eng)[(1, 2)] == ("astrid", "symbol")


def test_a_leg_that_lands_on_a_glyph_ends_the_move_there() -> None:
    # rule: HS-GLYPH-03
    # rule: HS-FLY-06
    eng = sandbox(fig("f", "p1", (0, 2), FLYER), battlefield=tree_field())
    lay(eng, 3, 2, "gerda")
    refused(eng, "p1", "move f path walk 1,2 fly 2,2 3,2 walk 4,2", "HS-GLYPH-03")
    # Flying over it is no stop: the same glyph passed in the air lets the move go on (HS-FLY-06).
    eng.execute("p1", "move f path walk 1,2 fly 2,2 3,2 4,2 walk 5,2")
    assert figure(eng, "f").hexes == (Hex(5, 2),)


def test_a_move_in_legs_ending_on_a_glyph_turns_it_over() -> None:
    # rule: HS-GLYPH-02
    eng = sandbox(fig("f", "p1", (0, 2), FLYER), battlefield=tree_field())
    lay(eng, 4, 2, "astrid", "symbol")
    events = eng.execute("p1", "move f path walk 1,2 fly 2,2 3,2 walk 4,2")
    assert [e["glyph"] for e in kinds(events, "glyph_turned")] == ["astrid"]
    assert glyphs(eng)[(4, 2)] == ("astrid", "power")


def test_a_move_in_legs_drops_a_carried_glyph_on_a_later_leg() -> None:
    # rule: HS-TREASURE-07
    eng = sandbox(fig("f", "p1", (0, 2), FLYER), battlefield=tree_field())
    carrying(eng, "f", "heroic_rune")
    cmd = Command.parse("move f path walk 1,2 fly 2,2 3,2 walk 4,2 drop heroic_rune@4,2")
    assert cmd.text() == "move f path walk 1,2 fly 2,2 3,2 walk 4,2 drop heroic_rune@4,2"
    eng.execute("p1", cmd)
    assert glyphs(eng) == {(4, 2): ("heroic_rune", "power")} and figure(eng, "f").carries == []
    # A drop on a space of no leg is refused and nothing moves (HS-TREASURE-07).
    eng2 = sandbox(fig("f", "p1", (0, 2), FLYER), battlefield=tree_field())
    carrying(eng2, "f", "heroic_rune")
    refused(eng2, "p1", "move f path walk 1,2 fly 2,2 3,2 walk 4,2 drop heroic_rune@5,5", "HS-TREASURE-07")
    assert figure(eng2, "f").hexes == (Hex(0, 2),) and figure(eng2, "f").carries == ["heroic_rune"]
