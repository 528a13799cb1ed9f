"""The d20 building blocks (``d20_trigger``, ``d20_table``) with real cards of the shared card file:
each moment and effect at work on a high roll, and idle on a low one or when its condition fails.
The d20 comes from the scripted dice source.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, SHIELD, SKULL, build, card, dice, fig, refused, roll, sandbox
from tests.rules.helpers_geo import attack

SOLDIER = card(name="Soldier")  # Range 1, Attack 3, Defense 3
ARCHER = card(name="Archer", range=7, life=9)
TARGET = card(name="Target", life=20, defense=0)
BLASTER = card(name="Blaster", range=1, powers=[{"name": "Blast", "text": "t", "kind": None,
                                                 "values": {"range": 7, "attack": 3}}])


def d20_power(name: str, card_name: str):  # type: ignore[no-untyped-def]
    return next(p for p in shared(card_name).powers if p.name == name)


# ---- against wounds --------------------------------------------------------------------------------


def test_concealment_glinerva_ignores_the_wounds_of_a_distant_attack_with_spaces_added() -> None:
    glinerva = shared("Glinerva the Kyrie Warrior")
    assert enforcement(d20_power("Concealment 17", "Glinerva the Kyrie Warrior")) is None
    eng = sandbox(fig("g", "p1", (2, 1), glinerva), fig("a", "p2", (2, 6), ARCHER))
    roll(eng, [SKULL, SKULL, BLANK] + [BLANK] * glinerva.defense, d20=[12])  # 12 + 5 spaces = 17
    events = attack(eng, "a", "g")
    assert powers(events)[0]["success"] and powers(events)[0]["total"] == 17
    assert F(eng, "g").wounds == 0 and dice(eng).left == 0


def test_concealment_fails_on_a_low_roll_and_against_an_adjacent_attacker() -> None:
    glinerva = shared("Glinerva the Kyrie Warrior")
    eng = sandbox(fig("g", "p1", (2, 1), glinerva), fig("a", "p2", (2, 6), ARCHER), fig("s", "p2", (3, 1), SOLDIER))
    roll(eng, [SKULL, SKULL, BLANK] + [BLANK] * glinerva.defense, d20=[11])
    attack(eng, "a", "g")
    assert F(eng, "g").wounds == 2
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK] * glinerva.defense)
    events = attack(eng, "s", "g")
    assert not powers(events) and F(eng, "g").wounds == 3


def test_stealth_armor_microcorp_rolls_against_a_special_attack_too() -> None:
    agents = shared("Microcorp Agents")
    eng = sandbox(fig("m", "p1", (2, 2), agents), fig("b", "p2", (2, 6), BLASTER))
    roll(eng, [SKULL, SKULL, SKULL] + [BLANK] * agents.defense, d20=[15])
    eng.execute("p2", "special b Blast m")
    assert not F(eng, "m").destroyed and F(eng, "m").wounds == 0


def test_stealth_armor_below_15_the_wound_stands() -> None:
    agents = shared("Microcorp Agents")
    eng = sandbox(fig("m", "p1", (2, 2), agents), fig("b", "p2", (2, 6), BLASTER))
    roll(eng, [SKULL, SKULL, SKULL] + [BLANK] * agents.defense, d20=[14])
    eng.execute("p2", "special b Blast m")
    assert F(eng, "m").destroyed


def test_hide_in_darkness_adds_6_on_a_shadow_space() -> None:
    dark = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "shadow"}])
    drow = shared("Drow Chainfighter")
    eng = sandbox(fig("d", "p1", (2, 2), drow), fig("s", "p2", (3, 2), card(name="Brute", life=9, attack=6)),
                  battlefield=dark)
    roll(eng, [SKULL] * 6 + [BLANK] * (drow.defense + 1), d20=[10])  # 10 + 6 = 16 (shadow adds a defense die)
    attack(eng, "s", "d")
    assert F(eng, "d").wounds == 0


# ---- the holder's attacks ----------------------------------------------------------------------------


def test_battle_frenzy_thyraxis_attacks_again_on_16() -> None:
    # rule: HS-TIMING-04
    thyraxis = shared("Thyraxis Dragoon")
    assert enforcement(d20_power("Battle Frenzy 16", "Thyraxis Dragoon")) is None
    eng = sandbox(fig("t", "p1", (2, 2), thyraxis), fig("e", "p2", (3, 2), TARGET))
    roll(eng, [BLANK] * thyraxis.attack, d20=[16])
    events = attack(eng, "t", "e")
    assert powers(events)[-1]["result"] == "t may attack again"
    roll(eng, [SKULL] + [BLANK] * (thyraxis.attack - 1), d20=[3])
    attack(eng, "t", "e")
    assert F(eng, "e").wounds == 1


def test_battle_frenzy_below_16_no_second_attack() -> None:
    thyraxis = shared("Thyraxis Dragoon")
    eng = sandbox(fig("t", "p1", (2, 2), thyraxis), fig("e", "p2", (3, 2), TARGET))
    roll(eng, [BLANK] * thyraxis.attack, d20=[15])
    attack(eng, "t", "e")
    assert "t" in (eng.state.turn.attacked if eng.state.turn else [])


def test_heart_finder_spear_caps_the_defense_at_1_die_on_12() -> None:
    qhyrion = shared("Queen Qhyrion")
    eng = sandbox(fig("q", "p1", (2, 2), qhyrion), fig("e", "p2", (3, 2), SOLDIER))
    roll(eng, [BLANK] * qhyrion.attack + [BLANK], d20=[12])
    events = attack(eng, "q", "e")
    assert [len(e.data["defense_dice"]) for e in events if e.kind == "attack"] == [1]


def test_heart_finder_spear_below_12_the_defense_is_whole() -> None:
    qhyrion = shared("Queen Qhyrion")
    eng = sandbox(fig("q", "p1", (2, 2), qhyrion), fig("e", "p2", (3, 2), SOLDIER))
    roll(eng, [BLANK] * qhyrion.attack + [BLANK] * 3, d20=[11])
    events = attack(eng, "q", "e")
    assert [len(e.data["defense_dice"]) for e in events if e.kind == "attack"] == [3]


def test_toxic_skin_rolls_for_each_adjacent_figure_but_soulborg() -> None:
    kee = shared("Kee-Mo-Shi")
    borg = card(name="Borg", species="Soulborg", life=9)
    eng = sandbox(fig("k", "p1", (2, 2), kee), fig("e", "p2", (3, 2), TARGET), fig("b", "p2", (2, 3), borg),
                  fig("f", "p1", (1, 2), TARGET))
    roll(eng, [BLANK] * kee.attack, d20=[17, 16])  # e then f, in id order; the Soulborg is spared
    attack(eng, "k", "e")
    eng.execute("p1", "choose skip")  # her Mind Shackle 19 is offered first
    assert (F(eng, "e").wounds, F(eng, "f").wounds, F(eng, "b").wounds) == (1, 0, 0)


def test_coil_crush_destroys_after_2_wounds_only() -> None:
    wosaga = shared("Wo-Sa-Ga")
    eng = sandbox(fig("w", "p1", (2, 2), wosaga), fig("e", "p2", (3, 2), TARGET), fig("g", "p2", (2, 3), TARGET))
    roll(eng, [SKULL, SKULL] + [BLANK] * (wosaga.attack - 2), d20=[15])
    attack(eng, "w", "e")
    assert F(eng, "e").destroyed
    eng2 = sandbox(fig("w", "p1", (2, 2), wosaga), fig("g", "p2", (2, 3), TARGET))
    roll(eng2, [SKULL] + [BLANK] * (wosaga.attack - 1))
    events = attack(eng2, "w", "g")
    assert not powers(events) and F(eng2, "g").wounds == 1


# ---- after moving ------------------------------------------------------------------------------------


def test_marro_plague_wounds_each_adjacent_figure_on_16_after_moving() -> None:
    hounds = shared("Marrden Hounds")
    eng = sandbox(fig("h1", "p1", (2, 2), hounds, card_key="p1/h"), fig("h2", "p1", (5, 5), hounds, card_key="p1/h"),
                  fig("e", "p2", (3, 2), TARGET), fig("f", "p2", (5, 6), TARGET))
    roll(eng, [BLANK] * hounds.attack, d20=[16, 15])  # e, then f
    attack(eng, "h1", "e")
    assert (F(eng, "e").wounds, F(eng, "f").wounds) == (1, 0)


def test_javelin_is_enforced_from_the_shared_file_values() -> None:
    # Enforced since the roll is made as the moving ends (end-moves): see test_newest_sets_powers.py.
    assert enforcement(d20_power("Javelin", "Master of the Hunt")) is None


def test_net_trip_caps_small_and_medium_defenders_this_turn() -> None:
    ret = shared("Retiarius")
    assert enforcement(d20_power("Net Trip 14", "Retiarius")) is None
    eng = sandbox(fig("r", "p1", (2, 2), ret), fig("e", "p2", (3, 2), SOLDIER))
    roll(eng, [BLANK] * ret.attack + [SHIELD], d20=[14])
    events = attack(eng, "r", "e")
    assert [len(e.data["defense_dice"]) for e in events if e.kind == "attack"] == [1]


# ---- protecting another figure -----------------------------------------------------------------------


def test_amulet_of_paivatar_leaves_one_wound_on_8_to_16_for_a_friendly_ullar_kyrie() -> None:
    xiamara = shared("Xiamara the Kyrie Warrior")
    kyrie = card(name="Kyrie", species="Kyrie", general="Ullar", defense=0, life=9)
    eng = sandbox(fig("x", "p1", (0, 0), xiamara), fig("k", "p1", (2, 2), kyrie), fig("e", "p2", (3, 2), SOLDIER))
    roll(eng, [SKULL, SKULL, SKULL], d20=[10])
    events = attack(eng, "e", "k")
    assert powers(events)[0]["protects"] == "k" and F(eng, "k").wounds == 1


def test_amulet_of_paivatar_not_for_xiamara_herself_nor_a_figure_of_another_general() -> None:
    xiamara = shared("Xiamara the Kyrie Warrior")
    other = card(name="Kyrie", species="Kyrie", general="Utgar", defense=0, life=9)
    eng = sandbox(fig("x", "p1", (0, 0), xiamara), fig("k", "p1", (2, 2), other), fig("e", "p2", (3, 2), SOLDIER))
    roll(eng, [SKULL, SKULL, SKULL])
    events = attack(eng, "e", "k")
    assert not powers(events) and F(eng, "k").wounds == 3


# ---- a figure next to the holder destroyed -------------------------------------------------------------


def test_feed_the_forge_adds_8_against_a_soulborg_and_removes_a_wound() -> None:
    forge = shared("Hellforge Mandukor")
    assert enforcement(d20_power("Feed the Forge 15", "Hellforge Mandukor")) is None
    borg = card(name="Borg", species="Soulborg", life=1, defense=0)
    eng = sandbox(fig("h", "p1", (2, 2), forge, wounds=2), fig("b", "p2", (3, 2), borg), fig("s", "p1", (4, 2), SOLDIER))
    roll(eng, [SKULL, BLANK, BLANK], d20=[7])  # 7 + 8 = 15
    attack(eng, "s", "b")
    assert F(eng, "b").destroyed and F(eng, "h").wounds == 1


def test_feed_the_forge_fails_below_15_and_ignores_a_figure_destroyed_far_away() -> None:
    forge = shared("Hellforge Mandukor")
    eng = sandbox(fig("h", "p1", (2, 2), forge, wounds=2), fig("b", "p2", (3, 2), card(name="Grunt", life=1, defense=0)),
                  fig("far", "p2", (6, 6), card(name="Grunt", life=1, defense=0)), fig("s", "p1", (4, 2), SOLDIER),
                  fig("t", "p1", (6, 5), SOLDIER))
    roll(eng, [SKULL, BLANK, BLANK], d20=[14])
    attack(eng, "s", "b")
    roll(eng, [SKULL, BLANK, BLANK])
    attack(eng, "t", "far")
    assert F(eng, "far").destroyed and F(eng, "h").wounds == 2


# ---- targeted by a Squad figure -------------------------------------------------------------------------


def test_master_of_disguise_fia_bonny_on_13_the_squads_attack_does_nothing_and_no_other_may_target_her() -> None:
    fia = shared("Fia Bonny the Void Siren")
    assert enforcement(d20_power("Master of Disguise 13", "Fia Bonny the Void Siren")) is None
    grunts = card(name="Grunts", kind="squad", rarity="common", life=1, attack=3)
    eng = sandbox(fig("f", "p1", (2, 2), fia), fig("g", "p2", (3, 2), grunts, card_key="p2/g"),
                  fig("g2", "p2", (2, 3), grunts, card_key="p2/g"))
    roll(eng, [SKULL] * 3 + [BLANK] * fia.defense, d20=[13])
    attack(eng, "g", "f")
    assert F(eng, "f").wounds == 0
    refused(eng, "p2", "attack g2 f")


def test_master_of_disguise_not_against_a_hero_and_fails_below_13() -> None:
    fia = shared("Fia Bonny the Void Siren")
    grunts = card(name="Grunts", kind="squad", rarity="common", life=1, attack=3)
    eng = sandbox(fig("f", "p1", (2, 2), fia), fig("s", "p2", (3, 2), SOLDIER), fig("g", "p2", (2, 3), grunts))
    roll(eng, [SKULL] * 3 + [BLANK] * fia.defense)
    events = attack(eng, "s", "f")
    assert not powers(events) and F(eng, "f").wounds == 3
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK] * fia.defense, d20=[12])
    attack(eng, "g", "f")
    assert F(eng, "f").wounds == 4


# ---- a roll at a picked figure (block_d20_pick) ----------------------------------------------------------


def test_sharpshooter_deadeye_dan_destroys_a_distant_figure_on_19_instead_of_attacking() -> None:
    # rule: HS-TURN-06
    dan = shared("Deadeye Dan")
    assert enforcement(d20_power("Sharpshooter", "Deadeye Dan")) is None
    eng = sandbox(fig("d", "p1", (0, 0), dan), fig("t", "p2", (0, 6), TARGET), fig("n", "p2", (1, 0), TARGET))
    attack(eng, "d", "n")  # declaring an attack opens the "after moving" window
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("d20_pick", ["t", "skip"])  # not the adjacent figure
    roll(eng, d20=[19])
    events = eng.execute("p1", "choose t")
    assert F(eng, "t").destroyed and "attack_cancelled" in [e.kind for e in events]
    refused(eng, "p1", "attack d n")  # instead of attacking


def test_sharpshooter_not_offered_after_moving_and_fails_below_19() -> None:
    dan = shared("Deadeye Dan")
    eng = sandbox(fig("d", "p1", (0, 0), dan), fig("t", "p2", (0, 6), TARGET), fig("n", "p2", (2, 0), TARGET))
    eng.execute("p1", "move d 1,0")
    roll(eng, [BLANK] * dan.attack)
    attack(eng, "d", "n")
    assert not eng.state.pending
    eng2 = sandbox(fig("d", "p1", (0, 0), dan), fig("t", "p2", (0, 6), TARGET), fig("n", "p2", (1, 0), TARGET))
    attack(eng2, "d", "n")
    roll(eng2, d20=[18])
    eng2.execute("p1", "choose t")
    assert not F(eng2, "t").destroyed


def test_whip_james_murphy_leaves_the_picked_figure_no_defense_against_him() -> None:
    murphy = shared("James Murphy")
    eng = sandbox(fig("j", "p1", (2, 2), murphy), fig("s", "p2", (3, 2), SOLDIER))
    attack(eng, "j", "s")
    roll(eng, [BLANK] * murphy.attack, d20=[12])
    events = eng.execute("p1", "choose s")
    assert [len(e.data["defense_dice"]) for e in events if e.kind == "attack"] == [0]


def test_chilling_touch_table_at_a_picked_adjacent_figure_never_a_soulborg() -> None:
    cyprien = shared("Cyprien Esenwein")
    assert enforcement(d20_power("Chilling Touch", "Cyprien Esenwein")) is None
    borg = card(name="Borg", species="Soulborg", life=9)
    eng = sandbox(fig("c", "p1", (2, 2), cyprien), fig("t", "p2", (3, 2), TARGET), fig("b", "p2", (2, 3), borg))
    attack(eng, "c", "t")
    assert eng.state.pending[0].options == ["t", "skip"]
    roll(eng, [BLANK] * (cyprien.attack + 1), d20=[16])  # 16-17: 2 wounds
    eng.execute("p1", "choose t")
    assert F(eng, "t").wounds == 2


def test_acid_breath_table_below_11_does_nothing() -> None:
    wyrm = shared("Black Wyrmling")
    eng = sandbox(fig("w", "p1", (0, 0), wyrm), fig("t", "p2", (0, 3), TARGET), fig("n", "p2", (1, 0), TARGET))
    attack(eng, "w", "n")
    roll(eng, d20=[10])
    eng.execute("p1", "choose t")
    assert F(eng, "t").wounds == 0


# ---- asked after moving -------------------------------------------------------------------------------------


def test_ice_troll_charge_on_13_moves_again_and_skip_rolls_nothing() -> None:
    # rule: HS-TURN-06
    troll = shared("Ice Troll Berserker")
    eng = sandbox(fig("i", "p1", (0, 0), troll), fig("t", "p2", (0, 6), TARGET), fig("n", "p2", (1, 1), TARGET))
    eng.execute("p1", "move i 0,1")
    attack(eng, "i", "n")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("d20_after_moving_asked", ["roll", "skip"])
    roll(eng, d20=[13])
    events = eng.execute("p1", "choose roll")
    assert "attack_cancelled" in [e.kind for e in events]
    eng.execute("p1", "move i 0,2")  # the second move
    other = sandbox(fig("i", "p1", (0, 0), troll), fig("n", "p2", (1, 0), TARGET))
    attack(other, "i", "n")
    roll(other, [BLANK] * troll.attack)
    events = other.execute("p1", "choose skip")
    assert not powers(events) and "attack" in [e.kind for e in events]


def test_helm_of_mitonsoul_on_20_destroys_every_figure_within_3_but_runa() -> None:
    runa = shared("Runa")
    eng = sandbox(fig("r", "p1", (2, 2), runa), fig("a", "p2", (2, 4), TARGET), fig("pal", "p1", (3, 2), TARGET),
                  fig("far", "p2", (7, 7), TARGET))
    attack(eng, "r", "pal")
    roll(eng, d20=[20])
    eng.execute("p1", "choose roll")
    assert F(eng, "a").destroyed and F(eng, "pal").destroyed and not F(eng, "far").destroyed
    assert not F(eng, "r").destroyed


def test_commanders_strike_mogrimm_wounds_an_enemy_engaged_with_another_of_his_figures_on_15() -> None:
    # rule: HS-TURN-06
    mogrimm = shared("Mogrimm Forgehammer")
    assert enforcement(d20_power("Commander's Strike", "Mogrimm Forgehammer")) is None
    eng = sandbox(fig("m", "p1", (0, 0), mogrimm), fig("n", "p2", (1, 0), TARGET), fig("t", "p2", (0, 4), TARGET),
                  fig("s", "p1", (0, 5), SOLDIER), fig("u", "p2", (4, 0), TARGET))
    attack(eng, "m", "n")  # declaring an attack opens the "after moving" window
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "d20_pick", ["t", "skip"])  # not u: nobody engages it
    roll(eng, [BLANK] * (mogrimm.attack + 3), d20=[15])
    eng.execute("p1", "choose t")
    assert F(eng, "t").wounds == 1


def test_commanders_strike_fails_on_14() -> None:
    mogrimm = shared("Mogrimm Forgehammer")
    eng = sandbox(fig("m", "p1", (0, 0), mogrimm), fig("n", "p2", (1, 0), TARGET), fig("t", "p2", (0, 4), TARGET),
                  fig("s", "p1", (0, 5), SOLDIER))
    attack(eng, "m", "n")
    roll(eng, [BLANK] * (mogrimm.attack + 3), d20=[14])
    eng.execute("p1", "choose t")
    assert F(eng, "t").wounds == 0


def test_poisonous_acid_breath_braxas_rolls_for_up_to_3_figures_one_after_another() -> None:
    # rule: HS-TURN-06
    braxas = shared("Braxas")
    assert enforcement(d20_power("Poisonous Acid Breath", "Braxas")) is None
    minion = card(name="Minion", kind="squad", rarity="common", defense=0)
    eng = sandbox(fig("b", "p1", [(0, 0), (1, 0)], braxas), fig("n", "p2", (2, 0), TARGET),
                  fig("m", "p2", (0, 3), minion, card_key="p2/minion"), fig("t", "p2", (2, 3), TARGET),
                  fig("h", "p2", (3, 1), TARGET), fig("far", "p2", (7, 7), TARGET))
    attack(eng, "b", "n")  # declaring an attack opens the "after moving" window
    assert eng.state.pending[0].options == ["h", "m", "n", "t", "skip"]
    roll(eng, d20=[8, 17, 16])
    eng.execute("p1", "choose m")  # a Squad figure: 8 is enough
    assert F(eng, "m").destroyed and eng.state.pending[0].options == ["h", "n", "t", "skip"]
    eng.execute("p1", "choose t")  # a Hero: 17
    assert F(eng, "t").destroyed
    eng.execute("p1", "choose h")  # 16: it survives; three figures: no more
    assert not F(eng, "h").destroyed and not eng.state.pending
    refused(eng, "p1", "attack b n")  # instead of attacking
