"""Moves that mix walking and flying (HS-FLY-01, -09, -10): take off part-way, land, go on."""

from __future__ import annotations

from bot.rules.commands import Command
from bot.rules.dice import BLANK
from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.state import Figure
from tests.rules.conftest import build, card, dice, fig, refused, sandbox
from tests.rules.helpers_geo import kinds, space

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
