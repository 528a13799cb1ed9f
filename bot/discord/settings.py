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

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        """Read ``DISCORD_TOKEN``, ``DISCORD_GUILD_ID``, ``DATABASE_PATH``, ``DATABASE_URL``, ``RENDER_DIR``,
        ``LOG_LEVEL`` and ``DISCORD_FORCE_SYNC`` from the environment, after loading ``env_file`` if
        it exists (variables already set win).

        :raises ValueError: when ``DISCORD_GUILD_ID`` is not a number or ``DISCORD_FORCE_SYNC`` not
            a yes/no value.
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
        return cls(
            discord_token=os.environ.get("DISCORD_TOKEN", default.discord_token).strip(),
            discord_guild_id=int(guild) if guild else None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or default.database_path,
            database_url=os.environ.get("DATABASE_URL", "").strip(),
            render_dir=os.environ.get("RENDER_DIR", default.render_dir).strip(),
            log_level=(os.environ.get("LOG_LEVEL", "").strip() or default.log_level).upper(),
            force_sync=force in _YES,
        )
