"""Storage and the match manager without Discord: migrations, the (match_id, seq) key, one active
match per channel, Order Marker picks, snapshots, owed private lines, stored values, and applying an
interaction once, across a restart too."""

from __future__ import annotations

import dataclasses
import sqlite3
from typing import TYPE_CHECKING

import pytest

from bot.discord.errors import AlreadyDone, Stale, UserError
from bot.discord.matches import MatchManager
from bot.storage import DuplicateEntry, MatchExists, MatchMeta, SqliteStorage
from bot.storage.migrations import LATEST

if TYPE_CHECKING:
    from pathlib import Path

    from tests.backends import MakeStore


def _meta(match_id: str = "m1", channel: int = 10) -> MatchMeta:
    return MatchMeta(match_id=match_id, guild_id=1, channel_id=channel, creator_id=2, map_id="practice-field",
                     scenario_id="last-army-standing", seed=987654321)


async def test_schema_is_migrated_once_in_wal_mode(tmp_path: Path) -> None:
    db = tmp_path / "sub" / "h.db"
    for _ in range(2):
        store = SqliteStorage(db)
        await store.open()
        assert await store.migrate() == LATEST
        await store.close()
    raw = sqlite3.connect(db)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_log_keys_channels_marker_picks_and_boards(make_store: MakeStore) -> None:
    store = make_store()
    await store.open()
    await store.create_match(_meta())
    with pytest.raises(MatchExists):
        await store.create_match(_meta("m2"))
    await store.append("m1", 0, "a", "join A", 111)
    with pytest.raises(DuplicateEntry):
        await store.append("m1", 0, "b", "join B")  # two writers, one position: one wins
    with pytest.raises(DuplicateEntry):
        await store.append("m1", 1, "b", "join B", 111)  # the same interaction twice
    await store.append("m1", 1, "b", "join B", 112)
    await store.mark_processed(113, "m1")
    assert [await store.is_processed(i) for i in (111, 112, 113, 114)] == [True, True, True, False]
    assert await store.last_interaction_id() == 113
    await store.save_secret_picks("m1", "a", {"_round": "1", "1": "a/finn"})
    await store.add_board("m1", 10, 500, 7)
    stored = await store.load_match("m1")
    assert stored is not None
    assert stored.log == [("a", "join A"), ("b", "join B")]
    assert stored.secret_picks == {"a": {"_round": "1", "1": "a/finn"}}
    assert stored.record()["seed"] == 987654321
    assert stored.meta.parent_id is None
    assert await store.boards("m1") == [(10, 500, 7)]
    await store.create_match(dataclasses.replace(_meta("m3"), channel_id=77, parent_id=10))
    threaded = await store.load_match("m3")
    assert threaded is not None and threaded.meta.parent_id == 10  # a match in a thread of channel 10
    await store.set_status("m3", "ended")
    await store.set_status("m1", "over")
    await store.create_match(_meta("m2"))  # the channel is free again
    assert [s.meta.match_id for s in await store.list_active()] == ["m2"]
    await store.close()


async def test_an_interaction_applies_once_even_after_a_restart(make_store: MakeStore) -> None:
    store = make_store()
    await store.open()
    manager = MatchManager(store)
    live = await manager.create(guild_id=1, channel_id=10, creator_id=2, scenario_id="last-army-standing", seed=3)
    with pytest.raises(UserError):
        await manager.create(guild_id=1, channel_id=10, creator_id=2, scenario_id="last-army-standing")
    await manager.apply(live, "a", "join Alice", interaction_id=1001)
    with pytest.raises(AlreadyDone):
        await manager.apply(live, "a", "join Alice", interaction_id=1001)
    with pytest.raises(Stale):
        await manager.apply(live, "b", "join Bob", interaction_id=1002, expected_version=0)
    await manager.apply(live, "b", "join Bob", interaction_id=1003, expected_version=live.version)
    await store.close()

    store = make_store()
    await store.open()
    again = MatchManager(store)
    assert await again.restore() == 1
    live2 = again.in_channel(10)
    assert live2 is not None and [p.name for p in live2.state.players] == ["Alice", "Bob"]
    with pytest.raises(AlreadyDone):
        await again.apply(live2, "a", "join Alice", interaction_id=1001)  # known only to the database now
    await store.close()


