"""SQLite storage through aiosqlite: WAL journal, schema migrated on open (``PRAGMA user_version``).

Every write is one autocommitted statement queued to aiosqlite's connection thread (a
multi-statement transaction, as in migrations, holds a lock so nothing slips into it); each write
has committed before it returns, so a bot killed at any moment loses nothing it had acknowledged.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.base import (
    ACTIVE,
    OVER,
    DuplicateEntry,
    MatchExists,
    MatchMeta,
    OutboxEntry,
    OwedLine,
    StoredMatch,
    StoredSnapshot,
    TurnMark,
)
from bot.storage.maps import ServerMapStore
from bot.storage.migrations import ALL

log = logging.getLogger(__name__)

_MATCH_COLUMNS = "match_id, guild_id, channel_id, creator_id, map_id, scenario_id, seed, format, status, parent_id, ruleset"


def _transaction(conn: sqlite3.Connection, statements: tuple[tuple[str, tuple[Any, ...]], ...]) -> int:
    """In the connection's thread: run ``statements`` between ``BEGIN IMMEDIATE`` and ``COMMIT``
    (``ROLLBACK`` and re-raise on any error); the last statement's row id (0 when none)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        cur = None
        for sql, args in statements:
            cur = conn.execute(sql, args)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return (cur.lastrowid if cur is not None else 0) or 0


