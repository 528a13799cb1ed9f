"""Two match managers on two PostgreSQL connections pools, as two bot processes sharing one database
(issue 21): a command applied in one is seen by the other before it applies its own, a match created
by one is found by the other, and two processes applying at the same instant never write the same
``(match_id, seq)``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord import crossproc
from bot.discord.errors import Stale
from bot.discord.matches import LiveMatch, MatchManager
from bot.rules.state import Phase
from bot.storage.postgres import PostgresStorage
from bot.storage.shared import active_log_lengths, is_shared, log_length
from bot.storage.sqlite import SqliteStorage

ARMY_A = "army Syvarris; Dumutef Guard"
ARMY_B = "army Kita; Onshu"


@pytest.fixture
async def two(pg_url: str) -> AsyncIterator[tuple[MatchManager, MatchManager]]:
    """Two managers, each on its own storage (its own pools) of the same database."""
    stores = [PostgresStorage(pg_url), PostgresStorage(pg_url)]
    for store in stores:
        await store.open()
    managers = (MatchManager(stores[0]), MatchManager(stores[1]))
    for m in managers:
        m.maps = False
    yield managers
    for m in managers:
        await m.flush()
    for store in stores:
        await store.close()


async def _new(manager: MatchManager) -> LiveMatch:
    return await manager.create(guild_id=1, channel_id=10, creator_id=2, scenario_id="last-army-standing", seed=3)


async def test_a_process_rebuilds_a_match_another_process_moved_before_applying(
        two: tuple[MatchManager, MatchManager]) -> None:
    one, other = two
    live = await _new(one)
    assert await crossproc.catch_up_channel(other, 10) == 1  # created by the first: loaded by the second
    there = other.get(live.match_id)
    assert there is not None and there is not live
    await one.apply(live, "a", "join Alice")
    await one.apply(live, "b", "join Bob")
    assert len(there.session.log) == 0  # the second process has not looked yet
    # The second applies on its stale copy: it is rebuilt first, so the command lands at seq 2.
    applied = await other.apply(there, "a", ARMY_A)
    assert applied.seq == 2
    assert [t for _, t in there.session.log] == ["join Alice", "join Bob", ARMY_A]
    # And the first, stale in turn, catches up the same way.
    await one.apply(live, "b", ARMY_B)
    assert [t for _, t in live.session.log] == ["join Alice", "join Bob", ARMY_A, ARMY_B]
    assert await log_length(one.storage, live.match_id) == 4
    assert await active_log_lengths(other.storage) == {live.match_id: 4}
    # A DM (no channel): every active match is brought up to date.
    assert await crossproc.catch_up_channel(other, None) == 1
    assert [t for _, t in there.session.log] == [t for _, t in live.session.log]
    assert await crossproc.catch_up_channel(other, None) == 0  # nothing moved since


async def test_two_processes_applying_at_once_take_turns_on_the_log(two: tuple[MatchManager, MatchManager]) -> None:
    """Without the cross-process lock both would append seq 2 and one would fail (or worse)."""
    one, other = two
    live = await _new(one)
    await one.apply(live, "a", "join Alice")
    await one.apply(live, "b", "join Bob")
    await crossproc.catch_up_channel(other, 10)
    there = other.get(live.match_id)
    assert there is not None
    await asyncio.gather(one.apply(live, "a", ARMY_A), other.apply(there, "b", ARMY_B))
    stored = await one.storage.load_match(live.match_id)
    assert stored is not None
    assert sorted(t for _, t in stored.log[2:]) == sorted([ARMY_A, ARMY_B])
    assert len(stored.log) == 4


async def test_a_match_ended_in_another_process_takes_no_more_commands(
        two: tuple[MatchManager, MatchManager]) -> None:
    one, other = two
    live = await _new(one)
    await one.apply(live, "a", "join Alice")
    await crossproc.catch_up_channel(other, 10)
    there = other.get(live.match_id)
    assert there is not None
    await one.end(live)  # `/match end` where the channel is served
    with pytest.raises(Stale, match="That match was ended"):
        await other.apply(there, "b", "join Bob")  # e.g. a DM answered in the other process
    assert await log_length(one.storage, live.match_id) == 1


async def test_what_a_process_still_owes_the_channel_stays_its_own(
        two: tuple[MatchManager, MatchManager]) -> None:
    """The round's opening written by one process (not yet posted) is not taken over by another
    that loads or rebuilds the match: it would open the round a second time."""
    one, other = two
    live = await _new(one)
    for player, text in (("a", "join Alice"), ("b", "join Bob"), ("a", ARMY_A), ("b", ARMY_B), ("a", "start"),
                         ("a", "place-rest"), ("b", "place-rest")):
        await one.apply(live, player, text)
    assert live.state.phase is Phase.ORDERS and live.state.round == 1
    assert set(live.unsent) == {"round:1"} and live.controls_round == 0  # the first still opens round 1
    await crossproc.catch_up_channel(other, 10)
    there = other.get(live.match_id)
    assert there is not None
    assert there.unsent == {} and there.controls_round == 1  # not the second's to open
    assert await crossproc.reload(one, live)  # the first, rebuilt, still owes it
    assert set(live.unsent) == {"round:1"} and live.controls_round == 0


async def test_sqlite_is_not_shared_and_its_lock_is_free(tmp_path: Path) -> None:
    store = SqliteStorage(tmp_path / "h.db")
    await store.open()
    try:
        assert not is_shared(store)
        manager = MatchManager(store)
        live = await _new(manager)
        await manager.apply(live, "a", "join Alice")
        assert await log_length(store, live.match_id) == 1
    finally:
        await store.close()
