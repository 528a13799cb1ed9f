"""An Onslaught match at a table: the match, who sits at parties A and B, which party the computer
plays, and what each command's outcome says to everyone and to each party.

:class:`Table` is what the console, the demo and the seam's ruleset work through: ``apply(side, text)``
checks and applies one command (a refusal raises and changes nothing), ``computer_command(side)`` is
what a computer party sends now, ``record()``/``from_record()`` keep a match as settings plus command
log (the seed rebuilds every roll, replay equality).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.onslaught.narrate import lines, private_lines
from bot.onslaught.content import Library
from bot.onslaught.events import Event
from bot.onslaught.legal import waiting_for
from bot.onslaught.match import Match
from bot.onslaught.playout import in_activation, next_command
from bot.onslaught.state import GameState

SIDES = ("A", "B")
#: The version of :meth:`Table.record`'s shape.
RECORD_VERSION = 1


@dataclass
class Outcome:
    """What one accepted command did: its events, the public lines, the lines for each party only, and
    whether the game is over."""

    events: list[Event]
    public: list[str]
    private: dict[str, list[str]] = field(default_factory=dict)
    game_over: bool = False


def default_parties(library: Library) -> tuple[str, str]:
    """The first two parties of the library by name (the shipped set has exactly two)."""
    names = sorted(library.parties)
    if len(names) < 2:
        raise ValueError("the Onslaught content needs two parties (cards.json 'parties')")
    return names[0], names[1]


class Table:
    """A match, its seats and its computer parties."""

    def __init__(self, library: Library, scenario: str, seed: int, names: Mapping[str, str] | None = None,
                 parties: Sequence[str] | None = None, computer: Sequence[str] = ()) -> None:
        """``names``: who sits at ``A``/``B`` (default ``Party A``/``Party B``); ``parties``: the two party
        names of the library (default :func:`default_parties`); ``computer``: the sides it plays.

        :raises ValueError: an unknown scenario or party (a :class:`RulesError` is a ValueError too).
        """
        if scenario not in library.scenarios:
            raise ValueError(f"there is no Onslaught scenario {scenario!r}; scenarios: {', '.join(library.scenarios)}")
        chosen = tuple(parties) if parties else default_parties(library)
        unknown = [p for p in chosen if p not in library.parties]
        if unknown:
            raise ValueError(f"unknown parties {unknown}; parties: {', '.join(sorted(library.parties))}")
        self.library, self.scenario_id, self.seed = library, scenario, seed
        self.party_names = {"A": chosen[0], "B": chosen[1]}
        self.names = {s: (names or {}).get(s) or f"Party {s}" for s in SIDES}
        self.computer = set(computer)
        self.match = Match(library, scenario, {s: library.parties[self.party_names[s]] for s in SIDES}, seed)
        self._rng = random.Random(seed)
        self._acted = 0

    @property
    def state(self) -> GameState:
        """The current state (read only)."""
        return self.match.state

    def opening(self) -> Outcome:
        """The outcome of setting up: the first round's lines (dealt cards privately)."""
        return self._outcome(self.match.history)

    def waiting(self) -> list[str]:
        """The sides the game waits for now (empty when it is over)."""
        return waiting_for(self.state)

    def apply(self, side: str, text: str) -> Outcome:
        """Apply ``text`` for ``side``.

        :raises ParseError: the text does not read. :raises RulesError: not legal now (nothing changes).
        """
        events = self.match.apply(side, text)
        return self._outcome(events)

    def _outcome(self, events: Sequence[Event]) -> Outcome:
        return Outcome(list(events), lines(events, ""), {s: private_lines(events, s) for s in SIDES},
                       self.state.phase == "over")

    def computer_command(self, side: str) -> str:
        """The command the computer sends for ``side`` now (the simple policy of
        :mod:`bot.onslaught.playout`, ending an activation after a few commands)."""
        self._acted = self._acted + 1 if in_activation(self.match) else 0
        return next_command(self.match, side, self._rng, self._acted)

    def result(self) -> str:
        """``Party A (Ann) wins on victory points (A 3, B 1)``, or ``the game goes on``."""
        st = self.state
        if st.phase != "over":
            return "the game goes on"
        vp = f"victory points A {st.vp['A']}, B {st.vp['B']}"
        if st.winner == "draw":
            return f"the game ends in a draw ({vp})"
        return f"Party {st.winner} ({self.names[st.winner]}) wins ({vp}, round {st.round})"

    def record(self) -> dict[str, Any]:
        """The match as plain data: settings, seats and the command log."""
        return {"game": "onslaught", "version": RECORD_VERSION, "scenario": self.scenario_id, "seed": self.seed,
                "parties": [self.party_names["A"], self.party_names["B"]], "names": dict(self.names),
                "computer": sorted(self.computer), "log": [list(e) for e in self.match.log]}

    @classmethod
    def from_record(cls, library: Library, record: Mapping[str, Any]) -> Table:
        """Rebuild a table from :meth:`record` by replaying its log.

        :raises ValueError: not an Onslaught record, or a command of its log is refused (the content changed).
        """
        if record.get("game") != "onslaught" or record.get("version") != RECORD_VERSION:
            raise ValueError("this is not a saved Onslaught match of this version")
        table = cls(library, str(record["scenario"]), int(record["seed"]), dict(record["names"]),
                    list(record["parties"]), list(record["computer"]))
        for side, text in record["log"]:
            table.match.apply(str(side), str(text))
        return table
