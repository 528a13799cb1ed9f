"""Live matches: one :class:`~bot.games.ruleset.GameMatch` of any game per channel, one lock per match.

Every change goes through :meth:`MatchManager.apply`, in this order, under the match's lock:
refuse an interaction already processed, refuse a stale version, run the command through the
game match (the rules decide), append it to storage together with the interaction id, and only
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
import importlib
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bot import games
from bot.discord import crossproc
from bot.discord.errors import AlreadyDone, NoMatch, Stale, UserError
from bot.discord.live import Applied as Applied  # re-exported: its older home (tests import it)
from bot.discord.live import LiveMatch as LiveMatch
from bot.games.ruleset import GameMatch, MatchSettings, Outcome, Refused
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


def face(game: str) -> Any:
    """The Discord face of ``game`` (:func:`bot.discord.face.face`), looked up when needed: the
    faces import this module, so it does not import them."""
    return importlib.import_module("bot.discord.face").face(game)


#: Builds a command's public result (the message owed to the channel) from the match right after
#: it, its outcome and a header; set by the adapter (the match's face, :meth:`bot.discord.face.Face.describe`).
Describe = Callable[["LiveMatch", Outcome, str], str]

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
                 tolerant: bool = False) -> Any:
    """A match of ``meta``'s game rebuilt from ``record`` (and ``snapshots``) for Discord, through its
    game's ruleset (:meth:`bot.games.ruleset.Ruleset.from_record`), with the server's own content.

    :raises bot.games.ruleset.Refused: the log does not replay (never when ``tolerant``).
    """
    ruleset = games.get(meta.ruleset)
    return ruleset.from_record(record, snapshots, adapter="discord", tolerant=tolerant, server=meta.guild_id)


def _session_of(stored: StoredMatch) -> GameMatch:
    """A stored match's game match: from its snapshots made by this code version, else from its log.

    A log the current rules refuse in places (the bot was updated mid-match and a rule became
    stricter) is replayed tolerantly rather than lost: the refused commands change nothing and are
    logged as warnings.
    """
    version = games.get(stored.meta.ruleset).snapshot_version()
    usable = [(snap.seq, snap.state) for snap in stored.snapshots if snap.version == version]
    try:
        session: GameMatch = session_from(stored.meta, stored.record(), usable)
        return session
    except Refused:
        session = session_from(stored.meta, stored.record(), tolerant=True)
        for seq, text, reason in session.skipped:
            log.warning("match %s: logged command %d (%s) is refused by the current rules and was skipped: %s",
                        stored.meta.match_id, seq, text.split(" ", 1)[0], reason)
        return session


def snowflake_ms(snowflake: int) -> int:
    """The Unix time (ms) a Discord id (an interaction's, say) was made."""
    return _snowflake_ms(snowflake)


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
        for name in games.names():  # what each game keeps per server (its own cards), before its matches
            await face(name).on_restore(self.storage)
        self._floor = await self.storage.last_interaction_id()
        for stored in await self.storage.list_active():
            try:
                session = _session_of(stored)
            except Exception:
                log.exception("cannot replay match %s; leaving it stored but not live", stored.meta.match_id)
                continue
            live = face(stored.meta.ruleset).live(stored.meta, session, secret_picks=dict(stored.secret_picks),
                                                  snapshot_seq=session.restored_from,
                                                  unsent={e.key: e for e in stored.outbox}, turn_mark=stored.turn_mark)
            sent_round = live.sent_round()
            live.controls_round = live.round_owed = sent_round
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

    async def create(self, *, guild_id: int | None, channel_id: int, creator_id: int, scenario_id: str | None = None,
                     map_id: str | None = None, fmt: dict[str, Any] | None = None, seed: int | None = None,
                     parent_id: int | None = None, game: str = games.DEFAULT,
                     options: Mapping[str, Any] | None = None) -> LiveMatch:
        """Start a match of ``game`` (a :mod:`bot.games` name) in a channel (``parent_id``: the
        channel whose thread ``channel_id`` is), through its ruleset
        (:meth:`~bot.games.ruleset.Ruleset.new_match`); the match records its game.

        ``options`` are the game's match options (:attr:`MatchSettings.options`); without them,
        ``{"map": map_id, "scenario": scenario_id, "format": fmt}`` (the keys both games read).

        :raises UserError: when the channel already has a match under way, or the game refuses
            the options (its message says why).
        """
        async with self._create_lock:
            current = self.in_channel(channel_id)
            if current is not None and not current.over:
                raise UserError("This channel already has a match. Finish it, or `/match end` it first.")
            match_id = secrets.token_hex(4)
            try:
                ruleset = games.get(game)
                if options is None:
                    options = {"map": map_id, "scenario": scenario_id, "format": fmt}
                settings = MatchSettings(match_id, seed, dict(options), adapter="discord", server=guild_id)
                session = ruleset.new_match(settings)
            except (KeyError, ValueError) as exc:
                raise UserError(str(exc.args[0]) if exc.args else str(exc)) from None
            record = session.to_record()
            meta = MatchMeta(match_id=match_id, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
                             map_id=record.get("map_id") or "", scenario_id=record.get("scenario_id") or "",
                             seed=session.seed,
                             format=dict(record.get("format") or {}), parent_id=parent_id, ruleset=ruleset.name)
            if current is not None and current.meta.status == ACTIVE:
                await self.storage.set_status(current.match_id, OVER)
            try:
                await self.storage.create_match(meta)
            except MatchExists:
                raise UserError("This channel already has a match. Finish it, or `/match end` it first.") from None
            live: LiveMatch = face(ruleset.name).live(meta, session)
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
        time); a turn-dependent command (a verb of the game face's ``turn_verbs``) issued before the last change of turn
        is refused. ``header`` starts the public result.

        :raises AlreadyDone: the interaction was already processed.
        :raises Stale: ``expected_version`` is not the current version, or the turn changed after
            ``issued_ms``.
        :raises bot.games.ruleset.Refused: the rules refuse the command (nothing changed).
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
                    and text.split(" ", 1)[0] in face(live.meta.ruleset).turn_verbs):
                raise Stale(f"Not done: you sent this before the turn changed ({mark.what}). "
                            "Send it again if you still want it.")
            game = live.game
            seq = len(game.log)
            before = live.turn_events()
            turn_before, words_before = game.turn_key(), game.turn_words()
            rules_start = time.perf_counter()
            outcome = game.apply(player, text)
            rules = time.perf_counter() - rules_start
            logged_player, logged_text = game.log[-1]
            version = live.version
            result = self._describe(live, outcome, header)
            owed = [OutboxEntry(f"cmd:{seq}", seq, OUT_RESULT, result, version)] if result else []
            round_due = live.opening_due()
            if round_due is not None:
                owed.append(OutboxEntry(f"round:{round_due}", seq, OUT_ROUND, "", version))
            new_mark = None
            if game.turn_key() != turn_before:
                new_mark = TurnMark(version, int(time.time() * 1000), f"{words_before} ended; now {game.turn_words()}")
            try:
                await self.storage.append(live.match_id, seq, logged_player, logged_text, interaction_id,
                                          outbox=tuple(owed), turn_mark=new_mark)
            except Exception:
                await self._reload(live)
                raise
            for entry in owed:
                live.unsent[entry.key] = entry
            if round_due is not None:
                live.round_owed = round_due
            if new_mark is not None:
                live.turn_mark = new_mark
            if interaction_id is not None:
                self._remember(interaction_id)
            if live.over:
                await self.storage.set_status(live.match_id, OVER)
            view = live.public_view() if self.maps and live.picture_due(outcome, want_view) else None
            phase, pending = live.facts()
            applied = Applied(outcome=outcome, player=player, text=logged_text, version=version, round=game.round,
                              phase=phase, pending=pending, view=view, shown=live.shown(before, outcome),
                              seq=seq, result=result)
            since = seq + 1 - live.snapshot_seq
            due = not live.over and (outcome.turn_ended or since >= SNAPSHOT_EVERY)
            blob = game.snapshot() if due else None
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
        """Rebuild a match from storage after a failed write (memory never runs ahead of disk)."""
        stored = await self.storage.load_match(live.match_id)
        if stored is not None:
            live.game = _session_of(stored)

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

    async def save_secret_picks(self, live: LiveMatch, player: str, picks: dict[str, str]) -> None:
        """Remember a player's secret picks not yet locked in (durably, so a restart keeps them)."""
        live.secret_picks[player] = dict(picks)
        await self.storage.save_secret_picks(live.match_id, player, picks)
