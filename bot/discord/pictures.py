"""A turn's map picture, after its words (issue 21).

The words of a command are answered first; the picture is drawn meanwhile (in worker processes
when the bot's renderer is a :class:`~bot.render.pool.PicturePool`, else in a thread) and then
added to that same message by an edit, so the message ends as before (words and map together)
without the words waiting for the map. When the message cannot be edited (Discord refused it, or
the words went nowhere) the picture is posted in the channel on its own. The posted map is
remembered as the match's board; a copy goes under ``RENDER_DIR`` when set.

The picture's work is counted as in flight (the bot's ``inflight``), so a bot stopping, or a test
waiting for the bot to be idle, waits for it too.

Turn pictures wait in a :class:`PictureQueue` (one per bot): at most a few are drawn at once (the
renderer's ``workers`` plus one, so a worker never idles between pictures), the others wait in
the order they were asked for, and a match has at most one picture waiting: when a newer turn of
the same match ends before its older picture was started, only the newer one is drawn (the older
is *superseded*: its words stay without a map, the next message carries the newer map). A match
also never has two pictures drawn at once, so its maps are posted in turn order. This keeps the
backlog bounded by the number of matches when turns end faster than pictures can be drawn
(issue 21: pictures queued for tens of seconds behind stale ones).
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.face import face_of
from bot.discord.host import Host
from bot.discord.respond import Responder
from bot.rules.state import MatchState

if TYPE_CHECKING:
    from bot.discord.matches import Applied, LiveMatch
    from bot.rules.events import Event

log = logging.getLogger(__name__)

#: Picture tasks running (kept so none is collected before it ends).
_running: set[asyncio.Task[None]] = set()


async def render(bot: Host, view: MatchState, events: Collection[Event] = (), **kw: object) -> bytes | None:
    """The map PNG of a public view (``None`` when maps are off or drawing failed): drawn by the
    renderer's worker processes when it has them (``draw``), else in a thread."""
    if bot.render is None:
        return None
    try:
        draw = getattr(bot.render, "draw", None)
        if draw is not None:
            png: bytes = await draw(view, events=tuple(events), **kw)
            return png
        return await asyncio.to_thread(bot.render, view, events=tuple(events), **kw)
    except Exception:  # a picture is never worth losing the words of a turn
        log.exception("map rendering failed (round %s, version %s)", view.round, view.version)
        return None


@dataclass
class _Job:
    draw: Callable[[], Awaitable[bytes | None]]
    done: asyncio.Future[bytes | None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class PictureQueue:
    """Turn pictures to draw, per match only the newest waiting (see the module docstring).

    ``limit``: how many are drawn at once. Counters: ``drawn`` (pictures drawn), ``superseded``
    (pictures skipped because a newer one of the same match was asked for before they started).
    """

    def __init__(self, limit: int) -> None:
        self.limit = max(1, limit)
        self.waiting: OrderedDict[str, _Job] = OrderedDict()
        self.busy: set[str] = set()
        self.drawn = 0
        self.superseded = 0
        self._tasks: set[asyncio.Task[None]] = set()

    async def draw(self, key: str, draw: Callable[[], Awaitable[bytes | None]]) -> bytes | None:
        """Draw ``draw()`` for match ``key`` in its turn; ``None`` when a newer picture of the same
        match superseded it before it started (or when ``draw`` gave ``None``)."""
        job = _Job(draw)
        older = self.waiting.get(key)
        self.waiting[key] = job  # an older waiting picture's place in the line goes to the newer one
        if older is not None:
            self.superseded += 1
            if not older.done.done():
                older.done.set_result(None)
        self._pump()
        return await job.done

    def _pump(self) -> None:
        while len(self.busy) < self.limit:
            key = next((k for k in self.waiting if k not in self.busy), None)
            if key is None:
                return
            job = self.waiting.pop(key)
            self.busy.add(key)
            task = asyncio.get_running_loop().create_task(self._run(key, job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, key: str, job: _Job) -> None:
        try:
            png = await job.draw()
            self.drawn += 1
            if not job.done.done():
                job.done.set_result(png)
        except asyncio.CancelledError:
            job.done.cancel()
            raise
        except Exception as exc:  # handed to the waiting caller
            if not job.done.done():
                job.done.set_exception(exc)
        finally:
            self.busy.discard(key)
            self._pump()


#: Each bot's picture queue (made on first use, sized from its renderer).
_queues: weakref.WeakKeyDictionary[Any, PictureQueue] = weakref.WeakKeyDictionary()


def queue_of(bot: Host) -> PictureQueue:
    """``bot``'s :class:`PictureQueue`: as many pictures at once as its renderer has ``workers``
    (one when it has none: a thread), plus one."""
    queue = _queues.get(bot)
    if queue is None:
        queue = _queues[bot] = PictureQueue(int(getattr(bot.render, "workers", 1)) + 1)
    return queue


def keep_copy(path: Path, png: bytes) -> None:
    """Write a posted map under ``RENDER_DIR`` too (failures are logged, never raised)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
    except OSError:
        log.warning("could not write %s", path)


def follow(bot: Host, live: LiveMatch, applied: Applied, msg: discord.Message | None, responder: Responder) -> None:
    """Draw ``applied``'s picture and add it to ``msg`` (its words, already posted), in the
    background; see the module docstring."""
    _spawn(bot, _post(bot, live, applied, msg, responder))


def _spawn(bot: Host, work: Coroutine[Any, Any, None]) -> None:
    counted = hasattr(bot, "inflight")
    if counted:
        bot.inflight += 1  # type: ignore[attr-defined]

    async def run() -> None:
        try:
            await work
        except Exception:  # logged: the words were posted, only the picture is missing
            log.exception("posting a map picture failed")
        finally:
            if counted:
                bot.inflight -= 1  # type: ignore[attr-defined]

    task = asyncio.get_running_loop().create_task(run())
    _running.add(task)
    task.add_done_callback(_running.discard)


async def _post(bot: Host, live: LiveMatch, applied: Applied, msg: discord.Message | None,
                responder: Responder) -> None:
    assert applied.view is not None
    # The picture tells the whole turn, not only this command (the match keeps the turn's events).
    view = applied.view
    face = face_of(live)
    png = await queue_of(bot).draw(live.match_id, lambda: face.draw(bot, live, view, applied.shown))  # the game's own picture
    if png is None:  # maps off, drawing failed, or a newer turn's picture superseded this one
        return
    name = f"round{applied.round}-v{applied.version}.png"
    posted: discord.Message | None = None
    if msg is not None:
        try:
            posted = await msg.edit(attachments=[discord.File(io.BytesIO(png), filename=name)])
        except Exception as exc:  # the words stay; the picture goes to the channel instead
            log.warning("could not add the map to message %s: %s; posting it on its own", msg.id, exc)
            posted = None
    if posted is None:
        posted = await responder.to_channel("", png=png, filename=name)
    if posted is not None:
        await bot.matches.storage.add_board(live.match_id, posted.channel.id, posted.id, applied.version)
    if bot.settings.render_dir:
        await asyncio.to_thread(keep_copy, Path(bot.settings.render_dir) / live.match_id / name, png)
