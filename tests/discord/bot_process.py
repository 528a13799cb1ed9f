"""A test child: ``python -m bot run`` in its own process, pointed at a fake Discord.

``python bot_process.py API_URL GATEWAY_URL`` with the bot's settings in the environment
(``DISCORD_TOKEN``, ``DATABASE_PATH``, ``DISCORD_GUILD_ID``). With ``HS_KILL_AFTER=VERB`` the
process kills itself (SIGKILL: no cleanup at all) right after it applied the first command with
that verb, before showing anything: a crash at a chosen point.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

import discord
import yarl


def kill_after(verb: str, nth: int = 1) -> None:
    """Make this process SIGKILL itself right after it applied the ``nth`` command with ``verb``."""
    from bot.discord.matches import MatchManager

    real = MatchManager.apply
    left = [nth]

    async def apply(self: MatchManager, live: Any, player: str, text: str, **kw: Any) -> Any:
        applied = await real(self, live, player, text, **kw)
        if text.split(" ", 1)[0] == verb:
            left[0] -= 1
            if left[0] == 0:
                os.kill(os.getpid(), signal.SIGKILL)
        return applied

    MatchManager.apply = apply  # type: ignore[method-assign]


def main() -> int:
    discord.http.Route.BASE = sys.argv[1]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
    if os.environ.get("HS_KILL_AFTER"):
        kill_after(os.environ["HS_KILL_AFTER"])
    from bot.cli import main as cli

    return cli(["run"])


if __name__ == "__main__":
    sys.exit(main())
