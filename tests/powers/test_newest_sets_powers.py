"""Powers of the newest sets enforced by widening the building blocks, with the shipped library cards
(``data/cards/``): the d20 getaways (Spidey-Sense, Spider Sense, Vanish, Disappearing Ninja),
Treasure Glyph trap rolls (Disarm Traps, Mine!), Counter Strike given to adjacent friends (Evil Eye
Protection), rolls as an enemy steps next to the holder (Engagement Strike, Ice Spikes), extra
targets near the target (Lightning Breath, Thunder Ram Assault), Thunder Step, Tactical
Disengagement, Reach, Exoskeleton, Crag of Steel, Dying Swipe, Expendable Rabble, and the on_wound
of special attacks (Venom Ray, Poison Sting, Psionic Blast, Cosmic Force Blast). Each works, and does
nothing when its condition fails; more in ``test_newest_sets_powers_more.py``.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

import pytest

from bot.game import narrate_treasure
from bot.game.card_text import not_enforced_reason
from bot.rules import modifiers
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.powers.turn_markers import markers_left
from bot.rules.treasure import carry
from tests.powers.conftest import LIB, F, kinds
from tests.powers.newest_helpers import TARGET, VICTIM
from tests.powers.newest_helpers import library_power as _power
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
