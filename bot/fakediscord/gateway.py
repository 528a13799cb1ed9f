"""The fake gateway websocket (plain JSON text frames, no compression).

HELLO on connect; IDENTIFY starts a session answered with READY then one GUILD_CREATE per guild;
heartbeats are ACKed; RESUME replays the frames a session missed (or answers INVALID_SESSION so the
client identifies again); REQUEST_GUILD_MEMBERS gets one chunk.

Like Discord, the gateway also closes connections: a connection that sends no heartbeat for 1.5
heartbeat intervals is closed with 4009 (session timed out); IDENTIFY with a token other than
``fake.bot_token`` (when set) is closed with 4004 (authentication failed), and with privileged
intents the application is not allowed (``allowed_privileged_intents``) with 4014 (disallowed
intents), and with a ``shard`` that is not ``[id, count]`` with ``0 <= id < count`` with 4010
(invalid shard); ``close_sessions(code)`` closes every connection with any code. discord.py gives
up on 4004 (``LoginFailure``), 4010 and 4014 (``PrivilegedIntentsRequired``) and reconnects after
the others.

Several sessions run at once, one per shard (one process may run several, several processes may
share the bot): a guild's events go to the shard ``(guild_id >> 22) % shard_count``, direct
messages to shard 0, each to the newest ready session that covers that shard, so a client killed
without closing its socket is simply superseded by the next client that identifies.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .models import FakeGuild, FakeUser
    from .records import Notifier


class World(Protocol):
    """What the gateway reads of the fake's world (:class:`~bot.fakediscord.state.FakeState` is it;
    typed here so that the state, which owns a gateway, is not imported back)."""

    notifier: Notifier
    application_id: int
    bot_user: FakeUser
    guilds: dict[int, FakeGuild]
    bot_token: str | None

    @property
    def gateway_url(self) -> str:
        """The URL the bot connects to."""

HEARTBEAT_INTERVAL_MS = 41250
#: Close codes Discord's gateway uses (the fatal ones make discord.py stop instead of reconnecting).
SESSION_TIMED_OUT = 4009
AUTHENTICATION_FAILED = 4004
DISALLOWED_INTENTS = 4014
INVALID_SHARD = 4010
#: Intents that need the application to be allowed them: GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT.
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
BACKLOG = 2000
GATEWAY_TOPIC = "gateway"

# Gateway intents (bits) that gate the events this fake sends.
_GUILDS = 1 << 0
_GUILD_MEMBERS = 1 << 1
_GUILD_MESSAGES = 1 << 9
_DIRECT_MESSAGES = 1 << 12
_GUILD_EVENT_INTENTS = {
    "GUILD_CREATE": _GUILDS,
    "CHANNEL_CREATE": _GUILDS,
    "THREAD_CREATE": _GUILDS,
    "THREAD_UPDATE": _GUILDS,
    "GUILD_MEMBER_ADD": _GUILD_MEMBERS,
    "MESSAGE_CREATE": _GUILD_MESSAGES,
    "MESSAGE_UPDATE": _GUILD_MESSAGES,
    "MESSAGE_DELETE": _GUILD_MESSAGES,
}
_DM_EVENT_INTENTS = {
    "MESSAGE_CREATE": _DIRECT_MESSAGES,
    "MESSAGE_UPDATE": _DIRECT_MESSAGES,
    "MESSAGE_DELETE": _DIRECT_MESSAGES,
}


def _valid_shard(shard: Any) -> bool:
    """Whether IDENTIFY's ``shard`` is one Discord accepts: absent (unsharded), or ``[shard_id,
    shard_count]`` with whole numbers ``0 <= shard_id < shard_count``."""
    if shard is None:
        return True
    if not isinstance(shard, list | tuple) or len(shard) != 2:
        return False
    shard_id, count = shard
    ints = all(isinstance(v, int) and not isinstance(v, bool) for v in (shard_id, count))
    return ints and 0 <= shard_id < count


class _Connection:
    """One websocket; sends are serialised so frames never interleave."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.lock = asyncio.Lock()

    async def send(self, frame: dict[str, Any]) -> bool:
        """Send ``frame`` as JSON text; False if the socket is closed or the send fails."""
        async with self.lock:
            if self.ws.closed:
                return False
            try:
                await self.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return False
            return True


