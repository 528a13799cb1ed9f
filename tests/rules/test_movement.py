"""Movement (HS-MOVE-*): how far, how much climbing costs, what blocks, where a move may end."""

from __future__ import annotations

import pytest

from bot.rules import movement
from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from tests.rules.conftest import build, card, fig, refused, sandbox
from tests.rules.helpers_geo import H, at, hexes, move, move_text, overhang, space

SOLDIER = card()  # Move 5, Height 5, Medium
SQUAD = card(name="Vipers", kind="squad", rarity="common", figures=3, move=5)


def cost(eng: Engine, figure: str, *path: tuple[int, int], fly: bool | None = None) -> int | None:
    st = eng.state
    return movement.move_cost(st, st.figures[figure], hexes(*path), fly)


# ---- how many figures, how far ------------------------------------------------------------------


def test_a_card_moves_as_many_figures_as_it_pictures() -> None:
    # rule: HS-MOVE-01
    eng = sandbox(*(fig(f"v{i}", "p1", (i, 0), SQUAD, card_key="p1/vipers") for i in range(4)))
    for i in range(3):
        move(eng, f"v{i}", [(i, 1)])
    err = refused(eng, "p1", move_text("v3", [(3, 1)]), "HS-MOVE-01")
    assert "3 figure" in str(err)
    assert at(eng, "v3") == ((3, 0),)


def test_a_figure_that_moved_is_activated() -> None:
    # rule: HS-MOVE-02
    eng = sandbox(fig("a", "p1", (1, 1)))
    move(eng, "a", [(2, 1)])
    assert eng.state.turn is not None and eng.state.turn.activated == ["a"]
    refused(eng, "p1", move_text("a", [(3, 1)]), "HS-MOVE-01")  # once activated, it has had its move


def test_a_move_to_the_space_the_figure_stands_on_is_refused_and_uses_up_nothing() -> None:
    """DEC-14 (HS-MOVE-02): a figure chosen to move counts as activated even if it moves 0 spaces;
    the referee does not let a player spend a figure's move on the spot for nothing: it says the
    figure already stands there, and the figure may still move elsewhere afterwards."""
    eng = sandbox(fig("a", "p1", (1, 1)))
    label = eng.state.battlefield.label(H(1, 1))
    err = refused(eng, "p1", f"move a {label}", "DEC-14")
    assert f"A already stands on {label}" in str(err)
    assert "do not move it (end the turn, or attack with it); otherwise name another space" in str(err)
    refused(eng, "p1", "move a 1,1", "DEC-14")  # the same space written as q,r
    move(eng, "a", [(2, 1)])  # its move was not used up
    assert at(eng, "a") == ((2, 1),)


def test_a_move_that_leaves_and_comes_back_is_a_real_move() -> None:
    # rule: HS-MOVE-02, HS-MOVE-03 (DEC-14 refuses only a move of 0 spaces)
    eng = sandbox(fig("a", "p1", (1, 1)))
    label = eng.state.battlefield.label
    eng.execute("p1", f"move a {label(H(1, 1))} via {label(H(2, 1))}")
    assert at(eng, "a") == ((1, 1),)
    assert eng.state.turn is not None and eng.state.turn.activated == ["a"]


