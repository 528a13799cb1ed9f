"""What only the PostgreSQL backend has: the dialect translation of the one set of migrations,
``db migrate-to`` (a SQLite database copied into PostgreSQL, then played on), the per-match lock
across processes and claims that skip a row another process holds (issue 21)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main as cli_main
from bot.discord.matches import MatchManager
from bot.storage import dialect
from bot.storage.copy import TargetNotEmpty, copy_sqlite_to_postgres
from bot.storage.migrations import ALL
from tests.backends import MakeStore, postgres_url, store_target


def test_the_one_schema_translates_for_postgresql() -> None:
    """Every migration statement, including those written later, goes through one translation."""
    assert dialect.ddl("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL, b BLOB, n INTEGER)") == (
        "CREATE TABLE t (id BIGSERIAL PRIMARY KEY, at DOUBLE PRECISION, b BYTEA, n BIGINT)")
    assert dialect.ddl("CREATE UNIQUE INDEX x ON t(guild_id, name COLLATE NOCASE)") == (
        "CREATE UNIQUE INDEX x ON t(guild_id, lower(name))")
    assert dialect.tables()["secret_picks"].key == ["match_id", "player"]  # renamed by migrations 6 and 12
    assert "parent_id" in dialect.tables()["matches"].columns  # added by migration 4
    assert dialect.query("INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)") == (
        "INSERT INTO kv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value")
    assert dialect.query("INSERT OR IGNORE INTO boards (match_id, channel_id, message_id, version) "
                         "VALUES (?, ?, ?, ?)").endswith("VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
    assert dialect.query("INSERT INTO owed (match_id, player, kind, text, at) VALUES (?, ?, ?, ?, ?)").endswith(
        "RETURNING id")
    assert dialect.query("SELECT a FROM t WHERE b = '?' AND c = ?") == "SELECT a FROM t WHERE b = '?' AND c = $1"
    assert dialect.query("PRAGMA user_version = 3") == ""
    assert dialect.query("SELECT 1 FROM leagues WHERE guild_id = ? AND name = ? COLLATE NOCASE") == (
        "SELECT 1 FROM leagues WHERE guild_id = $1 AND lower(name) = lower($2)")
    for n in ALL:  # nothing in the schema is left untranslated
        for statement in ALL[n]:
            out = dialect.ddl(statement)
            assert "AUTOINCREMENT" not in out and " REAL" not in out and "BLOB" not in out and "NOCASE" not in out


@pytest.fixture
def pg_url(tmp_path: Path) -> Iterator[str]:
    """A PostgreSQL URL on a fresh schema of this test's own."""
    target, cleanup = store_target("postgres", tmp_path)
    yield target
    cleanup()


async def _sqlite_with_a_match(path: Path) -> None:
    from bot.storage import SqliteStorage

    store = SqliteStorage(path)
    await store.open()
    manager = MatchManager(store)
    live = await manager.create(guild_id=1, channel_id=10, creator_id=2, scenario_id="last-army-standing", seed=3)
    await manager.apply(live, "a", "join Alice", interaction_id=1001)
    await manager.apply(live, "b", "join Bob", interaction_id=1002)
    await store.owe(live.match_id, "a", "text", "You were away.")
    await store.set_value("commands:1:global", "abc")
    await store.close()


async def test_migrate_to_copies_a_sqlite_database_and_play_goes_on(tmp_path: Path, pg_url: str) -> None:
    from bot.storage.postgres import PostgresStorage

    source = tmp_path / "bot.db"
    await _sqlite_with_a_match(source)
    # A REAL column holding a whole number (SQLite keeps it as an integer) copies too.
    raw = sqlite3.connect(source)
    raw.execute("UPDATE owed SET at = 5")
    raw.commit()
    raw.close()
    counts = await copy_sqlite_to_postgres(source, pg_url)
    assert counts["matches"] == 1 and counts["log"] == 2 and counts["owed"] == 1 and counts["kv"] == 1
    with pytest.raises(TargetNotEmpty):
        await copy_sqlite_to_postgres(source, pg_url)  # once only: never merged into a used database

    store = PostgresStorage(pg_url)
    await store.open()
    manager = MatchManager(store)
    assert await manager.restore() == 1
    live = manager.in_channel(10)
    assert live is not None and [p.name for p in live.state.players] == ["Alice", "Bob"]
    assert await store.is_processed(1002) and await store.get_value("commands:1:global") == "abc"
    later = await store.owe(live.match_id, "b", "text", "More.")
    assert later == 2  # the auto-numbered key goes on after the copied row
    await store.close()


