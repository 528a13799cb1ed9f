"""The league tables of storage migration 10, on :class:`~bot.storage.sqlite.SqliteStorage`.

Every change is written together with a row of ``league_events`` (who did it, what, and the
reason or details) in one transaction, so the history is complete and nothing lives only in
memory. A game's result is changed with a compare-and-set on its ``version``, so two players
pressing at once (or two bot processes) change it once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.leagues.model import Game, LeagueSettings
from bot.storage.base import DuplicateEntry
from bot.storage.sqlite import SqliteStorage

PLAYER, ORGANISER = "player", "organiser"
#: The role a player who left keeps (their name stays known to the standings and history).
LEFT = "left"
_GAME = "id, season, round, players, ranks, state, map_id, match_id, channel_id, forfeit, armies, reported_by, stage"


class LeagueExists(ValueError):
    """A league of that name already exists in the server."""


@dataclass(frozen=True, slots=True)
class League:
    """A stored league: ``season`` and ``round`` under way (0: none yet), ``status`` ``open``,
    ``running`` (a season under way) or ``playoff``."""

    id: int
    guild_id: int
    name: str
    settings: LeagueSettings
    created_by: int
    season: int
    round: int
    status: str


@dataclass(frozen=True, slots=True)
class Member:
    """A league member: user id, role, display name, and the registered army (``None``: none)."""

    user_id: str
    role: str
    name: str
    army: str | None


@dataclass(frozen=True, slots=True)
class Event:
    """One recorded change: who (``actor``, a user id or ``bot``), what (``kind``), details, when."""

    id: int
    game_id: int | None
    actor: str
    kind: str
    detail: str
    at: float


def _game(row: Any) -> Game:
    return Game(id=int(row[0]), season=int(row[1]), round=int(row[2]), players=tuple(json.loads(row[3])),
                ranks=tuple(json.loads(row[4])) if row[4] else None, state=str(row[5]), map_id=str(row[6]),
                match_id=row[7], channel_id=row[8], forfeit=tuple(json.loads(row[9])),
                armies=json.loads(row[10]), reported_by=row[11], stage=str(row[12]))


class LeagueStore:
    """The league tables of one SQLite database; ``now`` gives Unix seconds (a test clock)."""

    def __init__(self, storage: SqliteStorage, now: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.now = now

    async def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        async with self.storage.db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    def _event(self, league_id: int, actor: str, kind: str, detail: str = "",
               game_id: int | None = None) -> tuple[str, tuple[Any, ...]]:
        return ("INSERT INTO league_events (league_id, game_id, actor, kind, detail, at) VALUES (?, ?, ?, ?, ?, ?)",
                (league_id, game_id, actor, kind, detail, self.now()))

    # --- leagues --------------------------------------------------------------------------------

    async def create(self, guild_id: int, settings: LeagueSettings, actor: int) -> League:
        """Store a new league with ``actor`` as its first organiser.

        :raises LeagueExists: the server has a league of that name (any case).
        """
        try:
            lid = await self.storage._run(
                ("INSERT INTO leagues (guild_id, name, settings, created_by, created_at) VALUES (?, ?, ?, ?, ?)",
                 (guild_id, settings.name, json.dumps(settings.to_json()), actor, self.now())))
        except DuplicateEntry:
            raise LeagueExists(f"This server already has a league named '{settings.name}'.") from None
        await self.storage._run(
            ("INSERT INTO league_members (league_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)",
             (lid, str(actor), ORGANISER, self.now())),
            self._event(lid, str(actor), "create", json.dumps(settings.to_json())))
        league = await self.get(guild_id, settings.name)
        assert league is not None
        return league

    async def get(self, guild_id: int, name: str) -> League | None:
        """A league of the server by name (any case)."""
        rows = await self._rows("SELECT league_id, guild_id, name, settings, created_by, season, round, status "
                                "FROM leagues WHERE guild_id = ? AND name = ? COLLATE NOCASE", (guild_id, name))
        return self._league(rows[0]) if rows else None

    async def by_id(self, league_id: int) -> League | None:
        """A league by id."""
        rows = await self._rows("SELECT league_id, guild_id, name, settings, created_by, season, round, status "
                                "FROM leagues WHERE league_id = ?", (league_id,))
        return self._league(rows[0]) if rows else None

    async def in_guild(self, guild_id: int) -> list[League]:
        """The server's leagues by name."""
        rows = await self._rows("SELECT league_id, guild_id, name, settings, created_by, season, round, status "
                                "FROM leagues WHERE guild_id = ? ORDER BY name", (guild_id,))
        return [self._league(r) for r in rows]

    @staticmethod
    def _league(r: Any) -> League:
        return League(int(r[0]), int(r[1]), str(r[2]), LeagueSettings.from_json(json.loads(r[3])), int(r[4]),
                      int(r[5]), int(r[6]), str(r[7]))

    async def set_progress(self, league: League, actor: str, *, season: int, round_no: int, status: str,
                           kind: str, detail: str = "", round_due: float | None = None) -> None:
        """Move the league to ``season``/``round_no``/``status`` (the round due at ``round_due``,
        Unix seconds, or never), recorded as ``kind`` by ``actor``."""
        await self.storage._run(
            ("UPDATE leagues SET season = ?, round = ?, status = ?, round_due = ?, round_told = 0 "
             "WHERE league_id = ?", (season, round_no, status, round_due, league.id)),
            self._event(league.id, actor, kind, detail))

    async def rounds_due(self, now: float) -> list[League]:
        """Leagues whose round deadline passed and whose organisers were not told yet."""
        rows = await self._rows("SELECT league_id, guild_id, name, settings, created_by, season, round, status "
                                "FROM leagues WHERE round_due IS NOT NULL AND round_due <= ? AND round_told = 0",
                                (now,))
        return [self._league(r) for r in rows]

    async def claim_round_due(self, league: League) -> bool:
        """Compare-and-set: mark ``league``'s round deadline as told; ``True`` for the one caller
        that changed it (several bot processes tell the organisers once)."""
        cur = await self.storage.db.execute("UPDATE leagues SET round_told = 1 WHERE league_id = ? AND round = ? "
                                            "AND round_told = 0", (league.id, league.round))
        changed = int(cur.rowcount or 0) == 1
        if changed:
            await self.storage._run(self._event(league.id, "bot", "round deadline", str(league.round)))
        return changed

    async def round_due(self, league_id: int) -> float | None:
        """The current round's deadline (Unix seconds), if any."""
        rows = await self._rows("SELECT round_due FROM leagues WHERE league_id = ?", (league_id,))
        return float(rows[0][0]) if rows and rows[0][0] is not None else None

    # --- members --------------------------------------------------------------------------------

    async def members(self, league_id: int, role: str = PLAYER) -> list[Member]:
        """Members with ``role``, in joining order."""
        rows = await self._rows("SELECT user_id, role, name, army FROM league_members WHERE league_id = ? AND role = ? "
                                "ORDER BY joined_at, user_id", (league_id, role))
        return [Member(str(a), str(b), str(c), d) for a, b, c, d in rows]

    async def add_member(self, league_id: int, user_id: str, role: str, name: str, actor: str) -> bool:
        """Add a member; ``False`` (nothing changed) when already one with that role."""
        try:
            await self.storage._run(
                ("INSERT INTO league_members (league_id, user_id, role, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                 (league_id, user_id, role, name, self.now())),
                ("DELETE FROM league_members WHERE league_id = ? AND user_id = ? AND role = ?",
                 (league_id, user_id, LEFT if role == PLAYER else "")),
                self._event(league_id, actor, f"add {role}", user_id))
        except DuplicateEntry:
            return False
        return True

    async def remove_member(self, league_id: int, user_id: str, role: str, actor: str) -> bool:
        """Remove a member; ``False`` when they were not one."""
        rows = await self._rows("SELECT 1 FROM league_members WHERE league_id = ? AND user_id = ? AND role = ?",
                                (league_id, user_id, role))
        if not rows:
            return False
        if role == PLAYER:  # kept as "left": their name stays in the standings and history
            gone: tuple[str, tuple[Any, ...]] = (
                "UPDATE league_members SET role = ?, army = NULL WHERE league_id = ? AND user_id = ? AND role = ?",
                (LEFT, league_id, user_id, role))
        else:
            gone = ("DELETE FROM league_members WHERE league_id = ? AND user_id = ? AND role = ?",
                    (league_id, user_id, role))
        await self.storage._run(
            ("DELETE FROM league_members WHERE league_id = ? AND user_id = ? AND role = ?", (league_id, user_id, LEFT)),
            gone, self._event(league_id, actor, f"remove {role}", user_id))
        return True

    async def known_names(self, league_id: int) -> dict[str, str]:
        """Player id -> the name they joined with, players who left included."""
        rows = await self._rows("SELECT user_id, name FROM league_members WHERE league_id = ? AND role IN (?, ?) "
                                "ORDER BY joined_at, user_id", (league_id, PLAYER, LEFT))
        return {str(u): str(n) or str(u) for u, n in rows}

    async def set_army(self, league_id: int, user_id: str, army: str) -> None:
        """Register a player's army for the season (the event keeps no card names: it is hidden)."""
        await self.storage._run(
            ("UPDATE league_members SET army = ? WHERE league_id = ? AND user_id = ? AND role = ?",
             (army, league_id, user_id, PLAYER)),
            self._event(league_id, user_id, "army", "registered"))

    # --- games ----------------------------------------------------------------------------------

    async def add_game(self, league_id: int, game: Game, actor: str) -> int:
        """Store a pairing (or a bye); its id."""
        gid = await self.storage._run(
            ("INSERT INTO league_games (league_id, season, round, stage, players, ranks, state, map_id, armies) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
             (league_id, game.season, game.round, game.stage, json.dumps(list(game.players)),
              json.dumps(list(game.ranks)) if game.ranks else None, game.state, game.map_id,
              json.dumps(game.armies))))
        await self.storage._run(self._event(league_id, actor, "pair", " vs ".join(game.players), gid))
        return gid

    async def games(self, league_id: int, season: int | None = None) -> list[Game]:
        """The league's games (of one season if given), in order."""
        if season is None:
            rows = await self._rows(f"SELECT {_GAME} FROM league_games WHERE league_id = ? ORDER BY season, round, id",
                                    (league_id,))
        else:
            rows = await self._rows(f"SELECT {_GAME} FROM league_games WHERE league_id = ? AND season = ? "
                                    "ORDER BY round, id", (league_id, season))
        return [_game(r) for r in rows]

    async def game(self, game_id: int) -> tuple[int, Game, int] | None:
        """``(league id, game, version)`` by id."""
        rows = await self._rows(f"SELECT {_GAME}, league_id, version FROM league_games WHERE id = ?", (game_id,))
        return (int(rows[0][13]), _game(rows[0]), int(rows[0][14])) if rows else None

    async def game_of_match(self, match_id: str) -> tuple[int, Game, int] | None:
        """The league game refereed as match ``match_id``."""
        rows = await self._rows("SELECT id FROM league_games WHERE match_id = ?", (match_id,))
        return await self.game(int(rows[0][0])) if rows else None

    async def attach_match(self, game_id: int, match_id: str, channel_id: int) -> None:
        """Record the match (and its thread) opened for a game."""
        await self.storage._run(("UPDATE league_games SET match_id = ?, channel_id = ?, version = version + 1 "
                                 "WHERE id = ?", (match_id, channel_id, game_id)))

    async def set_result(self, league_id: int, game_id: int, version: int, *, state: str,
                         ranks: tuple[int, ...] | None, actor: str, kind: str, detail: str = "",
                         forfeit: tuple[str, ...] = (), armies: dict[str, list[str]] | None = None,
                         reported_by: str | None = None, interaction_id: int | None = None) -> bool:
        """Compare-and-set a game's result; ``True`` for the one caller whose ``version`` matched
        (then the change is recorded as ``kind`` by ``actor`` with ``detail``, and ``interaction_id``,
        when given, is remembered as processed in the same transaction: a second delivery of that
        interaction finds it with :meth:`~bot.storage.sqlite.SqliteStorage.is_processed`)."""
        sets = "state = ?, ranks = ?, forfeit = ?, reported_by = COALESCE(?, reported_by), version = version + 1"
        args: list[Any] = [state, json.dumps(list(ranks)) if ranks else None, json.dumps(list(forfeit)), reported_by]
        if armies is not None:
            sets += ", armies = ?"
            args.append(json.dumps(armies))
        async with self.storage._write:
            db = self.storage.db
            await db.execute("BEGIN IMMEDIATE")
            try:
                cur = await db.execute(f"UPDATE league_games SET {sets} WHERE id = ? AND version = ?",
                                       (*args, game_id, version))
                changed = int(cur.rowcount or 0) == 1
                if changed:
                    sql, ev = self._event(league_id, actor, kind, detail, game_id)
                    await db.execute(sql, ev)
                    if interaction_id is not None:
                        await db.execute("INSERT INTO interactions (interaction_id, match_id, at) VALUES (?, ?, ?)",
                                         (interaction_id, f"league-game:{game_id}", self.now()))
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise
        return changed

    async def events(self, league_id: int, game_id: int | None = None) -> list[Event]:
        """The recorded changes of a league (or of one game), oldest first."""
        if game_id is None:
            rows = await self._rows("SELECT id, game_id, actor, kind, detail, at FROM league_events "
                                    "WHERE league_id = ? ORDER BY id", (league_id,))
        else:
            rows = await self._rows("SELECT id, game_id, actor, kind, detail, at FROM league_events "
                                    "WHERE league_id = ? AND game_id = ? ORDER BY id", (league_id, game_id))
        return [Event(int(a), b, str(c), str(d), str(e), float(f)) for a, b, c, d, e, f in rows]
