"""An Onslaught match behind the seam: :class:`OnslaughtMatch` is the :class:`~bot.games.ruleset.GameMatch`.

It holds the rules core's :class:`~bot.onslaught.match.Match` (seed plus command log, replay equality),
who sits at parties ``A`` and ``B`` (the seat ids commands are applied for), which party the computer
plays, and answers what the console, the demo and the Discord layer ask: apply a command, legal
commands, who must act, the secret initiative assignment (DDO-INIT-05/06), views, narration, the
picture, the result and the record.

Seats: in the console the seat ids are the sides themselves (``"A"``, ``"B"``). A match made with
``lobby=True`` (the Discord adapter's) starts with an open table (:mod:`bot.games.onslaught.lobby`):
players take seats with ``join NAME`` (their own ids, e.g. Discord user ids, become the seat ids),
choose parties with ``party PARTY`` and ``start`` it; only then are the parties placed and the
first round dealt. ``concede`` (either seat, any time after the start) ends the match for the other.

Record (``to_record``): ``{"ruleset": "onslaught", "match_id", "map_id", "scenario_id", "seed",
"format": {"parties": [A, B], "names": {"A": ..., "B": ...}, "computer": [...], "lobby": bool},
"log": [[seat id, text]]}``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from bot.games.onslaught.lobby import Lobby, members
from bot.games.onslaught.narrate import lines, private_lines
from bot.games.onslaught.picture import picture_png
from bot.games.ruleset import Choice, Outcome, Refused, Result, Seat, SecretAssignment, SecretSlot, Waiting
from bot.onslaught.content import Library
from bot.onslaught.events import Event, RulesError
from bot.onslaught.legal import legal_commands, waiting_for
from bot.onslaught.match import Match, player_view
from bot.onslaught.playout import in_activation, next_command
from bot.onslaught.state import GameState

NAME = "onslaught"
#: The scenario of a match (or demo) that names none.
DEFAULT_SCENARIO = "skirmish"
SIDES = ("A", "B")
#: The keys of a record's ``format`` and of a new match's options besides ``map`` and ``scenario``.
FORMAT_KEYS = ("parties", "names", "computer", "lobby", "preset")
#: The secret phase's kind (``Waiting.on`` and ``SecretAssignment.kind``).
SECRET_KIND = "initiative"


def default_parties(library: Library) -> tuple[str, str]:
    """The first two parties of the library by name (the shipped set has exactly two).

    :raises ValueError: fewer than two parties.
    """
    names = sorted(library.parties)
    if len(names) < 2:
        raise ValueError("the Onslaught content needs two parties (cards.json 'parties')")
    return names[0], names[1]


class OnslaughtMatch:
    """A match, its seats and its computer parties (see the module docstring)."""

    ruleset = NAME

    def __init__(self, library: Library, scenario: str, seed: int, names: Mapping[str, str] | None = None,
                 parties: Sequence[str] | None = None, computer: Sequence[str] = (), match_id: str = "",
                 lobby: bool = False, preset: str | None = None) -> None:
        """``names``: who sits at ``A``/``B`` (default ``Party A``/``Party B``); ``parties``: two party
        names of the library (default :func:`default_parties`); ``computer``: the sides it plays;
        ``lobby``: start with an open table (see the module docstring; ``parties`` are then only the
        default choices); ``preset``: the party of the first seat taken (the match's creator), checked.

        :raises ValueError: an unknown scenario or party, or a computer side that is not A or B.
        """
        if scenario not in library.scenarios:
            raise ValueError(f"there is no Onslaught scenario {scenario!r}; scenarios: {', '.join(sorted(library.scenarios))}")
        # With a lobby the parties are chosen at the table (``party``); the record's are only the defaults.
        chosen = tuple(parties) if parties and not lobby else default_parties(library)
        unknown = [p for p in chosen if p not in library.parties]
        if len(chosen) != 2 or unknown:
            raise ValueError(f"name two parties of: {', '.join(sorted(library.parties))}" + (f" (unknown: {unknown})" if unknown else ""))
        if set(computer) - set(SIDES):
            raise ValueError(f"the computer plays party A or B, not {sorted(set(computer) - set(SIDES))}")
        self.library, self.scenario_id, self.seed, self.match_id = library, scenario, seed, match_id
        self.party_names = {"A": chosen[0], "B": chosen[1]}
        self.names = {s: (names or {}).get(s) or f"Party {s}" for s in SIDES}
        self.computer = set(computer)
        self.match = Match(library, scenario, {s: library.parties[self.party_names[s]] for s in SIDES}, seed)
        self.restored_from = 0
        self.skipped: list[tuple[int, str, str]] = []
        self._rng = random.Random(seed)
        self._acted = 0
        #: Side -> the seat id commands are applied for (the side itself in the console).
        self.seat = {s: s for s in SIDES}
        self.lobby: Lobby | None = Lobby(library) if lobby else None
        self.preset = preset if lobby and preset else None
        if self.lobby is not None and self.preset:
            try:
                members(library, self.preset)
            except RulesError as exc:
                raise ValueError(str(exc)) from None
            self.lobby.chosen["A"] = self.preset
        self.conceded = ""
        #: Every accepted command ``(seat id, canonical text)``, lobby ones included.
        self._log: list[tuple[str, str]] = []
        #: Added to :attr:`version` by an undo, so that controls made before it stay stale.
        self.version_offset = 0

    @property
    def started(self) -> bool:
        """Whether the parties are placed (always, without a lobby)."""
        return self.lobby is None or self.lobby.started

    def side_of(self, player: str) -> str | None:
        """The side seat id ``player`` plays, or ``None``."""
        if self.lobby is not None and not self.lobby.started:
            return self.lobby.side_of(player)
        return next((s for s, p in self.seat.items() if p == player), None)

    # ---- reading the match ------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current state (read only)."""
        return self.match.state

    @property
    def version(self) -> int:
        """Grows with every accepted command (and every skipped one of a tolerant replay)."""
        return len(self._log) + len(self.skipped) + self.version_offset

    @property
    def log(self) -> Sequence[tuple[str, str]]:
        """The accepted commands ``(seat id, canonical text)``."""
        return list(self._log)

    @property
    def round(self) -> int:
        """The current round (1 from the start; 0 while the table is open)."""
        return self.state.round if self.started else 0

    def seats(self) -> list[Seat]:
        """Party A's and party B's seats (only the taken ones while the table is open)."""
        if self.lobby is not None and not self.lobby.started:
            return [Seat(self.lobby.seats[s], self.lobby.names[s]) for s in SIDES if s in self.lobby.seats]
        return [Seat(self.seat[s], self.names[s]) for s in SIDES]

    def name(self, player: str) -> str:
        """The seat's display name (``player`` is a seat id or a side; the id itself when unknown)."""
        side = self.side_of(player) or player
        if self.lobby is not None and not self.lobby.started:
            return self.lobby.names.get(side, player)
        return self.names.get(side, player)

    def opening(self) -> Outcome:
        """The outcome of setting up: the first round's lines (dealt cards privately)."""
        return self._outcome(self.match.history)

    def sides_waited(self) -> list[str]:
        """The sides the game waits for now (empty when it is over or before the start)."""
        if not self.started or self.conceded:
            return []
        return waiting_for(self.state)

    def waiting(self) -> list[Waiting]:
        """Who the match waits for, on what: ``initiative`` (the secret assignment), ``activate``, ``turn``
        (an activation under way) or a decision's kind (``react``, ``keep``, ``levelup``, ``target``...)."""
        st = self.state
        out = []
        for side in self.sides_waited():
            pid = self.seat[side]
            if st.pending:
                d = st.pending[0]
                about = f"{d.kind} for {d.mini}" + ("" if d.kind == "keep" else f": {', '.join(d.options)}")
                out.append(Waiting(pid, d.kind, about))
            elif st.phase == "initiative":
                out.append(Waiting(pid, SECRET_KIND, "assign initiative cards in secret"))
            elif st.awaiting:
                out.append(Waiting(pid, "activate", f"activate {st.awaiting}"))
            else:
                out.append(Waiting(pid, "turn", f"{st.activation.mini if st.activation else ''}'s activation"))
        return out

    def legal(self, player: str) -> list[str]:
        """The commands ``player`` may send now (:func:`bot.onslaught.legal.legal_commands`; a few of the
        possible initiative assignments); before the start ``start`` for a seated player when both seats
        are taken."""
        side = self.side_of(player)
        if self.lobby is not None and not self.lobby.started:
            return ["start"] if side is not None and len(self.lobby.seats) == len(SIDES) else []
        if side is None or self.conceded:
            return []
        return legal_commands(self.match.game, side)

    def secret(self, player: str) -> SecretAssignment | None:
        """The initiative assignment ``player`` owes now: one slot per character, the dealt cards as
        options, each card once; Initiative 1, when dealt, must be used (DDO-INIT-05/06)."""
        side = self.side_of(player)
        if side is None or not self.started:
            return None
        st = self.state
        if st.phase != "initiative" or side not in self.sides_waited() or st.pending:
            return None
        hand = sorted(st.hands[side])
        options = tuple(Choice(str(c), f"Initiative {c}", "face up, revealed now" if c == 1 else "") for c in hand)
        slots = tuple(SecretSlot(n, n, options) for n in st.held[side])
        one = " Initiative 1 goes face up on one of them." if 1 in hand else ""
        return SecretAssignment(player, SECRET_KIND, st.round, "assign", slots,
                                title=f"Round {st.round}: your initiative cards",
                                explain=f"Give each character one of your cards {', '.join(map(str, hand))}.{one}",
                                distinct=True)

    def turn_key(self) -> Hashable:
        """Changes exactly when the turn passes: round, phase, initiative slot, activation number."""
        if not self.started:
            return ("setup", len(self._log))
        st = self.state
        return (st.round, st.phase, st.slot, st.serial)

    def turn_words(self) -> str:
        """``round 2's initiative``, ``Ann's turn with Brask`` or ``the game is over``."""
        if not self.started:
            return "the table is open"
        st = self.state
        if st.phase == "over" or self.conceded:
            return "the game is over"
        if st.phase == "initiative":
            return f"round {st.round}'s initiative"
        who = st.activation.mini if st.activation else st.awaiting
        if who:
            return f"{self.name(st.minis[who].side)}'s turn with {who}"
        return f"round {st.round}'s monsters"

    def view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see (:func:`bot.onslaught.match.player_view`; ``None``: the public)."""
        return player_view(self.state, self.side_of(player or "") or "")

    def narrate(self, events: Sequence[Any], player: str | None) -> list[str]:
        """The lines of ``events`` ``player`` may read (:func:`bot.games.onslaught.narrate.lines`)."""
        return lines(events, self.side_of(player or "") or "")

    def picture(self, player: str | None, events: Sequence[Any] = ()) -> bytes | None:
        """The PNG of what ``player`` may see with ``events``' moves and attacks drawn (none before
        the start: the parties are not placed yet)."""
        if not self.started:
            return None
        return picture_png(self.state, self.side_of(player or "") or "", events)

    def result(self) -> Result | None:
        """The winner (a seat id) and why, once the game is over (DDO-WIN-*), or a party conceded."""
        if self.conceded:
            other = "B" if self.conceded == "A" else "A"
            return Result((self.seat[other],), f"party {self.conceded} conceded")
        st = self.state
        if st.phase != "over" or not self.started:
            return None
        why = next((str(e.data["why"]) for e in reversed(self.match.history) if e.kind == "game over"), "")
        return Result((self.seat[st.winner],) if st.winner in SIDES else (), why)

    def result_line(self) -> str:
        """``Party A (Ann) wins (victory points A 3, B 1, round 8)``, or ``the game goes on``."""
        st = self.state
        if self.conceded:
            other = "B" if self.conceded == "A" else "A"
            return f"Party {other} ({self.names[other]}) wins: party {self.conceded} conceded"
        if st.phase != "over" or not self.started:
            return "the game goes on"
        vp = f"victory points A {st.vp['A']}, B {st.vp['B']}"
        if st.winner == "draw":
            return f"the game ends in a draw ({vp})"
        return f"Party {st.winner} ({self.names[st.winner]}) wins ({vp}, round {st.round})"

    # ---- acting -----------------------------------------------------------------------------------
    def apply(self, player: str, text: str) -> Outcome:
        """Apply ``text`` for seat id ``player`` (a side in the console).

        :raises ParseError: the text does not read. :raises RulesError: not legal now (nothing changes).
        """
        if self.conceded or (self.started and self.state.phase == "over"):
            raise RulesError("the match is over")
        if self.lobby is not None and not self.lobby.started:
            line = self.lobby.apply(player, text)
            self._log.append((player, self.lobby.canonical(text)))
            if not self.lobby.started:
                return Outcome([Event("table", {"line": line})], [line])
            return self._begin(line)
        side = self.side_of(player)
        if side is None:
            if text.split()[:1] == ["join"]:  # QA F14: said in words, never the seat id
                raise RulesError("This match has started and both seats are taken; you can watch it.")
            raise RulesError("You have no seat in this match; you can watch it.")
        if text.split()[:1] == ["concede"]:
            if text.split() != ["concede"]:
                raise RulesError("write just: concede")
            self.conceded = side
            self._log.append((player, "concede"))
            why = f"Party {side} ({self.names[side]}) concedes: {self.result_line()}."
            other = "B" if side == "A" else "A"
            return Outcome([Event("game over", {"winner": other, "why": why})], [why], game_over=True)
        events = self.match.apply(side, text)
        self._log.append((player, self.match.log[-1][1]))
        return self._outcome(events)

    def _begin(self, line: str) -> Outcome:
        """``start`` was accepted: place the lobby's parties and deal the first round."""
        assert self.lobby is not None
        parties = self.lobby.parties()
        for side in SIDES:
            self.seat[side], self.names[side] = self.lobby.seats[side], self.lobby.names[side]
            self.party_names[side] = self.lobby.party_name(side)
        self.match = Match(self.library, self.scenario_id, parties, self.seed)
        out = self.opening()
        out.public.insert(0, line)
        return out

    def _outcome(self, events: Sequence[Event]) -> Outcome:
        ended = any(e.kind in ("activation ended", "monsters activate", "end phase") for e in events)
        return Outcome(list(events), lines(events, ""), {self.seat[s]: private_lines(events, s) for s in SIDES},
                       turn_ended=ended, game_over=self.state.phase == "over")

    def computer_command(self, player: str) -> str:
        """The command the computer sends for seat ``player`` now (the simple policy of
        :mod:`bot.onslaught.playout`, ending an activation after a few commands).

        :raises RuntimeError: the seat has nothing to send now.
        """
        side = self.side_of(player)
        if side is None or not self.started:
            raise RuntimeError(f"seat {player!r} has nothing to play now")
        self._acted = self._acted + 1 if in_activation(self.match) else 0
        return next_command(self.match, side, self._rng, self._acted)

    # ---- records ----------------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """The match as JSON values (see the module docstring)."""
        return {"ruleset": NAME, "match_id": self.match_id, "map_id": self.state.map.id,
                "scenario_id": self.scenario_id, "seed": self.seed,
                "format": {"parties": [self.party_names["A"], self.party_names["B"]], "names": dict(self.names),
                           "computer": sorted(self.computer), "lobby": self.lobby is not None,
                           **({"preset": self.preset} if self.preset else {})},
                "log": [list(e) for e in self._log]}

    @classmethod
    def from_record(cls, library: Library, record: Mapping[str, Any], tolerant: bool = False) -> OnslaughtMatch:
        """Rebuild a match from :meth:`to_record` by replaying its log; ``tolerant`` keeps going past a
        refused command (listed in ``skipped``).

        :raises ValueError: not an Onslaught record. :raises RulesError: a logged command is refused.
        """
        if record.get("ruleset", NAME) != NAME or "scenario_id" not in record:
            raise ValueError("this is not a record of an Onslaught match")
        fmt = dict(record.get("format") or {})
        match = cls(library, str(record["scenario_id"]), int(record["seed"]), dict(fmt.get("names") or {}),
                    list(fmt.get("parties") or []), list(fmt.get("computer") or []), str(record.get("match_id", "")),
                    lobby=bool(fmt.get("lobby")), preset=fmt.get("preset"))
        for i, (side, text) in enumerate(record.get("log", [])):
            try:
                match.apply(str(side), str(text))
            except Refused as exc:
                if not tolerant:
                    raise RulesError(f"command {i + 1} of the record ({side}: {text}) is refused: {exc}") from None
                match.skipped.append((i, str(text), str(exc)))
        return match

    def snapshot(self) -> bytes | None:
        """No snapshots: a match replays from its log in well under a second."""
        return None
