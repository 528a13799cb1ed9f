"""Matches in threads, through the real bot and the fake Discord: ``/match new thread:True`` opens a
public thread and the match lives there (commands, maps, round messages); ``/match new`` inside an
existing thread plays in it; the parent channel points at its threads' matches and can hold its
own; a missing permission is explained and creates nothing; archived threads are reopened by a
post, and a post the thread refuses is logged without stopping the match."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pytest
from bot_table import ARMIES, Table, make_bot

from bot.fakediscord import (
    CREATE_PUBLIC_THREADS,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    FakeChannel,
    FakeDiscord,
)
from bot.rules.state import Phase

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import NewTable, StartBot, World

PNG = b"\x89PNG\r\n\x1a\n"
NO_MATCH = "There is no match in this channel. Start one with `/match new`."


def _pointer(*threads: FakeChannel) -> str:
    return (f"{NO_MATCH}\nMatches in threads of this channel: "
            + ", ".join(t.mention for t in threads) + " — run the match commands there.")


async def test_thread_match_is_played_in_the_thread(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    lobby = await new_table()
    bot = lobby.bot
    sign = await lobby.reply(world.alice, "match", "new", thread=True)

    [thread] = fake.threads(world.channel)
    assert (thread.type, thread.name, thread.owner_id, thread.auto_archive_duration) == (
        PUBLIC_THREAD, "Heroscape: Last army standing — alice", fake.bot_user.id, 10080)
    assert (sign.channel, sign.ephemeral) == (world.channel, False)
    assert sign.content == (f"⚔ <@{world.alice.id}> opened a match in <#{thread.id}>: Last army standing on "
                            "**Practice Field**. Play it there: `/match join` takes a seat.")
    live = bot.matches.in_channel(thread.id)
    assert live is not None and live.channel_id == thread.id and live.meta.creator_id == world.alice.id
    assert bot.matches.in_channel(world.channel.id) is None
    [new] = thread.history()
    assert new.content.startswith("⚔ **New match**: Last army standing on **Practice Field**")
    assert new.attachments and new.attachments[0].data.startswith(PNG)
    assert [p.name for p in live.state.players] == ["alice"]

    table = Table(fake, bot, thread, [world.alice, world.bob])
    await table.join_and_place(ARMIES)
    assert table.state.phase is Phase.ORDERS and [p.name for p in table.state.players] == ["alice", "bob"]
    for user in (world.alice, world.bob):  # the private controls send the players to the thread
        assert f"<#{thread.id}>" in fake.dm_messages(user)[0].content
    await table.play_round_or_end()

    assert table.state.round == 2 or table.state.phase is Phase.OVER
    assert [m.id for m in world.channel.history()] == [sign.id]  # the parent only has the signpost
    texts = [m.content for m in thread.history()]
    assert any(t.startswith("**Round 1**: Order Markers") for t in texts)
    assert any("Initiative:" in t for t in texts)
    turn_ends = [m for m in thread.history() if "'s turn ends." in m.content]
    assert len(turn_ends) >= 2 and all(m.attachments[0].data.startswith(PNG) for m in turn_ends)
    boards = await bot.storage.boards(live.match_id)
    assert boards and {channel for channel, _, _ in boards} == {thread.id}


async def test_match_new_inside_an_existing_thread(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    lobby = await new_table()
    thread = fake.create_thread(world.channel, "Friday game", owner=world.bob)
    table = Table(fake, lobby.bot, thread, [world.alice, world.bob])

    new = await table.reply(world.alice, "match", "new", points=300)
    assert (new.channel, new.ephemeral) == (thread, False)
    assert new.content.startswith("⚔ **New match**: Last army standing") and "300 points" in new.content
    joined = await table.reply(world.bob, "match", "join")
    assert joined.channel is thread and not joined.ephemeral
    assert [p.name for p in table.state.players] == ["alice", "bob"]
    assert lobby.bot.matches.in_channel(world.channel.id) is None

    nested = await table.reply(world.bob, "match", "new", thread=True)
    assert nested.ephemeral and nested.content.startswith("This is already a thread")
    assert f"<#{world.channel.id}>" in nested.content
    assert fake.threads(world.channel) == [thread] and len(lobby.bot.matches) == 1


async def test_parent_channel_points_at_thread_matches_and_has_its_own(
        fake: FakeDiscord, world: World, new_table: NewTable, start_bot: StartBot, tmp_path: Path) -> None:
    lobby = await new_table()
    bot = lobby.bot
    plain = await lobby.reply(world.alice, "match", "status")
    assert plain.ephemeral and plain.content == NO_MATCH
    await lobby.reply(world.alice, "match", "new", thread=True, thread_name="  Alice's   big\tfight  ")
    await lobby.reply(world.bob, "match", "new", thread_name="x" * 150, seat=False)
    first, second = fake.threads(world.channel)
    assert (first.name, second.name) == ("Alice's big fight", "x" * 100)

    status = await lobby.reply(world.bob, "match", "status")
    assert status.ephemeral and status.content == _pointer(first, second)
    join = await lobby.reply(world.bob, "match", "join")
    assert join.ephemeral and join.content == _pointer(first, second)
    army = await lobby.reply(world.bob, "army", "set", cards="Syvarris")
    assert army.ephemeral and army.content == _pointer(first, second)  # every command points there
    move = await lobby.reply(world.bob, "end-turn")
    assert move.ephemeral and move.content == _pointer(first, second)

    own = await lobby.reply(world.bob, "match", "new")
    assert (own.channel, own.ephemeral) == (world.channel, False) and "New match" in own.content
    here, there = bot.matches.in_channel(world.channel.id), bot.matches.in_channel(first.id)
    assert here is not None and there is not None and here.match_id != there.match_id
    assert (here.meta.creator_id, there.meta.creator_id) == (world.bob.id, world.alice.id)
    status = await lobby.reply(world.alice, "match", "status")
    assert status.ephemeral and "Last army standing" in status.content and "bob" in status.content
    assert [p.name for p in there.state.players] == ["alice"]  # bob's seat is in the parent's match

    # A restarted bot has no memory of the threads it opened, and Discord lists only active threads
    # with the guild: the stored parent channel still lets the parent point at archived ones.
    await lobby.reply(world.bob, "match", "end")
    fake.archive_thread(first)
    fake.archive_thread(second)
    await bot.close()
    again = make_bot(fake, tmp_path / "db.sqlite", world.guild.id)
    await start_bot(again)
    assert again.restored == 2
    restarted = await (await fake.slash(world.alice, world.channel, "match", "status")).wait_reply()
    assert restarted.ephemeral and restarted.content == _pointer(first, second)


@pytest.mark.parametrize("how", ["app_permissions", "refused_by_discord"])
async def test_missing_thread_permission_is_explained_and_creates_nothing(
        fake: FakeDiscord, world: World, new_table: NewTable, how: str) -> None:
    lobby = await new_table()
    if how == "app_permissions":  # the interaction already says the bot may not open threads here
        fake.deny_bot_permissions(world.channel, CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS)
        missing = "**Create Public Threads** and **Send Messages in Threads**"
    else:  # the interaction claims the permission, Discord refuses anyway (an overwrite changed)
        fake.fail_next("POST", r"/channels/\d+/threads$", status=403, code=50013, message="Missing Permissions")
        missing = "**Create Public Threads**"
    refused = await lobby.reply(world.alice, "match", "new", thread=True)
    assert refused.ephemeral and refused.channel is world.channel
    assert refused.content == (f"I cannot open a thread in <#{world.channel.id}>: I lack the {missing} "
                               "permission there. Ask someone who manages the server to give it to me, or run "
                               "`/match new` without `thread` to play in this channel. No match was created.")
    assert fake.threads() == [] and len(lobby.bot.matches) == 0
    assert world.channel.history() == []
    assert await lobby.bot.storage.list_active() == []

    fine = await lobby.reply(world.alice, "match", "new")  # playing in the channel still works
    assert not fine.ephemeral and lobby.bot.matches.in_channel(world.channel.id) is not None


async def test_bad_options_open_no_thread(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    lobby = await new_table()
    refused = await lobby.reply(world.alice, "match", "new", thread=True, scenario="no-such-scenario")
    assert refused.ephemeral and "no-such-scenario" in refused.content
    assert fake.threads() == [] and len(lobby.bot.matches) == 0


async def test_archived_thread_is_reopened_and_a_refused_post_is_logged(
        fake: FakeDiscord, world: World, new_table: NewTable,
        caplog: pytest.LogCaptureFixture) -> None:
    lobby = await new_table()
    await lobby.reply(world.alice, "match", "new", thread=True)
    [thread] = fake.threads(world.channel)
    table = Table(fake, lobby.bot, thread, [world.alice, world.bob])
    await table.join_and_place(ARMIES)
    assert table.state.phase is Phase.ORDERS

    fake.archive_thread(thread)  # a quiet week: Discord archived the thread
    before = len(thread.history())
    await table.place_markers(world.alice)  # from the DM: the bot tells the thread that alice locked in
    assert not thread.archived and len(thread.history()) > before

    fake.archive_thread(thread, locked=True)  # a moderator locked it: the bot cannot post there
    before = len(thread.history())
    with caplog.at_level(logging.ERROR, logger="bot.discord.respond"):
        await table.place_markers(world.bob)
    assert table.state.phase is Phase.TURNS  # the match went on: initiative was rolled
    assert thread.archived and len(thread.history()) == before
    assert any(f"cannot post in channel {thread.id}" in r.getMessage() for r in caplog.records)
    assert ("POST", f"/api/v10/channels/{thread.id}/messages", 400) in fake.requests
