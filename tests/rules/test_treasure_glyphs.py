"""What each Treasure Glyph does for its carrier: permanent ones while carried, temporary ones once
(with ``use`` or when the rules offer them), Ancient Artifacts. Each works when its condition holds,
does nothing when it does not, and a refused ``use`` changes nothing."""

from __future__ import annotations

from bot.rules.combat import attack_dice, defense_dice
from bot.rules.modifiers import move_value
from bot.rules.moments import Window
from bot.rules.treasure.catalogue import CATALOGUE, describe
from tests.rules.conftest import BLANK, SHIELD, SKULL, card, fig, refused, roll, sandbox
from tests.rules.helpers_geo import at, attack, kinds, move
from tests.rules.treasure_helpers import answer, carrying, glyphs, pending_kind

GIANT = card(name="Giant", size="large", height=7, life=9, defense=0)
HUGE = card(name="Titan", size="huge", height=9, life=9, attack=2)
ZOMBIE = card(name="Zombie", species="undead", life=9)
DUMMY = card(name="Dummy", defense=0, life=9)
BOFFIN = card(name="Boffin", cls="scientist")


def _dice(eng, a: str, t: str) -> tuple[int, int]:
    st = eng.state
    return attack_dice(st, st.figures[a], st.figures[t])[0], defense_dice(st, st.figures[a], st.figures[t])[0]


# ---- carrying and permanent glyphs -------------------------------------------------------------------------


def test_a_carried_glyph_affects_only_its_carrier() -> None:
    # rule: HS-TREASURE-04, HS-TREASURE-30
    eng = sandbox(fig("foe", "p2", (3, 2)), fig("hero", "p1", (4, 2)), fig("mate", "p1", (2, 2)))
    carrying(eng, "hero", "talisman_of_defense")
    assert _dice(eng, "foe", "hero") == (3, 4)
    assert _dice(eng, "foe", "mate") == (3, 3)


def test_a_permanent_glyph_works_only_while_carried() -> None:
    # rule: HS-TREASURE-15, HS-TREASURE-27
    eng = sandbox(fig("hero", "p1", (0, 2)), fig("foe", "p2", (5, 2)))
    carrying(eng, "hero", "heroic_rune")
    assert _dice(eng, "hero", "foe")[0] == 4
    eng.execute("p1", "move hero path 1,2 2,2 drop heroic_rune@1,2")
    assert _dice(eng, "hero", "foe")[0] == 3


def test_the_bloodcursed_blade_adds_a_skull_against_an_adjacent_figure_only() -> None:
    # rule: HS-TREASURE-16
    archer = card(name="Archer", range=5, attack=2)
    eng = sandbox(fig("hero", "p1", (2, 2), archer), fig("foe", "p2", (3, 2), DUMMY), fig("far", "p2", (2, 5), DUMMY))
    carrying(eng, "hero", "bloodcursed_blade")
    roll(eng, [SKULL, BLANK])
    ev = kinds(attack(eng, "hero", "foe"), "attack")[0]
    assert (ev["skulls"], ev["wounds"]) == (2, 2) and "Bloodcursed Blade" in ev["wound_reasons"]
    eng.execute("p1", "end-turn")
    eng.state.figures["foe"].hexes = ()
    eng.state.figures["foe"].destroyed = True  # out of the way: the archer is no longer engaged
    roll(eng, [SKULL, BLANK])
    assert kinds(attack(eng, "hero", "far"), "attack")[0]["wounds"] == 1


def test_the_bloodcursed_blade_wounds_its_carrier_after_a_turn_without_wounds() -> None:
    # rule: HS-TREASURE-17
    eng = sandbox(fig("hero", "p1", (0, 2)), fig("foe", "p2", (6, 6)))
    carrying(eng, "hero", "bloodcursed_blade")
    move(eng, "hero", [(1, 2)])
    events = eng.execute("p1", "end-turn")  # free mode: the turn ends without its window
    eng.state.turn = None
    move(eng, "hero", [(2, 2)])
    eng.run_window(Window.END_OF_TURN, "")
    assert eng.state.figures["hero"].wounds == 1 and not kinds(events, "wounded")


