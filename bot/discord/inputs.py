"""Checking slash-command option values before they become command text.

Discord lets a user send an empty or blank option (or one that is only separators), and such a
value would reach the rules' text parser, whose answer is console usage text. The cogs check
their options here first and refuse in slash-command terms - which option, and an example of the
command - so the refusal names what to type in Discord; nothing is applied. :func:`command`
then quotes each value into the command text, so that a stray quote cannot break the parser.
"""

from __future__ import annotations

import shlex

from bot.discord.errors import UserError
from bot.discord.outgoing import echo
from bot.rules.commands import split_spaces


def word(value: str | None, what: str, example: str) -> str:
    """One name or space label typed into an option (a figure id, a space like ``F7``), stripped.

    :param what: the option in words, e.g. ``"the space to move to"``.
    :param example: the whole slash command as it could be typed, e.g. ``"/move figure: tarn1 to: F7"``.
    :raises UserError: the value is empty or blank, or holds more than one word.
    """
    text = (value or "").strip()
    if not text:
        raise UserError(f"Give {what}, e.g. `{example}`.")
    if len(text.split()) > 1:
        raise UserError(f"'{echo(text)}' is more than one word; give {what} as one word, e.g. `{example}`.")
    return text


def words(value: str | None, what: str, example: str) -> str:
    """Words typed into an option that may hold several (a power's name like ``fire line``),
    blanks squeezed (one argument of the command text all the same, see :func:`command`).

    :raises UserError: the value is empty or blank (``what`` and ``example`` as in :func:`word`).
    """
    text = " ".join((value or "").split())
    if not text:
        raise UserError(f"Give {what}, e.g. `{example}`.")
    return text


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


def command(verb: str, *args: str) -> str:
    """The command text ``verb arg arg ...`` with each argument quoted as one word of it."""
    return " ".join([verb, *(shlex.quote(a) for a in args)])
