"""Jotun's Throw 14 (``bot/rules/powers/turn_throw.py``): after moving, before attacking
(HS-TURN-06), the d20 at a Small or Medium figure without Flying next to him; on 14 or more it is
put on an empty space within 4 spaces in his sight (no leaving-engagement attacks), then a second
d20 of 11 or more gives it 2 wounds, unless it landed on water."""

from __future__ import annotations

import pytest

from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.rules.conftest import LIB, begin_round, build, card, fig, markers, roll, sandbox

JOTUN = LIB.get("Jotun")
MAN = card(name="Man", life=5)
BIRD = card(name="Bird", keywords=["flying"])
LAKE = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
             hexes=[{"at": [5, 2], "level": 1, "terrain": "water"}])


def _jotun(*others: object, battlefield: object = None, foe: str = "Man") -> Engine:
    figs = [fig("j", "p1", [(2, 2), (2, 1)], JOTUN), *others]
    eng = sandbox(*figs, battlefield=battlefield) if battlefield is not None else sandbox(*figs)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers(JOTUN.name), p2=markers(foe))
    return eng


def test_throw_is_enforced() -> None:
    power = next(p for p in JOTUN.powers if p.name == "Throw 14")
    assert enforcement(power) is None


def test_on_14_the_man_lands_where_picked_and_11_wounds_him() -> None:
    eng = _jotun(fig("m", "p2", (3, 2), MAN), battlefield=LAKE)
    eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.kind == "d20_throw" and pend.options == ["m", "skip"]
    roll(eng, d20=[14])
    eng.execute("p1", "choose m")
    spaces = [eng.state.battlefield.parse_space(o) for o in eng.state.pending[0].options]
    assert all(min(h.distance(x) for x in F(eng, "j").hexes) <= 4 for h in spaces) and Hex(4, 4) in spaces
    roll(eng, d20=[11])
    events = eng.execute("p1", "choose 4,4")
    assert F(eng, "m").hexes == (Hex(4, 4),) and F(eng, "m").wounds == 2
    assert not [e for e in events if e.kind == "swipe"] and powers(events)[-1]["success"] is True


def test_landing_in_water_hurts_nobody_and_rolls_no_second_d20() -> None:
    eng = _jotun(fig("m", "p2", (3, 2), MAN), battlefield=LAKE)
    eng.execute("p1", "end-turn")
    roll(eng, d20=[20])
    eng.execute("p1", "choose m")
    events = eng.execute("p1", "choose 5,2")  # no d20 scripted: none may be rolled
    assert F(eng, "m").hexes == (Hex(5, 2),) and F(eng, "m").wounds == 0
    assert "lands in water" in powers(events)[-1]["result"]


def test_under_14_he_stays() -> None:
    eng = _jotun(fig("m", "p2", (3, 2), MAN))
    eng.execute("p1", "end-turn")
    roll(eng, d20=[13])
    eng.execute("p1", "choose m")
    assert F(eng, "m").hexes == (Hex(3, 2),) and not eng.state.pending


def test_a_space_out_of_reach_is_refused() -> None:
    eng = _jotun(fig("m", "p2", (3, 2), MAN))
    eng.execute("p1", "end-turn")
    roll(eng, d20=[14])
    eng.execute("p1", "choose m")
    with pytest.raises(IllegalCommand):
        eng.execute("p1", "choose 9,9")
    assert F(eng, "m").hexes == (Hex(3, 2),)


def test_a_flying_or_large_figure_is_not_offered() -> None:
    eng = _jotun(fig("b", "p2", (3, 2), BIRD), fig("big", "p2", (1, 2), card(name="Big", size="large")), foe="Bird")
    eng.execute("p1", "end-turn")
    assert not eng.state.pending
