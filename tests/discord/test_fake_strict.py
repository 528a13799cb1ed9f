"""The fake Discord refuses and limits like Discord where it matters (a plain discord.py client
talks to it): the 3-second deadline, rate limits with headers and 429s that discord.py honours,
the bot's permissions, ``allowed_mentions`` and who is pinged, message/embed/attachment limits,
the gateway's heartbeat timeout and fatal close codes, and interactions with no bot connected."""

from __future__ import annotations

import asyncio
import io
import json
from typing import TYPE_CHECKING

import aiohttp
import discord
import pytest

import bot.fakediscord.validate as validate
from bot.fakediscord import (
    ATTACH_FILES,
    EMBED_LINKS,
    MENTION_EVERYONE,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    DidNotRespond,
    FakeDiscord,
    start_client,
    stop_client,
)
from bot.fakediscord.state import DEADLINE

if TYPE_CHECKING:
    from tests.discord.conftest import StartBot, World


def _client(**kw: object) -> discord.Client:
    return discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.05, **kw)  # type: ignore[arg-type]


@pytest.fixture
async def client(start_bot: StartBot) -> discord.Client:
    """A plain discord.py client connected to the fake (no commands)."""
    c = _client()
    await start_bot(c)
    return c


def _channel(client: discord.Client, world: World) -> discord.PartialMessageable:
    return client.get_partial_messageable(world.channel.id)


def test_the_three_second_deadline_is_on_by_default() -> None:
    assert DEADLINE == 3.0
    assert FakeDiscord().callback_deadline == 3.0
    assert FakeDiscord(callback_deadline=None).callback_deadline is None


async def test_a_429_is_answered_with_retry_after_and_headers_and_discordpy_waits(
        fake: FakeDiscord, world: World, client: discord.Client) -> None:
    fake.rate_limit_next("POST", r"/channels/\d+/messages$", retry_after=0.05)
    sent = await _channel(client, world).send("hello")
    assert [(h.method, h.path, h.retry_after, h.is_global) for h in fake.rate_limited] == [
        ("POST", f"/api/v10/channels/{world.channel.id}/messages", 0.05, False)]
    # discord.py slept retry_after and sent again: the message exists exactly once
    assert [m.content for m in world.channel.history()] == ["hello"] and sent.content == "hello"
    statuses = [s for m, p, s in fake.requests if m == "POST" and p.endswith("/messages")]
    assert statuses == [429, 200]


async def test_a_429_body_and_headers_are_discords(fake: FakeDiscord, world: World) -> None:
    fake.rate_limit_next("POST", r"/channels/\d+/messages$", retry_after=1.25, is_global=True)
    url = f"{fake.api_url}/channels/{world.channel.id}/messages"
    async with aiohttp.ClientSession() as session, session.post(url, json={"content": "x"}) as resp:
        body = await resp.json()
        assert resp.status == 429
        assert body == {"message": "You are being rate limited.", "retry_after": 1.25, "global": True, "code": 0}
        assert (resp.headers["Retry-After"], resp.headers["X-RateLimit-Scope"], resp.headers["Via"]) == (
            "2", "global", "1.1 google")
        assert resp.headers["X-RateLimit-Remaining"] == "0"


async def test_a_bucket_sends_its_headers_and_discordpy_stays_within_it(
        fake: FakeDiscord, world: World, client: discord.Client) -> None:
    fake.rate_limit("POST", r"/channels/\d+/messages$", limit=2, per=0.3)
    for n in range(5):
        await _channel(client, world).send(f"line {n}")
    assert [m.content for m in world.channel.history()] == [f"line {n}" for n in range(5)]
    # discord.py read X-RateLimit-Remaining: 0 and waited for the reset instead of being refused
    assert fake.rate_limited == []
    url = f"{fake.api_url}/channels/{world.channel.id}/messages"
    async with aiohttp.ClientSession() as session, session.post(url, json={"content": "x"}) as resp:
        assert resp.headers["X-RateLimit-Limit"] == "2"
        assert {"X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After",
                "X-RateLimit-Bucket"} <= set(resp.headers)


