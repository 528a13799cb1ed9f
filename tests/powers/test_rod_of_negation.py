"""Morsbane's Rod of Negation (``bot/rules/powers/turn_rod_of_negation.py``): as each Player Turn
ends, while Negation Markers are left, the d20 at an opponent's Unique figure within 6 clear sight
spaces: 16-19 negates its card's powers for the battle (as Nilrend, HS-GLYPH-28), 20 destroys it."""

from __future__ import annotations

from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.rules.conftest import LIB, begin_round, card, fig, markers, roll, sandbox

MORSBANE = LIB.get("Morsbane")
FINN = LIB.get("Finn the Viking Champion")
GRUNTS = card(name="Grunts", kind="squad", rarity="common")


def _rod(*others: object) -> Engine:
    eng = sandbox(fig("m", "p1", (2, 2), MORSBANE), fig("finn", "p2", (2, 5), FINN), *others)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers(MORSBANE.name), p2=markers(FINN.name))
    return eng


def test_rod_of_negation_is_enforced() -> None:
    power = MORSBANE.powers[0]
    assert power.name == "Rod of Negation" and enforcement(power) is None


def test_on_16_finns_powers_stop_for_the_battle() -> None:
    # rule: HS-GLYPH-28
    eng = _rod()
    eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.kind == "d20_rod_of_negation" and pend.options == ["finn", "skip"]
    roll(eng, d20=[16])
    events = eng.execute("p1", "choose finn")
    assert powers(events)[0]["success"] is True
    cip = eng.state.cards[F(eng, "finn").card_key]
    assert cip.data["negated"] and cip.card.powers == []
    assert eng.state.cards[F(eng, "m").card_key].data["supply:Rod of Negation"] == 1


def test_on_20_finn_is_destroyed_and_no_marker_is_used() -> None:
    eng = _rod()
    eng.execute("p1", "end-turn")
    roll(eng, d20=[20])
    eng.execute("p1", "choose finn")
    assert F(eng, "finn").destroyed
    assert "supply:Rod of Negation" not in eng.state.cards[F(eng, "m").card_key].data


def test_under_16_nothing_and_it_is_offered_again_at_the_next_turns_end() -> None:
    eng = _rod()
    eng.execute("p1", "end-turn")
    roll(eng, d20=[15])
    eng.execute("p1", "choose finn")
    assert eng.state.cards[F(eng, "finn").card_key].card.powers
    assert eng.state.turn is not None and eng.state.turn.player == "p2"
    eng.execute("p2", "end-turn")  # an opponent's turn ends too
    assert eng.state.pending and eng.state.pending[0].kind == "d20_rod_of_negation"


def test_no_unique_figure_in_reach_no_offer() -> None:
    eng = sandbox(fig("m", "p1", (2, 2), MORSBANE), fig("finn", "p2", (7, 7), FINN),
                  fig("g", "p2", (2, 4), GRUNTS, card_key="p2/grunts"))
    begin_round(eng, [20, 1], p1=markers(MORSBANE.name), p2=markers(FINN.name))
    eng.execute("p1", "end-turn")
    assert not eng.state.pending


def test_no_marker_left_no_offer() -> None:
    eng = _rod()
    eng.state.cards[F(eng, "m").card_key].data["supply:Rod of Negation"] = 3
    eng.execute("p1", "end-turn")
    assert not eng.state.pending
