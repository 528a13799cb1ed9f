"""A turn's map picture, after its words (issue 21).

The words of a command are answered first; the picture is drawn meanwhile (in worker processes
when the bot's renderer is a :class:`~bot.render.pool.PicturePool`, else in a thread) and then
added to that same message by an edit, so the message ends as before (words and map together)
without the words waiting for the map. When the message cannot be edited (Discord refused it, or
the words went nowhere) the picture is posted in the channel on its own. The posted map is
remembered as the match's board; a copy goes under ``RENDER_DIR`` when set.

The picture's work is counted as in flight (the bot's ``inflight``), so a bot stopping, or a test
waiting for the bot to be idle, waits for it too.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Collection, Coroutine
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
    png = await face_of(live).draw(bot, live, applied.view, applied.shown)  # the game's own picture
    if png is None:
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