def test_the_bloodcursed_blade_is_quiet_after_a_turn_that_wounded_someone() -> None:
    # rule: HS-TREASURE-17
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2), DUMMY))
    carrying(eng, "hero", "bloodcursed_blade")
    roll(eng, [BLANK, BLANK, BLANK])
    attack(eng, "hero", "foe")  # the Blade's skull wounds the Dummy
    eng.run_window(Window.END_OF_TURN, "")
    assert eng.state.figures["foe"].wounds == 1 and eng.state.figures["hero"].wounds == 0


def test_brandars_chest_is_carried_like_treasure_and_its_rules_are_the_scenarios() -> None:
    # rule: HS-TREASURE-19
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carrying(eng, "hero", "brandars_chest")
    info = describe("Brandar's Chest")
    assert info is not None and info.family == "artifact" and not info.enforced and "scenario" in info.text
    err = refused(eng, "p1", "use hero brandars_chest", "HS-TREASURE-19")
    assert "applied by the players" in err.message


def test_breath_gives_heat_beam_which_the_players_apply() -> None:
    # rule: HS-TREASURE-20, HS-TREASURE-21
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carrying(eng, "hero", "breath")
    info = describe("B.R.E.A.T.H.")
    assert info is not None and "Heat Beam" in info.text and "6 spaces with 4 attack dice" in info.text
    assert "not a Scientist" in info.text and info.rules == ("HS-TREASURE-20", "HS-TREASURE-21")
    refused(eng, "p1", "use hero breath", "HS-TREASURE-20")


def test_the_brooch_of_shielding_leaves_an_engagement_without_attacks() -> None:
    # rule: HS-TREASURE-22
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2)))
    carrying(eng, "hero", "brooch_of_shielding")
    events = move(eng, "hero", [(1, 2), (0, 2)])  # no dice scripted: a swipe would run them dry
    assert at(eng, "hero") == ((0, 2),) and not kinds(events, "swipe")


def test_without_the_brooch_leaving_an_engagement_draws_an_attack() -> None:
    # rule: HS-TREASURE-22
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2)))
    roll(eng, [BLANK])
    assert len(kinds(move(eng, "hero", [(1, 2), (0, 2)]), "swipe")) == 1


def test_claws_wound_a_picked_adjacent_figure_when_the_defender_is_wounded() -> None:
    # rule: HS-TREASURE-23, HS-TREASURE-24
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2), DUMMY), fig("other", "p2", (2, 3), DUMMY))
    carrying(eng, "hero", "claws")
    attack(eng, "hero", "foe")
    pend = eng.state.pending[0]
    assert pend.kind == "claws" and pend.options == ["other", "no"]
    roll(eng, [SKULL, BLANK, BLANK])
    events = answer(eng, "other")
    assert eng.state.figures["foe"].wounds == 1 and eng.state.figures["other"].wounds == 1
    assert eng.state.figures["hero"].carries == []  # not a Scientist: the glyph is destroyed
    assert kinds(events, "treasure_removed")[0]["rule"] == "HS-TREASURE-24"


def test_claws_do_nothing_when_the_defender_is_not_wounded_and_a_scientist_keeps_them() -> None:
    # rule: HS-TREASURE-23, HS-TREASURE-24
    eng = sandbox(fig("hero", "p1", (2, 2), BOFFIN), fig("foe", "p2", (3, 2), DUMMY), fig("other", "p2", (2, 3), DUMMY))
    carrying(eng, "hero", "claws")
    attack(eng, "hero", "foe")
    roll(eng, [BLANK, BLANK, BLANK])
    answer(eng, "other")
    assert eng.state.figures["other"].wounds == 0 and eng.state.figures["hero"].carries == ["claws"]


