"""Hex geometry and space labels (bot.rules.hexes): the coordinates of FORMAT.md and what players type."""

from __future__ import annotations

import itertools
import math

import pytest

from bot.rules.hexes import (
    DIRECTIONS,
    Hex,
    LabelGrid,
    column_index,
    column_letters,
    from_offset,
    hex_round,
    line,
    offset_of,
    pixel_to_hex,
    ray,
    within,
)
from tests.rules.conftest import build

SAMPLE = [Hex(q, r) for q in range(-4, 5) for r in range(-4, 5)]


# ---- neighbours and distance ---------------------------------------------------------------------


def test_neighbours_come_in_the_order_of_format_md() -> None:
    q, r = 3, -2
    assert Hex(q, r).neighbours() == (
        Hex(q + 1, r), Hex(q + 1, r - 1), Hex(q, r - 1), Hex(q - 1, r), Hex(q - 1, r + 1), Hex(q, r + 1),
    )
    assert [Hex(q, r).neighbour(d) for d in range(6)] == list(Hex(q, r).neighbours())
    assert Hex(q, r).neighbour(6) == Hex(q, r).neighbour(0)  # directions wrap
    assert len(DIRECTIONS) == 6


def test_distance_is_the_axial_formula() -> None:
    for a, b in itertools.product(SAMPLE[::7], SAMPLE[::5]):
        dq, dr = a.q - b.q, a.r - b.r
        assert a.distance(b) == (abs(dq) + abs(dr) + abs(dq + dr)) // 2 == b.distance(a)
    assert Hex(0, 0).distance(Hex(3, -1)) == 3
    assert Hex(0, 0).distance(Hex(2, 2)) == 4
    assert all(Hex(1, 1).distance(n) == 1 and Hex(1, 1).is_adjacent(n) for n in Hex(1, 1).neighbours())
    assert not Hex(1, 1).is_adjacent(Hex(1, 1)) and not Hex(1, 1).is_adjacent(Hex(3, 1))


def test_distance_obeys_the_triangle_inequality() -> None:
    pts = SAMPLE[::6]
    for a, b, c in itertools.product(pts, repeat=3):
        assert a.distance(c) <= a.distance(b) + b.distance(c)


def test_the_third_cube_coordinate() -> None:
    assert Hex(2, -5).s == 3
    assert all(h.q + h.r + h.s == 0 for h in SAMPLE)


def test_within_and_ray() -> None:
    for radius in range(4):
        area = list(within(Hex(2, 1), radius))
        assert len(area) == len(set(area)) == 1 + 3 * radius * (radius + 1)
        assert all(Hex(2, 1).distance(h) <= radius for h in area)
    assert ray(Hex(0, 0), 0, 3) == [Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert ray(Hex(0, 0), 4, 2) == [Hex(-1, 1), Hex(-2, 2)]
    assert ray(Hex(0, 0), 2, 0) == []


# ---- straight lines ------------------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [(Hex(0, 0), Hex(5, 0)), (Hex(0, 0), Hex(3, 3)), (Hex(2, -1), Hex(-3, 4)),
                                      (Hex(1, 1), Hex(1, 1)), (Hex(0, 3), Hex(6, 2)), (Hex(0, 0), Hex(2, -4))])
def test_a_line_runs_from_end_to_end_one_space_at_a_time(a: Hex, b: Hex) -> None:
    hexes = line(a, b)
    assert hexes[0] == a and hexes[-1] == b
    assert len(hexes) == a.distance(b) + 1
    assert all(x.is_adjacent(y) for x, y in zip(hexes, hexes[1:], strict=False))
    assert [h.distance(a) for h in hexes] == list(range(len(hexes)))


def test_a_line_along_an_axis_is_that_axis() -> None:
    assert line(Hex(0, 0), Hex(0, 4)) == [Hex(0, r) for r in range(5)]
    assert line(Hex(3, 0), Hex(0, 3)) == [Hex(3 - i, i) for i in range(4)]


def test_a_line_along_an_edge_picks_one_side_consistently() -> None:
    # From (0, 0) to (2, -1) the line runs along the edge of (1, 0) and (1, -1).
    first = line(Hex(0, 0), Hex(2, -1))
    assert first == line(Hex(0, 0), Hex(2, -1))
    assert first[1] in (Hex(1, 0), Hex(1, -1))


# ---- the plane -----------------------------------------------------------------------------------


def test_neighbouring_centres_are_root_3_apart_and_edges_are_1_long() -> None:
    c = Hex(2, 3)
    cx, cy = c.center()
    for n in c.neighbours():
        nx, ny = n.center()
        assert math.isclose(math.hypot(nx - cx, ny - cy), math.sqrt(3))
        (ax, ay), (bx, by) = c.edge_with(n)
        assert math.isclose(math.hypot(bx - ax, by - ay), 1.0)
    assert all(math.isclose(math.hypot(x - cx, y - cy), 1.0) for x, y in c.corners())
    with pytest.raises(ValueError, match="not adjacent"):
        c.edge_with(Hex(5, 5))


