"""Saylind's Spear of Summoning (``bot/rules/powers/turn_spear_summoning.py``): after moving,
before attacking (HS-TURN-06), the d20 for one of her player's figures; on 9 or more it is put on
an empty space next to her, with no leaving-engagement attacks."""

from __future__ import annotations

import pytest

from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.rules.conftest import DUMMY, LIB, begin_round, card, fig, markers, roll, sandbox

SAYLIND = LIB.get("Saylind the Kyrie Warrior")
ALLY = card(name="Ally")


def _saylind(*others: object) -> Engine:
    eng = sandbox(fig("s", "p1", (2, 2), SAYLIND), fig("ally", "p1", (6, 6), ALLY), *others)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers(SAYLIND.name), p2=markers("Dummy"))
    return eng


def test_spear_of_summoning_is_enforced() -> None:
    power = next(p for p in SAYLIND.powers if p.name == "Spear of Summoning")
    assert enforcement(power) is None


def test_on_9_the_ally_is_put_next_to_her_without_leaving_engagement_attacks() -> None:
    # the ally is engaged with an enemy: put, not moved, it takes no leaving-engagement attack
    eng = _saylind(fig("d", "p2", (6, 7), DUMMY))
    eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.kind == "d20_spear" and pend.options == ["skip", "ally"]
    roll(eng, d20=[9])
    eng.execute("p1", "choose ally")
    where = eng.state.pending[0]
    assert all(eng.state.battlefield.parse_space(o).is_adjacent(Hex(2, 2)) for o in where.options)
    events = eng.execute("p1", "choose 3,2")
    assert F(eng, "ally").hexes == (Hex(3, 2),) and F(eng, "ally").wounds == 0
    assert not [e for e in events if e.kind == "swipe"] and powers(events)[-1]["target"] == "ally"


def test_under_9_it_stays() -> None:
    eng = _saylind(fig("d", "p2", (7, 7), DUMMY))
    eng.execute("p1", "end-turn")
    roll(eng, d20=[8])
    events = eng.execute("p1", "choose ally")
    assert powers(events)[0]["success"] is False and F(eng, "ally").hexes == (Hex(6, 6),)


def test_a_space_not_next_to_her_is_refused() -> None:
    eng = _saylind(fig("d", "p2", (7, 7), DUMMY))
    eng.execute("p1", "end-turn")
    roll(eng, d20=[12])
    eng.execute("p1", "choose ally")
    with pytest.raises(IllegalCommand):
        eng.execute("p1", "choose 5,5")
    assert F(eng, "ally").hexes == (Hex(6, 6),)


def test_with_no_other_figure_of_hers_no_offer() -> None:
    eng = sandbox(fig("s", "p1", (2, 2), SAYLIND), fig("d", "p2", (7, 7), DUMMY))
    begin_round(eng, [20, 1], p1=markers(SAYLIND.name), p2=markers("Dummy"))
    eng.execute("p1", "end-turn")
    assert not eng.state.pending
