"""An accepted command, shown through its game's face (:mod:`bot.discord.face`): the public words
(with a picture when one is due, added once drawn: :mod:`bot.discord.pictures`), buttons for a
pending decision, private lines by DM, and what follows by itself (:meth:`Face.follow_up
<bot.discord.face.Face.follow_up>`: a new round's secret controls, automatic steps), the pace and
league hooks, then computer seats.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import TYPE_CHECKING

import discord

from bot.discord import outgoing
from bot.discord.face import face_of
from bot.discord.host import Host
from bot.discord.outgoing import chunks
from bot.discord.pictures import follow
from bot.discord.pictures import keep_copy as keep_copy  # re-exported: older imports
from bot.discord.pictures import render as render  # re-exported: the cogs and pace import it from here
from bot.discord.respond import Responder

if TYPE_CHECKING:
    from bot.discord.matches import Applied, LiveMatch

log = logging.getLogger(__name__)


async def publish(bot: Host, live: LiveMatch, applied: Applied, responder: Responder, *,
                  private_done: Collection[str] = (), header: str = "") -> None:
    """Show ``applied`` (see the module docstring) through the match's game face
    (:mod:`bot.discord.face`); its outbox row is marked sent once posted."""
    face = face_of(live)
    out = applied.outcome
    picture = applied.view is not None and bot.render is not None
    if applied.view is not None:
        await responder.defer()
    text = applied.result or face.describe(live, out, header)
    pace = getattr(bot, "pace", None)
    # By post (issue 16): the deadline goes with the map, and the pace service pings the players
    # waited on, once each, so the result itself pings nobody.
    deadline = await pace.before_publish(live) if pace is not None else ""
    post = pace is not None and pace.is_post(live)
    shown_text = f"{text}\n{deadline}" if deadline and picture else text
    # The words first; the map is drawn meanwhile and added to this message (bot.discord.pictures).
    msg = await responder.send(shown_text or "Done.",
                               view=face.decision_view(live, applied.version, applied.pending),
                               mentions=() if post else face.mentioned(live, text))
    if msg is not None or not responder.gone:
        await bot.matches.sent(live, f"cmd:{applied.seq}")
    if picture:
        follow(bot, live, applied, msg, responder)
    for pid, plines in out.private.items():
        if pid not in private_done and any(plines):  # nothing private to say: no empty message
            await send_private(bot, live, pid, plines, responder)
    await face.follow_up(bot, live, applied, responder)
    if pace is not None:
        await pace.after_publish(live)
    leagues = getattr(bot, "leagues", None)
    if leagues is not None and live.over:
        await leagues.match_over(live)  # a league match reports its own result (issue 17)
    await face.play_computer(bot, live)  # a computer seat waited on plays now (issue 20)


async def send_private(bot: Host, live: LiveMatch, pid: str, lines: list[str], responder: Responder) -> None:
    """Private lines: ephemerally to the player who interacted, else by DM, else kept for later
    (stored, so that a restart still shows them with the player's next command)."""
    text = "\n".join(lines)
    if pid == responder.user_id and not responder.gone:
        await responder.send(text, ephemeral=True)
        return
    if pid not in live.dm_closed:
        try:
            channel = await bot.dm(int(pid))
            for part in chunks(text):
                await outgoing.deliver(lambda part=part: channel.send(part), f"a DM to {pid}")  # type: ignore[misc]
            return
        except Exception as exc:  # closed DMs or a failed send: keep the words for the next command
            if isinstance(exc, discord.Forbidden):
                live.dm_closed.add(pid)  # only a refusal means closed DMs; a 5xx is tried again next time
            else:
                log.warning("DM to %s failed: %s; kept for their next command", pid, exc)
    await bot.matches.owe(live, pid, text)