def test_the_giant_hunter_stone_helps_against_large_and_huge_figures_only() -> None:
    # rule: HS-TREASURE-25
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("giant", "p2", (3, 2), GIANT), fig("titan", "p2", (2, 3), HUGE),
                  fig("man", "p2", (1, 2)))
    carrying(eng, "hero", "giant_hunter_stone")
    assert _dice(eng, "hero", "giant")[0] == 4
    assert _dice(eng, "titan", "hero")[1] == 4
    assert _dice(eng, "hero", "man") == (3, 3) and _dice(eng, "man", "hero") == (3, 3)


def test_the_gullox_wing_render_rolls_one_blank_again() -> None:
    # rule: HS-TREASURE-26
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2), DUMMY))
    carrying(eng, "hero", "gullox_wing_render")
    roll(eng, [SKULL, BLANK, SHIELD])
    attack(eng, "hero", "foe")
    assert pending_kind(eng) == "gullox_wing_render"
    roll(eng, [SKULL])
    events = answer(eng, "yes")
    assert kinds(events, "attack")[0]["attack_dice"] == [SKULL, SKULL, SHIELD]
    assert eng.state.figures["foe"].wounds == 2


def test_the_gullox_wing_render_is_not_offered_at_range_or_with_all_skulls() -> None:
    # rule: HS-TREASURE-26
    archer = card(name="Archer", range=5)
    eng = sandbox(fig("hero", "p1", (2, 2), archer), fig("foe", "p2", (2, 5), DUMMY), fig("near", "p2", (3, 2), DUMMY))
    carrying(eng, "hero", "gullox_wing_render")
    roll(eng, [BLANK, BLANK, BLANK])
    attack(eng, "hero", "near")
    answer(eng, "no")
    eng.execute("p1", "end-turn")
    eng.state.figures["near"].hexes = ()
    eng.state.figures["near"].destroyed = True
    roll(eng, [BLANK, BLANK, BLANK])
    attack(eng, "hero", "foe")
    assert eng.state.pending == []


def test_the_holy_symbol_of_pelor_adds_two_dice_against_undead_only() -> None:
    # rule: HS-TREASURE-28
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("z", "p2", (3, 2), ZOMBIE), fig("man", "p2", (2, 3)))
    carrying(eng, "hero", "holy_symbol_of_pelor")
    assert _dice(eng, "hero", "z")[0] == 5 and _dice(eng, "hero", "man")[0] == 3


def test_the_oceanstrider_amulet_is_applied_by_the_players() -> None:
    # rule: HS-TREASURE-29
    eng = sandbox(fig("hero", "p1", (2, 2)))
    carrying(eng, "hero", "oceanstrider_amulet")
    info = describe("Oceanstrider Amulet")
    assert info is not None and not info.enforced and "water" in info.text
    err = refused(eng, "p1", "use hero oceanstrider_amulet", "HS-TREASURE-29")
    assert "applied by the players" in err.message


# ---- temporary glyphs --------------------------------------------------------------------------------------


def test_a_temporary_glyph_is_used_once_and_leaves_the_game() -> None:
    # rule: HS-TREASURE-31, HS-TREASURE-36
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carrying(eng, "hero", "elixir_of_speed")
    events = eng.execute("p1", "use hero elixir_of_speed")
    assert kinds(events, "treasure_used")[0]["glyph"] == "elixir_of_speed"
    assert eng.state.figures["hero"].carries == [] and glyphs(eng) == {}
    assert move_value(eng.state, eng.state.figures["hero"]) == 9
    err = refused(eng, "p1", "use hero elixir_of_speed", "HS-TREASURE-31")
    assert "does not carry Elixir of Speed" in err.message


def test_using_a_glyph_the_figure_does_not_carry_is_refused() -> None:
    # rule: HS-TREASURE-31
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carrying(eng, "hero", "heroic_rune")
    err = refused(eng, "p1", "use hero potion_of_healing", "HS-TREASURE-31")
    assert "it carries Heroic Rune" in err.message
    refused(eng, "p1", "use hero heroic_rune", "HS-TREASURE-15")


