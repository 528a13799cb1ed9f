"""The storage protocol the Discord layer needs, and nothing more.

A match is stored as its metadata (channel, creator, map, scenario, format, the secret seed) plus
its command log: one row per accepted command, keyed ``(match_id, seq)`` so that two writers
appending the same position cannot both succeed. Processed interaction ids make retries and double
deliveries apply once; board message ids let the bot find the maps it posted; Order Marker drafts
(selections not yet locked in) survive a restart. The seed is stored but never shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

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


@dataclass(slots=True)
class StoredMatch:
    """A match as stored: metadata, the command log ``[(player, text), ...]`` and open drafts."""

    meta: MatchMeta
    log: list[tuple[str, str]] = field(default_factory=list)
    drafts: dict[str, dict[str, str]] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        """The record :meth:`bot.game.session.GameSession.from_record` replays."""
        m = self.meta
        return {"match_id": m.match_id, "map_id": m.map_id, "scenario_id": m.scenario_id,
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
        """A match with its log and drafts, or ``None``."""

    async def list_active(self) -> list[StoredMatch]:
        """Every match whose status is ``active``, with logs, oldest first."""

    async def set_status(self, match_id: str, status: str) -> None:
        """Mark a match ``over`` (finished by the rules) or ``ended`` (stopped by a user)."""

    async def append(self, match_id: str, seq: int, player: str, text: str,
                     interaction_id: int | None = None) -> None:
        """Store log entry ``seq`` and, in the same transaction, the interaction that caused it.

        :raises DuplicateEntry: when ``seq`` or the interaction id is already stored.
        """

    async def is_processed(self, interaction_id: int) -> bool:
        """Whether an interaction already changed something."""

    async def last_interaction_id(self) -> int:
        """The newest interaction id stored (0 when none): newer ones cannot have been processed
        before this process started."""

    async def mark_processed(self, interaction_id: int, match_id: str) -> None:
        """Remember an interaction that changed something outside the log.

        :raises DuplicateEntry: when it is already remembered.
        """

    async def save_draft(self, match_id: str, player: str, markers: dict[str, str]) -> None:
        """Store a player's Order Marker selections not yet locked in (empty: forget them)."""

    async def add_board(self, match_id: str, channel_id: int, message_id: int, version: int) -> None:
        """Remember a posted map message."""

    async def boards(self, match_id: str) -> list[tuple[int, int, int]]:
        """Posted map messages ``(channel_id, message_id, version)``, oldest first."""