@dataclass(eq=False)
class GatewaySession:
    """A gateway session (survives reconnects through RESUME)."""

    session_id: str
    shard: tuple[int, int]
    intents: int
    conn: _Connection | None = field(default=None, repr=False)
    seq: int = 0
    ready: bool = False
    invalidated: bool = False
    backlog: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=BACKLOG), repr=False)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    def covers(self, guild_id: int | None) -> bool:
        """True if this session's shard receives events for ``guild_id``: ``(guild_id >> 22) % count``
        equals the shard ID; DMs (``None``) go to shard 0."""
        shard_id, count = self.shard
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id

    def wants(self, event: str, guild_id: int | None) -> bool:
        """True if the session's intents allow ``event`` (events with no intent always pass)."""
        needed = (_DM_EVENT_INTENTS if guild_id is None else _GUILD_EVENT_INTENTS).get(event)
        return needed is None or bool(self.intents & needed)

    async def dispatch(self, event: str, data: Any) -> None:
        """Send ``event`` as the next dispatch (op 0) frame, numbered by ``seq`` and kept in the backlog
        (last 2000 frames) for RESUME; sent only while a connection is attached."""
        async with self.lock:
            self.seq += 1
            frame = {"op": 0, "t": event, "s": self.seq, "d": data}
            self.backlog.append(frame)
            if self.conn is not None:
                await self.conn.send(frame)


