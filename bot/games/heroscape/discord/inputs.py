"""Heroscape's option values: the generic checks (:mod:`bot.discord.inputs`: one word, several
words, the command text) and its own: waypoints and Army Card lists."""

from __future__ import annotations

from bot.discord.errors import UserError
from bot.discord.inputs import command, word, words
from bot.rules.commands import split_spaces

__all__ = ["army_cards", "command", "spaces", "word", "words"]


def spaces(value: str | None) -> list[str]:
    """Space labels separated by blanks or commas (the ``via`` of ``/move``; an axial ``q,r`` stays one
    space); ``[]`` when the option was left empty or blank (no waypoints)."""
    return split_spaces((value or "").split())


def army_cards(value: str | None) -> list[str]:
    """The Army Card names of ``/army set``: separated by ``;`` (or ``,``), blanks squeezed.

    :raises UserError: no card is named (an empty, blank or separators-only value).
    """
    names = [" ".join(n.split()) for n in (value or "").replace(",", ";").split(";")]
    names = [n for n in names if n]
    if not names:
        raise UserError("Name at least one Army Card, e.g. `/army set cards: Finn; Tarn Vikings`.")
    return names
