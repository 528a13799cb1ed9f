"""Exact odds of one attack (:mod:`bot.rules.odds`) against an exhaustive enumeration of the dice.

For each situation of the table (attacker, defender, powers, terrain), every face combination of
the dice the engine rolls is enumerated (DEC-01: 3 skulls, 2 shields, 1 blank, so the ``6 ** n``
combinations are the ``3 ** n`` face sequences, each counted 3, 2 or 1 times per die) and played
through the real engine with scripted dice: the wounds the target takes (capped at its Life
left: a destroyed figure counts as its Life left) and the wounds the attacker takes back are
counted, and must equal :func:`bot.rules.odds.attack_odds` exactly, as whole numbers of ways. For
the situations with at most 6 dice all ``6 ** n`` combinations are also counted one by one through
the engine's own tally and Counter Strike's count.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from bot.rules import combat
from bot.rules.decisions import COMBAT_DIE_FACES
from bot.rules.engine import Engine
from bot.rules.modifiers import AttackContext
from bot.rules.odds import attack_odds, dice_odds
from bot.rules.powers.defense_powers import counter_strike_wounds
from bot.rules.state import TurnState
from bot.rules.timing import Expiry
from tests.powers.conftest import C
from tests.rules.conftest import build, card, dice, fig, roll, sandbox, special_power

SOLDIER = card(name="Soldier")  # Range 1, Attack 3, Defense 3, Life 4
ARCHER2 = card(name="Archer", range=7, attack=2, life=9)
BRUTE = card(name="Brute", attack=2, life=2)
WALL = card(name="Wall", defense=1, life=3)
BLASTER = card(name="Blaster", range=7, life=9, powers=[special_power("Blast", range=5, attack=2)])
HILL = build(hexes=[{"at": [5, 2], "level": 2, "terrain": "grass"}])
ROAD = build([{"q": [0, 7], "r": [0, 7], "level": 1, "terrain": "grass"},
              {"q": [0, 7], "r": [2, 2], "level": 1, "terrain": "road"}])


@dataclass(frozen=True)
class Case:
    """One attack: ``make`` builds the engine, ``command`` is the attack, ``powers`` the powers the
    odds must name, ``special`` the special attack's ``(name, dice)``."""

    name: str
    make: Callable[[], Engine]
    attacker: str
    target: str
    powers: tuple[str, ...] = ()
    special: tuple[str, int] | None = None

    @property
    def command(self) -> str:
        if self.special:
            return f"special {self.attacker} {self.special[0]} {self.target}"
        return f"attack {self.attacker} {self.target}"


def _zettian() -> Engine:
    eng = sandbox(fig("z1", "p1", (0, 2), C("Zettian Guards"), card_key="p1/z"),
                  fig("z2", "p1", (0, 4), C("Zettian Guards"), card_key="p1/z"),
                  fig("t", "p2", (4, 3), WALL))
    # The first Guard has attacked the target this turn: the second adds 1 die (Zettian Targeting).
    eng.state.turn = TurnState(player="p1", card_key="p1/z", marker=None, attacked=["z1"],
                               data={"attacks": [["z1", "t"]]})
    return eng


def _spirit() -> Engine:
    eng = sandbox(fig("s", "p1", (2, 2), SOLDIER), fig("t", "p2", (3, 2), WALL))
    eng.add_lasting("warriors_attack_spirit:p1/finn", "p1", Expiry.END_OF_GAME, card="p1/s", stat="attack",
                    amount=1, power="Warrior's Attack Spirit")
    return eng


