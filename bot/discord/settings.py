"""Every setting the bot reads, declared once with its default (environment, or ``.env``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

#: Accepted spellings of a yes/no setting (empty is no).
_YES = frozenset({"1", "true", "yes", "on"})
_NO = frozenset({"", "0", "false", "no", "off"})


@dataclass(frozen=True, slots=True)
class Settings:
    """The bot's configuration. Build with :meth:`from_env`; tests build it directly."""

    #: The bot token (Discord developer portal -> Applications -> your app -> Bot -> Reset Token).
    discord_token: str = ""
    #: A server to sync slash commands to at once while developing; ``None`` syncs globally.
    discord_guild_id: int | None = None
    #: The SQLite database, created and migrated on start.
    database_path: str = "data/heroscape.db"
    #: A PostgreSQL database (``postgresql://user:password@host:port/db``) to use instead of SQLite;
    #: empty: SQLite at ``database_path``.
    database_url: str = ""
    #: Where map images are also written (empty: not written).
    render_dir: str = "renders"
    #: Logging level name.
    log_level: str = "INFO"
    #: Register the slash commands with Discord on start even when they did not change.
    force_sync: bool = False
    #: The Discord shards this process runs (``SHARDS``, e.g. ``0-3``; ``None``: unsharded, or every
    #: shard of ``shard_count``), see :mod:`bot.discord.shards`.
    shard_ids: tuple[int, ...] | None = None
    #: How many shards the bot has in all (``SHARD_COUNT``; ``None``: one connection, unsharded).
    shard_count: int | None = None

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        """Read ``DISCORD_TOKEN``, ``DISCORD_GUILD_ID``, ``DATABASE_PATH``, ``DATABASE_URL``, ``RENDER_DIR``,
        ``LOG_LEVEL``, ``DISCORD_FORCE_SYNC``, ``SHARDS`` and ``SHARD_COUNT`` from the environment,
        after loading ``env_file`` if it exists (variables already set win).

        :raises ValueError: when ``DISCORD_GUILD_ID`` is not a number, ``DISCORD_FORCE_SYNC`` not
            a yes/no value, or the shards are wrong (:func:`parse_shards`).
        """
        if env_file is not None and Path(env_file).is_file():
            load_dotenv(env_file, override=False)
        default = cls()
        guild = os.environ.get("DISCORD_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ValueError(f"DISCORD_GUILD_ID must be a server id (digits), got {guild!r}")
        force = os.environ.get("DISCORD_FORCE_SYNC", "").strip().lower()
        if force not in _YES | _NO:
            raise ValueError(f"DISCORD_FORCE_SYNC must be 1/true/yes or 0/false/no (or empty), got {force!r}")
        shard_ids, shard_count = parse_shards(os.environ.get("SHARDS", ""), os.environ.get("SHARD_COUNT", ""))
        return cls(
            discord_token=os.environ.get("DISCORD_TOKEN", default.discord_token).strip(),
            discord_guild_id=int(guild) if guild else None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or default.database_path,
            database_url=os.environ.get("DATABASE_URL", "").strip(),
            render_dir=os.environ.get("RENDER_DIR", default.render_dir).strip(),
            log_level=(os.environ.get("LOG_LEVEL", "").strip() or default.log_level).upper(),
            force_sync=force in _YES,
            shard_ids=shard_ids,
            shard_count=shard_count,
        )


def parse_shards(shards: str, count: str) -> tuple[tuple[int, ...] | None, int | None]:
    """``(shard_ids, shard_count)`` from the text of ``--shards`` (``"0-3"``, ``"0,2,5"``, ``"1"``,
    ranges and lists mixed; empty: every shard of the count) and ``--shard-count`` (empty: no
    sharding); ``(None, None)`` when both are empty.

    :raises ValueError: a part is not a number or range, a shard is not below the count, the count
        is below 1, or shards are given without a count.
    """
    shards, count = shards.strip(), count.strip()
    if not count:
        if shards:
            raise ValueError(f"--shards {shards} needs --shard-count (SHARD_COUNT): how many shards the bot has "
                             "in all, e.g. --shards 0-3 --shard-count 8")
        return None, None
    if not count.isdigit() or int(count) < 1:
        raise ValueError(f"the shard count must be a whole number of at least 1, got {count!r}")
    total = int(count)
    if not shards:
        return tuple(range(total)), total
    ids: list[int] = []
    for part in shards.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"shards are numbers and ranges like 0-3 or 0,2,5; {part.strip()!r} is neither")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"the range {part.strip()} goes backwards; write it as {last}-{first}")
        ids.extend(range(first, last + 1))
    wrong = sorted({i for i in ids if i >= total})
    if wrong:
        raise ValueError(f"shard {wrong[0]} does not exist with a shard count of {total} "
                         f"(shards are numbered 0 to {total - 1})")
    return tuple(sorted(set(ids))), total
