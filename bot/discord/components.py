"""Buttons and menus that survive restarts: :class:`discord.ui.DynamicItem` subclasses whose
custom id carries the match id and the state version (or round) they were made for.

A click rebuilds its item from the custom id alone, so a button posted before a restart still
works after it; one made for an earlier version is refused politely. Each item's
``interaction_check`` refuses people who may not use it, with an ephemeral reason. What a press
does is not here: :mod:`bot.discord.presses` fills :data:`PRESSES` (the generic items' and each game
face's, :meth:`bot.discord.face.Face.items`) when the bot starts, so that the modules that post these
items import only the module that defines them. A game's own items subclass :class:`MatchItem`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.errors import AlreadyDone, UserError
from bot.discord.host import Host, host_of
from bot.discord.outgoing import NO_PINGS, cap, cap_echoes, mark_placeholder, placeholder_empty
from bot.games.ruleset import Refused
from bot.rules.errors import sentence

if TYPE_CHECKING:
    from bot.discord.matches import LiveMatch

log = logging.getLogger(__name__)

#: The custom ids of the items below (match id, then what the item is bound to).
CONCEDE_ID = r"hs:concede:(?P<m>[0-9a-f]+):(?P<p>\d+):(?P<c>yes|no)"


#: Discord's "Interaction has already been acknowledged": the same interaction delivered twice
#: (the first delivery answered it); its followups still work.
ALREADY_ACKNOWLEDGED = 40060
#: Discord errors that only say an interaction can no longer be answered (not a bug of ours).
UNANSWERABLE = {10062, 10015, ALREADY_ACKNOWLEDGED}


def answered_before(exc: BaseException) -> bool:
    """Whether ``exc`` is Discord saying the interaction was already acknowledged."""
    return isinstance(exc, discord.HTTPException) and exc.code == ALREADY_ACKNOWLEDGED


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer (at most one message long, pinging nobody), as a response or a followup
    (also when this delivery of the interaction is its second: the first acknowledged it); when the
    followup fails after a "thinking…" placeholder, the placeholder is edited into the answer
    instead, so it is never left empty. Silent if the interaction is gone."""
    text = cap(text)
    try:
        if interaction.response.is_done():
            try:
                await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)
                mark_placeholder(interaction, False)  # a first followup replaces the placeholder
            except discord.HTTPException:
                # a "thinking…" placeholder must not stay empty for ever; a real answer is kept
                if not placeholder_empty(interaction):
                    raise
                await interaction.edit_original_response(content=text, allowed_mentions=NO_PINGS)
                mark_placeholder(interaction, False)
            return
        try:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)
        except discord.HTTPException as exc:
            if not answered_before(exc):
                raise
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)
    except Exception as exc:  # expired, or the bot is shutting down: nobody to tell
        log.info("could not tell %s: %s", interaction.user.id, exc)


#: A Discord id (a player id in the rules' words is the user's id).
_SNOWFLAKE = re.compile(r"\b\d{15,20}\b")


def user_words(text: str, live: LiveMatch | None = None) -> str:
    """An error message as a user reads it: the players' ids the rules put in it replaced by their
    names (when ``live`` is the match), starting with a capital letter (not a piece's id, :meth:`LiveMatch.keep_case`), the input it repeats ('...')
    cut short and the whole within one message (:func:`~bot.discord.outgoing.cap_echoes`)."""
    if live is not None:
        names = live.names()
        text = _SNOWFLAKE.sub(lambda m: names.get(m.group(), m.group()), text)
    return cap_echoes(sentence(text, live.keep_case() if live is not None else ()))  # piece ids keep their case


