"""PostgreSQL storage through asyncpg, beside SQLite and behind the same interface.

:class:`PostgresStorage` runs the queries of :class:`~bot.storage.sqlite.SqliteStorage` (and of the
stores built on its connection: play by post, leagues) on a PostgreSQL database: its ``db`` is a
:class:`PgConnection`, which offers the part of aiosqlite's connection those queries use
(``execute`` as an awaitable or ``async with``, a cursor's ``fetchone``/``fetchall``/``rowcount``/
``lastrowid``, ``BEGIN``/``COMMIT``/``ROLLBACK``) and translates each statement once
(:mod:`bot.storage.dialect`). The schema is the same numbered migrations, translated.

What several processes sharing one database need, and SQLite's single owner does not:

- :meth:`PostgresStorage.match_lock`: a per-match lock that holds across processes (a PostgreSQL
  session advisory lock keyed by the match id);
- :attr:`PostgresStorage.SKIP_LOCKED`: claims of due rows (play-by-post deadlines) take the row
  with ``FOR UPDATE SKIP LOCKED``, so a row another process is claiming is skipped, not waited on;
- migrations run under a transaction-level advisory lock, so two processes starting at once do not
  both apply them.

A unique-key clash raises :class:`PgIntegrityError`, an :class:`sqlite3.IntegrityError`, so that the
shared code maps it to :class:`~bot.storage.base.DuplicateEntry` exactly as on SQLite.
"""

from __future__ import annotations

import contextvars
import logging
import sqlite3
from collections.abc import AsyncIterator, Generator, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg

from bot.storage import dialect
from bot.storage.migrations import ALL
from bot.storage.sqlite import SqliteStorage

log = logging.getLogger(__name__)

#: Key of the advisory lock migrations run under (any constant; "HSMG").
_MIGRATION_LOCK = 0x48534D47


class PgIntegrityError(sqlite3.IntegrityError):
    """A PostgreSQL unique or key violation, raised as SQLite's (see the module docstring)."""


class PgCursor:
    """The result of one statement: rows (for a query or an ``INSERT ... RETURNING``),
    ``rowcount`` (rows changed or returned) and ``lastrowid`` (the auto-numbered key inserted, 0
    when none)."""

    def __init__(self, rows: Sequence[Any], rowcount: int, lastrowid: int) -> None:
        self._rows = list(rows)
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    async def fetchone(self) -> Any:
        """The first row, or ``None``."""
        return self._rows[0] if self._rows else None

    async def fetchall(self) -> list[Any]:
        """Every row (asyncpg records: index them like tuples)."""
        return self._rows

    async def close(self) -> None:
        """Nothing to release (rows are fetched whole)."""


class _Pending:
    """``db.execute(...)``: awaitable, or an ``async with`` giving the cursor (as in aiosqlite)."""

    def __init__(self, conn: PgConnection, sql: str, args: Sequence[Any]) -> None:
        self._conn, self._sql, self._args = conn, sql, args

    def __await__(self) -> Generator[Any, None, PgCursor]:
        return self._conn.run(self._sql, self._args).__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._conn.run(self._sql, self._args)

    async def __aexit__(self, *exc: object) -> None:
        return None


class PgConnection:
    """An aiosqlite-like connection over an asyncpg pool (see the module docstring).

    ``BEGIN`` pins one pooled connection to the calling task (a context variable) until ``COMMIT``
    or ``ROLLBACK``, so the statements between them are one transaction; other tasks meanwhile use
    other connections.
    """

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._pinned: contextvars.ContextVar[tuple[Any, Any] | None] = contextvars.ContextVar("pg_tx", default=None)

    def execute(self, sql: str, args: Sequence[Any] = ()) -> _Pending:
        """Run one statement written for SQLite (translated by :func:`bot.storage.dialect.query`)."""
        return _Pending(self, sql, args)

    async def run(self, sql: str, args: Sequence[Any]) -> PgCursor:
        """Run ``sql`` now: on the task's transaction connection if it began one, else on any."""
        word = sql.strip().split(None, 1)[0].upper() if sql.strip() else ""
        if word == "BEGIN":
            conn = await self.pool.acquire()
            tx = conn.transaction()
            await tx.start()
            self._pinned.set((conn, tx))
            return PgCursor([], 0, 0)
        if word in {"COMMIT", "ROLLBACK"}:
            pinned = self._pinned.get()
            self._pinned.set(None)
            if pinned is not None:
                conn, tx = pinned
                try:
                    await (tx.commit() if word == "COMMIT" else tx.rollback())
                finally:
                    await self.pool.release(conn)
            return PgCursor([], 0, 0)
        text = dialect.query(sql)
        if not text:
            return PgCursor([], 0, 0)
        pinned = self._pinned.get()
        if pinned is not None:
            return await _statement(pinned[0], text, args)
        async with self.pool.acquire() as conn:
            return await _statement(conn, text, args)

    async def close(self) -> None:
        """Close the pool."""
        await self.pool.close()


