"""Live matches: one :class:`~bot.game.session.GameSession` per channel, one lock per match.

Every change goes through :meth:`MatchManager.apply`, in this order, under the match's lock:
refuse an interaction already processed, refuse a stale version, run the command through the
session (the rules decide), append it to storage together with the interaction id, and only
then report it. A retried or double-delivered interaction therefore applies once, and two clicks
on the same button apply once (the second carries a version that is no longer current).

After a command that ends a turn (or every :data:`SNAPSHOT_EVERY` commands) the position is
also stored as a snapshot, when no decision is pending, so that a restart rebuilds each match
from its newest snapshot plus the few commands after it instead of replaying the whole log. The
snapshot is taken under the lock but written in the background: a command never waits for it,
and losing it (a crash) only means a longer replay.
Private lines owed to players whose DMs are closed are stored too, until delivered.

What a command owes the channel goes to the outbox in the same transaction as its log entry (its
public result, and a round's opening when it started one); the adapter marks each row sent once
Discord took it, and a restart delivers the rest (:mod:`bot.discord.resume`). A command that
changes whose turn it is also stores the moment and the words of that change (a turn mark): a
slash command issued before it (by the interaction's own time, like boardgame.io's ``_stateID``)
is refused with what happened meanwhile, so a retry never lands on the next turn.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot import games
from bot.discord import crossproc, server_cards
from bot.discord.errors import AlreadyDone, NoMatch, NotAPlayer, Stale, UserError
from bot.game.seam import turn_key as turn_key  # its old home was here (tests import it)
from bot.game.session import GameSession
from bot.games.ruleset import MatchSettings, Outcome, Refused
from bot.rules import checks
from bot.rules.events import Event
from bot.rules.state import MatchState, Pending, Phase
from bot.rules.views import public_view
from bot.storage.base import (
    ACTIVE,
    ENDED,
    OUT_RESULT,
    OUT_ROUND,
    OVER,
    OWED_CONTROLS,
    OWED_TEXT,
    MatchExists,
    MatchMeta,
    OutboxEntry,
    Storage,
    StoredMatch,
    TurnMark,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(eq=False)
class LiveMatch:
    """A match in memory: its stored metadata, its session and its lock.

    ``marker_picks`` holds a round's secret picks not yet locked in (player -> slot -> option);
    ``dm_closed`` the players whose DMs failed; ``owed`` what could not be delivered to a player
    privately yet (shown with their next command) and ``owed_controls`` who still needs their
    secret-pick controls; ``owed_rows`` the newest stored row of each (player, kind) owed, so
    that delivering forgets exactly what was shown. ``snapshot_seq`` is the log position of the
    newest stored snapshot.
    """

    meta: MatchMeta
    session: GameSession
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    marker_picks: dict[str, dict[str, str]] = field(default_factory=dict)
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
    def match_id(self) -> str:
        """The match id (in custom ids and storage)."""
        return self.meta.match_id

    @property
    def channel_id(self) -> int:
        """The channel the match is played in."""
        return self.meta.channel_id

    @property
    def state(self) -> MatchState:
        """The current state (read only)."""
        return self.session.state

    @property
    def turn_log(self) -> list[Event]:
        """Public events of the turn under way, for the next picture (rebuilt on restore)."""
        return self.session.match.turn_events

    @property
    def version(self) -> int:
        """The state version, bumped by every accepted command."""
        return self.session.version

    @property
    def over(self) -> bool:
        """True once the rules declared a result."""
        return self.session.result() is not None

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
        return any(s.id == pid for s in self.session.seats())

    def require_player(self, pid: str) -> None:
        """:raises NotAPlayer: when ``pid`` does not play in this match."""
        if not self.is_player(pid):
            if self.state.phase is Phase.SETUP:
                raise NotAPlayer("You are not playing in this match. Use `/match join` to take a seat.")
            raise NotAPlayer("You are not playing in this match, so you cannot act in it.")

    def waiting_for(self, on: str) -> list[str]:
        """The players the match waits for on ``on`` (:attr:`bot.games.ruleset.Waiting.on`, the
        game's kind of input), in seat order (:meth:`bot.games.ruleset.GameMatch.waiting`)."""
        return [w.player for w in self.session.waiting() if w.on == on]

    def waiting_for_orders(self) -> list[str]:
        """Players who have not locked in their Order Markers this round, in seat order.

        Those :func:`bot.rules.legal.waiting_for` names for ``orders``, and still them while a
        decision made at the start of the round waits (Wellspring water): their controls are sent
        with the round and they may pick markers meanwhile (the rules' players still in the
        battle, :func:`bot.rules.checks.active_players`).
        """
        st = self.state
        if st.phase is not Phase.ORDERS:
            return []
        if not st.pending:
            return self.waiting_for("orders")
        return [p.id for p in checks.active_players(st) if not st.orders.get(p.id)]


@dataclass(frozen=True, slots=True)
class Applied:
    """An accepted command: what it did and the state facts an adapter needs to show it.

    ``view`` is the public view right after the command when a picture is due (a turn ended,
    or asked for), captured under the lock so the picture matches the words; ``shown`` the public
    events to draw on it: the turn's before this command, then this command's.
    """

    outcome: Outcome
    player: str
    text: str
    version: int
    round: int
    phase: Phase
    pending: Pending | None
    view: MatchState | None
    shown: tuple[Event, ...] = ()
    #: The log position of the command; its public result is outbox row ``cmd:SEQ``.
    seq: int = -1
    #: The public result as owed to the channel (``""``: nothing public to say).
    result: str = ""


#: Builds a command's public result (the message owed to the channel) from the match right after
#: it, its outcome and a header; set by the adapter (:func:`bot.discord.publish.result_text`).
Describe = Callable[["LiveMatch", Outcome, str], str]

#: Verbs whose meaning depends on whose turn (or pick) it is: a slash command with one of them,
#: issued before the last change of turn, is refused instead of applied to the new turn.
TURN_VERBS = frozenset({"move", "attack", "special", "end-turn", "choose", "draft", "pass", "use"})

#: Called with what a handler did (a verb or a component) and the seconds it took; for the bench.
Timer = Callable[[str, float, float], None]
#: Called after each apply with the verb, the seconds the whole apply took (lock wait, idempotency
#: check, rules, storage) and the seconds the rules alone took; for the bench.
ApplyTimer = Callable[[str, float, float], None]


#: How many recent interaction ids are kept in memory before pruning, and for how long.
RECENT_LIMIT = 20_000
RECENT_MS = 20 * 60 * 1000
DISCORD_EPOCH_MS = 1420070400000

#: A snapshot is stored at least this often (in commands), at a quiet moment, even within a long
#: turn; and always after a command that ends a turn.
SNAPSHOT_EVERY = 40
#: How many snapshots each match keeps (the newest first; an older one is a fallback).
SNAPSHOTS_KEPT = 2
#: A restore that had to replay at least this many commands stores a snapshot at once.
SNAPSHOT_ON_RESTORE = 20


def _snowflake_ms(snowflake: int) -> int:
    """The Unix time (ms) a Discord id was made."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


def session_from(meta: MatchMeta, record: dict[str, Any], snapshots: Iterable[tuple[int, bytes]] = (), *,
                 tolerant: bool = False) -> GameSession:
    """A match of ``meta``'s game rebuilt from ``record`` (and ``snapshots``) for Discord, through its
    game's ruleset (:meth:`bot.games.ruleset.Ruleset.from_record`), with the server's own content.

    :raises bot.games.ruleset.Refused: the log does not replay (never when ``tolerant``).
    """
    ruleset = games.get(meta.ruleset)
    session = ruleset.from_record(record, snapshots, adapter="discord", tolerant=tolerant, server=meta.guild_id)
    return session  # type: ignore[return-value]  # the Discord layer still reads the session's state


def _session_of(stored: StoredMatch) -> GameSession:
    """A stored match's session: from its snapshots made by this code version, else from its log.

    A log the current rules refuse in places (the bot was updated mid-match and a rule became
    stricter) is replayed tolerantly rather than lost: the refused commands change nothing and are
    logged as warnings.
    """
    version = games.get(stored.meta.ruleset).snapshot_version()
    usable = [(snap.seq, snap.state) for snap in stored.snapshots if snap.version == version]
    try:
        return session_from(stored.meta, stored.record(), usable)
    except Refused:
        session = session_from(stored.meta, stored.record(), tolerant=True)
        for seq, text, reason in session.skipped:
            log.warning("match %s: logged command %d (%s) is refused by the current rules and was skipped: %s",
                        stored.meta.match_id, seq, text.split(" ", 1)[0], reason)
        return session


def snowflake_ms(snowflake: int) -> int:
    """The Unix time (ms) a Discord id (an interaction's, say) was made."""
    return _snowflake_ms(snowflake)


def _sent_round(session: GameSession) -> int:
    """For a restored match: the round whose secret-pick controls went out before the restart."""
    st = session.state
    return st.round - 1 if st.phase is Phase.ORDERS and st.pending else st.round


class MatchManager:
    """All live matches of the bot, by id and by channel, backed by a :class:`Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._matches: dict[str, LiveMatch] = {}
        self._by_channel: dict[int, str] = {}
        self._create_lock = asyncio.Lock()
        self.timer: ApplyTimer | None = None
        #: Interactions applied by this process lately, and the newest one stored before it started:
        #: a newer id not in ``_recent`` cannot have been processed, so the database is not asked.
        self._recent: set[int] = set()
        self._floor = 0
        self._horizon_ms = 0
        #: Whether applies capture a public view for a map (off when the bot draws no maps).
        self.maps = True
        #: Snapshot writes under way (a command does not wait for its snapshot to be stored).
        self._writes: set[asyncio.Task[None]] = set()
        #: Builds the public result owed for each command (the adapter sets it; ``None``: nothing owed).
        self.describe: Describe | None = None

    # --- look-ups -----------------------------------------------------------------------------

    def get(self, match_id: str) -> LiveMatch | None:
        """The live match with this id."""
        return self._matches.get(match_id)

    def in_channel(self, channel_id: int | None) -> LiveMatch | None:
        """The match of a channel (a finished one stays until the channel starts another)."""
        mid = self._by_channel.get(channel_id) if channel_id is not None else None
        return self._matches.get(mid) if mid else None

    def require(self, channel_id: int | None) -> LiveMatch:
        """:raises NoMatch: when the channel has no match."""
        live = self.in_channel(channel_id)
        if live is None:
            raise NoMatch("There is no match in this channel. Start one with `/match new`.")
        return live

    def live(self) -> list[LiveMatch]:
        """Every live match (finished ones stay until their channel starts another)."""
        return list(self._matches.values())

    def __len__(self) -> int:
        return len(self._matches)

    def in_threads_of(self, channel_id: int) -> list[LiveMatch]:
        """The live matches stored as living in threads of ``channel_id``."""
        return [m for m in self._matches.values() if m.meta.parent_id == channel_id]

    # --- lifecycle ----------------------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every active match from storage (newest usable snapshot plus the commands after it,
        or the whole log), with its secret picks and owed private lines; return how many.

        A match whose log does not replay is logged and left stored but not live.
        """
        count = 0
        await server_cards.load_all(self.storage)  # each server's own cards, before its matches
        self._floor = await self.storage.last_interaction_id()
        for stored in await self.storage.list_active():
            try:
                session = _session_of(stored)
            except Exception:
                log.exception("cannot replay match %s; leaving it stored but not live", stored.meta.match_id)
                continue
            sent_round = _sent_round(session)
            live = LiveMatch(stored.meta, session, marker_picks=dict(stored.marker_picks), controls_round=sent_round,
                             snapshot_seq=session.restored_from, round_owed=sent_round,
                             unsent={e.key: e for e in stored.outbox}, turn_mark=stored.turn_mark)
            # A round whose opening is still owed was not opened: the catch-up opens it.
            live.controls_round = min([sent_round] + [int(e.key.split(":")[1]) - 1 for e in stored.outbox
                                                      if e.kind == OUT_ROUND])
            for owed in stored.owed:
                if owed.kind == OWED_CONTROLS:
                    live.owed_controls.add(owed.player)
                else:
                    live.owed.setdefault(owed.player, []).append(owed.text)
                live.owed_rows[(owed.player, owed.kind)] = owed.id
                live.dm_closed.add(owed.player)  # owed because their DMs were closed: do not try first
            self._add(live)
            if len(session.log) - session.restored_from >= SNAPSHOT_ON_RESTORE:
                await self._save_snapshot(live, len(session.log), session.snapshot())
            count += 1
        return count

    def _add(self, live: LiveMatch) -> None:
        old = self.in_channel(live.channel_id)
        if old is not None:
            self._matches.pop(old.match_id, None)
        self._matches[live.match_id] = live
        self._by_channel[live.channel_id] = live.match_id

    async def create(self, *, guild_id: int | None, channel_id: int, creator_id: int, scenario_id: str,
                     map_id: str | None = None, fmt: dict[str, Any] | None = None, seed: int | None = None,
                     parent_id: int | None = None, game: str = games.DEFAULT) -> LiveMatch:
        """Start a match of ``game`` (a :mod:`bot.games` name) in a channel (``parent_id``: the
        channel whose thread ``channel_id`` is); the match records its game.

        :raises UserError: when the channel already has a match under way, or the scenario or
            map is unknown.
        """
        async with self._create_lock:
            current = self.in_channel(channel_id)
            if current is not None and not current.over:
                raise UserError("This channel already has a match. Finish it, or `/match end` it first.")
            match_id = secrets.token_hex(4)
            try:
                ruleset = games.get(game)
                options = {"map": map_id, "scenario": scenario_id, "format": fmt}
                settings = MatchSettings(match_id, seed, options, adapter="discord", server=guild_id)
                session: GameSession = ruleset.new_match(settings)  # type: ignore[assignment]  # as _session_of
            except (KeyError, ValueError) as exc:
                raise UserError(str(exc.args[0]) if exc.args else str(exc)) from None
            record = session.to_record()
            meta = MatchMeta(match_id=match_id, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
                             map_id=record["map_id"], scenario_id=record["scenario_id"], seed=session.seed,
                             format=dict(record.get("format") or {}), parent_id=parent_id, ruleset=ruleset.name)
            if current is not None and current.meta.status == ACTIVE:
                await self.storage.set_status(current.match_id, OVER)
            try:
                await self.storage.create_match(meta)
            except MatchExists:
                raise UserError("This channel already has a match. Finish it, or `/match end` it first.") from None
            live = LiveMatch(meta, session)
            self._add(live)
            return live

    async def end(self, live: LiveMatch) -> None:
        """Stop a match for good (``/match end``): stored as ended, forgotten in memory."""
        async with live.lock:
            await self.storage.set_status(live.match_id, ENDED)
            self._matches.pop(live.match_id, None)
            if self._by_channel.get(live.channel_id) == live.match_id:
                del self._by_channel[live.channel_id]

    # --- changes ------------------------------------------------------------------------------

    async def apply(self, live: LiveMatch, player: str, text: str, *, interaction_id: int | None = None,
                    expected_version: int | None = None, want_view: bool = False, issued_ms: int | None = None,
                    header: str = "") -> Applied:
        """Apply one command for ``player``, durably and once, with what it owes the channel.

        ``issued_ms``: when the player issued the command (Unix ms, a slash command's interaction
        time); a turn-dependent command (:data:`TURN_VERBS`) issued before the last change of turn
        is refused. ``header`` starts the public result.

        :raises AlreadyDone: the interaction was already processed.
        :raises Stale: ``expected_version`` is not the current version, or the turn changed after
            ``issued_ms``.
        :raises bot.rules.errors.RulesError: the rules refuse the command (nothing changed).
        """
        start = time.perf_counter()
        # issue 21: the match's cross-process lock, and the match rebuilt first when another process moved it.
        async with live.lock, crossproc.step(self, live):
            if interaction_id is not None and await self._processed(interaction_id):
                raise AlreadyDone("That was already done.")
            if expected_version is not None and expected_version != live.version:
                raise Stale("The match changed since this button was made (it was already used, or someone acted), "
                            "so it no longer applies.")
            mark = live.turn_mark
            if (issued_ms is not None and mark is not None and issued_ms < mark.at_ms
                    and text.split(" ", 1)[0] in TURN_VERBS):
                raise Stale(f"Not done: you sent this before the turn changed ({mark.what}). "
                            "Send it again if you still want it.")
            seq = len(live.session.log)
            before = live.turn_log
            turn_before, words_before = live.session.turn_key(), live.session.turn_words()
            rules_start = time.perf_counter()
            outcome = live.session.apply(player, text)
            rules = time.perf_counter() - rules_start
            logged_player, logged_text = live.session.log[-1]
            st = live.state
            result = self._describe(live, outcome, header)
            owed = [OutboxEntry(f"cmd:{seq}", seq, OUT_RESULT, result, live.version)] if result else []
            round_due = st.phase is Phase.ORDERS and not st.pending and live.round_owed < st.round
            if round_due:
                owed.append(OutboxEntry(f"round:{st.round}", seq, OUT_ROUND, "", st.version))
            new_mark = None
            if live.session.turn_key() != turn_before:
                new_mark = TurnMark(st.version, int(time.time() * 1000),
                                    f"{words_before} ended; now {live.session.turn_words()}")
            try:
                await self.storage.append(live.match_id, seq, logged_player, logged_text, interaction_id,
                                          outbox=tuple(owed), turn_mark=new_mark)
            except Exception:
                await self._reload(live)
                raise
            for entry in owed:
                live.unsent[entry.key] = entry
            if round_due:
                live.round_owed = st.round
            if new_mark is not None:
                live.turn_mark = new_mark
            if interaction_id is not None:
                self._remember(interaction_id)
            if live.over:
                await self.storage.set_status(live.match_id, OVER)
            # A map also when a round opens without a turn ending: the placement that completes the
            # armies shows where everyone stands before round 1 (QA: only an empty battlefield was
            # posted, at `start`).
            opened = any(e.kind == "round_started" for e in outcome.events)
            map_due = outcome.turn_ended or outcome.game_over or want_view or opened
            view = public_view(st) if map_due and self.maps else None
            shown = (*before, *(e for e in outcome.events if e.to is None))
            applied = Applied(outcome=outcome, player=player, text=logged_text, version=st.version, round=st.round,
                              phase=st.phase, pending=st.pending[0] if st.pending else None, view=view, shown=shown,
                              seq=seq, result=result)
            since = seq + 1 - live.snapshot_seq
            due = not live.over and (outcome.turn_ended or since >= SNAPSHOT_EVERY)
            blob = live.session.snapshot() if due else None
        if blob is not None:
            task = asyncio.create_task(self._save_snapshot(live, seq + 1, blob))
            self._writes.add(task)
            task.add_done_callback(self._writes.discard)
        if self.timer is not None:
            self.timer(logged_text.split(" ", 1)[0], time.perf_counter() - start, rules)
        return applied

    def _describe(self, live: LiveMatch, outcome: Outcome, header: str) -> str:
        """The public result owed for a command (``""`` when nothing is owed or describing failed:
        the command stands, its words are then only shown if the adapter still can)."""
        if self.describe is None:
            return ""
        try:
            return self.describe(live, outcome, header)
        except Exception:
            log.exception("cannot describe a command of match %s", live.match_id)
            return ""

    async def was_processed(self, interaction_id: int) -> bool:
        """Whether an interaction was already applied (a second delivery of it must not act again)."""
        return await self._processed(interaction_id)

    async def sent(self, live: LiveMatch, key: str) -> None:
        """Outbox row ``key`` reached Discord: forget it (stored first; a failure only means it may
        be checked again after a restart, never shown twice: see :mod:`bot.discord.resume`)."""
        if live.unsent.pop(key, None) is None:
            return
        try:
            await self.storage.mark_sent(live.match_id, key)
        except Exception:
            log.exception("cannot mark outbox row %s of match %s sent", key, live.match_id)

    async def _processed(self, interaction_id: int) -> bool:
        """Whether an interaction was already applied (memory first, the database when unsure)."""
        if interaction_id in self._recent:
            return True
        if interaction_id > self._floor and _snowflake_ms(interaction_id) >= self._horizon_ms:
            return False
        return await self.storage.is_processed(interaction_id)

    def _remember(self, interaction_id: int) -> None:
        self._recent.add(interaction_id)
        if len(self._recent) > RECENT_LIMIT:
            # Discord answers an interaction for 15 minutes at most; older ones are checked on disk.
            self._horizon_ms = int(time.time() * 1000) - RECENT_MS
            self._recent = {i for i in self._recent if _snowflake_ms(i) >= self._horizon_ms}

    async def _reload(self, live: LiveMatch) -> None:
        """Rebuild a session from storage after a failed write (memory never runs ahead of disk)."""
        stored = await self.storage.load_match(live.match_id)
        if stored is not None:
            live.session = _session_of(stored)

    async def flush(self) -> None:
        """Wait until the snapshot writes under way are done (before closing the storage)."""
        while self._writes:
            await asyncio.gather(*list(self._writes), return_exceptions=True)

    async def _save_snapshot(self, live: LiveMatch, seq: int, blob: bytes | None) -> None:
        """Store a snapshot taken after the first ``seq`` log entries (a cache: failures are logged)."""
        if blob is None:
            return
        try:
            await self.storage.save_snapshot(live.match_id, seq, games.get(live.meta.ruleset).snapshot_version(), blob, keep=SNAPSHOTS_KEPT)
        except Exception:
            log.exception("cannot store a snapshot of match %s at %d (the log still has everything)",
                          live.match_id, seq)
            return
        live.snapshot_seq = max(live.snapshot_seq, seq)

    # --- what players are owed ----------------------------------------------------------------

    async def owe(self, live: LiveMatch, pid: str, text: str) -> None:
        """Keep private words for ``pid`` that could not be sent (closed DMs): stored first, then
        in memory, so a restart still shows them with the player's next command."""
        await self._owe(live, pid, OWED_TEXT, text)
        live.owed.setdefault(pid, []).append(text)

    async def owe_controls(self, live: LiveMatch, pid: str) -> None:
        """Remember that ``pid`` still needs this round's secret-pick controls (stored too)."""
        await self._owe(live, pid, OWED_CONTROLS, "")
        live.owed_controls.add(pid)

    async def _owe(self, live: LiveMatch, pid: str, kind: str, text: str) -> None:
        try:
            row = await self.storage.owe(live.match_id, pid, kind, text)
        except Exception:  # kept in memory all the same: only a restart before delivery loses it
            log.exception("cannot store what match %s owes %s", live.match_id, pid)
            return
        key = (pid, kind)
        live.owed_rows[key] = max(row, live.owed_rows.get(key, 0))

    def owed_upto(self, live: LiveMatch, pid: str, kind: str) -> int:
        """The newest stored row of ``kind`` owed to ``pid`` now (take it before delivering)."""
        return live.owed_rows.get((pid, kind), 0)

    async def settle_owed(self, live: LiveMatch, pid: str, kind: str, upto: int | None = None) -> None:
        """Forget, in storage, what of ``kind`` was owed to ``pid`` up to row ``upto`` (default:
        everything stored so far): it was delivered."""
        upto = self.owed_upto(live, pid, kind) if upto is None else upto
        if upto <= 0:
            return
        try:
            await self.storage.settle_owed(live.match_id, pid, kind, upto)
        except Exception:  # delivered twice after a restart is better than a crash now
            log.exception("cannot forget what match %s owed %s", live.match_id, pid)
            return
        if live.owed_rows.get((pid, kind)) == upto:
            del live.owed_rows[(pid, kind)]

    async def save_marker_picks(self, live: LiveMatch, player: str, markers: dict[str, str]) -> None:
        """Remember a player's secret picks (durably, so a restart keeps them)."""
        live.marker_picks[player] = dict(markers)
        await self.storage.save_marker_picks(live.match_id, player, markers)
