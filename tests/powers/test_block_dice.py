"""The dice building blocks (``bot.rules.powers.block_dice``) with real cards of the shared card file:
each block at work, and idle when its condition fails.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules import combat, modifiers
from bot.rules.engine import Engine
from bot.rules.modifiers import AttackContext
from bot.rules.powers import enforcement
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, SHIELD, SKULL, build, card, fig, roll, sandbox
from tests.rules.helpers_geo import attack, kinds

SOLDIER = card(name="Soldier")  # Range 1, Attack 3, Defense 3
ARCHER = card(name="Archer", range=7, life=9)
TARGET = card(name="Target", life=20, defense=0)
HUGE = card(name="Colossus", size="huge", height=14, life=20, defense=0)


def att(eng: Engine, a: str, t: str) -> tuple[int, list[tuple[str, int]]]:
    return combat.attack_dice(eng.state, F(eng, a), F(eng, t))


def dfn(eng: Engine, a: str, t: str, special: str | None = None) -> tuple[int, list[tuple[str, int]]]:
    return combat.defense_dice(eng.state, F(eng, a), F(eng, t), special=special)


def count(eng: Engine, a: str, t: str, skulls: int, shields: int, special: str | None = None) -> modifiers.Tally:
    return modifiers.resolve_wounds(eng.state, AttackContext(F(eng, a), F(eng, t), special), skulls, shields)


# ---- attack_bonus ---------------------------------------------------------------------------------


def test_attack_bonus_agent_carr_adds_4_dice_against_an_adjacent_target() -> None:
    # rule: HS-ATTACK-09
    carr = shared("Agent Carr")
    assert enforcement(carr.power("attack_bonus")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("carr", "p1", (2, 2), carr), fig("t", "p2", (3, 2), TARGET))
    n, reasons = att(eng, "carr", "t")
    assert n == carr.attack + 4 and ("Sword of Reckoning 4", 4) in reasons


def test_attack_bonus_agent_carr_adds_nothing_at_range_or_to_a_special_attack() -> None:
    # rule: HS-SPECIAL-02
    carr = shared("Agent Carr")
    eng = sandbox(fig("carr", "p1", (2, 2), carr), fig("t", "p2", (2, 5), TARGET))
    assert att(eng, "carr", "t")[0] == carr.attack
    assert combat.attack_dice(eng.state, F(eng, "carr"), F(eng, "t"), special=("Blast", 2))[0] == 2


def test_attack_bonus_giant_killer_only_against_a_huge_figure() -> None:
    denrick = shared("Sir Denrick")
    eng = sandbox(fig("d", "p1", (2, 2), denrick), fig("huge", "p2", (3, 2), HUGE), fig("s", "p2", (2, 3), TARGET))
    assert ("Giant Killer", 2) in att(eng, "d", "huge")[1]
    assert all(r[0] != "Giant Killer" for r in att(eng, "d", "s")[1])


def test_attack_bonus_per_wound_on_the_defender_is_capped_by_max() -> None:
    troll = shared("Feral Troll")  # Blood Frenzy: 1 per wound on defender, max 3
    eng = sandbox(fig("troll", "p1", (2, 2), troll), fig("t", "p2", (3, 2), TARGET, wounds=5),
                  fig("fresh", "p2", (2, 3), TARGET))
    assert ("Blood Frenzy", 3) in att(eng, "troll", "t")[1]
    assert all(r[0] != "Blood Frenzy" for r in att(eng, "troll", "fresh")[1])


def test_attack_bonus_with_height_advantage_microcorp_sighting() -> None:
    hill = build(hexes=[{"at": [2, 2], "level": 3, "terrain": "rock"}])
    agents = shared("Microcorp Agents")
    eng = sandbox(fig("a", "p1", (2, 2), agents), fig("low", "p2", (5, 2), TARGET), fig("high", "p2", (2, 3), TARGET,
                  level=3), battlefield=hill)
    assert ("Sighting", 1) in att(eng, "a", "low")[1]
    assert all(r[0] != "Sighting" for r in att(eng, "a", "high")[1])


def test_an_attack_bonus_the_rules_cannot_read_says_why_and_adds_nothing() -> None:
    # (Galloping Charge was the example until it was built: tests/powers/test_galloping_charge.py)
    warriors = shared("MacDirk Warriors")
    fury = next(p for p in warriors.powers if p.name == "Highland Fury")
    assert enforcement(fury) == "the amount '1 per wound on the chosen Human Champion' is not understood"
    eng = sandbox(fig("m", "p1", (2, 2), warriors), fig("t", "p2", (3, 2), TARGET))
    assert att(eng, "m", "t")[0] == warriors.attack


# ---- defense_bonus ---------------------------------------------------------------------------------


def test_defense_bonus_melee_defense_against_an_adjacent_normal_attack_only() -> None:
    # rule: HS-ATTACK-10
    x17 = shared("Major X17")  # Melee Defense 4
    eng = sandbox(fig("x", "p1", (2, 2), x17), fig("near", "p2", (3, 2), SOLDIER), fig("far", "p2", (2, 6), ARCHER))
    base = x17.defense
    assert dfn(eng, "near", "x")[0] == base + 4
    assert dfn(eng, "far", "x")[0] == base
    assert dfn(eng, "near", "x", special="Blast")[0] == base


def test_defense_bonus_evasive_against_a_distant_attacker_only() -> None:
    vipers = shared("Elite Onyx Vipers")  # Evasive 8 vs non-adjacent attacker
    eng = sandbox(fig("v", "p1", (2, 2), vipers), fig("near", "p2", (3, 2), SOLDIER), fig("far", "p2", (2, 6), ARCHER))
    assert ("Evasive 8", 8) in dfn(eng, "far", "v")[1]
    assert all(r[0] != "Evasive 8" for r in dfn(eng, "near", "v")[1])


# ---- stat_bonus --------------------------------------------------------------------------------------


def test_stat_bonus_ordo_borealis_reload_adds_6_range_until_it_moves() -> None:
    ordo = shared("Ordo Borealis")
    assert enforcement(ordo.power("stat_bonus")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("o", "p1", (2, 2), ordo), fig("t", "p2", (2, 7), TARGET))
    assert modifiers.range_value(eng.state, F(eng, "o")) == ordo.range + 6
    eng.execute("p1", "move o 3,2")
    assert modifiers.range_value(eng.state, F(eng, "o")) == ordo.range


def test_stat_bonus_water_elemental_on_water_only() -> None:
    pond = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "water"}])
    elemental = shared("Water Elemental")
    eng = sandbox(fig("w", "p1", (2, 2), elemental), fig("t", "p2", (3, 2), TARGET), fig("w2", "p1", (5, 5), elemental),
                  fig("t2", "p2", (5, 6), TARGET), battlefield=pond)
    assert att(eng, "w", "t")[0] == elemental.attack + 1 and dfn(eng, "t", "w")[0] == elemental.defense + 1
    assert att(eng, "w2", "t2")[0] == elemental.attack and dfn(eng, "t2", "w2")[0] == elemental.defense


def test_stat_bonus_with_a_cost_goes_to_the_paid_block_which_says_what_it_cannot_pay() -> None:
    run = shared("Knight Irene").power("stat_bonus")
    assert run is not None and enforcement(run) is None  # built in block_stat_choice
    odd = run.model_copy(update={"values": {**run.values, "cost": {"stat": "life", "amount": -1}}})
    assert enforcement(odd) == "paying the cost '{'stat': 'life', 'amount': -1}' for the bonus is not understood"


# ---- defense_penalty ---------------------------------------------------------------------------------


def test_defense_penalty_soul_weapons_takes_2_dice_from_whom_the_squad_attacks() -> None:
    knights = shared("Death Knights of Valkrill")
    eng = sandbox(fig("k", "p1", (2, 2), knights), fig("t", "p2", (3, 2), SOLDIER), fig("o", "p2", (5, 5), ARCHER))
    assert dfn(eng, "k", "t")[0] == 3 - 2
    assert dfn(eng, "o", "t")[0] == 3  # another attacker


def test_defense_penalty_water_weakness_only_on_water() -> None:
    pond = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "water"}])
    guards = shared("Obsidian Guards")
    eng = sandbox(fig("g", "p1", (2, 2), guards), fig("e", "p2", (3, 2), SOLDIER), fig("g2", "p1", (5, 5), guards),
                  fig("e2", "p2", (5, 6), SOLDIER), battlefield=pond)
    assert dfn(eng, "e", "g")[0] == max(0, guards.defense - 2)
    assert dfn(eng, "e2", "g2")[0] == guards.defense


def test_defense_penalty_negative_element_takes_every_die() -> None:
    pond = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "water"}])
    fire = shared("Fire Elemental")
    eng = sandbox(fig("f", "p1", (2, 2), fire), fig("e", "p2", (3, 2), SOLDIER), battlefield=pond)
    assert dfn(eng, "e", "f")[0] == 0


def test_defense_penalty_rouse_the_glade_halushia_only_against_a_defender_next_to_a_tree() -> None:
    # rule: HS-ATTACK-10
    halushia = shared("Halushia, Scion of the Wild")
    rouse = halushia.power("defense_penalty")
    assert rouse is not None and enforcement(rouse) is None
    glade = build(obstacles=[{"kind": "tree", "at": [[4, 2]], "height": 10},
                             {"kind": "underbrush", "at": [[1, 5]], "height": 10}])
    eng = sandbox(fig("h", "p1", [(2, 2), (2, 3)], halushia), fig("t", "p2", (3, 2), SOLDIER),
                  fig("u", "p2", (2, 4), SOLDIER), fig("o", "p2", (6, 6), SOLDIER), battlefield=glade)
    assert dfn(eng, "h", "t")[0] == 3 - 1  # a tree on the next space
    assert dfn(eng, "h", "u")[0] == 3 - 1  # underbrush (a bush), the attacker adjacent
    assert dfn(eng, "h", "o")[0] == 3  # in the open
    assert dfn(eng, "o", "t")[0] == 3  # another attacker


# ---- skulls and shields ------------------------------------------------------------------------------


def test_skull_bonus_loviatak_deadly_strike_doubles_her_hits() -> None:
    # rule: HS-ATTACK-11
    lov = shared("Loviatäk the Kyrie Warrior")
    eng = sandbox(fig("l", "p1", (2, 2), lov), fig("t", "p2", (3, 2), TARGET))
    assert count(eng, "l", "t", 2, 1).wounds == 3
    roll(eng, [SKULL, SKULL] + [BLANK] * (lov.attack - 2))
    attack(eng, "l", "t")
    assert F(eng, "t").wounds == 4


def test_skull_bonus_not_for_another_figure() -> None:
    eng = sandbox(fig("s", "p1", (2, 2), SOLDIER), fig("l", "p2", (3, 2), shared("Loviatäk the Kyrie Warrior")))
    assert count(eng, "s", "l", 2, 1).wounds == 1


def test_auto_shield_tough_adds_a_shield_against_normal_attacks_only() -> None:
    gor = shared("Gorillinators")
    eng = sandbox(fig("g", "p1", (2, 2), gor), fig("e", "p2", (3, 2), SOLDIER))
    assert count(eng, "e", "g", 2, 0).wounds == 1
    assert count(eng, "e", "g", 2, 0, special="Blast").wounds == 2


def test_auto_shield_iron_tough_against_special_attacks_only() -> None:
    golem = shared("Iron Golem")
    eng = sandbox(fig("g", "p1", (2, 2), golem), fig("e", "p2", (3, 2), SOLDIER))
    assert count(eng, "e", "g", 3, 0, special="Blast").wounds == 1
    assert count(eng, "e", "g", 3, 0).wounds == 3


def test_one_shield_blocks_all_defensive_agility_against_an_adjacent_normal_attack() -> None:
    ashra = shared("Warriors of Ashra")
    eng = sandbox(fig("w", "p1", (2, 2), ashra), fig("near", "p2", (3, 2), SOLDIER), fig("far", "p2", (2, 6), ARCHER))
    assert count(eng, "near", "w", 4, 1).wounds == 0
    assert count(eng, "far", "w", 4, 1).wounds == 3
    assert count(eng, "near", "w", 4, 0).wounds == 4  # no shield, nothing blocked


def test_wound_cap_one_shield_defense() -> None:
    crixus = shared("Crixus")
    eng = sandbox(fig("c", "p1", (2, 2), crixus), fig("e", "p2", (3, 2), SOLDIER))
    assert count(eng, "e", "c", 5, 1).wounds == 1
    assert count(eng, "e", "c", 5, 0).wounds == 5


def test_shield_bonus_shields_of_valor_block_two_each() -> None:
    sentinels = shared("Sentinels of Jandar")
    eng = sandbox(fig("s", "p1", (2, 2), sentinels), fig("e", "p2", (3, 2), SOLDIER), fig("x", "p1", (5, 5), SOLDIER))
    assert count(eng, "e", "s", 4, 1).wounds == 2
    assert count(eng, "e", "x", 4, 1).wounds == 3  # a figure without the power


def test_auto_skull_shocking_grasp_adds_a_skull_to_normal_attacks() -> None:
    sharwin = shared("Sharwin Wildborn")
    eng = sandbox(fig("s", "p1", (2, 2), sharwin), fig("t", "p2", (3, 2), TARGET))
    assert count(eng, "s", "t", 0, 0).wounds == 1
    assert count(eng, "s", "t", 0, 0, special="Arcane Bolt Special Attack").wounds == 0


def test_bonus_wounds_twist_the_blade_on_a_wounding_normal_attack_and_a_swipe() -> None:
    # rule: HS-ENGAGE-05
    raelin = shared("Raelin the Kyrie Warrior (AoA)")
    assert enforcement(next(p for p in raelin.powers if p.kind == "bonus_wounds")) is None
    eng = sandbox(fig("r", "p1", (2, 2), raelin), fig("t", "p2", (3, 2), TARGET))
    assert count(eng, "r", "t", 2, 1).wounds == 2
    assert count(eng, "r", "t", 1, 1).wounds == 0  # no wound, no extra
    roll(eng, [SKULL])
    events = eng.execute("p2", "move t 4,2")
    assert kinds(events, "swipe")[0]["wounds"] == 2 and F(eng, "t").wounds == 2


def test_bonus_wounds_swipe_without_a_skull_deals_nothing() -> None:
    eng = sandbox(fig("r", "p1", (2, 2), shared("Raelin the Kyrie Warrior (AoA)")), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [SHIELD])
    eng.execute("p2", "move t 4,2")
    assert F(eng, "t").wounds == 0


# ---- "not adjacent at the start of the turn" (First Assault) ------------------------------------------


def test_first_assault_knaves_add_a_die_against_a_figure_they_were_not_next_to() -> None:
    knaves = shared("Knaves of the Silver Scimitar")
    first = next(p for p in knaves.powers if p.name == "First Assault 1")
    assert enforcement(first) is None
    eng = sandbox(fig("k", "p1", (2, 2), knaves), fig("t", "p2", (4, 2), TARGET))
    eng.execute("p1", "move k 3,2")
    assert ("First Assault 1", 1) in att(eng, "k", "t")[1]


def test_first_assault_not_against_a_figure_adjacent_when_the_turn_began() -> None:
    cornelius = shared("Cornelius Breech, The Derelict Prince")
    assert enforcement(cornelius.power("stat_bonus")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("c", "p1", (2, 2), cornelius), fig("t", "p2", (3, 2), TARGET), fig("u", "p2", (5, 2), TARGET))
    assert att(eng, "c", "t")[0] == cornelius.attack
    eng.execute("p1", "move c 4,1")
    assert att(eng, "c", "u")[0] == cornelius.attack + 2


# ---- conditions about other figures ---------------------------------------------------------------------


def test_zettian_targeting_from_the_shared_file_second_guard_on_the_same_target() -> None:
    guards = shared("Zettian Guards")
    assert enforcement(guards.power("attack_bonus")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("z1", "p1", (2, 2), guards, card_key="p1/z"), fig("z2", "p1", (2, 4), guards, card_key="p1/z"),
                  fig("t", "p2", (5, 3), TARGET), fig("u", "p2", (6, 6), TARGET))
    assert att(eng, "z2", "t")[0] == guards.attack
    roll(eng, [BLANK] * guards.attack)
    attack(eng, "z1", "t")
    assert att(eng, "z2", "t")[0] == guards.attack + 1
    assert att(eng, "z2", "u")[0] == guards.attack


def test_sneak_attack_darrak_when_the_defender_is_next_to_another_friend() -> None:
    darrak = shared("Darrak Ambershard")
    eng = sandbox(fig("d", "p1", (2, 2), darrak), fig("t", "p2", (3, 2), TARGET), fig("pal", "p1", (4, 2), SOLDIER),
                  fig("u", "p2", (2, 3), TARGET))
    assert ("Sneak Attack 2", 2) in att(eng, "d", "t")[1]
    assert all(r[0] != "Sneak Attack 2" for r in att(eng, "d", "u")[1])


def test_adjacent_tough_hatamoto_next_to_a_friendly_einar_figure() -> None:
    taro = shared("Hatamoto Taro")
    tough = next(p for p in taro.powers if p.kind == "auto_shield")
    assert enforcement(tough) is None
    einar = card(name="Samurai", general="Einar")
    eng = sandbox(fig("h", "p1", (2, 2), taro), fig("s", "p1", (1, 2), einar), fig("e", "p2", (3, 2), SOLDIER),
                  fig("h2", "p1", (6, 6), taro), fig("e2", "p2", (6, 5), SOLDIER))
    assert count(eng, "e", "h", 2, 0).wounds == 1
    assert count(eng, "e2", "h2", 2, 0).wounds == 2


# ---- Order Markers ---------------------------------------------------------------------------------------


def test_concentrated_will_shiori_with_exactly_one_unrevealed_marker_on_her_card() -> None:
    shiori = shared("Shiori")
    assert enforcement(shiori.power("stat_bonus")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("s", "p1", (2, 2), shiori), fig("t", "p2", (3, 2), TARGET))
    key = F(eng, "s").card_key
    eng.state.orders["p1"] = {"1": key, "2": key}
    assert att(eng, "s", "t")[0] == shiori.attack  # two unrevealed
    eng.state.revealed["p1"] = ["1"]
    assert att(eng, "s", "t")[0] == shiori.attack + 1
    assert dfn(eng, "t", "s")[0] == shiori.defense + 1


# ---- where the turn began ----------------------------------------------------------------------------------


def test_shadow_ambush_mika_after_starting_unengaged_on_shadow() -> None:
    dark = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "shadow"}])
    mika = shared("Mika Connour")
    eng = sandbox(fig("m", "p1", (2, 2), mika), fig("t", "p2", (4, 2), TARGET), battlefield=dark)
    eng.execute("p1", "move m 3,2")
    assert ("Shadow Ambush", 3) in att(eng, "m", "t")[1]


def test_shadow_ambush_not_when_engaged_at_the_start_or_off_shadow() -> None:
    dark = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "shadow"}])
    mika = shared("Mika Connour")
    eng = sandbox(fig("m", "p1", (2, 2), mika), fig("t", "p2", (2, 3), TARGET), battlefield=dark)
    assert all(r[0] != "Shadow Ambush" for r in att(eng, "m", "t")[1])
    plain = sandbox(fig("m", "p1", (5, 5), mika), fig("t", "p2", (5, 6), TARGET))
    assert all(r[0] != "Shadow Ambush" for r in att(plain, "m", "t")[1])


def test_tricky_speed_otonashi_starting_next_to_a_tricky_friend() -> None:
    otonashi = shared("Otonashi")
    tricky = card(name="Ninja", personality="Tricky")
    eng = sandbox(fig("o", "p1", (2, 2), otonashi), fig("n", "p1", (3, 2), tricky), fig("o2", "p1", (6, 6), otonashi))
    assert modifiers.move_value(eng.state, F(eng, "o")) == otonashi.move + 4
    assert modifiers.move_value(eng.state, F(eng, "o2")) == otonashi.move


# ---- leaving-engagement attacks, mobs, homing, either-or ----------------------------------------------------


def test_a_cowards_reward_two_dice_on_a_leaving_engagement_attack() -> None:
    # rule: HS-ENGAGE-05
    denrick = shared("Sir Denrick")
    eng = sandbox(fig("d", "p1", (2, 2), denrick), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [BLANK, SKULL])
    events = eng.execute("p2", "move t 4,2")
    assert kinds(events, "swipe")[0]["dice"] == [BLANK, SKULL] and F(eng, "t").wounds == 1


def test_a_swipe_without_the_power_rolls_one_die_and_an_attack_bonus_does_not_add_to_it() -> None:
    carr = shared("Agent Carr")  # Sword of Reckoning: normal attacks only
    eng = sandbox(fig("c", "p1", (2, 2), carr), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [BLANK])
    events = eng.execute("p2", "move t 4,2")
    assert kinds(events, "swipe")[0]["dice"] == [BLANK]


def test_mob_attack_goblin_cutters_two_others_engaged_with_the_defender() -> None:
    cutters = shared("Goblin Cutters")
    assert enforcement(cutters.power("defense_penalty")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("g1", "p1", (2, 2), cutters, card_key="p1/g"), fig("g2", "p1", (3, 1), cutters, card_key="p1/g"),
                  fig("g3", "p1", (4, 1), cutters, card_key="p1/g"), fig("t", "p2", (3, 2), SOLDIER))
    assert dfn(eng, "g1", "t")[0] == 3 - 2
    eng.destroy(F(eng, "g3"), "test")
    assert dfn(eng, "g1", "t")[0] == 3


def test_homing_device_one_die_per_vydar_soulborg_next_to_a_distant_target() -> None:
    blast = shared("Blastatrons")
    borg = card(name="Borg", species="Soulborg", general="Vydar")
    eng = sandbox(fig("b", "p1", (0, 0), blast), fig("t", "p2", (3, 3), TARGET), fig("s1", "p1", (4, 3), borg),
                  fig("s2", "p1", (3, 4), borg), fig("n", "p2", (1, 0), TARGET))
    assert ("Homing Device", 2) in att(eng, "b", "t")[1]
    assert all(r[0] != "Homing Device" for r in att(eng, "b", "n")[1])  # adjacent target


def test_indomitable_move_when_unengaged_attack_when_engaged() -> None:
    giant = shared("Frost Giant of Morh")
    assert enforcement(giant.power("stat_bonus")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("g", "p1", (2, 2), giant), fig("t", "p2", (5, 5), TARGET))
    assert modifiers.move_value(eng.state, F(eng, "g")) == giant.move + 2
    near = sandbox(fig("g", "p1", (2, 2), giant), fig("t", "p2", (3, 2), TARGET))
    assert modifiers.move_value(near.state, F(near, "g")) == giant.move
    assert att(near, "g", "t")[0] == giant.attack + 2


# ---- a Range bonus against some targets ---------------------------------------------------------------


def test_rock_throw_granite_guardians_reach_2_further_with_height_advantage() -> None:
    # rule: HS-ATTACK-07
    guardians = shared("Granite Guardians")
    rock = guardians.power("stat_bonus")
    assert rock is not None and enforcement(rock) is None
    hill = build(hexes=[{"at": [2, 2], "level": 4, "terrain": "rock"}])
    eng = sandbox(fig("g", "p1", (2, 2), guardians, level=4), fig("t", "p2", (2, 5), TARGET),
                  fig("far", "p2", (2, 6), TARGET), battlefield=hill)
    assert combat.check_target(eng.state, F(eng, "g"), F(eng, "t"))  # 3 spaces: Range 1 + 2
    assert not combat.check_target(eng.state, F(eng, "g"), F(eng, "far"))  # 4 spaces
    roll(eng, [SKULL] * (guardians.attack + 1))  # height advantage: a die more (HS-ATTACK-09)
    events = attack(eng, "g", "t")
    assert [e.data["wounds"] for e in events if e.kind == "attack"] == [guardians.attack + 1]


def test_rock_throw_without_height_advantage_keeps_range_1() -> None:
    guardians = shared("Granite Guardians")
    eng = sandbox(fig("g", "p1", (2, 2), guardians), fig("t", "p2", (2, 5), TARGET))
    check = combat.check_target(eng.state, F(eng, "g"), F(eng, "t"))
    assert not check and check.rule == "HS-ATTACK-07"


# ---- next to obstacles -------------------------------------------------------------------------------


def test_jungle_tracking_quasatch_hunters_move_2_more_from_beside_a_tree() -> None:
    hunters = shared("Quasatch Hunters")
    tracking = next(p for p in hunters.powers if p.name == "Jungle Tracking")
    assert enforcement(tracking) is None
    woods = build(obstacles=[{"kind": "tree", "at": [[3, 2]], "height": 10}])
    eng = sandbox(fig("q1", "p1", (2, 2), hunters, card_key="p1/q"), fig("q2", "p1", (6, 6), hunters, card_key="p1/q"),
                  battlefield=woods)
    assert modifiers.move_value(eng.state, F(eng, "q1")) == hunters.move + 2
    assert modifiers.move_value(eng.state, F(eng, "q2")) == hunters.move  # in the open


def test_glacier_camouflage_dzu_teh_only_adjacent_attackers_beside_a_glacier() -> None:
    # rule: HS-SPECIAL-09
    yeti = shared("Dzu-Teh")
    camo = next(p for p in yeti.powers if p.name == "Glacier Camouflage")
    assert enforcement(camo) is None
    ice = build(obstacles=[{"kind": "glacier", "at": [[1, 2]], "height": 5}])
    eng = sandbox(fig("d", "p1", (2, 2), yeti), fig("a", "p2", (2, 6), ARCHER), fig("s", "p2", (3, 2), SOLDIER),
                  battlefield=ice)
    check = combat.check_target(eng.state, F(eng, "a"), F(eng, "d"))
    assert not check and check.reason == "d has Glacier Camouflage: only a figure next to it may aim a normal attack at it"
    assert combat.check_target(eng.state, F(eng, "s"), F(eng, "d"))
    eng = sandbox(fig("d", "p1", (2, 2), yeti), fig("a", "p2", (2, 6), ARCHER))
    assert combat.check_target(eng.state, F(eng, "a"), F(eng, "d"))  # no glacier: any attacker in range


def test_combined_arbalest_protectors_of_ullar_a_die_per_wound_the_squad_dealt_that_defender() -> None:
    # rule: HS-ATTACK-09
    protectors = shared("Protectors of Ullar")
    arbalest = protectors.power("attack_bonus")
    assert arbalest is not None and enforcement(arbalest) is None
    eng = sandbox(fig("p1a", "p1", (2, 2), protectors, card_key="p1/pu"), fig("p1b", "p1", (4, 2), protectors,
                  card_key="p1/pu"), fig("p1c", "p1", (0, 3), protectors, card_key="p1/pu"),
                  fig("t", "p2", (2, 6), TARGET), fig("o", "p2", (5, 5), TARGET))
    assert att(eng, "p1a", "t")[0] == protectors.attack
    roll(eng, [SKULL, SKULL, BLANK])
    attack(eng, "p1a", "t")  # 2 wounds
    assert att(eng, "p1b", "t")[0] == protectors.attack + 2
    assert att(eng, "p1b", "o")[0] == protectors.attack  # another defender
    roll(eng, [BLANK] * (protectors.attack + 2))
    attack(eng, "p1b", "t")  # no wound: still 2
    assert att(eng, "p1c", "t")[0] == protectors.attack + 2


# ---- a bonus given to other figures -------------------------------------------------------------------


def test_targeting_beacon_repulsors_give_jandar_soulborgs_a_die_against_a_distant_target_next_to_one() -> None:
    # rule: HS-ATTACK-09
    repulsors = shared("Omnicron Repulsors")
    beacon = next(p for p in repulsors.powers if p.name == "Targeting Beacon")
    assert enforcement(beacon) is None
    snipers, deathwalker = shared("Omnicron Snipers"), shared("Deathwalker 9000")
    eng = sandbox(fig("r1", "p1", (4, 3), repulsors, card_key="p1/rep"), fig("r2", "p1", (7, 7), repulsors,
                  card_key="p1/rep"), fig("s", "p1", (0, 2), snipers), fig("d", "p1", (0, 5), deathwalker),
                  fig("t", "p2", (4, 2), TARGET), fig("far", "p2", (7, 0), TARGET))
    assert att(eng, "s", "t")[0] == snipers.attack + 1  # the target is next to a Repulsor
    assert att(eng, "r2", "t")[0] == repulsors.attack + 1  # a Repulsor is a Jandar Soulborg too
    assert att(eng, "s", "far")[0] == snipers.attack  # no Repulsor next to it
    assert att(eng, "d", "t")[0] == deathwalker.attack  # a Soulborg that follows Utgar
    assert att(eng, "r1", "t")[0] == repulsors.attack  # an adjacent attacker
