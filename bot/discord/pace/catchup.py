"""Catch-up for a player coming back: what happened since they last acted (``/match since`` and
the "your move" DM), the whole public history in pages (``/match log``), and the turn images in
order as one animated image (``/match replay``). Public words only: the results the channel was
shown (the outbox), with the cause of commands a player did not send (a passed deadline)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from bot.discord.errors import UserError
from bot.discord.pace import history as history_module
from bot.discord.pace.texts import MAX_CONTENT

if TYPE_CHECKING:
    from bot.discord.host import Renderer
    from bot.discord.matches import LiveMatch
    from bot.discord.pace.service import PaceService

#: Characters of history per ``/match log`` page (one message, with room for the page line).
PAGE_CHARS = 1800
#: The most turn images ``/match replay`` puts in its animation (the latest ones).
REPLAY_FRAMES = 30


def last_acted(live: LiveMatch, player: str) -> int:
    """The log position of ``player``'s last command (-1: none)."""
    return history_module.last_acted(live, player)


async def history(service: PaceService, live: LiveMatch, after: int = -1) -> list[str]:
    """Public lines of the commands after log position ``after`` (see :mod:`.history`)."""
    return [] if service.store is None else await history_module.lines(service.store, live, after)


def pages(lines: list[str], limit: int = PAGE_CHARS) -> list[str]:
    """Lines grouped into pages of at most ``limit`` characters, never splitting a line unless
    it alone is longer (then at spaces)."""
    from bot.discord.pace.texts import split_words

    out: list[str] = []
    cur = ""
    for line in lines:
        for piece in split_words(line, limit):
            if cur and len(cur) + 1 + len(piece) > limit:
                out.append(cur)
                cur = piece
            else:
                cur = f"{cur}\n{piece}" if cur else piece
    if cur:
        out.append(cur)
    return out


async def log_page(service: PaceService, live: LiveMatch, page: int | None) -> str:
    """Page ``page`` (1-based; ``None``: the last) of the public history, with a page line.

    :raises UserError: a page that does not exist (saying how many there are).
    """
    all_pages = pages(await history(service, live)) or ["Nothing has happened in this match yet."]
    n = len(all_pages)
    page = n if page is None else page
    if not 1 <= page <= n:
        raise UserError(f"This match's history has {n} page{'s' if n != 1 else ''}; ask for a page from 1 to {n}.")
    foot = f"\n— page {page} of {n}" + (f"; `/match log page:{page - 1}` for the one before" if page > 1 else "")
    text = all_pages[page - 1] + foot
    assert len(text) <= MAX_CONTENT
    return text


def replay_gif(live: LiveMatch, render: Renderer | None, *, frames: int = REPLAY_FRAMES,
               scale: float = 0.5) -> tuple[bytes, int]:
    """The match replayed from its seed, one picture after each turn (:meth:`LiveMatch.turn_shots`,
    drawn by :meth:`LiveMatch.draw_view` with the bot's ``render``), as one animated GIF;
    ``(bytes, pictures)``.

    :raises UserError: when no turn has ended yet.
    """
    from PIL import Image

    shots = live.turn_shots()
    if not shots:
        raise UserError(f"No {live.turn_name} has ended yet, so there is nothing to replay. `/match status` shows "
                        "where the match stands.")
    images = []
    for view, events in shots[-frames:]:
        png = live.draw_view(render, view, events)
        if png is None:
            continue
        img = Image.open(io.BytesIO(png)).convert("RGB")
        img = img.resize((max(1, int(img.width * scale)), max(1, int(img.height * scale))))
        images.append(img.convert("P", palette=Image.Palette.ADAPTIVE))
    if not images:
        raise UserError("This game draws no pictures, so there is nothing to replay.")
    buf = io.BytesIO()
    images[0].save(buf, format="GIF", save_all=True, append_images=images[1:], duration=1200, loop=0)
    return buf.getvalue(), len(images)