class SqliteStorage(ServerMapStore):
    """:class:`~bot.storage.base.Storage` in one SQLite file (``":memory:"`` works for tests)."""

    #: What a claim of a due row adds to its ``SELECT`` (nothing: one process owns the file;
    #: PostgreSQL's backend skips rows another process holds).
    SKIP_LOCKED = ""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._write = asyncio.Lock()

    # --- lifecycle ----------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect, switch to WAL and apply the migrations not yet applied."""
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # Autocommit: a single statement is its own transaction (one trip to the database thread);
        # several statements are wrapped in BEGIN IMMEDIATE ... COMMIT by ``_run``.
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=NORMAL")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self.migrate()

    async def migrate(self) -> int:
        """Apply every migration of :data:`~bot.storage.migrations.ALL` not yet applied, in number
        order; return the highest number applied (also kept in ``PRAGMA user_version``).

        Which numbers ran is kept in ``schema_migrations`` (a database from before that table
        counts ``1..user_version`` as applied), so a gap in the numbers is filled later.
        """
        db = self.db
        async with db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        version = int(row[0]) if row else 0
        async with db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") as cur:
            tracked = await cur.fetchone() is not None
        if not tracked:
            await self._run(("CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY)", ()),
                            *(("INSERT INTO schema_migrations (number) VALUES (?)", (n,)) for n in range(1, version + 1)))
        async with db.execute("SELECT number FROM schema_migrations") as cur:
            applied = {int(r[0]) for r in await cur.fetchall()}
        for n in sorted(set(ALL) - applied):
            applied.add(n)
            await self._run(*((statement, ()) for statement in ALL[n]),
                            ("INSERT INTO schema_migrations (number) VALUES (?)", (n,)),
                            (f"PRAGMA user_version = {max(applied)}", ()))
            log.info("database %s migrated to schema %d", self.path, n)
        return max([version, *applied]) if applied else version

    async def close(self) -> None:
        """Close the connection (safe to call twice)."""
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    @asynccontextmanager
    async def match_lock(self, match_id: str) -> AsyncIterator[None]:
        """A per-match lock across processes: none is needed, one process owns the file (the
        match manager's own lock orders the tasks of this process)."""
        yield

    @property
    def db(self) -> aiosqlite.Connection:
        """The open connection.

        :raises RuntimeError: before :meth:`open`.
        """
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def _run(self, *statements: tuple[str, tuple[Any, ...]]) -> int:
        """Run statements in one transaction; an integrity error rolls back and raises. Returns the
        row id of the last statement's insert (0 when it inserted nothing).

        A single statement is a transaction by itself (autocommit) and is queued straight to the
        connection's thread, so many writers do not wait for each other's round trips; several
        statements hold ``_write`` so that nothing else slips into their transaction, and go to the
        connection's thread as ONE call (:func:`_transaction`): each trip to that thread is two
        thread switches, which on a busy machine cost milliseconds each, and ``_write`` is held
        for one trip instead of one per statement (issue 21: every logged command waited here).
        """
        if len(statements) == 1 and not self._write.locked():
            sql, args = statements[0]
            try:
                cur = await self.db.execute(sql, args)
            except sqlite3.IntegrityError as exc:
                raise DuplicateEntry(str(exc)) from None
            return cur.lastrowid or 0
        async with self._write:
            db = self.db
            if not isinstance(db, aiosqlite.Connection):
                # Another backend's connection (PostgreSQL's :class:`PgConnection`) has no thread to
                # hand the whole transaction to: its statements go one by one.
                return await self._run_each(statements)
            try:
                # aiosqlite has no public "run this in the connection's thread": its queue is used.
                rowid: int = await db._execute(_transaction, db._conn, statements)  # type: ignore[no-untyped-call]
            except sqlite3.IntegrityError as exc:
                raise DuplicateEntry(str(exc)) from None
            return rowid

    async def _run_each(self, statements: tuple[tuple[str, tuple[Any, ...]], ...]) -> int:
        """:meth:`_run`'s transaction one statement at a time (``_write`` held by the caller)."""
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                cur = await self.db.execute(sql, args)
        except BaseException as exc:
            await self.db.execute("ROLLBACK")
            if isinstance(exc, sqlite3.IntegrityError):
                raise DuplicateEntry(str(exc)) from None
            raise
        await self.db.execute("COMMIT")
        return cur.lastrowid or 0

    # --- matches ------------------------------------------------------------------------------

    async def create_match(self, meta: MatchMeta) -> None:
        """Store a new match.

        :raises MatchExists: when the channel already has an active match.
        """
        try:
            await self._run((
                f"INSERT INTO matches ({_MATCH_COLUMNS}, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (meta.match_id, meta.guild_id, meta.channel_id, meta.creator_id, meta.map_id, meta.scenario_id,
                 meta.seed, json.dumps(meta.format), meta.status, meta.parent_id, meta.ruleset, time.time()),
            ))
        except DuplicateEntry:
            raise MatchExists(f"channel {meta.channel_id} already has an active match") from None

    async def load_match(self, match_id: str) -> StoredMatch | None:
        """A match with its log and secret picks, or ``None``."""
        async with self.db.execute(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE match_id = ?", (match_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else await self._full(row)

    async def list_active(self) -> list[StoredMatch]:
        """Every active match, and every finished one that still owes its channel a message (its
        last result), oldest first."""
        async with self.db.execute(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE status = ? OR (status = ? AND match_id IN "
            "(SELECT match_id FROM outbox WHERE sent IS NULL)) ORDER BY created_at", (ACTIVE, OVER)
        ) as cur:
            rows = await cur.fetchall()
        return [await self._full(r) for r in rows]

    async def _full(self, row: Any) -> StoredMatch:
        meta = MatchMeta(match_id=row[0], guild_id=row[1], channel_id=row[2], creator_id=row[3], map_id=row[4],
                         scenario_id=row[5], seed=int(row[6]), format=json.loads(row[7]), status=row[8],
                         parent_id=row[9], ruleset=row[10])
        async with self.db.execute("SELECT player, text FROM log WHERE match_id = ? ORDER BY seq", (meta.match_id,)) as cur:
            log_rows = await cur.fetchall()
        async with self.db.execute("SELECT player, picks FROM secret_picks WHERE match_id = ?",
                                   (meta.match_id,)) as cur:
            pick_rows = await cur.fetchall()
        async with self.db.execute(
            "SELECT seq, version, state FROM snapshots WHERE match_id = ? ORDER BY seq DESC", (meta.match_id,)
        ) as cur:
            snap_rows = await cur.fetchall()
        async with self.db.execute(
            "SELECT id, player, kind, text FROM owed WHERE match_id = ? ORDER BY id", (meta.match_id,)
        ) as cur:
            owed_rows = await cur.fetchall()
        async with self.db.execute(
            "SELECT version, at_ms, what FROM turn_marks WHERE match_id = ?", (meta.match_id,)
        ) as cur:
            mark = await cur.fetchone()
        return StoredMatch(meta=meta, log=[(str(p), str(t)) for p, t in log_rows],
                           secret_picks={str(p): json.loads(m) for p, m in pick_rows},
                           snapshots=[StoredSnapshot(int(q), str(v), bytes(b)) for q, v, b in snap_rows],
                           owed=[OwedLine(int(i), str(p), str(k), str(t)) for i, p, k, t in owed_rows],
                           outbox=[e for e in await self.outbox(meta.match_id) if e.sent is None],
                           turn_mark=TurnMark(int(mark[0]), int(mark[1]), str(mark[2])) if mark else None)

    async def set_status(self, match_id: str, status: str) -> None:
        """Change a match's status; one no longer active loses its snapshots and owed lines."""
        update = ("UPDATE matches SET status = ? WHERE match_id = ?", (status, match_id))
        if status == ACTIVE:
            await self._run(update)
            return
        # Separate statements: the cleanup need not be atomic with the status (a finished match is
        # never restored), and a transaction would make every other writer queue behind it.
        await self._run(update)
        await self._run(("DELETE FROM snapshots WHERE match_id = ?", (match_id,)))
        await self._run(("DELETE FROM owed WHERE match_id = ?", (match_id,)))

    # --- log and idempotency ------------------------------------------------------------------

    async def append(self, match_id: str, seq: int, player: str, text: str,
                     interaction_id: int | None = None, *, outbox: tuple[OutboxEntry, ...] = (),
                     turn_mark: TurnMark | None = None) -> None:
        """Store log entry ``seq`` with the interaction that caused it, the outbox rows it owes
        and its turn mark, all in one transaction (a lone log entry is one statement).

        :raises DuplicateEntry: when ``seq`` or the interaction is already stored.
        """
        now = time.time()
        statements: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO log (match_id, seq, player, text, interaction_id, at) VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, seq, player, text, interaction_id, now))]
        statements += [("INSERT OR REPLACE INTO outbox (match_id, key, seq, kind, text, version, at, sent) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
                        (match_id, e.key, e.seq, e.kind, e.text, e.version, e.at or now)) for e in outbox]
        if turn_mark is not None:
            statements.append(("INSERT OR REPLACE INTO turn_marks (match_id, version, at_ms, what) VALUES (?, ?, ?, ?)",
                               (match_id, turn_mark.version, turn_mark.at_ms, turn_mark.what)))
        await self._run(*statements)

    async def mark_sent(self, match_id: str, key: str) -> None:
        """Record that the outbox row ``key`` reached Discord (a second call changes nothing)."""
        await self._run(("UPDATE outbox SET sent = ? WHERE match_id = ? AND key = ? AND sent IS NULL",
                         (time.time(), match_id, key)))

    async def outbox(self, match_id: str) -> list[OutboxEntry]:
        """Every outbox row of a match, sent or not, in the order they were owed."""
        async with self.db.execute(
            "SELECT key, seq, kind, text, version, at, sent FROM outbox WHERE match_id = ? ORDER BY seq, at, key",
            (match_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [OutboxEntry(str(k), int(q), str(kd), str(t), int(v), float(a), None if s is None else float(s))
                for k, q, kd, t, v, a, s in rows]

    async def is_processed(self, interaction_id: int) -> bool:
        """Whether the interaction already changed something (a log entry, or something else)."""
        async with self.db.execute(
            "SELECT EXISTS (SELECT 1 FROM log WHERE interaction_id = ?) "
            "OR EXISTS (SELECT 1 FROM interactions WHERE interaction_id = ?)", (interaction_id, interaction_id)
        ) as cur:
            row = await cur.fetchone()
        return bool(row and row[0])

    async def last_interaction_id(self) -> int:
        """The newest interaction id stored (0 when none)."""
        async with self.db.execute(
            "SELECT MAX(m) FROM (SELECT MAX(interaction_id) AS m FROM log "
            "UNION ALL SELECT MAX(interaction_id) FROM interactions) AS newest"
        ) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    async def mark_processed(self, interaction_id: int, match_id: str) -> None:
        """Remember an interaction that changed something outside the log.

        :raises DuplicateEntry: when it is already remembered.
        """
        await self._run(("INSERT INTO interactions (interaction_id, match_id, at) VALUES (?, ?, ?)",
                         (interaction_id, match_id, time.time())))

    # --- secret picks and boards-----------------------------------------------------------------

    async def save_secret_picks(self, match_id: str, player: str, picks: dict[str, str]) -> None:
        """Store (or, when empty, forget) a player's secret selections."""
        if picks:
            await self._run(("INSERT OR REPLACE INTO secret_picks (match_id, player, picks) VALUES (?, ?, ?)",
                             (match_id, player, json.dumps(picks))))
        else:
            await self._run(("DELETE FROM secret_picks WHERE match_id = ? AND player = ?", (match_id, player)))

    async def add_board(self, match_id: str, channel_id: int, message_id: int, version: int) -> None:
        """Remember a posted map message."""
        await self._run(("INSERT OR IGNORE INTO boards (match_id, channel_id, message_id, version) VALUES (?, ?, ?, ?)",
                         (match_id, channel_id, message_id, version)))

    async def boards(self, match_id: str) -> list[tuple[int, int, int]]:
        """Posted map messages ``(channel_id, message_id, version)``, oldest first."""
        async with self.db.execute(
            "SELECT channel_id, message_id, version FROM boards WHERE match_id = ? ORDER BY version, message_id", (match_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [(int(a), int(b), int(c)) for a, b, c in rows]

    # --- snapshots, owed lines, key/value -----------------------------------------------------

    async def save_snapshot(self, match_id: str, seq: int, version: str, state: bytes, keep: int = 2) -> None:
        """Store a snapshot at log position ``seq``, then drop all but the newest ``keep`` of the match.

        Two single statements, not one transaction: a snapshot is a cache, and a transaction would
        hold the write lock that every log append of every match then queues behind.
        """
        await self._run(("INSERT OR REPLACE INTO snapshots (match_id, seq, version, state, at) VALUES (?, ?, ?, ?, ?)",
                         (match_id, seq, version, state, time.time())))
        await self._run(("DELETE FROM snapshots WHERE match_id = ? AND seq NOT IN "
                         "(SELECT seq FROM snapshots WHERE match_id = ? ORDER BY seq DESC LIMIT ?)",
                         (match_id, match_id, keep)))

    async def owe(self, match_id: str, player: str, kind: str, text: str = "") -> int:
        """Store something owed to ``player``; return its row id."""
        return await self._run(("INSERT INTO owed (match_id, player, kind, text, at) VALUES (?, ?, ?, ?, ?)",
                                (match_id, player, kind, text, time.time())))

    async def settle_owed(self, match_id: str, player: str, kind: str, upto: int) -> None:
        """Forget ``player``'s owed rows of ``kind`` with ids up to ``upto``."""
        await self._run(("DELETE FROM owed WHERE match_id = ? AND player = ? AND kind = ? AND id <= ?",
                         (match_id, player, kind, upto)))

    async def save_server_cards(self, guild_id: int, name: str, body: str, uploaded_by: int | None) -> None:
        """Store (or replace) the card file ``name`` of server ``guild_id``."""
        await self._run(("INSERT OR REPLACE INTO server_cards (guild_id, name, body, uploaded_by, at) "
                         "VALUES (?, ?, ?, ?, ?)", (guild_id, name, body, uploaded_by, time.time())))

    async def delete_server_cards(self, guild_id: int, name: str) -> bool:
        """Forget the card file ``name`` of server ``guild_id``; ``False`` when it had none by that name."""
        if name not in {n for n, _ in await self.server_cards(guild_id)}:
            return False
        await self._run(("DELETE FROM server_cards WHERE guild_id = ? AND name = ?", (guild_id, name)))
        return True

    async def server_cards(self, guild_id: int) -> list[tuple[str, str]]:
        """The card files ``(name, body)`` of server ``guild_id``, oldest upload first."""
        async with self.db.execute("SELECT name, body FROM server_cards WHERE guild_id = ? ORDER BY at, name",
                                   (guild_id,)) as cur:
            return [(str(r[0]), str(r[1])) for r in await cur.fetchall()]

    async def all_server_cards(self) -> list[tuple[int, str, str]]:
        """Every server's card files ``(guild_id, name, body)``, each server's oldest first."""
        async with self.db.execute("SELECT guild_id, name, body FROM server_cards ORDER BY guild_id, at, name") as cur:
            return [(int(r[0]), str(r[1]), str(r[2])) for r in await cur.fetchall()]

    async def get_value(self, key: str) -> str | None:
        """The value under ``key``, or ``None``."""
        async with self.db.execute("SELECT value FROM kv WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return None if row is None else str(row[0])

    async def set_value(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``."""
        await self._run(("INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)", (key, value)))