CASES = [
    Case("plain adjacent", lambda: sandbox(fig("s", "p1", (2, 2), SOLDIER), fig("t", "p2", (3, 2), WALL)), "s", "t"),
    Case("wounded target, 1 Life left", lambda: sandbox(
        fig("s", "p1", (2, 2), SOLDIER), fig("t", "p2", (3, 2), WALL, wounds=2)), "s", "t"),
    # The example: 2 dice against a Krav Maga Agent on higher ground (3 + 1 defense dice).
    Case("Stealth Dodge at range, height advantage", lambda: sandbox(
        fig("a", "p1", (0, 2), ARCHER2), fig("k", "p2", (5, 2), C("Krav Maga Agents")), battlefield=HILL),
        "a", "k", ("Stealth Dodge",)),
    Case("Stealth Dodge does nothing adjacent", lambda: sandbox(
        fig("a", "p1", (3, 2), ARCHER2), fig("k", "p2", (4, 2), C("Krav Maga Agents"))), "a", "k"),
    Case("Stealth Dodge against a special attack", lambda: sandbox(
        fig("b", "p1", (0, 2), BLASTER), fig("k", "p2", (4, 2), C("Krav Maga Agents"))),
        "b", "k", ("Stealth Dodge",), ("Blast", 2)),
    Case("Deadly Shot", lambda: sandbox(
        fig("o", "p1", (0, 2), C("Omnicron Snipers")), fig("t", "p2", (5, 2), SOLDIER)), "o", "t", ("Deadly Shot",)),
    Case("Counter Strike", lambda: sandbox(
        fig("b", "p1", (2, 2), BRUTE), fig("sam", "p2", (3, 2), C("Izumi Samurai"))), "b", "sam"),
    Case("Counter Strike against Deadly Shot", lambda: sandbox(
        fig("o", "p1", (2, 2), C("Omnicron Snipers")), fig("sam", "p2", (3, 2), C("Izumi Samurai"))),
        "o", "sam", ("Deadly Shot",)),
    Case("no Counter Strike at range", lambda: sandbox(
        fig("a", "p1", (0, 2), ARCHER2), fig("sam", "p2", (4, 2), C("Izumi Samurai"))), "a", "sam"),
    Case("Sword of Reckoning", lambda: sandbox(
        fig("carr", "p1", (2, 2), C("Agent Carr")), fig("t", "p2", (3, 2), card(name="Box", defense=0, life=2))),
        "carr", "t"),
    Case("Attack Aura", lambda: sandbox(
        fig("finn", "p1", (2, 2), C("Finn")), fig("s", "p1", (3, 2), SOLDIER), fig("t", "p2", (4, 2), WALL)), "s", "t"),
    Case("Defensive Aura", lambda: sandbox(
        fig("s", "p1", (2, 2), SOLDIER), fig("t", "p2", (3, 2), WALL), fig("thorgrim", "p2", (4, 2), C("Thorgrim"))),
        "s", "t"),
    Case("Zettian Targeting", _zettian, "z2", "t"),
    Case("Road Strength", lambda: sandbox(
        fig("d", "p1", [(2, 2), (3, 2)], C("Dumutef Guard")), fig("t", "p2", (4, 2), card(name="Box", defense=0, life=3)),
        battlefield=ROAD), "d", "t"),
    Case("Warrior's Attack Spirit", _spirit, "s", "t"),
]


def _engine_ways(case: Case) -> tuple[int, int, list[int], list[int]]:
    """Every face combination played through the engine: attack and defense dice, then the ways
    of each number of wounds on the target and on the attacker (capped at their Life left)."""
    eng = case.make()
    st = eng.state
    a_fig, t_fig = st.figures[case.attacker], st.figures[case.target]
    a, _ = combat.attack_dice(st, a_fig, t_fig, special=case.special)
    d, _ = combat.defense_dice(st, a_fig, t_fig, special=case.special[0] if case.special else None)
    life_t = st.card_of(t_fig).stat("life") - t_fig.wounds
    life_a = st.card_of(a_fig).stat("life") - a_fig.wounds
    target_ways, attacker_ways = [0] * (life_t + 1), [0] * (life_a + 1)
    faces = sorted(set(COMBAT_DIE_FACES))
    for seq in itertools.product(faces, repeat=a + d):
        weight = 1
        for face in seq:
            weight *= COMBAT_DIE_FACES.count(face)
        eng = case.make()
        roll(eng, list(seq))
        eng.execute(eng.state.figures[case.attacker].controller, case.command)
        assert dice(eng).left == 0, "the engine rolled another number of dice"
        t, att = eng.state.figures[case.target], eng.state.figures[case.attacker]
        target_ways[life_t if t.destroyed else t.wounds - (st.figures[case.target].wounds)] += weight
        attacker_ways[life_a if att.destroyed else att.wounds - st.figures[case.attacker].wounds] += weight
    return a, d, target_ways, attacker_ways


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_exact_odds_equal_every_roll_of_the_engine(case: Case) -> None:
    # rule: HS-ATTACK-09, HS-ATTACK-10, HS-ATTACK-11, DEC-01
    a, d, target_ways, attacker_ways = _engine_ways(case)
    eng = case.make()
    st = eng.state
    odds = attack_odds(st, st.figures[case.attacker], st.figures[case.target], special=case.special)
    assert (odds.attack_dice, odds.defense_dice) == (a, d)
    assert odds.total == 6 ** (a + d) == sum(target_ways)
    assert list(odds.ways) == target_ways
    if any(attacker_ways[1:]):
        assert odds.returned_ways is not None and list(odds.returned_ways) == attacker_ways
    else:
        assert odds.returned_ways is None
    assert odds.powers == case.powers


