"""Falling (HS-FALL-*, DEC-02), Flying (HS-FLY-*) and double-space figures (HS-DOUBLE-*)."""

from __future__ import annotations

import pytest

from bot.rules import combat, engagement, los, movement
from bot.rules.battlefield import Battlefield
from bot.rules.commands import VERBS
from bot.rules.decisions import MAJOR_FALL_DICE
from bot.rules.dice import BLANK, SKULL
from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.state import Figure
from bot.rules.terrain import Terrain
from tests.rules.conftest import build, card, dice, fig, refused, sandbox
from tests.rules.helpers_geo import H, at, hexes, kinds, move, move_text, overhang, space

FLYER = card(name="Flyer", keywords=["flying"], move=6)
STEALTH = card(name="Stealth", keywords=["stealth_flying"], move=6)
BIG = card(name="Big", base=2, size="large", height=6, move=6)


def figure(eng: Engine, fid: str) -> Figure:
    return eng.state.figures[fid]


# ---- falling -------------------------------------------------------------------------------------


def test_the_fall_decision_table() -> None:
    # DEC-02: a drop of the figure's Height or more is a fall; +10 major, +20 extreme.
    assert movement.fall_for(4, 5, Terrain.GRASS, False) is None
    assert movement.fall_for(5, 5, Terrain.GRASS, False) == ("dice", 1)
    assert movement.fall_for(15, 5, Terrain.GRASS, False) == ("dice", MAJOR_FALL_DICE)
    assert movement.fall_for(25, 5, Terrain.GRASS, False) == ("d20", 0)


def test_a_flying_figure_never_takes_falling_damage() -> None:
    # rule: HS-FALL-01
    assert movement.fall_for(25, 5, Terrain.GRASS, True) is None
    bf = build(hexes=[space(2, 2, 12, "rock")])
    eng = sandbox(fig("f", "p1", (2, 2), FLYER), battlefield=bf)  # no dice scripted
    events = move(eng, "f", [(3, 2)], fly=True)
    assert kinds(events, "fell") == [] and figure(eng, "f").level == 1


def test_a_flying_figure_that_walks_off_a_cliff_takes_no_falling_damage() -> None:
    # rule: HS-FALL-01
    bf = build(hexes=[space(2, 2, 12, "rock")])
    eng = sandbox(fig("f", "p1", (2, 2), FLYER), battlefield=bf)  # no dice scripted
    events = move(eng, "f", [(3, 2)], fly=False)
    assert kinds(events, "fell") == []


@pytest.mark.parametrize(("terrain", "rolled", "wounds"),
                         [("grass", [SKULL], 1), ("swamp_water", [SKULL], 1), ("water", [], 0),
                          ("toxic_water", [], 0), ("wellspring_water", [], 0)])
def test_only_non_swamp_water_breaks_a_fall(terrain: str, rolled: list[str], wounds: int) -> None:
    # rule: HS-FALL-02
    bf = build(hexes=[space(2, 2, 8, "rock"), space(3, 2, 1, terrain)])
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=bf, combat=rolled)
    events = move(eng, "a", [(3, 2)])
    assert len(kinds(events, "fell")) == (1 if rolled else 0)
    assert figure(eng, "a").wounds == wounds
    assert dice(eng).left == 0


def test_a_rope_ladder_ending_above_the_ground_leaves_a_fall() -> None:
    # rule: HS-FALL-03
    # A ladder from a level-12 space ends at level 6 over level-1 ground: a Height 5 figure going
    # down it drops the 5 levels left below the ladder, a fall (more in tests/rules/test_ladders.py).
    bf = build(hexes=[space(2, 2, 12, "rock")], ladders=[{"top": [2, 2], "bottom": [3, 2], "bottom_level": 6}])
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=bf, combat=[SKULL])
    figure(eng, "a").level = 12
    (fell,) = kinds(move(eng, "a", [(3, 2)]), "fell")
    assert fell["drop"] == 5 and figure(eng, "a").wounds == 1


def stone_wall_field() -> Battlefield:
    # Inside at level 3, outside one level lower; the wall's foot is the inside tile (top 3 + 2 = 5).
    return build([{"q": [0, 7], "r": [0, 7], "level": 2, "terrain": "grass"}],
                 hexes=[space(q, r, 3) for q in range(0, 3) for r in range(0, 8)],
                 obstacles=[{"kind": "stone_wall", "between": [[2, r], [3, r]], "height": 2, "level": 3}
                            for r in range(0, 5)])  # rows 5-7 have no wall


