"""Attacking one's own figures (issue 10): the rulebook lets an attack target any figure within
Range and line of sight (HS-ATTACK-01); only powers that say "enemy" or "opponent" are limited to
enemies. The interfaces ask for a confirmation first; the computer never aims at a friend.
"""

from __future__ import annotations

from bot.rules import combat
from bot.rules.dice import BLANK, SKULL
from bot.rules.special import NORMAL_ATTACK, attack_options
from tests.powers.conftest import C
from tests.rules.conftest import card, fig, refused, roll, sandbox
from tests.rules.helpers_geo import attack, kinds

ARCHER = card(name="Archer", range=7, attack=3, life=9)
PAL = card(name="Pal", defense=0, life=9)


def test_a_figure_may_attack_its_own_side() -> None:
    # rule: HS-ATTACK-01
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("pal", "p1", (3, 2), PAL), fig("foe", "p2", (6, 6)))
    st = eng.state
    assert combat.friendly_target(st, st.figures["archer"], st.figures["pal"])
    roll(eng, [SKULL, SKULL, BLANK])
    (ev,) = kinds(attack(eng, "archer", "pal"), "attack")
    assert (ev["target"], ev["wounds"]) == ("pal", 2) and st.figures["pal"].wounds == 2


def test_a_teammates_figure_may_be_attacked_too() -> None:
    # rule: HS-ATTACK-01
    # rule: HS-ARMY-12
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("mate", "p3", (3, 2), PAL), fig("foe", "p2", (6, 6)),
                  players=("p1", "p2", "p3"), teams={"p1": "blue", "p3": "blue", "p2": "red"})
    roll(eng, [SKULL, BLANK, BLANK])
    (ev,) = kinds(attack(eng, "archer", "mate"), "attack")
    assert ev["wounds"] == 1


def test_friends_are_legal_targets_but_never_offered_as_aims() -> None:
    # rule: HS-ATTACK-01
    # rule: HS-ARMY-13
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("pal", "p1", (3, 2), PAL), fig("foe", "p2", (2, 5)))
    st = eng.state
    archer = st.figures["archer"]
    assert [t.id for t in combat.legal_targets(st, archer)] == ["pal", "foe"]
    assert [t.id for t in combat.legal_enemy_targets(st, archer)] == ["foe"]
    (normal,) = [o for o in attack_options(st, archer) if o.name == NORMAL_ATTACK]
    assert normal.targets == ("foe",)


def test_an_engaged_figure_still_attacks_only_the_enemy_it_is_engaged_with() -> None:
    # rule: HS-ENGAGE-07
    eng = sandbox(fig("brute", "p1", (2, 2)), fig("pal", "p1", (2, 3), PAL), fig("foe", "p2", (3, 2)))
    refused(eng, "p1", "attack brute pal", "HS-ENGAGE-07")


def test_thorian_speed_limits_only_enemies() -> None:
    # rule: HS-SPECIAL-08
    # Drake's power names enemies: a friend's archer may still shoot him from afar.
    eng = sandbox(fig("archer", "p1", (0, 2), ARCHER), fig("drake", "p1", (4, 2), C("Drake")),
                  fig("foe", "p2", (0, 5), ARCHER))
    st = eng.state
    assert combat.check_target(st, st.figures["archer"], st.figures["drake"])
    assert not combat.check_target(st, st.figures["foe"], st.figures["drake"])


def test_a_range_1_attack_on_a_friend_needs_adjacency() -> None:
    # rule: HS-ATTACK-07
    eng = sandbox(fig("brute", "p1", (2, 2)), fig("pal", "p1", (4, 2), PAL), fig("foe", "p2", (7, 7)))
    refused(eng, "p1", "attack brute pal", "HS-ATTACK-07")