def _dice_counts(case: Case) -> tuple[int, int]:
    st = case.make().state
    a_fig, t_fig = st.figures[case.attacker], st.figures[case.target]
    return (combat.attack_dice(st, a_fig, t_fig, special=case.special)[0],
            combat.defense_dice(st, a_fig, t_fig, special=case.special[0] if case.special else None)[0])


#: The situations with at most 6 dice in all (46,656 face combinations or fewer).
SMALL = [c for c in CASES if sum(_dice_counts(c)) <= 6]


@pytest.mark.parametrize("case", SMALL, ids=[c.name for c in SMALL])
def test_exact_odds_equal_all_six_to_the_n_faces(case: Case) -> None:
    # rule: HS-ATTACK-11, DEC-01 (every one of the 6 ** n face combinations, counted through the
    # engine's own tally and Counter Strike's count, without running the engine each time)
    st = case.make().state
    attacker, target = st.figures[case.attacker], st.figures[case.target]
    a, d = _dice_counts(case)
    ctx = AttackContext(attacker, target, case.special[0] if case.special else None)
    odds = attack_odds(st, attacker, target, special=case.special)
    ways = [0] * (odds.life_left + 1)
    back = [0] * (odds.attacker_life_left + 1)
    for faces in itertools.product(COMBAT_DIE_FACES, repeat=a + d):
        count = combat.tally(st, ctx, list(faces[:a]), list(faces[a:]))
        ways[min(count.wounds, odds.life_left)] += 1
        back[min(counter_strike_wounds(st, ctx, count), odds.attacker_life_left)] += 1
    assert list(odds.ways) == ways
    if odds.returned_ways is None:
        assert back[0] == odds.total  # no roll returns a wound
    else:
        assert list(odds.returned_ways) == back


def test_stealth_dodge_odds_are_the_rules_not_the_plain_dice() -> None:
    # rule: HS-ATTACK-11 (the example: 25 % shown where the rules give about 15 %)
    eng = sandbox(fig("a", "p1", (0, 2), ARCHER2), fig("k", "p2", (5, 2), C("Krav Maga Agents")), battlefield=HILL)
    st = eng.state
    odds = attack_odds(st, st.figures["a"], st.figures["k"])
    assert (odds.attack_dice, odds.defense_dice) == (2, 4)
    # Destroyed only when no shield shows (4 dice: (4/6)^4) and a skull does (1 - (1/2)^2).
    assert odds.chance(1) == pytest.approx((2 / 3) ** 4 * 0.75)
    assert round(odds.destroy, 3) == 0.148
    assert round(dice_odds(2, 4, 1).destroy, 3) == 0.247  # what the plain dice would say


def test_counter_strike_odds_sum_the_excess_shields() -> None:
    # rule: HS-ATTACK-11 (a Brute with 2 dice against Izumi's 5: each shield beyond the skulls is a wound back)
    eng = sandbox(fig("b", "p1", (2, 2), BRUTE), fig("sam", "p2", (3, 2), C("Izumi Samurai")))
    st = eng.state
    odds = attack_odds(st, st.figures["b"], st.figures["sam"])
    assert odds.attacker_life_left == 2 and odds.returned_ways is not None
    assert sum(odds.returned_ways) == odds.total
    assert odds.returned_expected > 0 and 0 < odds.attacker_destroyed < 1


def test_expected_wounds_count_no_more_than_the_life_left() -> None:
    # Moved from tests/test_ai.py (``ai.expected_wounds``, now gone): the same values, from the odds module.
    assert dice_odds(0, 3, 4).expected == 0
    assert dice_odds(4, 0, 9).expected == pytest.approx(2.0)
    assert dice_odds(4, 0, 1).expected == pytest.approx(1 - 0.5**4)
