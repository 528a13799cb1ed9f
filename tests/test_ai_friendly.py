"""The computer never attacks a figure of its own side (issue 10), though the rules now allow it
(HS-ATTACK-01): it aims only at enemies (HS-ARMY-13)."""

from __future__ import annotations

from bot.game import ai
from bot.game.session import cards
from bot.rules import combat
from tests.rules.conftest import card, fig, sandbox

ARCHER = card(name="Archer", range=7, attack=3, life=9)
DUMMY = card(name="Dummy", defense=0, life=9)


def test_the_computer_passes_over_a_friend_in_range() -> None:
    # rule: HS-ATTACK-01
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("pal", "p1", (3, 2), DUMMY), fig("foe", "p2", (7, 7), DUMMY))
    st = eng.state
    archer = st.figures["archer"]
    assert combat.legal_targets(st, archer) == [st.figures["pal"]]  # legal, but not for the computer
    assert ai.targets(st, archer) == []
    assert ai.best_attack(st, [archer], [], [], 1) is None


def test_the_computer_never_aims_a_special_attack_at_a_friend() -> None:
    # rule: HS-ATTACK-01
    dw = cards().get("Deathwalker 9000")
    eng = sandbox(fig("dw", "p1", (0, 2), dw), fig("pal", "p1", (4, 2), DUMMY), fig("foe", "p2", (7, 7), DUMMY))
    st = eng.state
    cmd = ai.best_attack(st, [st.figures["dw"]], [], [], 1)
    assert cmd is None or "pal" not in cmd.split()


def test_the_computer_never_makes_a_special_attack_that_would_hit_itself() -> None:
    # rule: HS-ATTACK-01 (legal), HS-EXPLOSION-01: an Explosion on a figure next to the attacker hits it too
    dw = cards().get("Deathwalker 9000")
    eng = sandbox(fig("dw", "p1", (0, 2), dw), fig("foe", "p2", (1, 2), DUMMY))
    st = eng.state
    walker = st.figures["dw"]
    assert ai.special_options(st, walker) == []
    cmd = ai.best_attack(st, [walker], [], [], 1)
    assert cmd is None or not cmd.startswith("special")
