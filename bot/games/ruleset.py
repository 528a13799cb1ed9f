"""The seam: what a game must offer so that one kernel, one store, one console and one Discord layer
can referee it.

Two protocols. A :class:`Ruleset` is a game (one object per game, found by name in the registry
:mod:`bot.games`): it starts matches from :class:`MatchSettings`, rebuilds them from a stored record,
reads command text, and offers the command-line entry points (``local``, ``demo``, ``bench rules``).
A :class:`GameMatch` is one match in progress: seed plus command log, with everything the adapters
ask of it (apply a command, legal commands, who must act, what each seat may see, the picture,
secret phases, the result, the record and snapshots).

Who calls what:

- the CLI (``python -m bot local|demo|bench rules --game NAME``): :func:`bot.games.get`, then
  :meth:`Ruleset.add_arguments` to build the parser and :meth:`Ruleset.local` / ``demo`` /
  ``bench_rules`` to run;
- the match kernel (:mod:`bot.discord.matches`) and the console: :meth:`Ruleset.new_match` or
  :meth:`Ruleset.from_record`, then :meth:`GameMatch.apply` under the match's lock, storing
  :meth:`GameMatch.to_record`'s log entry and, at quiet moments, :meth:`GameMatch.snapshot` tagged
  with :meth:`Ruleset.snapshot_version`;
- the Discord layer: :meth:`GameMatch.waiting` (whose turn), :meth:`GameMatch.secret` (a secret
  assignment collected privately, by DM or ephemeral menus; the picks become one command through
  :meth:`SecretAssignment.command`), :meth:`GameMatch.picture` for the public image,
  :meth:`GameMatch.result` once :attr:`Outcome.game_over`.

A refused command raises :class:`Refused` (or a subclass); the match is then unchanged and the
message, ``str(exc)``, is written for the player: what is wrong and what would be right.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

#: The adapters a match may speak to: its refusals and narration say how to act in that adapter's
#: terms (``move X`` typed in the terminal, ``/move`` on Discord).
Adapter = Literal["console", "discord"]

#: The command-line commands a ruleset adds options to (:meth:`Ruleset.add_arguments`).
CliCommand = Literal["local", "demo", "bench"]


class Refused(Exception):
    """A command the game does not accept now (unreadable, or against the rules); nothing changed.

    ``str(exc)`` is the sentence a player reads. Each game raises its own subclasses.
    """


class UnknownGame(KeyError):
    """No game of that name is registered; the message lists the names there are."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """What a new match is made from.

    ``match_id`` is the adapter's id (storage key); ``seed`` the secret dice seed (``None``: a fresh
    one); ``options`` the game's own settings as plain JSON values (a map, a scenario, a format,
    parties...: each game documents its keys and refuses unknown ones with a message);
    ``fresh_dice``: every dice-rolling command rolls from a fresh recorded salt, so a saved record
    does not foretell the dice; ``adapter`` the adapter the match speaks to; ``server`` the Discord
    server whose uploaded content the match may use (``None``: shipped content only).
    """

    match_id: str
    seed: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    fresh_dice: bool = False
    adapter: Adapter = "console"
    server: int | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at the table: ``id`` (the id commands are applied for) and display ``name``."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player the match waits for, and on what: ``on`` is the game's kind of input expected
    (e.g. ``"turn"``, ``"choose"``, or the ``kind`` of a :class:`SecretAssignment`); ``about`` says
    more in words, or is empty."""

    player: str
    on: str
    about: str = ""


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended: ``winners`` (player ids; empty for a draw or an abandoned match) and
    ``reason`` in words ("the last standing", "victory points")."""

    winners: tuple[str, ...]
    reason: str = ""

    @property
    def draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a secret slot: ``value`` goes into the command; ``label`` (at most 100
    characters) and ``description`` are shown."""

    value: str
    label: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class SecretSlot:
    """One thing to assign secretly: ``key`` goes into the command (``1``, ``X``, a character's
    name), ``label`` is shown; ``options`` are the values it may take."""

    key: str
    label: str
    options: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class SecretAssignment:
    """A secret phase one player answers privately (by DM, or an ephemeral message when DMs are
    closed): pick one option for every slot, then lock in. The channel only learns who locked in.

    ``player`` must choose; ``kind`` names the phase (it is :attr:`Waiting.on` for this player) and
    ``round`` the round, so controls from an older phase are refused as stale; ``title`` and
    ``explain`` are the words above the controls; ``distinct``: no option may fill two slots.
    :meth:`command` turns the picks into the command applied for ``player``:
    ``verb key=value key=value ...`` in slot order.
    """

    player: str
    kind: str
    round: int
    verb: str
    slots: tuple[SecretSlot, ...]
    title: str = ""
    explain: str = ""
    distinct: bool = False

    def problem(self, picks: Mapping[str, str]) -> str | None:
        """Why ``picks`` (slot key -> option value) cannot be locked in yet, or ``None``.

        >>> s = SecretAssignment("a", "pick", 1, "pick", (SecretSlot("1", "First", (Choice("x", "X"),)),))
        >>> s.problem({})
        'First has no pick yet.'
        >>> s.problem({"1": "y"})
        "'y' is not an option for First."
        """
        for slot in self.slots:
            value = picks.get(slot.key)
            if value is None:
                return f"{slot.label} has no pick yet."
            if value not in {c.value for c in slot.options}:
                return f"{value!r} is not an option for {slot.label}."
        if self.distinct:
            values = [picks[s.key] for s in self.slots]
            if len(set(values)) != len(values):
                return "Each option may be picked only once."
        return None

    def command(self, picks: Mapping[str, str]) -> str:
        """The command text for ``picks`` (check :meth:`problem` first; the game checks again).

        >>> s = SecretAssignment("a", "pick", 1, "assign", (SecretSlot("Kael", "Kael", ()), SecretSlot("Mira", "Mira", ())))
        >>> s.command({"Kael": "4", "Mira": "two words"})
        "assign Kael=4 Mira='two words'"
        """
        return " ".join([self.verb] + [f"{s.key}={shlex.quote(picks[s.key])}" for s in self.slots if s.key in picks])