async def test_a_schema_2_database_upgrades_and_keeps_its_matches(tmp_path: Path) -> None:
    """Migration 3 (snapshots, owed lines, key/value) is added on top of a database made by
    schema 2; what was stored before stays."""
    from bot.storage.migrations import MIGRATIONS

    db = tmp_path / "old.db"
    raw = sqlite3.connect(db)
    for step in MIGRATIONS[:2]:
        for statement in step:
            raw.execute(statement)
    raw.execute("PRAGMA user_version = 2")
    raw.execute("INSERT INTO matches (match_id, guild_id, channel_id, creator_id, map_id, scenario_id, seed, "
                "created_at) VALUES ('old', 1, 10, 2, 'practice-field', 'last-army-standing', 5, 0)")
    raw.execute("INSERT INTO log VALUES ('old', 0, 'a', 'join Alice', 7, 0)")
    raw.commit()
    raw.close()
    store = SqliteStorage(db)
    await store.open()
    stored = await store.load_match("old")
    assert stored is not None and stored.log == [("a", "join Alice")]
    assert stored.snapshots == [] and stored.owed == []
    assert await store.get_value("anything") is None
    await store.close()
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == LATEST


async def test_snapshots_owed_lines_and_values(make_store: MakeStore) -> None:
    store = make_store()
    await store.open()
    await store.create_match(_meta())
    for seq in (5, 9, 14):
        await store.save_snapshot("m1", seq, "v1", bytes([seq]) * 3, keep=2)
    await store.save_snapshot("m1", 14, "v2", b"again", keep=2)  # the same position again: replaced
    stored = await store.load_match("m1")
    assert stored is not None
    assert [(s.seq, s.version, s.state) for s in stored.snapshots] == [(14, "v2", b"again"), (9, "v1", b"\t\t\t")]

    first = await store.owe("m1", "a", "text", "You lost marker 2.")
    controls = await store.owe("m1", "a", "controls")
    later = await store.owe("m1", "a", "text", "And marker 3.")
    await store.owe("m1", "b", "text", "For Bob.")
    assert first < controls < later
    await store.settle_owed("m1", "a", "text", first)  # delivered up to the first line only
    stored = await store.load_match("m1")
    assert stored is not None
    assert [(o.player, o.kind, o.text) for o in stored.owed] == [
        ("a", "controls", ""), ("a", "text", "And marker 3."), ("b", "text", "For Bob.")]

    await store.set_value("commands:1:global", "abc")
    await store.set_value("commands:1:global", "def")
    assert await store.get_value("commands:1:global") == "def"

    await store.set_status("m1", "over")  # never restored again: its cache and debts go
    stored = await store.load_match("m1")
    assert stored is not None and stored.snapshots == [] and stored.owed == []
    await store.close()


