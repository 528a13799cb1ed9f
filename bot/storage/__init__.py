"""Where matches live between restarts: a narrow :class:`~bot.storage.base.Storage` protocol and
its SQLite (:mod:`bot.storage.sqlite`, the default) and PostgreSQL (:mod:`bot.storage.postgres`)
implementations, schema in numbered migrations written once (:mod:`bot.storage.dialect`)."""

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


def storage_for(target: str) -> SqliteStorage:
    """The storage ``target`` names: a ``postgresql://`` (or ``postgres://``) URL opens
    :class:`~bot.storage.postgres.PostgresStorage`, anything else is a SQLite file path.
    Not opened yet (call ``open``)."""
    if target.startswith(("postgresql://", "postgres://")):
        from bot.storage.postgres import PostgresStorage

        return PostgresStorage(target)
    return SqliteStorage(target)


__all__ = ["DuplicateEntry", "MatchExists", "MatchMeta", "OwedLine", "SqliteStorage", "Storage", "StoredMatch",
           "StoredSnapshot", "storage_for"]
