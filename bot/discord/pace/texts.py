"""Words for play by post, within Discord's limits: Discord timestamps, what a player is expected
to do, and long texts split into messages at line ends or spaces, never inside a word."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    pass

#: Discord's longest message content.
MAX_CONTENT = 2000
#: How late (seconds) an act may come before players are told it happened late (the loop runs
#: every minute, so anything later means the bot was down).
LATE_AFTER = 180.0


def stamp(when: float, style: str = "f") -> str:
    """A Discord timestamp (each reader sees it in their own time zone): ``<t:UNIX:f>``."""
    return f"<t:{int(when)}:{style}>"


def when_words(when: float) -> str:
    """``"<t:..:f> (<t:..:R>)"``: the date and how far from now."""
    return f"{stamp(when, 'f')} ({stamp(when, 'R')})"


def link(guild_id: int | None, channel_id: int) -> str:
    """The address of a match's channel or thread."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def match_link(bot: object, guild_id: int | None, channel_id: int) -> str:
    """A masked link to a match's channel or thread, as Discord shows links best: ``[#name](url)``,
    the channel or thread name the reader knows (two matches of one scenario differ by it), or
    ``[the match](url)`` when the bot does not know the channel (any ``[``, ``]`` dropped from the name)."""
    get = getattr(bot, "get_channel", None)
    channel = get(channel_id) if get is not None else None
    name = getattr(channel, "name", None)
    label = f"#{str(name).replace('[', '').replace(']', '')}" if name else "the match"
    return f"[{label}]({link(guild_id, channel_id)})"


def split_words(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """Split ``text`` into pieces of at most ``limit`` characters at line ends, a too long line at
    spaces (a word longer than ``limit`` alone is cut); never an empty list."""
    out: list[str] = []
    cur = ""

    def push(piece: str) -> None:
        nonlocal cur
        if cur and len(cur) + 1 + len(piece) > limit:
            out.append(cur)
            cur = piece
        else:
            cur = f"{cur}\n{piece}" if cur else piece

    for line in text.split("\n"):
        if len(line) <= limit:
            push(line)
            continue
        words, part = line.split(" "), ""
        for word in words:
            while len(word) > limit:
                if part:
                    push(part)
                    part = ""
                push(word[:limit])
                word = word[limit:]
            if part and len(part) + 1 + len(word) > limit:
                push(part)
                part = word
            else:
                part = f"{part} {word}" if part else word
        if part:
            push(part)
    if cur or not out:
        out.append(cur)
    return out


def summarise(lines: list[str], limit: int, *, more: str) -> list[str]:
    """The newest ``lines`` that fit in ``limit`` characters, with one line first saying how many
    older ones were left out (``more`` says where to read them)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit - 120:
            break
        kept.append(line)
        size += len(line) + 1
    kept.reverse()
    left = len(lines) - len(kept)
    return ([f"… {left} earlier line{'s' if left != 1 else ''} left out ({more})."] if left else []) + kept


def median(values: list[float]) -> float:
    """The median of a non-empty list."""
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
