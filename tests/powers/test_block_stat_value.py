"""The attack-side blocks in a figure's Attack and Defense values (:func:`bot.rules.modifiers.stat_value`,
shown on the side panel and asked by the rules cases' ``stat``): a bonus that holds whatever the
other figure of the attack counts there; one that depends on it (who attacks, who is attacked)
counts only in the dice of that attack.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules import combat, modifiers
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import card, fig, sandbox

SOLDIER = card(name="Soldier")  # Range 1, Attack 3, Defense 3
ARCHER = card(name="Archer", range=7, life=9)
PIRATE = card(name="Pirate", cls="Pirate", range=5, life=9)


def test_an_aura_whatever_the_attacker_is_in_the_defense_value() -> None:
    # rule: HS-ATTACK-09, HS-ATTACK-10 - Raelin's Terrifying Aura: -1 Defense to opponents within 4
    eng = sandbox(fig("r", "p1", (2, 2), shared("Raelin the Kyrie Warrior (AoA)")), fig("foe", "p2", (2, 5), SOLDIER),
                  fig("a", "p1", (6, 5), ARCHER))
    assert modifiers.stat_value(eng.state, F(eng, "foe"), "defense") == 3 - 1
    assert combat.defense_dice(eng.state, F(eng, "a"), F(eng, "foe"))[0] == 3 - 1  # counted once in the dice


def test_an_aura_for_some_attackers_only_stays_out_of_the_defense_value() -> None:
    # rule: HS-ATTACK-10 - Bok-Bur-Na's Intimidate: only when a Captain or Pirate attacks
    eng = sandbox(fig("bok", "p1", (2, 2), shared("Bok-Bur-Na")), fig("pirate", "p1", (5, 2), PIRATE),
                  fig("foe", "p2", (2, 4), SOLDIER))
    assert modifiers.stat_value(eng.state, F(eng, "foe"), "defense") == 3
    assert combat.defense_dice(eng.state, F(eng, "pirate"), F(eng, "foe"))[0] == 3 - 1


def test_an_attack_aura_is_in_the_attack_value() -> None:
    # rule: HS-ATTACK-09 - Sir Gilbert: +1 attack die to adjacent friendly figures with Range 1
    gilbert = shared("Sir Gilbert")
    eng = sandbox(fig("g", "p1", (2, 2), gilbert), fig("s", "p1", (3, 2), SOLDIER), fig("foe", "p2", (3, 3), SOLDIER))
    dice = combat.attack_dice(eng.state, F(eng, "s"), F(eng, "foe"))[0]
    assert modifiers.stat_value(eng.state, F(eng, "s"), "attack") == dice == 3 + 1