def test_a_fall_over_a_stone_wall_is_measured_from_its_top() -> None:
    # rule: HS-FALL-04
    # rule: HS-FALL-05
    # A Height 3 figure stepping down 1 level does not fall; over the wall it drops 3 from the top.
    # (The engine plays only the Master Game, DEC-06, where the stone-wall fall applies.)
    small = card(name="Small", height=3, size="small")
    eng = sandbox(fig("a", "p1", (2, 2), small), battlefield=stone_wall_field(), combat=[SKULL])
    plan = movement.plan(eng.state, figure(eng, "a"), hexes((3, 2)))
    assert plan.steps[0].drop == 3 and plan.cost == 3  # over the inside wall: 2, and 1 for the space
    (fell,) = kinds(move(eng, "a", [(3, 2)]), "fell")
    assert fell["drop"] == 3 and figure(eng, "a").wounds == 1
    assert eng.state.scenario.level == "master"


def test_stepping_down_the_same_level_without_a_wall_is_no_fall() -> None:
    # rule: HS-FALL-04
    small = card(name="Small", height=3, size="small")
    eng = sandbox(fig("a", "p1", (2, 6), small), battlefield=stone_wall_field())
    events = move(eng, "a", [(3, 6)])  # no dice scripted: none may be rolled
    assert kinds(events, "fell") == [] and figure(eng, "a").level == 2


# ---- flying --------------------------------------------------------------------------------------


def test_a_flying_figure_may_fly_on_its_move_and_others_may_not() -> None:
    # rule: HS-FLY-01
    # (Moves made for a figure by a teammate's power do not exist yet: no power moves other figures.)
    bf = build(hexes=[space(3, 2, 9, "rock")])
    eng = sandbox(fig("f", "p1", (2, 2), FLYER), fig("w", "p1", (2, 4)), battlefield=bf)
    refused(eng, "p1", move_text("w", [(3, 4)], fly=True), "HS-FLY-01")
    assert movement.move_cost(eng.state, figure(eng, "f"), hexes((3, 2), (4, 2)), True) == 2
    assert movement.move_cost(eng.state, figure(eng, "f"), hexes((3, 2), (4, 2)), False) == 10
    events = move(eng, "f", [(3, 2), (4, 2)])  # a flyer flies unless told to walk
    assert kinds(events, "moved")[0]["flew"] is True


def test_starting_to_fly_gives_every_engaged_figure_a_swipe() -> None:
    # rule: HS-FLY-02
    eng = sandbox(fig("f", "p1", (2, 2), FLYER), fig("e1", "p2", (3, 2)), fig("e2", "p2", (2, 3)),
                  combat=[SKULL, BLANK])
    events = move(eng, "f", [(2, 1), (3, 1)], fly=True)  # it lands next to e1 again: still a take-off
    assert sorted(s["attacker"] for s in kinds(events, "swipe")) == ["e1", "e2"]
    assert figure(eng, "f").wounds == 1


def test_stealth_flying_takes_no_swipes() -> None:
    # rule: HS-FLY-11
    eng = sandbox(fig("s", "p1", (2, 2), STEALTH), fig("e1", "p2", (3, 2)), fig("e2", "p2", (2, 3)))
    events = move(eng, "s", [(1, 2), (0, 2)])  # no dice scripted: none may be rolled
    assert kinds(events, "swipe") == [] and at(eng, "s") == ((0, 2),)


def test_walking_a_flyer_away_is_an_ordinary_leaving_engagement() -> None:
    # rule: HS-FLY-11
    eng = sandbox(fig("s", "p1", (2, 2), STEALTH), fig("e", "p2", (3, 2)), combat=[SKULL])
    events = move(eng, "s", [(1, 2)], fly=False)
    assert [s["attacker"] for s in kinds(events, "swipe")] == ["e"]


