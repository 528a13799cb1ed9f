"""Powers of a figure under attack: Izumi Samurai's Counter Strike (after the defense roll),
Krav Maga Agents' Stealth Dodge (a change to the wound count) and Drake's Thorian Speed (a
targeting hook). Each works when its condition holds and does nothing when it does not.
"""

from __future__ import annotations

from bot.rules import combat
from tests.powers.conftest import C, F
from tests.rules.conftest import BLANK, SHIELD, SKULL, card, dice, fig, refused, roll, sandbox, special_power
from tests.rules.helpers_geo import attack, kinds

BRUTE = card(name="Brute", attack=1, life=9)  # Range 1, 1 attack die
ARCHER = card(name="Archer", range=7, attack=3, life=9)

# ---- Izumi Samurai: Counter Strike -----------------------------------------------------------------------


def test_izumi_samurai_counter_strike_wounds_an_adjacent_attacker_per_excess_shield() -> None:
    eng = sandbox(fig("brute", "p1", (2, 2), BRUTE), fig("sam", "p2", (3, 2), C("Izumi Samurai")))
    roll(eng, [SKULL] + [SHIELD, SHIELD, SHIELD, BLANK, BLANK])  # 1 skull against 3 shields: 2 beyond
    events = attack(eng, "brute", "sam")
    assert kinds(events, "attack")[0]["wounds"] == 0
    assert kinds(events, "power") == [{"power": "Counter Strike", "figure": "sam", "target": "brute", "wounds": 2}]
    assert F(eng, "brute").wounds == 2 and F(eng, "sam").on_battlefield


def test_izumi_samurai_counter_strike_can_destroy_the_attacker() -> None:
    eng = sandbox(fig("brute", "p1", (2, 2), card(name="Frail", attack=1, life=1)), fig("sam", "p2", (3, 2), C("Izumi Samurai")))
    roll(eng, [BLANK] + [SHIELD, BLANK, BLANK, BLANK, BLANK])
    attack(eng, "brute", "sam")
    assert not F(eng, "brute").on_battlefield


def test_izumi_samurai_counter_strike_needs_excess_shields() -> None:
    eng = sandbox(fig("brute", "p1", (2, 2), card(name="Brute", attack=2, life=9)), fig("sam", "p2", (3, 2), C("Izumi Samurai")))
    roll(eng, [SKULL, SKULL] + [SHIELD, SHIELD, BLANK, BLANK, BLANK])
    events = attack(eng, "brute", "sam")
    assert not kinds(events, "power") and F(eng, "brute").wounds == 0


def test_izumi_samurai_counter_strike_does_not_reach_an_attacker_at_range() -> None:
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("sam", "p2", (4, 2), C("Izumi Samurai")))
    roll(eng, [BLANK, BLANK, BLANK] + [SHIELD] * 5)
    events = attack(eng, "archer", "sam")
    assert not kinds(events, "power") and F(eng, "archer").wounds == 0 and dice(eng).left == 0


def test_izumi_samurai_counter_strike_does_not_work_against_samurai() -> None:
    rival = card(name="Rival Samurai", cls="Samurai", attack=1, life=9)
    eng = sandbox(fig("rival", "p1", (2, 2), rival), fig("sam", "p2", (3, 2), C("Izumi Samurai")))
    roll(eng, [BLANK] + [SHIELD] * 5)
    events = attack(eng, "rival", "sam")
    assert not kinds(events, "power") and F(eng, "rival").wounds == 0


def test_izumi_samurai_counter_strike_counts_deadly_shot_hits_not_skulls() -> None:
    eng = sandbox(fig("o", "p1", (2, 2), C("Omnicron Snipers")), fig("sam", "p2", (3, 2), C("Izumi Samurai")))
    roll(eng, [SKULL] + [SHIELD, SHIELD, SHIELD, BLANK, BLANK])  # 2 hits, 3 shields: 1 beyond
    events = attack(eng, "o", "sam")
    assert kinds(events, "power")[0]["wounds"] == 1


# ---- Krav Maga Agents: Stealth Dodge ---------------------------------------------------------------------


def test_krav_maga_stealth_dodge_one_shield_blocks_everything_from_a_distant_attacker() -> None:
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("k", "p2", (4, 2), C("Krav Maga Agents")))
    roll(eng, [SKULL, SKULL, SKULL] + [SHIELD, BLANK, BLANK])
    ev = kinds(attack(eng, "archer", "k"), "attack")[0]
    assert (ev["skulls"], ev["shields"], ev["wounds"], ev["wound_reasons"]) == (3, 1, 0, ["Stealth Dodge"])
    assert F(eng, "k").on_battlefield


def test_krav_maga_stealth_dodge_fails_against_an_adjacent_attacker() -> None:
    eng = sandbox(fig("brute", "p1", (3, 2), card(name="Brute", attack=3)), fig("k", "p2", (4, 2), C("Krav Maga Agents")))
    roll(eng, [SKULL, SKULL, SKULL] + [SHIELD, BLANK, BLANK])
    ev = kinds(attack(eng, "brute", "k"), "attack")[0]
    assert ev["wounds"] == 2 and not F(eng, "k").on_battlefield


def test_krav_maga_stealth_dodge_needs_a_shield() -> None:
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("k", "p2", (4, 2), C("Krav Maga Agents")))
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK, BLANK, BLANK])
    ev = kinds(attack(eng, "archer", "k"), "attack")[0]
    assert ev["wounds"] == 1 and "wound_reasons" not in ev


# ---- Drake: Thorian Speed (targeting hook) -----------------------------------------------------------------


def test_drake_thorian_speed_refuses_a_normal_attack_from_a_distance() -> None:
    # rule: HS-SPECIAL-08 (the power beats the core rules: Drake is in range and sight)
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("drake", "p2", (4, 2), C("Drake")))
    err = refused(eng, "p1", "attack archer drake", "HS-SPECIAL-09")
    assert "Thorian Speed" in str(err)
    assert combat.legal_targets(eng.state, F(eng, "archer")) == []


def test_drake_thorian_speed_lets_an_adjacent_enemy_attack() -> None:
    eng = sandbox(fig("archer", "p1", (3, 2), ARCHER), fig("drake", "p2", (4, 2), C("Drake")))
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK, BLANK, BLANK])
    assert kinds(attack(eng, "archer", "drake"), "attack")[0]["wounds"] == 1


def test_drake_thorian_speed_does_not_stop_special_attacks() -> None:
    blaster = card(name="Blaster", powers=[special_power("Blast", range=5, attack=2)])
    eng = sandbox(fig("b", "p1", (0, 2), blaster), fig("drake", "p2", (4, 2), C("Drake")))
    assert combat.check_target(eng.state, F(eng, "b"), F(eng, "drake"), reach=5, special="Blast")
    roll(eng, [SKULL, SKULL] + [BLANK, BLANK, BLANK])
    assert kinds(eng.execute("p1", "special b Blast drake"), "attack")[0]["wounds"] == 2
