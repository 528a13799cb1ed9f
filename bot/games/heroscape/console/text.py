"""How the console words things: player names, echoes of what was typed, labels, life and markers.

Pure functions and the limits they apply (:data:`NAME_MAX`, :data:`ECHO_MAX`, ...); the console
(:mod:`bot.games.heroscape.console.local`) and its command modules use them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from bot.rules.commands import VERBS

COMPUTER_NAMES = ("computer", "cpu", "ai", "bot")
#: Words the console reads as commands: no player name may start with one.
CONSOLE_WORDS = ("help", "cards", "status", "map", "reach", "targets", "undo", "save", "load", "hide", "quit",
                 "exit", "glyph")
#: The longest player name accepted.
NAME_MAX = 20
#: The longest input line read as a command (the longest army line is a few hundred characters).
LINE_MAX = 1000
#: How much of a player's text an error message repeats.
ECHO_MAX = 60
#: How much of a file path a message repeats (paths are long, but not 200 KB).
PATH_ECHO_MAX = 300
#: The unknown-command message: both kinds of command, briefly.
COMMANDS_BRIEF = ("game commands: " + ", ".join(v for v in VERBS if v not in ("join", "end-round"))
                  + "; console: help, status, map, reach, targets, cards, undo, save, load, hide, quit")


def shown(text: str, limit: int = ECHO_MAX) -> str:
    """``text`` as an error message may repeat it: control characters escaped (``\\x1b``), at
    most ``limit`` characters, then ``…``."""
    out = "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) == "Cc" else ch
                  for ch in text[: limit + 1])
    return out[:limit] + "…" if len(out) > limit or len(text) > limit else out


def clip_quoted(message: str) -> str:
    """A rules message with every quoted piece of the player's text passed through :func:`shown`.

    A quotation opens after a space, a bracket or the start and closes before a space, punctuation
    or the end: the apostrophes of the message's own words ("Finn's", "card's") are no quotes, so
    the text between two of them is never cut."""
    return re.sub(r"(?<![\w'])'([^']*)'(?![\w'])", lambda m: f"'{shown(m[1])}'", message)


def label_key(label: str) -> tuple[int, str, int]:
    """Sort key of a space label in reading order: columns A..Z then AA.., rows by number (``A3``
    before ``A11``, ``Z1`` before ``AA1``)."""
    letters = label.rstrip("0123456789")
    digits = label[len(letters):]
    return len(letters), letters.upper(), int(digits) if digits else 0


def name_problem(name: str, taken: Iterable[str] = ()) -> str | None:
    """Why ``name`` cannot be a player's name (``None`` when it can): empty, too long, starting
    with '/', holding ':' or ';', starting with a command word, or taken (case-insensitive)."""
    name = name.strip()
    if not name:
        return "a name is needed"
    if name.startswith("/"):
        return "a name cannot start with '/'"
    if ":" in name or ";" in name:
        return "a name cannot contain ':' or ';'"
    if len(name) > NAME_MAX:
        return f"a name has at most {NAME_MAX} characters"
    if not any(ch.isalnum() for ch in name):
        return "a name needs a letter or a digit"
    first = name.split()[0].lower()
    if first in CONSOLE_WORDS or first.replace("_", "-") in VERBS or first in ("end", "endturn"):
        return f"'{first}' is a command, not a name"
    if name.lower() in (t.lower() for t in taken):
        return f"{name} is already playing"
    return None


def life_text(life: int, wounds: int) -> str:
    """A figure's wounds as the picture writes them: `` 1/4 wounds`` (taken / Life), `` life 4``
    unhurt; nothing for a figure with Life 1."""
    if life <= 1 and not wounds:
        return ""
    return f" {wounds}/{life} wounds" if wounds else f" life {life}"


def markers_text(markers: Iterable[str]) -> str:
    """Order Markers on a card as the table sees them: ``marker 1, 2 face-down markers``."""
    marks = list(markers)
    face_up = [m for m in marks if not m.startswith("?")]
    hidden = len(marks) - len(face_up)
    parts = [f"marker{'s' if len(face_up) > 1 else ''} {', '.join(face_up)}"] if face_up else []
    if hidden:
        parts.append(f"{hidden} face-down marker{'s' if hidden > 1 else ''}")
    return ", ".join(parts)

