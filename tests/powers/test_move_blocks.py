"""Movement building blocks (``bot/rules/powers/move_basic.py``) with real cards built from the
shared card file's params: Flying and Stealth Flying, moving through figures (all, or by size),
water movement, Rolling Movement's climbing limit, alt_move (Grapple Gun) and each kind's check.
"""

from __future__ import annotations

import pytest

from bot.rules import modifiers, movement
from bot.rules.combat import check_target
from bot.rules.errors import InvalidCommand
from bot.rules.powers import move_basic
from tests.powers.conftest import F
from tests.powers.shared_cards import shared_card, shared_powers
from tests.rules.conftest import BLANK, SKULL, build, card, fig, refused, roll, sandbox
from tests.rules.helpers_geo import at, kinds, move, space

SOLDIER = card(name="Soldier")
BIG = card(name="Ogre", size="large", height=7)


# ---- flying -----------------------------------------------------------------------------------------------


def test_queen_qhyrion_stealth_flying_takes_off_without_leaving_engagement_attacks() -> None:
    # rule: HS-FLY-11
    eng = sandbox(fig("q", "p1", (2, 2), shared_card("Queen Qhyrion")), fig("e", "p2", (3, 2)))
    rules = modifiers.move_rules(eng.state, F(eng, "q"))
    assert rules.can_fly and rules.stealth and movement.takeoff_swipes(eng.state, F(eng, "q")) == 0
    events = move(eng, "q", [(1, 2), (0, 2)])
    assert not kinds(events, "swipe") and kinds(events, "moved")[0]["flew"]


def test_glinerva_flying_still_takes_the_leaving_engagement_attack() -> None:
    # rule: HS-FLY-02
    eng = sandbox(fig("g", "p1", (2, 2), shared_card("Glinerva the Kyrie Warrior")), fig("e", "p2", (3, 2)))
    assert movement.takeoff_swipes(eng.state, F(eng, "g")) == 1
    roll(eng, [BLANK])
    assert kinds(move(eng, "g", [(1, 2), (0, 2)]), "swipe")[0]["attacker"] == "e"


# ---- move_through -----------------------------------------------------------------------------------------


def test_kita_phantom_walk_passes_enemies_and_disengages_a_soldier_does_not() -> None:
    eng = sandbox(fig("k", "p1", (0, 2), shared_card("Kita the Springrunner")), fig("e", "p2", (1, 2)),
                  fig("s", "p1", (0, 5), SOLDIER), fig("e2", "p2", (1, 5)))
    events = move(eng, "k", [(1, 2), (2, 2)])
    assert at(eng, "k") == ((2, 2),) and not kinds(events, "swipe")
    refused(eng, "p1", "move s path 1,5 2,5", "HS-MOVE-07")


def test_viscerot_passes_small_and_medium_figures_but_not_large_ones() -> None:
    lich = shared_card("Iron Lich Viscerot")  # Huge, 2 spaces
    eng = sandbox(fig("v", "p1", [(1, 2), (0, 2)], lich), fig("m", "p2", (2, 2)), fig("o", "p2", (2, 5), BIG))
    move(eng, "v", [(2, 2), (3, 2), (4, 2)])
    assert at(eng, "v") == ((4, 2), (3, 2))
    eng2 = sandbox(fig("v", "p1", [(1, 2), (0, 2)], lich), fig("o", "p2", (2, 2), BIG))
    refused(eng2, "p1", "move v path 2,2 3,2 4,2", "HS-MOVE-07")


def test_viscerot_takes_leaving_engagement_attacks_only_from_figures_above_medium() -> None:
    lich = shared_card("Iron Lich Viscerot")
    eng = sandbox(fig("v", "p1", [(3, 2), (3, 3)], lich), fig("m", "p2", (4, 2)))
    assert not kinds(move(eng, "v", [(2, 2), (1, 2)]), "swipe")
    eng2 = sandbox(fig("v", "p1", [(3, 2), (3, 3)], lich), fig("o", "p2", (4, 2), BIG))
    roll(eng2, [BLANK])
    assert kinds(move(eng2, "v", [(2, 2), (1, 2)]), "swipe")[0]["attacker"] == "o"


def test_viscerot_engaged_only_with_medium_figures_may_attack_a_figure_within_range() -> None:
    # rule: HS-ENGAGE-07 (the core rule Dismissive Strider sets aside)
    lich = shared_card("Iron Lich Viscerot")
    eng = sandbox(fig("v", "p1", [(3, 2), (3, 3)], lich), fig("m", "p2", (4, 2)), fig("far", "p2", (3, 6)))
    assert check_target(eng.state, F(eng, "v"), F(eng, "far")).ok
    eng2 = sandbox(fig("v", "p1", [(3, 2), (3, 3)], lich), fig("o", "p2", (4, 2), BIG), fig("far", "p2", (3, 6)))
    refusal = check_target(eng2.state, F(eng2, "v"), F(eng2, "far"))
    assert not refusal.ok and refusal.rule == "HS-ENGAGE-07"


# ---- water_move -------------------------------------------------------------------------------------------


