"""Starting, restarting and stopping the sandbox: the fake Discord with the page, and the real bot.

The bot is the production :class:`~bot.discord.client.RefereeBot` (SQLite storage, the same cogs,
components and command sync); only discord.py's REST base and gateway URL point at the fake.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from bot.discord.client import RefereeBot
from bot.discord.settings import Settings
from bot.fakediscord import TOKEN, FakeDiscord, start_client, stop_client
from bot.fakediscord.userapi import UserApi

from .page import install_page
from .world import SandboxWorld, build_world

#: Seconds the bot may take to restore its matches and connect.
READY_TIMEOUT = 120.0
#: Seconds a user's action waits for a bot that is restarting.
USER_TIMEOUT = 30.0


class Sandbox:
    """The running sandbox.

    :param host: the address to listen on (``127.0.0.1``: this machine only).
    :param port: the TCP port (0: any free one); :attr:`url` tells which after :meth:`start`.
    :param database_path: the bot's SQLite file; default a fresh one in a temporary folder (the
        sandbox's ids are new on every start, so matches of an earlier run could not be reached).
    :param seed: fixes the dice of new matches (tests); ``None`` rolls fresh dice.
    """

    def __init__(
        self, *, host: str = "127.0.0.1", port: int = 0, database_path: str | None = None, seed: int | None = None
    ) -> None:
        self.host = host
        self.port = port
        self.seed = seed
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        if database_path is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="referee-sandbox-")
            database_path = str(Path(self._tmp.name) / "sandbox.db")
        self.database_path = database_path
        self.fake = FakeDiscord(default_timeout=USER_TIMEOUT)
        self.fake.host = host
        self.world: SandboxWorld = build_world(self.fake)
        self.bot: RefereeBot | None = None
        self.restarts = 0
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    @property
    def url(self) -> str:
        """The page's address (``127.0.0.1`` when listening on every interface)."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.fake.port}/"

    def settings(self) -> Settings:
        """The bot's settings: a token the fake accepts, commands synced to the sandbox guild at once,
        the SQLite database, no image files written."""
        return Settings(
            discord_token=TOKEN,
            discord_guild_id=self.world.guild.id,
            database_path=self.database_path,
            render_dir="",
        )

    async def start(self) -> Sandbox:
        """Serve the fake Discord, its user-side routes and the page, then start the bot.

        :raises OSError: when the port cannot be bound (taken, or not allowed).
        """
        api = UserApi(self.fake, self.world.guild.id, restart=self.restart)
        await self.fake.start(port=self.port, plugins=[api.install, install_page])
        self.fake.patch_discord()
        try:
            await self._start_bot()
        except BaseException:
            await self.stop()
            raise
        return self

    async def _start_bot(self) -> None:
        self.bot = RefereeBot(self.settings(), seed=self.seed, guild_ready_timeout=0.1)
        self._task = await start_client(self.fake, self.bot, timeout=READY_TIMEOUT)

    async def restart(self) -> None:
        """Stop the bot cleanly and start a new one on the same database (what a redeploy does):
        it restores every match, and the buttons of older messages keep working."""
        async with self._lock:
            if self.bot is not None:
                await stop_client(self.bot, self._task)
            await self._start_bot()
            self.restarts += 1

    async def stop(self) -> None:
        """Stop the bot and the fake, and remove the temporary database if one was made."""
        async with self._lock:
            if self.bot is not None:
                await stop_client(self.bot, self._task)
                self.bot = None
            await self.fake.stop()
            if self._tmp is not None:
                self._tmp.cleanup()
                self._tmp = None

    async def __aenter__(self) -> Sandbox:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
