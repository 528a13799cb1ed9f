"""Each book scenario's victory conditions hold at every level it offers (Seasoned and Veteran;
HS-SCEN-BOOK-03, -04): the last side standing, the round limit's side, and Mission Critical's
trackers (HS-SCEN-RIFT1-ALL-03/04, HS-SCEN-CRIT2-ALL-04..06, HS-SCEN-TROUBLE3-ALL-04/05)."""

from __future__ import annotations

import pytest

from bot.rules.engine import Engine
from bot.rules.victory import check_victory
from tests.rules.conftest import fig
from tests.scenarios.helpers import table

#: scenario family -> (the two sides, the side winning at the round limit, the limit, its tracker name).
BOOK = {
    "rumble-at-the-rift": (("G.I. JOE", "COBRA"), "COBRA", 5, None),
    "mission-critical": (("G.I. JOE", "COBRA"), "COBRA", 6, "Deactivation"),
    "wherever-theres-trouble": (("Player 1", "Player 2"), "Player 1", 6, None),
}
CASES = [(family, level) for family in BOOK for level in ("seasoned", "veteran")]


def _two(family: str, level: str) -> Engine:
    sides = BOOK[family][0]
    return table(f"{family}-{level}", fig("a", "p1", (0, 0)), fig("b", "p2", (8, 6)), roles={"p1": sides[0], "p2": sides[1]})


@pytest.mark.parametrize(("family", "level"), CASES)
def test_the_last_side_standing_wins_at_each_level(family: str, level: str) -> None:
    # rule: HS-SCEN-RIFT1-ALL-03, HS-SCEN-CRIT2-ALL-05, HS-SCEN-TROUBLE3-ALL-04, HS-SCEN-RIFT1-ALL-01
    eng = _two(family, level)
    b = eng.state.figures["b"]
    b.destroyed, b.hexes = True, ()
    assert check_victory(eng.state, end_of_round=False) == (["p1"], "last army standing")


@pytest.mark.parametrize(("family", "level"), CASES)
def test_the_round_limits_side_wins_at_each_level(family: str, level: str) -> None:
    # rule: HS-SCEN-RIFT1-ALL-04, HS-SCEN-CRIT2-ALL-06, HS-SCEN-TROUBLE3-ALL-05
    sides, winner, limit, _ = BOOK[family]
    eng = _two(family, level)
    eng.state.round = limit - 1
    assert check_victory(eng.state, end_of_round=True) is None
    eng.state.round = limit
    assert check_victory(eng.state, end_of_round=False) is None  # only as the round ends
    who = "p1" if sides[0] == winner else "p2"
    assert check_victory(eng.state, end_of_round=True) == ([who], f"the end of round {limit}: {winner} wins")


@pytest.mark.parametrize("level", ["seasoned", "veteran"])
def test_a_full_tracker_wins_at_each_level(level: str) -> None:
    # rule: HS-SCEN-CRIT2-ALL-04, HS-SCEN-CRIT2-ALL-03
    eng = _two("mission-critical", level)
    assert eng.state.trackers == {"p1": 0, "p2": 0}
    eng.state.trackers["p1"] = 3
    assert check_victory(eng.state, end_of_round=False) is None
    eng.state.trackers["p1"] = 4
    assert check_victory(eng.state, end_of_round=False) == (["p1"], "the Deactivation tracker reached 4")
