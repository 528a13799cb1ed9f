"""Fixtures: a started fake Discord with discord.py pointed at it, a small world, and bot runners."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import discord
import pytest

from bot.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser, start_client, stop_client


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A running fake; on teardown it must not have seen unknown routes or crashed."""
    server = FakeDiscord(default_timeout=5.0)
    await server.start()
    with server.patch_discord():
        yield server
    await server.stop()
    assert server.unknown_routes == [], (
        f"the bot called routes the fake does not know: {server.unknown_routes}"
    )
    assert server.server_errors == [], f"the fake crashed: {server.server_errors}"


@dataclass
class World:
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser


@pytest.fixture
def world(fake: FakeDiscord) -> World:
    """One guild with a #battles channel and two members, alice and bob."""
    guild = fake.create_guild("Heroscape Club")
    channel = fake.create_channel(guild, "battles")
    return World(guild, channel, fake.create_user("alice"), fake.create_user("bob"))


StartBot = Callable[[discord.Client], Awaitable[asyncio.Task[None]]]


@pytest.fixture
async def start_bot(fake: FakeDiscord) -> AsyncIterator[StartBot]:
    """``task = await start_bot(client)``: run a client until ready; every client is closed on teardown."""
    started: list[tuple[discord.Client, asyncio.Task[None]]] = []

    async def start(client: discord.Client) -> asyncio.Task[None]:
        task = await start_client(fake, client)
        started.append((client, task))
        return task

    yield start
    for client, task in reversed(started):
        await stop_client(client, task)