async def explain(interaction: discord.Interaction, exc: BaseException, live: LiveMatch | None = None) -> None:
    """Turn an expected error into words for the user (:func:`user_words`; ``live`` defaults to the
    match of the interaction's channel); log the unexpected ones."""
    if isinstance(exc, UserError | Refused):
        if live is None:
            matches = getattr(interaction.client, "matches", None)
            live = matches.in_channel(interaction.channel_id) if matches is not None else None
        await tell(interaction, user_words(str(exc), live))
        return
    if isinstance(exc, discord.HTTPException) and exc.code in UNANSWERABLE:
        # Expired, or answered by an earlier delivery of the same interaction: nothing went wrong.
        log.info("interaction %s can no longer be answered (%s)", interaction.id, exc.code)
        return
    log.exception("error while handling interaction %s", interaction.id, exc_info=exc)
    await tell(interaction, "Something went wrong on my side. The match is safe; please try again.")


#: What pressing an item does, by its class: ``press(item, interaction)`` returns the work to run.
Press = Callable[[Any, discord.Interaction], Awaitable[None]]
#: Filled by :func:`bot.discord.presses.install` (which knows the actions) before the bot listens.
PRESSES: dict[type, Press] = {}


class MatchItem:
    """Shared look-ups for items bound to a match, and the press itself (:data:`PRESSES`)."""

    match_id: str

    async def callback(self, interaction: discord.Interaction) -> None:
        """Run what :data:`PRESSES` says this item does (through :meth:`run`)."""
        press = PRESSES.get(type(self))
        if press is None:  # never installed: a programming error, told to the user like any other
            await explain(interaction, RuntimeError(f"no action for {type(self).__name__}"))
            return
        await self.run(interaction, press(self, interaction))

    @staticmethod
    def client(interaction: discord.Interaction) -> Host:
        """The bot that received the interaction."""
        return host_of(interaction)

    def live(self, interaction: discord.Interaction) -> LiveMatch | None:
        """The running match this item belongs to, or ``None`` once it is over or ended."""
        return self.client(interaction).matches.get(self.match_id)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Only players of a live match may use its items (discord.py asks before ``callback``)."""
        return await self.check_player(interaction)

    async def check_player(self, interaction: discord.Interaction) -> bool:
        """True if the match is still running and the user is one of its players; otherwise tell the
        user why (ephemeral) and return False."""
        live = self.live(interaction)
        if live is None:
            await tell(interaction, "That match is over or was ended; this control no longer does anything.")
            return False
        if not live.is_player(str(interaction.user.id)):
            await tell(interaction, "Only players of this match can use this.")
            return False
        return True

    async def run(self, interaction: discord.Interaction, coro: Any) -> None:
        """Await ``coro`` counted as a busy handler; any exception it raises is explained to the user
        (expected errors in words, others logged) instead of propagating."""
        with self.client(interaction).busy(type(self).__name__):
            try:
                await coro
            except AlreadyDone:
                return  # a second delivery of an interaction already applied: its first answer stands
            except Exception as exc:  # every failure becomes words, never a silent log line
                await explain(interaction, exc, self.live(interaction))


class ConcedeButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=CONCEDE_ID):
    """The answer to ``/match concede``'s question: ``yes`` concedes, ``no`` keeps playing. Only the
    player who asked may press it (their id is in the custom id, so it survives a restart)."""

    def __init__(self, match_id: str, player: str, concede: bool) -> None:
        self.match_id, self.player, self.concede = match_id, player, concede
        button: discord.ui.Button[Any] = (
            discord.ui.Button(label="Concede", emoji="🏳️", style=discord.ButtonStyle.danger,
                              custom_id=f"hs:concede:{match_id}:{player}:yes") if concede
            else discord.ui.Button(label="Keep playing", style=discord.ButtonStyle.secondary,
                                   custom_id=f"hs:concede:{match_id}:{player}:no"))
        super().__init__(button)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ConcedeButton:
        return cls(match["m"], match["p"], match["c"] == "yes")

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if not await self.check_player(interaction):
            return False
        if str(interaction.user.id) != self.player:
            await tell(interaction, "Only the player who asked to concede can answer this.")
            return False
        return True


#: Registered on the bot in ``setup_hook`` so that every old message keeps working.
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ConcedeButton,)


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view without timeout holding ``items`` (all dynamic, so nothing is kept per message)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
