"""A computer seat in a Discord match (``/match new vs:computer level:hard``, issue 20).

The computer joins as a player whose id says its level (:data:`SEATS`: ids no Discord user has,
so a restart knows the seat and its level with nothing stored beside the match), fields an army
from the server's card library (or drafts from it), and plays whenever the match waits for it:
:func:`play` runs after every published command (:func:`bot.discord.publish.publish` calls it),
sending the computer's commands through the same checked path as a person's
(:meth:`~bot.discord.matches.MatchManager.apply`) and publishing each. It is never sent Order
Marker controls by DM (it places its markers itself, unseen: the rules keep them secret).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bot.discord.errors import UserError
from bot.discord.respond import Responder
from bot.game import ai
from bot.game.session import library_for
from bot.rules.errors import RulesError

if TYPE_CHECKING:
    from bot.discord.host import Host
    from bot.games.heroscape.discord.live import HeroscapeLive as LiveMatch

log = logging.getLogger(__name__)

#: How a command is shown: :func:`bot.discord.publish.publish` (bot, live, applied, responder).
Publish = Callable[..., Awaitable[Any]]

#: Player id of a computer seat -> its level (Discord user ids are far larger numbers).
SEATS = {"1": "easy", "2": "normal", "3": "hard"}
#: The most commands the computer sends in a row before it lets the others act.
STEPS = 400
#: Matches whose computer seats are playing now (their own publishes must not start a second loop).
_PLAYING: set[str] = set()


def seat_id(level: str) -> str:
    """The player id of a computer seat at ``level`` (:func:`bot.game.ai.parse_level` first)."""
    return next(pid for pid, lv in SEATS.items() if lv == level)


def is_computer(pid: str) -> bool:
    """Whether ``pid`` is a computer seat's player id."""
    return pid in SEATS


async def seat(bot: Host, live: LiveMatch, level: str, publish: Publish) -> None:
    """Seat the computer at ``level`` in ``live``'s match and show it with ``publish``
    (:func:`bot.discord.publish.publish`); it then fields its army by itself.

    :raises UserError: the match has no free seat.
    :raises RulesError: the rules refuse the seat.
    """
    applied = await bot.matches.apply(live, seat_id(level), f"join \"Computer ({level})\"")
    await publish(bot, live, applied, Responder(bot, None, live.channel_id))


async def play(bot: Host, live: LiveMatch, publish: Publish) -> None:
    """Send the computer seats' commands while the match waits for one of them, each shown with
    ``publish`` (:func:`bot.discord.publish.publish`, which calls this after every command)."""
    if live.match_id in _PLAYING:
        return  # the loop below is under way (this is one of its own publishes)

    _PLAYING.add(live.match_id)
    try:
        for _ in range(STEPS):
            pid = next((p for p in ai.waiting_for(live.state) if is_computer(p)), None)
            if pid is None:
                return
            version = live.version
            pool = library_for(live.meta.guild_id)
            # The planner takes up to a second or two: off the event loop, on a copy of the position.
            st = live.state.clone()
            cmd = await asyncio.to_thread(ai.next_command, st, pid, SEATS[pid], pool)
            if cmd is None:
                return
            try:
                applied = await bot.matches.apply(live, pid, cmd, expected_version=version)
            except (RulesError, UserError) as exc:
                if live.version != version:
                    continue  # someone acted meanwhile: think again
                log.warning("match %s: the computer's %r was refused: %s", live.match_id, cmd, exc)
                return
            await publish(bot, live, applied, Responder(bot, None, live.channel_id))
    finally:
        _PLAYING.discard(live.match_id)
