"""REST routes of the fake under ``/api/v10``: application, users, DMs, guilds, channels, messages,
threads and application commands (interaction callbacks and webhooks are in ``rest_interactions``).

Unknown routes are recorded in ``fake.unknown_routes`` and answered 404; injected failures
(``fake.fail_next``) and crashes inside the fake are handled by the middleware (a crash answers 400,
not 500, because discord.py retries 5xx for many seconds, and is recorded in ``fake.server_errors``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .messages import create_message, delete_message, edit_message, is_empty
from .models import GUILD_TEXT, PRIVATE_THREAD, PUBLIC_THREAD, FakeChannel, FakeMessage
from .records import SentPayload, UnknownRoute
from .util import (
    ALL_PERMISSIONS,
    ATTACH_FILES,
    CANNOT_DM,
    CANNOT_EDIT_OTHERS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    EMPTY_MESSAGE,
    INVALID_FORM_BODY,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    THREAD_ARCHIVED,
    UNKNOWN_CHANNEL,
    UNKNOWN_COMMAND,
    UNKNOWN_GUILD,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    VIEW_CHANNEL,
    WRONG_CHANNEL_TYPE,
    ApiFailure,
    Handler,
    error_response,
    iso_now,
    json_response,
    new_snowflake,
    no_content,
    read_body,
)
from .validate import check_commands, check_message, check_uploads

if TYPE_CHECKING:
    from .state import FakeState

log = logging.getLogger(__name__)


#: The auto-archive durations (minutes) Discord accepts for a thread.
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)


def _form_error(code: str, message: str) -> dict[str, Any]:
    return {"_errors": [{"code": code, "message": message}]}


def _int(request: web.Request, key: str) -> int:
    value = request.match_info[key]
    return int(value) if value.isdigit() else -1


class Rest:
    """Route handlers for everything but interactions."""

    def __init__(self, fake: FakeState) -> None:
        self.fake = fake

    def routes(self) -> list[tuple[str, str, Handler]]:
        """The ``(method, path template, handler)`` triples this class serves, paths relative to the API prefix."""
        app_cmds = "/applications/{app}/commands"
        guild_cmds = "/applications/{app}/guilds/{guild_id}/commands"
        msg = "/channels/{channel_id}/messages/{message_id}"
        return [
            ("GET", "/users/@me", self.get_me),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway),
            ("GET", app_cmds, self.get_commands),
            ("PUT", app_cmds, self.put_commands),
            ("POST", app_cmds, self.post_command),
            ("DELETE", app_cmds + "/{command_id}", self.delete_command),
            ("GET", guild_cmds, self.get_commands),
            ("PUT", guild_cmds, self.put_commands),
            ("POST", guild_cmds, self.post_command),
            ("DELETE", guild_cmds + "/{command_id}", self.delete_command),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("POST", "/channels/{channel_id}/messages", self.post_message),
            ("GET", msg, self.get_message),
            ("PATCH", msg, self.edit_message),
            ("DELETE", msg, self.delete_message),
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("POST", msg + "/threads", self.create_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.thread_member),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.thread_member),
            ("POST", "/channels/{channel_id}/typing", self.empty),
            ("PUT", msg + "/reactions/{emoji}/@me", self.empty),
            ("DELETE", msg + "/reactions/{emoji}/@me", self.empty),
        ]

    # -- lookups -----------------------------------------------------------------------------

    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.fake.channels.get(_int(request, "channel_id"))
        if channel is None:
            raise UNKNOWN_CHANNEL.fail()
        return channel

    def _message(self, request: web.Request) -> FakeMessage:
        channel = self._channel(request)
        message = self.fake.messages.get(_int(request, "message_id"))
        if message is None or message.channel is not channel or message.deleted or message.ephemeral:
            raise UNKNOWN_MESSAGE.fail()
        return message

    def _scope(self, request: web.Request) -> int | None:
        if "guild_id" not in request.match_info:
            return None
        guild_id = _int(request, "guild_id")
        if guild_id not in self.fake.guilds:
            raise UNKNOWN_GUILD.fail()
        return guild_id

    # -- application, users, guilds ----------------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        """``GET /users/@me``: the bot user's payload. Never fails."""
        return json_response(
            {**self.fake.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0}
        )

    async def get_user(self, request: web.Request) -> web.Response:
        """``GET /users/{user_id}``: a user payload; 404 Unknown User (10013) if no such user."""
        user = self.fake.users.get(_int(request, "user_id"))
        if user is None:
            raise UNKNOWN_USER.fail()
        return json_response(user.payload())

    async def get_application(self, request: web.Request) -> web.Response:
        """``GET /applications/@me`` (and the oauth2 alias): the application object, owned by the fake
        owner, with the bot user and the current guild count."""
        fake = self.fake
        return json_response(
            {
                "id": str(fake.application_id),
                "name": fake.bot_user.name,
                "icon": None,
                "description": "",
                "summary": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": fake.owner.payload(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "bot": fake.bot_user.payload(),
                "approximate_guild_count": len(fake.guilds),
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        """``GET /gateway`` and ``/gateway/bot``: the fake gateway URL, shard count and a session start
        limit that never runs out."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {"url": self.fake.gateway_url, "shards": self.fake.shard_count, "session_start_limit": limit}
        )

    async def get_guild(self, request: web.Request) -> web.Response:
        """``GET /guilds/{guild_id}``: the guild payload without its channels, threads, members, presences
        or voice states (REST leaves those to the gateway). 404 Unknown Guild (10004) if missing."""
        guild = self.fake.guilds.get(_int(request, "guild_id"))
        if guild is None:
            raise UNKNOWN_GUILD.fail()
        data = guild.payload()
        for key in ("channels", "threads", "members", "presences", "voice_states"):
            data.pop(key)
        return json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        """``GET /guilds/{guild_id}/channels``: a list of the guild's channel payloads, threads excluded.
        404 Unknown Guild (10004) if missing."""
        guild = self.fake.guilds.get(_int(request, "guild_id"))
        if guild is None:
            raise UNKNOWN_GUILD.fail()
        return json_response([c.payload() for c in guild.channels.values() if not c.is_thread])

    async def get_member(self, request: web.Request) -> web.Response:
        """``GET /guilds/{guild_id}/members/{user_id}``: a member payload. 404 Unknown Guild (10004) or
        Unknown Member (10007)."""
        guild = self.fake.guilds.get(_int(request, "guild_id"))
        if guild is None:
            raise UNKNOWN_GUILD.fail()
        member = guild.members.get(_int(request, "user_id"))
        if member is None:
            raise UNKNOWN_MEMBER.fail()
        return json_response(member.payload())

    async def create_dm(self, request: web.Request) -> web.Response:
        """``POST /users/@me/channels``: open (or reuse) the DM channel with ``recipient_id`` and return
        its payload. 404 Unknown User (10013) if no such user."""
        data, _ = await read_body(request)
        user = self.fake.users.get(int(data.get("recipient_id") or 0))
        if user is None:
            raise UNKNOWN_USER.fail()
        channel = self.fake.dm_channel(user, create=True)
        assert channel is not None
        return json_response(channel.payload())

    # -- application commands ----------------------------------------------------------------

    def _normalise(
        self, command: dict[str, Any], scope: int | None, old: dict[str, Any] | None
    ) -> dict[str, Any]:
        full: dict[str, Any] = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            **command,
            "id": old["id"] if old else str(new_snowflake()),
            "application_id": str(self.fake.application_id),
            "version": str(new_snowflake()),
        }
        if scope is not None:
            full["guild_id"] = str(scope)
        return full

    async def get_commands(self, request: web.Request) -> web.Response:
        """``GET`` application commands, global or for one guild: a list of stored command payloads.
        404 Unknown Guild (10004) for a guild route naming an unknown guild."""
        return json_response(list(self.fake.commands.get(self._scope(request), {}).values()))

    async def put_commands(self, request: web.Request) -> web.Response:
        """``PUT`` application commands: replace the whole global or guild set and return the stored list.
        A command that keeps its ``(name, type)`` keeps its ID. 400 Invalid Form Body (50035) if
        ``check_commands`` finds errors; 404 Unknown Guild (10004) for an unknown guild."""
        scope = self._scope(request)
        data, _ = await read_body(request)
        commands = data.get("_list", [])
        errors = check_commands(commands)
        if errors:
            raise INVALID_FORM_BODY.fail(errors)
        old = self.fake.commands.get(scope, {})
        new: dict[tuple[str, int], dict[str, Any]] = {}
        for command in commands:
            key = (command["name"], command.get("type", 1))
            new[key] = self._normalise(command, scope, old.get(key))
        self.fake.commands[scope] = new
        self.fake.notifier.notify("commands")
        return json_response(list(new.values()))

    async def post_command(self, request: web.Request) -> web.Response:
        """``POST`` one application command: create it, or overwrite the one with the same
        ``(name, type)`` keeping its ID; answers 201 with the stored payload. 400 Invalid Form Body (50035)
        on validation errors; 404 Unknown Guild (10004) for an unknown guild."""
        scope = self._scope(request)
        command, _ = await read_body(request)
        errors = check_commands([command])
        if errors:
            raise INVALID_FORM_BODY.fail(errors)
        table = self.fake.commands.setdefault(scope, {})
        key = (command["name"], command.get("type", 1))
        table[key] = self._normalise(command, scope, table.get(key))
        self.fake.notifier.notify("commands")
        return json_response(table[key], status=201)

    async def delete_command(self, request: web.Request) -> web.Response:
        """``DELETE`` one application command by ID: 204 on success, 404 Unknown application command
        (10063) if the scope has no command with that ID."""
        table = self.fake.commands.get(self._scope(request), {})
        key = next((k for k, c in table.items() if c["id"] == request.match_info["command_id"]), None)
        if key is None:
            raise UNKNOWN_COMMAND.fail()
        del table[key]
        return no_content()

    # -- channels and messages ---------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        """``GET /channels/{channel_id}``: the channel payload. 404 Unknown Channel (10003) if missing."""
        return json_response(self._channel(request).payload())

    async def list_messages(self, request: web.Request) -> web.Response:
        """``GET /channels/{channel_id}/messages``: up to ``limit`` (clamped to 1..100, default 50)
        message payloads, newest first, filtered by the ``before``/``after`` message IDs.
        404 Unknown Channel (10003) if missing."""
        channel = self._channel(request)
        limit = max(1, min(100, int(request.query.get("limit", "50"))))
        before = int(request.query.get("before", "0") or 0)
        after = int(request.query.get("after", "0") or 0)
        found = [
            m
            for m in reversed(channel.history())
            if (not before or m.id < before) and (not after or m.id > after)
        ]
        return json_response([m.payload() for m in found[:limit]])

    async def get_message(self, request: web.Request) -> web.Response:
        """``GET`` one message: its payload. 404 Unknown Channel (10003), or Unknown Message (10008) if it
        is missing, in another channel, deleted or ephemeral."""
        return json_response(self._message(request).payload())

    async def post_message(self, request: web.Request) -> web.Response:
        """``POST /channels/{channel_id}/messages``: create a message (type 19 if it is a reply, else 0)
        and return its payload. 404 Unknown Channel (10003); 403 Cannot send messages to this user (50007)
        for a DM whose recipient has DMs closed; 400 Cannot send an empty message (50006); 400 Invalid
        Form Body (50035); 403 Missing Permissions (50013); 400 Thread is archived (50083) for a locked
        archived thread. Posting in an unlocked archived thread unarchives it."""
        channel = self._channel(request)
        data, files = await read_body(request)
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            raise CANNOT_DM.fail()
        if is_empty(data, files):
            raise EMPTY_MESSAGE.fail()
        errors = check_message(data)
        if errors:
            raise INVALID_FORM_BODY.fail(errors)
        check_uploads(files)
        self._check_post_permissions(channel, data, files)
        await self._reopen_for_post(channel)
        msg_type = 19 if data.get("message_reference") else 0
        message = await create_message(
            self.fake, channel, data, files, kind="message_create", msg_type=msg_type
        )
        return json_response(message.payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        """``PATCH`` one message: apply the edit and return the updated payload. 404 as for
        ``get_message``; 403 Cannot edit a message authored by another user (50005) unless the bot wrote
        it; 400 Invalid Form Body (50035)."""
        message = self._message(request)
        if message.author is not self.fake.bot_user:
            raise CANNOT_EDIT_OTHERS.fail()
        data, files = await read_body(request)
        errors = check_message(data)
        if errors:
            raise INVALID_FORM_BODY.fail(errors)
        check_uploads(files)
        if message.channel.guild_id is not None:
            self._check_post_permissions(message.channel, data, files, sending=False)
        await edit_message(self.fake, message, data, files, kind="message_edit")
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        """``DELETE`` one message: 204 on success; 404 as for ``get_message``."""
        await delete_message(self.fake, self._message(request))
        return no_content()

    async def create_thread(self, request: web.Request) -> web.Response:
        """Start a thread from a message (always public) or without one (``type`` 11 or 12, private
        by default, as discord.py sends it). Needs Create Public/Private Threads in the parent."""
        parent = self._channel(request)
        if parent.type != GUILD_TEXT:
            raise WRONG_CHANNEL_TYPE.fail()
        data, _ = await read_body(request)
        from_message = "message_id" in request.match_info
        starter = self._message(request) if from_message else None
        kind = PUBLIC_THREAD if from_message else int(data.get("type") or PRIVATE_THREAD)
        name = data.get("name") or ""
        duration = data.get("auto_archive_duration") or 1440
        errors: dict[str, Any] = {}
        if not 1 <= len(name) <= 100:
            errors["name"] = _form_error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            errors["type"] = _form_error("BASE_TYPE_CHOICES", f"Value must be one of (11, 12), not {kind}.")
        if duration not in ARCHIVE_DURATIONS:
            errors["auto_archive_duration"] = _form_error(
                "BASE_TYPE_CHOICES", f"Value must be one of {ARCHIVE_DURATIONS}."
            )
        if errors:
            raise INVALID_FORM_BODY.fail(errors)
        needed = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        if not self.fake.bot_permissions(parent) & needed:
            raise MISSING_PERMISSIONS.fail()
        thread = self.fake.add_thread(
            parent,
            name,
            kind,
            thread_id=starter.id if starter else None,
            auto_archive_duration=int(duration),
        )
        self.fake.sent.append(
            SentPayload("thread_create", "public", thread.id, None, None, None, name, [], [], [], data)
        )
        bot_id = self.fake.bot_user.id
        await self.fake.gateway.dispatch_event(
            "THREAD_CREATE", {**thread.payload(member_id=bot_id), "newly_created": True}, parent.guild_id
        )
        return json_response(thread.payload(permissions=ALL_PERMISSIONS, member_id=bot_id), status=201)

    def _check_post_permissions(
        self, channel: FakeChannel, data: dict[str, Any], files: dict[Any, Any], *, sending: bool = True
    ) -> None:
        """What the bot needs to post (or edit) in a guild channel: View Channel (else 403 / 50001
        Missing Access), Attach Files for files and Embed Links for embeds (else 403 / 50013);
        Send Messages (in Threads) is checked by :meth:`_reopen_for_post`."""
        if channel.guild_id is None:
            return
        perms = self.fake.bot_permissions(channel)
        if not perms & VIEW_CHANNEL:
            raise MISSING_ACCESS.fail()
        if (files and not perms & ATTACH_FILES) or (data.get("embeds") and not perms & EMBED_LINKS):
            raise MISSING_PERMISSIONS.fail()

    async def _reopen_for_post(self, channel: FakeChannel) -> None:
        """Check the bot may post in ``channel``; posting in an archived thread unarchives it (unless
        it is locked), and the bot hears ``THREAD_UPDATE``, as on Discord."""
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if channel.guild_id is not None and not self.fake.bot_permissions(channel) & needed:
            raise MISSING_PERMISSIONS.fail()
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise THREAD_ARCHIVED.fail()
            channel.archived = False
            channel.archive_timestamp = iso_now()
            await self.fake.gateway.dispatch_event("THREAD_UPDATE", channel.payload(), channel.guild_id)

    async def thread_member(self, request: web.Request) -> web.Response:
        """``PUT``/``DELETE /channels/{id}/thread-members/{user_id}`` (``@me`` means the bot): add or
        remove a thread member; 204. 404 Unknown Channel (10003) or Unknown User (10013); 400 Cannot
        execute action on this channel type (50024) if the channel is not a thread."""
        thread = self._channel(request)
        if not thread.is_thread:
            raise WRONG_CHANNEL_TYPE.fail()
        raw = request.match_info["user_id"]
        user_id = self.fake.bot_user.id if raw == "@me" else _int(request, "user_id")
        if user_id not in self.fake.users:
            raise UNKNOWN_USER.fail()
        if request.method == "PUT":
            thread.thread_members.add(user_id)
        else:
            thread.thread_members.discard(user_id)
        self.fake.notifier.notify(("channel", thread.id))
        return no_content()

    async def empty(self, request: web.Request) -> web.Response:
        """Typing and reaction routes: accepted and ignored (204) if the channel exists, else 404 Unknown
        Channel (10003)."""
        self._channel(request)
        return no_content()

    async def unknown(self, request: web.Request) -> web.Response:
        """Fallback for routes the fake does not implement: records an ``UnknownRoute`` (method, path and
        the first 2000 bytes of the body), logs a warning and answers 404 with code 0."""
        body = (await request.read())[:2000].decode(errors="replace")
        self.fake.unknown_routes.append(UnknownRoute(request.method, request.path, body))
        log.warning("fake discord: unknown route %s %s", request.method, request.path)
        return error_response(
            404, 0, f"404: Not Found (the fake does not implement {request.method} {request.path})"
        )


def middleware(fake: FakeState) -> Any:
    """Logs requests, applies injected failures and turns errors into Discord error bodies."""

    @web.middleware
    async def handle(request: web.Request, handler: Handler) -> web.StreamResponse:
        """Answer with an injected failure if one matches, else run the handler; an ``ApiFailure`` becomes
        its Discord error body."""
        token = fake.bot_token
        auth = request.headers.get("Authorization", "")
        if token is not None and auth.startswith("Bot ") and auth != f"Bot {token}":
            fake.requests.append((request.method, request.path, 401))
            return error_response(401, 0, "401: Unauthorized")
        limited, limit_headers = fake.rate_limits.check(request.method, request.path)
        injected = None if limited is not None else fake.take_injected_failure(request.method, request.path)
        if limited is not None:
            response: web.StreamResponse = limited
        elif injected is not None:
            response = injected.response()
        else:
            try:
                response = await handler(request)
            except ApiFailure as failure:
                response = failure.response()
            except web.HTTPException:
                raise
            except Exception as exc:  # a bug in the fake: tell the test, do not make discord.py retry
                log.exception("fake discord crashed on %s %s", request.method, request.path)
                fake.server_errors.append(f"{request.method} {request.path}: {exc!r}")
                response = error_response(400, 0, f"fake discord internal error: {exc!r}")
        response.headers.update(limit_headers)
        fake.requests.append((request.method, request.path, response.status))
        return response

    return handle