class Gateway:
    """All gateway sessions of the fake, and the aiohttp websocket handler."""

    def __init__(self, fake: World) -> None:
        self.fake = fake
        self.sessions: list[GatewaySession] = []
        self.identify_count = 0
        self.resume_count = 0
        self._connections: set[_Connection] = set()
        #: Milliseconds between heartbeats asked in HELLO; a connection silent for 1.5 of them is closed.
        self.heartbeat_interval_ms = HEARTBEAT_INTERVAL_MS
        #: Answer heartbeats with op 11 (turn off to play a zombie connection; discord.py then reconnects).
        self.ack_heartbeats = True
        #: Privileged intent bits the application may use (all by default; see ``PRIVILEGED_INTENTS``).
        self.allowed_privileged_intents = PRIVILEGED_INTENTS
        #: Heartbeats (op 1) received on every connection.
        self.heartbeats = 0
        #: Close codes the fake sent, in order (``(code, reason)``).
        self.closed_with: list[tuple[int, str]] = []

    async def close_sessions(self, code: int, reason: str = "closed by the fake") -> int:
        """Close every open connection with ``code``; return how many were closed."""
        count = 0
        for conn in list(self._connections):
            await self._close(conn, code, reason)
            count += 1
        return count

    async def _close(self, conn: _Connection, code: int, reason: str) -> None:
        self.closed_with.append((code, reason))
        self.fake.notifier.notify(GATEWAY_TOPIC)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(conn.ws.close(code=code, message=reason.encode()), 2.0)

    async def _watch_heartbeats(self, conn: _Connection, beats: list[float]) -> None:
        """Close ``conn`` with 4009 once no heartbeat came for 1.5 intervals (``beats[0]``: the last one)."""
        loop = asyncio.get_running_loop()
        limit = self.heartbeat_interval_ms * 1.5 / 1000
        while not conn.ws.closed:
            left = beats[0] + limit - loop.time()
            if left <= 0:
                await self._close(conn, SESSION_TIMED_OUT, "Session timed out")
                return
            await asyncio.sleep(left)

    def target(self, guild_id: int | None) -> GatewaySession | None:
        """The session that receives events for ``guild_id`` (``None`` for DMs)."""
        for session in reversed(self.sessions):
            if session.ready and not session.invalidated and session.covers(guild_id):
                return session
        return None

    async def dispatch_event(self, event: str, data: Any, guild_id: int | None) -> bool:
        """Send an event to the current session if any (and if its intents want it)."""
        session = self.target(guild_id)
        if session is None or not session.wants(event, guild_id):
            return False
        await session.dispatch(event, data)
        return True

    async def dispatch_required(self, event: str, data: Any, guild_id: int | None, timeout: float) -> None:
        """Send an event, first waiting up to ``timeout`` for a bot to be connected."""
        session = await self.fake.notifier.wait_for(
            GATEWAY_TOPIC, lambda: self.target(guild_id), timeout, "a bot connected to the fake gateway"
        )
        await session.dispatch(event, data)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The ``/gateway`` websocket: send HELLO, then answer heartbeats (op 1), IDENTIFY (2), RESUME (6)
        and member requests (8). When the socket closes the session is detached, and invalidated on a
        clean close (1000/1001)."""
        ws = web.WebSocketResponse(timeout=1.0, max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws)
        self._connections.add(conn)
        session: GatewaySession | None = None
        loop = asyncio.get_running_loop()
        beats = [loop.time()]
        watchdog = loop.create_task(self._watch_heartbeats(conn, beats))
        try:
            await conn.send(
                {"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
            )
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == 1:
                    beats[0] = loop.time()
                    self.heartbeats += 1
                    self.fake.notifier.notify(GATEWAY_TOPIC)
                    if self.ack_heartbeats:
                        await conn.send({"op": 11, "s": None, "t": None, "d": None})
                elif op == 2:
                    refusal = self._refuse_identify(data or {})
                    if refusal is not None:
                        await self._close(conn, *refusal)
                        break
                    session = await self._identify(conn, data or {})
                elif op == 6:
                    session = await self._resume(conn, data or {}) or session
                elif op == 8:
                    await self._request_members(conn, data or {})
        finally:
            watchdog.cancel()
            self._connections.discard(conn)
            if session is not None and session.conn is conn:
                session.conn = None
                if ws.close_code in (1000, 1001):
                    session.invalidated = True
            self.fake.notifier.notify(GATEWAY_TOPIC)
        return ws

    def _refuse_identify(self, data: dict[str, Any]) -> tuple[int, str] | None:
        """The close code and reason for an IDENTIFY Discord would refuse, or ``None``."""
        token = getattr(self.fake, "bot_token", None)
        if token is not None and data.get("token") != token:
            return AUTHENTICATION_FAILED, "Authentication failed."
        if int(data.get("intents") or 0) & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            return DISALLOWED_INTENTS, "Disallowed intent(s)."
        if not _valid_shard(data.get("shard")):
            return INVALID_SHARD, "Invalid shard."
        return None

    async def _identify(self, conn: _Connection, data: dict[str, Any]) -> GatewaySession:
        shard = tuple(data.get("shard") or (0, 1))
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            shard=(int(shard[0]), int(shard[1])),
            intents=int(data.get("intents") or 0),
        )
        session.conn = conn
        self.sessions.append(session)
        fake = self.fake
        guilds = [g for g in fake.guilds.values() if session.covers(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**fake.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "application": {"id": str(fake.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fake-discord"],
        }
        if data.get("shard") is not None:
            ready["shard"] = list(session.shard)
        await session.dispatch("READY", ready)
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", guild.payload())
        session.ready = True
        self.identify_count += 1
        fake.notifier.notify(GATEWAY_TOPIC)
        return session

    async def _resume(self, conn: _Connection, data: dict[str, Any]) -> GatewaySession | None:
        session = next((s for s in self.sessions if s.session_id == data.get("session_id")), None)
        seq = int(data.get("seq") or 0)
        if session is None or session.invalidated or (session.backlog and session.backlog[0]["s"] > seq + 1):
            await conn.send({"op": 9, "s": None, "t": None, "d": False})
            return None
        async with session.lock:
            session.conn = conn
            for frame in list(session.backlog):
                if frame["s"] > seq:
                    await conn.send(frame)
            session.seq += 1
            await conn.send({"op": 0, "t": "RESUMED", "s": session.seq, "d": {"_trace": ["fake-discord"]}})
        self.resume_count += 1
        self.fake.notifier.notify(GATEWAY_TOPIC)
        return session

    async def _request_members(self, conn: _Connection, data: dict[str, Any]) -> None:
        guild = self.fake.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.name.lower().startswith(query)
        ]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {m.user.id for m in members}],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        session = next((s for s in self.sessions if s.conn is conn), None)
        if session is not None:
            await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def request_reconnect(self) -> int:
        """Send op 7 RECONNECT on every open session (clients then RESUME); return how many."""
        count = 0
        for session in self.sessions:
            if session.conn is not None and not session.invalidated:
                count += await session.conn.send({"op": 7, "s": None, "t": None, "d": None})
        return count

    async def close_all(self) -> None:
        """Close every open websocket (used by ``FakeDiscord.stop``)."""
        for conn in list(self._connections):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ws.close(code=1001, message=b"fake discord stopping"), 2.0)
        for session in self.sessions:
            session.conn = None
