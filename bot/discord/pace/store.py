"""The play-by-post rows (storage migration 9) and the compare-and-set that claims them.

Work that falls due (a deadline, a reminder, an undo request expiring) is a row with a
``version``. A loop claims a due row with ``UPDATE ... SET version = version + 1, lease = ?
WHERE id = ? AND version = ?``: of several processes sharing the database, exactly one sees its
update change a row, and only that one acts. A claim is a lease: a process that died after
claiming leaves the row due again once the lease ran out, and whoever takes it checks first
that the match still waits for what the row is about (so an act is never done twice).

Works on :class:`~bot.storage.sqlite.SqliteStorage` (its connection) and on
:class:`~bot.storage.postgres.PostgresStorage` (the same queries, translated); every write is one
autocommitted statement or one transaction. On PostgreSQL a claim also locks its row with
``FOR UPDATE SKIP LOCKED``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.discord.pace.durations import Pace, PlayerPrefs
from bot.storage.sqlite import SqliteStorage

#: Row states.
OPEN = "open"
DONE = "done"          # the player acted (or the row no longer applied)
ACTED = "acted"        # the deadline passed and its policy acted
CANCELLED = "cancelled"

#: Seconds a claim holds a row before another process may take it again.
LEASE = 300.0

_DEADLINE = "id, match_id, player, kind, mark, expected, started, due, extended, told, state, version"


@dataclass(frozen=True, slots=True)
class Deadline:
    """A player waited on in a match: ``kind`` is ``orders``, ``turn`` or ``decision``; ``mark``
    identifies the wait (phase, round, turn) so a row is known to be stale; ``expected`` says in
    words what is expected; times are Unix seconds; ``extended`` whether the one extension was
    used; ``told`` whether the player was told it is their move."""

    id: int
    match_id: str
    player: str
    kind: str
    mark: str
    expected: str
    started: float
    due: float
    extended: bool
    told: bool
    state: str
    version: int


@dataclass(frozen=True, slots=True)
class Reminder:
    """A reminder due at ``due`` for deadline ``deadline_id``."""

    id: int
    deadline_id: int
    due: float
    version: int


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """A player's request to take back the log from position ``cut`` on (the log had ``log_len``
    entries when asked); ``votes`` maps each other player to ``True``/``False``."""

    id: int
    match_id: str
    player: str
    cut: int
    log_len: int
    expires: float
    votes: dict[str, bool]
    state: str
    version: int


def _deadline(row: Any) -> Deadline:
    return Deadline(int(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]), str(row[5]), float(row[6]),
                    float(row[7]), bool(row[8]), bool(row[9]), str(row[10]), int(row[11]))


def _undo(row: Any) -> UndoRequest:
    return UndoRequest(int(row[0]), str(row[1]), str(row[2]), int(row[3]), int(row[4]), float(row[5]),
                       {str(k): bool(v) for k, v in json.loads(row[6]).items()}, str(row[7]), int(row[8]))


class PaceStore:
    """The play-by-post tables of one SQLite database."""

    def __init__(self, storage: SqliteStorage) -> None:
        self.storage = storage

    async def _changed(self, sql: str, args: tuple[Any, ...]) -> int:
        """Run one autocommitted statement; how many rows it changed (the compare-and-set's answer)."""
        cur = await self.storage.db.execute(sql, args)
        return int(cur.rowcount or 0)

    async def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        async with self.storage.db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    # --- pace -----------------------------------------------------------------------------------

    async def pace(self, match_id: str) -> Pace | None:
        """A match's pace, or ``None`` (live, as before issue 16)."""
        rows = await self._rows("SELECT settings FROM pace WHERE match_id = ?", (match_id,))
        return Pace.from_json(json.loads(rows[0][0])) if rows else None

    async def set_pace(self, match_id: str, pace: Pace) -> None:
        """Store a match's pace (replacing it)."""
        await self._changed("INSERT OR REPLACE INTO pace (match_id, settings) VALUES (?, ?)",
                            (match_id, json.dumps(pace.to_json())))

    # --- deadlines ------------------------------------------------------------------------------

    async def open_deadline(self, match_id: str, player: str, kind: str, mark: str, expected: str,
                            started: float, due: float) -> int:
        """Store an open deadline; its id (``0`` when another process opened the same wait first:
        one open row per match, player and wait)."""
        changed = await self._changed(
            "INSERT OR IGNORE INTO deadlines (match_id, player, kind, mark, expected, started, due) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)", (match_id, player, kind, mark, expected, started, due))
        if not changed:
            return 0
        rows = await self._rows("SELECT id FROM deadlines WHERE match_id = ? AND player = ? AND mark = ? AND state = ?",
                                (match_id, player, mark, OPEN))
        return int(rows[0][0]) if rows else 0

    async def open_deadlines(self, match_id: str) -> list[Deadline]:
        """A match's open deadlines, oldest first."""
        return [_deadline(r) for r in await self._rows(
            f"SELECT {_DEADLINE} FROM deadlines WHERE match_id = ? AND state = ? ORDER BY id", (match_id, OPEN))]

    async def deadline(self, deadline_id: int) -> Deadline | None:
        """One deadline by id."""
        rows = await self._rows(f"SELECT {_DEADLINE} FROM deadlines WHERE id = ?", (deadline_id,))
        return _deadline(rows[0]) if rows else None

    async def player_deadlines(self, player: str) -> list[Deadline]:
        """A player's open deadlines in every match."""
        return [_deadline(r) for r in await self._rows(
            f"SELECT {_DEADLINE} FROM deadlines WHERE player = ? AND state = ? ORDER BY due", (player, OPEN))]

    async def due_deadlines(self, now: float, limit: int = 500) -> list[Deadline]:
        """Open deadlines due by ``now`` whose claim (if any) ran out, soonest first."""
        return [_deadline(r) for r in await self._rows(
            f"SELECT {_DEADLINE} FROM deadlines WHERE state = ? AND due <= ? AND lease <= ? ORDER BY due LIMIT ?",
            (OPEN, now, now, limit))]

    async def untold(self) -> list[Deadline]:
        """Open deadlines whose player was not told yet (a restart cut the telling short)."""
        return [_deadline(r) for r in await self._rows(
            f"SELECT {_DEADLINE} FROM deadlines WHERE state = ? AND told = 0 ORDER BY id", (OPEN,))]

    async def claim(self, row: Deadline, now: float) -> bool:
        """Compare-and-set: take ``row`` for ``LEASE`` seconds if nobody changed it since it was
        read; ``True`` for the one caller that got it."""
        # On PostgreSQL the row is locked with SKIP LOCKED: a row another process is claiming this
        # instant is passed over, not waited on (it is theirs).
        return await self._changed("UPDATE deadlines SET version = version + 1, lease = ? WHERE id = "
                                   f"(SELECT id FROM deadlines WHERE id = ? AND version = ? AND state = ?"
                                   f"{self.storage.SKIP_LOCKED})",
                                   (now + LEASE, row.id, row.version, OPEN)) == 1

    async def mark_told(self, deadline_id: int) -> bool:
        """Record that the player was told; ``True`` for the one caller that changed it."""
        return await self._changed("UPDATE deadlines SET told = 1, version = version + 1 WHERE id = ? AND told = 0",
                                   (deadline_id,)) == 1

    async def close(self, deadline_id: int, state: str, now: float) -> None:
        """Close a deadline (``done``, ``acted``, ``cancelled``) and its reminders."""
        await self.storage._run(
            ("UPDATE deadlines SET state = ?, closed = ?, version = version + 1 WHERE id = ? AND state = ?",
             (state, now, deadline_id, OPEN)),
            ("UPDATE reminders SET state = ? WHERE deadline_id = ? AND state = ?", (CANCELLED, deadline_id, OPEN)))

    async def move_due(self, deadline_id: int, due: float, *, extended: bool | None = None) -> None:
        """Set a deadline's due time (and release any claim), e.g. when extended or paused."""
        if extended is None:
            await self._changed("UPDATE deadlines SET due = ?, lease = 0, version = version + 1 WHERE id = ?",
                                (due, deadline_id))
        else:
            await self._changed("UPDATE deadlines SET due = ?, extended = ?, lease = 0, version = version + 1 "
                                "WHERE id = ?", (due, int(extended), deadline_id))

    # --- reminders ------------------------------------------------------------------------------

    async def set_reminders(self, deadline_id: int, times: list[float]) -> None:
        """Replace a deadline's open reminders with ones at ``times``."""
        await self.storage._run(
            ("UPDATE reminders SET state = ? WHERE deadline_id = ? AND state = ?", (CANCELLED, deadline_id, OPEN)),
            *(("INSERT INTO reminders (deadline_id, due) VALUES (?, ?)", (deadline_id, t)) for t in times))

    async def reminders_of(self, deadline_id: int) -> list[Reminder]:
        """A deadline's open reminders, soonest first."""
        return [Reminder(int(a), int(b), float(c), int(d)) for a, b, c, d in await self._rows(
            "SELECT id, deadline_id, due, version FROM reminders WHERE deadline_id = ? AND state = ? ORDER BY due",
            (deadline_id, OPEN))]

    async def due_reminders(self, now: float, limit: int = 500) -> list[Reminder]:
        """Open reminders due by ``now``, soonest first."""
        return [Reminder(int(a), int(b), float(c), int(d)) for a, b, c, d in await self._rows(
            "SELECT id, deadline_id, due, version FROM reminders WHERE state = ? AND due <= ? ORDER BY due LIMIT ?",
            (OPEN, now, limit))]

    async def claim_reminder(self, reminder: Reminder) -> bool:
        """Compare-and-set: mark a reminder sent; ``True`` for the one caller that did."""
        return await self._changed("UPDATE reminders SET state = ?, version = version + 1 WHERE id = "
                                   f"(SELECT id FROM reminders WHERE id = ? AND version = ? AND state = ?"
                                   f"{self.storage.SKIP_LOCKED})",
                                   (DONE, reminder.id, reminder.version, OPEN)) == 1

    # --- players --------------------------------------------------------------------------------

    async def prefs(self, user_id: str) -> PlayerPrefs:
        """A player's settings (defaults when none were stored)."""
        rows = await self._rows("SELECT settings FROM pace_players WHERE user_id = ?", (user_id,))
        return PlayerPrefs.from_json(json.loads(rows[0][0])) if rows else PlayerPrefs()

    async def set_prefs(self, user_id: str, prefs: PlayerPrefs) -> None:
        """Store a player's settings."""
        await self._changed("INSERT INTO pace_players (user_id, settings) VALUES (?, ?) "
                            "ON CONFLICT(user_id) DO UPDATE SET settings = excluded.settings",
                            (user_id, json.dumps(prefs.to_json())))

    async def away(self, user_id: str) -> tuple[float, str]:
        """Until when (Unix seconds; 0: not away) and why a player is away."""
        rows = await self._rows("SELECT away_until, away_reason FROM pace_players WHERE user_id = ?", (user_id,))
        return (float(rows[0][0]), str(rows[0][1])) if rows else (0.0, "")

    async def set_away(self, user_id: str, until: float, reason: str) -> None:
        """Store a player's away period."""
        await self._changed("INSERT INTO pace_players (user_id, away_until, away_reason) VALUES (?, ?, ?) "
                            "ON CONFLICT(user_id) DO UPDATE SET away_until = excluded.away_until, "
                            "away_reason = excluded.away_reason", (user_id, until, reason))

    async def take_dm_note(self, user_id: str) -> bool:
        """``True`` once per player: the first time they are told how to open their DMs."""
        await self._changed("INSERT OR IGNORE INTO pace_players (user_id) VALUES (?)", (user_id,))
        return await self._changed("UPDATE pace_players SET dm_note = 1 WHERE user_id = ? AND dm_note = 0",
                                   (user_id,)) == 1

    # --- turn times and causes ------------------------------------------------------------------

    async def add_turn_time(self, match_id: str, player: str, kind: str, seconds: float, at: float) -> None:
        """Record how long a player took to act."""
        await self._changed("INSERT INTO turn_times (match_id, player, kind, seconds, at) VALUES (?, ?, ?, ?, ?)",
                            (match_id, player, kind, seconds, at))

    async def turn_times(self, match_id: str) -> dict[str, list[float]]:
        """Seconds each player took to act in a match, oldest first."""
        out: dict[str, list[float]] = {}
        for player, seconds in await self._rows(
                "SELECT player, seconds FROM turn_times WHERE match_id = ? ORDER BY at", (match_id,)):
            out.setdefault(str(player), []).append(float(seconds))
        return out

    async def add_cause(self, match_id: str, seq: int, cause: str) -> None:
        """Record who or what caused logged command ``seq`` (when not its player)."""
        await self._changed("INSERT OR REPLACE INTO log_causes (match_id, seq, cause) VALUES (?, ?, ?)",
                            (match_id, seq, cause))

    async def causes(self, match_id: str) -> dict[int, str]:
        """Log position -> cause, for a match."""
        return {int(s): str(c) for s, c in await self._rows(
            "SELECT seq, cause FROM log_causes WHERE match_id = ?", (match_id,))}

    async def log_times(self, match_id: str) -> list[tuple[str, str, float]]:
        """A match's log as ``(player, text, at)``, in order (``at``: the machine time it was stored)."""
        return [(str(p), str(t), float(a)) for p, t, a in await self._rows(
            "SELECT player, text, at FROM log WHERE match_id = ? ORDER BY seq", (match_id,))]

    async def results(self, match_id: str) -> list[tuple[int, str]]:
        """The public result of every command that had one, ``(log position, text)``, in order."""
        return [(int(s), str(t)) for s, t in await self._rows(
            "SELECT seq, text FROM outbox WHERE match_id = ? AND kind = 'result' AND text != '' ORDER BY seq",
            (match_id,))]

    async def cut_log(self, match_id: str, cut: int) -> None:
        """Drop log entries from position ``cut`` on, with what hangs on them (undo by agreement)."""
        await self.storage._run(
            ("DELETE FROM log WHERE match_id = ? AND seq >= ?", (match_id, cut)),
            ("DELETE FROM snapshots WHERE match_id = ? AND seq > ?", (match_id, cut)),
            ("DELETE FROM outbox WHERE match_id = ? AND seq >= ? AND kind = 'result'", (match_id, cut)),
            ("UPDATE outbox SET sent = COALESCE(sent, 0) WHERE match_id = ? AND seq >= ?", (match_id, cut)),
            ("DELETE FROM log_causes WHERE match_id = ? AND seq >= ?", (match_id, cut)))

    # --- undo requests --------------------------------------------------------------------------

    async def open_undo(self, match_id: str, player: str, cut: int, log_len: int, expires: float) -> int:
        """Store an undo request; its id."""
        cur = await self.storage.db.execute(
            "INSERT INTO undo_requests (match_id, player, cut, log_len, expires) VALUES (?, ?, ?, ?, ?)",
            (match_id, player, cut, log_len, expires))
        return int(cur.lastrowid or 0)

    async def undo(self, request_id: int) -> UndoRequest | None:
        """One undo request."""
        rows = await self._rows("SELECT id, match_id, player, cut, log_len, expires, votes, state, version "
                                "FROM undo_requests WHERE id = ?", (request_id,))
        return _undo(rows[0]) if rows else None

    async def open_undos(self, match_id: str | None = None) -> list[UndoRequest]:
        """Open undo requests (of one match, or all)."""
        where, args = ("state = ?", (OPEN,)) if match_id is None else ("state = ? AND match_id = ?", (OPEN, match_id))
        return [_undo(r) for r in await self._rows(
            "SELECT id, match_id, player, cut, log_len, expires, votes, state, version "
            f"FROM undo_requests WHERE {where} ORDER BY id", args)]

    async def update_undo(self, req: UndoRequest, *, votes: dict[str, bool] | None = None,
                          state: str | None = None) -> bool:
        """Compare-and-set an undo request's votes or state; ``True`` when this caller changed it."""
        return await self._changed(
            "UPDATE undo_requests SET votes = ?, state = ?, version = version + 1 WHERE id = ? AND version = ?",
            (json.dumps(votes if votes is not None else req.votes), state or req.state, req.id, req.version)) == 1
