"""Matches that live in threads: opening the thread for ``/match new thread:True``, naming it, and
finding the matches in the threads of a channel (so a player in the parent channel is pointed there).

A match in a thread is an ordinary match whose channel id is the thread's id; nothing else in the
bot needs to know. Which thread belongs to which channel comes from discord.py's thread cache
(active threads, filled by the gateway) and from :class:`ThreadParents`, an in-memory map of the
threads the bot opened or saw an interaction in (archived threads drop out of the cache).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import discord

from bot import games
from bot.discord.errors import UserError

if TYPE_CHECKING:
    from bot.discord.matches import LiveMatch, MatchManager

#: Discord's longest channel (thread) name.
NAME_LIMIT = 100
#: Minutes without a message before Discord archives a match thread: a week, because a match may
#: wait days for a player; posting into an archived thread reopens it anyway.
AUTO_ARCHIVE_MINUTES: Final = 10080
#: Discord's error code for a refused permission.
MISSING_PERMISSIONS = 50013


def thread_name(custom: str | None, scenario: str, creator: str, game: str = games.DEFAULT) -> str:
    """The thread's name: ``custom`` with its whitespace collapsed, else ``"<game title>: <scenario> —
    <creator>"``; at most :data:`NAME_LIMIT` characters, never empty."""
    title = games.get(game).title
    name = " ".join((custom or "").split())
    if not name:
        name = f"{title}: {' '.join(scenario.split())} — {creator}"
    return name[:NAME_LIMIT].rstrip() or f"{title} match"


def thread_host(interaction: discord.Interaction) -> discord.TextChannel:
    """The text channel a match thread would be opened from, with the bot allowed to do it.

    :raises UserError: in a thread already (threads hold no threads), in another kind of channel,
        or when the bot lacks Create Public Threads / Send Messages in Threads there.
    """
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        parent = f" in <#{channel.parent_id}>" if channel.parent_id else ""
        raise UserError("This is already a thread, and a thread cannot hold another one. Run `/match new` "
                        f"without `thread` to play the match right here, or run it{parent} with `thread`.")
    if not isinstance(channel, discord.TextChannel):
        raise UserError("I can open a match thread only from a text channel. Run `/match new` without "
                        "`thread` to play here.")
    perms = interaction.app_permissions
    missing = [label for label, ok in (("Create Public Threads", perms.create_public_threads),
                                       ("Send Messages in Threads", perms.send_messages_in_threads)) if not ok]
    if missing:
        raise UserError(_missing_text(channel.id, missing))
    return channel


def _missing_text(channel_id: int, missing: list[str]) -> str:
    names = " and ".join(f"**{m}**" for m in missing)
    return (f"I cannot open a thread in <#{channel_id}>: I lack the {names} permission there. "
            "Ask someone who manages the server to give it to me, or run `/match new` without `thread` "
            "to play in this channel. No match was created.")


async def open_thread(channel: discord.TextChannel, name: str) -> discord.Thread:
    """Open a public thread (no starter message) from ``channel`` for a match.

    :raises UserError: Discord refused with 50013 Missing Permissions (nothing was created).
    :raises discord.HTTPException: any other refusal.
    """
    try:
        return await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                           auto_archive_duration=AUTO_ARCHIVE_MINUTES,
                                           reason="a match")
    except discord.Forbidden as exc:
        if exc.code != MISSING_PERMISSIONS:
            raise
        raise UserError(_missing_text(channel.id, ["Create Public Threads"])) from None


class ThreadParents:
    """Thread id -> parent channel id, for the threads the bot opened or saw an interaction in."""

    def __init__(self) -> None:
        self._parent: dict[int, int] = {}

    def remember(self, thread_id: int, parent_id: int) -> None:
        """Note that ``thread_id`` is a thread of channel ``parent_id``."""
        self._parent[thread_id] = parent_id

    def note(self, channel: object) -> None:
        """Remember ``channel`` if it is a thread (any interaction's channel may be passed)."""
        if isinstance(channel, discord.Thread) and channel.parent_id:
            self.remember(channel.id, channel.parent_id)

    def children(self, channel: object, channel_id: int) -> set[int]:
        """Ids of the known threads of channel ``channel_id`` (``channel`` adds discord.py's cached
        active threads when it is a text channel)."""
        found = {t for t, p in self._parent.items() if p == channel_id}
        if isinstance(channel, discord.TextChannel):
            found |= {t.id for t in channel.threads}
        return found


def matches_in_threads(matches: MatchManager, parents: ThreadParents, channel: object,
                       channel_id: int | None) -> list[LiveMatch]:
    """The unfinished matches living in threads of ``channel_id``, oldest thread first."""
    if channel_id is None:
        return []
    threads = parents.children(channel, channel_id) | {m.channel_id for m in matches.in_threads_of(channel_id)}
    found = (matches.in_channel(t) for t in sorted(threads))
    return [live for live in found if live is not None and not live.over]


def no_match_text(matches: MatchManager, parents: ThreadParents, channel: object, channel_id: int | None) -> str:
    """What to tell a player who runs a match command where no match is: start one, or go to the
    threads of this channel that hold one."""
    text = "There is no match in this channel. Start one with `/match new`."
    lives = matches_in_threads(matches, parents, channel, channel_id)
    if lives:
        text += ("\nMatches in threads of this channel: " + ", ".join(f"<#{live.channel_id}>" for live in lives)
                 + " — run the match commands there.")
    return text