@dataclass
class Outcome:
    """What one accepted command did, ready for an adapter to show.

    ``events`` are the game's raw events (each game's own type); ``public`` lines are for everyone;
    ``private[player]`` only for that player; ``turn_ended``: at least one turn ended, so a new
    picture is due; ``game_over``: the match has a result now (:meth:`GameMatch.result`).
    """

    events: list[Any]
    public: list[str] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)
    turn_ended: bool = False
    game_over: bool = False


@runtime_checkable
class GameMatch(Protocol):
    """One match in progress: seed plus command log (a record replays to exactly the same state).

    Attributes: ``ruleset`` (the registry name of its game), ``match_id``, ``seed`` (secret),
    ``restored_from`` (the log position :meth:`Ruleset.from_record` rebuilt it from; 0: a full
    replay) and ``skipped`` (logged commands a tolerant replay kept but the rules now refuse:
    ``(log position, text, reason)``).
    """

    ruleset: str
    match_id: str
    seed: int
    restored_from: int
    skipped: list[tuple[int, str, str]]

    @property
    def version(self) -> int:
        """The state version: grows with every accepted command (stale buttons compare it)."""

    @property
    def log(self) -> Sequence[tuple[str, str]]:
        """The accepted commands so far, ``(player id, canonical text)``, oldest first."""

    @property
    def round(self) -> int:
        """The current round (0 before the first), for messages and stale controls."""

    def seats(self) -> list[Seat]:
        """The players at the table, in seat order."""

    def name(self, player: str) -> str:
        """A player's display name (the id itself for an unknown id)."""

    def apply(self, player: str, text: str) -> Outcome:
        """Run one command for ``player``: the events and the lines to show.

        :raises Refused: unreadable or not legal now; nothing changed.
        """

    def legal(self, player: str) -> list[str]:
        """The commands ``player`` may send now, canonical text, in a stable order (may be a
        sample where the full list is huge, such as every way to fill a secret assignment)."""

    def waiting(self) -> list[Waiting]:
        """Who the match waits for now, and on what (empty once it is over)."""

    def turn_key(self) -> Hashable:
        """Whose turn it is, as a value that changes exactly when the turn passes (to someone else,
        to a new phase or round): a command sent before the change is refused as stale."""

    def turn_words(self) -> str:
        """Whose turn it is, in words ("Alice's turn with Kael", "round 2's initiative")."""

    def secret(self, player: str) -> SecretAssignment | None:
        """The secret assignment ``player`` owes now, or ``None``."""

    def view(self, player: str | None) -> Any:
        """What ``player`` (``None``: a spectator, the public) may see: the game's own view object,
        handed back to :meth:`picture` and to the game's text helpers; never the secrets of others."""

    def narrate(self, events: Sequence[Any], player: str | None) -> list[str]:
        """Lines telling ``events`` as ``player`` (``None``: the public) may read them."""

    def picture(self, player: str | None, events: Sequence[Any] = ()) -> bytes | None:
        """The PNG of what ``player`` may see, with ``events`` drawn on it (the turn's moves and
        attacks), or ``None`` when the game draws no picture."""

    def result(self) -> Result | None:
        """The result once the match is over, else ``None``."""

    def to_record(self) -> dict[str, Any]:
        """Everything needed to rebuild the match, as JSON values: at least ``ruleset``,
        ``match_id``, ``seed`` and ``log`` (``[[player, text], ...]``)."""

    def snapshot(self) -> bytes | None:
        """The position as bytes for :meth:`Ruleset.from_record`, or ``None`` when this is no
        moment for one (a decision pending) or the game keeps none."""


