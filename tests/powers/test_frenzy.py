"""Frenzy (``bot/rules/powers/turn_frenzy.py``): as the card's turn ends, the d20; on 16 or more the
card takes another turn at once (Venoc Vipers, Aubrien Archers, Elite Onyx Vipers); Venoc
Warlord's Frenzy Enhancement adds 1 to the roll."""

from __future__ import annotations

from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from tests.powers.conftest import powers
from tests.rules.conftest import DUMMY, LIB, begin_round, fig, markers, roll, sandbox

VIPERS = LIB.get("Venoc Vipers")
WARLORD = LIB.get("Venoc Warlord")
KEY = "p1/vipers"


def _vipers(*others: object) -> Engine:
    eng = sandbox(*(fig(f"v{i}", "p1", (1, i), VIPERS, card_key=KEY) for i in range(1, 4)),
                  fig("d", "p2", (7, 7), DUMMY), *others)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers(VIPERS.name), p2=markers("Dummy"))
    return eng


def test_frenzy_and_its_enhancement_are_enforced() -> None:
    for card in ("Venoc Vipers", "Aubrien Archers", "Elite Onyx Vipers"):
        power = next(p for p in LIB.get(card).powers if p.name == "Frenzy")
        assert enforcement(power) is None, card
    enhancement = WARLORD.power("roll_modifier")
    assert enhancement is not None and enforcement(enhancement) is None


def test_on_16_the_vipers_take_another_turn_at_once() -> None:
    # rule: HS-TURN-05
    eng = _vipers()
    roll(eng, d20=[16])
    events = eng.execute("p1", "end-turn")
    frenzy = powers(events)[0]
    assert (frenzy["power"], frenzy["d20"], frenzy["success"]) == ("Frenzy", 16, True)
    turn = eng.state.turn
    assert turn is not None and (turn.player, turn.card_key, turn.marker) == ("p1", KEY, "1")
    assert turn.moved == [] and turn.stage.value == "move"
    roll(eng, d20=[3])  # after the extra turn Frenzy is rolled again: 3 ends it
    eng.execute("p1", "end-turn")
    assert eng.state.turn is not None and eng.state.turn.player == "p2"


def test_under_16_the_turn_passes() -> None:
    eng = _vipers()
    roll(eng, d20=[15])
    events = eng.execute("p1", "end-turn")
    assert powers(events)[0]["success"] is False
    assert eng.state.turn is not None and eng.state.turn.player == "p2"


def test_venoc_warlord_adds_1_so_15_is_enough() -> None:
    eng = _vipers(fig("w", "p1", (3, 3), WARLORD))
    roll(eng, d20=[15])
    events = eng.execute("p1", "end-turn")
    frenzy = powers(events)[0]
    assert (frenzy["d20"], frenzy["total"], frenzy["success"]) == (15, 16, True)
    assert eng.state.turn is not None and eng.state.turn.card_key == KEY


def test_an_opponents_warlord_adds_nothing() -> None:
    eng = _vipers(fig("w", "p2", (3, 3), WARLORD))
    roll(eng, d20=[15])
    events = eng.execute("p1", "end-turn")
    assert powers(events)[0]["success"] is False and "total" not in powers(events)[0]
