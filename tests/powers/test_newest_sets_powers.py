"""Powers of the newest Hasbro sets enforced by widening the building blocks, with the shipped library
cards (``data/cards/``): the d20 getaways of :mod:`bot.rules.powers.block_d20_escape` ("attacked with
at least 1 skull", "must end unengaged", "may move with Swing Line 4": Spider-Man, Venom, Isamu,
Ninjas of the Northern Wind); Treasure Glyph trap rolls changed by a ``roll_modifier`` (Disarm Traps of
Darrak Ambershard, Mine! of the Ogre Warhulk).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

import pytest

from bot.game import narrate_treasure
from bot.game.card_text import not_enforced_reason
from bot.rules import modifiers
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.powers.turn_borrow import candidates as borrow_candidates
from bot.rules.powers.turn_markers import markers_left
from bot.rules.treasure import carry
from tests.powers.conftest import DUMMY, LIB, F, kinds
from tests.rules.conftest import (
    BLANK,
    SHIELD,
    SKULL,
    begin_round,
    build,
    card,
    dice,
    fig,
    full_match,
    markers,
    refused,
    roll,
    sandbox,
    special_power,
)
from tests.rules.helpers_geo import kinds as geo_kinds
from tests.rules.helpers_geo import move
from tests.rules.treasure_helpers import answer, glyphs, lay

SHOOTER = card(name="Shooter", range=6, attack=3, powers=[special_power("Blast", range=6, attack=3)])


def _power(card_name: str, power_name: str):  # type: ignore[no-untyped-def]
    return next(p for p in LIB.get(card_name).powers if p.name == power_name)


def test_spidey_sense_11_library_spider_man_no_damage_then_swings_away_without_a_leaving_attack() -> None:
    # rule: HS-SPECIAL-08, HS-ENGAGE-05
    assert not_enforced_reason(_power("Spider-Man", "Spidey-Sense 11")) is None
    eng = sandbox(fig("x", "p1", (2, 2), LIB.get("Spider-Man")), fig("s", "p2", (3, 2), SHOOTER))
    roll(eng, [SKULL, SKULL, BLANK] + [BLANK] * 4, d20=[11])  # 3 attack dice, 4 defense dice
    eng.execute("p2", "attack s x")
    assert F(eng, "x").wounds == 0
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_escape")
    assert pend.prompt.startswith("Spidey-Sense 11: where does x move (up to 4 spaces)?")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(7, 2)))  # 5 spaces: beyond Swing Line 4
    events = eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(6, 2)))
    assert F(eng, "x").hexes == (Hex(6, 2),)
    assert "swipe" not in kinds(events) and F(eng, "x").wounds == 0  # Swing Line ignores leaving engagement


def test_spidey_sense_11_library_spider_man_below_11_defends_as_usual() -> None:
    eng = sandbox(fig("x", "p1", (2, 2), LIB.get("Spider-Man")), fig("s", "p2", (3, 2), SHOOTER))
    roll(eng, [SKULL, SKULL, BLANK] + [BLANK] * 4, d20=[10])
    eng.execute("p2", "attack s x")
    assert F(eng, "x").wounds == 2 and F(eng, "x").hexes == (Hex(2, 2),) and not eng.state.pending


def test_spider_sense_14_library_venom_rolls_against_a_special_attack_too() -> None:
    # rule: HS-SPECIAL-08
    assert not_enforced_reason(_power("Venom", "Spider Sense 14")) is None
    eng = sandbox(fig("v", "p1", (2, 2), LIB.get("Venom")), fig("s", "p2", (2, 6), SHOOTER))
    roll(eng, [SKULL, SKULL, SKULL] + [BLANK] * 4, d20=[14])
    eng.execute("p2", "special s Blast v")
    assert F(eng, "v").wounds == 0
    assert eng.state.pending and eng.state.pending[0].kind == "d20_escape"


def test_vanish_9_library_isamu_must_end_unengaged() -> None:
    # rule: HS-SPECIAL-08, HS-ENGAGE-01
    assert not_enforced_reason(_power("Isamu", "Vanish 9")) is None
    eng = sandbox(fig("i", "p1", (2, 2), LIB.get("Isamu")), fig("s", "p2", (2, 6), SHOOTER),
                  fig("e", "p2", (5, 2), card(name="Guard")))
    roll(eng, [SKULL, BLANK, BLANK, BLANK], d20=[9])  # 3 attack dice, 1 defense die
    eng.execute("p2", "attack s i")
    assert F(eng, "i").on_battlefield and F(eng, "i").wounds == 0
    err = refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(4, 2)))  # next to the Guard
    assert "cannot reach" in str(err)
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(2, 4)))
    assert F(eng, "i").hexes == (Hex(2, 4),)


def test_vanish_9_library_isamu_below_9_is_destroyed() -> None:
    eng = sandbox(fig("i", "p1", (2, 2), LIB.get("Isamu")), fig("s", "p2", (2, 6), SHOOTER))
    roll(eng, [SKULL, BLANK, BLANK, BLANK], d20=[8])
    eng.execute("p2", "attack s i")
    assert not F(eng, "i").on_battlefield and not eng.state.pending


def test_disappearing_ninja_library_ninjas_12_or_more_against_a_normal_attack_gets_away() -> None:
    # rule: HS-SPECIAL-08
    ninjas = LIB.get("Ninjas of the Northern Wind")
    assert not_enforced_reason(_power("Ninjas of the Northern Wind", "Disappearing Ninja")) is None
    eng = sandbox(fig("n", "p1", (2, 2), ninjas), fig("s", "p2", (2, 6), SHOOTER))
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK] * 3, d20=[12])  # 3 attack dice, 3 defense dice
    eng.execute("p2", "attack s n")
    assert F(eng, "n").on_battlefield and eng.state.pending[0].kind == "d20_escape"


def test_disappearing_ninja_library_ninjas_not_against_a_special_attack_nor_below_12() -> None:
    ninjas = LIB.get("Ninjas of the Northern Wind")
    eng = sandbox(fig("n", "p1", (2, 2), ninjas), fig("s", "p2", (2, 6), SHOOTER))
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK] * 3, d20=[11])
    eng.execute("p2", "attack s n")
    assert not F(eng, "n").on_battlefield
    eng = sandbox(fig("n", "p1", (2, 2), ninjas), fig("s", "p2", (2, 6), SHOOTER))
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK] * 3)  # a special attack: no d20 is rolled
    eng.execute("p2", "special s Blast n")
    assert not F(eng, "n").on_battlefield


# ---- Treasure Glyph trap rolls (roll_modifier "Treasure Glyph trap rolls for this figure") --------------


def _trapped(card_name: str, **changed: str):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("h", "p1", (0, 2), LIB.get(card_name).model_copy(update=changed)))
    carry.set_traps(eng.state)
    lay(eng, 2, 2, "talisman_of_defense", "symbol")
    move(eng, "h", [(1, 2), (2, 2)])
    return eng


def test_disarm_traps_library_darrak_adds_4_to_his_trap_roll() -> None:
    # rule: HS-TREASURE-12, HS-TREASURE-13
    assert not_enforced_reason(_power("Darrak Ambershard", "Disarm Traps")) is None
    eng = _trapped("Darrak Ambershard")
    roll(eng, d20=[2])  # 2 + 4 = 6: safe
    events = answer(eng, "yes")
    escaped = geo_kinds(events, "treasure_trap_escaped")[0]
    assert (escaped["d20"], escaped["total"], escaped["powers"]) == (2, 6, ["Disarm Traps"])
    assert F(eng, "h").carries == ["talisman_of_defense"]
    told = narrate_treasure.line("treasure_trap_escaped", escaped, str)
    assert told == "h checks the face-down glyph for traps: d20 2, 6 with Disarm Traps — safe."


def test_disarm_traps_library_darrak_a_1_still_sets_the_trap_off() -> None:
    eng = _trapped("Darrak Ambershard")
    roll(eng, d20=[1])  # 1 + 4 = 5
    answer(eng, "yes")
    assert F(eng, "h").carries == [] and glyphs(eng) == {(2, 2): ("talisman_of_defense", "symbol")}


def test_mine_library_ogre_warhulk_takes_4_from_his_trap_roll() -> None:
    # rule: HS-TREASURE-12, HS-TREASURE-02
    assert not_enforced_reason(_power("Ogre Warhulk", "Mine!")) is None
    eng = sandbox(fig("h", "p1", (0, 2), LIB.get("Ogre Warhulk")))
    assert modifiers.trap_roll_reasons(eng.state, F(eng, "h")) == [("Mine!", -4)]
    # The library's Warhulk is an Uncommon Hero (no pick-up, HS-TREASURE-02): as a Unique one,
    # the way a server's card file could have it, its trap rolls lose 4.
    eng = _trapped("Ogre Warhulk", rarity="unique")
    roll(eng, d20=[9])  # 9 - 4 = 5: the trap goes off
    answer(eng, "yes")
    assert F(eng, "h").carries == []
    eng = _trapped("Ogre Warhulk", rarity="unique")
    roll(eng, d20=[10])  # 10 - 4 = 6: safe
    answer(eng, "yes")
    assert F(eng, "h").carries == ["talisman_of_defense"]


def test_a_trap_roll_without_such_a_power_is_the_d20_alone() -> None:
    # rule: HS-TREASURE-12
    eng = _trapped("Shiori (AoA)")
    roll(eng, d20=[5])
    events = answer(eng, "yes")
    trap = geo_kinds(events, "treasure_trap")[0]
    assert trap["d20"] == 5 and "total" not in trap


# ---- Counter Strike given to adjacent figures (counter_strike ``who``) ---------------------------------------

UTGAR_GRUNT = card(name="Grunt", general="utgar", defense=4, life=9)
JANDAR_GRUNT = card(name="Knight", general="jandar", defense=4, life=9)
BOWMAN = card(name="Bowman", range=6, attack=1, life=9, defense=0)


def _torin(friend, friend_at=(3, 1), bowman_at=(3, 6)):  # type: ignore[no-untyped-def]
    return sandbox(fig("t", "p1", [(2, 2), (2, 1)], LIB.get("Torin")), fig("g", "p1", friend_at, friend),
                   fig("b", "p2", bowman_at, BOWMAN))


def test_evil_eye_protection_library_torin_an_adjacent_utgar_figure_counter_strikes_a_far_attacker() -> None:
    # rule: HS-ATTACK-09, HS-ENGAGE-01
    assert not_enforced_reason(_power("Torin", "Evil Eye Protection")) is None
    eng = _torin(UTGAR_GRUNT)
    roll(eng, [SKULL] + [SHIELD, SHIELD, SHIELD, BLANK])  # 1 skull; 3 shields: 2 beyond it
    events = eng.execute("p2", "attack b g")
    strike = [e.data for e in events if e.kind == "power" and e.data.get("power") == "Evil Eye Protection"]
    assert strike and strike[0]["given_by"] == "t" and strike[0]["wounds"] == 2
    assert F(eng, "b").wounds == 2 and F(eng, "g").wounds == 0


def test_evil_eye_protection_library_torin_not_for_other_generals_nor_far_figures_nor_adjacent_attackers() -> None:
    eng = _torin(JANDAR_GRUNT)  # follows Jandar: not protected
    roll(eng, [SKULL] + [SHIELD, SHIELD, SHIELD, BLANK])
    eng.execute("p2", "attack b g")
    assert F(eng, "b").wounds == 0
    eng = _torin(UTGAR_GRUNT, friend_at=(5, 1))  # not next to Torin
    roll(eng, [SKULL] + [SHIELD, SHIELD, SHIELD, BLANK])
    eng.execute("p2", "attack b g")
    assert F(eng, "b").wounds == 0
    eng = _torin(UTGAR_GRUNT, bowman_at=(4, 1))  # the attacker is adjacent: the power answers far attacks only
    roll(eng, [SKULL] + [SHIELD, SHIELD, SHIELD, BLANK])
    eng.execute("p2", "attack b g")
    assert F(eng, "b").wounds == 0


# ---- a roll as an enemy moves next to the holder (d20_trigger "enemy ... moves adjacent") -------------------

WALKER = card(name="Walker", life=3, move=6)
GIANT = card(name="Giant", life=3, move=6, size="large")


def test_engagement_strike_13_library_arkmer_wounds_a_medium_enemy_that_steps_next_to_him() -> None:
    # rule: HS-ENGAGE-01
    assert not_enforced_reason(_power("Arkmer", "Engagement Strike 13")) is None
    eng = sandbox(fig("a", "p1", (2, 2), LIB.get("Arkmer")), fig("w", "p2", (5, 2), WALKER))
    roll(eng, d20=[13])
    events = move(eng, "w", [(4, 2), (3, 2)])  # next to Arkmer at 3,2
    rolled = [e.data for e in events if e.kind == "power" and e.data.get("power") == "Engagement Strike 13"]
    assert [(r["d20"], r["success"], r["target"]) for r in rolled] == [(13, True, "w")]
    assert F(eng, "w").wounds == 1


def test_engagement_strike_13_library_arkmer_below_13_or_a_large_enemy_no_wound() -> None:
    eng = sandbox(fig("a", "p1", (2, 2), LIB.get("Arkmer")), fig("w", "p2", (5, 2), WALKER))
    roll(eng, d20=[12])
    move(eng, "w", [(4, 2), (3, 2)])
    assert F(eng, "w").wounds == 0
    eng = sandbox(fig("a", "p1", (2, 2), LIB.get("Arkmer")), fig("g", "p2", (5, 2), GIANT))
    events = move(eng, "g", [(4, 2), (3, 2)])  # Large: no roll (no d20 scripted)
    assert not [e for e in events if e.kind == "power"] and F(eng, "g").wounds == 0


def test_engagement_strike_15_library_nakita_agents_each_agent_rolls_once_for_a_mover() -> None:
    # rule: HS-ENGAGE-01
    agents = LIB.get("Nakita Agents")
    assert not_enforced_reason(_power("Nakita Agents", "Engagement Strike 15")) is None
    eng = sandbox(fig("n1", "p1", (2, 2), agents, card_key="p1/nakita"), fig("n2", "p1", (4, 2), agents, card_key="p1/nakita"),
                  fig("w", "p2", (3, 5), WALKER))
    roll(eng, d20=[15, 4])
    move(eng, "w", [(3, 4), (3, 3), (3, 2)])  # 3,2 is next to both agents
    assert F(eng, "w").wounds == 1


def test_ice_spikes_15_library_greater_ice_elemental_any_size_adds_2_on_ice() -> None:
    # rule: HS-ENGAGE-01
    assert not_enforced_reason(_power("Greater Ice Elemental", "Ice Spikes 15")) is None
    elemental = LIB.get("Greater Ice Elemental")
    eng = sandbox(fig("e", "p1", [(2, 2), (2, 1)], elemental), fig("g", "p2", (6, 2), GIANT))
    roll(eng, d20=[14])
    move(eng, "g", [(5, 2), (4, 2), (3, 2)])
    assert F(eng, "g").wounds == 0  # 14 on grass: no wound
    icy = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "ice"}, {"at": [2, 1], "level": 1, "terrain": "ice"}])
    eng = sandbox(fig("e", "p1", [(2, 2), (2, 1)], elemental), fig("g", "p2", (6, 2), GIANT), battlefield=icy)
    roll(eng, d20=[13])
    events = move(eng, "g", [(5, 2), (4, 2), (3, 2)])
    assert F(eng, "g").wounds == 1  # 13 + 2 on ice
    assert [e.data.get("total") for e in events if e.kind == "power"] == [15]


# ---- extra targets within N spaces of the target, one roll (special_attack area "chain" extra_targets) -------

TARGET = card(name="Target", life=20, defense=0)


def test_fledgling_lightning_breath_library_blue_wyrmling_adds_a_figure_within_3_spaces_of_the_target() -> None:
    # rule: HS-SPECIAL-05
    breath = _power("Blue Wyrmling", "Fledgling Lightning Breath Special Attack")
    assert not_enforced_reason(breath) is None
    eng = sandbox(fig("b", "p1", (0, 2), LIB.get("Blue Wyrmling")), fig("t", "p2", (4, 2), TARGET),
                  fig("u", "p2", (6, 2), TARGET), fig("v", "p2", (4, 5), TARGET), fig("far", "p2", (4, 7), TARGET))
    eng.execute("p1", "special b Fledgling t")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("special_extra_targets", ["u", "v", "none"])  # not 'far': 5 spaces away
    assert "within 3 spaces of t" in pend.prompt
    refused(eng, "p1", "choose far")
    roll(eng, [SKULL, SKULL])
    events = eng.execute("p1", "choose v")  # 1 at most: the roll follows
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["t", "v"]
    assert [F(eng, f).wounds for f in ("t", "u", "v", "far")] == [2, 0, 2, 0]


def test_fledgling_lightning_breath_library_no_figure_beyond_3_spaces_or_out_of_sight_of_the_target() -> None:
    wall = build(obstacles=[{"kind": "ruin", "at": [[5, 2]], "height": 20}])
    eng = sandbox(fig("b", "p1", (0, 2), LIB.get("Blue Wyrmling")), fig("t", "p2", (4, 2), TARGET),
                  fig("u", "p2", (6, 2), TARGET), fig("far", "p2", (4, 6), TARGET), battlefield=wall)
    roll(eng, [SKULL, SKULL])
    events = eng.execute("p1", "special b Fledgling t")  # nobody to add: no question, the roll is made
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["t"]


def test_thunder_ram_assault_library_eltahale_only_at_a_target_not_adjacent_when_the_turn_began() -> None:
    # rule: HS-SPECIAL-01, HS-SPECIAL-05
    assert not_enforced_reason(_power("Eltahale", "Thunder Ram Assault Special Attack")) is None
    eng = sandbox(fig("e", "p1", (2, 2), LIB.get("Eltahale")), fig("t", "p2", (3, 2), TARGET))
    err = refused(eng, "p1", "special e Thunder t")
    assert "may be made only when" in str(err)
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Eltahale")), fig("t", "p2", (3, 2), TARGET),
                  fig("u", "p2", (5, 2), TARGET), fig("v", "p2", (3, 4), TARGET))
    move(eng, "e", [(1, 2), (2, 2)])
    eng.execute("p1", "special e Thunder t")
    assert eng.state.pending[0].options == ["u", "v", "none"]


# ---- Thunder Step: a teleport next to a seen enemy, +1 Attack, a die at the end of the turn -------------------


def _thunder_step(dummy_at=(5, 2)):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Eltahale")), fig("d", "p2", dummy_at, TARGET))
    begin_round(eng, [20, 1], p1=markers("Eltahale"), p2=markers("Target"))
    return eng


def test_thunder_step_library_eltahale_appears_next_to_an_enemy_with_1_more_attack_and_risks_a_wound() -> None:
    # rule: HS-SPECIAL-08, HS-TURN-03
    assert not_enforced_reason(_power("Eltahale", "Thunder Step")) is None
    eng = _thunder_step()
    pend = eng.state.pending[0]
    assert pend.kind == "teleport_start"
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(3, 2)))  # not next to the enemy
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(4, 2)))
    assert F(eng, "e").hexes == (Hex(4, 2),)
    roll(eng, [BLANK] * 6)  # Attack 5 + 1
    events = eng.execute("p1", "attack e d")
    assert len(next(e for e in events if e.kind == "attack").data["attack_dice"]) == 6
    roll(eng, [SKULL])  # Thunder Step's die as the turn ends
    eng.execute("p1", "end-turn")
    assert F(eng, "e").wounds == 1


def test_thunder_step_library_eltahale_no_offer_without_an_enemy_in_reach_and_no_bonus_without_it() -> None:
    eng = _thunder_step(dummy_at=(7, 2))  # 7 spaces away: too far
    assert not [p for p in eng.state.pending if p.kind == "teleport_start"]
    eng = _thunder_step()
    eng.execute("p1", "choose stay")
    move(eng, "e", [(1, 2), (2, 2), (3, 2), (4, 2)])
    roll(eng, [BLANK] * 5)
    events = eng.execute("p1", "attack e d")
    assert len(next(e for e in events if e.kind == "attack").data["attack_dice"]) == 5
    eng.execute("p1", "end-turn")  # no die to roll: nothing scripted
    assert F(eng, "e").wounds == 0


# ---- a roll against a leaving-engagement attack's wounds (d20_trigger "wounded by a leaving-engagement attack")


def test_tactical_disengagement_7_library_sir_dupuis_ignores_a_leaving_engagement_wound_on_7_or_more() -> None:
    # rule: HS-ENGAGE-05
    assert not_enforced_reason(_power("Sir Dupuis", "Tactical Disengagement 7")) is None
    eng = sandbox(fig("s", "p1", (2, 2), LIB.get("Sir Dupuis")), fig("e", "p2", (3, 2), card(name="Guard")))
    roll(eng, [SKULL], d20=[7])
    events = move(eng, "s", [(1, 2), (0, 2)])
    assert F(eng, "s").wounds == 0 and F(eng, "s").hexes == (Hex(0, 2),)
    assert [(p["power"], p["d20"], p["success"]) for p in (e.data for e in events if e.kind == "power")] == [
        ("Tactical Disengagement 7", 7, True)]


def test_tactical_disengagement_7_library_sir_dupuis_below_7_or_a_normal_attack_wounds_as_usual() -> None:
    eng = sandbox(fig("s", "p1", (2, 2), LIB.get("Sir Dupuis")), fig("e", "p2", (3, 2), card(name="Guard")))
    roll(eng, [SKULL], d20=[6])
    move(eng, "s", [(1, 2), (0, 2)])
    assert F(eng, "s").wounds == 1
    eng = sandbox(fig("s", "p1", (2, 2), LIB.get("Sir Dupuis")), fig("e", "p2", (3, 2), card(name="Guard", attack=3)))
    roll(eng, [SKULL, SKULL, SKULL] + [BLANK] * LIB.get("Sir Dupuis").defense)  # no d20 for a normal attack
    eng.execute("p2", "attack e s")
    assert F(eng, "s").wounds == 3


# ---- a Range bonus by the target's distance and level (stat_bonus range, "target within N spaces, base ...")


def _hydra(target_at, level=1):  # type: ignore[no-untyped-def]
    field = build(hexes=[{"at": list(target_at), "level": level, "terrain": "rock"}])
    return sandbox(fig("h", "p1", [(2, 2), (2, 1)], LIB.get("Fen Hydra")), fig("t", "p2", target_at, TARGET),
                   battlefield=field)


def test_reach_library_fen_hydra_attacks_a_figure_2_spaces_away() -> None:
    # rule: HS-ATTACK-04
    assert not_enforced_reason(_power("Fen Hydra", "Reach")) is None
    eng = _hydra((4, 2))  # 2 spaces from the Hydra's nearer space
    roll(eng, [SKULL] * 4)
    eng.execute("p1", "attack h t")
    assert F(eng, "t").wounds == 4


def test_reach_library_fen_hydra_not_3_spaces_away_nor_far_above_or_below() -> None:
    refused(_hydra((5, 2)), "p1", "attack h t")  # 3 spaces: Range 1 + 1 is not enough
    refused(_hydra((4, 2), level=13), "p1", "attack h t")  # 12 levels up: above its top (1 + 8) + 3
    eng = _hydra((4, 2), level=12)  # 11 levels up: within 3 of its top
    roll(eng, [SKULL] * 4 + [BLANK] * 2)  # the target has height advantage: defense dice of its own
    eng.execute("p1", "attack h t")
    assert F(eng, "t").wounds == 4


# ---- markers spent against an attack's wounds (marker_resource "ignore all wounds from one normal attack") ---


def _mezzodemons():  # type: ignore[no-untyped-def]
    mezzo = LIB.get("Mezzodemon Warmongers")
    return sandbox(fig("m1", "p1", (2, 2), mezzo, card_key="p1/mezzo"), fig("m2", "p1", (2, 4), mezzo, card_key="p1/mezzo"),
                   fig("s", "p2", (3, 2), card(name="Brute", attack=3)))


def test_exoskeleton_library_mezzodemons_one_marker_per_figure_each_ignores_one_attack() -> None:
    # rule: HS-ATTACK-09
    assert not_enforced_reason(_power("Mezzodemon Warmongers", "Exoskeleton")) is None
    eng = _mezzodemons()
    exo = _power("Mezzodemon Warmongers", "Exoskeleton")
    assert markers_left(eng.state, "p1/mezzo", exo) == 2  # 1 per figure of the squad
    for _ in range(2):
        roll(eng, [SKULL, SKULL, BLANK] + [BLANK] * 3)
        eng.execute("p2", "attack s m1")
        pend = eng.state.pending[0]
        assert (pend.player, pend.kind, pend.options) == ("p1", "marker_guard", ["use", "skip"])
        eng.execute("p1", "choose use")
        assert F(eng, "m1").on_battlefield and F(eng, "m1").wounds == 0
        eng.execute("p2", "end-turn")
    assert markers_left(eng.state, "p1/mezzo", exo) == 0
    roll(eng, [SKULL, SKULL, BLANK] + [BLANK] * 3)
    eng.execute("p2", "attack s m1")  # no marker left: no question
    assert not F(eng, "m1").on_battlefield


def test_exoskeleton_library_mezzodemons_skip_or_no_wound_keeps_the_marker() -> None:
    eng = _mezzodemons()
    exo = _power("Mezzodemon Warmongers", "Exoskeleton")
    roll(eng, [BLANK, BLANK, BLANK] + [BLANK] * 3)
    eng.execute("p2", "attack s m1")  # no skull: nothing asked
    assert not eng.state.pending and markers_left(eng.state, "p1/mezzo", exo) == 2
    eng.execute("p2", "end-turn")
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK] * 3)
    eng.execute("p2", "attack s m1")
    eng.execute("p1", "choose skip")
    assert not F(eng, "m1").on_battlefield and markers_left(eng.state, "p1/mezzo", exo) == 2


# ---- a stat_bonus whose extra is "may attack all adjacent figures" (Crag of Steel) --------------------------


def _siege(reveal: bool):  # type: ignore[no-untyped-def]
    siege = LIB.get("Siege")
    m = full_match({"p1": [siege], "p2": [card(name="Left", life=9, defense=0), card(name="Right", life=9, defense=0)]},
                   orders={"p1": markers("Siege"), "p2": markers("Left")}, initiative=[20, 1])
    st = m.state
    sid = next(f.id for f in st.figures.values() if f.controller == "p1")
    st.figures[sid].hexes, st.figures["left"].hexes, st.figures["right"].hexes = (Hex(3, 3),), (Hex(4, 3),), (Hex(2, 3),)
    st.figures[sid].level = st.figures["left"].level = st.figures["right"].level = st.battlefield.top_cell(Hex(3, 3)).top  # type: ignore[union-attr]
    m.apply("p1", "choose reveal" if reveal else "choose skip")
    return m, sid


def test_crag_of_steel_library_siege_with_the_x_marker_attacks_each_adjacent_figure() -> None:
    # rule: HS-ORDER-05, HS-ATTACK-12
    assert not_enforced_reason(_power("Siege", "Crag of Steel")) is None
    m, sid = _siege(reveal=True)
    roll(m, [BLANK] * 3)  # Attack 5 - 2
    m.apply("p1", f"attack {sid} left")
    roll(m, [BLANK] * 3)
    m.apply("p1", f"attack {sid} right")  # a second attack: the other adjacent figure
    with pytest.raises(IllegalCommand):
        m.apply("p1", f"attack {sid} left")  # each adjacent figure once


def test_crag_of_steel_library_siege_without_the_x_marker_attacks_once() -> None:
    m, sid = _siege(reveal=False)
    roll(m, [BLANK] * 5)
    m.apply("p1", f"attack {sid} left")
    with pytest.raises(IllegalCommand):
        m.apply("p1", f"attack {sid} right")


# ---- a power as the figure is destroyed (death_trigger: Dying Swipe) ------------------------------------------

SLAYER = card(name="Slayer", attack=6, life=9, defense=0)


def _frost_giant(slayer_at=(3, 2)):  # type: ignore[no-untyped-def]
    return sandbox(fig("g", "p1", (2, 2), LIB.get("Frost Giant of Morh"), wounds=5), fig("s", "p2", slayer_at, SLAYER),
                   fig("n", "p2", (2, 3), card(name="Bystander", life=9, defense=0)), fig("far", "p2", (6, 6), TARGET))


def test_dying_swipe_library_frost_giant_destroyed_by_a_normal_attack_wounds_figures_next_to_it() -> None:
    # rule: HS-DESTROY-01
    assert not_enforced_reason(_power("Frost Giant of Morh", "Dying Swipe")) is None
    eng = _frost_giant()
    roll(eng, [SKULL] + [BLANK] * 5 + [BLANK] * 4 + [SKULL, SKULL, BLANK])  # 6 attack, 4 defense, then 3 dice
    eng.execute("p2", "attack s g")
    assert not F(eng, "g").on_battlefield
    pend = eng.state.pending[0]
    assert (pend.player, pend.options) == ("p1", ["n", "s", "none"])  # next to where it stood; not 'far'
    eng.execute("p1", "choose s")
    eng.execute("p1", "choose s")  # the same figure again
    assert (F(eng, "s").wounds, F(eng, "n").wounds, F(eng, "far").wounds) == (2, 0, 0)
    assert not eng.state.pending


def test_dying_swipe_library_frost_giant_not_when_destroyed_by_a_special_attack() -> None:
    eng = sandbox(fig("g", "p1", (2, 2), LIB.get("Frost Giant of Morh"), wounds=5),
                  fig("s", "p2", (3, 2), card(name="Blaster", powers=[special_power("Blast", range=4, attack=6)])))
    roll(eng, [SKULL] + [BLANK] * 5 + [BLANK] * 4)  # no dice for Dying Swipe
    eng.execute("p2", "special s Blast g")
    assert not F(eng, "g").on_battlefield and not eng.state.pending and F(eng, "s").wounds == 0


# ---- a figure sacrificed against an attack's wounds (sacrifice_to_ignore_wounds: Expendable Rabble) ----------

GOBLIN = card(name="Grunt Goblin", size="small", species="goblin", kind="squad", rarity="common", height=3)


def _brutes(goblin_at=(3, 3)):  # type: ignore[no-untyped-def]
    return sandbox(fig("b", "p1", (2, 2), LIB.get("Horned Skull Brutes"), card_key="p1/brutes"),
                   fig("gob", "p1", goblin_at, GOBLIN, card_key="p1/goblins"),
                   fig("h", "p1", (1, 2), card(name="Human Friend")),
                   fig("s", "p2", (3, 2), card(name="Brute", attack=4)))


def test_expendable_rabble_library_horned_skull_brutes_sacrifice_an_adjacent_small_goblin() -> None:
    # rule: HS-ATTACK-09, HS-DESTROY-01
    assert not_enforced_reason(_power("Horned Skull Brutes", "Expendable Rabble")) is None
    eng = _brutes(goblin_at=(2, 3))
    defense = LIB.get("Horned Skull Brutes").defense
    roll(eng, [SKULL, SKULL, SKULL, SKULL] + [BLANK] * defense)
    eng.execute("p2", "attack s b")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "sacrifice_to_ignore_wounds", ["gob", "skip"])  # not the Human
    eng.execute("p1", "choose gob")
    assert F(eng, "b").on_battlefield and F(eng, "b").wounds == 0 and not F(eng, "gob").on_battlefield


def test_expendable_rabble_library_no_goblin_next_to_it_or_skipped_takes_the_wounds() -> None:
    eng = _brutes(goblin_at=(5, 5))  # not adjacent: nothing asked
    defense = LIB.get("Horned Skull Brutes").defense
    roll(eng, [SKULL, SKULL, SKULL, SKULL] + [BLANK] * defense)
    eng.execute("p2", "attack s b")
    assert not eng.state.pending and not F(eng, "b").on_battlefield
    eng = _brutes(goblin_at=(2, 3))
    roll(eng, [SKULL, SKULL, SKULL, SKULL] + [BLANK] * defense)
    eng.execute("p2", "attack s b")
    eng.execute("p1", "choose skip")
    assert not F(eng, "b").on_battlefield and F(eng, "gob").on_battlefield


# ---- what a special attack does once it wounded a figure (special_attack on_wound) ----------------------------

VICTIM = card(name="Victim", life=9, defense=0)


def test_venom_ray_library_estivara_10_to_19_adds_a_wound_and_rolls_again_until_1_to_9() -> None:
    # rule: HS-SPECIAL-02
    assert not_enforced_reason(_power("Estivara", "Venom Ray Special Attack")) is None
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Estivara")), fig("v", "p2", (4, 2), VICTIM))
    roll(eng, [SKULL, BLANK, BLANK], d20=[10, 19, 9])
    eng.execute("p1", "special e Venom v")
    assert F(eng, "v").wounds == 3  # 1 from the attack, 2 from the table


def test_venom_ray_library_estivara_20_destroys_and_no_wound_no_roll() -> None:
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Estivara")), fig("v", "p2", (4, 2), VICTIM))
    roll(eng, [SKULL, BLANK, BLANK], d20=[20])
    eng.execute("p1", "special e Venom v")
    assert not F(eng, "v").on_battlefield
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Estivara")), fig("v", "p2", (4, 2), VICTIM))
    roll(eng, [BLANK, BLANK, BLANK])  # no wound: no d20
    eng.execute("p1", "special e Venom v")
    assert F(eng, "v").wounds == 0


def test_poison_sting_library_sujoah_reads_the_same_table() -> None:
    assert not_enforced_reason(_power("Sujoah", "Poison Sting Special Attack")) is None


def _marked(attacker: str, victim=VICTIM):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("a", "p1", (0, 2), LIB.get(attacker)), fig("v", "p2", (3, 2), victim))
    eng.state.orders["p2"] = {m: F(eng, "v").card_key for m in ("1", "2", "3", "X")}  # all face down on the victim
    return eng


def test_psionic_blast_library_mind_flayer_takes_a_random_face_down_marker_off_the_wounded_card() -> None:
    # rule: HS-SPECIAL-02, HS-ORDER-03
    assert not_enforced_reason(_power("Mind Flayer Mastermind", "Psionic Blast Special Attack")) is None
    eng = _marked("Mind Flayer Mastermind")
    dice(eng).add([SKULL, BLANK, BLANK], pick=[1])
    eng.execute("p1", "special a Psionic v")
    assert sorted(eng.state.orders["p2"]) == ["1", "3", "X"]  # the second of 1, 2, 3, X


def test_psionic_blast_library_mind_flayer_no_wound_no_marker_lost() -> None:
    eng = _marked("Mind Flayer Mastermind")
    roll(eng, [BLANK, BLANK, BLANK])
    eng.execute("p1", "special a Psionic v")
    assert sorted(eng.state.orders["p2"]) == ["1", "2", "3", "X"]


def test_cosmic_force_blast_library_silver_surfer_16_or_more_on_a_unique_hero() -> None:
    # rule: HS-SPECIAL-02, HS-ORDER-03
    assert not_enforced_reason(_power("Silver Surfer", "Cosmic Force Blast Special Attack")) is None
    eng = _marked("Silver Surfer")
    dice(eng).add([SKULL] + [BLANK] * 5, d20=[16], pick=[0])
    eng.execute("p1", "special a Cosmic v")
    assert sorted(eng.state.orders["p2"]) == ["2", "3", "X"]


def test_cosmic_force_blast_library_silver_surfer_not_below_16_nor_on_a_squad() -> None:
    eng = _marked("Silver Surfer")
    roll(eng, [SKULL] + [BLANK] * 5, d20=[15])
    eng.execute("p1", "special a Cosmic v")
    assert sorted(eng.state.orders["p2"]) == ["1", "2", "3", "X"]
    squad = card(name="Troopers", kind="squad", rarity="common", life=9, defense=0, figures=1)
    eng = _marked("Silver Surfer", squad)
    roll(eng, [SKULL] + [BLANK] * 5)  # a squad figure: no d20
    eng.execute("p1", "special a Cosmic v")
    assert sorted(eng.state.orders["p2"]) == ["1", "2", "3", "X"]


# ---- once a special attack is over: on_kill / on_fail (Pounce) -------------------------------------------------


def _wolves(prey):  # type: ignore[no-untyped-def]
    wolves = LIB.get("Wolves of Badru")
    return sandbox(fig("w", "p1", (2, 2), wolves, card_key="p1/wolves"), fig("p", "p2", (2, 5), prey))


def test_pounce_library_wolves_of_badru_take_the_space_of_the_figure_they_destroy() -> None:
    # rule: HS-SPECIAL-02, HS-SPECIAL-08
    assert not_enforced_reason(_power("Wolves of Badru", "Pounce Special Attack")) is None
    eng = _wolves(card(name="Hare", life=1, defense=0))
    roll(eng, [SKULL] + [BLANK] * 4)
    eng.execute("p1", "special w Pounce p")
    assert not F(eng, "p").on_battlefield and F(eng, "w").hexes == (Hex(2, 5),)


def test_pounce_library_wolves_of_badru_a_target_left_standing_destroys_the_wolf() -> None:
    eng = _wolves(card(name="Boar", life=9, defense=0))
    roll(eng, [SKULL] + [BLANK] * 4)
    eng.execute("p1", "special w Pounce p")
    assert F(eng, "p").wounds == 1 and not F(eng, "w").on_battlefield


def test_pounce_library_wolves_of_badru_not_at_an_adjacent_large_or_far_below_figure() -> None:
    wolves = LIB.get("Wolves of Badru")
    eng = sandbox(fig("w", "p1", (2, 2), wolves), fig("p", "p2", (3, 2), card(name="Hare")))
    refused(eng, "p1", "special w Pounce p")  # adjacent
    eng = sandbox(fig("w", "p1", (2, 2), wolves), fig("p", "p2", (2, 5), card(name="Ogre", size="large")))
    refused(eng, "p1", "special w Pounce p")  # Large
    high = build(hexes=[{"at": [2, 5], "level": 7, "terrain": "rock"}])
    eng = sandbox(fig("w", "p1", (2, 2), wolves), fig("p", "p2", (2, 5), card(name="Hare")), battlefield=high)
    refused(eng, "p1", "special w Pounce p")  # 6 levels above the wolf's base


# ---- an Attack chosen as the special attack is made ("2, 3 or 4 (chosen)") --------------------------------------


def test_fire_blast_library_erevan_chooses_2_dice_and_repeats_when_both_are_skulls() -> None:
    # rule: HS-SPECIAL-02, HS-SPECIAL-01
    assert not_enforced_reason(_power("Erevan Sunshadow", "Fire Blast Special Attack")) is None
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Erevan Sunshadow")), fig("t", "p2", (4, 2), TARGET))
    eng.execute("p1", "special e Fire t")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "special_dice_choice", ["4", "3", "2"])
    refused(eng, "p1", "choose 5")
    roll(eng, [SKULL, SKULL])
    events = eng.execute("p1", "choose 2")
    assert len(next(e for e in events if e.kind == "special_roll").data["attack_dice"]) == 2
    assert F(eng, "t").wounds == 2
    eng.execute("p1", "special e Fire t")  # every die a skull: it may be made again
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    eng.execute("p1", "choose 4")
    assert F(eng, "t").wounds == 3
    refused(eng, "p1", "special e Fire t")  # not every die a skull: no more


def test_fire_blast_library_erevan_4_dice_without_all_skulls_is_made_once() -> None:
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Erevan Sunshadow")), fig("t", "p2", (4, 2), TARGET))
    eng.execute("p1", "special e Fire t")
    roll(eng, [SKULL, SKULL, SKULL, BLANK])
    eng.execute("p1", "choose 4")
    assert F(eng, "t").wounds == 3
    refused(eng, "p1", "special e Fire t")


# ---- a roll at every adjacent figure, or at one picked within reach (Dust of Death) ---------------------------


def _red_skull():  # type: ignore[no-untyped-def]
    eng = sandbox(fig("r", "p1", (1, 2), LIB.get("Red Skull")), fig("a", "p2", (3, 2), TARGET),
                  fig("b", "p2", (2, 3), TARGET), fig("c", "p2", (0, 5), TARGET), fig("far", "p2", (7, 7), TARGET))
    move(eng, "r", [(2, 2)])
    eng.execute("p1", "end-moves")
    return eng


def test_dust_of_death_library_red_skull_rolls_for_each_adjacent_figure() -> None:
    # rule: HS-TURN-06
    assert not_enforced_reason(_power("Red Skull", "Dust of Death")) is None
    eng = _red_skull()
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("d20_pick", ["a", "b", "c", "adjacent", "skip"])  # not 'far'
    roll(eng, d20=[19, 18])
    eng.execute("p1", "choose adjacent")  # a: 19 destroys it; b: 18 does nothing; c is not adjacent
    assert (F(eng, "a").destroyed, F(eng, "b").destroyed, F(eng, "c").destroyed) == (True, False, False)


def test_dust_of_death_library_red_skull_or_one_figure_within_3_and_only_once() -> None:
    eng = _red_skull()
    roll(eng, d20=[20])
    eng.execute("p1", "choose c")  # 3 spaces away
    assert F(eng, "c").destroyed and not F(eng, "a").destroyed and not eng.state.pending


# ---- a Range bonus rolled as the moving ends ("+N range this turn": Javelin) -----------------------------------


def _hunter():  # type: ignore[no-untyped-def]
    eng = sandbox(fig("m", "p1", (0, 1), LIB.get("Master of the Hunt")), fig("t", "p2", (6, 2), TARGET))
    move(eng, "m", [(0, 2)])  # 6 spaces from the target: beyond Range 4
    return eng


def test_javelin_library_master_of_the_hunt_16_or_more_gives_3_more_range_this_turn() -> None:
    # rule: HS-TURN-06, HS-ATTACK-04
    assert not_enforced_reason(_power("Master of the Hunt", "Javelin")) is None
    eng = _hunter()
    roll(eng, d20=[16])
    eng.execute("p1", "end-moves")
    assert modifiers.range_value(eng.state, F(eng, "m")) == 7
    roll(eng, [BLANK] * 4)
    eng.execute("p1", "attack m t")  # 6 spaces away: within Range 4 + 3


def test_javelin_library_master_of_the_hunt_below_16_keeps_range_4() -> None:
    eng = _hunter()
    roll(eng, d20=[15])
    eng.execute("p1", "end-moves")
    assert modifiers.range_value(eng.state, F(eng, "m")) == 4
    refused(eng, "p1", "attack m t")


# ---- a surviving defender pushed away (Knockback) ---------------------------------------------------------------


def _shurrak(victim=None, field=None):  # type: ignore[no-untyped-def]
    return sandbox(fig("s", "p1", [(2, 2), (3, 2)], LIB.get("Shurrak")), fig("v", "p2", (2, 3), victim or TARGET),
                   battlefield=field)


def test_knockback_14_library_shurrak_pushes_a_medium_survivor_up_to_3_spaces_no_higher() -> None:
    # rule: HS-SPECIAL-08
    assert not_enforced_reason(_power("Shurrak", "Knockback 14")) is None
    hill = build(hexes=[{"at": [2, 5], "level": 2, "terrain": "rock"}])
    eng = _shurrak(field=hill)
    roll(eng, [BLANK] * 5, d20=[14])
    eng.execute("p1", "attack s v")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_knockback")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(2, 5)))  # a level higher than the target
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(2, 6)))  # 4 spaces from Shurrak
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(1, 5)))
    assert F(eng, "v").hexes == (Hex(1, 5),)


def test_knockback_14_library_shurrak_not_below_14_nor_a_large_figure() -> None:
    eng = _shurrak()
    roll(eng, [BLANK] * 5, d20=[13])
    eng.execute("p1", "attack s v")
    assert not eng.state.pending and F(eng, "v").hexes == (Hex(2, 3),)
    eng = _shurrak(victim=card(name="Troll", size="large", life=9, defense=0))
    roll(eng, [BLANK] * 5)  # Large: no d20
    eng.execute("p1", "attack s v")
    assert not eng.state.pending


def test_knockback_14_library_a_push_off_a_cliff_is_a_fall() -> None:
    # rule: DEC-02
    cliff = build(hexes=[{"at": [q, r], "level": 9, "terrain": "rock"} for q, r in ((2, 2), (3, 2), (2, 3))])
    eng = sandbox(fig("s", "p1", [(2, 2), (3, 2)], LIB.get("Shurrak")), fig("v", "p2", (2, 3), TARGET), battlefield=cliff)
    roll(eng, [BLANK] * 5, d20=[14])
    eng.execute("p1", "attack s v")
    roll(eng, [SKULL, SKULL, BLANK])  # the fall's dice
    events = eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(0, 4)))  # 8 levels down
    assert F(eng, "v").hexes == (Hex(0, 4),) and "fell" in [e.kind for e in events]


# ---- one turn with an opponent's Unique Hero (Mind Exchange, Enslave) -------------------------------------------


def _doom(victim_card):  # type: ignore[no-untyped-def]
    doom = LIB.get("Doctor Doom")
    m = full_match({"p1": [doom], "p2": [victim_card]}, orders={"p1": markers("Doctor Doom"), "p2": markers(victim_card.name)},
                   initiative=[20, 1])
    st = m.state
    did = next(f.id for f in st.figures.values() if f.controller == "p1")
    vid = next(f.id for f in st.figures.values() if f.controller == "p2")
    st.figures[did].hexes, st.figures[vid].hexes = (Hex(2, 2),), (Hex(2, 5),)
    st.figures[did].level = st.figures[vid].level = st.battlefield.top_cell(Hex(2, 2)).top  # type: ignore[union-attr]
    return m, did, vid


def test_mind_exchange_17_library_doctor_doom_takes_one_turn_with_a_unique_hero_then_gives_it_back() -> None:
    # rule: HS-TURN-05, HS-ARMY-10
    assert not_enforced_reason(_power("Doctor Doom", "Mind Exchange 17")) is None
    m, did, vid = _doom(card(name="Captain"))
    m.apply("p1", "end-turn")
    pend = m.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "d20_borrow", [vid, "skip"])
    roll(m, d20=[17])
    m.apply("p1", f"choose {vid}")
    st = m.state
    assert st.figures[vid].controller == "p1" and st.turn is not None and st.turn.card_key == st.figures[vid].card_key
    assert sorted(st.orders["p2"]) == ["1", "2", "3", "X"]  # its Order Markers stay
    m.apply("p1", f"move {vid} {st.battlefield.label(Hex(2, 6))}")
    m.apply("p1", "end-turn")
    assert m.state.figures[vid].controller == "p2" and m.state.figures[vid].hexes == (Hex(2, 6),)
    assert m.state.turn is not None and m.state.turn.player == "p2"


def test_mind_exchange_17_library_doctor_doom_below_17_or_a_squad_nothing_happens() -> None:
    m, did, vid = _doom(card(name="Captain"))
    m.apply("p1", "end-turn")
    roll(m, d20=[16])
    m.apply("p1", f"choose {vid}")
    assert m.state.figures[vid].controller == "p2" and m.state.turn is not None and m.state.turn.player == "p2"
    m, did, vid = _doom(card(name="Troopers", kind="squad", rarity="common", figures=2))
    m.apply("p1", "end-turn")  # a squad figure: nothing to pick, no question
    assert not m.state.pending and m.state.turn is not None and m.state.turn.player == "p2"


def test_enslave_17_library_mind_flayer_spares_mind_flayers() -> None:
    assert not_enforced_reason(_power("Mind Flayer Mastermind", "Enslave 17")) is None
    flayer = LIB.get("Mind Flayer Mastermind")
    st = sandbox(fig("a", "p1", (2, 2), flayer), fig("b", "p2", (2, 4), card(name="Other Flayer", cls="Mind Flayer")),
                 fig("c", "p2", (3, 4), card(name="Captain"))).state
    assert [f.id for f in borrow_candidates(st, st.figures["a"], 4, "mind flayer")] == ["c"]


# ---- moves when one of the squad is destroyed, then no visible Hit Zones (Scurry) -------------------------------


def _cutters():  # type: ignore[no-untyped-def]
    cutters = LIB.get("Goblin Cutters")
    return sandbox(fig("c1", "p1", (2, 2), cutters, card_key="p1/cutters"), fig("c2", "p1", (3, 3), cutters, card_key="p1/cutters"),
                   fig("c3", "p1", (0, 5), cutters, card_key="p1/cutters"),
                   fig("b", "p2", (4, 3), card(name="Brute", attack=3)), fig("syv", "p2", (6, 0), LIB.get("Syvarris")))


def test_scurry_library_goblin_cutters_two_move_without_leaving_attacks_and_hide() -> None:
    # rule: HS-SPECIAL-08, HS-LOS-01
    assert not_enforced_reason(_power("Goblin Cutters", "Scurry")) is None
    eng = _cutters()
    roll(eng, [SKULL, BLANK, BLANK, BLANK])  # 3 attack dice, 1 defense die: c1 is destroyed
    eng.execute("p2", "attack syv c1")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "move_other_after_attack", ["c2", "c3", "skip"])
    eng.execute("p1", "choose c2")
    eng.execute("p1", "choose c3")
    events = eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(3, 6)))  # c2 leaves the Brute: no attack
    assert "swipe" not in kinds(events) and F(eng, "c2").hexes == (Hex(3, 6),)
    eng.execute("p1", "choose stay")  # c3 stays
    err = refused(eng, "p2", "attack syv c3")  # Double Attack: unengaged, c3 has no visible Hit Zone this turn
    assert "no visible Hit Zone" in str(err)


def test_scurry_library_goblin_cutters_not_when_the_figure_survives() -> None:
    eng = _cutters()
    roll(eng, [BLANK, BLANK, BLANK, BLANK])
    eng.execute("p2", "attack syv c1")
    assert not eng.state.pending
    roll(eng, [BLANK] * 3 + [BLANK])
    eng.execute("p2", "attack syv c3")  # nothing hides it: the second attack is made




# ---- back from destruction at the start of the controller's turns (Rejected by Death) --------------------------


def _thanos(d20: int):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("t", "p1", (2, 2), LIB.get("Thanos"), wounds=3), fig("cap", "p1", (4, 4), card(name="Captain")),
                  fig("e", "p2", (7, 7), card(name="Enemy")))
    eng.destroy(F(eng, "t"), "a test")
    begin_round(eng, [20, 1, d20], p1=markers("Captain"), p2=markers("Enemy"))
    return eng


def test_rejected_by_death_library_thanos_19_or_more_comes_back_next_to_his_army_healed() -> None:
    # rule: HS-SPECIAL-08, HS-DESTROY-01
    assert not_enforced_reason(_power("Thanos", "Rejected by Death")) is None
    eng = _thanos(19)
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_return")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(0, 0)))  # next to none of p1's figures
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(4, 5)))
    assert F(eng, "t").hexes == (Hex(4, 5),) and F(eng, "t").wounds == 0 and F(eng, "t").on_battlefield


def test_rejected_by_death_library_thanos_below_19_stays_destroyed() -> None:
    eng = _thanos(18)
    assert not [p for p in eng.state.pending if p.kind == "d20_return"] and not F(eng, "t").on_battlefield


# ---- no visible Hit Zone after the turn, while she stays put (Cloud of Darkness) --------------------------------


def _estivara(d20: int):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("e", "p1", (2, 2), LIB.get("Estivara")), fig("a", "p2", (2, 6), card(name="Archer", range=7)))
    begin_round(eng, [20, 1], p1=markers("Estivara"), p2=markers("Archer"))
    roll(eng, d20=[d20])
    eng.execute("p1", "end-turn")  # Estivara's turn ends: Cloud of Darkness is rolled
    return eng


def test_cloud_of_darkness_library_estivara_16_or_more_cannot_be_targeted_until_the_next_reveal() -> None:
    # rule: HS-LOS-01, HS-ORDER-05
    assert not_enforced_reason(_power("Estivara", "Cloud of Darkness")) is None
    eng = _estivara(16)
    assert eng.state.turn is not None and eng.state.turn.player == "p2"
    err = refused(eng, "p2", "attack a e")
    assert "no visible Hit Zone" in str(err)


def test_cloud_of_darkness_library_estivara_below_16_is_a_target_as_usual() -> None:
    eng = _estivara(15)
    roll(eng, [BLANK] * 3 + [BLANK] * 3)
    eng.execute("p2", "attack a e")


# ---- a Treasure Glyph dragged next to the holder (move_object: Mage Hand) --------------------------------------


def _heirloom():  # type: ignore[no-untyped-def]
    eng = sandbox(fig("h", "p1", (1, 2), LIB.get("Heirloom")), fig("e", "p2", (7, 0), card(name="Enemy")))
    lay(eng, 5, 2, "talisman_of_defense", "symbol")
    lay(eng, 7, 7, "heroic_rune", "power")
    move(eng, "h", [(2, 2)])
    eng.execute("p1", "end-moves")
    return eng


def test_mage_hand_library_heirloom_drags_a_glyph_within_4_spaces_next_to_him() -> None:
    # rule: HS-TURN-06, HS-TREASURE-01
    assert not_enforced_reason(_power("Heirloom", "Mage Hand")) is None
    eng = _heirloom()
    label = eng.state.battlefield.label
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "move_object", [label(Hex(5, 2)), "skip"])  # not 7,7
    eng.execute("p1", "choose " + label(Hex(5, 2)))
    refused(eng, "p1", "choose " + label(Hex(4, 2)))  # not next to Heirloom
    eng.execute("p1", "choose " + label(Hex(3, 2)))
    assert glyphs(eng) == {(3, 2): ("talisman_of_defense", "symbol"), (7, 7): ("heroic_rune", "power")}


def test_mage_hand_library_heirloom_skip_leaves_the_glyph() -> None:
    eng = _heirloom()
    eng.execute("p1", "choose skip")
    assert glyphs(eng)[(5, 2)] == ("talisman_of_defense", "symbol") and not eng.state.pending


# ---- figures brought next to the holder on a d20 table (Elven Summoning Spell) ----------------------------------

ELF = card(name="Elf Scout", species="elf", kind="squad", rarity="common", figures=3)


def _emirroon(d20: int):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("em", "p1", (1, 2), LIB.get("Emirroon")), fig("e1", "p1", (3, 2), ELF, card_key="p1/elves"),
                  fig("e2", "p1", (5, 5), ELF, card_key="p1/elves"), fig("e3", "p1", (0, 6), ELF, card_key="p1/elves"),
                  fig("x", "p2", (7, 7), card(name="Enemy")))
    move(eng, "em", [(2, 2)])  # now next to e1: +1
    roll(eng, d20=[d20])
    eng.execute("p1", "end-moves")
    return eng


def test_elven_summoning_spell_library_emirroon_12_or_more_brings_up_to_2_elves_next_to_him() -> None:
    # rule: HS-TURN-06, HS-SPECIAL-08
    assert not_enforced_reason(_power("Emirroon", "Elven Summoning Spell")) is None
    eng = _emirroon(11)  # 11 + 1 adjacent Elf = 12
    pend = eng.state.pending[0]
    assert (pend.player, pend.options) == ("p1", ["e2", "e3", "done"])  # not e1: next to him already
    eng.execute("p1", "choose e2")
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(2, 3)))
    assert F(eng, "e2").hexes == (Hex(2, 3),)
    assert eng.state.pending[0].options == ["e3", "done"]  # one more at most
    eng.execute("p1", "choose done")
    assert not eng.state.pending and F(eng, "e3").hexes == (Hex(0, 6),)


def test_elven_summoning_spell_library_emirroon_below_5_brings_nobody() -> None:
    eng = _emirroon(3)  # 3 + 1 = 4: nothing
    assert not eng.state.pending


# ---- a roll at a figure engaged with 3+ of the squad, for one of its Order Markers (Entangling Web) -------------


def test_entangling_web_library_fyorlag_spiders_16_takes_a_marker_off_a_figure_three_of_them_engage() -> None:
    # rule: HS-TURN-06, HS-ORDER-03
    assert not_enforced_reason(_power("Fyorlag Spiders", "Entangling Web")) is None
    spiders = LIB.get("Fyorlag Spiders")
    eng = sandbox(fig("s1", "p1", (1, 2), spiders, card_key="p1/spiders"), fig("s2", "p1", (2, 1), spiders, card_key="p1/spiders"),
                  fig("s3", "p1", (4, 4), spiders, card_key="p1/spiders"), fig("v", "p2", (2, 2), VICTIM))
    eng.state.orders["p2"] = {m: F(eng, "v").card_key for m in ("1", "2", "3", "X")}
    move(eng, "s3", [(3, 4), (3, 3), (3, 2)])  # the third Spider engages it
    dice(eng).add(d20=[16], pick=[3])
    eng.execute("p1", "end-moves")
    assert eng.state.pending[0].options == ["v", "skip"]
    eng.execute("p1", "choose v")
    assert sorted(eng.state.orders["p2"]) == ["1", "2", "3"]  # X, the fourth, is gone


def test_entangling_web_library_fyorlag_spiders_not_with_two_spiders_engaged() -> None:
    spiders = LIB.get("Fyorlag Spiders")
    eng = sandbox(fig("s1", "p1", (1, 2), spiders, card_key="p1/spiders"), fig("s2", "p1", (2, 1), spiders, card_key="p1/spiders"),
                  fig("s3", "p1", (5, 5), spiders, card_key="p1/spiders"), fig("v", "p2", (2, 2), VICTIM))
    move(eng, "s3", [(5, 6)])
    eng.execute("p1", "end-moves")
    assert not eng.state.pending


# ---- ignore the wounds and bring a destroyed squad figure back next to it (Cell Divide) -------------------------


def _dividers(d20: int):  # type: ignore[no-untyped-def]
    dividers = LIB.get("Marro Dividers")
    eng = sandbox(fig("d1", "p1", (2, 2), dividers, card_key="p1/div"), fig("d2", "p1", (5, 5), dividers, card_key="p1/div"),
                  fig("s", "p2", (2, 6), card(name="Archer", range=7, attack=3)))
    eng.destroy(F(eng, "d2"), "a test")
    roll(eng, [SKULL, SKULL, BLANK] + [BLANK] * dividers.defense, d20=[d20])
    eng.execute("p2", "attack s d1")
    return eng


def test_cell_divide_library_marro_dividers_17_ignores_the_wounds_and_a_destroyed_divider_returns() -> None:
    # rule: HS-SPECIAL-08, HS-ATTACK-09
    assert not_enforced_reason(_power("Marro Dividers", "Cell Divide")) is None
    eng = _dividers(17)
    assert F(eng, "d1").on_battlefield and F(eng, "d1").wounds == 0
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_return_adjacent")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(5, 2)))  # not next to d1
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(3, 2)))
    assert F(eng, "d2").on_battlefield and F(eng, "d2").hexes == (Hex(3, 2),)


def test_cell_divide_library_marro_dividers_below_17_is_destroyed_and_nobody_returns() -> None:
    eng = _dividers(16)
    assert not F(eng, "d1").on_battlefield and not F(eng, "d2").on_battlefield and not eng.state.pending


# ---- a roll at each adjacent figure of a word, by the kind of its card (Circuitry Overload) --------------------

BORG_SQUAD = card(name="Borg Troop", species="soulborg", kind="squad", rarity="common", figures=2, life=1, defense=0)
BORG_HERO = card(name="Borg Chief", species="soulborg", life=5, defense=0)


def test_circuitry_overload_library_omnicron_repulsors_destroy_a_squad_soulborg_on_13_wound_a_hero_on_16() -> None:
    # rule: HS-TURN-06
    assert not_enforced_reason(_power("Omnicron Repulsors", "Circuitry Overload")) is None
    rep = LIB.get("Omnicron Repulsors")
    eng = sandbox(fig("r", "p1", (1, 2), rep, card_key="p1/rep"), fig("sq", "p2", (3, 2), BORG_SQUAD, card_key="p2/sq"),
                  fig("h", "p2", (2, 3), BORG_HERO), fig("man", "p2", (2, 1), card(name="Human")))
    move(eng, "r", [(2, 2)])
    roll(eng, d20=[16, 13])  # in id order: h (hero, 16: 1 wound), sq (squad, 13: destroyed); the Human is no Soulborg
    eng.execute("p1", "end-moves")
    assert F(eng, "h").wounds == 1 and not F(eng, "sq").on_battlefield and F(eng, "man").wounds == 0


def test_circuitry_overload_library_omnicron_repulsors_a_hero_needs_16() -> None:
    rep = LIB.get("Omnicron Repulsors")
    eng = sandbox(fig("r", "p1", (1, 2), rep, card_key="p1/rep"), fig("h", "p2", (2, 3), BORG_HERO))
    move(eng, "r", [(2, 2)])
    roll(eng, d20=[15])
    eng.execute("p1", "end-moves")
    assert F(eng, "h").wounds == 0


# ---- a draining table after moving (Stinger Drain) --------------------------------------------------------------


def _stingers(d20: int):  # type: ignore[no-untyped-def]
    stingers = LIB.get("Marro Stingers")
    eng = sandbox(fig("s1", "p1", (1, 2), stingers, card_key="p1/st"), fig("s2", "p1", (0, 4), stingers, card_key="p1/st"),
                  fig("s3", "p1", (0, 5), stingers, card_key="p1/st"), fig("t", "p2", (3, 2), TARGET))
    move(eng, "s1", [(2, 2)])
    eng.execute("p1", "end-moves")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("d20_after_moving_asked", ["roll", "skip"])  # once for the card
    roll(eng, d20=[d20])
    eng.execute("p1", "choose roll")
    return eng


def test_stinger_drain_library_marro_stingers_10_or_more_gives_the_card_1_more_attack() -> None:
    # rule: HS-TURN-06
    assert not_enforced_reason(_power("Marro Stingers", "Stinger Drain")) is None
    eng = _stingers(10)
    assert not eng.state.pending
    roll(eng, [BLANK] * (LIB.get("Marro Stingers").attack + 1))
    events = eng.execute("p1", "attack s1 t")
    assert len(next(e for e in events if e.kind == "attack").data["attack_dice"]) == LIB.get("Marro Stingers").attack + 1


def test_stinger_drain_library_marro_stingers_1_to_4_one_is_destroyed_and_none_attacks() -> None:
    eng = _stingers(4)
    pend = eng.state.pending[0]
    assert pend.options == ["s1", "s2", "s3"]
    eng.execute("p1", "choose s3")
    assert not F(eng, "s3").on_battlefield and F(eng, "s1").on_battlefield
    refused(eng, "p1", "attack s1 t")


# ---- a turn instead with one card of several alternatives (Kato Katsuro's Command) ------------------------------


def _kato():  # type: ignore[no-untyped-def]
    cards = [LIB.get(n) for n in ("Kato Katsuro", "Ashigaru Harquebus", "Ashigaru Yari", "Izumi Samurai")]
    m = full_match({"p1": cards, "p2": [DUMMY]})
    keys = {c.card.name: c.key for c in m.state.cards.values()}
    # Kato sees the first figure of each card (side by side in a row 4 spaces off); the rest stand behind
    spots = [(m.state.figures_of(keys["Kato Katsuro"])[0], Hex(4, 2))]
    for i, name in enumerate(("Ashigaru Harquebus", "Ashigaru Yari", "Izumi Samurai")):
        first, *rest = m.state.figures_of(keys[name])
        spots += [(first, Hex(1 + 3 * i, 6))] + [(f, Hex(3 * i + j, 9)) for j, f in enumerate(rest)]
    for f, h in spots:
        f.hexes, f.level = (h,), m.state.battlefield.top_cell(h).top  # type: ignore[union-attr]
    begin_round(m, [20, 1], p1=markers("Kato Katsuro"), p2=markers("Dummy"))
    return m, keys


def test_kato_katsuros_command_library_the_two_ashigaru_squads_together_but_not_with_samurai() -> None:
    # rule: HS-TURN-05
    assert not_enforced_reason(_power("Kato Katsuro", "Kato Katsuro's Command")) is None
    m, keys = _kato()
    pend = m.state.pending[0]
    assert pend.kind == "take_turn_instead"
    assert set(pend.options) == {keys["Ashigaru Harquebus"], keys["Ashigaru Yari"], keys["Izumi Samurai"], "skip"}
    m.apply("p1", f"choose {keys['Ashigaru Harquebus']}")
    assert m.state.pending[0].options == [keys["Ashigaru Yari"], "done"]  # the Samurai are another alternative
    m.apply("p1", f"choose {keys['Ashigaru Yari']}")
    turn = m.state.turn
    assert turn is not None and turn.card_key == keys["Ashigaru Harquebus"] and turn.card_turns == [keys["Ashigaru Yari"]]


def test_kato_katsuros_command_library_a_samurai_squad_alone() -> None:
    m, keys = _kato()
    m.apply("p1", f"choose {keys['Izumi Samurai']}")  # one Samurai Squad: nothing more to add
    turn = m.state.turn
    assert not m.state.pending and turn is not None and turn.card_key == keys["Izumi Samurai"] and not turn.card_turns


# ---- attacks of a few dice each from a pool a turn (dice_pool_attack: Saber Storm, Queglix Gun) ----------------


def test_saber_storm_library_moriko_spends_6_dice_in_attacks_of_1_to_3() -> None:
    # rule: HS-SPECIAL-01, HS-SPECIAL-02
    assert not_enforced_reason(_power("Moriko", "Saber Storm Special Attack")) is None
    eng = sandbox(fig("m", "p1", (2, 2), LIB.get("Moriko")), fig("t", "p2", (3, 2), TARGET), fig("u", "p2", (2, 3), TARGET))
    eng.execute("p1", "special m Saber t")
    assert eng.state.pending[0].options == ["3", "2", "1"]
    roll(eng, [SKULL] * 3)
    eng.execute("p1", "choose 3")
    eng.execute("p1", "special m Saber u")  # 3 dice left: again, at another adjacent figure
    roll(eng, [SKULL, SKULL])
    eng.execute("p1", "choose 2")
    eng.execute("p1", "special m Saber t")
    assert eng.state.pending[0].options == ["1"]  # 1 die left
    roll(eng, [SKULL])
    eng.execute("p1", "choose 1")
    assert (F(eng, "t").wounds, F(eng, "u").wounds) == (4, 2)
    refused(eng, "p1", "special m Saber t")  # the pool is spent


def test_queglix_gun_library_major_q9_reads_the_same_block_and_range_6() -> None:
    assert not_enforced_reason(_power("Major Q9", "Queglix Gun Special Attack")) is None
    eng = sandbox(fig("q", "p1", (0, 2), LIB.get("Major Q9")), fig("t", "p2", (6, 2), TARGET), fig("far", "p2", (7, 7), TARGET))
    refused(eng, "p1", "special q Queglix far")  # beyond Range 6
    eng.execute("p1", "special q Queglix t")
    assert eng.state.pending[0].options == ["3", "2", "1"]


# ---- an aura's extra: a higher Stealth Leap for Monk Squads (Master's Influence) --------------------------------


def _monks(master_at):  # type: ignore[no-untyped-def]
    tower = build(hexes=[{"at": [4, 2], "level": 21, "terrain": "rock"}])
    figs = [fig("m1", "p1", (2, 2), LIB.get("Shaolin Monks"), card_key="p1/monks"), fig("e", "p2", (7, 7), card(name="Enemy"))]
    if master_at is not None:
        figs.append(fig("w", "p1", master_at, LIB.get("Master Win Chiu Woo")))
    return sandbox(*figs, battlefield=tower)


def test_masters_influence_library_monk_squads_near_master_win_leap_13_levels_higher() -> None:
    # rule: HS-SPECIAL-08
    assert not_enforced_reason(_power("Master Win Chiu Woo", "Master's Influence")) is None
    eng = _monks((2, 3))
    eng.execute("p1", "move m1 " + eng.state.battlefield.label(Hex(4, 2)) + " leap")  # 20 levels up: 12 + 13
    assert F(eng, "m1").hexes == (Hex(4, 2),)


def test_masters_influence_library_without_master_win_in_reach_the_leap_stays_12_levels() -> None:
    for where in (None, (6, 6)):  # no Master, or one too far
        eng = _monks(where)
        refused(eng, "p1", "move m1 " + eng.state.battlefield.label(Hex(4, 2)) + " leap")
