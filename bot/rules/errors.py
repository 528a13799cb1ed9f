"""Errors the rules core raises. Each message is written for a player: what is wrong and what would be right.

- :class:`InvalidCommand`: the text cannot be understood (unknown figure, bad space label).
- :class:`IllegalCommand`: understood, but the rules forbid it now; carries the ledger ID broken.
- :class:`DiceExhausted`: a scripted dice source ran out (tests and rules cases only).

Messages describe what to do in words, never in one adapter's syntax ("pick one Army Card when
your pick comes", not "type draft CARD"): the rules core does not know whether the player types
in a terminal or uses slash commands. An error may name the ``actions`` that would help (keys of
:mod:`bot.game.howto`, e.g. ``"draft"``); the adapter's session looks up how to do them and sets
``how``, which ``str()`` appends. ``str()`` also starts the message with a capital letter, so a
message is written in lower case like a clause and shown as a sentence, except when it starts with
a name that is written in lower case everywhere (a figure id like ``syvarris``): the adapter's
session sets ``names`` to the match's figure ids, and those keep their case.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from bot.games.ruleset import Refused

#: The first word of a message: what :func:`sentence` compares with the names to keep.
_FIRST_WORD = re.compile(r"[\w-]+")


def sentence(text: str, keep: Collection[str] = ()) -> str:
    """``text`` with its first character upper-cased when it is a lower-case letter, unless its
    first word is one of ``keep`` (names read the same everywhere, e.g. figure ids).

    >>> sentence("the draft is over")
    'The draft is over'
    >>> sentence("'x' is not a card")
    "'x' is not a card"
    >>> sentence("zettian1 has no line of sight to grimnak", keep={"zettian1", "grimnak"})
    'zettian1 has no line of sight to grimnak'
    """
    first = _FIRST_WORD.match(text)
    if first is not None and first.group() in keep:
        return text
    return text[:1].upper() + text[1:] if text[:1].islower() else text


class RulesError(Refused):
    """Base of every error the rules core raises on a player's command; the state is unchanged.

    ``message`` is the reason in words (lower-case start, no closing full stop); ``rule`` the
    ledger clause or decision broken, if any; ``actions`` what would help, as how-to keys for the
    adapter; ``how`` the adapter's words for them (empty until an adapter sets it); ``names`` the
    words a message may start with that keep their lower case (the match's figure ids, set by the
    adapter's session like ``how``).
    """

    rule: str | None = None

    def __init__(self, message: str, rule: str | None = None, *, actions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        if rule is not None:
            self.rule = rule
        self.actions = actions
        self.how = ""
        self.names: frozenset[str] = frozenset()

    def __str__(self) -> str:
        text = sentence(self.message, self.names)
        if self.rule:
            text += f" ({self.rule})"
        if self.how:
            text += (" " if text.endswith((".", "?", "!")) else ". ") + self.how
        return text


class InvalidCommand(RulesError):
    """The command cannot be parsed or names something that does not exist."""


class IllegalCommand(RulesError):
    """The command is understood but breaks a rule now (``rule`` names the ledger clause)."""


class ArmyError(IllegalCommand):
    """An army breaks an army-building rule (points, figures, spaces, Unique cards, incomplete cards)."""


class DiceExhausted(RulesError):
    """A scripted dice source was asked for a die it does not have."""