def test_the_elixir_of_speed_is_drunk_before_moving() -> None:
    # rule: HS-TREASURE-36
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carrying(eng, "hero", "elixir_of_speed")
    move(eng, "hero", [(1, 2)])
    err = refused(eng, "p1", "use hero elixir_of_speed", "HS-TREASURE-36")
    assert "before hero moves" in err.message


def test_the_elixir_lets_the_carrier_move_nine_spaces() -> None:
    # rule: HS-TREASURE-36
    eng = sandbox(fig("hero", "p1", (0, 0)))
    carrying(eng, "hero", "elixir_of_speed")
    eng.execute("p1", "use hero elixir_of_speed")
    move(eng, "hero", [(q, 0) for q in range(1, 8)] + [(7, 1), (7, 2)])
    assert at(eng, "hero") == ((7, 2),)


def test_the_belt_of_giant_strength_adds_two_dice_for_the_rest_of_the_turn() -> None:
    # rule: HS-TREASURE-32
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2), DUMMY))
    carrying(eng, "hero", "belt_of_giant_strength")
    attack(eng, "hero", "foe")
    assert pending_kind(eng) == "belt_of_giant_strength"
    roll(eng, [BLANK] * 5)
    events = answer(eng, "yes")
    assert len(kinds(events, "attack")[0]["attack_dice"]) == 5 and eng.state.figures["hero"].carries == []


def test_the_belt_is_not_offered_for_an_attack_at_range() -> None:
    # rule: HS-TREASURE-32
    archer = card(name="Archer", range=5)
    eng = sandbox(fig("hero", "p1", (2, 2), archer), fig("foe", "p2", (2, 5), DUMMY))
    carrying(eng, "hero", "belt_of_giant_strength")
    roll(eng, [BLANK] * 3)
    attack(eng, "hero", "foe")
    assert eng.state.pending == [] and eng.state.figures["hero"].carries == ["belt_of_giant_strength"]


def test_the_bracers_of_teleportation_put_the_carrier_on_a_same_level_space_without_swipes() -> None:
    # rule: HS-TREASURE-33, HS-TREASURE-34
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2)))
    carrying(eng, "hero", "bracers_of_teleportation")
    events = eng.execute("p1", "use hero bracers_of_teleportation 7,7")  # engaged, and no dice scripted
    assert at(eng, "hero") == ((7, 7),) and not kinds(events, "swipe")
    assert eng.state.figures["hero"].carries == []
    refused(eng, "p1", "move hero path 6,7", "HS-MOVE-01")  # it was its move


def test_the_bracers_refuse_a_far_occupied_or_other_level_space() -> None:
    # rule: HS-TREASURE-33
    from tests.rules.conftest import build

    bf = build(hexes=[{"at": [4, 4], "level": 3, "terrain": "rock"}])
    eng = sandbox(fig("hero", "p1", (0, 0)), fig("foe", "p2", (3, 2)), battlefield=bf)
    carrying(eng, "hero", "bracers_of_teleportation")
    assert "not on hero's level" in refused(eng, "p1", "use hero bracers_of_teleportation 4,4", "HS-TREASURE-33").message
    assert "not empty" in refused(eng, "p1", "use hero bracers_of_teleportation 3,2", "HS-TREASURE-33").message
    assert "needs a target" in refused(eng, "p1", "use hero bracers_of_teleportation", "HS-TREASURE-33").message


