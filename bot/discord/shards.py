"""Discord shards (issue 21): ``python -m bot run --shards 0-3 --shard-count 8`` (or ``SHARDS`` and
``SHARD_COUNT`` in the environment) runs shards 0 to 3 of 8 in this process.

Discord sends each server's events to shard ``(guild_id >> 22) % shard_count`` and direct messages
to shard 0 only; a bot in many servers splits its shards over several processes (and machines),
all on one PostgreSQL database (``DATABASE_URL``). How a process handles an interaction of a match
another process serves is :mod:`bot.discord.crossproc`.

Without shard settings the bot opens one gateway connection, unsharded, as before.
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from bot.discord.client import RefereeBot
from bot.discord.settings import Settings


class ShardedRefereeBot(RefereeBot, commands.AutoShardedBot):
    """The referee bot on several shards in one process (discord.py's ``AutoShardedBot``: one
    gateway connection per shard, one cache). Built by :func:`make_bot` from the settings."""


def make_bot(settings: Settings, **options: Any) -> RefereeBot:
    """The bot for ``settings``: :class:`ShardedRefereeBot` running ``settings.shard_ids`` of
    ``settings.shard_count`` when sharding is set, else the plain :class:`RefereeBot`. ``options``
    go to the bot's constructor (``render``, ``tune_gc``, ...)."""
    if settings.shard_count is None:
        return RefereeBot(settings, **options)
    ids = list(settings.shard_ids) if settings.shard_ids is not None else None
    return ShardedRefereeBot(settings, shard_ids=ids, shard_count=settings.shard_count, **options)
