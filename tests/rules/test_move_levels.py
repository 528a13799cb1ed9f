"""A space with two surfaces (a bridge's deck and the ground beneath it, a ruin's upper floor) named
with its level, ``SPACE@LEVEL``, in ``move``: the destination, waypoints and the spaces of a path.

The level is the one the map writes for the space (``1/7``) and a figure's level pill shows: the
top of the surface a base stands on. Without ``@`` a step takes the cheapest surface, as before.
"""

from __future__ import annotations

import pytest

from bot.rules import movement
from bot.rules.commands import Command
from bot.rules.engine import Engine
from bot.rules.errors import InvalidCommand
from tests.rules.conftest import build, card, fig, refused, sandbox
from tests.rules.helpers_geo import at, kinds, overhang

CLIMBER = card(name="Climber", move=10)  # Height 5
FLYER = card(name="Flyer", keywords=["flying"], move=6)


def deck() -> Engine:
    """Ground at level 1; a road deck from 6 to 7 over (3, 2)..(5, 2): a gap of 5 beneath it."""
    bf = build(hexes=[overhang(q, 2, 6, 7, "road") for q in (3, 4, 5)])
    return sandbox(fig("a", "p1", (3, 3), CLIMBER), fig("b", "p1", (4, 3), CLIMBER),
                   fig("f", "p1", (3, 4), FLYER), battlefield=bf)


def run(eng: Engine, text: str) -> list[dict[str, object]]:
    """``text`` as the figure's controller; the ``moved`` events' data."""
    return kinds(eng.execute("p1", text), "moved")


def test_the_level_after_the_space_picks_the_deck_over_the_ground_beneath() -> None:
    # rule: HS-MOVE-03
    # rule: HS-MOVE-04
    # rule: HS-MOVE-12
    eng = deck()
    (under,) = run(eng, "move b 4,2")  # the cheapest surface: beneath the deck, as before
    assert eng.state.figures["b"].level == 1 and under["cost"] == 1
    (onto,) = run(eng, "move a 3,2@7")  # 6 levels up and 1 for the space
    assert at(eng, "a") == ((3, 2),) and eng.state.figures["a"].level == 7 and onto["cost"] == 7


def test_naming_the_lower_level_keeps_to_the_ground() -> None:
    # rule: HS-MOVE-12
    eng = deck()
    run(eng, "move a 3,2@1")
    assert at(eng, "a") == ((3, 2),) and eng.state.figures["a"].level == 1


def test_each_space_of_a_path_may_name_its_level() -> None:
    # rule: HS-MOVE-03
    # rule: HS-MOVE-04
    eng = deck()
    (moved,) = run(eng, "move a path 3,2@7 4,2@7 5,2")
    assert at(eng, "a") == ((5, 2),) and eng.state.figures["a"].level == 7 and moved["cost"] == 9


def test_a_surface_that_cannot_be_reached_from_the_step_before_is_refused() -> None:
    # rule: HS-MOVE-12
    # From the deck straight down beneath the next deck space would pass through the deck.
    eng = deck()
    err = refused(eng, "p1", "move a path 3,2@7 4,2@1", "HS-MOVE-12")
    assert "onto" in str(err) and "@1" in str(err)


def test_a_waypoint_may_name_its_level() -> None:
    # rule: HS-MOVE-03
    eng = deck()
    run(eng, "move a 5,2 via 3,2@7")  # up at the first deck space, along the deck
    assert at(eng, "a") == ((5, 2),) and eng.state.figures["a"].level == 7


def test_a_level_the_space_does_not_have_is_refused_naming_the_levels_it_has() -> None:
    # rule: HS-MOVE-12
    eng = deck()
    label = eng.state.battlefield.label(movement.field_of(eng.state).parse_space("3,2"))
    err = refused(eng, "p1", "move a 3,2@4")
    assert isinstance(err, InvalidCommand)
    assert f"{label} has no surface at level 4" in str(err) and f"{label}@1 or {label}@7" in str(err)
    err = refused(eng, "p1", "move a 3,2@top")
    assert "after @ comes the level" in str(err)
    err = refused(eng, "p1", "move a 2,2@3")  # plain ground: its one level is named
    assert "level 1 only" in str(err)
    run(eng, "move a 2,3@1")  # and naming that one level is fine
    assert at(eng, "a") == ((2, 3),)


def test_a_flight_lands_on_the_deck_and_cannot_land_beneath_it() -> None:
    # rule: HS-FLY-08
    # rule: HS-FLY-09
    eng = deck()
    err = refused(eng, "p1", "move f 3,2@1 fly", "HS-FLY-08")
    assert "lands on" in str(err) and "at level 7, not 1" in str(err)
    run(eng, "move f 3,2@7")
    assert at(eng, "f") == ((3, 2),) and eng.state.figures["f"].level == 7


def test_a_flyer_beneath_the_deck_asked_for_the_deck_flies_out_and_up() -> None:
    # rule: HS-FLY-08
    bf = build(hexes=[overhang(q, 2, 6, 7, "road") for q in (3, 4, 5)])
    eng = sandbox(fig("f", "p1", (3, 2), FLYER, level=1), battlefield=bf)
    (beneath,) = run(eng, "move f 4,2@1")
    assert eng.state.figures["f"].level == 1 and beneath["cost"] == 1
    eng = sandbox(fig("f", "p1", (3, 2), FLYER, level=1), battlefield=bf)  # a fresh turn
    (up,) = run(eng, "move f 4,2@7")
    assert eng.state.figures["f"].level == 7 and up["cost"] == 2  # out into open sky, then down on the deck


@pytest.mark.parametrize("text", ["move finn F7@2", "move finn F7@8 via E6@1 E7", "move finn path E6@1 F7@2"])
def test_space_at_level_reads_and_prints_back(text: str) -> None:
    # rule: HS-MOVE-03
    assert Command.parse(text).text() == text


def test_on_the_forgotten_forest_the_bridge_and_the_river_beneath_are_told_apart_by_level() -> None:
    # rule: HS-MOVE-12
    # rule: HS-MOVE-04
    # The bridge's deck (road, level 7) spans the river (water, level 1): L9, M9, ... read 1/7.
    from tests.rules.test_scenario_forest import forest

    eng = sandbox(fig("a", "p1", (9, 7)), fig("b", "p1", (7, 7)), battlefield=forest())
    bf = eng.state.battlefield
    assert (bf.label(eng.state.figures["a"].hexes[0]), bf.label(eng.state.figures["b"].hexes[0])) == ("M8", "K8")
    err = refused(eng, "p1", "move a N9@7", "HS-MOVE-03")  # from the river: 6 levels up and 1, more than Move 5
    assert "Move 5 but that path costs 7 spaces" in str(err)
    run(eng, "move a N9@1")  # wading on beneath the bridge
    assert at(eng, "a") == ((9, 8),) and eng.state.figures["a"].level == 1
    eng = sandbox(fig("b", "p1", (7, 7)), battlefield=forest())
    err = refused(eng, "p1", "move b L9@1", "HS-MOVE-12")  # from the bank down into the river: through the deck
    assert "L9@1" in str(err)
    run(eng, "move b L9@7")
    assert eng.state.figures["b"].level == 7