def test_a_flying_figure_ignores_levels_and_is_never_adjacent_on_the_way() -> None:
    # rule: HS-FLY-03
    bf = build(hexes=[space(3, 1, 12, "rock"), space(4, 1, 12, "rock")])
    eng = sandbox(fig("f", "p1", (1, 1), FLYER), fig("e1", "p2", (3, 2)), fig("e2", "p2", (4, 0)), battlefield=bf)
    path = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
    assert movement.move_cost(eng.state, figure(eng, "f"), hexes(*path), True) == 5
    events = move(eng, "f", path)  # past two enemies, no dice scripted: no swipes, no falls
    assert kinds(events, "swipe") == [] and kinds(events, "fell") == []
    assert at(eng, "f") == ((6, 1),)


def test_a_flying_figure_passes_over_enemy_figures() -> None:
    # rule: HS-FLY-04
    eng = sandbox(fig("f", "p1", (0, 2), FLYER), fig("e", "p2", (2, 2)), fig("e2", "p2", (3, 2)))
    assert H(4, 2) in movement.reachable_hexes(eng.state, figure(eng, "f"))
    move(eng, "f", [(1, 2), (2, 2), (3, 2), (4, 2)])
    assert at(eng, "f") == ((4, 2),)
    refused(eng, "p1", move_text("f", [(3, 2)]))  # but it cannot land on one


def test_a_flying_figure_ignores_water_lava_and_obstacles_it_passes_over() -> None:
    # rule: HS-FLY-05
    bf = build(hexes=[space(2, 2, 1, "water"), space(3, 2, 1, "molten_lava"), space(5, 2, 1, "cooling_lava")],
               obstacles=[{"kind": "tree", "at": [[4, 2]], "height": 10}])
    eng = sandbox(fig("f", "p1", (1, 2), FLYER), battlefield=bf)  # no dice: no lava rolls or wounds
    move(eng, "f", [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2)])
    assert at(eng, "f") == ((6, 2),) and figure(eng, "f").wounds == 0
    walker = sandbox(fig("w", "p1", (1, 2), card(move=6)), battlefield=bf)
    assert movement.move_cost(walker.state, figure(walker, "w"), hexes((2, 2), (3, 2))) is None


def test_a_flying_figure_does_not_stop_on_a_glyph_it_passes_over() -> None:
    # rule: HS-FLY-06
    # (Glyph effects belong to the glyph rules; flight never looks at what it passes over.)
    bf = build(glyphs=[{"name": "astrid", "at": [3, 2], "side": "power"}])
    eng = sandbox(fig("f", "p1", (2, 2), FLYER), battlefield=bf)
    eng.state.glyphs[Hex(3, 2)] = ("astrid", "power")
    move(eng, "f", [(3, 2), (4, 2)])
    assert at(eng, "f") == ((4, 2),)


def test_a_figure_in_flight_is_out_of_reach_of_adjacency_and_sight() -> None:
    # rule: HS-FLY-07
    # No special power needing adjacency or sight exists yet (Cyberclaw, Engagement Strike); what
    # the core guarantees is that flight is one jump: no position on the way is ever tested.
    eng = sandbox(fig("f", "p1", (1, 2), FLYER), fig("e1", "p2", (3, 1)), fig("e2", "p2", (3, 3)))
    events = move(eng, "f", [(2, 2), (3, 2), (4, 2), (5, 2)])
    assert kinds(events, "swipe") == []
    assert kinds(events, "moved")[0]["path"] == [[1, 2], [2, 2], [3, 2], [4, 2], [5, 2]]


def bridge_field() -> Battlefield:
    # A bridge deck from level 7 to 8 over (3..5, 2), 6 levels above the ground; a cliff at (2, 2).
    return build(hexes=[overhang(q, 2, 7, 8, "road") for q in (3, 4, 5)] + [space(2, 2, 10, "rock")])


def test_a_flyer_under_an_overhang_cannot_rise_through_it() -> None:
    # rule: HS-FLY-08
    eng = sandbox(fig("f", "p1", (3, 2), FLYER, level=1), battlefield=bridge_field())
    f = figure(eng, "f")
    assert f.level == 1
    # Along under the deck it stays under the deck and lands beneath it.
    move(eng, "f", [(4, 2)])
    assert at(eng, "f") == ((4, 2),) and f.level == 1