def test_ewashia_aegis_of_the_river_keeps_moving_through_water_and_defends_better_on_it() -> None:
    # rule: HS-TERRAIN-17 (entering water ends a move: the power sets it aside)
    bf = build(hexes=[space(1, 2, 1, "water"), space(1, 5, 1, "water")])
    eng = sandbox(fig("w", "p1", (0, 2), shared_card("Ewashia, Master of Tides")), fig("s", "p1", (0, 5), SOLDIER),
                  fig("e", "p2", (6, 6)), battlefield=bf)
    move(eng, "w", [(1, 2), (2, 2)])
    assert at(eng, "w") == ((2, 2),)
    refused(eng, "p1", "move s path 1,5 2,5", "HS-TERRAIN-17")
    eng2 = sandbox(fig("w", "p1", (1, 2), shared_card("Ewashia, Master of Tides")), fig("e", "p2", (2, 2)), battlefield=bf)
    assert move_basic.water_defense(eng2.state, modifiers.AttackContext(F(eng2, "e"), F(eng2, "w"))) == ("Aegis of the River", 1)
    # whoever attacks it: part of its Defense (the rules-case ``stat`` query)
    ewashia_defense = eng2.state.card_of(F(eng2, "w")).stat("defense")
    assert modifiers.stat_value(eng2.state, F(eng2, "w"), "defense") == ewashia_defense + 1
    eng3 = sandbox(fig("w", "p1", (0, 2), shared_card("Ewashia, Master of Tides")), fig("e", "p2", (1, 2)), battlefield=bf)
    assert move_basic.water_defense(eng3.state, modifiers.AttackContext(F(eng3, "e"), F(eng3, "w"))) is None
    assert modifiers.stat_value(eng3.state, F(eng3, "w"), "defense") == ewashia_defense


# ---- movement_restriction: Rolling Movement ---------------------------------------------------------------


def test_wraithriders_rolling_movement_climbs_2_levels_but_not_3() -> None:
    bf = build(hexes=[space(1, 2, 3, "rock"), space(1, 4, 4, "rock")])
    riders = shared_card("Necrotech Wraithriders")
    eng = sandbox(fig("r", "p1", (0, 2), riders), fig("r2", "p1", (0, 4), riders), battlefield=bf)
    move(eng, "r", [(1, 2)])
    assert F(eng, "r").level == 3
    err = refused(eng, "p1", "move r2 path 1,4")
    assert "2 levels at most" in str(err)
    plain = sandbox(fig("s", "p1", (0, 4), SOLDIER), battlefield=bf)
    move(plain, "s", [(1, 4)])
    assert F(plain, "s").level == 4


# ---- alt_move: Grapple Gun from the shared params ---------------------------------------------------------


def test_drake_grapple_gun_from_the_shared_params_climbs_25_levels_in_one_space() -> None:
    bf = build(hexes=[space(3, 2, 26, "rock")])
    eng = sandbox(fig("d", "p1", (2, 2), shared_card("Sgt. Drake Alexander")), fig("e", "p2", (1, 2)), battlefield=bf)
    refused(eng, "p1", "move d 3,2", "HS-MOVE-03")
    roll(eng, [SKULL])  # leaving_engagement "takes"
    events = eng.execute("p1", "move d 3,2 grapple")
    assert F(eng, "d").level == 26 and kinds(events, "swipe")[0]["wounds"] == 1
    refused(sandbox(fig("d", "p1", (2, 2), shared_card("Sgt. Drake Alexander")),
                    battlefield=build(hexes=[space(3, 2, 27, "rock")])), "p1", "move d 3,2 grapple")


# ---- checks -----------------------------------------------------------------------------------------------


def test_checks_accept_the_shapes_built_and_name_what_is_not() -> None:
    assert move_basic.check_flying({"leaving_engagement": "ignores"}) is None
    assert move_basic.check_flying({"leaving_engagement": "sometimes"}) == "leaving_engagement 'sometimes' is not understood"
    assert move_basic.check_alt_move({"move": 1, "max_up": 25, "leaving_engagement": "takes"}) is None
    assert move_basic.check_alt_move(shared_powers("alt_move")[2][2]) is None  # Abomination's Super Leap
    assert move_basic.check_alt_move({"move": 3, "cost": "a song"}) == "the cost 'a song' is not built yet"
    assert move_basic.check_alt_move(shared_powers("alt_move")[1][2]) is None  # Shaolin Monks' Stealth Leap
    assert move_basic.check_water_move({"defense_bonus_in_water": 2, "move_bonus_if_starting_in_water": 1}) is None
    assert move_basic.check_water_move({"swim_speed": 9}) == "'swim_speed' is not built yet"
    assert move_basic.check_movement_restriction({"max_climb": 2, "who": "this squad"}) is None
    assert move_basic.check_move_through({"who": "friendly figures"}) == "moving through 'friendly figures' is not understood"
    every = [move_basic.CHECKS[p](v) for p in ("flying", "move_through") for _, _, v in shared_powers(p)]
    assert every and all(r is None for r in every)


