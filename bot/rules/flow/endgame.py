"""The end of the match: victory checked after each Player Turn and each round (HS-VICTORY-*).

The conditions themselves are :mod:`bot.rules.victory`; this module declares the result, scores
at the end of a round, and closes every open window and decision.
"""

from __future__ import annotations

from bot.rules.context import Referee
from bot.rules.state import Phase
from bot.rules.victory import check_victory as victory_reached
from bot.rules.victory import scores


def check_victory(eng: Referee, end_of_round: bool) -> bool:
    """Check victory (HS-VICTORY-*) and declare it; ``True`` when the match is over."""
    st = eng.state
    result = victory_reached(st, end_of_round)
    if result is None:
        return False
    winners, words = result
    if end_of_round:
        st.scores = scores(st)
        eng.emit("scores", scores=dict(st.scores))
    declare(eng, winners, words)
    return True


def declare(eng: Referee, winners: list[str], words: str) -> None:
    """End the match with ``winners``: no window or decision stays open."""
    st = eng.state
    st.winners = winners
    st.result = words
    st.phase = Phase.OVER
    st.turn = None
    st.pending = []
    st.windows = []
    eng.emit("victory", winners=winners, result=words)
