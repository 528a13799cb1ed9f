"""Pictures off the event loop (issue 21): a turn's words are answered before its map is drawn, and
the map is then added to that same message; the picture pool draws in worker processes, caching
each map's static layer per worker."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from bot.game.session import GameSession
from bot.render import render_png
from bot.render.pool import PicturePool, default_workers
from bot.rules.state import Phase
from bot.rules.views import public_view

if TYPE_CHECKING:
    from conftest import NewTable, World

PNG = b"\x89PNG\r\n\x1a\n"


class HeldPictures:
    """A renderer whose pictures wait until the test releases them (as a slow picture would)."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.asked = 0

    def __call__(self, view: Any, **kw: Any) -> bytes:
        return render_png(view, **kw)

    async def draw(self, view: Any, **kw: Any) -> bytes:
        self.asked += 1
        await self.release.wait()
        return render_png(view, **kw)


async def test_the_words_come_before_the_map_which_joins_the_same_message(world: World,
                                                                          new_table: NewTable) -> None:
    held = HeldPictures()
    held.release.set()  # earlier pictures (the empty battlefield at start) come at once
    table = await new_table(render=held)
    await table.reply(world.alice, "match", "new")
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "army", "set", cards="Syvarris")
    await table.reply(world.bob, "army", "set", cards="Tarn Vikings")
    await table.reply(world.alice, "match", "start")
    await table.reply(world.alice, "place", "rest")
    held.release.clear()
    held.asked = 0
    record = await table.fake.slash(world.bob, table.channel, "place", "rest", {})
    words = await record.wait_reply()  # answered while the picture is still being drawn
    assert words.content.startswith("Placed: tarn") and not words.attachments
    await table.fake.wait_until(lambda: held.asked == 1, description="the picture to be asked for")
    assert not words.attachments and table.bot.inflight > 0  # the picture is still owed
    held.release.set()
    await table.settle()
    assert table.state.phase is Phase.ORDERS
    assert len(words.attachments) == 1 and words.attachments[0].data.startswith(PNG)
    assert words.attachments[0].filename.startswith("round1-")
    assert words.content.startswith("Placed: tarn")  # the words stay as they were
    boards = await table.bot.storage.boards(table.live.match_id)
    assert boards[-1][1] == words.id  # the newest map the match posted is this message


def _view(match_id: str, seed: int) -> Any:
    s = GameSession.create(match_id, map_id="cobra-facility", scenario_id="last-army-standing", seed=seed)
    for player, text in (("a", "join Alice"), ("b", "join Bob"), ("a", "army Syvarris; Dumutef Guard"),
                         ("b", "army Kita; Onshu"), ("a", "start")):
        s.apply(player, text)
    return public_view(s.state)


async def test_the_pool_draws_in_another_process_and_keeps_each_map_once() -> None:
    from bot.render import pool as pool_module

    one, two = _view("m1", 1), _view("m2", 2)
    pool = PicturePool(1)
    try:
        await pool.start()
        first = await pool.draw(one)
        second = await pool.draw(two)
        assert first == render_png(one) and second == render_png(two)  # the same picture as in-process
        executor = pool._executor()
        pid = await asyncio.wrap_future(executor.submit(pool_module._warm))
        assert pid != pool_module.os.getpid()  # drawn in a worker process...
        niceness = await asyncio.wrap_future(executor.submit(pool_module.os.nice, 0))
        assert niceness >= pool_module.os.nice(0) + pool_module.WORKER_NICE  # ...below the bot's priority
        # ...keeping freed image memory for the next picture (issue 21: re-faulting it cost ~30%).
        assert await asyncio.wrap_future(executor.submit(pool_module._blocks_max)) == pool_module.WORKER_BLOCKS > 0
        kept = await asyncio.wrap_future(executor.submit(pool_module._kept))
        assert kept == 1  # one map, however many matches play on it
    finally:
        pool.close()


def test_one_worker_per_core_at_most_four() -> None:
    assert [default_workers(n) for n in (1, 2, 3, 8, 64)] == [1, 2, 3, 4, 4]


async def test_only_the_newest_waiting_picture_of_a_match_is_drawn_in_turn_order() -> None:
    """Issue 21: when turns end faster than pictures are drawn, a match's older picture that has not
    started is superseded by its newer one (only the newest board is worth drawing); a match never
    has two pictures drawn at once (its maps come in turn order), and no more than ``limit`` are
    drawn at once."""
    from bot.discord.pictures import PictureQueue

    queue = PictureQueue(limit=2)
    gates: dict[str, asyncio.Event] = {}
    started: list[str] = []

    def job(name: str) -> Any:
        gates[name] = asyncio.Event()

        async def draw() -> bytes:
            started.append(name)
            await gates[name].wait()
            return name.encode()
        return draw

    m1 = [asyncio.create_task(queue.draw("m1", job(f"m1-turn{i}"))) for i in (1, 2, 3)]
    m2 = asyncio.create_task(queue.draw("m2", job("m2-turn1")))
    m3 = asyncio.create_task(queue.draw("m3", job("m3-turn1")))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert started == ["m1-turn1", "m2-turn1"]  # m1's turn 2 and 3 wait for its turn 1; the limit is 2
    assert await m1[1] is None and queue.superseded == 1  # turn 3 came before turn 2 was started
    gates["m1-turn1"].set()
    assert await m1[0] == b"m1-turn1"
    await asyncio.sleep(0)
    assert started == ["m1-turn1", "m2-turn1", "m1-turn3"]  # the newest of m1, in m1's place in line
    for name in ("m2-turn1", "m1-turn3", "m3-turn1"):
        gates[name].set()
    assert [await m1[2], await m2, await m3] == [b"m1-turn3", b"m2-turn1", b"m3-turn1"]
    assert started[-1] == "m3-turn1" and queue.drawn == 4 and not queue.busy and not queue.waiting


async def test_a_maps_bytes_cross_to_the_workers_only_until_each_holds_it() -> None:
    """Issue 21: the battlefield's pickled bytes are ~12 times the rest of a view; once every worker
    has drawn a map, its pictures carry only the map's key. A worker that lacks a map it was
    believed to hold says so, and the picture is sent again with the bytes."""
    one, two = _view("m1", 1), _view("m2", 2)  # one map (Cobra Facility)
    other = GameSession.create("m3", map_id="practice-field", scenario_id="last-army-standing", seed=3)
    for player, text in (("a", "join Alice"), ("b", "join Bob")):
        other.apply(player, text)
    three = public_view(other.state)
    pool = PicturePool(1)
    sizes: list[int] = []
    try:
        await pool.start()
        executor = pool._executor()
        submit = executor.submit

        def counted(fn: Any, *args: Any) -> Any:
            sizes.extend(len(a) for a in args)
            return submit(fn, *args)

        executor.submit = counted  # type: ignore[method-assign]
        assert await pool.draw(one) == render_png(one)
        assert await pool.draw(one) == render_png(one)
        assert await pool.draw(two) == render_png(two)
        blob = pool._blobs.get(one.battlefield)[1]
        assert len(sizes) == 3 and sizes[0] - sizes[1] >= len(blob)  # the second carried the key, not the map
        key, blob = pool._blobs.get(three.battlefield)
        pool._held[key] = {-1}  # believed held by every worker, held by none
        assert await pool.draw(three) == render_png(three)
        assert len(sizes) == 5 and sizes[4] - sizes[3] >= len(blob)  # refused without the bytes, drawn with them
    finally:
        pool.close()
