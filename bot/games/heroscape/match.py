"""A Heroscape match as the seam's :class:`~bot.games.ruleset.GameMatch`.

Every :class:`~bot.game.session.GameSession` answers the protocol's questions
(:class:`bot.game.seam.GameMatchAnswers`); :class:`HeroscapeMatch` adds the game's name to its record.
"""

from __future__ import annotations

from typing import Any

from bot.game.seam import LEGAL_LISTED, NAME
from bot.game.session import GameSession

__all__ = ["LEGAL_LISTED", "NAME", "HeroscapeMatch"]


class HeroscapeMatch(GameSession):
    """A Heroscape match built by the ruleset: a :class:`GameSession` whose record names its game."""

    def to_record(self) -> dict[str, Any]:
        """The session's record with ``"ruleset"`` added (see :meth:`GameSession.to_record`)."""
        return {"ruleset": NAME, **super().to_record()}
