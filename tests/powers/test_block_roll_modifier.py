"""Roll modifiers (``block_roll_modifier``) with real cards of the shared card file: Valguard's
Berserker Charge Enhancement (+1 to the Tarn Vikings' roll) and Sonya Esenwein's Eternal Strength
(+2 to Cyprien Esenwein's Chilling Touch), each while its holder is on the battlefield.
"""

from __future__ import annotations

from bot.rules.powers import enforcement
from tests.powers.conftest import DUMMY, F, powers
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, card, fig, roll, sandbox
from tests.rules.helpers_geo import attack

TARN = shared("Tarn Viking Warriors")
VALGUARD = shared("Valguard")
CYPRIEN = shared("Cyprien Esenwein")
SONYA = shared("Sonya Esenwein")
TARGET = card(name="Target", life=20, defense=0)


def test_berserker_charge_enhancement_valguard_makes_14_enough() -> None:
    enhancement = VALGUARD.power("roll_modifier")
    assert enhancement is not None and enforcement(enhancement) is None
    eng = sandbox(fig("tarn1", "p1", (0, 0), TARN, card_key="p1/tarn"), fig("foe", "p2", (1, 0), DUMMY),
                  fig("valguard", "p1", (5, 5), VALGUARD))
    eng.execute("p1", "attack tarn1 foe")
    roll(eng, d20=[14])
    events = eng.execute("p1", "choose roll")
    assert powers(events)[0]["success"] and powers(events)[0]["needed"] == 14


def test_berserker_charge_enhancement_needs_valguard_on_the_battlefield_and_on_your_side() -> None:
    eng = sandbox(fig("tarn1", "p1", (0, 0), TARN, card_key="p1/tarn"), fig("foe", "p2", (1, 0), DUMMY),
                  fig("valguard", "p2", (5, 5), VALGUARD))  # the opponent's Valguard
    eng.execute("p1", "attack tarn1 foe")
    roll(eng, [BLANK] * TARN.attack, d20=[14])
    events = eng.execute("p1", "choose roll")
    assert not powers(events)[0]["success"] and powers(events)[0]["needed"] == 15


def test_eternal_strength_sonya_adds_2_to_cypriens_chilling_touch() -> None:
    strength = SONYA.power("roll_modifier")
    assert strength is not None and enforcement(strength) is None
    eng = sandbox(fig("c", "p1", (2, 2), CYPRIEN), fig("t", "p2", (3, 2), TARGET), fig("sonya", "p1", (6, 6), SONYA))
    attack(eng, "c", "t")
    roll(eng, [BLANK] * (CYPRIEN.attack + 1), d20=[11])  # 11 + 2 = 13: 1 wound
    events = eng.execute("p1", "choose t")
    assert F(eng, "t").wounds == 1 and powers(events)[0]["total"] == 13


def test_chilling_touch_without_sonya_11_does_nothing() -> None:
    eng = sandbox(fig("c", "p1", (2, 2), CYPRIEN), fig("t", "p2", (3, 2), TARGET))
    attack(eng, "c", "t")
    roll(eng, [BLANK] * (CYPRIEN.attack + 1), d20=[11])
    eng.execute("p1", "choose t")
    assert F(eng, "t").wounds == 0


def test_enhancements_of_rolls_not_built_say_why() -> None:
    # Frenzy (turn_frenzy) and Unleashed Fury (turn_d20_fury) are rolled since wip-water: their
    # enhancements are enforced; Su-Bak-Na's change to every d20 roll of some cards still waits.
    supremacy = shared("Su-Bak-Na").power("roll_modifier")
    assert supremacy is not None
    assert enforcement(supremacy) == "changing 'd20 rolls for your Marro and Wulsinu cards' is not built yet"
    for enhancer in ("Venoc Warlord", "Khosumet the Darklord"):
        enhancement = shared(enhancer).power("roll_modifier")
        assert enhancement is not None and enforcement(enhancement) is None, enhancer
