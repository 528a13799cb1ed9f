"""The bot: a :class:`discord.ext.commands.Bot` that opens storage, restores every active match (from
its newest snapshot plus the commands logged after it, or by replaying its log), loads the cogs,
registers the restart-proof components, syncs its slash commands (to ``DISCORD_GUILD_ID`` at
once when set, globally otherwise) and catches up what every match was owed
(:mod:`bot.discord.resume`).

Stopping gracefully (:meth:`RefereeBot.shutdown`, on SIGTERM or SIGINT in ``python -m bot run``):
new interactions are answered "restarting, try again" and change nothing, running handlers may
finish (:data:`SHUTDOWN_GRACE` seconds at most), the outbox is flushed, then the gateway and the
database are closed.

Syncing overwrites every command with Discord, a rate-limited call, so it is done only when the
command tree changed: the hash of the payload Discord would get, with the application and the
target, is stored after each sync and compared on the next start (``DISCORD_FORCE_SYNC`` or
``python -m bot run --sync`` syncs anyway)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import hashlib
import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import crossproc, presses
from bot.discord.cogs import EXTENSIONS
from bot.discord.components import explain
from bot.discord.errors import UserError
from bot.discord.face import face, faces
from bot.discord.host import CatchUp, Renderer
from bot.discord.league.service import LeagueService
from bot.discord.matches import MatchManager, Timer
from bot.discord.outgoing import echo
from bot.discord.pace.clock import Clock
from bot.discord.pace.service import PaceService
from bot.discord.settings import Settings
from bot.render import render_png
from bot.storage import storage_for
from bot.storage.base import Storage

log = logging.getLogger(__name__)

#: Set while a handler runs (each interaction's task has its own context).
_HANDLING: contextvars.ContextVar[bool] = contextvars.ContextVar("referee_handling", default=False)
#: Seconds the handler under way spent waiting for Discord's REST answers (a one-item list shared with
#: the tasks it starts); read by :meth:`RefereeBot.busy` to tell the bot's own time from Discord's.
DISCORD_WAIT: contextvars.ContextVar[list[float] | None] = contextvars.ContextVar("referee_discord_wait",
                                                                                  default=None)
#: Young-generation size for the garbage collector once the bot is up (CPython's default is 700).
GC_GEN0 = 10_000

#: Seconds a graceful stop waits for running handlers before closing anyway.
SHUTDOWN_GRACE = 10.0
#: What a user reads when their interaction arrives while the bot is stopping.
STOPPING = "I am restarting right now, so I did nothing with that. Try again in a few seconds."


def tune_gc() -> None:
    """Keep garbage-collector pauses short while matches are played (each one stalls every handler).

    Everything loaded so far (discord.py, the card, map and scenario libraries, restored matches) is
    moved out of the collector's sight with :func:`gc.freeze`: it lives as long as the process, and a
    full collection would otherwise walk all of it, a pause of tens of milliseconds with 200 matches.
    The young generation is enlarged (:data:`GC_GEN0`) so that the states every command builds and
    drops (freed at once by reference counting) trigger far fewer collections.
    """
    gc.collect()
    gc.freeze()
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(GC_GEN0, gen1, gen2)


class RefereeTree(app_commands.CommandTree["RefereeBot"]):
    """The command tree, with one error handler for every slash command."""

    async def on_error(self, interaction: discord.Interaction[RefereeBot], error: app_commands.AppCommandError) -> None:
        """Expected errors (rules refusals, "not your turn", bad input) become ephemeral words."""
        original = getattr(error, "original", None) or error
        if isinstance(error, app_commands.CheckFailure) and original is error:
            await explain(interaction, UserError(str(error) or "You cannot use this command here."))
            return
        if isinstance(original, app_commands.TransformerError):
            await explain(interaction, UserError(f"I could not read '{echo(str(original.value))}'."))
            return
        await explain(interaction, original)


class RefereeBot(commands.Bot):
    """The referee bot (every game of :mod:`bot.games`). ``storage`` defaults to PostgreSQL at ``settings.database_url`` when set, else SQLite at
    ``settings.database_path`` (:func:`bot.storage.storage_for`);
    ``render`` draws maps (``None``: no images, for benchmarks); ``seed`` fixes the dice of new
    matches (tests)."""

    def __init__(self, settings: Settings, *, storage: Storage | None = None, render: Renderer | None = render_png,
                 seed: int | None = None, tune_gc: bool = False, clock: Clock | None = None,
                 **options: Any) -> None:
        # Slash commands and components arrive as interactions whatever the intents; the guild cache
        # (roles, for Manage Server) is all the bot needs. No message, typing or presence events:
        # a busy server's chatter would cost CPU and tell the referee nothing.
        intents = discord.Intents.none()
        intents.guilds = True
        options.setdefault("help_command", None)
        # Nobody is pinged unless a message names them (bot.discord.outgoing): never @everyone.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        options.setdefault("max_messages", None)
        options.setdefault("chunk_guilds_at_startup", False)
        options.setdefault("member_cache_flags", discord.MemberCacheFlags.none())
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=RefereeTree, **options)
        self.settings = settings
        self.storage: Storage = storage or storage_for(settings.database_url or settings.database_path)
        self.matches = MatchManager(self.storage)
        self.matches.maps = render is not None
        self.matches.describe = lambda live, outcome, header: face(live.meta.ruleset).describe(live, outcome, header)
        self.render: Renderer | None = render
        self.fixed_seed = seed
        #: Tune the garbage collector once started (:func:`tune_gc`): the real bot and the bench do;
        #: tests, which start many bots in one process, do not.
        self.tune_gc = tune_gc
        self.handler_timer: Timer | None = None
        self.restored = 0
        #: Whether the last start registered the slash commands with Discord (``False``: unchanged).
        self.synced = False
        #: Handlers (commands and components) still working, for tests and the bench to wait on.
        self.inflight = 0
        self._dm_ids: dict[int, int] = {}
        #: False once a graceful stop began: new interactions are turned away.
        self.accepting = True
        #: Set by the :mod:`bot.discord.resume` extension.
        self.catch_up_hook: CatchUp | None = None
        #: How many matches the last start caught up.
        self.caught_up = 0
        self._stopping: asyncio.Task[None] | None = None
        #: Play by post (deadlines, reminders, away; issue 16), on ``clock`` (the machine's by default).
        self.pace = PaceService(self, clock)
        #: Leagues (issue 17): pairings, league matches and their results, on the same database.
        self.leagues = LeagueService(self)

    @contextlib.contextmanager
    def busy(self, label: str = "") -> Iterator[None]:
        """Count a handler as in flight while the block runs (and time it, when timing is on).

        Nested blocks (a button that runs a command) count once, as the outermost.
        """
        if _HANDLING.get():
            yield
            return
        token = _HANDLING.set(True)
        waited = [0.0]
        wait_token = DISCORD_WAIT.set(waited)
        self.inflight += 1
        start = time.perf_counter()
        try:
            yield
        finally:
            _HANDLING.reset(token)
            DISCORD_WAIT.reset(wait_token)
            self.inflight -= 1
            if self.handler_timer is not None:
                self.handler_timer(label, time.perf_counter() - start, waited[0])

    async def dm(self, user_id: int) -> discord.abc.Messageable:
        """The DM channel with a user: created once, then remembered by id (no user look-up, and
        no second "create DM" call per round).

        :raises discord.HTTPException: when Discord refuses to open it.
        """
        cid = self._dm_ids.get(user_id)
        if cid is None:
            channel = await self.create_dm(discord.Object(id=user_id))
            cid = self._dm_ids[user_id] = channel.id
        return self.get_partial_messageable(cid, type=discord.ChannelType.private)

    def next_seed(self) -> int | None:
        """The dice seed for a new match (``None``: a fresh secret one)."""
        return self.fixed_seed

    async def setup_hook(self) -> None:
        """Storage, restored matches, components, cogs, command sync."""
        await self.storage.open()
        # Each game loads what servers keep of it (maps, cards) first: its matches name them.
        self.restored = await self.matches.restore()
        log.info("restored %d active match(es)", self.restored)
        self.add_dynamic_items(*presses.install())
        for ext in (*EXTENSIONS, *(e for f in faces() for e in f.extensions)):
            await self.load_extension(ext)
        self.synced = await self.sync_commands()
        self._guard_interactions()
        crossproc.install(self)  # issue 21: on a shared database, each interaction's match is brought up to date first
        if self.catch_up_hook is not None:
            # Before the gateway connects: what was owed goes out before anything new comes in.
            self.caught_up = await self.catch_up_hook(restarted=True)
        await self.pace.load()
        self.pace.start()  # its first run does what fell due while the bot was down
        await self.leagues.catch_up()  # league matches that ended while their result was not recorded
        if self.tune_gc:
            tune_gc()

    async def sync_commands(self, *, force: bool | None = None) -> bool:
        """Register the slash commands with Discord when they changed since the last sync (or when
        ``force``, by default the ``force_sync`` setting); return whether they were sent.

        :raises discord.HTTPException: when Discord refuses the commands (nothing is remembered,
            so the next start tries again).
        """
        gid = self.settings.discord_guild_id
        guild = discord.Object(id=gid) if gid else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        key = f"commands:{self.application_id}:{gid or 'global'}"
        digest = await self.commands_digest(guild)
        force = self.settings.force_sync if force is None else force
        if not force and await self.storage.get_value(key) == digest:
            log.info("slash commands unchanged since the last sync (%s); not syncing", gid or "global")
            return False
        await self.tree.sync(guild=guild)
        await self.storage.set_value(key, digest)
        log.info("slash commands synced (%s)", gid or "global")
        return True

    async def commands_digest(self, guild: discord.abc.Snowflake | None) -> str:
        """A hash (hex SHA-256) of the command payload a sync to ``guild`` (``None``: global) would send."""
        tree = self.tree
        payload = [await c.get_translated_payload(tree, tree.translator) if tree.translator else c.to_dict(tree)
                   for c in tree.get_commands(guild=guild)]
        payload.sort(key=lambda c: (c.get("type", 1), c.get("name", "")))
        text = json.dumps({"guild": guild.id if guild else None, "commands": payload}, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def _guard_interactions(self) -> None:
        """Turn interactions away once a graceful stop began (answered, never applied)."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def guarded(data: Any) -> None:
            if self.accepting:
                parse(data)
                return
            interaction: discord.Interaction[RefereeBot] = discord.Interaction(data=data, state=self._connection)  # type: ignore[arg-type]
            log.info("interaction %s arrived while stopping; turned away", interaction.id)
            task = asyncio.ensure_future(self._turn_away(interaction))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())

        parsers["INTERACTION_CREATE"] = guarded

    @staticmethod
    async def _turn_away(interaction: discord.Interaction[RefereeBot]) -> None:
        with contextlib.suppress(Exception):
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                await interaction.response.send_message(STOPPING, ephemeral=True)

    async def shutdown(self, grace: float = SHUTDOWN_GRACE) -> None:
        """Stop gracefully: turn new interactions away, let running handlers finish (``grace``
        seconds at most), then :meth:`close` (outbox flushed, gateway and database closed).
        Calling it again while it runs waits for the same stop."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._shutdown(grace))
        await asyncio.shield(self._stopping)

    async def _shutdown(self, grace: float) -> None:
        self.accepting = False
        log.info("stopping: waiting for %d running handler(s)", self.inflight)
        await self._drain(grace)
        await self.close()
        log.info("stopped")

    async def _drain(self, grace: float) -> None:
        """Wait until no handler runs, ``grace`` seconds at most."""
        deadline = time.monotonic() + grace
        while self.inflight and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        if self.inflight:
            log.warning("%d handler(s) still running after %.0f s; closing anyway", self.inflight, grace)

    async def close(self) -> None:
        """Let running handlers finish (a few seconds at most), flush the outbox, disconnect, finish
        snapshot writes, close storage."""
        if self.is_closed():
            return
        await self._drain(5.0)
        await self.pace.stop()
        if self.catch_up_hook is not None and self.is_ready():
            try:
                await self.catch_up_hook(restarted=False)
            except Exception:
                log.exception("cannot flush the outbox; a restart delivers it")
        try:
            await super().close()
        finally:
            await self.matches.flush()
            await self.storage.close()
