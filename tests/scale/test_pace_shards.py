"""Play-by-post deadlines with two bots on two shards of one PostgreSQL database (issue 21): a passed
deadline is acted on once, by whichever process claims it, even by the one that does not serve the
match's server and never saw the match before.

The two bots run in this test's event loop (each with its own connection pools, memory and gateway
connection, which is all a second process would have that matters here; the subprocess test
:mod:`test_two_processes` covers real processes)."""

from __future__ import annotations

from pathlib import Path

from bot.discord.client import RefereeBot
from bot.discord.pace.clock import FakeClock
from bot.discord.settings import Settings
from bot.discord.shards import make_bot
from bot.fakediscord import FakeDiscord, start_client, stop_client
from tests.discord.bot_table import Table

POST = {"pace": "post", "orders": "24h", "turn": "24h", "decision": "12h", "extend": "12h", "policy": "ai"}


def _bot(pg_url: str, shard: int, clock: FakeClock) -> RefereeBot:
    settings = Settings(discord_token="fake", database_path=pg_url, render_dir="", shard_ids=(shard,), shard_count=2)
    bot = make_bot(settings, render=None, seed=4, guild_ready_timeout=0.05, clock=clock)
    bot.pace.interval = None  # the test runs the due-work loop itself
    return bot


async def test_a_passed_deadline_is_acted_on_once_by_the_process_that_claims_it(
        fake: FakeDiscord, pg_url: str, tmp_path: Path) -> None:
    guild = fake.create_guild("Shard one club", shard=(1, 2))
    channel = fake.create_channel(guild, "battles")
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    clock = FakeClock()
    zero, one = _bot(pg_url, 0, clock), _bot(pg_url, 1, clock)
    tasks = [await start_client(fake, zero), await start_client(fake, one)]
    try:
        table = Table(fake, one, channel, [alice, bob])  # shard 1 serves the server
        await table.setup(**POST)
        assert zero.matches.get(table.live.match_id) is None  # made after the shard-0 bot started
        clock.advance(hours=25)  # both players' Order Markers deadline passed
        first = await zero.pace.tick()
        assert first["extended"] == 2, first  # acted on by the process that did not know the match
        assert zero.matches.get(table.live.match_id) is not None
        second = await one.pace.tick()
        assert second["extended"] == 0 and second["acted"] == 0, second  # claimed already: not twice
        extended = [m for m in channel.history() if m.content.startswith("⌛")]
        assert sorted(m.pings.users for m in extended) == sorted([(alice.id,), (bob.id,)]), \
            [m.content for m in extended]
    finally:
        for bot, task in zip((zero, one), tasks, strict=True):
            await stop_client(bot, task)
