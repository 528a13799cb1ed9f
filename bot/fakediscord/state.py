"""The fake's state and the parts of its API that do not act as a user.

``FakeState`` holds the world (users, guilds, channels, messages, commands, interactions), builds it
(``create_guild``, ``create_channel``, ``create_thread``, ``create_user``...), configures failures
(``close_dms``, ``expire_next_interaction``, ``fail_next``, ``deny_bot_permissions``,
``archive_thread``), answers queries about what the bot sent and waits for
changes (``wait_for_message``, ``wait_for_dm``, ``wait_until``...). ``FakeDiscord`` adds the server.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from .gateway import GATEWAY_TOPIC, Gateway, GatewaySession
from .models import (
    DM,
    GUILD_TEXT,
    PUBLIC_THREAD,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Visibility,
)
from .ratelimit import RateLimitHit, RateLimits
from .records import ANY, InteractionRecord, Notifier, SentPayload, UnknownRoute, channel_topic
from .util import (
    ALL_PERMISSIONS,
    API_PREFIX,
    UploadedFile,
    error_response,
    guess_content_type,
    iso_now,
    new_snowflake,
    png_size,
    snowflake_on_shard,
)

T = TypeVar("T")
#: Seconds Discord gives a bot to send the initial response to an interaction.
DEADLINE = 3.0
#: Permissions of ``@everyone`` in fake guilds: view channels, send messages, use application commands.
EVERYONE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 31)


@dataclass
class InjectedFailure:
    """A failure answered instead of the real route (see :meth:`FakeDiscord.fail_next`)."""

    method: str
    pattern: re.Pattern[str]
    status: int
    code: int
    message: str
    times: int

    def response(self) -> web.Response:
        """The Discord error response (status, code, message) this failure answers with."""
        return error_response(self.status, self.code, self.message)


class FakeState:
    """State, world building, failure switches, queries and waits (see the module docstring).

    :param message_events: also send ``MESSAGE_CREATE/UPDATE/DELETE`` for non-ephemeral messages.
    :param store_attachment_bytes: keep uploaded bytes (turn off to save memory in benchmarks).
    :param default_timeout: seconds every ``wait_*`` helper waits unless told otherwise.
    :param callback_deadline: callbacks later than this many seconds after the interaction was sent get
        ``404 10062``, like Discord's 3 s (the default); ``None`` turns the deadline off (benchmarks, or a
        test that must stall a handler on purpose, say so explicitly).
    :param shard_count: what ``GET /gateway/bot`` recommends.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Referee",
        message_events: bool = True,
        store_attachment_bytes: bool = True,
        default_timeout: float = 5.0,
        callback_deadline: float | None = DEADLINE,
        shard_count: int = 1,
    ) -> None:
        self.message_events = message_events
        self.store_attachment_bytes = store_attachment_bytes
        self.default_timeout = default_timeout
        self.callback_deadline = callback_deadline
        self.shard_count = shard_count
        self.notifier = Notifier()
        self.application_id = new_snowflake()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.owner = FakeUser(new_snowflake(), "app-owner")
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self._message_order: list[FakeMessage] = []
        self.attachments: dict[int, FakeAttachment] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        #: Registered application commands: scope (guild id, or None for global) -> (name, type) -> command.
        self.commands: dict[int | None, dict[tuple[str, int], dict[str, Any]]] = {}
        self.sent: list[SentPayload] = []
        self.unknown_routes: list[UnknownRoute] = []
        self.server_errors: list[str] = []
        self.requests: list[tuple[str, str, int]] = []
        self.gateway = Gateway(self)
        self.host = "127.0.0.1"
        self.port = 0
        self._expire_next = 0
        self._injected: list[InjectedFailure] = []
        #: Rate limits configured by the test, and every 429 answered (``rate_limits.hits``).
        self.rate_limits = RateLimits()
        #: When set, the only token accepted: REST answers others ``401`` (discord.py: ``LoginFailure``)
        #: and the gateway closes an IDENTIFY with another token with 4004.
        self.bot_token: str | None = None
        self._background: set[asyncio.Task[Any]] = set()

    @property
    def base_url(self) -> str:
        """``http://host:port`` of the running fake (port 0 before it starts)."""
        return f"http://{self.host}:{self.port}"

    @property
    def api_url(self) -> str:
        """The REST base URL: ``base_url`` plus the ``/api/v10`` prefix."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The ``ws://host:port/gateway`` URL handed out by ``GET /gateway``."""
        return f"ws://{self.host}:{self.port}/gateway"

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _tell_bot(self, event: str, data: Any, guild_id: int | None) -> None:
        """Send a gateway event about a change made by the test, if a bot is connected."""
        with contextlib.suppress(RuntimeError):  # no running loop: nothing can be connected
            if self.gateway.target(guild_id) is not None:
                self._spawn(self.gateway.dispatch_event(event, data, guild_id))

    # -- building the world ------------------------------------------------------------------

    def create_guild(self, name: str = "Test Guild", *, owner: FakeUser | None = None,
                     shard: tuple[int, int] | None = None) -> FakeGuild:
        """A guild with an ``@everyone`` role; the bot is a member. ``shard=(shard_id, shard_count)``
        gives it an id that Discord's shard formula puts on that shard."""
        gid = new_snowflake() if shard is None else snowflake_on_shard(*shard)
        guild = FakeGuild(gid, name, (owner or self.owner).id)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild.id)
        self.guilds[guild.id] = guild
        self._tell_bot("GUILD_CREATE", guild.payload(), guild.id)
        return guild

    def create_channel(self, guild: FakeGuild, name: str = "general") -> FakeChannel:
        """A text channel in ``guild``."""
        channel = FakeChannel(
            new_snowflake(), GUILD_TEXT, name, guild_id=guild.id, position=len(guild.channels)
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._tell_bot("CHANNEL_CREATE", channel.payload(), guild.id)
        return channel

    def add_thread(
        self,
        parent: FakeChannel,
        name: str,
        kind: int,
        *,
        thread_id: int | None = None,
        owner: FakeUser | None = None,
        auto_archive_duration: int = 1440,
    ) -> FakeChannel:
        """A thread under ``parent``, owned by ``owner`` (default: the bot), who is its first member.

        Used by the thread routes; it tells the bot nothing (see :meth:`create_thread` for that).
        """
        assert parent.guild_id is not None
        by = owner or self.bot_user
        thread = FakeChannel(
            thread_id or new_snowflake(),
            kind,
            name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=by.id,
            auto_archive_duration=auto_archive_duration,
        )
        thread.thread_members.add(by.id)
        self.guilds[parent.guild_id].channels[thread.id] = thread
        self.channels[thread.id] = thread
        self.notifier.notify(channel_topic(parent))
        return thread

    def create_thread(
        self, parent: FakeChannel, name: str, *, owner: FakeUser, kind: int = PUBLIC_THREAD
    ) -> FakeChannel:
        """A thread a user opened from ``parent`` (the bot hears ``THREAD_CREATE``, as on Discord)."""
        thread = self.add_thread(parent, name, kind, owner=owner)
        self._tell_bot("THREAD_CREATE", {**thread.payload(), "newly_created": True}, parent.guild_id)
        return thread

    def archive_thread(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """Archive ``thread`` (as Discord does after its inactivity period, or a moderator); a locked
        thread stays archived when the bot posts in it (``400 {"code": 50083}``), an unlocked one is
        unarchived by the post. The bot hears ``THREAD_UPDATE``."""
        if not thread.is_thread:
            raise ValueError(f"channel {thread.id} is not a thread")
        thread.archived, thread.locked, thread.archive_timestamp = True, locked, iso_now()
        self.notifier.notify(channel_topic(thread))
        self._tell_bot("THREAD_UPDATE", thread.payload(), thread.guild_id)

    def deny_bot_permissions(self, channel: FakeChannel, permissions: int) -> None:
        """From now on the bot lacks ``permissions`` (bits, e.g. ``CREATE_PUBLIC_THREADS``) in
        ``channel`` and its threads: interactions there carry ``app_permissions`` without them, and
        the routes that need them answer ``403 {"code": 50013, "message": "Missing Permissions"}``."""
        channel.bot_denied |= permissions

    def allow_bot_permissions(self, channel: FakeChannel, permissions: int) -> None:
        """Undo :meth:`deny_bot_permissions` for these bits."""
        channel.bot_denied &= ~permissions

    def bot_permissions(self, channel: FakeChannel) -> int:
        """The bot's permission bits in ``channel`` (a thread also loses what its parent denies)."""
        denied = channel.bot_denied
        parent = self.channels.get(channel.parent_id) if channel.parent_id else None
        if parent is not None:
            denied |= parent.bot_denied
        return int(ALL_PERMISSIONS) & ~denied

    def create_user(
        self,
        name: str,
        *,
        guilds: list[FakeGuild] | None = None,
        global_name: str | None = None,
        locale: str = "en-US",
    ) -> FakeUser:
        """A user, made a member of ``guilds`` (default: every guild that exists now)."""
        user = FakeUser(new_snowflake(), name, global_name=global_name, locale=locale)
        self.users[user.id] = user
        for guild in self.guilds.values() if guilds is None else guilds:
            self.add_member(guild, user)
        return user

    def add_member(
        self, guild: FakeGuild, user: FakeUser, *, roles: list[FakeRole] | None = None
    ) -> FakeMember:
        """Make ``user`` a member of ``guild`` with ``roles``, tell a connected bot
        (``GUILD_MEMBER_ADD``) and return the member."""
        member = FakeMember(user, guild.id, [r.id for r in roles or []])
        guild.members[user.id] = member
        self._tell_bot("GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)}, guild.id)
        return member

    def create_role(self, guild: FakeGuild, name: str, permissions: int = 0) -> FakeRole:
        """Add a role to ``guild`` with the ``permissions`` bit field, positioned above the existing roles;
        the bot is not told."""
        role = FakeRole(new_snowflake(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def dm_channel(self, user: FakeUser, *, create: bool = False) -> FakeChannel | None:
        """The DM channel between the bot and ``user`` (created on demand, like the REST route)."""
        channel = self.dm_channels.get(user.id)
        if channel is None and create:
            channel = FakeChannel(new_snowflake(), DM, "", recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def store_upload(
        self, upload: UploadedFile, *, filename: str | None = None, description: str | None = None
    ) -> FakeAttachment:
        """Store an uploaded file as an attachment served at ``/attachments/{id}/{filename}``."""
        return self.store_bytes(filename or upload.filename, upload.data, description=description)

    def store_bytes(self, filename: str, data: bytes, *, description: str | None = None) -> FakeAttachment:
        """Store ``data`` as an attachment served at ``/attachments/{id}/{filename}``; PNG width and height
        (pixels) are read from the data, ``size`` is its length in bytes. The bytes themselves are dropped
        when ``store_attachment_bytes`` is off."""
        ident = new_snowflake()
        size = png_size(data)
        attachment = FakeAttachment(
            id=ident,
            filename=filename,
            data=data if self.store_attachment_bytes else b"",
            content_type=guess_content_type(filename),
            url=f"{self.base_url}/attachments/{ident}/{filename}",
            description=description,
            width=size[0] if size else None,
            height=size[1] if size else None,
            size=len(data),
        )
        self.attachments[ident] = attachment
        return attachment

    # -- failures ----------------------------------------------------------------------------

    def close_dms(self, user: FakeUser) -> None:
        """From now on DMs to ``user`` fail with ``403 {"code": 50007}``."""
        user.dms_open = False

    def open_dms(self, user: FakeUser) -> None:
        """Undo :meth:`close_dms`: DMs to ``user`` succeed again."""
        user.dms_open = True

    def expire_next_interaction(self, count: int = 1) -> None:
        """The next ``count`` interactions answer every callback with ``404 {"code": 10062}``."""
        self._expire_next += count

    def fail_next(
        self,
        method: str,
        path_pattern: str,
        *,
        status: int,
        code: int,
        message: str = "Injected failure",
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` requests whose path matches ``path_pattern`` (a regex searched in
        the path, e.g. ``r"/channels/\\d+/messages$"``) with this error instead of serving them."""
        self._injected.append(
            InjectedFailure(method.upper(), re.compile(path_pattern), status, code, message, times)
        )

    def rate_limit(self, method: str, path_pattern: str, *, limit: int, per: float) -> None:
        """From now on allow ``limit`` requests per ``per`` seconds on matching routes (``path_pattern``
        a regex searched in the path), per channel, guild or webhook; headers and 429s as Discord's
        (see :mod:`.ratelimit`)."""
        self.rate_limits.limit(method, path_pattern, limit=limit, per=per)

    def rate_limit_next(
        self, method: str, path_pattern: str, *, retry_after: float, is_global: bool = False, times: int = 1
    ) -> None:
        """Answer the next ``times`` matching requests with ``429`` and ``retry_after`` seconds."""
        self.rate_limits.next(method, path_pattern, retry_after=retry_after, is_global=is_global, times=times)

    @property
    def rate_limited(self) -> list[RateLimitHit]:
        """Every ``429`` the fake answered, in order."""
        return self.rate_limits.hits

    def take_injected_failure(self, method: str, path: str) -> InjectedFailure | None:
        """The first injected failure whose method (or ``"*"``) and path pattern match, using up one of
        its ``times`` (removed at zero), or ``None`` to serve the request normally."""
        for failure in self._injected:
            if failure.method in (method, "*") and failure.pattern.search(path):
                failure.times -= 1
                if failure.times <= 0:
                    self._injected.remove(failure)
                return failure
        return None

    # -- looking at what happened ------------------------------------------------------------

    def find_command(self, name: str, guild_id: int | None = None) -> dict[str, Any] | None:
        """The registered chat-input command ``name`` (guild command first, then global)."""
        for scope in (guild_id, None) if guild_id is not None else (None,):
            command = self.commands.get(scope, {}).get((name, 1))
            if command is not None:
                return command
        return None

    def add_message(self, message: FakeMessage) -> None:
        """Store a new message (ids only grow, so the creation order is the id order)."""
        self.messages[message.id] = message
        self._message_order.append(message)

    def messages_since(self, floor: int = 0) -> list[FakeMessage]:
        """Every stored message (deleted and ephemeral ones included) with an id above ``floor``."""
        return self._message_order[bisect.bisect_right(self._message_order, floor, key=lambda m: m.id) :]

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        """Messages in the bot's DM channel with ``user``, oldest first."""
        channel = self.dm_channel(user)
        return channel.history() if channel else []

    def threads(self, parent: FakeChannel | None = None) -> list[FakeChannel]:
        """Every thread (archived ones included), or only those of ``parent``, oldest first."""
        return [
            c for c in self.channels.values() if c.is_thread and (parent is None or c.parent_id == parent.id)
        ]

    def payloads(self, visibility: Visibility | None = None) -> list[SentPayload]:
        """Everything the bot sent that users can see, optionally only one visibility."""
        return [p for p in self.sent if visibility is None or p.visibility == visibility]

    def public_payloads(self) -> list[SentPayload]:
        """Every payload the bot sent with ``"public"`` visibility, in order."""
        return self.payloads("public")

    def public_text(self, *, custom_ids: bool = True) -> str:
        """All text of all public payloads, for "does any public message reveal X" checks."""
        return "\n".join(p.text(custom_ids=custom_ids) for p in self.public_payloads())

    # -- waiting -----------------------------------------------------------------------------

    async def wait_until(
        self, check: Callable[[], T | None], *, timeout: float | None = None, description: str = "a condition"
    ) -> T:
        """Wait until ``check()`` is truthy (re-checked on every change and every 50 ms); return it."""
        return await self.notifier.wait_for(ANY, check, self._timeout(timeout), description)

    async def wait_ready(self, timeout: float | None = None) -> GatewaySession:
        """Wait until a bot has identified and received READY and its GUILD_CREATEs."""
        return await self.notifier.wait_for(
            GATEWAY_TOPIC, lambda: self.gateway.target(None), self._timeout(timeout), "a bot to connect"
        )

    async def wait_for_command(
        self, name: str, *, guild_id: int | None = None, timeout: float | None = None
    ) -> dict[str, Any]:
        """Wait until the bot registered the slash command ``name`` (globally or in ``guild_id``)."""
        return await self.notifier.wait_for(
            "commands",
            lambda: self.find_command(name, guild_id),
            self._timeout(timeout),
            f"command /{name} to be registered",
        )

    async def wait_for_message(
        self,
        check: Callable[[FakeMessage], bool] | None = None,
        *,
        channel: FakeChannel | None = None,
        after: FakeMessage | int | None = None,
        include_ephemeral: bool = False,
        timeout: float | None = None,
    ) -> FakeMessage:
        """The oldest present message (in ``channel``, or anywhere) newer than ``after`` that satisfies
        ``check``, waiting for it if needed. Edits count: a message that starts matching is found."""
        floor = after.id if isinstance(after, FakeMessage) else (after or 0)

        def find() -> FakeMessage | None:
            """The first qualifying message, or ``None`` yet."""
            pool = (
                channel.history(include_ephemeral=include_ephemeral)
                if channel
                else self.messages_since(floor)
            )
            for message in pool:
                visible = not message.deleted and (include_ephemeral or not message.ephemeral)
                if message.id > floor and visible and (check is None or check(message)):
                    return message
            return None

        topic = channel_topic(channel) if channel else ANY
        where = f"in #{channel.name or channel.id}" if channel else "anywhere"
        return await self.notifier.wait_for(
            topic, find, self._timeout(timeout), f"a matching message {where}"
        )

    async def wait_for_dm(
        self,
        user: FakeUser,
        check: Callable[[FakeMessage], bool] | None = None,
        *,
        after: FakeMessage | int | None = None,
        timeout: float | None = None,
    ) -> FakeMessage:
        """The oldest DM to ``user`` newer than ``after`` satisfying ``check``, waiting if needed."""
        floor = after.id if isinstance(after, FakeMessage) else (after or 0)

        def find() -> FakeMessage | None:
            """The first qualifying DM, or ``None`` yet."""
            return next(
                (m for m in self.dm_messages(user) if m.id > floor and (check is None or check(m))), None
            )

        return await self.notifier.wait_for(ANY, find, self._timeout(timeout), f"a DM to {user.name}")

    def _timeout(self, timeout: float | None) -> float:
        return self.default_timeout if timeout is None else timeout