@pytest.mark.parametrize(("denied", "with_file", "code"), [
    (SEND_MESSAGES, False, 50013), (VIEW_CHANNEL, False, 50001), (ATTACH_FILES, True, 50013),
])
async def test_channel_posts_need_the_bots_permissions(
        fake: FakeDiscord, world: World, client: discord.Client, denied: int, with_file: bool, code: int) -> None:
    fake.deny_bot_permissions(world.channel, denied)
    kw = {"file": discord.File(io.BytesIO(b"png"), "map.png")} if with_file else {}
    with pytest.raises(discord.Forbidden) as caught:
        await _channel(client, world).send("words", **kw)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert world.channel.history() == []
    fake.allow_bot_permissions(world.channel, denied)
    await _channel(client, world).send("words", **kw)  # type: ignore[arg-type]
    assert len(world.channel.history()) == 1


async def test_embeds_need_embed_links(fake: FakeDiscord, world: World, client: discord.Client) -> None:
    fake.deny_bot_permissions(world.channel, EMBED_LINKS)
    with pytest.raises(discord.Forbidden) as caught:
        await _channel(client, world).send(embed=discord.Embed(title="Round 1"))
    assert caught.value.code == 50013


async def test_allowed_mentions_decide_who_is_pinged(
        fake: FakeDiscord, world: World, client: discord.Client) -> None:
    channel = _channel(client, world)
    text = f"@everyone <@{world.alice.id}> <@{world.bob.id}>"
    loud = await channel.send(text)
    quiet = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    alice_only = await channel.send(text, allowed_mentions=discord.AllowedMentions(
        everyone=False, users=[discord.Object(world.alice.id)], roles=False))
    fake.deny_bot_permissions(world.channel, MENTION_EVERYONE)
    no_right = await channel.send(text)
    pings = [fake.messages[m.id].pings for m in (loud, quiet, alice_only, no_right)]
    assert [(p.everyone, p.users) for p in pings] == [
        (True, (world.alice.id, world.bob.id)),
        (False, ()),
        (False, (world.alice.id,)),
        (False, (world.alice.id, world.bob.id)),
    ]
    assert loud.mention_everyone and not quiet.mention_everyone
    assert [u.id for u in alice_only.mentions] == [world.alice.id]
    assert [p.pings.everyone for p in fake.public_payloads()] == [True, False, False, False]


