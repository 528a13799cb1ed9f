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


def word(value: str | None, what: str, example: str) -> str:
    """One name or space label typed into an option (a piece's id, a space like ``F7``), stripped.

    :param what: the option in words, e.g. ``"the space to move to"``.
    :param example: the whole slash command as it could be typed, e.g. ``"/move to: F7"``.
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


def command(verb: str, *args: str) -> str:
    """The command text ``verb arg arg ...`` with each argument quoted as one word of it."""
    return " ".join([verb, *(shlex.quote(a) for a in args)])
