"""Resuming what was due after a restart (or before a graceful stop): every match is brought to
where its log says it should be, and the players get everything they were owed.

For each live match, in this order:

1. **The outbox** (:mod:`bot.storage`): the public result of every command the old process applied
   but did not get onto Discord is posted in the match channel, with the decision's buttons when
   that decision is still the one waited for. A row that did reach Discord before the crash (the
   process died between Discord's answer and marking the row sent) is recognised in the channel's
   recent history (a message of the bot with the same words, posted after the command was
   logged) and only marked sent, so each result is shown once.
2. **The round's opening** (outbox row ``round:N``): when the old process started a round but did
   not finish opening it, the game's face opens it (the public round message, and every player still
   owing secret picks gets the controls again): :meth:`bot.discord.face.Face.catch_up`.
3. **Automatic steps** the face takes by itself (on a start only).

When anything was caught up, the channel first reads one line saying the bot was restarted and
what it caught up. Nothing here raises: a match that cannot be caught up is logged and left for
the players' next command.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import TYPE_CHECKING

import discord

from bot.discord.face import face_of
from bot.discord.host import Host
from bot.discord.respond import Responder
from bot.storage.base import OUT_RESULT, OUT_ROUND, OutboxEntry

if TYPE_CHECKING:
    from bot.discord.matches import LiveMatch

log = logging.getLogger(__name__)

#: How many of the channel's newest messages are read to recognise a result already posted.
HISTORY_LIMIT = 50
#: Discord's epoch (ms), to turn a Unix time into the smallest snowflake of that moment.
DISCORD_EPOCH_MS = 1420070400000


def _snowflake_at(unix_s: float) -> int:
    """The smallest Discord id made at Unix time ``unix_s`` (seconds)."""
    return max(0, int(unix_s * 1000) - DISCORD_EPOCH_MS) << 22


async def _posted_since(bot: Host, channel_id: int, since: float) -> Counter[str]:
    """The contents of the bot's own messages in the channel posted after Unix time ``since``
    (a second of slack for clocks), counted; empty when the history cannot be read."""
    me = bot.user.id if bot.user is not None else None
    found: Counter[str] = Counter()
    try:
        channel = bot.get_partial_messageable(channel_id)
        async for msg in channel.history(limit=HISTORY_LIMIT, after=discord.Object(_snowflake_at(since - 1.0))):
            if me is None or msg.author.id == me:
                found[msg.content] += 1
    except discord.HTTPException as exc:
        log.warning("cannot read the history of channel %s to catch up (%s); owed results are posted", channel_id, exc)
    return found


def _already_posted(entry: OutboxEntry, posted: Counter[str]) -> bool:
    """Whether ``entry``'s words are among ``posted`` (each posted message vouches for one row;
    a result longer than one message is recognised by its first part)."""
    for content in posted:
        if posted[content] and content and (content == entry.text or
                                            (len(content) >= 1000 and entry.text.startswith(content))):
            posted[content] -= 1
            return True
    return False


async def catch_up(bot: Host, *, restarted: bool = True) -> int:
    """Catch up every live match (see the module docstring); return how many had something owed.
    ``restarted=False`` (a graceful stop flushing the outbox) posts no restart line."""
    count = 0
    for live in list(bot.matches.live()):
        try:
            if await catch_up_match(bot, live, restarted=restarted):
                count += 1
        except Exception:
            log.exception("cannot catch up match %s; it resumes with the players' next command", live.match_id)
    return count


async def catch_up_match(bot: Host, live: LiveMatch, *, restarted: bool = True) -> list[str]:
    """Deliver what ``live`` owes its channel; return what was caught up, in words (``[]``: nothing)."""
    face = face_of(live)
    owed = sorted(live.unsent.values(), key=lambda e: (e.seq, e.kind != OUT_RESULT))
    results = [e for e in owed if e.kind == OUT_RESULT]
    rounds = [e for e in owed if e.kind == OUT_ROUND]
    # An automatic step is taken on start only: a stopping bot delivers messages, it does not act.
    steps = face.catch_up_words(live, restarted=restarted)
    if not (results or rounds or steps):
        return []
    manager = bot.matches
    if results:
        posted = await _posted_since(bot, live.channel_id, min(e.at for e in results))
        for entry in list(results):
            if _already_posted(entry, posted):
                await manager.sent(live, entry.key)
                results.remove(entry)
    round_open = live.secret_round_due(owed_only=True)
    for entry in rounds:
        if entry.key != f"round:{live.game.round}" or not round_open:
            await manager.sent(live, entry.key)  # a round long over: nothing left to open
    what: list[str] = []
    if results:
        names = [entry_name(live, e) for e in results]
        what.append(f"the result of {', '.join(names)}")
    what.extend(steps)
    if not what:
        return []
    responder = Responder(bot, None, live.channel_id)
    if restarted:
        await responder.send(f"🔄 I was restarted; caught up: {'; '.join(what)}. "
                             "`/match status` shows where the match stands (and gives you your buttons again).")
    for entry in results:
        view = face.decision_view(live, entry.version, live.facts()[1]) if entry.version == live.version else None
        if await responder.send(entry.text, view=view, mentions=face.mentioned(live, entry.text)) is not None:
            await manager.sent(live, entry.key)
    await face.catch_up(bot, live, restarted=restarted)
    return what


async def setup(bot: Host) -> None:
    """Extension entry point: the bot catches up through :func:`catch_up` once its extensions are
    loaded, and flushes its outbox with it when stopping (the bot does not import this module)."""

    async def hook(*, restarted: bool) -> int:
        return await catch_up(bot, restarted=restarted)

    bot.catch_up_hook = hook


def entry_name(live: LiveMatch, entry: OutboxEntry) -> str:
    """A result row named for the catch-up line: whose command it was (``"Alice's `end-turn`"``)."""
    log_ = live.game.log
    if 0 <= entry.seq < len(log_):
        player, text = log_[entry.seq]
        verb = text.split(" ", 1)[0]
        return f"{live.game.name(player)}'s `{verb}`"
    return "a command"