def test_a_flyer_under_an_overhang_cannot_get_over_a_cliff_beside_it() -> None:
    # rule: HS-FLY-08
    eng = sandbox(fig("f", "p1", (3, 2), FLYER, level=1), battlefield=bridge_field())
    err = refused(eng, "p1", move_text("f", [(2, 2), (1, 2)]), "HS-FLY-08")
    assert "underside" in str(err)
    # Straight up the cliff would go through the deck; by way of open sky it costs 2, not 1.
    assert movement.reachable_hexes(eng.state, figure(eng, "f"))[H(2, 2)] == 2


def test_a_flyer_leaves_an_overhang_sideways_and_may_then_rise_over_it() -> None:
    # rule: HS-FLY-08
    eng = sandbox(fig("f", "p1", (3, 2), FLYER, level=1), battlefield=bridge_field())
    reach = movement.reachable(eng.state, figure(eng, "f"))
    assert reach[(H(4, 2),)][0] == 1  # beneath the deck next door
    assert reach[(H(3, 0),)][0] == 2  # out into the open and on
    move(eng, "f", [(3, 1), (4, 1), (4, 2)])
    assert figure(eng, "f").level == 8  # out into the open, then down onto the deck


def test_landing_enters_the_space_and_its_terrain_acts() -> None:
    # rule: HS-FLY-09
    bf = build(hexes=[space(4, 2, 1, "cooling_lava"), space(4, 4, 1, "molten_lava")])
    eng = sandbox(fig("f", "p1", (1, 2), FLYER), fig("g", "p1", (1, 4), FLYER), battlefield=bf, d20=[7])
    events = move(eng, "f", [(2, 2), (3, 2), (4, 2)])
    assert figure(eng, "f").wounds == 1 and kinds(events, "terrain")[0]["rule"] == "HS-TERRAIN-13"
    move(eng, "g", [(2, 4), (3, 4), (4, 4)])
    assert figure(eng, "g").destroyed  # d20 7 on molten lava


def test_a_landed_flyer_occupies_its_space() -> None:
    # rule: HS-FLY-10
    # (Landing and then moving on within the same move: tests/rules/test_mixed_flight.py.)
    eng = sandbox(fig("f", "p1", (1, 2), FLYER), fig("e", "p2", (4, 2)), fig("w", "p1", (2, 4)))
    move(eng, "f", [(2, 2), (3, 2)])
    assert engagement.engaged(eng.state, figure(eng, "f"), figure(eng, "e"))
    refused(eng, "p1", move_text("w", [(2, 3), (3, 2)]), "HS-MOVE-08")


# ---- double-space figures ------------------------------------------------------------------------


def test_either_end_may_lead_and_the_other_follows() -> None:
    # rule: HS-DOUBLE-01
    eng = sandbox(fig("d", "p1", [(3, 2), (2, 2)], BIG))
    plan = movement.plan(eng.state, figure(eng, "d"), hexes((1, 2), (0, 2)))
    assert [s.hexes for s in plan.steps] == [(H(1, 2), H(2, 2)), (H(0, 2), H(1, 2))]
    refused(eng, "p1", move_text("d", [(2, 2)]), "HS-DOUBLE-01")  # the lead cannot enter its own tail
    move(eng, "d", [(4, 2), (5, 2), (5, 3)])
    assert at(eng, "d") == ((5, 3), (5, 2))


def test_a_double_space_figure_ends_on_two_spaces_of_one_level() -> None:
    # rule: HS-DOUBLE-02
    bf = build(hexes=[space(4, 2, 2), space(5, 2, 2)])
    eng = sandbox(fig("d", "p1", [(3, 2), (2, 2)], BIG), battlefield=bf)
    refused(eng, "p1", move_text("d", [(4, 2)]), "HS-DOUBLE-02")
    move(eng, "d", [(4, 2), (5, 2)])
    assert at(eng, "d") == ((5, 2), (4, 2)) and figure(eng, "d").level == 2
    reach = movement.reachable(eng.state, figure(eng, "d"))
    assert (H(3, 2), H(4, 2)) not in reach  # half up, half down