async def test_a_schema_5_database_keeps_its_order_marker_picks_in_the_renamed_table(tmp_path: Path) -> None:
    """Migration 6 renames ``drafts`` (Order Marker picks not yet locked in) to ``marker_picks``,
    migration 12 to the game-neutral ``secret_picks`` (column ``picks``); the picks a schema-5
    database holds are still restored, and new ones land in the new table."""
    from bot.storage.migrations import MIGRATIONS

    db = tmp_path / "five.db"
    raw = sqlite3.connect(db)
    for step in MIGRATIONS[:5]:
        for statement in step:
            raw.execute(statement)
    raw.execute("PRAGMA user_version = 5")
    raw.execute("INSERT INTO matches (match_id, guild_id, channel_id, creator_id, map_id, scenario_id, seed, "
                "created_at) VALUES ('m1', 1, 10, 2, 'practice-field', 'last-army-standing', 5, 0)")
    raw.execute("""INSERT INTO drafts VALUES ('m1', 'a', '{"1": "a/syvarris"}')""")
    raw.commit()
    raw.close()
    store = SqliteStorage(db)
    await store.open()
    stored = await store.load_match("m1")
    assert stored is not None and stored.secret_picks == {"a": {"1": "a/syvarris"}}
    await store.save_secret_picks("m1", "b", {"X": "b/grimnak"})
    await store.close()
    check = sqlite3.connect(db)
    # 7 server maps (issue 13), 8 server card files (issue 14), 9 play by post (issue 16), 10 leagues (issue 17),
    # 11 a match's game (issue 18), 12 the secret picks' game-neutral names (issue 18).
    assert check.execute("PRAGMA user_version").fetchone()[0] == LATEST == 12
    assert "server_cards" in {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    tables = {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "secret_picks" in tables and "drafts" not in tables and "marker_picks" not in tables
    assert sorted(check.execute("SELECT player, picks FROM secret_picks")) == [
        ("a", '{"1": "a/syvarris"}'), ("b", '{"X": "b/grimnak"}')]


async def _maps_stay_apart(store: SqliteStorage) -> None:
    """Two servers' maps of the same id: each server sees only its own; a server replaces its own."""
    from bot.storage.maps import ServerMap

    await store.save_server_map(ServerMap(1, "ridge", "Ridge", "{}", "ridge.hsc", 10))
    await store.save_server_map(ServerMap(2, "ridge", "Other Ridge", "{}", "ridge.json", 20))
    await store.save_server_map(ServerMap(1, "ridge", "Ridge II", "{}", "ridge2.hsc", 10))  # replaces its own
    assert [(m.name, m.added_by) for m in await store.server_maps(1)] == [("Ridge II", 10)]
    assert [(m.name, m.added_by) for m in await store.server_maps(2)] == [("Other Ridge", 20)]
    assert await store.server_map(3, "ridge") is None
    assert len(await store.all_server_maps()) == 2


async def test_migration_7_keeps_each_servers_maps_apart(tmp_path: Path) -> None:
    """A schema-6 database gains ``server_maps``; every query names its server."""
    from bot.storage.migrations import MIGRATIONS

    db = tmp_path / "six.db"
    raw = sqlite3.connect(db)
    for step in MIGRATIONS[:6]:
        for statement in step:
            raw.execute(statement)
    raw.execute("PRAGMA user_version = 6")
    raw.commit()
    raw.close()
    store = SqliteStorage(db)
    await store.open()
    await _maps_stay_apart(store)
    await store.close()


async def test_each_servers_maps_and_card_files_stay_apart(make_store: MakeStore) -> None:
    """Every query of a server's maps and card files names its server, on both backends."""

    store = make_store()
    await store.open()
    await _maps_stay_apart(store)
    await store.save_server_cards(1, "mine.json", '{"a": 1}', 10)
    await store.save_server_cards(1, "mine.json", '{"a": 2}', 10)  # replaced, not doubled
    await store.save_server_cards(2, "theirs.json", "{}", None)
    assert await store.server_cards(1) == [("mine.json", '{"a": 2}')]
    assert await store.delete_server_cards(1, "theirs.json") is False
    assert await store.delete_server_cards(2, "theirs.json") is True
    assert await store.all_server_cards() == [(1, "mine.json", '{"a": 2}')]
    await store.close()


async def test_outbox_turn_marks_and_a_transaction_that_fails_whole(make_store: MakeStore) -> None:
    """An append's outbox rows and turn mark are stored with it, or not at all when its log
    position is taken; a second mark_sent changes nothing."""
    from bot.storage.base import OutboxEntry, TurnMark

    store = make_store()
    await store.open()
    await store.create_match(_meta())
    await store.append("m1", 0, "a", "join A", 5, outbox=(OutboxEntry("cmd:0", 0, "result", "Alice joins.", 1),),
                       turn_mark=TurnMark(1, 1000, "Alice joined"))
    with pytest.raises(DuplicateEntry):
        await store.append("m1", 0, "b", "join B", 6, outbox=(OutboxEntry("cmd:0b", 0, "result", "Bob joins.", 2),),
                           turn_mark=TurnMark(2, 2000, "Bob joined"))
    stored = await store.load_match("m1")
    assert stored is not None and stored.log == [("a", "join A")]
    assert [(e.key, e.text, e.sent) for e in stored.outbox] == [("cmd:0", "Alice joins.", None)]
    assert stored.turn_mark == TurnMark(1, 1000, "Alice joined")
    assert not await store.is_processed(6)  # the failed append left no trace
    await store.mark_sent("m1", "cmd:0")
    sent = (await store.outbox("m1"))[0].sent
    await store.mark_sent("m1", "cmd:0")
    assert sent is not None and (await store.outbox("m1"))[0].sent == sent
    assert (await store.load_match("m1")).outbox == []  # type: ignore[union-attr]
    await store.close()


async def test_a_transaction_of_several_statements_is_one_trip_to_the_database_thread(tmp_path: Path) -> None:
    """Issue 21: each trip to aiosqlite's thread costs two thread switches (milliseconds each on a
    busy machine) while ``_write`` is held; an append with its outbox row and turn mark is one trip,
    and a failing one still rolls back whole."""
    from bot.storage.base import OutboxEntry, TurnMark

    store = SqliteStorage(tmp_path / "h.db")
    await store.open()
    await store.create_match(_meta())
    db = store.db
    trips: list[object] = []
    queue = db._execute

    async def counted(fn: object, *args: object, **kwargs: object) -> object:
        trips.append(fn)
        return await queue(fn, *args, **kwargs)

    db._execute = counted  # type: ignore[method-assign]
    await store.append("m1", 0, "a", "join A", 5, outbox=(OutboxEntry("cmd:0", 0, "result", "Alice joins.", 1),),
                       turn_mark=TurnMark(1, 1000, "Alice joined"))
    assert len(trips) == 1  # log row, outbox row and turn mark: BEGIN ... COMMIT in one call
    with pytest.raises(DuplicateEntry):
        await store.append("m1", 0, "b", "join B", 6, outbox=(OutboxEntry("cmd:0b", 0, "result", "Bob joins.", 2),))
    assert len(trips) == 2
    db._execute = queue  # type: ignore[method-assign]
    stored = await store.load_match("m1")
    assert stored is not None and stored.log == [("a", "join A")]
    assert [e.key for e in stored.outbox] == ["cmd:0"] and not await store.is_processed(6)
    await store.close()
