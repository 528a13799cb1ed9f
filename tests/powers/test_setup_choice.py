"""Parmenio's Disciplined Influence (``bot/rules/powers/turn_setup_choice.py``): at the start of the
battle his player may name one of their Unique Army Cards, which counts as Disciplined for the whole
game (every power that asks for a personality sees it)."""

from __future__ import annotations

from bot.rules.match import Match
from bot.rules.powers import enforcement
from bot.rules.powers._who import parse_who
from tests.rules.conftest import DUMMY, LIB, full_match, markers, roll

PARMENIO = LIB.get("Parmenio")
FINN = LIB.get("Finn the Viking Champion")


def _match() -> Match:
    return full_match({"p1": [PARMENIO.id, FINN.id], "p2": [DUMMY]}, library=[PARMENIO, FINN])


def test_disciplined_influence_is_enforced() -> None:
    power = PARMENIO.power("setup_choice")
    assert power is not None and enforcement(power) is None


def test_finn_counts_as_disciplined_for_the_whole_battle() -> None:
    m = _match()
    pend = m.state.pending[0]
    finn_key = next(k for k, c in m.state.cards.items() if c.card.name == FINN.name)
    assert pend.kind == "setup_choice" and pend.options == [finn_key, "skip"] and pend.shown == ["Finn", "skip"]
    m.apply("p1", f"choose {finn_key}")
    card = m.state.cards[finn_key].card
    assert card.personality == "Disciplined" and parse_who("Disciplined figures").matches(card)
    assert LIB.get(FINN.name).personality == "Valiant"  # the library card is untouched


def test_skip_keeps_finn_valiant_and_is_not_asked_again() -> None:
    m = _match()
    m.apply("p1", "choose skip")
    finn_key = next(k for k, c in m.state.cards.items() if c.card.name == FINN.name)
    assert m.state.cards[finn_key].card.personality == "Valiant"
    m.apply("p1", "orders " + markers(PARMENIO.name))
    m.apply("p2", "orders " + markers("Dummy"))
    roll(m, d20=[20, 1])
    m.apply("p1", "initiative")
    assert not any(p.kind == "setup_choice" for p in m.state.pending)