def test_with_zero_space_moves_allowed_the_figure_is_activated(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-MOVE-02 (a league that sets DEC-14's ZERO_SPACE_MOVES back to True)
    monkeypatch.setattr("bot.rules.actions.move.ZERO_SPACE_MOVES", True)
    eng = sandbox(fig("a", "p1", (1, 1)))
    eng.execute("p1", "move a 1,1")
    assert eng.state.turn is not None and "a" in eng.state.turn.activated
    refused(eng, "p1", move_text("a", [(2, 1)]), "HS-MOVE-01")  # that was its move


def test_move_up_to_the_move_value_in_any_direction_and_stop_early() -> None:
    # rule: HS-MOVE-03
    eng = sandbox(fig("a", "p1", (0, 3)))
    assert cost(eng, "a", (1, 3), (2, 3), (3, 3), (4, 3), (5, 3)) == 5
    assert cost(eng, "a", (1, 2), (2, 1), (2, 2), (1, 3), (0, 4)) == 5  # any direction, turning freely
    refused(eng, "p1", move_text("a", [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3)]), "HS-MOVE-03")
    move(eng, "a", [(1, 3), (2, 3)])  # stopping early is fine
    assert at(eng, "a") == ((2, 3),)


def test_reachable_spaces_respect_the_move_value() -> None:
    # rule: HS-MOVE-03
    eng = sandbox(fig("a", "p1", (3, 3), card(move=2)))
    reach = movement.reachable_hexes(eng.state, eng.state.figures["a"])
    assert max(reach.values()) == 2
    assert set(reach) == {h for h in H(3, 3).neighbours()} | {
        h for n in H(3, 3).neighbours() for h in n.neighbours() if h != H(3, 3)
    }


# ---- climbing ------------------------------------------------------------------------------------


def test_climbing_a_ledge_2_levels_up_costs_3() -> None:
    # rule: HS-MOVE-04
    bf = build(hexes=[space(2, 1, 3)])
    eng = sandbox(fig("a", "p1", (1, 1), card(move=3)), battlefield=bf)
    assert cost(eng, "a", (2, 1)) == 3
    move(eng, "a", [(2, 1)])
    assert eng.state.figures["a"].level == 3


def test_climbing_a_ledge_needs_the_movement() -> None:
    # rule: HS-MOVE-04
    bf = build(hexes=[space(2, 1, 3)])
    eng = sandbox(fig("a", "p1", (1, 1), card(move=2)), battlefield=bf)
    err = refused(eng, "p1", move_text("a", [(2, 1)]), "HS-MOVE-03")
    assert "costs 3" in str(err)


def test_stepping_down_from_a_ledge_costs_1() -> None:
    # rule: HS-MOVE-05
    bf = build(hexes=[space(2, 1, 3)])
    eng = sandbox(fig("a", "p1", (2, 1)), battlefield=bf)
    assert cost(eng, "a", (3, 1)) == 1
    assert cost(eng, "a", (3, 1), (4, 1), (5, 1), (6, 1), (7, 1)) == 5


def test_climbing_out_of_water_counts_the_side_of_the_land() -> None:
    # rule: HS-MOVE-06
    # A pool: water whose surface is a level below the land around it.
    bf = build([{"q": [0, 7], "r": [0, 7], "level": 2, "terrain": "grass"}], hexes=[space(2, 1, 1, "water")])
    eng = sandbox(fig("a", "p1", (2, 1), card(move=2)), battlefield=bf)
    assert cost(eng, "a", (3, 1)) == 2  # 1 for the level, 1 for the space
    move(eng, "a", [(3, 1)])
    assert eng.state.figures["a"].level == 2


def test_a_double_space_figure_counts_the_land_side_when_leaving_water() -> None:
    # rule: HS-MOVE-06
    # Halushia: lead into the water (1), up onto the land beyond (1 level + 1), on again (1).
    bf = build([{"q": [0, 7], "r": [0, 7], "level": 2, "terrain": "grass"}], hexes=[space(2, 1, 1, "water")])
    big = card(name="Halushia", base=2, size="large", move=7)
    eng = sandbox(fig("h", "p1", [(1, 1), (0, 1)], big), battlefield=bf)
    assert cost(eng, "h", (2, 1), (3, 1), (4, 1)) == 4
    move(eng, "h", [(2, 1), (3, 1), (4, 1)])
    assert at(eng, "h") == ((4, 1), (3, 1))


# ---- what blocks ---------------------------------------------------------------------------------


def test_a_figure_cannot_move_through_a_wall() -> None:
    # rule: HS-MOVE-07
    bf = build(obstacles=[{"kind": "fortified_wall", "at": [[2, 1]], "height": 7}])
    eng = sandbox(fig("a", "p1", (1, 1)), battlefield=bf)
    assert cost(eng, "a", (2, 1), (3, 1)) is None
    refused(eng, "p1", move_text("a", [(2, 1), (3, 1)]), "HS-MOVE-07")


def test_a_figure_cannot_move_through_an_enemy_figure() -> None:
    # rule: HS-MOVE-07
    eng = sandbox(fig("a", "p1", (1, 1)), fig("e", "p2", (2, 1)))
    err = refused(eng, "p1", move_text("a", [(2, 1), (3, 1)]), "HS-MOVE-07")
    assert "enemy" in str(err)
    assert H(2, 1) not in movement.reachable_hexes(eng.state, eng.state.figures["a"])
    assert H(3, 1) in movement.reachable_hexes(eng.state, eng.state.figures["a"])  # around it


def test_fit_is_checked_only_where_the_move_ends() -> None:
    # rule: HS-MOVE-08
    # A friend's space may be passed through (DEC-03) but not ended on.
    eng = sandbox(fig("a", "p1", (1, 1)), fig("f", "p1", (2, 1)))
    refused(eng, "p1", move_text("a", [(2, 1)]), "HS-MOVE-08")
    move(eng, "a", [(2, 1), (3, 1)])
    assert at(eng, "a") == ((3, 1),) and at(eng, "f") == ((2, 1),)


def under(eng: Engine, figure: str, *path: tuple[int, int]) -> list[int]:
    """The level of each step of the cheapest way along ``path`` (Move not checked)."""
    st = eng.state
    mp = movement.plan(st, st.figures[figure], hexes(*path), check_allowance=False)
    return [s.level for s in mp.steps]


def test_tight_quarters_a_figure_cannot_pass_where_it_does_not_fit() -> None:
    # rule: HS-MOVE-08
    # The 001 reading: not even through a space it cannot fit onto. Under a ceiling 3 levels up
    # a Height 5 figure cannot pass; its only way is over the top, which its Move does not allow.
    bf = build(hexes=[overhang(2, 1, 4, 5)])
    eng = sandbox(fig("a", "p1", (1, 1)), fig("small", "p1", (1, 2), card(name="Gnome", height=3)),
                  battlefield=bf)
    assert under(eng, "a", (2, 1), (3, 1)) == [5, 1]  # over the overhang, not under it
    refused(eng, "p1", move_text("a", [(2, 1), (3, 1)]), "HS-MOVE-03")
    assert under(eng, "small", (2, 1), (3, 1)) == [1, 1]


def test_a_double_space_figure_ends_on_its_own_two_spaces_only() -> None:
    # rule: HS-MOVE-09
    bf = build(obstacles=[{"kind": "ruin", "between": [[3, 1], [4, 1]], "height": 2}])
    big = card(name="Wyrm", base=2, size="huge", height=7, move=8)
    eng = sandbox(fig("w", "p1", [(2, 1), (1, 1)], big), battlefield=bf)
    # Leading over the ruin leaves the tail on the near side: the base would straddle the ruin.
    err = refused(eng, "p1", move_text("w", [(3, 1), (4, 1)]), "HS-MOVE-09")
    assert "astride" in str(err)
    reach = movement.reachable(eng.state, eng.state.figures["w"])
    assert (H(4, 1), H(3, 1)) not in reach
    assert all(a.is_adjacent(b) and not bf.obstacles_between(a, b) for a, b in reach)
    move(eng, "w", [(3, 1), (4, 1), (5, 1)])  # one more step and both halves are across
    assert at(eng, "w") == ((5, 1), (4, 1))


def test_sculpts_never_block_neighbouring_spaces() -> None:
    # rule: HS-MOVE-10
    # rule: HS-MOVE-11
    # The rules core has no sculpts, only bases: an empty space next to any figure, even a Huge
    # two-space one, can always be entered, which is what "turn, lift or flip until both fit"
    # achieves on the table. (Protruding sculpts are not modelled.)
    dragon = card(name="Dragon", base=2, size="huge", height=12)
    eng = sandbox(fig("a", "p1", (1, 3)), fig("d", "p2", [(3, 3), (4, 3)], dragon))
    move(eng, "a", [(2, 3)])
    assert at(eng, "a") == ((2, 3),)


# ---- overhangs -----------------------------------------------------------------------------------


def test_a_height_5_figure_passes_a_gap_of_5_but_not_4() -> None:
    # rule: HS-MOVE-12
    five = build(hexes=[overhang(2, 1, 6, 7)])  # ground at 1, underside at 6: gap 5
    four = build(hexes=[overhang(2, 1, 5, 6)])  # underside at 5: gap 4
    eng5 = sandbox(fig("a", "p1", (1, 1)), battlefield=five)
    eng4 = sandbox(fig("a", "p1", (1, 1)), battlefield=four)
    assert cost(eng5, "a", (2, 1), (3, 1)) == 2
    assert under(eng5, "a", (2, 1), (3, 1)) == [1, 1]
    assert under(eng4, "a", (2, 1), (3, 1)) == [6, 1]  # it can only climb over the top
    assert cost(eng4, "a", (2, 1), (3, 1)) == 7
    move(eng5, "a", [(2, 1)])  # and it may stop beneath
    assert at(eng5, "a") == ((2, 1),) and eng5.state.figures["a"].level == 1
    refused(eng4, "p1", move_text("a", [(2, 1), (3, 1)]), "HS-MOVE-03")


def test_a_long_overhang_is_passed_only_if_its_lowest_gap_fits() -> None:
    # rule: HS-MOVE-13
    bf = build(hexes=[overhang(2, 1, 6, 7), overhang(3, 1, 5, 7), overhang(4, 1, 6, 7)])
    eng = sandbox(fig("tall", "p1", (1, 1)), fig("short", "p1", (1, 2), card(name="Scout", height=4)),
                  battlefield=bf)
    assert under(eng, "tall", (2, 1)) == [1]  # under the gap of 5
    # From beneath the gap of 5 there is no way on: the gap of 4 is too low, and climbing onto
    # the overhang would mean rising through the ceiling above it.
    assert cost(eng, "tall", (2, 1), (3, 1), (4, 1), (5, 1)) is None
    err = refused(eng, "p1", move_text("tall", [(2, 1), (3, 1), (4, 1), (5, 1)]), "HS-MOVE-07")
    assert "too low" in str(err)
    assert under(eng, "short", (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)) == [1, 1, 1, 1, 1]
    assert cost(eng, "short", (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)) == 5
    reach = movement.reachable_hexes(eng.state, eng.state.figures["tall"])
    assert reach[H(5, 1)] == 5  # around the overhang (4 straight under it)


def test_climbing_onto_a_low_overhang_counts_its_support() -> None:
    # rule: HS-MOVE-14
    # A tile at level 3 reaching out over (2, 1) from its support column at (3, 1).
    bf = build(hexes=[space(3, 1, 3, "rock"), overhang(2, 1, 2, 3)])
    eng = sandbox(fig("a", "p1", (1, 1)), battlefield=bf)
    assert cost(eng, "a", (2, 1)) == 3  # 2 levels up onto the overhang, 1 for the space
    move(eng, "a", [(2, 1), (3, 1)])
    assert eng.state.figures["a"].level == 3


def test_a_plan_names_the_rule_it_breaks() -> None:
    # rule: HS-MOVE-03
    eng = sandbox(fig("a", "p1", (1, 1)))
    with pytest.raises(IllegalCommand) as info:
        movement.plan(eng.state, eng.state.figures["a"], hexes((3, 1)))
    assert info.value.rule == "HS-MOVE-03" and "one space at a time" in str(info.value)


def test_a_waypoint_that_is_the_destination_or_the_figures_own_space_is_refused_with_what_to_write() -> None:
    # rule: HS-MOVE-03 (a move goes space by space; a waypoint is a space passed on the way)
    big = card(name="Grimnak", base=2, size="large", height=6)
    eng = sandbox(fig("grimnak", "p1", [(2, 2), (1, 2)], big))
    label = eng.state.battlefield.label
    dest, own = label(H(4, 2)), label(H(2, 2))
    err = refused(eng, "p1", f"move grimnak {dest} via {dest}", "HS-MOVE-03")
    assert str(err).startswith(f"{dest} is the destination and cannot also be a waypoint: name {dest} only as the "
                               "destination and the path is found for you")
    assert "back end" not in str(err)
    err = refused(eng, "p1", f"move grimnak {dest} via {own}", "HS-MOVE-03")
    assert str(err).startswith(f"{own} is where grimnak already stands, so it is no waypoint: leave it out")
    mid = label(H(3, 2))
    err = refused(eng, "p1", f"move grimnak {dest} via {mid} {mid}", "HS-MOVE-03")
    assert f"{mid} is named twice in a row" in str(err)
    move(eng, "grimnak", [(3, 2), (4, 2)])  # the same move, written plainly, is legal
    assert at(eng, "grimnak")[0] == (4, 2)
