"""The user side of the fake Discord, over HTTP: what a Discord client app would do, for the sandbox page.

Routes (all under ``/client``; the user is named by the ``X-Fake-User`` header or a ``user`` query
parameter, a user id; an unknown or missing user is ``401``):

- ``GET  /client/api/players``: the guild's members a person may play as (no user needed).
- ``GET  /client/api/world``: the guild, the channels and threads the user sees, their DM channel,
  the users, the server's roles, the bot, whether it is connected, and the chat-input commands it
  registered (those usable in the guild, and ``dm_commands``: the global ones, the only ones a DM
  offers).
- ``GET  /client/api/channels/{id}/messages``: the messages of a channel the user sees, oldest first.
- ``POST /client/api/channels/{id}/messages`` ``{"content"}``: post a plain message as the user.
- ``POST /client/api/commands`` ``{"channel_id", "name", "subcommand", "options"}``: run a slash command.
- ``POST /client/api/autocomplete``: the same plus ``"focused"``; answers ``{"choices": [...]}``.
- ``POST /client/api/components`` ``{"message_id", "custom_id", "values"?}``: press a button or pick
  in a select menu of a message the user sees.
- ``POST /client/api/uploads?filename=NAME`` (body: the file's bytes): upload a file as the user, as
  a Discord client does before sending a command with an attachment option; answers ``{"id",
  "filename", "size"}``, the id to give as that option's value. Over :data:`UPLOAD_LIMIT` bytes is
  ``413``, as Discord refuses a file over its size limit.
- ``POST /client/api/restart``: restart the bot (when the runner gave a way to).
- ``GET  /client/api/attachments/{id}/{filename}``: a file of a message the user sees.
- ``GET  /client/gateway`` (websocket): ``{"t": "STATE", "d": {"world", "bot_online", "channels"}}``
  whenever something the user sees changes (``channels`` maps channel ids to stamps).

Hidden information stays hidden: every answer passes through :mod:`.userview`, so one user's
ephemeral replies and DMs are never served to another. Bad input is ``400 {"message": ...}`` saying
what is wrong; a command or component the bot does not acknowledge in time answers ``{"ok": false,
"error": "The application did not respond"}``, as Discord's client shows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .models import FakeChannel, FakeUser
from .options import CommandUsageError
from .records import ANY, FakeDiscordTimeout, InteractionRecord
from .userview import (
    can_see_channel,
    can_see_message,
    channel_stamp,
    channel_view,
    message_of_attachment,
    message_view,
    user_view,
    visible_messages,
)
from .util import ATTACHMENT_SIZE_LIMIT

if TYPE_CHECKING:
    from .server import FakeDiscord

#: Seconds a command or component waits for the bot's acknowledgement before "did not respond".
ACK_TIMEOUT = 10.0
#: The gateway re-checks what a user sees at least this often (seconds), for deletions.
RECHECK = 1.5
ATTACHMENT_URL = "/client/api/attachments/{id}/{filename}"
#: Bytes one uploaded file may have: the fake's Discord limit, the one slash-command uploads obey.
UPLOAD_LIMIT = ATTACHMENT_SIZE_LIMIT

Restart = Callable[[], Awaitable[None]]
_SUB = (1, 2)
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)


class BadRequest(Exception):
    """Input a user could not send from a Discord client; answered ``400 {"message": ...}``."""


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"message": message}, status=status)


def command_schema(command: dict[str, Any], subcommand: str | None) -> list[dict[str, Any]]:
    """The option schema of ``/command [group] sub``.

    :raises BadRequest: when the subcommand does not exist or one is needed.
    """
    options: list[dict[str, Any]] = command.get("options") or []
    for word in (subcommand or "").split():
        node = next((o for o in options if o["name"] == word and o["type"] in _SUB), None)
        if node is None:
            raise BadRequest(f"/{command['name']} has no subcommand {word!r}")
        options = node.get("options") or []
    if any(o["type"] in _SUB for o in options):
        raise BadRequest(f"/{command['name']} needs a subcommand")
    return options


def coerce_options(
    schema: list[dict[str, Any]], given: dict[str, Any], focused: str | None = None
) -> dict[str, Any]:
    """Turn the page's option values (strings from text boxes) into the types the command declares:
    whole numbers, numbers, booleans, or ids for users, channels and roles. Empty values are left
    out. For autocomplete (``focused`` set) the focused value stays text, and values that do not
    convert are dropped (the user is still typing).

    :raises BadRequest: naming the option and what it wants, when a value does not convert.
    """
    types = {o["name"]: o["type"] for o in schema}
    result: dict[str, Any] = {}
    for name, raw in given.items():
        if name not in types:
            raise BadRequest(f"there is no option {name!r}; the options are {', '.join(types) or 'none'}")
        if raw is None or raw == "":
            continue
        if name == focused:
            result[name] = str(raw)
            continue
        try:
            result[name] = _convert(types[name], raw)
        except (TypeError, ValueError):
            if focused is None:
                raise BadRequest(f"option {name!r} wants {_WANTS.get(types[name], 'text')}, not {raw!r}") from None
    return result


_WANTS = {
    INTEGER: "a whole number",
    NUMBER: "a number",
    BOOLEAN: "true or false",
    USER: "a user",
    CHANNEL: "a channel",
    ROLE: "a role",
    MENTIONABLE: "a user or role",
    ATTACHMENT: "a file chosen with the file picker (an uploaded file's id)",
}


def _convert(kind: int, raw: Any) -> Any:
    if kind == INTEGER:
        if isinstance(raw, bool) or not str(raw).strip().lstrip("-").isdigit():
            raise ValueError(raw)
        return int(raw)
    if kind == NUMBER:
        return float(raw)
    if kind == BOOLEAN:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text not in ("true", "false"):
            raise ValueError(raw)
        return text == "true"
    if kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        return int(str(raw).strip("<@#&!>"))
    if kind == ATTACHMENT:
        # An id from ``POST /uploads``: a typed path is no file, as in a Discord client.
        if not str(raw).strip().isdigit():
            raise ValueError(raw)
        return int(str(raw).strip())
    return str(raw)


class UserApi:
    """The routes of the module docstring, for one guild of ``fake``. ``restart`` (optional) restarts
    the bot and returns once it is connected again."""

    def __init__(self, fake: FakeDiscord, guild_id: int, *, restart: Restart | None = None) -> None:
        self.fake = fake
        self.guild_id = guild_id
        self.restart = restart

    def install(self, app: web.Application) -> None:
        """Add the routes to ``app`` (a plugin for :meth:`FakeDiscord.start`)."""
        api = "/client/api"
        app.router.add_get(api + "/players", self.players)
        app.router.add_get(api + "/world", self.world)
        app.router.add_get(api + "/channels/{channel_id}/messages", self.messages)
        app.router.add_post(api + "/channels/{channel_id}/messages", self.post_message)
        app.router.add_post(api + "/commands", self.command)
        app.router.add_post(api + "/autocomplete", self.autocomplete)
        app.router.add_post(api + "/components", self.component)
        app.router.add_post(api + "/uploads", self.upload)
        app.router.add_post(api + "/restart", self.restart_bot)
        app.router.add_get(api + "/attachments/{attachment_id}/{filename}", self.attachment)
        app.router.add_get("/client/gateway", self.gateway)

    # -- who and what ------------------------------------------------------------------------

    def _user(self, request: web.Request) -> FakeUser:
        raw = request.headers.get("X-Fake-User") or request.query.get("user", "")
        user = self.fake.users.get(int(raw)) if raw.isdigit() else None
        if user is None or user.bot or user.id not in self.fake.guilds[self.guild_id].members:
            raise web.HTTPUnauthorized(
                text=json.dumps({"message": "pick a user of the sandbox server first"}),
                content_type="application/json",
            )
        return user

    def _channel(self, user: FakeUser, raw: Any) -> FakeChannel:
        channel = self.fake.channels.get(int(raw)) if str(raw).isdigit() else None
        if channel is None or not can_see_channel(self.fake, user, channel):
            raise BadRequest(f"there is no channel {raw} that {user.name} can see")
        return channel

    def _commands(self, *, in_dm: bool = False) -> list[dict[str, Any]]:
        """The chat-input commands usable in the guild (its own and the global ones), or in a DM
        (global ones only: Discord offers a guild's commands in that guild alone)."""
        found: dict[str, dict[str, Any]] = {}
        for scope in (None,) if in_dm else (None, self.guild_id):
            for (name, kind), command in self.fake.commands.get(scope, {}).items():
                if kind == 1:
                    found[name] = command
        return sorted(found.values(), key=lambda c: c["name"])

    def _command(self, name: str, channel: FakeChannel) -> dict[str, Any]:
        command = next((c for c in self._commands(in_dm=channel.is_dm) if c["name"] == name), None)
        if command is None and channel.is_dm and any(c["name"] == name for c in self._commands()):
            guild = self.fake.guilds[self.guild_id].name
            raise BadRequest(f"/{name} works in the channels of {guild}, not in DMs")
        if command is None:
            raise BadRequest(f"the bot has no slash command /{name}")
        return command

    def world_view(self, user: FakeUser) -> dict[str, Any]:
        """The ``/world`` answer for ``user`` (see the module docstring)."""
        fake = self.fake
        guild = fake.guilds[self.guild_id]
        channels = [channel_view(c) for c in guild.channels.values() if can_see_channel(fake, user, c)]
        dm = fake.dm_channel(user, create=True)
        assert dm is not None
        members = [fake.users[uid] for uid in guild.members]
        return {
            "me": user_view(user),
            "guild": {"id": str(guild.id), "name": guild.name},
            "channels": channels,
            "dm": {**channel_view(dm), "name": fake.bot_user.name},
            "users": [user_view(u) for u in members],
            # The server's roles (for role options and role mentions), highest first.
            "roles": [{"id": str(r.id), "name": r.name}
                      for r in sorted(guild.roles.values(), key=lambda r: -r.position)],
            "bot": user_view(fake.bot_user),
            "bot_online": fake.gateway.target(self.guild_id) is not None,
            "commands": self._commands(),
            "dm_commands": self._commands(in_dm=True),
        }

    def state_view(self, user: FakeUser) -> dict[str, Any]:
        """What the gateway pushes: a stamp of the world, whether the bot is connected, and a stamp per
        channel the user sees."""
        world = self.world_view(user)
        stamp = json.dumps([world["channels"], [c.get("version") for c in world["commands"]]])
        channels = {
            str(c.id): channel_stamp(self.fake, user, c)
            for c in self.fake.channels.values()
            if can_see_channel(self.fake, user, c)
        }
        return {"world": str(hash(stamp)), "bot_online": world["bot_online"], "channels": channels}

    # -- reading -----------------------------------------------------------------------------

    async def players(self, request: web.Request) -> web.Response:
        """``GET /client/api/players``: the guild's human members (:func:`user_view`), the page's user list."""
        guild = self.fake.guilds[self.guild_id]
        people = [self.fake.users[uid] for uid in guild.members]
        return web.json_response([user_view(u) for u in people if not u.bot and u is not self.fake.owner])

    async def world(self, request: web.Request) -> web.Response:
        """``GET /client/api/world``."""
        return web.json_response(self.world_view(self._user(request)))

    async def messages(self, request: web.Request) -> web.Response:
        """``GET /client/api/channels/{id}/messages``; 400 for a channel the user cannot see."""
        user = self._user(request)
        try:
            channel = self._channel(user, request.match_info["channel_id"])
        except BadRequest as exc:
            return _error(400, str(exc))
        url = ATTACHMENT_URL + f"?user={user.id}"
        return web.json_response(
            [message_view(self.fake, m, url) for m in visible_messages(self.fake, user, channel)]
        )

    async def attachment(self, request: web.Request) -> web.Response:
        """``GET /client/api/attachments/{id}/{filename}``: 404 unless a message the user sees carries it."""
        user = self._user(request)
        raw = request.match_info["attachment_id"]
        attachment = self.fake.attachments.get(int(raw)) if raw.isdigit() else None
        message = message_of_attachment(self.fake, attachment) if attachment else None
        if attachment is None or message is None or not can_see_message(self.fake, user, message):
            return _error(404, "no such file")
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    # -- acting ------------------------------------------------------------------------------

    async def _body(self, request: web.Request) -> dict[str, Any]:
        try:
            data = await request.json()
        except ValueError:
            raise BadRequest("the request body must be a JSON object") from None
        if not isinstance(data, dict):
            raise BadRequest("the request body must be a JSON object")
        return data

    async def _answer(self, record: InteractionRecord) -> web.Response:
        try:
            await record.wait_ack(timeout=ACK_TIMEOUT)
        except FakeDiscordTimeout:
            return web.json_response({"ok": False, "error": "The application did not respond"})
        return web.json_response({"ok": True, "interaction_id": str(record.id)})

    async def _act(self, request: web.Request, act: Callable[[FakeUser, dict[str, Any]], Awaitable[Any]]) -> Any:
        user = self._user(request)
        try:
            return await act(user, await self._body(request))
        except (BadRequest, CommandUsageError) as exc:
            return _error(400, str(exc))
        except FakeDiscordTimeout:
            return _error(503, "the bot is not connected; wait a moment and try again")

    async def command(self, request: web.Request) -> web.Response:
        """``POST /client/api/commands``: run a slash command as the user, answered once the bot
        acknowledged it."""

        async def act(user: FakeUser, body: dict[str, Any]) -> web.Response:
            channel = self._channel(user, body.get("channel_id"))
            command = self._command(str(body.get("name") or ""), channel)
            sub = body.get("subcommand") or None
            options = coerce_options(command_schema(command, sub), dict(body.get("options") or {}))
            record = await self.fake.slash(user, channel, command["name"], sub, options)
            return await self._answer(record)

        return await self._act(request, act)  # type: ignore[no-any-return]

    async def autocomplete(self, request: web.Request) -> web.Response:
        """``POST /client/api/autocomplete``: the bot's choices for the focused option."""

        async def act(user: FakeUser, body: dict[str, Any]) -> web.Response:
            channel = self._channel(user, body.get("channel_id"))
            command = self._command(str(body.get("name") or ""), channel)
            sub = body.get("subcommand") or None
            focused = str(body.get("focused") or "")
            given = dict(body.get("options") or {})
            given.setdefault(focused, "")
            options = coerce_options(command_schema(command, sub), given, focused)
            options.setdefault(focused, "")
            choices = await self.fake.autocomplete(
                user, channel, command["name"], sub, options, focused=focused, timeout=ACK_TIMEOUT
            )
            return web.json_response({"choices": choices})

        return await self._act(request, act)  # type: ignore[no-any-return]

    async def component(self, request: web.Request) -> web.Response:
        """``POST /client/api/components``: press a button (no ``values``) or pick ``values`` in a select
        menu of a message the user sees."""

        async def act(user: FakeUser, body: dict[str, Any]) -> web.Response:
            raw = str(body.get("message_id") or "")
            message = self.fake.messages.get(int(raw)) if raw.isdigit() else None
            if message is None or not can_see_message(self.fake, user, message):
                raise BadRequest(f"there is no message {raw} that {user.name} can see")
            custom_id = str(body.get("custom_id") or "")
            if "values" in body:
                record = await self.fake.select(user, message, custom_id, list(body.get("values") or []))
            else:
                record = await self.fake.click(user, message, custom_id)
            return await self._answer(record)

        return await self._act(request, act)  # type: ignore[no-any-return]

    async def post_message(self, request: web.Request) -> web.Response:
        """``POST /client/api/channels/{id}/messages``: a plain message from the user."""

        async def act(user: FakeUser, body: dict[str, Any]) -> web.Response:
            channel = self._channel(user, request.match_info["channel_id"])
            content = str(body.get("content") or "").strip()
            if not content:
                raise BadRequest("write something first: an empty message cannot be sent")
            message = await self.fake.post_message(user, channel, content[:2000])
            return web.json_response({"ok": True, "id": str(message.id)})

        return await self._act(request, act)  # type: ignore[no-any-return]

    async def upload(self, request: web.Request) -> web.Response:
        """``POST /client/api/uploads?filename=NAME``: store the body as a file the user may attach to
        a command (``413`` over :data:`UPLOAD_LIMIT` bytes, ``400`` without a file name or bytes)."""
        self._user(request)
        filename = (request.query.get("filename") or "").replace("/", "_").replace("\\", "_").strip()
        if not filename:
            return _error(400, "the upload needs a file name (?filename=NAME)")
        if request.content_length is not None and request.content_length > UPLOAD_LIMIT:
            return _error(413, f"{filename} is over Discord's upload limit of {UPLOAD_LIMIT} bytes per file")
        data = await request.content.read(UPLOAD_LIMIT + 1)
        if len(data) > UPLOAD_LIMIT:
            return _error(413, f"{filename} is over Discord's upload limit of {UPLOAD_LIMIT} bytes per file")
        if not data:
            return _error(400, f"{filename} is empty")
        attachment = self.fake.store_bytes(filename, data)
        return web.json_response({"id": str(attachment.id), "filename": attachment.filename, "size": attachment.size})

    async def restart_bot(self, request: web.Request) -> web.Response:
        """``POST /client/api/restart``: restart the bot; 501 when this fake has no bot runner."""
        self._user(request)
        if self.restart is None:
            return _error(501, "this fake Discord does not run the bot itself, so it cannot restart it")
        await self.restart()
        return web.json_response({"ok": True})

    # -- pushing changes ---------------------------------------------------------------------

    def _cheap_key(self) -> tuple[int, ...]:
        fake = self.fake
        return (
            len(fake.sent),
            len(fake.messages),
            len(fake.channels),
            len(fake.gateway.sessions),
            int(fake.gateway.target(self.guild_id) is not None),
            sum(len(c) for c in fake.commands.values()),
        )

    async def _push(self, ws: web.WebSocketResponse, user: FakeUser) -> None:
        last: dict[str, Any] | None = None
        while not ws.closed:
            key = self._cheap_key()
            state = self.state_view(user)
            if state != last:
                await ws.send_str(json.dumps({"t": "STATE", "d": state}))
                last = state
            with contextlib.suppress(FakeDiscordTimeout):
                await self.fake.notifier.wait_for(
                    ANY, lambda k=key: self._cheap_key() != k or None, RECHECK, "a change"  # type: ignore[misc]
                )

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        """``GET /client/gateway``: a websocket that pushes ``STATE`` frames (module docstring)."""
        user = self._user(request)
        ws = web.WebSocketResponse(heartbeat=20.0)
        await ws.prepare(request)
        pusher = asyncio.create_task(self._push(ws, user))
        try:
            async for _ in ws:
                pass
        finally:
            pusher.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError, RuntimeError):
                await pusher
        return ws
