"""What a process asks the database when other processes share it (issue 21, several processes).

A process keeps its matches in memory; on a database other processes write too (PostgreSQL; see
:attr:`bot.storage.postgres.PostgresStorage.SHARED`) that memory may fall behind. These queries
tell how far each match's stored command log reaches, so that a process can rebuild a match whose
log another process appended to, or load a match another process created. On SQLite, which one
process owns, :func:`is_shared` is false and nothing here is needed.
"""

from __future__ import annotations

from typing import Any

from bot.storage.base import ACTIVE


def is_shared(storage: Any) -> bool:
    """Whether other processes may write ``storage``'s database at the same time (a class attribute
    ``SHARED`` of the backend; absent: no)."""
    return bool(getattr(storage, "SHARED", False))


async def log_length(storage: Any, match_id: str) -> int:
    """How many commands the stored log of ``match_id`` holds (its next ``seq``; 0 for none)."""
    return (await match_head(storage, match_id))[1]


async def match_head(storage: Any, match_id: str) -> tuple[str | None, int]:
    """``(status, stored log length)`` of ``match_id`` in one query (``(None, 0)``: not stored);
    the status is :data:`~bot.storage.base.ACTIVE`, ``OVER`` or ``ENDED``."""
    async with storage.db.execute(
        "SELECT m.status, (SELECT COUNT(*) FROM log l WHERE l.match_id = m.match_id) FROM matches m "
        "WHERE m.match_id = ?", (match_id,)
    ) as cur:
        row = await cur.fetchone()
    return (str(row[0]), int(row[1])) if row else (None, 0)


async def active_log_lengths(storage: Any, channel_id: int | None = None) -> dict[str, int]:
    """``{match_id: stored log length}`` of every active match, or of the active matches of one
    channel when ``channel_id`` is given (one query either way)."""
    sql = ("SELECT m.match_id, (SELECT COUNT(*) FROM log l WHERE l.match_id = m.match_id) "
           "FROM matches m WHERE m.status = ?")
    args: tuple[Any, ...] = (ACTIVE,)
    if channel_id is not None:
        sql += " AND m.channel_id = ?"
        args += (channel_id,)
    async with storage.db.execute(sql, args) as cur:
        rows = await cur.fetchall()
    return {str(r[0]): int(r[1]) for r in rows}
