"""Answering an interaction so that nothing is lost when Discord will not take the answer.

:class:`Responder` sends the first answer as the interaction response and the rest as followups.
It is used once a command has been applied and logged, so a failed answer must never look like a
failed command: whatever Discord says when the interaction is answered - expired (10062), already
acknowledged elsewhere (40060), or any other refusal (403 Missing Access, a 5xx, a dropped
connection) - the interaction counts as gone, public messages go to the match channel instead and
only private (ephemeral) ones are dropped, logged. Nothing is raised, so the player is never told
to retry something that happened. Public answers to an interaction from elsewhere (a DM) always
go to the match channel.

Every send goes through :mod:`bot.discord.outgoing`: texts split within Discord's limits, nobody
pinged but the ``mentions`` asked for, server errors tried again. A "thinking…" placeholder is
never left empty: when the answer cannot replace it, it is edited into a line saying where the
answer went (or that it could not be posted). A post the channel refuses for a missing permission
(50013, 50001) is told to the user of the interaction, privately, and to the next one who acts in
that channel; other failures are logged as errors and told the same way, never dropped silently.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Collection
from typing import Any

import discord

from bot.discord import outgoing
from bot.discord.host import Host
from bot.discord.outgoing import MAX_CONTENT, chunks

log = logging.getLogger(__name__)

#: Discord error codes that mean "this interaction can no longer be answered" (the expected cases,
#: logged quietly; any other failure to answer is logged as a warning with its traceback).
GONE = {10062, 10015, 40060}
__all__ = ["GONE", "MAX_CONTENT", "Responder", "chunks"]


class Responder:
    """Where answers to one interaction (or to none: background work) go."""

    def __init__(self, bot: Host, interaction: discord.Interaction | None, channel_id: int) -> None:
        self.bot = bot
        self.interaction = interaction
        self.channel_id = channel_id
        self.gone = interaction is None
        self.in_channel = interaction is not None and interaction.channel_id == channel_id

    @property
    def thinking(self) -> bool:
        """A "thinking…" placeholder is up and nothing has replaced it yet (kept on the interaction,
        so that an error told later by :func:`~bot.discord.components.tell` can still fill it)."""
        return self.interaction is not None and outgoing.placeholder_empty(self.interaction)

    @thinking.setter
    def thinking(self, empty: bool) -> None:
        if self.interaction is not None:
            outgoing.mark_placeholder(self.interaction, empty)

    @property
    def user_id(self) -> str | None:
        """The id (as a player id) of the user who interacted, if any."""
        return str(self.interaction.user.id) if self.interaction is not None else None

    async def defer(self, *, ephemeral: bool = False) -> None:
        """Acknowledge now (before slow work) if nothing was sent yet."""
        i = self.interaction
        if self.gone or i is None or i.response.is_done():
            return
        if not ephemeral and not self.in_channel:
            return  # public answers go to the channel; the component answer comes later
        try:
            await i.response.defer(thinking=True, ephemeral=ephemeral)
            self.thinking = True
        except Exception as exc:  # see _lost: the command stands whatever Discord says
            self._lost(exc)

    def _lost(self, exc: Exception) -> None:
        """The interaction cannot be answered: from now on public messages go to the channel."""
        code = getattr(exc, "code", None)
        iid = self.interaction.id if self.interaction is not None else None
        if isinstance(exc, discord.HTTPException) and code in GONE:
            log.info("interaction %s can no longer be answered (%s)", iid, code)
        else:
            log.warning("answering interaction %s failed; posting in channel %s instead",
                        iid, self.channel_id, exc_info=exc)
        self.gone = True

    async def send(self, content: str = "", *, png: bytes | None = None, filename: str = "map.png",
                   view: discord.ui.View | None = None, ephemeral: bool = False,
                   mentions: Collection[int | str] = ()) -> discord.Message | None:
        """Send a message, split into pieces Discord accepts (the picture and the view go with the
        last); ``mentions`` are the users it may ping (nobody else, never ``@everyone``). Returns the
        last message when Discord told us which it is."""
        parts = chunks(content) if content else [""]
        allowed = outgoing.pings(mentions) if mentions else outgoing.NO_PINGS
        last: discord.Message | None = None
        for n, part in enumerate(parts):
            final = n == len(parts) - 1
            last = await self._send_one(part, png if final else None, filename, view if final else None,
                                        ephemeral, allowed)
        await self.tell_problems()
        return last

    async def _send_one(self, content: str, png: bytes | None, filename: str, view: discord.ui.View | None,
                        ephemeral: bool, allowed: discord.AllowedMentions) -> discord.Message | None:
        kwargs: dict[str, Any] = {"content": content or None, "allowed_mentions": allowed}
        if view is not None:
            kwargs["view"] = view
        i = self.interaction
        if i is not None and not self.gone and (ephemeral or self.in_channel):
            if png is not None:
                kwargs["file"] = discord.File(io.BytesIO(png), filename=filename)
            try:
                if not i.response.is_done():
                    resp = await i.response.send_message(ephemeral=ephemeral, **kwargs)
                    res = resp.resource if resp is not None else None
                    return res if isinstance(res, discord.Message) else None

                # discord.py tries a webhook five times on a 5xx by itself; no more tries here
                sent: discord.Message = await i.followup.send(ephemeral=ephemeral, wait=True, **kwargs)
                self.thinking = False  # the first followup after a defer replaces the placeholder
                return sent
            except Exception as exc:  # see _lost
                self._lost(exc)
        if ephemeral:
            log.info("dropped a private answer for %s: the interaction cannot be answered", self.user_id)
            await self._fill_placeholder(None)
            return None
        posted = await self.to_channel(content, png=png, filename=filename, view=view, allowed=allowed)
        await self._fill_placeholder(posted)
        return posted

    async def _fill_placeholder(self, posted: discord.Message | None) -> None:
        """Replace a "thinking…" placeholder the answer could not replace by a line saying where the
        answer went (``posted``: the message in the channel) or that it could not be posted."""
        i = self.interaction
        if not self.thinking or i is None:
            return
        if posted is not None:
            text = f"⚠ Discord did not take my answer here, so I posted it in <#{self.channel_id}>."
        else:
            text = ("⚠ Your command was applied, but Discord did not take my answer. "
                    "`/match status` shows where the match stands.")
        try:
            await i.edit_original_response(content=text, allowed_mentions=outgoing.NO_PINGS)
            self.thinking = False
        except Exception:  # Discord takes nothing from this interaction any more: logged, nothing else to do
            log.error("the placeholder of interaction %s stays empty: Discord refused every edit", i.id,
                      exc_info=True)

    async def to_channel(self, content: str, *, png: bytes | None = None, filename: str = "map.png",
                         view: discord.ui.View | None = None,
                         allowed: discord.AllowedMentions | None = None) -> discord.Message | None:
        """Post in the match channel (not as an interaction answer); ``None`` when Discord refused it
        (the reason is logged and told, see the module docstring)."""
        channel = self.bot.get_partial_messageable(self.channel_id)

        async def post() -> discord.Message:
            kwargs: dict[str, Any] = {"content": content or None, "allowed_mentions": allowed or outgoing.NO_PINGS}
            if png is not None:
                kwargs["file"] = discord.File(io.BytesIO(png), filename=filename)
            if view is not None:
                kwargs["view"] = view
            return await channel.send(**kwargs)

        problems = outgoing.problems(self.bot)
        try:
            sent = await outgoing.deliver(post, f"a line in channel {self.channel_id}")
        except discord.HTTPException as exc:
            if outgoing.missing_permission(exc):
                log.warning("cannot post in channel %s: %s (%s)", self.channel_id, exc.text, exc.code)
                thread = isinstance(self.bot.get_channel(self.channel_id), discord.Thread)
                problems.note(self.channel_id, outgoing.missing_text(self.channel_id, exc, thread=thread,
                                                                     files=png is not None))
            else:
                log.error("cannot post in channel %s; this line is lost: %r", self.channel_id,
                          outgoing.cap(content, 200), exc_info=exc)
                why = ("Discord kept failing" if outgoing.transient(exc)
                       else f"Discord refused my post ({outgoing.echo(exc.text or str(exc.status))})")
                problems.note(self.channel_id, f"⚠ {why} in <#{self.channel_id}>, so a message of the match "
                              "is missing there. The match is saved; `/match status` shows where it stands.")
            return None
        except Exception as exc:  # a broken connection after every retry: the same, never silent
            log.error("cannot post in channel %s; this line is lost: %r", self.channel_id,
                      outgoing.cap(content, 200), exc_info=exc)
            return None
        problems.clear(self.channel_id)
        return sent

    async def tell_problems(self) -> None:
        """Tell the user of this interaction, privately and once, that the bot cannot post in the
        match channel (see :class:`~bot.discord.outgoing.Problems`)."""
        i = self.interaction
        if i is None or self.gone:
            return
        text = outgoing.problems(self.bot).to_tell(self.channel_id, i.user.id)
        if text is None:
            return
        try:
            if i.response.is_done():
                await i.followup.send(text, ephemeral=True, allowed_mentions=outgoing.NO_PINGS)
            else:
                await i.response.send_message(text, ephemeral=True, allowed_mentions=outgoing.NO_PINGS)
            self.thinking = False
        except Exception as exc:  # see _lost
            self._lost(exc)

    async def edit(self, content: str, *, view: discord.ui.View | None = None) -> bool:
        """Answer a component interaction by editing its message; ``False`` if that failed."""
        i = self.interaction
        if i is None or self.gone or i.response.is_done():
            return False
        try:
            await i.response.edit_message(content=outgoing.cap(content), view=view,
                                          allowed_mentions=outgoing.NO_PINGS)
            return True
        except Exception as exc:  # see _lost
            self._lost(exc)
            return False
