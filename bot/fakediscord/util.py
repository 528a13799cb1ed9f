"""Small helpers shared by the fake Discord: snowflakes, timestamps, JSON responses, request bodies.

discord.py decodes a response body as JSON only when ``Content-Type`` is exactly
``application/json`` (no charset), so every JSON answer goes through :func:`json_response`.
"""

from __future__ import annotations

import datetime
import itertools
import json
import mimetypes
import re
import struct
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

#: An aiohttp route handler.
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

DISCORD_EPOCH_MS = 1420070400000
#: Where the REST API is served (discord.http.Route.BASE points here).
API_PREFIX = "/api/v10"
#: A permission integer with every bit Discord currently defines set (sent as app/member permissions).
ALL_PERMISSIONS = str((1 << 51) - 1)
#: Permission bits the fake checks for the bot (others are always granted).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
MENTION_EVERYONE = 1 << 17
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
#: The attachment size limit reported in interactions (25 MiB, like an unboosted guild); bigger
#: uploads are refused with 413 / 40005.
ATTACHMENT_SIZE_LIMIT = 25 * 1024 * 1024
#: At most this many files in one message (Discord: 10).
MAX_ATTACHMENTS = 10

_counter = itertools.count(1)
_last_snowflake = 0
_FILE_FIELD = re.compile(r"^files\[(\d+)\]$")
_BOUNDARY = re.compile(r'boundary="?([^";]+)"?')
_PART_NAME = re.compile(r'[;\s]name="([^"]*)"')
_PART_FILENAME = re.compile(r'filename="([^"]*)"')


def new_snowflake() -> int:
    """Return a fresh, strictly increasing snowflake whose timestamp part is now."""
    global _last_snowflake
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    value = (ms << 22) | (next(_counter) & 0x3FFFFF)
    if value <= _last_snowflake:
        value = _last_snowflake + 1
    _last_snowflake = value
    return value


def snowflake_on_shard(shard_id: int, shard_count: int) -> int:
    """A fresh snowflake (as :func:`new_snowflake`) that Discord's shard formula
    ``(id >> 22) % shard_count`` puts on ``shard_id``: its timestamp part is moved on by a few
    milliseconds at most."""
    global _last_snowflake
    value = new_snowflake()
    while (value >> 22) % shard_count != shard_id:
        value += 1 << 22
    _last_snowflake = value
    return value


def iso_now() -> str:
    """The current UTC time in the ISO-8601 form Discord uses."""
    return datetime.datetime.now(datetime.UTC).isoformat()


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON response whose Content-Type is exactly ``application/json``."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def error_response(
    status: int, code: int, message: str, errors: dict[str, Any] | None = None
) -> web.Response:
    """A Discord-style error body (``{"code": ..., "message": ...}``)."""
    body: dict[str, Any] = {"code": code, "message": message}
    if errors:
        body["errors"] = errors
    return json_response(body, status=status)


def no_content() -> web.Response:
    """The 204 answer Discord gives to deletes and acknowledgements."""
    return web.Response(status=204)


def truthy_param(request: web.Request, name: str) -> bool:
    """Whether a query parameter such as ``wait`` or ``with_response`` is set to a true value."""
    return request.query.get(name, "").lower() in {"1", "true"}


@dataclass(frozen=True)
class UploadedFile:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    content_type: str
    data: bytes


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, UploadedFile]]:
    """Parse a JSON body, or a multipart body of ``payload_json`` plus ``files[n]`` parts.

    Multipart is split by hand: aiohttp's part-header parsing dominated the fake's CPU time.
    """
    content_type = request.headers.get("Content-Type", "")
    raw_body = await request.read()
    if content_type.startswith("multipart/"):
        return _parse_multipart(content_type, raw_body)
    if not raw_body:
        return {}, {}
    data = json.loads(raw_body)
    return (data if isinstance(data, dict) else {"_list": data}), {}


def _parse_multipart(content_type: str, body: bytes) -> tuple[dict[str, Any], dict[int, UploadedFile]]:
    found = _BOUNDARY.search(content_type)
    if found is None:
        raise ValueError(f"multipart body without boundary: {content_type!r}")
    payload: dict[str, Any] = {}
    files: dict[int, UploadedFile] = {}
    for part in body.split(b"--" + found.group(1).encode())[1:]:
        if part.startswith(b"--"):
            break
        head, _, data = part.partition(b"\r\n\r\n")
        if data.endswith(b"\r\n"):
            data = data[:-2]
        headers = head.decode("utf-8", "replace")
        name_match = _PART_NAME.search(headers)
        name = name_match.group(1) if name_match else ""
        if name == "payload_json":
            payload = json.loads(data)
            continue
        index = _FILE_FIELD.match(name)
        if index:
            file_match = _PART_FILENAME.search(headers)
            filename = file_match.group(1) if file_match else f"file{index.group(1)}"
            files[int(index.group(1))] = UploadedFile(
                int(index.group(1)), filename, guess_content_type(filename), data
            )
    return payload, files


def guess_content_type(filename: str) -> str:
    """Guess a MIME type from a file name the way Discord's CDN does (extension based)."""
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG image, read from its IHDR chunk, or ``None`` if not a PNG."""
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    return None


@dataclass(frozen=True)
class ApiError:
    """A Discord JSON error: HTTP status, Discord error code and message."""

    status: int
    code: int
    message: str

    def response(self, errors: dict[str, Any] | None = None) -> web.Response:
        """The JSON error response: this status, code and message, plus the per-field ``errors`` if given."""
        return error_response(self.status, self.code, self.message, errors)

    def fail(self, errors: dict[str, Any] | None = None) -> ApiFailure:
        """The exception a route raises to answer with this error."""
        return ApiFailure(self, errors)


class ApiFailure(Exception):
    """Raised inside a route; the middleware answers with the Discord error it carries."""

    def __init__(self, error: ApiError, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{error.status} {error.code} {error.message}")
        self.error = error
        self.errors = errors

    def response(self) -> web.Response:
        """The Discord error response for the carried error and per-field errors."""
        return self.error.response(self.errors)


UNKNOWN_CHANNEL = ApiError(404, 10003, "Unknown Channel")
UNKNOWN_GUILD = ApiError(404, 10004, "Unknown Guild")
UNKNOWN_MEMBER = ApiError(404, 10007, "Unknown Member")
UNKNOWN_MESSAGE = ApiError(404, 10008, "Unknown Message")
UNKNOWN_USER = ApiError(404, 10013, "Unknown User")
UNKNOWN_WEBHOOK = ApiError(404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = ApiError(404, 10062, "Unknown interaction")
UNKNOWN_COMMAND = ApiError(404, 10063, "Unknown application command")
ALREADY_ACKNOWLEDGED = ApiError(400, 40060, "Interaction has already been acknowledged.")
CANNOT_EDIT_OTHERS = ApiError(403, 50005, "Cannot edit a message authored by another user")
EMPTY_MESSAGE = ApiError(400, 50006, "Cannot send an empty message")
CANNOT_DM = ApiError(403, 50007, "Cannot send messages to this user")
WRONG_CHANNEL_TYPE = ApiError(400, 50024, "Cannot execute action on this channel type")
INVALID_FORM_BODY = ApiError(400, 50035, "Invalid Form Body")
MISSING_PERMISSIONS = ApiError(403, 50013, "Missing Permissions")
MISSING_ACCESS = ApiError(403, 50001, "Missing Access")
REQUEST_TOO_LARGE = ApiError(413, 40005, "Request entity too large")
THREAD_ARCHIVED = ApiError(400, 50083, "Thread is archived")
