"""An obstacle between two spaces, as tall as either figure, is an adjacency exception (issue 10).

The rulebook lists a ruin between two figures among the exceptions to adjacency (001 § Adjacent
Exceptions): such figures are neither adjacent nor engaged, and a Range 1 figure may attack only
adjacent figures (HS-ATTACK-07) and needs line of sight to a figure it is not engaged with
(HS-ATTACK-01). Engagement, leaving-engagement attacks and attacks read one adjacency.
"""

from __future__ import annotations

import pytest

from bot.rules import combat, engagement
from bot.rules.dice import SKULL
from tests.rules.conftest import build, card, dice, fig, refused, roll, sandbox
from tests.rules.helpers_geo import attack, kinds, move

BRUTE = card(name="Brute", height=5, attack=3)  # Range 1
FOE = card(name="Foe", height=5, defense=0, life=9)


def ruin_between(height: int) -> object:
    return build(obstacles=[{"kind": "ruin", "between": [[2, 2], [3, 2]], "height": height}])


def test_a_range_1_figure_cannot_attack_an_enemy_across_a_taller_ruin() -> None:
    # rule: HS-ENGAGE-03
    # rule: HS-ATTACK-01
    # rule: HS-ATTACK-07
    # A ruin 6 levels high between two Height 5 figures: not adjacent, so no Range 1 attack.
    eng = sandbox(fig("brute", "p1", (2, 2), BRUTE), fig("foe", "p2", (3, 2), FOE), battlefield=ruin_between(6))
    st, brute, foe = eng.state, eng.state.figures["brute"], eng.state.figures["foe"]
    assert brute.hex.is_adjacent(foe.hex)
    assert not engagement.adjacent(st, brute, foe) and not engagement.engaged(st, brute, foe)
    err = refused(eng, "p1", "attack brute foe", "HS-ENGAGE-03")
    assert "ruin" in str(err) and "not adjacent" in str(err)
    assert combat.legal_targets(st, brute) == []


@pytest.mark.parametrize(("ruin", "apart"), [(4, False), (5, True), (6, True)])
def test_engagement_swipes_and_range_1_attacks_agree_across_a_ruin(ruin: int, apart: bool) -> None:
    # rule: HS-ENGAGE-03
    # rule: HS-ENGAGE-05
    # rule: HS-ATTACK-07
    # Lower than both figures (4): adjacent, engaged, a Range 1 attack and a swipe on leaving.
    # As tall as them (5) or taller (6): none of the three.
    eng = sandbox(fig("brute", "p1", (2, 2), BRUTE), fig("foe", "p2", (3, 2), FOE), battlefield=ruin_between(ruin))
    st, brute, foe = eng.state, eng.state.figures["brute"], eng.state.figures["foe"]
    assert engagement.adjacent(st, brute, foe) is not apart
    assert engagement.engaged(st, brute, foe) is not apart
    assert bool(combat.check_target(st, brute, foe)) is not apart
    roll(eng, [SKULL])  # the swipe's one die, if one is owed
    events = move(eng, "foe", [(4, 2)])
    assert len(kinds(events, "swipe")) == (0 if apart else 1)
    assert dice(eng).left == (1 if apart else 0)


def test_a_blast_still_reaches_a_figure_behind_a_wall_next_to_its_target() -> None:
    # rule: HS-SPECIAL-03
    # The adjacency exception is about figures facing each other; Explosion 1 hits every figure
    # next to its target, even behind a wall (the rulebook's Blunderbuss example).
    from tests.rules.conftest import special_power

    blaster = card(name="Blaster", range=7, powers=[special_power("Blast", range=7, attack=3, explosion=1)])
    walled = build(obstacles=[{"kind": "wall", "between": [[3, 2], [4, 2]], "height": 10}])
    eng = sandbox(fig("a", "p1", (0, 2), blaster), fig("t", "p2", (3, 2), FOE), fig("o", "p2", (4, 2), FOE),
                  battlefield=walled)
    assert not engagement.adjacent(eng.state, eng.state.figures["t"], eng.state.figures["o"])
    roll(eng, [SKULL, SKULL, SKULL])
    events = eng.execute("p1", "special a Blast t")
    assert [e["target"] for e in kinds(events, "attack")] == ["t", "o"]


def test_a_range_1_attack_on_a_neighbour_across_a_low_ruin_is_made() -> None:
    # rule: HS-ENGAGE-07
    eng = sandbox(fig("brute", "p1", (2, 2), BRUTE), fig("foe", "p2", (3, 2), FOE), battlefield=ruin_between(2))
    roll(eng, [SKULL, SKULL, SKULL])
    (ev,) = kinds(attack(eng, "brute", "foe"), "attack")
    assert ev["wounds"] == 3 and eng.state.figures["foe"].wounds == 3
