"""The table's waits wait for the bot's work, not for a moment when it happens to be idle.

The flaky `test_killed_right_after_a_round_started_the_restart_opens_it` waited for
``inflight == 0`` right after sending `/end-turn`: the bot had not read the interaction yet, so the
wait returned at once, the loop sent `/end-turn` again, tens of thousands of times, and on a busy
machine the bot, flooded, was never idle within 30 s (or the crash froze a handler while the loop
waited for idleness). Here the interaction is held between the socket and the bot's handlers, which
forces that interleaving every time.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from test_resume import _to_first_turn

if TYPE_CHECKING:
    from conftest import NewTable, World


async def test_handled_waits_until_the_bot_has_applied_an_interaction_it_has_not_read_yet(
        world: World, new_table: NewTable) -> None:
    table = await new_table(render=None)
    first = await _to_first_turn(table)
    parsers = table.bot._connection.parsers
    parse = parsers["INTERACTION_CREATE"]
    arrived, release = asyncio.Event(), asyncio.Event()
    held: list[asyncio.Task[None]] = []

    def hold(data: Any) -> None:  # the bot read the frame; its handler starts only on release
        async def later() -> None:
            await release.wait()
            parse(data)
        arrived.set()
        held.append(asyncio.ensure_future(later()))

    parsers["INTERACTION_CREATE"] = hold
    try:
        record = await table.fake.slash(first, world.channel, "end-turn", None, {})
        waiter = asyncio.ensure_future(table.handled(record))
        await arrived.wait()
        assert table.bot.inflight == 0 and not waiter.done()  # idle, yet the command is not done
        release.set()
        assert await waiter is True
    finally:
        parsers["INTERACTION_CREATE"] = parse
        release.set()
        await asyncio.gather(*held)
    assert record.acknowledged and table.bot.inflight == 0
    turn = table.state.turn
    assert turn is not None and turn.player != str(first.id)  # the end of turn was applied