def test_a_double_space_figure_may_end_half_on_a_height_0_tile_or_a_glyph() -> None:
    # rule: HS-DOUBLE-03
    # The water is written at the land's level: a Height 0 tile adds no height.
    bf = build(hexes=[space(4, 2, 1, "water")], glyphs=[{"name": "gerda", "at": [2, 4], "side": "power"}])
    eng = sandbox(fig("d", "p1", [(3, 2), (2, 2)], BIG), fig("e", "p1", [(1, 4), (0, 4)], BIG), battlefield=bf)
    eng.state.glyphs[Hex(2, 4)] = ("gerda", "power")
    move(eng, "d", [(4, 2)])
    assert at(eng, "d") == ((4, 2), (3, 2))
    move(eng, "e", [(2, 4)])
    assert at(eng, "e") == ((2, 4), (1, 4))


def test_one_water_space_between_land_is_crossed_two_stop_the_figure() -> None:
    # rule: HS-DOUBLE-04
    bf = build(hexes=[space(3, 2, 1, "water"), space(3, 4, 1, "water"), space(4, 4, 1, "water")])
    eng = sandbox(fig("d", "p1", [(2, 2), (1, 2)], BIG), fig("e", "p1", [(2, 4), (1, 4)], BIG), battlefield=bf)
    move(eng, "d", [(3, 2), (4, 2), (5, 2)])
    assert at(eng, "d") == ((5, 2), (4, 2))
    refused(eng, "p1", move_text("e", [(3, 4), (4, 4), (5, 4)]), "HS-TERRAIN-17")
    move(eng, "e", [(3, 4), (4, 4)])
    assert at(eng, "e") == ((4, 4), (3, 4))


def test_a_double_space_figure_turns_only_by_moving() -> None:
    # rule: HS-DOUBLE-05
    # Facing is the order of its spaces (lead first). Only a move changes it: leading with the
    # other end turns the figure round. No command flips a figure outside its move.
    assert not {"flip", "turn", "rotate"} & set(VERBS)
    eng = sandbox(fig("d", "p1", [(3, 2), (2, 2)], BIG))
    move(eng, "d", [(1, 2)])
    assert at(eng, "d") == ((1, 2), (2, 2))


def test_range_to_a_double_space_figure_is_to_its_nearer_half() -> None:
    # rule: HS-DOUBLE-06
    archer = card(name="Greatbow Archer", range=6)
    queen = card(name="Queen Maladrix", base=2, size="large", height=6)
    eng = sandbox(fig("g", "p1", (0, 3), archer), fig("q", "p2", [(6, 3), (7, 3)], queen))
    assert combat.attack_range(eng.state, figure(eng, "g"), figure(eng, "q")) == 6
    assert combat.check_target(eng.state, figure(eng, "g"), figure(eng, "q"))


def test_one_half_in_range_and_the_other_in_sight_is_enough() -> None:
    # rule: HS-DOUBLE-07
    # Bok-Bur-Na (Range 5): the back half is at 5 behind a rock column, the front half is at 6
    # in plain sight.
    bf = build(hexes=[space(4, 3, 20, "rock")])
    halushia = card(name="Halushia", base=2, size="large", height=6)
    eng = sandbox(fig("b", "p1", (0, 3), card(name="Bok-Bur-Na", range=5)),
                  fig("h", "p2", [(6, 2), (5, 3)], halushia), battlefield=bf)
    st, b, h = eng.state, figure(eng, "b"), figure(eng, "h")
    assert [Hex(0, 3).distance(x) for x in h.hexes] == [6, 5]
    front_only = Figure("x", h.card_key, "p2", "p2", hexes=(Hex(6, 2),), level=1)
    back_only = Figure("y", h.card_key, "p2", "p2", hexes=(Hex(5, 3),), level=1)
    st.figures.pop("h")
    try:
        st.figures["x"] = front_only
        assert los.line_of_sight(st, b, front_only)
        del st.figures["x"]
        st.figures["y"] = back_only
        assert not los.line_of_sight(st, b, back_only)
        del st.figures["y"]
    finally:
        st.figures["h"] = h
    assert combat.check_target(st, b, h)


@pytest.mark.skip(reason="figures are never flipped to fit (HS-MOVE-11: bases always fit), so there is "
                         "nothing to flip back; facing has no rules effect in the core")
def test_a_figure_flipped_to_fit_may_flip_back_before_attacking() -> None:
    # rule: HS-DOUBLE-08
    raise AssertionError("not modelled")
