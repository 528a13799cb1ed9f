"""``python -m bot db migrate-to URL``: copy a SQLite database into PostgreSQL.

The SQLite file is first brought up to the latest schema (as the bot would on start), the
PostgreSQL database gets the same numbered migrations, then every table the migrations create is
copied row by row in one transaction, and each auto-numbered key continues after the copied rows.
A target that already holds rows in any of those tables is refused (nothing is copied): the tool
moves a bot's database once, it does not merge two.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

from bot.storage import dialect
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SqliteStorage


class TargetNotEmpty(Exception):
    """The PostgreSQL database already holds rows (the tables named in the message)."""


async def copy_sqlite_to_postgres(source: str | Path, url: str) -> dict[str, int]:
    """Copy every table of the SQLite database ``source`` into the PostgreSQL database ``url``;
    return the rows copied per table.

    :raises FileNotFoundError: when ``source`` does not exist.
    :raises TargetNotEmpty: when a table of the target already has rows (nothing is copied).
    """
    if not Path(source).is_file():
        raise FileNotFoundError(f"no SQLite database at {source}")
    lite, pg = SqliteStorage(source), PostgresStorage(url)
    await lite.open()
    try:
        await pg.open()
        try:
            return await _copy(lite, pg)
        finally:
            await pg.close()
    finally:
        await lite.close()


async def _copy(lite: SqliteStorage, pg: PostgresStorage) -> dict[str, int]:
    tables = dialect.tables()
    async with pg.db.pool.acquire() as conn, conn.transaction():
        busy = [name for name in tables if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {name})")]
        if busy:
            raise TargetNotEmpty("the PostgreSQL database already has rows in " + ", ".join(sorted(busy)))
        counts: dict[str, int] = {}
        for name, table in tables.items():
            async with lite.db.execute(f"SELECT {', '.join(table.columns)} FROM {name}") as cur:
                rows = [tuple(_value(v) for v in row) for row in await cur.fetchall()]
            if rows:
                marks = ", ".join(f"${i + 1}" for i in range(len(table.columns)))
                await conn.executemany(f"INSERT INTO {name} ({', '.join(table.columns)}) VALUES ({marks})", rows)
            if table.serial:
                # The next auto-numbered row continues after the copied ones.
                await conn.execute(f"SELECT setval(pg_get_serial_sequence('{name}', '{table.serial}'), "
                                   f"COALESCE((SELECT MAX({table.serial}) FROM {name}), 0) + 1, false)")
            counts[name] = len(rows)
    return counts


def _value(v: Any) -> Any:
    """A SQLite value as asyncpg takes it (SQLite may keep a whole-number REAL as an integer; the
    column types decide on PostgreSQL, so numbers pass as they are)."""
    return bytes(v) if isinstance(v, memoryview) else v


def add_arguments(sub: Any) -> None:
    """Add ``db migrate-to URL [--from PATH]`` to the command line's subparsers."""
    db = sub.add_parser("db", help="database tools: 'migrate-to URL' copies the SQLite database into PostgreSQL")
    db.add_argument("action", choices=["migrate-to"])
    db.add_argument("url", help="the PostgreSQL database, postgresql://user:password@host:port/db")
    db.add_argument("--from", dest="source", default=None,
                    help="the SQLite file (default: DATABASE_PATH, or the bot's default database file)")


def main(args: argparse.Namespace) -> int:
    """Run ``db migrate-to``; print what was copied. Exit status 0, or 1 with the reason."""
    from bot.discord.settings import Settings

    if not args.url.startswith(("postgresql://", "postgres://")):
        print(f"error: {args.url!r} is not a PostgreSQL URL; give postgresql://user:password@host:port/db")
        return 1
    source = args.source or Settings.from_env().database_path
    try:
        counts = asyncio.run(copy_sqlite_to_postgres(source, args.url))
    except (FileNotFoundError, TargetNotEmpty, OSError) as exc:
        print(f"error: {exc}")
        return 1
    for name, n in counts.items():
        print(f"{name}: {n} rows")
    print(f"copied {sum(counts.values())} rows from {source} into PostgreSQL; start the bot with DATABASE_URL set to it")
    return 0
