"""Kelda's Healing Touch (``bot/rules/powers/turn_d20_heal.py``): after moving, before attacking
(HS-TURN-06), the d20 for a wounded Hero next to Kelda: 1 adds 2 wounds, 2-5 removes 1, 6-17 up
to 2, 18-20 all."""

from __future__ import annotations

import pytest

from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from bot.rules.powers import enforcement
from bot.rules.powers.turn_d20_heal import is_heal_table
from tests.powers.conftest import F, powers
from tests.rules.conftest import DUMMY, LIB, begin_round, card, fig, markers, roll, sandbox

KELDA = LIB.get("Kelda the Kyrie Warrior")
HERO = card(name="Hero", life=6)
SQUAD = card(name="Grunts", kind="squad", rarity="common", life=1)


def _kelda(*others: object) -> Engine:
    eng = sandbox(fig("k", "p1", (2, 2), KELDA), fig("d", "p2", (7, 7), DUMMY), *others)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers(KELDA.name), p2=markers("Dummy"))
    return eng


def test_healing_touch_is_enforced() -> None:
    power = KELDA.power("d20_table")
    assert power is not None and enforcement(power) is None
    assert not is_heal_table({"window": "after move, before attack", "target": "adjacent wounded Hero",
                              "table": {"1-20": "remove 1 curse"}})


@pytest.mark.parametrize(("d20", "left"), [(2, 3), (6, 2), (17, 2), (18, 0)])
def test_the_table_removes_wounds(d20: int, left: int) -> None:
    eng = _kelda(fig("h", "p1", (3, 2), HERO, wounds=4))
    eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.kind == "d20_heal_table" and pend.options == ["h", "skip"]
    roll(eng, d20=[d20])
    events = eng.execute("p1", "choose h")
    assert F(eng, "h").wounds == left and powers(events)[0]["d20"] == d20


def test_a_1_adds_two_wounds() -> None:
    eng = _kelda(fig("h", "p1", (3, 2), HERO, wounds=1))
    eng.execute("p1", "end-turn")
    roll(eng, d20=[1])
    eng.execute("p1", "choose h")
    assert F(eng, "h").wounds == 3


def test_no_offer_without_a_wounded_hero_next_to_her() -> None:
    # a wounded Hero too far, an unwounded one next to her, a wounded Squad figure next to her
    eng = _kelda(fig("far", "p1", (5, 5), HERO, wounds=2), fig("fresh", "p1", (3, 2), HERO),
                 fig("g", "p1", (1, 2), SQUAD.model_copy(update={"life": 3}), wounds=1))
    eng.execute("p1", "end-turn")
    assert not eng.state.pending


def test_an_enemy_hero_comes_after_skip_and_the_answer_must_be_listed() -> None:
    eng = _kelda(fig("h", "p1", (3, 2), HERO, wounds=2), fig("e", "p2", (2, 3), HERO, wounds=2))
    eng.execute("p1", "end-turn")
    assert eng.state.pending[0].options == ["h", "skip", "e"]
    with pytest.raises(IllegalCommand):
        eng.execute("p1", "choose d")
    eng.execute("p1", "choose skip")
    assert F(eng, "h").wounds == 2 and F(eng, "e").wounds == 2
