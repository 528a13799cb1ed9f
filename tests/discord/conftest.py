"""Fixtures: a started fake Discord with discord.py pointed at it, a small world, bot runners, and
``new_table`` (the real bot started on a fresh database, with alice and bob at #battles)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
from bot_table import Table, make_bot

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


NewTable = Callable[..., Awaitable[Table]]


@pytest.fixture
def new_table(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> NewTable:
    """``table = await new_table(**options)``: the real bot (:func:`bot_table.make_bot` with
    ``options``, on ``tmp_path/db.sqlite``) started against the fake, and a :class:`Table` of
    alice and bob at the #battles channel of :func:`world`."""

    async def new(**options: Any) -> Table:
        bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, **options)
        await start_bot(bot)
        return Table(fake, bot, world.channel, [world.alice, world.bob])

    return new