def test_the_cloak_of_invisibility_hides_the_carrier_until_it_attacks() -> None:
    # rule: HS-TREASURE-35
    archer = card(name="Archer", range=7)
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2), DUMMY), fig("bow", "p2", (2, 6), archer))
    carrying(eng, "hero", "cloak_of_invisibility")
    eng.execute("p1", "use hero cloak_of_invisibility")
    err = refused(eng, "p2", "attack bow hero", "HS-TREASURE-35")
    assert "only a figure engaged with it may attack it" in err.message
    roll(eng, [BLANK] * 3)
    attack(eng, "hero", "foe")  # attacking ends the Cloak
    roll(eng, [BLANK] * 6)
    ev = kinds(attack(eng, "bow", "hero"), "attack")
    assert ev and ev[0]["target"] == "hero"


def test_the_cloak_lets_the_carrier_leave_an_engagement_without_swipes_and_ends_with_the_round() -> None:
    # rule: HS-TREASURE-35
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2)))
    carrying(eng, "hero", "cloak_of_invisibility")
    eng.execute("p1", "use hero cloak_of_invisibility")
    assert not kinds(move(eng, "hero", [(1, 2), (0, 2)]), "swipe")
    eng.execute("p1", "end-round")
    assert not any(k.startswith("treasure:cloak") for k in eng.state.effects)


def test_the_potion_of_healing_removes_up_to_three_wounds() -> None:
    # rule: HS-TREASURE-37
    eng = sandbox(fig("hero", "p1", (2, 2), card(name="Tough", life=9), wounds=4))
    carrying(eng, "hero", "potion_of_healing")
    events = eng.execute("p1", "use hero potion_of_healing")
    assert eng.state.figures["hero"].wounds == 1 and kinds(events, "healed")[0]["wounds"] == 3
    eng2 = sandbox(fig("hero", "p1", (2, 2)))
    carrying(eng2, "hero", "potion_of_healing")
    assert "no wounds" in refused(eng2, "p1", "use hero potion_of_healing", "HS-TREASURE-37").message


def test_the_ring_of_protection_adds_three_defense_dice_to_one_attack() -> None:
    # rule: HS-TREASURE-38
    eng = sandbox(fig("foe", "p2", (3, 2)), fig("hero", "p1", (2, 2)))
    carrying(eng, "hero", "ring_of_protection")
    roll(eng, [SKULL, SKULL, BLANK])
    attack(eng, "foe", "hero")
    assert pending_kind(eng) == "ring_of_protection" and eng.state.pending[0].player == "p1"
    roll(eng, [SHIELD, SHIELD] + [BLANK] * 4)
    events = answer(eng, "yes")
    assert len(kinds(events, "attack")[0]["defense_dice"]) == 6 and eng.state.figures["hero"].wounds == 0
    assert not any(k.startswith("treasure:") for k in eng.state.effects)  # for that attack only


def test_the_ring_is_not_offered_against_a_roll_without_skulls() -> None:
    # rule: HS-TREASURE-38
    eng = sandbox(fig("foe", "p2", (3, 2)), fig("hero", "p1", (2, 2)))
    carrying(eng, "hero", "ring_of_protection")
    roll(eng, [BLANK] * 6)
    attack(eng, "foe", "hero")
    assert eng.state.pending == [] and eng.state.figures["hero"].carries == ["ring_of_protection"]


def test_the_scarab_ignores_one_wound_on_1_to_15_and_all_on_16_or_more() -> None:
    # rule: HS-TREASURE-39
    for d20, wounds in ((15, 1), (16, 0)):
        eng = sandbox(fig("foe", "p2", (3, 2)), fig("hero", "p1", (2, 2), card(name="Tough", life=9, defense=0)))
        carrying(eng, "hero", "scarab_of_invulnerability")
        roll(eng, [SKULL, SKULL, BLANK], d20=[d20])
        attack(eng, "foe", "hero")
        assert pending_kind(eng) == "scarab_of_invulnerability"
        answer(eng, "yes")
        assert eng.state.figures["hero"].wounds == wounds and eng.state.figures["hero"].carries == []