# ---- lava_resistant and climb -----------------------------------------------------------------------------


def test_iron_golem_lava_resistant_walks_on_through_molten_lava_without_a_roll() -> None:
    # rule: HS-TERRAIN-09 (the core rule the power sets aside), HS-TERRAIN-15
    bf = build(hexes=[space(1, 2, 1, "molten_lava"), space(1, 5, 1, "molten_lava")])
    eng = sandbox(fig("g", "p1", (0, 2), shared_card("Iron Golem")), fig("s", "p1", (0, 5), SOLDIER), battlefield=bf)
    move(eng, "g", [(1, 2), (2, 2)])  # no d20 scripted: none is rolled
    assert at(eng, "g") == ((2, 2),)
    refused(eng, "p1", "move s path 1,5 2,5", "HS-TERRAIN-09")
    eng2 = sandbox(fig("g", "p1", (0, 2), shared_card("Iron Golem")), battlefield=bf)
    move(eng2, "g", [(1, 2)])  # ending on molten lava: no roll either (HS-TERRAIN-10 set aside)
    assert F(eng2, "g").on_battlefield


def test_lava_field_rolls_only_for_figures_that_are_not_lava_resistant() -> None:
    # rule: HS-TERRAIN-03
    from bot.rules.terrain_effects import LavaField

    bf = build(hexes=[space(1, 2, 1, "lava_field"), space(3, 2, 1, "lava_field")])
    eng = sandbox(fig("g", "p1", (1, 2), shared_card("Obsidian Guards")), fig("s", "p1", (3, 2), SOLDIER), battlefield=bf)
    assert [t.subject for t in LavaField().triggers(eng)] == ["s"]


def test_migol_climb_x2_steps_down_4_levels_without_falling_a_height_3_figure_falls() -> None:
    # rule: DEC-02
    bf = build(hexes=[space(2, 2, 5, "rock"), space(2, 5, 5, "rock")])
    eng = sandbox(fig("m", "p1", (2, 2), shared_card("Migol Ironwill")),
                  fig("s", "p1", (2, 5), card(name="Short", height=3)), battlefield=bf)
    events = move(eng, "m", [(3, 2)])  # no die scripted
    assert not kinds(events, "fell") and F(eng, "m").level == 1
    roll(eng, [BLANK])
    assert kinds(move(eng, "s", [(3, 5)]), "fell")
    assert move_basic.check_climb({"add": 2}) is None and move_basic.check_climb({"multiplier": "lots"}) is not None


# ---- alt_move: leaps (Stealth Leap) -----------------------------------------------------------------------


def test_shaolin_monk_stealth_leap_flies_3_spaces_with_no_leaving_engagement_attack() -> None:
    monks = shared_card("Shaolin Monks")
    bf = build(hexes=[space(1, 2, 1, "water"), space(2, 5, 14, "rock")])
    eng = sandbox(fig("m", "p1", (0, 2), monks), fig("e", "p2", (0, 3)), fig("e2", "p2", (2, 2)), battlefield=bf)
    events = eng.execute("p1", "move m 3,2 leap")  # over water and a figure, away from e: no dice
    assert at(eng, "m") == ((3, 2),) and not kinds(events, "swipe") and kinds(events, "moved")[0]["flew"]
    refused(sandbox(fig("m", "p1", (0, 2), monks), battlefield=bf), "p1", "move m 0,6 leap")  # 4 spaces
    err = refused(sandbox(fig("m", "p1", (2, 3), monks), battlefield=bf), "p1", "move m 2,5 leap")
    assert "13 levels" in str(err)  # 14 - 1: more than 12 levels up


def test_a_leap_is_only_for_a_figure_with_the_power() -> None:
    eng = sandbox(fig("s", "p1", (0, 2), SOLDIER))
    with pytest.raises(InvalidCommand, match="no special move"):
        eng.execute("p1", "move s 3,2 leap")


# ---- immobilize (Cyberclaw) ---------------------------------------------------------------------------------


def test_gladiatron_cyberclaw_holds_an_adjacent_medium_enemy_but_not_a_large_one() -> None:
    glad = shared_card("Gladiatrons")
    eng = sandbox(fig("g", "p1", (3, 3), glad), fig("s", "p2", (4, 3), SOLDIER), fig("o", "p2", (3, 4), BIG))
    err = refused(eng, "p2", "move s 6,3")
    assert "Cyberclaw" in str(err)
    assert movement.reachable(eng.state, F(eng, "s")) == {}
    assert movement.reachable(eng.state, F(eng, "o"))  # Large: not held


def test_cyberclaw_stops_a_walk_that_comes_next_to_a_gladiatron() -> None:
    glad = shared_card("Gladiatrons")
    eng = sandbox(fig("g", "p1", (3, 3), glad), fig("s", "p2", (3, 0), SOLDIER))
    refused(eng, "p2", "move s path 3,1 3,2 2,2")  # 3,2 is next to the Gladiatron: the walk ends there
    move(eng, "s", [(3, 1), (3, 2)])
    assert at(eng, "s") == ((3, 2),)
