"""Square-grid geometry and the map rules built on it (DDO-RANGE, DDO-LOS, DDO-CONE, large minis)."""

from __future__ import annotations

import pytest

from bot.onslaught.board import reach, sight
from bot.onslaught.cases import build, parse_case
from bot.onslaught.files import load
from bot.onslaught.grid import (
    SquareError,
    around,
    cone,
    corners_reached,
    distance,
    edge,
    line_squares,
    name,
    parse_square,
)

LIB = load()


def test_square_names_round_trip() -> None:
    assert parse_square("C4") == (2, 3) and name((2, 3)) == "C4"
    with pytest.raises(SquareError, match="column letter"):
        parse_square("44")


def test_range_counts_diagonals() -> None:
    # rule: DDO-RANGE-01
    assert distance((0, 0), (3, 2)) == 3
    # rule: DDO-RANGE-03 (every square at range 1, diagonals included, is adjacent)
    assert sorted(s for s in around((1, 1), 1) if distance(s, (1, 1)) == 1) == [
        (0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]


def test_area_radius() -> None:
    # rule: DDO-AOE-03
    assert len(around((5, 5), 1)) == 9 and len(around((5, 5), 2)) == 25


def test_cone_positions() -> None:
    # rule: DDO-CONE-02, DDO-CONE-03, DDO-CONE-04
    assert cone((0, 5), (1, 5), 1) == [(1, 5)]
    assert cone((0, 5), (1, 5), 2) == [(1, 5), (2, 4), (2, 5), (2, 6)]
    assert len(cone((0, 5), (1, 5), 3)) == 9
    with pytest.raises(ValueError):
        cone((0, 0), (1, 1), 2)


def test_lines_along_edges_enter_no_square() -> None:
    # rule: DDO-LOS-04
    assert line_squares((0, 0), (0, 3)) == []
    assert line_squares((0, 0), (2, 2)) == [(0, 0), (1, 1)]


def test_barrier_breaks_lines_crossing_it() -> None:
    # rule: DDO-TERRAIN-03
    assert corners_reached((0, 0), (3, 0), lambda s: False) == 4
    assert corners_reached((0, 0), (3, 0), lambda s: False, [edge((1, 0), (2, 0))]) < 3


def _game(text: str):  # type: ignore[no-untyped-def]
    return build(parse_case(text, "t"), LIB)


def test_large_mini_needs_room_and_pays_no_climb() -> None:
    # rule: DDO-CHAMPION-03, DDO-CHAMPION-04, DDO-CHAMPION-05
    g = _game("map:\n  ......\n  ......\n  ..#...\n  ......\nelevation:\n  001100\n  001100\n  000000\n  000000\n"
              "A: Brask@A4\nB: Grell@F4\nmonster: Cinder_Wyrmling@A1 9.5\n")
    wyrm = g.st.minis["Cinder1"]
    costs = reach(g.st, wyrm, 4)
    assert costs[(1, 0)] == 1  # one step east: B1,C1,B2,C2, climbing onto elevation 1 at no extra cost
    assert (1, 1) not in costs  # B2 would put a square on the blocking C3
    assert (0, 2) not in costs  # A3 would overlap Brask on A4 (no squeezing past minis)


def test_friendly_minis_do_not_block_sight_but_enemies_do() -> None:
    # rule: DDO-LOS-01
    g = _game("map:\n  .......\nA: Ysolde@A1 Brask@D1\nB: Grell@G1 Vexa@E1\n")
    st = g.st
    assert sight(st, st.minis["Ysolde"], (0, 0), (4, 0))  # Brask (friend) between
    assert not sight(st, st.minis["Ysolde"], (0, 0), (6, 0))  # Vexa (enemy) on E1 leaves only 2 corners
