"""Deathwalker 7000's Self-Destruct (``bot/rules/powers/turn_self_destruct.py``): after moving,
instead of attacking (HS-TURN-06), it is destroyed and the d20 says the wounds of each figure next
to it: 1-3 none, 4-15 two, 16-19 four, 20 eight."""

from __future__ import annotations

from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.rules.conftest import LIB, begin_round, card, fig, markers, roll, sandbox

DW = LIB.get("Deathwalker 7000")
TOUGH = card(name="Tough", life=10)


def _dw(*others: object) -> Engine:
    eng = sandbox(fig("dw", "p1", (2, 2), DW), *others)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers(DW.name), p2=markers("Tough"))
    return eng


def test_self_destruct_is_enforced() -> None:
    power = DW.power("d20_table")
    assert power is not None and power.name == "Self-Destruct" and enforcement(power) is None


def test_on_16_each_adjacent_figure_takes_4_and_deathwalker_is_destroyed() -> None:
    eng = _dw(fig("a", "p2", (3, 2), TOUGH), fig("b", "p2", (1, 2), TOUGH.model_copy(update={"name": "Tough B"})),
              fig("far", "p2", (6, 6), TOUGH.model_copy(update={"name": "Far"})))
    eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.kind == "d20_self_destruct" and pend.options == ["self-destruct", "skip"]  # 2 enemies, no friend
    roll(eng, d20=[16])
    events = eng.execute("p1", "choose self-destruct")
    assert (F(eng, "a").wounds, F(eng, "b").wounds, F(eng, "far").wounds) == (4, 4, 0)
    assert F(eng, "dw").destroyed and powers(events)[0]["d20"] == 16


def test_on_3_nobody_is_hurt_but_deathwalker_is_still_destroyed() -> None:
    eng = _dw(fig("a", "p2", (3, 2), TOUGH))
    eng.execute("p1", "end-turn")
    assert eng.state.pending[0].options == ["skip", "self-destruct"]  # one enemy: not worth it for the computer
    roll(eng, d20=[3])
    eng.execute("p1", "choose self-destruct")
    assert F(eng, "a").wounds == 0 and F(eng, "dw").destroyed


def test_skip_keeps_it_and_it_may_attack() -> None:
    eng = _dw(fig("a", "p2", (3, 2), TOUGH))
    roll(eng, ["blank"] * 20)
    eng.execute("p1", "attack dw a")
    assert eng.state.pending[0].kind == "d20_self_destruct"
    events = eng.execute("p1", "choose skip")
    assert not F(eng, "dw").destroyed and any(e.kind == "attack" for e in events)


def test_no_one_next_to_it_no_offer() -> None:
    eng = _dw(fig("far", "p2", (6, 6), TOUGH))
    eng.execute("p1", "end-turn")
    assert not eng.state.pending
