"""Answering an interaction so that nothing is lost when Discord will not take the answer.

:class:`Responder` sends the first answer as the interaction response and the rest as followups.
It is used once a command has been applied and logged, so a failed answer must never look like a
failed command: whatever Discord says when the interaction is answered - expired (10062), already
acknowledged elsewhere (40060), or any other refusal (403 Missing Access, a 5xx, a dropped
connection) - the interaction counts as gone, public messages go to the match channel instead and
only private (ephemeral) ones are dropped, logged. Nothing is raised, so the player is never told
to retry something that happened. Public answers to an interaction from elsewhere (a DM) always
go to the match channel.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.discord.client import HeroscapeBot

log = logging.getLogger(__name__)

#: Discord error codes that mean "this interaction can no longer be answered" (the expected cases,
#: logged quietly; any other failure to answer is logged as a warning with its traceback).
GONE = {10062, 10015, 40060}
MAX_CONTENT = 2000


def chunks(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """Split ``text`` at line ends into pieces Discord accepts."""
    out: list[str] = []
    cur = ""
    for line in text.split("\n"):
        while len(line) > limit:
            out.append(line[:limit])
            line = line[limit:]
        if len(cur) + len(line) + 1 > limit:
            out.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur or not out:
        out.append(cur)
    return out


class Responder:
    """Where answers to one interaction (or to none: background work) go."""

    def __init__(self, bot: HeroscapeBot, interaction: discord.Interaction | None, channel_id: int) -> None:
        self.bot = bot
        self.interaction = interaction
        self.channel_id = channel_id
        self.gone = interaction is None
        self.in_channel = interaction is not None and interaction.channel_id == channel_id

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
                   view: discord.ui.View | None = None, ephemeral: bool = False) -> discord.Message | None:
        """Send a message; returns it when Discord told us which it is."""
        parts = chunks(content) if content else [""]
        last: discord.Message | None = None
        for n, part in enumerate(parts):
            final = n == len(parts) - 1
            last = await self._send_one(part, png if final else None, filename, view if final else None, ephemeral)
        return last

    async def _send_one(self, content: str, png: bytes | None, filename: str, view: discord.ui.View | None,
                        ephemeral: bool) -> discord.Message | None:
        kwargs: dict[str, Any] = {"content": content or None}
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
                return await i.followup.send(ephemeral=ephemeral, wait=True, **kwargs)
            except Exception as exc:  # see _lost
                self._lost(exc)
        if ephemeral:
            log.info("dropped a private answer for %s: the interaction cannot be answered", self.user_id)
            return None
        return await self.to_channel(content, png=png, filename=filename, view=view)

    async def to_channel(self, content: str, *, png: bytes | None = None, filename: str = "map.png",
                         view: discord.ui.View | None = None) -> discord.Message | None:
        """Post in the match channel (not as an interaction answer)."""
        channel = self.bot.get_partial_messageable(self.channel_id)
        kwargs: dict[str, Any] = {"content": content or None}
        if png is not None:
            kwargs["file"] = discord.File(io.BytesIO(png), filename=filename)
        if view is not None:
            kwargs["view"] = view
        try:
            return await channel.send(**kwargs)
        except discord.HTTPException:
            log.exception("cannot post in channel %s", self.channel_id)
            return None

    async def edit(self, content: str, *, view: discord.ui.View | None = None) -> bool:
        """Answer a component interaction by editing its message; ``False`` if that failed."""
        i = self.interaction
        if i is None or self.gone or i.response.is_done():
            return False
        try:
            await i.response.edit_message(content=content, view=view)
            return True
        except Exception as exc:  # see _lost
            self._lost(exc)
            return False