def test_pixel_to_hex_inverts_center_and_rounding_is_exact_on_centres() -> None:
    for h in SAMPLE:
        assert pixel_to_hex(*h.center()) == h
        assert hex_round(float(h.q), float(h.r)) == h
    assert hex_round(0.4, 0.1) == Hex(0, 0)


def test_hexes_print_as_format_md_pairs() -> None:
    assert str(Hex(3, -1)) == "[3, -1]"
    assert repr(Hex(3, -1)) == "Hex(q=3, r=-1)"


# ---- labels --------------------------------------------------------------------------------------


def test_offset_coordinates_round_trip() -> None:
    for h in SAMPLE:
        assert from_offset(*offset_of(h)) == h
    assert offset_of(Hex(0, 0)) == (0, 0)
    assert offset_of(Hex(-1, 2)) == (0, 2)  # odd-r: even rows shift by half a hex each


def test_column_letters_round_trip() -> None:
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]
    for i in range(0, 800, 7):
        assert column_index(column_letters(i)) == i
    assert column_index("aa") == 26
    with pytest.raises(ValueError, match="negative"):
        column_letters(-1)


def test_labels_start_at_a1_and_round_trip_on_a_battlefield() -> None:
    bf = build()
    assert bf.label(Hex(0, 0)) == "A1"
    labels = {bf.label(h) for h in bf.hexes()}
    assert len(labels) == len(bf)
    for h in bf.hexes():
        assert bf.parse_space(bf.label(h)) == h
        assert bf.parse_space(bf.label(h).lower()) == h


def test_labels_do_not_depend_on_where_the_axial_origin_is() -> None:
    grid = LabelGrid([Hex(q, r) for q in range(10, 14) for r in range(-6, -2)])
    labels = {grid.label(Hex(q, r)) for q in range(10, 14) for r in range(-6, -2)}
    assert "A1" in labels
    for q, r in itertools.product(range(10, 14), range(-6, -2)):
        assert grid.parse(grid.label(Hex(q, r))) == Hex(q, r)
    assert LabelGrid([]).label(Hex(0, 0)) == "A1"


def test_axial_pairs_parse_too() -> None:
    grid = LabelGrid([Hex(0, 0)])
    for text in ("3,-1", " 3 , -1 ", "[3, -1]", "[3,-1]"):
        assert grid.parse(text) == Hex(3, -1)
    assert grid.parse(" f7 ") == grid.parse("F7")


@pytest.mark.parametrize("text", ["", "7F", "F", "hello", "F7x", "3;1", "ABC1", "F1234"])
def test_a_bad_label_says_what_is_expected(text: str) -> None:
    with pytest.raises(ValueError) as info:
        LabelGrid([Hex(0, 0)]).parse(text)
    message = str(info.value)
    assert f"'{text}'" in message and "F7" in message and "3,-1" in message


def test_a_label_off_the_battlefield_names_the_battlefield() -> None:
    bf = build(name="Practice")
    with pytest.raises(ValueError, match="Z99 is not a space on Practice"):
        bf.parse_space("Z99")
    with pytest.raises(ValueError, match="not a space label"):
        bf.parse_space("??")


def test_a_label_off_the_battlefield_gives_the_range_of_its_labels() -> None:
    # Labels are the project's own notation (no rulebook clause): a refusal says which exist.
    bf = build(name="Practice")  # 8 x 8 axial spaces: offset columns A–K, rows 1–8
    cols = {bf.label(h).rstrip("0123456789") for h in bf.hexes()}
    rows = {int(bf.label(h).lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) for h in bf.hexes()}
    assert bf.labels.extent() == f"columns A–{max(cols)}, rows 1–{max(rows)}" == "columns A–K, rows 1–8"
    with pytest.raises(ValueError, match=r"Z9 is not a space on Practice \(its spaces run columns A–K, rows 1–8"):
        bf.parse_space("Z9")


def test_waypoints_in_axial_coordinates_stay_whole() -> None:
    """``via 1,2`` is one space (q=1, r=2), while ``via B2,C2`` lists two labels (HS-MOVE-03 paths)."""
    from bot.rules.commands import Command

    cmd = Command.parse("move finn C3 via 1,2 B2,C2 -1,0")
    assert cmd.args["via"] == ["1,2", "B2", "C2", "-1,0"]
    assert cmd.text() == "move finn C3 via 1,2 B2 C2 -1,0"
