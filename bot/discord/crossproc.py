"""Several bot processes on one database (issue 21): any process can handle any interaction.

Discord delivers a server's interactions to the one shard that serves the server, but direct
messages only to shard 0; with several processes (``python -m bot run --shards ...``) a player's
private controls, answered in DMs, therefore reach a process that may not serve the match's
channel. So every process keeps every active match it has heard of, and keeps it honest against
the shared database (PostgreSQL; on SQLite, which one process owns, none of this runs):

- **Applying** (:func:`step`, one call in :meth:`bot.discord.matches.MatchManager.apply`): the
  match's cross-process lock is taken (:meth:`bot.storage.postgres.PostgresStorage.match_lock`, a
  PostgreSQL advisory lock on the match id; SQLite's is a no-op), then the match is rebuilt from
  the database when its stored log is not the one in memory (another process appended); only then
  does the rules core see the command, and the log entry ``(match_id, seq)`` is appended under the
  same lock, so no two processes ever write the same ``seq`` (a clash would still be refused by the
  key and the match reloaded).
- **Before an interaction is handled** (:func:`install`, one call in the bot's start): its match
  is brought up to date first (a server's interaction: the active match of its channel; a DM: every
  active match, matches created by another process included), so that what the handler reads
  (whose turn, the round of a private control) is what the database says. The play-by-post loop
  does the same for every active match before it looks for due deadlines (one call in
  :meth:`bot.discord.pace.service.PaceService.tick`); each deadline and reminder is then claimed
  by one process only (``FOR UPDATE SKIP LOCKED`` and a version check, :mod:`bot.discord.pace.store`).
- **What a command owes the channel is posted by the process that applied it**, through Discord's
  REST API (any process may post in any channel; the gateway connection is only for receiving).
  Its outbox row is written in the same transaction as the log entry and marked sent once Discord
  took it, so a process killed in between has the row posted by its restart's catch-up, checked
  against the channel's history first (:mod:`bot.discord.resume`); a process that rebuilds a match
  leaves the rows another process wrote to that process. This was chosen over telling the
  serving process through LISTEN/NOTIFY: a notification is lost when its listener is down, where
  the outbox row is not, and the answer needs no second hop.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from bot.discord.errors import Stale
from bot.storage.base import ENDED
from bot.storage.shared import active_log_lengths, is_shared, log_length, match_head

log = logging.getLogger(__name__)


@asynccontextmanager
async def step(manager: Any, live: Any) -> AsyncIterator[None]:
    """Hold ``live``'s cross-process lock for the block, with ``live`` first rebuilt from the
    database when another process moved its log (see the module docstring). ``manager`` is the
    :class:`~bot.discord.matches.MatchManager`, ``live`` its :class:`~bot.discord.matches.LiveMatch`
    whose in-process lock the caller holds.

    :raises Stale: another process ended the match (``/match end``) meanwhile.
    """
    storage = manager.storage
    async with storage.match_lock(live.match_id):
        if is_shared(storage):
            status, length = await match_head(storage, live.match_id)
            if status == ENDED:  # `/match end` in another process: this one still held the match
                raise Stale("That match was ended (`/match end`), so this no longer applies.")
            if length != len(live.session.log):
                await reload(manager, live)
        yield


async def reload(manager: Any, live: Any) -> bool:
    """Rebuild ``live`` in place from the database (its session, secret picks, turn mark and owed
    lines, exactly as a restart restores them, and the outbox rows this process still owes; its
    in-process lock is kept). ``False`` when the match is no longer stored or does not replay (it
    is left as it was, and logged)."""
    fresh = await _restored(manager, live.match_id, set(live.unsent))
    if fresh is None:
        return False
    for f in dataclasses.fields(live):
        if f.name != "lock":
            setattr(live, f.name, getattr(fresh, f.name))
    log.info("match %s rebuilt from the database (another process moved it to %d commands)",
             live.match_id, len(live.session.log))
    return True


async def _restored(manager: Any, match_id: str, own: set[str]) -> Any:
    """The match as :meth:`~bot.discord.matches.MatchManager.restore` rebuilds it after a restart,
    without restoring any other: a throw-away manager of the same class whose storage lists only
    this match (``None``: not stored, or its log does not replay).

    Of the outbox rows not sent yet, only those in ``own`` (the keys this process wrote and still
    owes) are kept: the others belong to the process that wrote them, which is posting them now
    (or, if it died, its restart will). Taking them over would post them twice, or open a round
    twice (a round whose opening is still owed counts as not opened)."""
    stored = await manager.storage.load_match(match_id)
    if stored is None:
        return None
    stored = dataclasses.replace(stored, outbox=[e for e in stored.outbox if e.key in own])
    helper = type(manager)(_OneMatch(manager.storage, stored))
    await helper.restore()
    return helper.get(match_id)


class _OneMatch:
    """A storage that lists one stored match as the only active one (everything else is the real
    storage's); server cards were loaded when the process started."""

    def __init__(self, storage: Any, stored: Any) -> None:
        self._storage = storage
        self._stored = stored

    def __getattr__(self, name: str) -> Any:
        return getattr(self._storage, name)

    async def list_active(self) -> list[Any]:
        return [self._stored]

    async def all_server_cards(self) -> list[tuple[int, str, str]]:
        return []


async def catch_up_channel(manager: Any, channel_id: int | None) -> int:
    """Bring the active matches of ``channel_id`` (``None``: every active match, for a DM) up to
    date with the database: a match not in memory is loaded, one whose log moved is rebuilt.
    Returns how many changed. Each is rebuilt under its in-process lock, never mid-command. Nothing
    to do (0) on a database no other process writes."""
    if not is_shared(manager.storage):
        return 0
    changed = 0
    for match_id, length in (await active_log_lengths(manager.storage, channel_id)).items():
        live = manager.get(match_id)
        if live is None:
            fresh = await _restored(manager, match_id, set())
            if fresh is not None and manager.get(match_id) is None:
                manager._add(fresh)  # noqa: SLF001  # the manager's own way of holding a match
                changed += 1
            continue
        if length == len(live.session.log):
            continue
        async with live.lock:
            if await log_length(manager.storage, match_id) != len(live.session.log) and await reload(manager, live):
                changed += 1
    return changed


async def before_tick(bot: Any) -> None:
    """Before the play-by-post loop looks for due work: on a shared database, every active match
    brought up to date (:func:`catch_up_channel`) and every match's pace read again (another
    process may have made a match, or set its pace, since this one started)."""
    if not is_shared(bot.storage):
        return
    await catch_up_channel(bot.matches, None)
    await bot.pace.load()


def install(bot: Any) -> None:
    """On a shared database, bring each interaction's match up to date (:func:`catch_up_channel`)
    before the bot handles it; on SQLite nothing changes. ``bot`` is the
    :class:`~bot.discord.client.RefereeBot` after its interaction guard was installed."""
    if not is_shared(bot.storage):
        return
    parsers = bot._connection.parsers  # noqa: SLF001  # discord.py's dispatch table, as the bot's guard
    parse: Callable[[Any], None] = parsers["INTERACTION_CREATE"]

    async def fresh_then_parse(data: Any) -> None:
        channel = None if data.get("guild_id") is None else int(data.get("channel_id") or 0)
        try:
            await catch_up_channel(bot.matches, channel)
        except Exception:  # the handler still runs; applying re-checks under the match's lock
            log.exception("cannot bring the matches of channel %s up to date", channel)
        parse(data)

    def parse_when_fresh(data: Any) -> None:
        task = asyncio.ensure_future(fresh_then_parse(data))
        _pending.add(task)
        task.add_done_callback(_pending.discard)

    parsers["INTERACTION_CREATE"] = parse_when_fresh


#: Interactions waiting for their match to be brought up to date (kept so none is collected).
_pending: set[asyncio.Task[None]] = set()
