"""What the temporary glyphs share: names, d20 rolls with Lodin, the ``glyph`` event, opponents and
the order of simultaneous rolls. Imports no other glyph module but the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.glyphs.board import d20_bonus
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger
from bot.rules.windows import seat_rank

if TYPE_CHECKING:
    from bot.rules.context import RulesContext


def name_of(st: MatchState, pid: str) -> str:
    """A player's name, or the id for a player who is not seated."""
    return next((p.name for p in st.players if p.id == pid), pid)


def roll(eng: RulesContext, player: str) -> int:
    """One d20 for ``player``, with Lodin's +1 when they hold it (HS-GLYPH-13)."""
    return eng.roll_d20() + d20_bonus(eng.state, player)


def say(eng: RulesContext, trig: Trigger, result: str, **data: Any) -> None:
    """The ``glyph`` event: what the glyph of ``trig`` did, in words (narration reads ``result``)."""
    name = str(trig.get("name"))
    eng.emit("glyph", glyph=name, title=f"Glyph of {name.capitalize()}", figure=trig.subject, player=trig.controller,
             result=result, **data)


def opponents(st: MatchState, player: str) -> list[str]:
    """The players still in the battle on another side than ``player``, in seat order."""
    side = next((p.side for p in st.players if p.id == player), player)
    return [p.id for p in st.players if not p.conceded and p.side != side]


def in_roll_order(st: MatchState) -> list[tuple[str, list[Figure]]]:
    """Each player with their figures, in the order simultaneous rolls are made: the active player
    first, then the others in turn order (HS-TIMING-04), each player's figures in match order."""
    rank = seat_rank(st)
    players = sorted((p.id for p in st.players), key=lambda p: rank.get(p, 99))
    return [(p, [f for f in st.figures.values() if f.controller == p]) for p in players]
