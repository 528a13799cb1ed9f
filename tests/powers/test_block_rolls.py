"""Re-rolls, all-skulls rolls and attacks on every adjacent figure, with real cards of the shared
card file: each at work, and idle when its condition fails.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, SHIELD, SKULL, card, dice, fig, refused, roll, sandbox
from tests.rules.helpers_geo import attack

SOLDIER = card(name="Soldier")  # Range 1, Attack 3, Defense 3
TARGET = card(name="Target", life=20, defense=0)
GRUNTS = card(name="Grunts", kind="squad", rarity="common", life=1, defense=0, attack=3)


def attacks(events):  # type: ignore[no-untyped-def]
    return [e.data for e in events if e.kind == "attack"]


def test_reroll_chain_axe_dorim_rerolls_one_die_that_missed() -> None:
    dorim = shared("Dorim the Bulkhead Brawler")
    assert enforcement(dorim.power("reroll")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("d", "p1", (2, 2), dorim), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [SKULL] + [BLANK] * (dorim.attack - 1) + [SKULL])
    events = attack(eng, "d", "t")
    assert attacks(events)[0]["attack_dice"].count(SKULL) == 2 and F(eng, "t").wounds == 2
    assert dice(eng).left == 0


def test_reroll_chain_axe_nothing_to_reroll_when_every_die_is_a_skull() -> None:
    dorim = shared("Dorim the Bulkhead Brawler")
    eng = sandbox(fig("d", "p1", (2, 2), dorim), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [SKULL] * dorim.attack)
    events = attack(eng, "d", "t")
    assert not [p for p in powers(events) if p["power"] == "Chain Axe"] and dice(eng).left == 0


def test_reroll_brutality_aura_for_a_squad_figure_attacking_an_adjacent_figure_once_a_turn() -> None:
    lov = shared("Loviatäk the Kyrie Warrior")
    aura = next(p for p in lov.powers if p.name == "Brutality Aura")
    assert enforcement(aura) is None
    eng = sandbox(fig("l", "p1", (0, 0), lov), fig("g1", "p1", (2, 2), GRUNTS, card_key="p1/g"),
                  fig("g2", "p1", (2, 4), GRUNTS, card_key="p1/g"), fig("t", "p2", (3, 2), TARGET),
                  fig("u", "p2", (3, 4), TARGET))
    roll(eng, [BLANK, BLANK, SKULL, SKULL, SKULL])
    attack(eng, "g1", "t")
    assert F(eng, "t").wounds == 3
    roll(eng, [BLANK, BLANK, BLANK])
    events = attack(eng, "g2", "u")  # once per turn: no second re-roll
    assert not powers(events) and F(eng, "u").wounds == 0


def test_reroll_brutality_aura_not_for_a_hero() -> None:
    lov = shared("Loviatäk the Kyrie Warrior")
    eng = sandbox(fig("l", "p1", (0, 0), lov), fig("s", "p1", (2, 2), SOLDIER), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [BLANK, BLANK, BLANK])
    events = attack(eng, "s", "t")
    assert not powers(events) and dice(eng).left == 0


def test_reroll_gift_of_the_empress_rerolls_a_kyries_missed_defense_dice() -> None:
    kiova = shared("Empress Kiova")
    kyrie = card(name="Kyrie", species="Kyrie", general="Einar", defense=3, life=9)
    eng = sandbox(fig("k", "p1", (0, 0), kiova), fig("y", "p1", (2, 2), kyrie), fig("e", "p2", (3, 2), SOLDIER))
    roll(eng, [SKULL, SKULL, SKULL, SHIELD, BLANK, BLANK, SHIELD, SHIELD])
    attack(eng, "e", "y")
    assert F(eng, "y").wounds == 0


def test_all_skulls_venomous_sting_leaves_no_defense_roll() -> None:
    wyvern = shared("Wyvern")
    eng = sandbox(fig("w", "p1", (2, 2), wyvern), fig("s", "p2", (3, 2), SOLDIER))
    roll(eng, [SKULL] * wyvern.attack)
    events = attack(eng, "w", "s")
    assert attacks(events)[0]["defense_dice"] == [] and dice(eng).left == 0


def test_all_skulls_needs_every_die_a_skull() -> None:
    wyvern = shared("Wyvern")
    eng = sandbox(fig("w", "p1", (2, 2), wyvern), fig("s", "p2", (3, 2), SOLDIER))
    roll(eng, [SKULL] * (wyvern.attack - 1) + [BLANK] + [BLANK] * 3)
    events = attack(eng, "w", "s")
    assert len(attacks(events)[0]["defense_dice"]) == 3


def test_attack_all_adjacent_shaolin_monk_attacks_each_adjacent_figure_once() -> None:
    monks = shared("Shaolin Monks")
    assert enforcement(monks.power("attack_all_adjacent")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("m", "p1", (2, 2), monks), fig("a", "p2", (3, 2), TARGET), fig("b", "p2", (2, 3), TARGET),
                  fig("far", "p2", (5, 5), TARGET))
    roll(eng, [BLANK] * monks.attack)
    attack(eng, "m", "a")
    refused(eng, "p1", "attack m a")
    roll(eng, [SKULL] * monks.attack)
    attack(eng, "m", "b")
    assert F(eng, "b").wounds == monks.attack
    refused(eng, "p1", "attack m a")


def test_attack_all_adjacent_with_one_adjacent_figure_is_one_attack() -> None:
    monks = shared("Shaolin Monks")
    eng = sandbox(fig("m", "p1", (2, 2), monks), fig("a", "p2", (3, 2), TARGET))
    roll(eng, [BLANK] * monks.attack)
    events = attack(eng, "m", "a")
    assert not powers(events)
    refused(eng, "p1", "attack m a", "HS-ATTACK-12")


def test_all_skulls_lethal_sting_destroys_a_small_or_medium_defender() -> None:
    rechets = shared("Rechets of Bogdan")
    assert enforcement(rechets.power("all_skulls_bonus")) is None  # type: ignore[arg-type]
    big = card(name="Ogre", size="large", height=7, life=9, defense=0)
    eng = sandbox(fig("r", "p1", (2, 2), rechets), fig("s", "p2", (3, 2), SOLDIER), fig("o", "p2", (2, 3), big))
    roll(eng, [SKULL] * rechets.attack)
    attack(eng, "r", "s")
    assert F(eng, "s").destroyed and dice(eng).left == 0
    eng2 = sandbox(fig("r", "p1", (2, 2), rechets), fig("o", "p2", (2, 3), big))
    roll(eng2, [SKULL] * rechets.attack)
    attack(eng2, "r", "o")
    assert not F(eng2, "o").destroyed and F(eng2, "o").wounds == rechets.attack


def test_mortal_strike_rolls_a_die_per_wound_on_an_opponents_unique_hero() -> None:
    master = shared("Master of the Hunt")
    strike = next(p for p in master.powers if p.name == "Mortal Strike")
    assert enforcement(strike) is None
    eng = sandbox(fig("m", "p1", (2, 2), master), fig("h", "p2", (3, 2), TARGET))
    # d20: Javelin, rolled as the moving ends (the attack opens that window); 1 does nothing
    roll(eng, [SKULL, SKULL] + [BLANK] * (master.attack - 2) + [SKULL, BLANK], d20=[1])
    attack(eng, "m", "h")
    assert F(eng, "h").wounds == 3 and dice(eng).left == 0


def test_mortal_strike_not_against_a_squad_figure() -> None:
    master = shared("Master of the Hunt")
    tough = card(name="Brutes", kind="squad", rarity="common", life=9, defense=0)
    eng = sandbox(fig("m", "p1", (2, 2), master), fig("g", "p2", (3, 2), tough))
    roll(eng, [SKULL] + [BLANK] * (master.attack - 1), d20=[1])  # d20: Javelin (nothing)
    events = attack(eng, "m", "g")
    assert not [p for p in powers(events) if p["power"] == "Mortal Strike"] and dice(eng).left == 0
