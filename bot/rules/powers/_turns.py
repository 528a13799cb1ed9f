"""Helpers for powers used during their own card's turn: which card's turn it is, its figures,
once-per-turn flags, and spaces written as labels.

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.cards import Power
from bot.rules.hexes import Hex
from bot.rules.state import CardInPlay, Figure, MatchState, TurnState

if TYPE_CHECKING:
    from bot.rules.context import RulesContext


def turn_card(engine: RulesContext, kind: str) -> tuple[TurnState, CardInPlay, Power] | None:
    """The Army Card turn under way, when its card has a power of ``kind``: turn, card, power."""
    st = engine.state
    turn = st.turn
    if turn is None or turn.card_key is None or turn.card_key not in st.cards:
        return None
    cip = st.cards[turn.card_key]
    power = cip.card.power(kind)
    if power is None:
        return None
    return turn, cip, power


def living(state: MatchState, card_key: str) -> list[Figure]:
    """The card's figures on the battlefield, by id."""
    return sorted((f for f in state.figures_of(card_key) if f.on_battlefield), key=lambda f: f.id)


def unused_turn_card(engine: RulesContext, kind: str) -> tuple[TurnState, CardInPlay, Power] | None:
    """As :func:`turn_card`, but ``None`` once the power was used or declined this turn."""
    found = turn_card(engine, kind)
    if found is None or found[0].data.get(flag(kind, found[1].key)):
        return None
    return found


def flag(name: str, card_key: str) -> str:
    """The key of a once-per-turn flag of a card's power in ``turn.data``."""
    return f"{name}:{card_key}"


def labels(state: MatchState, spaces: list[Hex]) -> list[str]:
    """Spaces as their labels, in the order given."""
    return [state.battlefield.label(h) for h in spaces]


def parse_spaces(state: MatchState, text: str) -> list[Hex] | None:
    """Space labels separated by spaces or commas (``"F7 G9"``), or ``None`` if one is not a space."""
    out = []
    for word in text.replace(",", " ").split():
        try:
            out.append(state.battlefield.parse_space(word))
        except ValueError:
            return None
    return out


def space_answer(state: MatchState, text: str, allowed: list[Hex]) -> str | None:
    """The label of the one space ``text`` names (a label, any case, or an axial pair ``"2,3"``) when
    it is one of ``allowed``, else ``None``: for a decision whose spaces are typed (``Effect.accept``)."""
    try:
        h = state.battlefield.parse_space(text.strip())
    except ValueError:
        return None
    return state.battlefield.label(h) if h in allowed else None
