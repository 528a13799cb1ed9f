"""A Discord server's own maps in the database (migration 7): each server's uploads, apart.

Every query names the server (``guild_id``): one server never reads, replaces or lists another's
maps. A map is kept in the project's format (the game's map JSON, as converted from the
uploaded file), with the uploaded file's name and who added it when.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import aiosqlite

#: Most maps one server may keep.
MAX_SERVER_MAPS = 100


@dataclass(frozen=True)
class ServerMap:
    """One server's map: its id there, name, document (JSON text), uploaded file name, who added it
    (a user id) and when (Unix time)."""

    guild_id: int
    map_id: str
    name: str
    doc: str
    source: str
    added_by: int
    added_at: float = 0.0


_COLUMNS = "guild_id, map_id, name, doc, source, added_by, added_at"


def _row(row: Any) -> ServerMap:
    return ServerMap(int(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]), int(row[5]), float(row[6]))


class ServerMapStore:
    """The server-map queries of :class:`~bot.storage.sqlite.SqliteStorage` (a mixin: it uses the
    storage's ``db`` connection and ``_run`` transaction helper)."""

    @property
    def db(self) -> aiosqlite.Connection:  # pragma: no cover - provided by the storage class
        raise NotImplementedError

    async def _run(self, *statements: tuple[str, tuple[Any, ...]]) -> int:  # pragma: no cover
        raise NotImplementedError

    async def save_server_map(self, m: ServerMap) -> None:
        """Add ``m`` to its server's maps, replacing that server's map of the same id."""
        await self._run((f"INSERT OR REPLACE INTO server_maps ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (m.guild_id, m.map_id, m.name, m.doc, m.source, m.added_by, m.added_at or time.time())))

    async def server_maps(self, guild_id: int) -> list[ServerMap]:
        """The maps of one server, by id."""
        async with self.db.execute(f"SELECT {_COLUMNS} FROM server_maps WHERE guild_id = ? ORDER BY map_id",
                                   (guild_id,)) as cur:
            return [_row(r) for r in await cur.fetchall()]

    async def server_map(self, guild_id: int, map_id: str) -> ServerMap | None:
        """One server's map with this id, or ``None``."""
        async with self.db.execute(f"SELECT {_COLUMNS} FROM server_maps WHERE guild_id = ? AND map_id = ?",
                                   (guild_id, map_id)) as cur:
            row = await cur.fetchone()
        return None if row is None else _row(row)

    async def all_server_maps(self) -> list[ServerMap]:
        """Every server's maps (the bot registers them at start, so that their matches restore)."""
        async with self.db.execute(f"SELECT {_COLUMNS} FROM server_maps ORDER BY guild_id, map_id") as cur:
            return [_row(r) for r in await cur.fetchall()]