async def _statement(conn: Any, text: str, args: Sequence[Any]) -> PgCursor:
    try:
        if _returns_rows(text):
            rows = await conn.fetch(text, *args)
            returning = " RETURNING " in text.upper()
            return PgCursor(rows, len(rows), int(rows[0][0]) if returning and rows else 0)
        status = await conn.execute(text, *args)
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise PgIntegrityError(str(exc)) from None
    tail = status.rsplit(" ", 1)[-1]
    return PgCursor([], int(tail) if tail.isdigit() else 0, 0)


def _returns_rows(text: str) -> bool:
    head = text.lstrip().split(None, 1)[0].upper()
    return head in {"SELECT", "WITH", "VALUES"} or " RETURNING " in text.upper()


class PostgresStorage(SqliteStorage):
    """:class:`~bot.storage.base.Storage` in a PostgreSQL database named by ``url``
    (``postgresql://user@host:port/db``). ``schema``: a schema to keep the tables in (created when
    missing; tests use one per test), else the server's default search path. ``pool_size``: most
    connections held (each holds one while it runs a statement or a transaction)."""

    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"
    #: Other processes may write the same database (:mod:`bot.storage.shared`, :mod:`bot.discord.crossproc`).
    SHARED = True

    def __init__(self, url: str, *, schema: str | None = None, pool_size: int = 20) -> None:
        super().__init__(":memory:")
        self.path = _safe(url)
        self.url = url
        self.schema = schema or _search_path(url)
        self.pool_size = pool_size
        self._pg: PgConnection | None = None
        self._locks: asyncpg.Pool | None = None

    async def open(self) -> None:
        """Connect (a pool) and apply the migrations not yet applied."""
        settings = {"search_path": self.schema} if self.schema else None
        if self.schema:
            conn = await asyncpg.connect(self.url)
            try:
                await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            finally:
                await conn.close()
        pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size, server_settings=settings)
        self._pg = PgConnection(pool)
        await self.migrate()

    @property
    def db(self) -> Any:
        """The open :class:`PgConnection`.

        :raises RuntimeError: before :meth:`open`.
        """
        if self._pg is None:
            raise RuntimeError("storage is not open")
        return self._pg

    async def migrate(self) -> int:
        """Apply every migration of :data:`~bot.storage.migrations.ALL` not yet applied, each in
        its own transaction with its number recorded in ``schema_migrations``; return the highest
        number applied."""
        pool = self.db.pool
        async with pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (number BIGINT PRIMARY KEY)")
            applied = {int(r[0]) for r in await conn.fetch("SELECT number FROM schema_migrations")}
            for n in sorted(set(ALL) - applied):
                async with conn.transaction():
                    for statement in ALL[n]:
                        await conn.execute(dialect.ddl(statement))
                    await conn.execute("INSERT INTO schema_migrations (number) VALUES ($1)", n)
                applied.add(n)
                log.info("database %s migrated to schema %d", self.path, n)
        return max(applied) if applied else 0

    async def close(self) -> None:
        """Close the pools (safe to call twice)."""
        if self._pg is not None:
            pg, self._pg = self._pg, None
            await pg.close()
        if self._locks is not None:
            locks, self._locks = self._locks, None
            await locks.close()

    @asynccontextmanager
    async def match_lock(self, match_id: str) -> AsyncIterator[None]:
        """Hold the match's advisory lock (every process sharing the database waits on it) for the
        ``async with`` block. Lock connections come from a pool of their own, so a block that
        writes never waits for a connection its own lock holds."""
        if self._locks is None:
            settings = {"search_path": self.schema} if self.schema else None
            self._locks = await asyncpg.create_pool(self.url, min_size=0, max_size=self.pool_size,
                                                    server_settings=settings)
        async with self._locks.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock(hashtextextended($1, 0))", match_id)
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock(hashtextextended($1, 0))", match_id)


def _search_path(url: str) -> str | None:
    """The ``search_path`` parameter of a URL (asyncpg passes it to the server as a setting)."""
    query = parse_qs(urlsplit(url).query)
    return query["search_path"][0] if query.get("search_path") else None


def _safe(url: str) -> str:
    """``url`` without its password (for logs)."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    cred, host = rest.rsplit("@", 1)
    return f"{scheme}://{cred.split(':', 1)[0]}@{host}"
