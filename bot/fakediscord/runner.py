"""Running a real discord.py client against a :class:`~.server.FakeDiscord`.

``start_client`` starts ``client.start(token)`` in a task and returns once ``on_ready`` has fired;
``stop_client`` closes it and waits for the task; ``kill_client`` cancels it abruptly (a crash: the
socket stays open until ``client.close()``); ``running`` is the context-manager form.

Tip: build clients with ``guild_ready_timeout=0.1``; discord.py otherwise waits 2 s after the last
``GUILD_CREATE`` before ``on_ready``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, TypeVar

import discord

from .records import FakeDiscordTimeout

if TYPE_CHECKING:
    from .server import FakeDiscord

#: Any token works with the fake; this one is used when none is given.
TOKEN = "fake-bot-token"
ClientT = TypeVar("ClientT", bound=discord.Client)


async def start_client(
    fake: FakeDiscord, client: discord.Client, *, token: str = TOKEN, timeout: float | None = None
) -> asyncio.Task[None]:
    """Start ``client`` against ``fake`` and wait until it is ready; return its task."""
    limit = fake.default_timeout if timeout is None else timeout
    before = fake.gateway.identify_count
    task = asyncio.create_task(client.start(token), name=f"fakediscord-client-{id(client):x}")
    task.add_done_callback(lambda _: fake.notifier.notify())
    try:
        await fake.wait_until(
            lambda: task.done() or fake.gateway.identify_count > before,
            timeout=limit,
            description="the client to identify",
        )
        if task.done():
            task.result()
            raise FakeDiscordTimeout("the client stopped before identifying")
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=limit, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task in done:
                task.result()
            raise FakeDiscordTimeout(
                f"the client was not ready after {limit:g}s (guild_ready_timeout too long?)"
            )
    except BaseException:
        await stop_client(client, task)
        raise
    return task


async def stop_client(
    client: discord.Client, task: asyncio.Task[None] | None = None, *, timeout: float = 5.0
) -> None:
    """Close ``client`` cleanly and wait for its task to end (cancelling it after ``timeout``)."""
    if not client.is_closed():
        await client.close()
    if task is None:
        return
    if not task.done():
        try:
            await asyncio.wait_for(asyncio.shield(task), timeout)
        except (TimeoutError, Exception):
            task.cancel()
            await asyncio.wait({task})
    if task.done() and not task.cancelled():
        task.exception()  # mark retrieved; a failed start was reported by start_client already


async def kill_client(task: asyncio.Task[None]) -> None:
    """Simulate a crash: cancel the client's task without closing it (its websocket stays open)."""
    task.cancel()
    await asyncio.wait({task})


@contextlib.asynccontextmanager
async def running(
    fake: FakeDiscord, client: ClientT, *, token: str = TOKEN, timeout: float | None = None
) -> AsyncIterator[ClientT]:
    """``async with running(fake, bot):`` - the bot is ready inside, closed cleanly after."""
    task = await start_client(fake, client, token=token, timeout=timeout)
    try:
        yield client
    finally:
        await stop_client(client, task)