async def test_message_embed_and_attachment_limits_use_discords_codes(
        fake: FakeDiscord, world: World, client: discord.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    channel = _channel(client, world)
    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("x" * 2001)
    assert (too_long.value.status, too_long.value.code) == (400, 50035)
    await channel.send("x" * 2000)
    big = [discord.Embed(description="d" * 4000), discord.Embed(description="d" * 2001)]
    with pytest.raises(discord.HTTPException) as too_big:
        await channel.send(embeds=big)
    assert too_big.value.code == 50035 and "6000" in json.dumps(too_big.value.text or "") + str(too_big.value)
    with pytest.raises(discord.HTTPException) as footer:
        await channel.send(embed=discord.Embed(title="t").set_footer(text="f" * 2049))
    assert footer.value.code == 50035
    files = [discord.File(io.BytesIO(b"x"), f"f{n}.txt") for n in range(11)]
    with pytest.raises(discord.HTTPException) as too_many:
        await channel.send(files=files)
    assert too_many.value.code == 50035
    monkeypatch.setattr(validate, "ATTACHMENT_SIZE_LIMIT", 1000)
    with pytest.raises(discord.HTTPException) as heavy:
        await channel.send(file=discord.File(io.BytesIO(b"x" * 1001), "map.png"))
    assert (heavy.value.status, heavy.value.code) == (413, 40005)
    assert [len(m.content) for m in world.channel.history()] == [2000]


async def test_a_silent_gateway_connection_is_closed_with_4009(fake: FakeDiscord) -> None:
    fake.gateway.heartbeat_interval_ms = 60
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["d"]["heartbeat_interval"] == 60
        closing = await ws.receive()  # no heartbeat sent: the fake closes after 90 ms
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert ws.close_code == 4009
    assert fake.gateway.closed_with == [(4009, "Session timed out")]


async def test_a_heartbeating_client_stays_connected(fake: FakeDiscord, world: World) -> None:
    fake.gateway.heartbeat_interval_ms = 100
    c = _client()
    task = await start_client(fake, c)
    try:
        before = fake.gateway.identify_count
        # three heartbeats (each within the 150 ms the fake allows) keep the connection open
        await fake.wait_until(lambda: fake.gateway.heartbeats >= 3, description="three heartbeats")
        sent = await c.get_partial_messageable(world.channel.id).send("still here")
        assert sent.content == "still here"
        assert fake.gateway.closed_with == [] and fake.gateway.identify_count == before
    finally:
        await stop_client(c, task)


async def test_a_wrong_token_fails_login_and_identify(fake: FakeDiscord) -> None:
    fake.bot_token = "the-right-token"
    with pytest.raises(discord.LoginFailure):
        await start_client(fake, _client(), token="a-wrong-token")
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        await ws.receive_json()
        await ws.send_json({"op": 2, "d": {"token": "a-wrong-token", "intents": 0, "properties": {}}})
        await ws.receive()
    assert ws.close_code == 4004


async def test_disallowed_privileged_intents_close_with_4014(fake: FakeDiscord) -> None:
    fake.gateway.allowed_privileged_intents = 0
    intents = discord.Intents.none()
    intents.members = True
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await start_client(fake, discord.Client(intents=intents, guild_ready_timeout=0.05))
    assert fake.gateway.closed_with[-1][0] == 4014


async def test_an_interaction_with_no_bot_connected_did_not_respond(
        fake: FakeDiscord, world: World, client: discord.Client, start_bot: StartBot) -> None:
    tree = discord.app_commands.CommandTree(client)

    @tree.command(name="ping", description="pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    await tree.sync()
    assert (await (await fake.slash(world.alice, world.channel, "ping")).wait_reply()).content == "pong"
    await client.close()
    session = fake.gateway.target(world.guild.id)
    await fake.wait_until(lambda: session is None or session.conn is None, description="the bot gone")
    record = await fake.slash(world.alice, world.channel, "ping")
    assert record.undelivered and record.did_not_respond
    with pytest.raises(DidNotRespond):
        await record.wait_reply()
    assert not record.acknowledged


async def test_a_late_initial_response_did_not_respond(
        fake: FakeDiscord, world: World, client: discord.Client) -> None:
    tree = discord.app_commands.CommandTree(client)
    seen: list[int] = []

    @tree.command(name="slow", description="slow")
    async def slow(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("too late")
        except discord.NotFound as exc:
            seen.append(exc.code)

    await tree.sync()
    fake.callback_deadline = 0.0  # the 3 s are up at once
    record = await fake.slash(world.alice, world.channel, "slow")
    assert await record.wait_rejection(10062) == 10062
    await fake.wait_until(lambda: seen, description="the bot to see 10062")
    assert record.did_not_respond and seen == [10062]
    await asyncio.sleep(0)


async def test_a_gateway_that_stops_acking_heartbeats_makes_discordpy_resume(fake: FakeDiscord) -> None:
    fake.gateway.heartbeat_interval_ms = 50
    c = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.05, heartbeat_timeout=0.3)
    task = await start_client(fake, c)
    try:
        fake.gateway.ack_heartbeats = False  # a zombie connection, as discord.py calls it
        await fake.wait_until(lambda: fake.gateway.resume_count >= 1 or None, description="a RESUME")
        fake.gateway.ack_heartbeats = True
        assert fake.gateway.identify_count == 1  # the session went on: nothing was lost
    finally:
        await stop_client(c, task)
