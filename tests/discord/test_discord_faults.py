"""Discord's own faults, each handled and told (issue 9, defects 6 to 9): missing permissions at
``/match new`` and on a refused post, nobody pinged but the players meant, every text within
Discord's limits, server errors retried then reported, a "thinking…" placeholder never left
empty, and a DM Discord failed to take not blamed on closed DMs."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord.webhook.async_
import pytest

from bot.discord import outgoing
from bot.fakediscord import (
    ATTACH_FILES,
    EMBED_LINKS,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    FakeDiscord,
    FakeMessage,
)
from bot.rules.state import Phase

if TYPE_CHECKING:
    from conftest import NewTable, World


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Retries of a failed send without the real waits (two further tries, as in production)."""
    monkeypatch.setattr(outgoing, "RETRY_DELAYS", (0.0, 0.0))


def _private_to(fake: FakeDiscord, world: World, user_id: int) -> list[FakeMessage]:
    """Every message only ``user_id`` sees: their DMs (ephemeral answers there too) and their
    ephemeral answers in the channel."""
    dm = fake.dm_channel(fake.users[user_id])
    return (dm.history(include_ephemeral=True) if dm else []) + [
        m for m in world.channel.history(include_ephemeral=True) if m.ephemeral and m.viewer_id == user_id]


class _NoWaitAsyncio:
    """``asyncio`` for discord.py's webhook module, minus the waits between its five tries on a 5xx."""

    def __getattr__(self, name: str) -> object:
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(delay: float, result: object = None) -> object:
        return await asyncio.sleep(0, result)


# --- defect 6: missing permissions ----------------------------------------------------------

@pytest.mark.parametrize(("denied", "name"), [
    (SEND_MESSAGES, "**Send Messages**"), (ATTACH_FILES, "**Attach Files**"),
    (EMBED_LINKS, "**Embed Links**"), (VIEW_CHANNEL, "**View Channel**"),
])
async def test_match_new_names_a_missing_permission_and_creates_nothing(
        fake: FakeDiscord, world: World, new_table: NewTable, denied: int, name: str) -> None:
    table = await new_table()
    fake.deny_bot_permissions(world.channel, denied)
    refused = await table.reply(world.alice, "match", "new")
    assert refused.ephemeral and refused.viewer_id == world.alice.id
    assert refused.content == (
        f"I cannot run a match in <#{world.channel.id}>: I lack the {name} permission there (I post the "
        "match, its map and the players' turns). Ask someone who manages the server to give it to me, then "
        "run `/match new` again. No match was created.")
    assert len(table.bot.matches) == 0 and await table.bot.storage.list_active() == []
    fake.allow_bot_permissions(world.channel, denied)
    assert not (await table.reply(world.alice, "match", "new")).ephemeral


