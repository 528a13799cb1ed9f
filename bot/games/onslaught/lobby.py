"""The table before an Onslaught match starts (on Discord): who sits at parties ``A`` and ``B`` and with
which party, by the logged commands ``join NAME``, ``party PARTY`` and ``start`` (DDO-PARTY-01..04).

A party is named by a party of the library (``Lantern Company (invented)``) or built from the
library's character cards as a comma-separated list of five names (``Brask, Ysolde, Merrin, Tobbit,
Kestra``), checked by :func:`bot.onslaught.content.party_problem`. The two parties may not share a
character (each character is one miniature on the map). A seat without a party plays the first party
of the library no other seat plays.

Pure: the lobby only reads and checks; :class:`~bot.games.onslaught.match.OnslaughtMatch` starts the
rules core's match from :meth:`Lobby.parties` once ``start`` is accepted.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from bot.onslaught.content import Library, party_problem
from bot.onslaught.events import ParseError, RulesError

SIDES = ("A", "B")
#: The lobby's verbs and their forms (shown on a mistake).
LOBBY_VERBS = {"join": "join NAME", "party": "party PARTY (a party's name, or five character names with commas)",
               "start": "start"}


def members(library: Library, party: str, size: int = 5) -> list[str]:
    """The character names of ``party``: a library party by name (case-insensitive), or a
    comma-separated list of character names (DDO-PARTY-01..04).

    :raises RulesError: an unknown party or character, or a party the rules do not allow.
    """
    text = " ".join(party.split())
    for pname, chars in library.parties.items():
        if pname.lower() == text.lower():
            return list(chars)
    if "," not in text:
        raise RulesError(f"there is no party {text!r}; name one of {', '.join(sorted(library.parties))}, "
                         f"or list {size} characters with commas (characters: {', '.join(sorted(library.characters))})")
    by_lower = {n.lower(): n for n in library.characters}
    names = [w.strip() for w in text.split(",") if w.strip()]
    unknown = [n for n in names if n.lower() not in by_lower]
    if unknown:
        raise RulesError(f"unknown character(s) {', '.join(unknown)}; the characters are "
                         f"{', '.join(sorted(library.characters))}")
    cards = [library.characters[by_lower[n.lower()]] for n in names]
    problem = party_problem(cards, size)
    if problem:
        raise RulesError(f"that party is not allowed: {problem}")
    return [c.name for c in cards]


@dataclass
class Lobby:
    """Seats (side -> player id), names (side -> display name) and party choices (side -> text) before
    the start; ``started`` once ``start`` was accepted."""

    library: Library
    size: int = 5
    seats: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    chosen: dict[str, str] = field(default_factory=dict)
    started: bool = False

    def side_of(self, player: str) -> str | None:
        """The side ``player`` sits at, or ``None``."""
        return next((s for s, p in self.seats.items() if p == player), None)

    def canonical(self, text: str) -> str:
        """The canonical text of a lobby command (``join 'Ann Lee'``).

        :raises ParseError: not a lobby command, or it does not read.
        """
        try:
            words = shlex.split(text)
        except ValueError:
            raise ParseError(f"{text!r} does not read (an unclosed quote?)") from None
        if not words or words[0].lower() not in LOBBY_VERBS:
            raise ParseError(f"before the start the commands are: {', '.join(LOBBY_VERBS.values())}")
        verb, rest = words[0].lower(), " ".join(words[1:])
        if verb == "start":
            if rest:
                raise ParseError("write just: start")
            return "start"
        if not rest:
            raise ParseError(f"write: {LOBBY_VERBS[verb]}")
        return f"{verb} {shlex.quote(rest)}"

    def parties(self) -> dict[str, list[str]]:
        """Each side's characters: its chosen party, or the first library party nobody else plays."""
        out: dict[str, list[str]] = {}
        for side in SIDES:
            if side in self.chosen:
                out[side] = members(self.library, self.chosen[side], self.size)
        for side in SIDES:
            if side not in out:
                taken = {n for chars in out.values() for n in chars}
                free = [p for p in sorted(self.library.parties) if not taken & set(self.library.parties[p])]
                if not free:
                    raise RulesError(f"party {side} has no party: choose one with `party PARTY`")
                out[side] = list(self.library.parties[free[0]])
        return out

    def party_name(self, side: str) -> str:
        """The party a side plays, in words (its chosen text, or the default party's name)."""
        if side in self.chosen:
            return self.chosen[side]
        chars = set(self.parties()[side])
        return next((p for p, c in self.library.parties.items() if set(c) == chars), ", ".join(sorted(chars)))

    def apply(self, player: str, text: str) -> str:
        """Check and apply one lobby command for ``player``; return the line the table reads.

        :raises ParseError: it does not read. :raises RulesError: not allowed now (nothing changes).
        """
        canon = self.canonical(text)
        verb, _, rest = canon.partition(" ")
        arg = shlex.split(rest)[0] if rest else ""
        side = self.side_of(player)
        if self.started:
            raise RulesError("the match has started; the table is closed")
        if verb == "join":
            if side is not None:
                raise RulesError("you already have a seat in this match")
            free = [s for s in SIDES if s not in self.seats]
            if not free:
                raise RulesError("both seats are taken")
            self.seats[free[0]], self.names[free[0]] = player, arg
            return f"{arg} takes party {free[0]}'s seat."
        if side is None:
            raise RulesError("you have no seat in this match; take one with `/match join`")
        if verb == "party":
            chars = members(self.library, arg, self.size)
            other = "B" if side == "A" else "A"
            if other in self.chosen:  # a default party gives way; a chosen one does not
                clash = set(chars) & set(members(self.library, self.chosen[other], self.size))
                if clash:
                    raise RulesError(f"party {other} already plays {', '.join(sorted(clash))}; choose other characters")
            self.chosen[side] = arg
            return f"{self.names[side]} (party {side}) plays {arg}: {', '.join(chars)}."
        missing = [s for s in SIDES if s not in self.seats]
        if missing:
            raise RulesError(f"the seat of party {missing[0]} is empty: someone must `/match join` first")
        self.parties()  # raises when a side has no party
        self.started = True
        return "The match starts."
