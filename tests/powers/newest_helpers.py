"""Shared setup of the tests of the newest sets' powers (``test_newest_sets_powers*.py``): a library
card's power by name, and plain targets."""

from __future__ import annotations

from bot.rules.cards import Power
from tests.powers.conftest import LIB
from tests.rules.conftest import card

#: A Hero that never blocks and takes 20 wounds.
TARGET = card(name="Target", life=20, defense=0)
#: A Hero that never blocks and takes 9 wounds.
VICTIM = card(name="Victim", life=9, defense=0)


def library_power(card_name: str, power_name: str) -> Power:
    """The power called ``power_name`` of the library card ``card_name``."""
    return next(p for p in LIB.get(card_name).powers if p.name == power_name)