async def test_a_post_refused_for_send_messages_is_told_once_to_each_player(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.setup()
    assert table.state.phase is Phase.ORDERS
    fake.deny_bot_permissions(world.channel, SEND_MESSAGES)  # someone changed the channel's overwrites
    await table.place_markers(world.alice)  # from her DM: "alice has locked in" cannot be posted
    await table.place_markers(world.bob)  # his lock-in and the initiative roll cannot be posted either
    assert table.state.phase is Phase.TURNS  # the match goes on
    notice = (f"⚠ I could not post in <#{world.channel.id}>: I lack a permission there; I need **View Channel** "
              "and **Send Messages**. Ask someone who manages the server to give them to me. The match is saved "
              "and goes on once I can post; `/match status` shows where it stands.")
    for user in (world.alice, world.bob):
        told = [m.content for m in _private_to(fake, world, user.id) if "could not post" in m.content]
        assert told == [notice], (user.name, told)
    assert ("POST", f"/api/v10/channels/{world.channel.id}/messages", 403) in fake.requests


# --- defect 7: allowed_mentions -------------------------------------------------------------

async def test_a_player_named_everyone_pings_nobody_and_a_turn_pings_its_player(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    world.bob.global_name = "@everyone"
    table = await new_table()
    await table.setup()
    joined = next(m for m in world.channel.history() if "joins the match" in m.content and "everyone" in m.content)
    assert "@everyone" not in joined.content and "@\u200beveryone joins the match" in joined.content
    assert not joined.pings.everyone and joined.pings.users == ()
    for pid in table.live.waiting_for_orders():
        await table.place_markers(table.user(pid))
    assert table.state.turn is not None
    turn = next(m for m in reversed(world.channel.history()) if "your turn" in m.content)
    assert turn.pings.users == (int(table.state.turn.player),) and not turn.pings.everyone
    assert not any(p.pings.everyone or p.pings.roles for p in fake.sent)
    # every payload of the bot said whom it may ping (no payload left to Discord's "ping all" default)
    kinds = {"message_create", "interaction_reply", "followup", "message_update", "message_edit", "original_edit"}
    sent = [p for p in fake.sent if p.kind in kinds]
    assert {p.kind for p in sent} >= {"message_create", "interaction_reply", "message_update"}
    assert [p.kind for p in sent if "allowed_mentions" not in p.raw] == []


# --- defect 8: limits -----------------------------------------------------------------------

async def test_a_refusal_echoing_a_huge_option_stays_within_discords_limit(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.setup()
    for pid in table.live.waiting_for_orders():
        await table.place_markers(table.user(pid))
    assert table.state.turn is not None
    mover = table.user(table.state.turn.player)
    long_word = "x" * 1990
    record = await table.send(mover, "move", figure=long_word, to="A1")
    reply = await record.wait_reply()
    assert record.rejections == [] and reply.ephemeral and len(reply.content) <= 2000
    assert f"'{'x' * 99}…'" in reply.content and long_word not in reply.content
    words = await (await table.send(mover, "move", figure="a " * 990, to="A1")).wait_reply()
    assert words.content.startswith(f"'{'a ' * 49}a…' is more than one word") and len(words.content) < 300


def test_long_texts_are_split_at_line_ends_within_the_limit() -> None:
    text = "\n".join(f"line {n} " + "y" * 90 for n in range(60)) + "\n" + "z" * 4500
    parts = outgoing.chunks(text)
    assert all(0 < len(p) <= 2000 for p in parts)
    assert "".join(parts).replace("\n", "") == text.replace("\n", "")
    assert [len(p) for p in parts[-3:]] == [2000, 2000, 500]  # the long line alone, cut
    assert outgoing.cap("w" * 2500) == "w" * 1999 + "…"
    assert outgoing.neutral("@here and @Everyone <@123>") == "@\u200bhere and @\u200bEveryone <\u200b@123>"


# --- defect 9: server errors, placeholders, late DMs ------------------------------------------

async def test_a_placeholder_whose_answer_discord_refuses_says_where_the_answer_went(
        fake: FakeDiscord, world: World, new_table: NewTable, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.webhook.async_, "asyncio", _NoWaitAsyncio())
    table = await new_table()
    await table.reply(world.alice, "match", "new")
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "army", "set", cards="Syvarris; Dumutef Guard")
    await table.reply(world.bob, "army", "set", cards="Kita; Onshu")
    fake.fail_next("POST", r"^/api/v10/webhooks/", status=503, code=0, message="Service Unavailable", times=50)
    record = await table.send(world.alice, "match", "start")  # deferred (it draws the map), then a followup
    assert record.callback_type == 5
    placeholder = record.original
    assert placeholder is not None and not placeholder.loading
    assert placeholder.content == (f"⚠ Discord did not take my answer here, so I posted it in "
                                   f"<#{world.channel.id}>.")
    posted = [m for m in world.channel.history() if m.interaction_id is None and "Place your figures" in m.content]
    assert len(posted) == 1 and posted[0].attachments
    fake._injected.clear()


async def test_a_placeholder_of_a_command_that_fails_holds_the_refusal(
        fake: FakeDiscord, world: World, new_table: NewTable, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.webhook.async_, "asyncio", _NoWaitAsyncio())
    table = await new_table()
    await table.reply(world.alice, "match", "new")
    fake.fail_next("POST", r"^/api/v10/webhooks/", status=503, code=0, message="Service Unavailable", times=50)
    record = await table.send(world.alice, "map", reach="nosuch")  # deferred, then refused
    assert record.callback_type == 5 and record.original is not None
    placeholder = record.original
    await fake.wait_until(lambda: not placeholder.loading, description="the placeholder to be filled")
    assert placeholder.ephemeral
    assert record.original.content == "'nosuch' is not a figure on the battlefield."
    fake._injected.clear()


async def test_a_channel_line_is_retried_after_a_server_error_then_reported(
        fake: FakeDiscord, world: World, new_table: NewTable, caplog: pytest.LogCaptureFixture) -> None:
    table = await new_table()
    await table.setup()
    channel_posts = rf"^/api/v10/channels/{world.channel.id}/messages$"
    fake.fail_next("POST", channel_posts, status=503, code=0, message="Service Unavailable", times=2)
    await table.place_markers(world.alice)  # "alice has locked in" is posted on the third try
    assert [m.content for m in world.channel.history()].count("alice has locked in Order Markers.") == 1
    fake.fail_next("POST", channel_posts, status=503, code=0, message="Service Unavailable", times=3)
    with caplog.at_level(logging.ERROR, logger="bot.discord.respond"):
        await table.place_markers(world.bob)  # bob's line fails every try: logged and told to bob
    assert not any("bob has locked in" in m.content for m in world.channel.history())
    assert any(f"cannot post in channel {world.channel.id}" in r.getMessage() and "bob has locked in"
               in r.getMessage() for r in caplog.records)
    told = [m.content for m in _private_to(fake, world, world.bob.id) if "Discord kept failing" in m.content]
    assert told == [f"⚠ Discord kept failing in <#{world.channel.id}>, so a message of the match is missing "
                    "there. The match is saved; `/match status` shows where it stands."]


async def test_a_dm_discord_failed_to_take_is_not_blamed_on_closed_dms(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    table = await new_table()
    fake.fail_next("POST", r"^/api/v10/users/@me/channels$", status=503, code=0, message="Service Unavailable",
                   times=2)
    await table.setup()  # the round opens: both DMs fail with a server error
    assert table.state.phase is Phase.ORDERS
    round_msg = next(m for m in world.channel.history() if m.content.startswith("**Round 1**"))
    assert "cannot send you direct messages" not in round_msg.content
    assert "Discord failed to deliver my direct message" in round_msg.content
    assert table.live.dm_closed == set()
    assert set(round_msg.pings.users) == {world.alice.id, world.bob.id}


async def test_a_rate_limited_post_is_waited_out_and_lands_once(
        fake: FakeDiscord, world: World, new_table: NewTable, caplog: pytest.LogCaptureFixture) -> None:
    table = await new_table()
    await table.setup()
    fake.rate_limit_next("POST", rf"^/api/v10/channels/{world.channel.id}/messages$", retry_after=0.05)
    with caplog.at_level(logging.WARNING, logger="bot.discord"):
        await table.place_markers(world.alice)
    assert len(fake.rate_limited) == 1
    assert [m.content for m in world.channel.history()].count("alice has locked in Order Markers.") == 1
    assert [r.getMessage() for r in caplog.records if r.name.startswith("bot.discord")] == []
    assert outgoing.problems(table.bot)._text == {}


def test_an_echoed_input_is_shown_as_typed_never_as_markdown_or_a_mention() -> None:
    from bot.discord.outgoing import echo

    shown = echo("**bold** <@123456789012345678> @everyone")
    assert shown.startswith("\\*\\*bold\\*\\* ")
    # escaped: Discord shows them as text
    assert "<@123456789012345678>" not in shown and "@everyone" not in shown