def test_the_db_command_copies_and_says_what_is_wrong(tmp_path: Path, pg_url: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bot.db"
    asyncio.run(_sqlite_with_a_match(source))
    assert cli_main(["db", "migrate-to", pg_url, "--from", str(source)]) == 0
    out = capsys.readouterr().out
    assert "matches: 1 rows" in out and "log: 2 rows" in out
    assert cli_main(["db", "migrate-to", "sqlite:///x.db", "--from", str(source)]) == 1
    assert "is not a PostgreSQL URL" in capsys.readouterr().out
    assert cli_main(["db", "migrate-to", pg_url, "--from", str(tmp_path / "none.db")]) == 1
    assert "no SQLite database at" in capsys.readouterr().out


async def test_the_match_lock_holds_across_processes(pg_url: str) -> None:
    """Two storages (as two processes) on one database: the second waits for the first's lock on
    the same match, not on another match."""
    from bot.storage.postgres import PostgresStorage

    one, two = PostgresStorage(pg_url), PostgresStorage(pg_url)
    await one.open()
    await two.open()
    order: list[str] = []
    inside = asyncio.Event()
    release = asyncio.Event()

    async def first() -> None:
        async with one.match_lock("m1"):
            order.append("one in")
            inside.set()
            await release.wait()
            order.append("one out")

    async def second() -> None:
        await inside.wait()
        async with two.match_lock("m2"):
            order.append("two on another match")
        async with two.match_lock("m1"):
            order.append("two in")

    task = asyncio.gather(first(), second())
    await inside.wait()
    for _ in range(50):  # let the second reach its wait (it must not get in)
        await asyncio.sleep(0.01)
    assert order == ["one in", "two on another match"]
    release.set()
    await task
    assert order == ["one in", "two on another match", "one out", "two in"]
    await one.close()
    await two.close()


async def test_a_claim_skips_a_deadline_another_process_holds(pg_url: str) -> None:
    """While one process holds a deadline's row (in its claim), another's claim skips it at once
    rather than waiting; once released, the compare-and-set still lets only one win."""
    from bot.discord.pace.store import PaceStore
    from bot.storage.postgres import PostgresStorage

    one, two = PostgresStorage(pg_url), PostgresStorage(pg_url)
    await one.open()
    await two.open()
    a, b = PaceStore(one), PaceStore(two)
    did = await a.open_deadline("m", "p", "turn", "mark", "Your turn", 0.0, 10.0)
    row = (await b.due_deadlines(20.0))[0]
    async with one.db.pool.acquire() as conn, conn.transaction():
        await conn.execute("SELECT id FROM deadlines WHERE id = $1 FOR UPDATE", did)
        assert await asyncio.wait_for(b.claim(row, 20.0), timeout=30) is False  # skipped, not waited on
    assert await a.claim(row, 20.0) is True
    assert await b.claim(row, 20.0) is False
    await one.close()
    await two.close()


def test_without_a_server_the_reason_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEST_DATABASE_URL", raising=False)
    monkeypatch.setenv("REQUIRE_POSTGRES", "1")
    with pytest.raises(pytest.fail.Exception, match="no PostgreSQL server"):
        postgres_url()


async def test_the_league_tables_work_on_both_backends(make_store: MakeStore) -> None:
    """Migration 10 (leagues) and its store, written for SQLite, run on PostgreSQL unchanged: names
    unique in any case, auto-numbered ids, a compare-and-set in a transaction."""
    from bot.leagues.model import Game, LeagueSettings
    from bot.leagues.store import LeagueExists, LeagueStore

    store = make_store()
    await store.open()
    leagues = LeagueStore(store, now=lambda: 1000.0)
    league = await leagues.create(1, LeagueSettings(name="Spring Cup"), actor=7)
    with pytest.raises(LeagueExists):
        await leagues.create(1, LeagueSettings(name="SPRING cup"), actor=7)
    found = await leagues.get(1, "spring CUP")
    assert found is not None and found.id == league.id and found.name == "Spring Cup"
    assert await leagues.add_member(league.id, "11", "player", "Alice", "7")
    gid = await leagues.add_game(league.id, Game(0, 1, 1, ("11", "12")), "7")
    assert gid > 0
    _, game, version = await leagues.game(gid)  # type: ignore[misc]
    assert game.players == ("11", "12")
    assert await leagues.set_result(league.id, gid, version, state="final", ranks=(1, 2), actor="7", kind="report")
    assert not await leagues.set_result(league.id, gid, version, state="final", ranks=(2, 1), actor="7",
                                        kind="report")  # a stale version changes nothing
    _, game, _ = await leagues.game(gid)  # type: ignore[misc]
    assert game.ranks == (1, 2)
    assert [e.kind for e in await leagues.events(league.id)][-1] == "report"
    await store.close()
