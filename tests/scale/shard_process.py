"""A test child: ``python -m bot run`` in a process of its own, pointed at a fake Discord, with the
shards and database of its environment (``SHARDS``, ``SHARD_COUNT``, ``DATABASE_URL`` or
``DATABASE_PATH``, ``DISCORD_TOKEN``).

``python shard_process.py API_URL GATEWAY_URL``. For a reproducible match the dice of every new
match come from ``HS_SEED``, and no pictures are drawn (they are not what these tests are about,
and would only slow a 2-core machine). With ``HS_KILL_AFTER=VERB`` (and ``HS_KILL_NTH=N``, default
1) the process kills itself (SIGKILL: no cleanup at all) right after it applied the N-th command
with that verb, before showing anything: a crash at a chosen point.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import discord
import yarl


def _patch() -> None:
    from bot.discord import shards
    from bot.discord.client import RefereeBot
    from tests.discord.bot_process import kill_after

    make = shards.make_bot
    seed = int(os.environ.get("HS_SEED", "4"))

    def make_bot(settings: Any, **options: Any) -> RefereeBot:
        bot = make(settings, **{**options, "render": None, "seed": seed})
        return bot

    shards.make_bot = make_bot  # type: ignore[assignment]
    if os.environ.get("HS_KILL_AFTER"):
        kill_after(os.environ["HS_KILL_AFTER"], int(os.environ.get("HS_KILL_NTH", "1")))


def main() -> int:
    discord.http.Route.BASE = sys.argv[1]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
    _patch()
    from bot.cli import main as cli

    return cli(["run", "--discord"])


if __name__ == "__main__":
    sys.exit(main())
