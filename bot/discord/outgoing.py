"""Everything the bot sends to Discord passes through here: who may be pinged, how long a text may be,
what to retry and how a refusal is read.

- **Pings** (``allowed_mentions``): the client's default is :data:`NO_PINGS` (nobody, never
  ``@everyone``/``@here`` or a role); a message that means to call players passes them to
  :func:`pings`. Names users choose are :func:`neutral`: ``@everyone`` in a display name stays text.
- **Limits**: :func:`chunks` splits a text into messages of at most :data:`MAX_CONTENT` (2,000)
  characters at line ends; :func:`cap` shortens one that must stay a single message; :func:`echo`
  shortens what a refusal repeats of the user's input (:data:`MAX_ECHO`), :func:`cap_echoes` every
  quoted echo of a refusal text.
- **Retries** (:func:`deliver`): discord.py already waits out rate limits (429, ``retry_after``),
  retries 500/502/504/524 of REST calls and every 5xx of interaction webhooks (about 16-25 s in all);
  a channel post or DM that fails otherwise with a server error (a 503) or a dropped connection is
  tried again after :data:`RETRY_DELAYS` seconds, then raised for the caller to report. Nothing here
  sleeps on a 429 or sends around discord.py's rate-limit buckets.
- **Permissions** (:func:`missing_permission`, :func:`missing_text`): 50013 Missing Permissions and
  50001 Missing Access become one sentence naming the permission and who can fix it.
- **Problems told once** (:class:`Problems`): a channel the bot cannot post in is told to the next
  person who interacts there, once, until a post succeeds again.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Discord's longest message content.
MAX_CONTENT = 2000
#: How much of a user's own input a refusal repeats.
MAX_ECHO = 100
#: No pings at all: the client's default for every message (see the module docstring).
NO_PINGS = discord.AllowedMentions.none()
#: Seconds to wait before each further try of a send that failed with a server error (after
#: discord.py's own retries); tests shorten it.
RETRY_DELAYS: tuple[float, ...] = (2.0, 8.0)
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
_ZWSP = "\u200b"
_QUOTED = re.compile("'([^'\\n]{" + str(MAX_ECHO + 1) + ",})'")


def pings(user_ids: Iterable[int | str]) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these users (no ``@everyone``, no roles, no reply ping)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=int(u)) for u in dict.fromkeys(user_ids)])


def neutral(name: str) -> str:
    """A user-chosen name that can never ping: ``@everyone``/``@here`` and ``<@...>`` get a zero-width
    space after ``@``/``<`` (they read the same, but Discord no longer parses them)."""
    name = re.sub(r"@(everyone|here)", lambda m: f"@{_ZWSP}{m.group(1)}", name, flags=re.IGNORECASE)
    return name.replace("<@", f"<{_ZWSP}@").replace("<#", f"<{_ZWSP}#")


def cap(text: str, limit: int = MAX_CONTENT) -> str:
    """``text`` cut to at most ``limit`` characters, ending in ``…`` when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: str, limit: int = MAX_ECHO) -> str:
    """The part of a user's input a message repeats, one line, at most ``limit`` characters, shown
    as typed: markdown and mentions in it are escaped, so a quoted ``**bold**`` or ``<@id>`` is text."""
    text = cap(" ".join(value.split()), limit)
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def cap_echoes(text: str) -> str:
    """A refusal with every quoted echo of input (``'...'``) cut to :data:`MAX_ECHO` characters, the
    whole at most :data:`MAX_CONTENT`."""
    return cap(_QUOTED.sub(lambda m: f"'{echo(m.group(1))}'", text))


