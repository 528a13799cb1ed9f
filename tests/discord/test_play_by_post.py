"""Play by post (issue 16) through the fake Discord with a fake clock: days pass on the clock, the
due-work loop is run by the test (``bot.pace.tick()``), and every check reads what players saw."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from bot_table import Table, make_bot

from bot.discord.pace.clock import FakeClock
from bot.discord.pace.durations import HOUR
from bot.fakediscord import FakeDiscord, FakeMessage, FakeUser
from bot.rules.state import Phase

if TYPE_CHECKING:
    from conftest import StartBot, World

POST = {"pace": "post", "orders": "24h", "turn": "24h", "decision": "12h", "extend": "12h", "policy": "ai"}


async def post_table(fake: FakeDiscord, world: World, start_bot: StartBot, db: Path, clock: FakeClock,
                     **new: Any) -> Table:
    bot = make_bot(fake, db, world.guild.id, clock=clock)
    await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice, world.bob])
    await table.setup(**{**POST, **new})
    return table


def pinged(msg: FakeMessage) -> set[int]:
    return {int(u) for u in msg.pings.users}


def channel_msgs(table: Table, since: int = 0) -> list[FakeMessage]:
    return [m for m in table.channel.history() if m.id > since]


def your_move_msgs(table: Table, user: FakeUser, since: int = 0) -> list[FakeMessage]:
    return [m for m in channel_msgs(table, since) if user.id in pinged(m)]


async def tick(table: Table) -> dict[str, int]:
    counts = await table.bot.pace.tick()
    await table.settle()
    return counts


async def test_a_post_match_tells_each_player_once_with_a_deadline(fake: FakeDiscord, world: World,
                                                                    start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    assert table.state.phase is Phase.ORDERS
    rows = await table.bot.pace.current(table.live)
    assert sorted(r.player for r in rows) == sorted(str(u.id) for u in table.players)
    assert all(r.kind == "orders" and r.due == clock.now() + 24 * HOUR for r in rows)
    for user in table.players:
        pings = [m for m in your_move_msgs(table, user) if "Order Markers" in m.content]
        assert len(pings) == 1, [m.content for m in pings]  # one message per player per event
        assert f"<t:{int(clock.now() + 24 * HOUR)}:f>" in pings[0].content
        dms = [m for m in fake.dm_messages(user) if "Your move" in m.content and "Order Markers" in m.content]
        assert len(dms) == 1 and "Place your Order Markers for round 1" in dms[0].content
        assert dms[0].attachments, "the DM carries the map"
