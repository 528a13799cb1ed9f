"""Pieces that start the game on an Army Card and leave it one at a time (Create Water's 3 water
tiles, Summon Vines' 3 Vines Glyphs, Rod of Negation's 3 Negation Markers): how many are left, and
taking one.

The count used so far is kept in the card's ``CardInPlay.data`` under the power's name, so it is
match state: saved with the match and rebuilt by replaying its commands.

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from bot.rules.cards import Power
from bot.rules.state import CardInPlay


def _key(power: Power) -> str:
    return f"supply:{power.name}"


def left(cip: CardInPlay, power: Power, total: str = "count") -> int:
    """How many of the power's pieces (``values[total]``: ``count``, or ``markers`` for Rod of
    Negation) are still on the card (0 or more)."""
    count = power.values.get(total)
    start = count if isinstance(count, int) else 0
    return max(0, start - int(cip.data.get(_key(power), 0)))


def take(cip: CardInPlay, power: Power, total: str = "count") -> int:
    """Take one piece off the card; returns how many are left after it.

    :raises ValueError: when none is left (the caller offers the power only while one is).
    """
    if left(cip, power, total) < 1:
        raise ValueError(f"no piece of {power.name} is left on {cip.card.name}")
    cip.data[_key(power)] = int(cip.data.get(_key(power), 0)) + 1
    return left(cip, power, total)
