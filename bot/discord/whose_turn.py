"""Whose turn it is, for the Discord adapter: a comparable key (to notice that the turn changed
between two interactions) and the words that tell it ("Alice's turn with Syvarris")."""

from __future__ import annotations

from bot.game.session import GameSession
from bot.rules.state import MatchState, Phase


def turn_key(st: MatchState) -> tuple[object, ...]:
    """Whose turn it is, as a comparable value: phase, round, the Player Turn (player, marker)
    and, while drafting, whose pick (DEC-13)."""
    turn = (st.turn.player, st.turn.marker) if st.turn is not None else None
    pick = st.draft.next if st.phase is Phase.SETUP and st.draft is not None else None
    return (st.phase, st.round, turn, pick)


def turn_words(session: GameSession) -> str:
    """Whose turn it is, in words ("Alice's turn with Syvarris", "round 2's Order Markers")."""
    st = session.state
    if st.phase is Phase.TURNS and st.turn is not None:
        card = st.cards[st.turn.card_key].card.short if st.turn.card_key in st.cards else "?"
        return f"{session.name(st.turn.player)}'s turn with {card}"
    if st.phase is Phase.ORDERS:
        return f"round {st.round}'s Order Markers"
    if st.phase is Phase.INITIATIVE:
        return f"round {st.round}'s initiative roll"
    if st.phase is Phase.SETUP and st.draft is not None and st.draft.next is not None:
        return f"{session.name(st.draft.next)}'s pick"
    if st.phase is Phase.OVER:
        return "the end of the match"
    return f"the {st.phase.value} phase"
