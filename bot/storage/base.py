"""The storage protocol the Discord layer needs, and nothing more.

A match is stored as its metadata (channel, creator, map, scenario, format, the secret seed) plus
its command log: one row per accepted command, keyed ``(match_id, seq)`` so that two writers
appending the same position cannot both succeed. Processed interaction ids make retries and double
deliveries apply once; board message ids let the bot find the maps it posted; a round's secret picks
(selections not yet locked in) survive a restart. The seed is stored but never shown.

Snapshots of a match's position are a cache beside the log (tagged with the log position and a
code version; a restart uses the newest that fits and replays the rest). Private lines owed to a
player whose DMs are closed are kept until delivered. A small key/value table holds bot-wide
facts such as the hash of the slash commands last registered.

The outbox holds what a match owes its channel (an applied command's public result, a round's
opening): written in the same transaction as the log entry that owes it and marked sent once
Discord took it, so that a restart delivers exactly what a crash cut off. A match's turn mark
says when the turn last changed, and how, so that a command issued before it is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games import DEFAULT
from bot.storage.maps import ServerMap

ACTIVE = "active"
OVER = "over"
ENDED = "ended"


class MatchExists(Exception):
    """The channel already has an active match."""


class DuplicateEntry(Exception):
    """A log position or an interaction id is already taken (another writer got there first)."""


@dataclass(frozen=True, slots=True)
class MatchMeta:
    """Who and where a match is, and what it is played with (``seed`` is secret)."""

    match_id: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    map_id: str
    scenario_id: str
    seed: int
    format: dict[str, Any] = field(default_factory=dict)
    status: str = ACTIVE
    #: For a match living in a thread: the channel the thread belongs to.
    parent_id: int | None = None
    #: The game the match is played in (its :mod:`bot.games` registry name).
    ruleset: str = DEFAULT


#: Kinds of owed rows: private lines, or "this player still needs their secret-pick controls".
OWED_TEXT = "text"
OWED_CONTROLS = "controls"


#: Kinds of outbox rows: a command's public result (key ``cmd:SEQ``), a round's opening (the
#: public round message and every player's secret-pick controls, key ``round:N``).
OUT_RESULT = "result"
OUT_ROUND = "round"


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    """A message a match owes its channel: ``key`` is stable (``cmd:SEQ`` or ``round:N``) and
    unique per match; ``seq`` the log position of the command that owed it; ``text`` the message
    (results) and ``version`` the state version right after that command; ``at`` the Unix time
    (seconds) it was written; ``sent`` the Unix time Discord took it (``None``: still owed)."""

    key: str
    seq: int
    kind: str
    text: str = ""
    version: int = 0
    at: float = 0.0
    sent: float | None = None


@dataclass(frozen=True, slots=True)
class TurnMark:
    """The last change of turn of a match: the state ``version`` it produced, the Unix time in
    milliseconds it happened (``at_ms``, comparable with a Discord id's time) and ``what``
    happened, in words ("Alice's turn ended; now Bob's turn with Kita")."""

    version: int
    at_ms: int
    what: str


@dataclass(frozen=True, slots=True)
class StoredSnapshot:
    """A snapshot of a match: taken after the first ``seq`` log entries, for code ``version``;
    ``state`` is the bytes of :meth:`bot.game.session.GameSession.snapshot`."""

    seq: int
    version: str
    state: bytes


@dataclass(frozen=True, slots=True)
class OwedLine:
    """Something a player is owed privately: ``kind`` :data:`OWED_TEXT` (``text`` to show) or
    :data:`OWED_CONTROLS` (their secret-pick controls). ``id`` grows with each row stored."""

    id: int
    player: str
    kind: str
    text: str = ""


@dataclass(slots=True)
class StoredMatch:
    """A match as stored: metadata, the command log ``[(player, text), ...]``, secret picks not yet locked in, its
    snapshots (newest first) and what its players are owed (oldest first)."""

    meta: MatchMeta
    log: list[tuple[str, str]] = field(default_factory=list)
    secret_picks: dict[str, dict[str, str]] = field(default_factory=dict)
    snapshots: list[StoredSnapshot] = field(default_factory=list)
    owed: list[OwedLine] = field(default_factory=list)
    #: Outbox rows not yet sent, oldest first.
    outbox: list[OutboxEntry] = field(default_factory=list)
    turn_mark: TurnMark | None = None

    def record(self) -> dict[str, Any]:
        """The record its game's :meth:`~bot.games.ruleset.Ruleset.from_record` replays."""
        m = self.meta
        return {"ruleset": m.ruleset, "match_id": m.match_id, "map_id": m.map_id, "scenario_id": m.scenario_id,
                "format": dict(m.format), "seed": m.seed, "log": [list(x) for x in self.log]}


class Storage(Protocol):
    """What the bot stores. Every method is atomic; ``append`` and ``mark_processed`` raise
    :class:`DuplicateEntry` rather than overwrite."""

    async def open(self) -> None:
        """Connect and bring the schema up to date."""

    async def close(self) -> None:
        """Flush and disconnect."""

    async def create_match(self, meta: MatchMeta) -> None:
        """Store a new match.

        :raises MatchExists: when ``meta.channel_id`` already has an active match.
        """

    async def load_match(self, match_id: str) -> StoredMatch | None:
        """A match with its log and secret picks, or ``None``."""

    async def list_active(self) -> list[StoredMatch]:
        """Every match whose status is ``active`` (or ``over`` with outbox rows not yet sent: its
        last result is still owed), with logs, oldest first."""

    async def set_status(self, match_id: str, status: str) -> None:
        """Mark a match ``over`` (finished by the rules) or ``ended`` (stopped by a user); a match
        that is no longer active loses its snapshots and owed lines (it is never restored)."""

    async def append(self, match_id: str, seq: int, player: str, text: str,
                     interaction_id: int | None = None, *, outbox: tuple[OutboxEntry, ...] = (),
                     turn_mark: TurnMark | None = None) -> None:
        """Store log entry ``seq`` and, in the same transaction, the interaction that caused it, the
        ``outbox`` rows it owes and its ``turn_mark`` (when it changed the turn).

        :raises DuplicateEntry: when ``seq`` or the interaction id is already stored.
        """

    async def mark_sent(self, match_id: str, key: str) -> None:
        """Record that the outbox row ``key`` reached Discord (idempotent)."""

    async def outbox(self, match_id: str) -> list[OutboxEntry]:
        """Every outbox row of a match, sent or not, oldest first."""

    async def is_processed(self, interaction_id: int) -> bool:
        """Whether an interaction already changed something."""

    async def last_interaction_id(self) -> int:
        """The newest interaction id stored (0 when none): newer ones cannot have been processed
        before this process started."""

    async def mark_processed(self, interaction_id: int, match_id: str) -> None:
        """Remember an interaction that changed something outside the log.

        :raises DuplicateEntry: when it is already remembered.
        """

    async def save_secret_picks(self, match_id: str, player: str, picks: dict[str, str]) -> None:
        """Store a player's secret selections not yet locked in (empty: forget them)."""

    async def add_board(self, match_id: str, channel_id: int, message_id: int, version: int) -> None:
        """Remember a posted map message."""

    async def boards(self, match_id: str) -> list[tuple[int, int, int]]:
        """Posted map messages ``(channel_id, message_id, version)``, oldest first."""

    async def save_snapshot(self, match_id: str, seq: int, version: str, state: bytes, keep: int = 2) -> None:
        """Store a snapshot taken after log entry ``seq - 1`` (replacing one at the same ``seq``)
        and keep only the newest ``keep`` of the match."""

    async def owe(self, match_id: str, player: str, kind: str, text: str = "") -> int:
        """Store something owed to ``player`` (see :class:`OwedLine`); return its row id."""

    async def settle_owed(self, match_id: str, player: str, kind: str, upto: int) -> None:
        """Forget what of ``kind`` was owed to ``player`` in rows up to id ``upto`` (delivered)."""

    async def save_server_cards(self, guild_id: int, name: str, body: str, uploaded_by: int | None) -> None:
        """Store (or replace) the card file ``name`` (JSON text, already checked) of server ``guild_id``."""

    async def delete_server_cards(self, guild_id: int, name: str) -> bool:
        """Forget a card file of server ``guild_id``; ``False`` when it had none called ``name``."""

    async def server_cards(self, guild_id: int) -> list[tuple[str, str]]:
        """The card files ``(name, body)`` of server ``guild_id`` (never another server's), oldest first."""

    async def all_server_cards(self) -> list[tuple[int, str, str]]:
        """Every server's card files ``(guild_id, name, body)``."""

    async def get_value(self, key: str) -> str | None:
        """The value stored under ``key``, or ``None``."""

    async def set_value(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (replacing it)."""

    # --- a server's own maps (migration 7, bot/storage/maps.py) ----------------------------------

    async def save_server_map(self, m: ServerMap) -> None:
        """Add ``m`` to its server's maps, replacing that server's map of the same id."""

    async def server_maps(self, guild_id: int) -> list[ServerMap]:
        """The maps of one server, by id."""

    async def server_map(self, guild_id: int, map_id: str) -> ServerMap | None:
        """One server's map with this id, or ``None``."""

    async def all_server_maps(self) -> list[ServerMap]:
        """Every server's maps."""
