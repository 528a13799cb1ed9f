"""A live match in memory (:class:`LiveMatch`: any game's :class:`~bot.games.ruleset.GameMatch`, its
stored metadata, its lock, what it owes) and an accepted command (:class:`Applied`).

:class:`LiveMatch` answers the kernel's questions about the match through the
:class:`~bot.games.ruleset.GameMatch` protocol only; a game whose Discord face needs more (its
state, its own rounds) gives a subclass (:meth:`bot.discord.face.Face.live`) that overrides the
hooks below (:meth:`LiveMatch.opening_due`, :meth:`LiveMatch.picture_due`, ...), and only that
game's code reads what the subclass adds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot import games
from bot.discord.errors import NotAPlayer
from bot.games.ruleset import GameMatch, Outcome
from bot.storage.base import MatchMeta, OutboxEntry, TurnMark

T = TypeVar("T")


@dataclass(eq=False)
class LiveMatch:
    """A match in memory: its stored metadata, its game match and its lock.

    ``secret_picks`` holds a secret phase's picks not yet locked in (player -> slot -> option);
    ``dm_closed`` the players whose DMs failed; ``owed`` what could not be delivered to a player
    privately yet (shown with their next command) and ``owed_controls`` who still needs their
    secret-pick controls; ``owed_rows`` the newest stored row of each (player, kind) owed, so
    that delivering forgets exactly what was shown. ``snapshot_seq`` is the log position of the
    newest stored snapshot.
    """

    meta: MatchMeta
    game: GameMatch
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    secret_picks: dict[str, dict[str, str]] = field(default_factory=dict)
    dm_closed: set[str] = field(default_factory=set)
    owed: dict[str, list[str]] = field(default_factory=dict)
    owed_controls: set[str] = field(default_factory=set)
    #: The last round whose secret-pick controls were sent (a restored match counts as sent).
    controls_round: int = 0
    owed_rows: dict[tuple[str, str], int] = field(default_factory=dict)
    snapshot_seq: int = 0
    #: The last round whose opening was written to the outbox (a restored match counts as written).
    round_owed: int = 0
    #: Outbox rows written and not yet sent, by key (restored from storage on start).
    unsent: dict[str, OutboxEntry] = field(default_factory=dict)
    #: The last change of turn (``None``: none since the match began).
    turn_mark: TurnMark | None = None
    _memo: dict[Hashable, Any] = field(default_factory=dict, repr=False)
    _memo_version: int = -1

    @property
    def session(self) -> Any:
        """The game match (its older name; a game's subclass narrows its type)."""
        return self.game

    @property
    def match_id(self) -> str:
        """The match id (in custom ids and storage)."""
        return self.meta.match_id

    @property
    def channel_id(self) -> int:
        """The channel the match is played in."""
        return self.meta.channel_id

    @property
    def version(self) -> int:
        """The state version, bumped by every accepted command."""
        return self.game.version

    @property
    def over(self) -> bool:
        """True once the rules declared a result."""
        return self.game.result() is not None

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` cached until the state changes (autocomplete asks again on every keystroke)."""
        if self._memo_version != self.version:
            self._memo.clear()
            self._memo_version = self.version
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]  # type: ignore[no-any-return]

    def is_player(self, pid: str) -> bool:
        """Whether ``pid`` sits at the table."""
        return any(s.id == pid for s in self.game.seats())

    def names(self) -> dict[str, str]:
        """Every seated player's display name, by id."""
        return {s.id: s.name for s in self.game.seats()}

    def seating_open(self) -> bool:
        """Whether players may still take a seat (``/match join``): before the first round."""
        return self.game.round == 0 and not self.over

    def require_player(self, pid: str) -> None:
        """:raises NotAPlayer: when ``pid`` does not play in this match."""
        if not self.is_player(pid):
            if self.seating_open():
                raise NotAPlayer("You are not playing in this match. Use `/match join` to take a seat.")
            raise NotAPlayer("You are not playing in this match, so you cannot act in it.")

    def waiting_for(self, on: str) -> list[str]:
        """The players the match waits for on ``on`` (:attr:`bot.games.ruleset.Waiting.on`, the
        game's kind of input), in seat order (:meth:`bot.games.ruleset.GameMatch.waiting`)."""
        return [w.player for w in self.game.waiting() if w.on == on]

    # --- hooks a game's subclass overrides ------------------------------------------------------

    def secret_waiting(self) -> list[str]:
        """The players who owe a secret assignment now (:meth:`GameMatch.secret`), in seat order."""
        return [w.player for w in self.game.waiting() if (s := self.game.secret(w.player)) is not None
                and s.kind == w.on]

    def opening_due(self) -> int | None:
        """The round whose opening (public message and secret controls) a command owes the channel
        now (outbox row ``round:N``), or ``None``."""
        r = self.game.round
        return r if self.round_owed < r and self.secret_waiting() else None

    def secret_round_due(self, *, owed_only: bool = False) -> bool:
        """Whether the current round's secret controls are still to be sent (``owed_only``: only
        when its opening is an unsent outbox row, after a restart)."""
        r = self.game.round
        if owed_only:
            return f"round:{r}" in self.unsent and bool(self.secret_waiting())
        return self.controls_round < r and bool(self.secret_waiting())

    def sent_round(self) -> int:
        """For a restored match: the round whose secret controls went out before the restart."""
        return self.game.round

    def turn_events(self) -> Sequence[Any]:
        """The public events of the turn under way, drawn on the next picture (none by default)."""
        return ()

    def picture_due(self, outcome: Outcome, asked: bool) -> bool:
        """Whether an accepted command (its ``outcome``) is shown with a picture (``asked``: the
        command asked for one)."""
        return outcome.turn_ended or outcome.game_over or asked

    def public_view(self) -> Any:
        """What the public may see now, captured under the lock for the picture: :meth:`view_of`
        this match. (By default that is the match itself, drawn when the picture is made, a moment
        later: a game whose :meth:`GameMatch.view` can be drawn overrides both.)"""
        return self.view_of(self.game)

    def shown(self, before: Sequence[Any], outcome: Outcome) -> tuple[Any, ...]:
        """The events drawn on a picture after ``outcome``: the turn's (``before``), then its own."""
        return (*before, *outcome.events)

    def keep_case(self) -> Collection[str]:
        """Ids that keep their case at the start of a sentence (the game's pieces); none by default."""
        return ()

    def refusal(self, pid: str, text: str) -> Exception | None:
        """Why the rules would refuse ``text`` from ``pid`` now (checked without applying it), or
        ``None`` when they would take it or the game cannot tell (then applying it answers)."""
        return None

    # --- play by post (bot.discord.pace) ---------------------------------------------------------

    #: What the game calls a turn, for messages ("No turn has ended yet").
    turn_name = "turn"
    #: Verbs an undo never takes back.
    undo_final: frozenset[str] = frozenset({"concede", "join", "start"})

    def wait_mark(self) -> str:
        """What identifies the moment of a wait (with its kind, player and words, a deadline's mark):
        changes when the round or the turn does."""
        return f"{self.game.round}|{self.game.turn_key()!r}"

    def expected(self, player: str, on: str, about: str) -> tuple[str, str]:
        """``(kind, words)`` for what ``player`` is waited on (:class:`~bot.games.ruleset.Waiting`'s
        ``on`` and ``about``): kind ``orders`` (a secret assignment), ``turn`` or ``decision`` (the
        pace's deadlines); ``("", "")`` for a wait that gets no deadline."""
        if on == "choose":
            return "decision", f"Decide: {about}" if about else "Decide"
        secret = self.game.secret(player)
        if secret is not None and secret.kind == on:
            return "orders", f"{secret.title or 'Make your secret choices'} (round {self.game.round})"
        return "turn", f"Your move: {self.game.turn_words()}"

    def headline(self) -> str:
        """The match in a few words (``/me games``)."""
        return games.get(self.meta.ruleset).title

    def rebuild(self, upto: int) -> GameMatch:
        """The match rebuilt from its seed and its first ``upto`` commands (a position before)."""
        record = self.game.to_record()
        record["log"] = [list(x) for x in record["log"][:upto]]
        return games.get(self.meta.ruleset).from_record(record, adapter="discord", server=self.meta.guild_id)

    def view_of(self, match: GameMatch) -> Any:
        """What a picture of ``match`` (this match, or one rebuilt) is drawn from; the match itself
        by default (:meth:`draw_view` asks it for its picture)."""
        return match

    def draw_view(self, render: Any, view: Any, events: Sequence[Any]) -> bytes | None:
        """The PNG of ``view`` (:meth:`view_of`) with ``events``, drawn now (``render``: the bot's
        renderer, for games that draw through it)."""
        picture: bytes | None = view.picture(None, tuple(events))
        return picture

    def turn_shots(self) -> list[tuple[Any, tuple[Any, ...]]]:
        """``(view, events)`` after every turn that ended so far, replayed from the seed."""
        entries = [tuple(x) for x in self.game.to_record()["log"]]
        match = self.rebuild(0)
        shots: list[tuple[Any, tuple[Any, ...]]] = []
        events: list[Any] = []
        for n, (player, text) in enumerate(entries, 1):
            out = match.apply(player, text)
            events += out.events
            if out.turn_ended or out.game_over:
                shots.append((self.view_of(self.rebuild(n)), tuple(events)))
                events = []
        return shots

    def active_players(self) -> list[str]:
        """The players still in the match (those an undo asks)."""
        return [s.id for s in self.game.seats()]

    def shown_command(self, text: str) -> str:
        """A logged command as the other players may read it."""
        return text

    def undo_blocker(self, replayed: GameMatch) -> str:
        """Why the commands after ``replayed``'s log cannot be taken back (``""``: they can): what
        they showed that stays shown (dice, hidden things). By default nothing can be."""
        return "this game does not take commands back yet"

    def adopt(self, match: GameMatch, old_version: int) -> None:
        """Play on from ``match`` (rebuilt by an undo); ``old_version`` was the version before."""
        self.game = match

    def policy_command(self, player: str, policy: str) -> str | None:
        """The command a passed deadline's ``policy`` (``forfeit``, ``skip`` or ``ai``) sends for
        ``player`` now, or ``None``."""
        return "concede" if policy == "forfeit" else None

    def facts(self) -> tuple[Any, Any]:
        """``(phase, pending decision)`` right after a command, for :class:`Applied` (the game's own
        values; ``(None, None)`` by default)."""
        return None, None


@dataclass(frozen=True, slots=True)
class Applied:
    """An accepted command: what it did and the facts an adapter needs to show it.

    ``view`` is the public view right after the command when a picture is due (a turn ended,
    or asked for), captured under the lock so the picture matches the words; ``shown`` the public
    events to draw on it: the turn's before this command, then this command's. ``phase`` and
    ``pending`` are the game's own (:meth:`LiveMatch.facts`).
    """

    outcome: Outcome
    player: str
    text: str
    version: int
    round: int
    phase: Any
    pending: Any
    view: Any
    shown: tuple[Any, ...] = ()
    #: The log position of the command; its public result is outbox row ``cmd:SEQ``.
    seq: int = -1
    #: The public result as owed to the channel (``""``: nothing public to say).
    result: str = ""