@runtime_checkable
class Ruleset(Protocol):
    """A game the bot referees. ``name`` is its registry key (``--game NAME``, stored with each
    match); ``title`` its name for people; ``terms`` words only this game uses (the generic layers
    must not name them, ``tests/test_seam.py``); ``packages`` the packages that hold its code."""

    name: str
    title: str
    terms: tuple[str, ...]
    packages: tuple[str, ...]

    def new_match(self, settings: MatchSettings) -> GameMatch:
        """A new match.

        :raises ValueError: (or ``KeyError``) options the game cannot use, the message saying
            which and what would do.
        """

    def from_record(self, record: Mapping[str, Any], snapshots: Iterable[tuple[int, bytes]] = (), *,
                    adapter: Adapter = "console", tolerant: bool = False, server: int | None = None) -> GameMatch:
        """Rebuild a match from :meth:`GameMatch.to_record`'s record: from the first usable snapshot
        (``(log position, bytes)``, newest first, made by this :meth:`snapshot_version`) plus the
        commands logged after it, else by replaying the whole log. ``tolerant``: a logged command
        the rules now refuse is kept at its place, changing nothing, and listed in ``skipped``.

        :raises Refused: the log does not replay (never when ``tolerant``).
        """

    def parse(self, text: str) -> str:
        """The canonical text of a command (what the log stores).

        :raises Refused: it does not read; the message shows the right form.
        """

    def snapshot_version(self) -> str:
        """The code version a snapshot is good for; any change makes older snapshots unusable."""

    def content_problems(self) -> list[str]:
        """Messages for content files skipped because they are invalid (file and field named)."""

    def add_arguments(self, command: CliCommand, parser: argparse.ArgumentParser) -> None:
        """Add this game's options to the parser of ``python -m bot COMMAND`` (only ``--game`` is
        there already; ``local`` and ``demo`` should offer ``--seed`` and ``--out DIR|none``)."""

    def local(self, args: argparse.Namespace) -> int:
        """``python -m bot local``: a whole match in this terminal. Returns the exit status."""

    def demo(self, args: argparse.Namespace) -> int:
        """``python -m bot demo``: computer players fight to the end, pictures under ``args.out``
        (``"none"``: no pictures). Returns the exit status."""

    def bench_rules(self, args: argparse.Namespace) -> int:
        """``python -m bot bench rules``: print numbers, one ``name: value unit`` per line."""