def test_the_whetstone_adds_two_wounds_to_a_wounding_attack_only() -> None:
    # rule: HS-TREASURE-40
    for dice, wounds in (([SKULL, BLANK, BLANK], 3), ([BLANK, BLANK, BLANK], 0)):
        eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (3, 2), DUMMY))
        carrying(eng, "hero", "whetstone_of_venom")
        attack(eng, "hero", "foe")
        roll(eng, dice)
        answer(eng, "yes")
        assert eng.state.figures["foe"].wounds == wounds and eng.state.figures["hero"].carries == []


# ---- Ancient Artifacts ------------------------------------------------------------------------------------


def test_the_bolt_of_the_witherwood_destroys_on_16_or_more_and_is_gone_either_way() -> None:
    # rule: HS-TREASURE-42
    for d20, destroyed in ((16, True), (15, False)):
        eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (2, 6)))
        carrying(eng, "hero", "bolt_of_the_witherwood")
        roll(eng, d20=[d20])
        eng.execute("p1", "use hero bolt_of_the_witherwood foe")
        assert eng.state.figures["foe"].destroyed is destroyed and eng.state.figures["hero"].carries == []


def test_the_bolt_needs_an_opponent_within_five_spaces_before_attacking() -> None:
    # rule: HS-TREASURE-42
    eng = sandbox(fig("hero", "p1", (0, 0)), fig("mate", "p1", (0, 2)), fig("far", "p2", (7, 7)),
                  fig("near", "p2", (1, 0), DUMMY))
    carrying(eng, "hero", "bolt_of_the_witherwood")
    assert "not an opponent" in refused(eng, "p1", "use hero bolt_of_the_witherwood mate", "HS-TREASURE-42").message
    assert "more than 5 spaces" in refused(eng, "p1", "use hero bolt_of_the_witherwood far", "HS-TREASURE-42").message
    roll(eng, [BLANK] * 3)
    attack(eng, "hero", "near")
    assert "has attacked" in refused(eng, "p1", "use hero bolt_of_the_witherwood near", "HS-TREASURE-42").message


def test_every_glyph_of_the_ledger_is_in_the_catalogue_with_a_text() -> None:
    # rule: HS-TREASURE-41
    assert describe("bolt_of_the_witherwood").family == describe("revenants_tome").family == "artifact"  # type: ignore[union-attr]
    assert all(g.text and g.rules for g in CATALOGUE.values())


def _tome_table():
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("finn", "p1", (6, 6)), fig("foe", "p2", (4, 3), DUMMY),
                  fig("grunt", "p1", (0, 7), card(name="Grunt", rarity="common")))
    for fid in ("finn", "grunt"):
        f = eng.state.figures[fid]
        f.destroyed, f.hexes = True, ()
    carrying(eng, "hero", "revenants_tome")
    return eng


def test_revenants_tome_calls_back_a_destroyed_unique_figure_for_one_attack() -> None:
    # rule: HS-TREASURE-43, HS-TREASURE-44
    eng = _tome_table()
    eng.execute("p1", "use hero revenants_tome finn@4,2")
    assert at(eng, "finn") == ((4, 2),) and eng.state.figures["hero"].carries == []
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "revenants_tome_attack", ["foe"])
    roll(eng, [SKULL, BLANK, BLANK])
    events = answer(eng, "foe")
    assert eng.state.figures["foe"].wounds == 1 and kinds(events, "attack")[0]["attacker"] == "finn"
    assert eng.state.figures["finn"].destroyed  # destroyed again at once
    move(eng, "hero", [(2, 3), (3, 3)])  # the carrier's own move and attack are still to come
    roll(eng, [BLANK] * 3)
    attack(eng, "hero", "foe")


