"""Where matches live between restarts: a narrow :class:`~bot.storage.base.Storage` protocol and
its SQLite implementation (:mod:`bot.storage.sqlite`), schema in numbered migrations."""

from bot.storage.base import (
    DuplicateEntry,
    MatchExists,
    MatchMeta,
    OwedLine,
    Storage,
    StoredMatch,
    StoredSnapshot,
)
from bot.storage.sqlite import SqliteStorage

__all__ = ["DuplicateEntry", "MatchExists", "MatchMeta", "OwedLine", "SqliteStorage", "Storage", "StoredMatch",
           "StoredSnapshot"]
