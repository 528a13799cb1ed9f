"""``python -m bot run``: start the bot with the settings from the environment or ``.env``, and
stop it gracefully on SIGTERM (a deploy: Procfile restart, ``docker stop``, systemd) or SIGINT
(Ctrl-C): see :meth:`bot.discord.client.RefereeBot.shutdown`."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import signal
import sys
from typing import TYPE_CHECKING

from bot.discord.settings import Settings

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot

NO_TOKEN = """\
No Discord bot token: DISCORD_TOKEN is not set.

To get one: open the Discord developer portal (https://discord.com/developers/applications),
pick or create your application, go to Bot and press "Reset Token" to copy the token.
Put it in a file named .env next to the project as

    DISCORD_TOKEN=your-token-here

(copy .env.example to .env: it lists every setting). Then run `python -m bot run` again.

No token at hand? `python -m bot local` plays a match in this terminal, and
`python -m bot demo` lets two computer players fight and writes the map images.
"""


async def serve(bot: RefereeBot, token: str) -> None:
    """Run ``bot`` until Discord closes it or a SIGTERM/SIGINT asks it to stop, then stop it
    gracefully (turn new interactions away, let handlers finish, flush the outbox, close the
    gateway and the database) and return.

    :raises discord.LoginFailure: the token is refused (and anything else ``start`` raises).
    """
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    handled: list[signal.Signals] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on this platform/thread
            loop.add_signal_handler(sig, stop.set)
            handled.append(sig)
    try:
        runner = asyncio.create_task(bot.start(token), name="referee-bot")
        stopper = asyncio.create_task(stop.wait(), name="referee-stop-signal")
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper.done():
            logging.getLogger(__name__).info("stop signal received; stopping gracefully")
            await bot.shutdown()
        else:
            stopper.cancel()
        await runner
    finally:
        for sig in handled:
            loop.remove_signal_handler(sig)
        if not bot.is_closed():
            await bot.close()


def main(*, force_sync: bool = False, shards: str | None = None, shard_count: str | None = None) -> int:
    """Run the bot until it is stopped; 2 when there is no token or a bad setting, 1 when the token
    is refused. ``force_sync`` registers the slash commands even when they did not change;
    ``shards`` and ``shard_count`` (``--shards 0-3 --shard-count 8``) override ``SHARDS`` and
    ``SHARD_COUNT`` (:mod:`bot.discord.shards`)."""
    # The flags win over the environment (and .env, which never overrides what is set).
    if shards is not None:
        os.environ["SHARDS"] = shards
    if shard_count is not None:
        os.environ["SHARD_COUNT"] = shard_count
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"Bad setting: {exc}", file=sys.stderr)
        return 2
    if force_sync:
        settings = dataclasses.replace(settings, force_sync=True)
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    import aiohttp
    import discord

    from bot.discord.shards import make_bot
    from bot.render.pool import PicturePool

    level = getattr(logging, settings.log_level, logging.INFO)
    discord.utils.setup_logging(level=level, root=True)
    # The referee never joins voice channels: discord.py's "voice will NOT be supported" warnings
    # about optional voice libraries would only worry the person starting the bot.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    # Map pictures are drawn in worker processes, never on the event loop's interpreter (issue 21).
    pictures = PicturePool()
    # Several shards in this process when SHARDS/--shards say so (issue 21); else one connection.
    bot = make_bot(settings, tune_gc=True, render=pictures)
    if settings.shard_count is not None:
        logging.getLogger(__name__).info("running shards %s of %d", list(settings.shard_ids or ()),
                                         settings.shard_count)
    try:
        asyncio.run(serve(bot, settings.discord_token))
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN. Reset it in the developer portal "
              "(Applications -> your app -> Bot -> Reset Token) and update .env.", file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError) as exc:
        # Reaching Discord failed before the first login (no network, DNS, a proxy): one clear line,
        # not a page of aiohttp internals. Once logged in, discord.py reconnects by itself.
        print(f"Cannot reach Discord ({exc}). Check this machine's network connection and try again; "
              "`python -m bot local` plays without Discord.", file=sys.stderr)
        return 1
    finally:
        pictures.close()
    return 0