def test_revenants_tome_refuses_wrong_figures_spaces_and_times() -> None:
    # rule: HS-TREASURE-43
    eng = _tome_table()
    assert "not a Unique figure" in refused(eng, "p1", "use hero revenants_tome grunt@3,2", "HS-TREASURE-43").message
    assert "no destroyed figure" in refused(eng, "p1", "use hero revenants_tome foe@3,2", "HS-TREASURE-43").message
    assert "more than 5 spaces" in refused(eng, "p1", "use hero revenants_tome finn@7,7", "HS-TREASURE-43").message
    assert "not empty" in refused(eng, "p1", "use hero revenants_tome finn@4,3", "HS-TREASURE-43").message
    move(eng, "hero", [(2, 3)])
    assert "before any figure moves" in refused(eng, "p1", "use hero revenants_tome finn@3,2",
                                                "HS-TREASURE-43").message


def test_a_figure_called_back_by_the_tome_has_life_1_and_no_special_power_targets_it() -> None:
    # rule: HS-TREASURE-45
    from bot.rules.combat import check_target
    from bot.rules.treasure.tome import life_one

    eng = _tome_table()
    eng.execute("p1", "use hero revenants_tome finn@4,2")
    st = eng.state
    finn, foe = st.figures["finn"], st.figures["foe"]
    from bot.rules.modifiers import AttackContext, Tally

    count = life_one(st, AttackContext(foe, finn), Tally(1, 0, 1, 1))
    assert count is not None and count.wounds == 4  # one wound is enough: Life 1
    assert not check_target(st, foe, finn, special="Blast") and check_target(st, foe, finn)
    assert life_one(st, AttackContext(finn, foe), Tally(1, 0, 1, 1)) is None


def test_use_and_drop_commands_parse_and_print_back() -> None:
    from bot.rules.commands import Command

    for text, args in (("use finn Elixir of Speed", {"figure": "finn", "glyph": "elixir_of_speed"}),
                       ("use finn Bolt of the Witherwood grimnak",
                        {"figure": "finn", "glyph": "bolt_of_the_witherwood", "target": "grimnak"}),
                       ("use finn jump_pack", {"figure": "finn", "glyph": "jump_pack"})):
        cmd = Command.parse(text)
        assert cmd.args == args and Command.parse(cmd.text()) == cmd
    move = Command.parse("move finn F7 via E6 fly drop heroic_rune@E6 talisman_of_defense@F7")
    assert move.args["drop"] == ["heroic_rune@E6", "talisman_of_defense@F7"] and move.args["fly"] is True
    assert Command.parse(move.text()) == move


def test_an_unknown_glyph_is_refused_in_words() -> None:
    # rule: HS-TREASURE-31
    eng = sandbox(fig("hero", "p1", (0, 2)))
    assert "is not a Treasure, Artifact or Tech Glyph" in refused(eng, "p1", "use hero frobnitz", "HS-TREASURE-31").message


def test_the_bolt_ends_the_moving_part_of_the_turn_like_an_attack() -> None:
    # rule: HS-TREASURE-42
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("foe", "p2", (2, 6)))
    carrying(eng, "hero", "bolt_of_the_witherwood")
    roll(eng, d20=[3])
    events = eng.execute("p1", "use hero bolt_of_the_witherwood foe")
    assert [e.data["stage"] for e in events if e.kind == "stage"] == ["attack"]
    assert not eng.state.figures["foe"].destroyed and eng.state.figures["hero"].carries == []
    refused(eng, "p1", "move hero path 2,3", "HS-TURN-02")  # after moving: no more moving


def test_using_a_glyph_outside_its_player_turn_says_when_it_may() -> None:
    # rule: HS-TREASURE-31 (qa1 finding 15: the refusal read "uses a glyph in the turn of its own Army Card")
    from bot.rules.state import Phase
    from bot.rules.treasure.use import why_not

    eng = sandbox(fig("finn", "p1", (1, 1)), fig("grim", "p2", (5, 5)))
    eng.state.phase = Phase.ORDERS
    finn = carrying(eng, "finn", "elixir_of_speed")
    refusal = why_not(eng.state, "p1", finn, "elixir_of_speed")
    assert refusal is not None
    assert refusal[0].startswith("finn may use a carried glyph only in its own Player Turn (when the Order Marker on "
                                 "its Army Card is revealed), not now: ")
