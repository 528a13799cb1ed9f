"""The fake Discord's gateway with shards, and the bot on several shards in one process (issue 21):
one gateway connection per shard, each server's events on shard ``(guild_id >> 22) % count``, DMs on
shard 0, an IDENTIFY with a shard that does not exist refused with 4010 as Discord does."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.discord.settings import Settings
from bot.discord.shards import ShardedRefereeBot, make_bot
from bot.fakediscord import FakeDiscord, start_client, stop_client
from bot.fakediscord.gateway import INVALID_SHARD


async def test_one_process_runs_two_shards_and_each_server_is_served_by_its_own(
        fake: FakeDiscord, tmp_path: Path) -> None:
    even = fake.create_guild("Even", shard=(0, 2))
    odd = fake.create_guild("Odd", shard=(1, 2))
    assert (even.id >> 22) % 2 == 0 and (odd.id >> 22) % 2 == 1
    channels = fake.create_channel(even, "battles"), fake.create_channel(odd, "battles")
    alice = fake.create_user("alice")
    settings = Settings(discord_token="fake", database_path=str(tmp_path / "h.db"), render_dir="",
                        shard_ids=(0, 1), shard_count=2)
    bot = make_bot(settings, render=None, guild_ready_timeout=0.05)
    assert isinstance(bot, ShardedRefereeBot)
    task = await start_client(fake, bot)
    try:
        await fake.wait_until(lambda: len(fake.gateway.sessions) == 2 and all(s.ready for s in fake.gateway.sessions),
                              description="both shards to identify")
        assert sorted(s.shard for s in fake.gateway.sessions) == [(0, 2), (1, 2)]
        assert fake.gateway.target(even.id).shard == (0, 2)  # type: ignore[union-attr]
        assert fake.gateway.target(odd.id).shard == (1, 2)  # type: ignore[union-attr]
        assert fake.gateway.target(None).shard == (0, 2)  # type: ignore[union-attr]  # DMs: shard 0
        assert {g.id: g.shard_id for g in bot.guilds} == {even.id: 0, odd.id: 1}
        for channel in channels:  # a match in each server, each answered through its own shard
            reply = await (await fake.slash(alice, channel, "match", "new", {})).wait_reply()
            assert "New match" in reply.content
        assert {m.meta.guild_id for m in bot.matches.live()} == {even.id, odd.id}
    finally:
        await stop_client(bot, task)


@pytest.mark.parametrize("shard", [(2, 2), (-1, 2), (0, 0)])
async def test_an_identify_with_a_shard_that_does_not_exist_is_refused(
        fake: FakeDiscord, shard: tuple[int, int]) -> None:
    client = discord.Client(intents=discord.Intents.none(), shard_id=shard[0], shard_count=shard[1])
    with pytest.raises(discord.ConnectionClosed) as refused:
        await start_client(fake, client, timeout=10)
    assert refused.value.code == INVALID_SHARD
    assert fake.gateway.closed_with[-1] == (INVALID_SHARD, "Invalid shard.")
    assert not fake.gateway.sessions
    await stop_client(client)
