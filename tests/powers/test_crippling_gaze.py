"""Dund's Crippling Gaze 15 (``bot/rules/powers/turn_d20_gaze.py``): before moving, the d20 at a
figure within 5 clear sight spaces; on 15 or more its Army Card(s) lose every face-down Order
Marker, and those turns are lost (HS-ORDER-05: only their player learns which)."""

from __future__ import annotations

from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from tests.powers.conftest import powers
from tests.rules.conftest import DUMMY, LIB, begin_round, card, fig, markers, roll, sandbox

DUND = LIB.get("Dund")
GRUNTS = card(name="Grunts", kind="squad", rarity="common")


def _dund(*others: object, far: bool = False) -> Engine:
    at = (7, 7) if far else (2, 5)
    eng = sandbox(fig("dund", "p1", [(2, 2), (2, 1)], DUND), fig("d", "p2", at, DUMMY), *others)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers(DUND.name), p2=markers("Dummy"))
    return eng


def test_crippling_gaze_is_enforced() -> None:
    power = DUND.powers[0]
    assert power.name == "Crippling Gaze 15" and enforcement(power) is None


def test_on_15_the_targets_face_down_markers_are_removed_and_its_turns_lost() -> None:
    # rule: HS-ORDER-05
    eng = _dund()
    pend = eng.state.pending[0]
    assert pend.kind == "d20_gaze" and pend.options == ["d", "skip"]
    roll(eng, d20=[15])
    events = eng.execute("p1", "choose d")
    assert powers(events)[0]["success"] is True
    removed = next(e for e in events if e.kind == "orders_removed")
    assert removed.to == "p2" and removed.data["markers"] == ["1", "2", "3", "X"]
    assert eng.state.orders["p2"] == {}
    eng.execute("p1", "end-turn")
    # p2 has no marker left: every turn of this round is p1's
    assert eng.state.turn is not None and eng.state.turn.player == "p1" and eng.state.turn.marker == "2"


def test_under_15_nothing_happens() -> None:
    eng = _dund()
    roll(eng, d20=[14])
    events = eng.execute("p1", "choose d")
    assert powers(events)[0]["success"] is False and len(eng.state.orders["p2"]) == 4


def test_out_of_reach_no_offer() -> None:
    eng = _dund(far=True)
    assert not eng.state.pending


def test_every_common_card_of_that_name_loses_its_markers() -> None:
    eng = sandbox(fig("dund", "p1", [(2, 2), (2, 1)], DUND), fig("g1", "p2", (2, 5), GRUNTS, card_key="p2/grunts"),
                  fig("g2", "p2", (7, 7), GRUNTS, card_key="p2/grunts#2"))
    begin_round(eng, [20, 1], p1=markers(DUND.name), p2='1="p2/grunts" 2="p2/grunts#2" 3="p2/grunts" X="p2/grunts#2"')
    roll(eng, d20=[18])
    eng.execute("p1", "choose g1")
    assert eng.state.orders["p2"] == {}