def chunks(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """Split ``text`` at line ends into pieces of at most ``limit`` characters (a longer line is cut);
    never an empty list."""
    out: list[str] = []
    cur = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if cur:
                out.append(cur)
                cur = ""
            out.append(line[:limit])
            line = line[limit:]
        if cur and len(cur) + len(line) + 1 > limit:
            out.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur or not out:
        out.append(cur)
    return out


#: Server errors discord.py's REST client already tried five times (its own backoff) before raising.
LIBRARY_RETRIED = frozenset({500, 502, 504, 524})


def transient(exc: BaseException) -> bool:
    """Whether ``exc`` is a Discord server error (5xx) or a broken connection: worth another try later."""
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500
    return isinstance(exc, aiohttp.ClientError | asyncio.TimeoutError | ConnectionError)


def worth_retrying(exc: BaseException) -> bool:
    """Whether :func:`deliver` tries again after ``exc``: a :func:`transient` failure that discord.py's
    REST client did not already retry (it retries 500, 502, 504 and 524 itself; not 503)."""
    if isinstance(exc, discord.HTTPException) and exc.status in LIBRARY_RETRIED:
        return False
    return transient(exc)


def missing_permission(exc: BaseException) -> bool:
    """Whether ``exc`` is Discord saying the bot lacks a permission (50013) or cannot see the channel (50001)."""
    return isinstance(exc, discord.Forbidden) and exc.code in (MISSING_PERMISSIONS, MISSING_ACCESS)


async def deliver(send: Callable[[], Awaitable[T]], what: str) -> T:
    """``await send()`` (a REST call: a channel post or a DM), tried again after each of
    :data:`RETRY_DELAYS` while it fails in a way :func:`worth_retrying` (so the tries add to
    discord.py's own instead of multiplying them). Interaction webhooks (followups, edits of the
    original response) are not sent through here: discord.py retries every 5xx of those five times.

    :param what: the message in words, for the log (e.g. ``"a line in channel 123"``).
    :raises discord.HTTPException: the last failure, or at once one that is not transient.
    """
    for delay in (*RETRY_DELAYS, None):
        try:
            return await send()
        except Exception as exc:
            if delay is None or not worth_retrying(exc):
                raise
            log.warning("sending %s failed (%s); trying again in %.1f s", what, exc, delay)
            await asyncio.sleep(delay)
    raise AssertionError("unreachable")


def permission_names(*, thread: bool, files: bool, embeds: bool = False) -> str:
    """The permissions a post needs, in Discord's words, e.g. ``"**Send Messages** and **Attach Files**"``."""
    names = ["View Channel", "Send Messages in Threads" if thread else "Send Messages"]
    if files:
        names.append("Attach Files")
    if embeds:
        names.append("Embed Links")
    return ", ".join(f"**{n}**" for n in names[:-1]) + f" and **{names[-1]}**"


def missing_text(channel_id: int, exc: discord.HTTPException, *, thread: bool = False, files: bool = False) -> str:
    """The sentence for a post refused with 50013/50001: what is missing, where, who can fix it, and
    that the match is safe."""
    if getattr(exc, "code", None) == MISSING_ACCESS:
        lack = "I cannot see that channel any more (**View Channel** is missing)"
    else:
        lack = f"I lack a permission there; I need {permission_names(thread=thread, files=files)}"
    return (f"⚠ I could not post in <#{channel_id}>: {lack}. Ask someone who manages the server to give "
            "them to me. The match is saved and goes on once I can post; `/match status` shows where it stands.")


def missing_at_start(perms: discord.Permissions, *, thread: bool) -> list[str]:
    """The permissions a match needs that ``perms`` (an interaction's ``app_permissions``) lacks, in
    Discord's words: View Channel, Send Messages (in Threads, for a match in a thread), Attach Files
    (the map) and Embed Links."""
    needed = [("View Channel", perms.view_channel),
              ("Send Messages in Threads" if thread else "Send Messages",
               perms.send_messages_in_threads if thread else perms.send_messages),
              ("Attach Files", perms.attach_files), ("Embed Links", perms.embed_links)]
    return [name for name, ok in needed if not ok]


#: Key in ``Interaction.extras``: a "thinking…" placeholder was sent and nothing has replaced it yet.
PLACEHOLDER = "referee_placeholder_empty"


def placeholder_empty(interaction: discord.Interaction) -> bool:
    """Whether ``interaction`` shows a "thinking…" placeholder nothing has replaced yet (as marked by
    :func:`mark_placeholder`): the one message an error may still be written into."""
    return bool(interaction.extras.get(PLACEHOLDER))


def mark_placeholder(interaction: discord.Interaction, empty: bool) -> None:
    """Note that the placeholder of ``interaction`` was sent (``True``) or has been replaced (``False``)."""
    interaction.extras[PLACEHOLDER] = empty


class Problems:
    """Channels the bot could not post in, with the sentence to tell, and whom it was told already.

    A problem is told once to each person who interacts in that channel (the first is told at once when
    the failing post answered their command); a post that gets through clears it.
    """

    def __init__(self) -> None:
        self._text: dict[int, str] = {}
        self._told: dict[int, set[int]] = {}

    def note(self, channel_id: int, text: str) -> None:
        """Remember that posting in ``channel_id`` fails; ``text`` says why."""
        if self._text.get(channel_id) != text:
            self._told[channel_id] = set()
        self._text[channel_id] = text

    def clear(self, channel_id: int) -> None:
        """A post in ``channel_id`` got through: nothing more to tell."""
        self._text.pop(channel_id, None)
        self._told.pop(channel_id, None)

    def to_tell(self, channel_id: int, user_id: int) -> str | None:
        """The problem of ``channel_id`` if ``user_id`` was not told yet (then marked as told), else ``None``."""
        text = self._text.get(channel_id)
        told = self._told.setdefault(channel_id, set())
        if text is None or user_id in told:
            return None
        told.add(user_id)
        return text

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._text


def problems(bot: object) -> Problems:
    """The :class:`Problems` of one bot (kept on the bot, made on first use)."""
    found = getattr(bot, "_posting_problems", None)
    if found is None:
        found = Problems()
        setattr(bot, "_posting_problems", found)  # noqa: B010 - the client class is not ours to extend
    return found
