"""What slash commands and buttons do to a match: find it, check the user, apply, publish.

The cogs and components translate Discord into a command text and call :func:`play`;
everything else - rules, persistence, messages - happens here
and below, the same for every entry point.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord import threads
from bot.discord.errors import AlreadyDone, NoMatch, Stale
from bot.discord.host import Host, host_of
from bot.discord.matches import snowflake_ms
from bot.discord.publish import publish
from bot.discord.respond import Responder

if TYPE_CHECKING:
    from bot.discord.matches import LiveMatch


def bot_of(interaction: discord.Interaction) -> Host:
    """The bot that received ``interaction``."""
    return host_of(interaction)


def match_here(interaction: discord.Interaction) -> LiveMatch:
    """The match of the interaction's channel.

    :raises NoMatch: when there is none (the message names matches in this channel's threads).
    """
    bot = bot_of(interaction)
    try:
        return bot.matches.require(interaction.channel_id)
    except NoMatch:
        # In a parent channel, point at the matches living in its threads (the match cog keeps
        # the thread -> parent map); every command says the same, not only /match.
        parents = getattr(bot.get_cog("MatchCog"), "thread_parents", None)
        if parents is None:
            raise
        raise NoMatch(threads.no_match_text(bot.matches, parents, interaction.channel,
                                            interaction.channel_id)) from None


def player_here(interaction: discord.Interaction) -> tuple[LiveMatch, str]:
    """The channel's match and the user as one of its players.

    :raises NoMatch: no match here. :raises NotAPlayer: the user does not play in it.
    """
    live = match_here(interaction)
    pid = str(interaction.user.id)
    live.require_player(pid)
    return live, pid


async def play(interaction: discord.Interaction, text: str, *, live: LiveMatch | None = None,
               expected_version: int | None = None, header: str = "", seated: bool = True,
               with_map: bool = False) -> None:
    """Apply ``text`` for the user in the interaction's match and show what happened.

    ``seated=False`` lets a user who is not (yet) a player act (``join``); ``with_map`` shows the
    picture even when no turn ended.

    :raises UserError, RulesError: refused; the tree's error handler says why, privately.
    """
    bot = bot_of(interaction)
    with bot.busy(text.split(" ", 1)[0]):
        await _play(bot, interaction, text, live, expected_version, header, seated, with_map)


async def _play(bot: Host, interaction: discord.Interaction, text: str, live: LiveMatch | None,
                expected_version: int | None, header: str, seated: bool, with_map: bool) -> None:
    live = live or match_here(interaction)
    pid = str(interaction.user.id)
    if seated:
        live.require_player(pid)
    # A slash command is bound to the moment it was issued (its interaction's time): one issued
    # before the turn changed is refused rather than applied to the new turn (boardgame.io's
    # _stateID). Buttons carry their version in the custom id instead.
    issued = (snowflake_ms(interaction.id) if expected_version is None
              and interaction.type is discord.InteractionType.application_command else None)
    try:
        applied = await bot.matches.apply(live, pid, text, interaction_id=interaction.id,
                                          expected_version=expected_version, want_view=with_map,
                                          issued_ms=issued, header=header)
    except AlreadyDone:
        return  # a retried delivery of an interaction already applied: nothing more to say
    await publish(bot, live, applied, Responder(bot, interaction, live.channel_id), header=header)


def live_of(interaction: discord.Interaction, match_id: str) -> LiveMatch:
    live = bot_of(interaction).matches.get(match_id)
    if live is None:
        raise Stale("That match is over or was ended.")
    return live


async def not_again(interaction: discord.Interaction) -> None:
    """:raises AlreadyDone: this interaction was applied already (delivered a second time); checked
    before the version, which the first delivery changed."""
    if await bot_of(interaction).matches.was_processed(interaction.id):
        raise AlreadyDone("That was already done.")


#: The answer to **Keep playing**.
KEEP_PLAYING = "You keep playing; nothing changed."


async def concede(interaction: discord.Interaction, match_id: str, confirmed: bool) -> None:
    """A button of ``/match concede``'s question: concede (``confirmed``), or keep playing (the
    question's message says so and loses its buttons; nothing changes)."""
    live = live_of(interaction, match_id)
    if not confirmed:
        await interaction.response.edit_message(content=KEEP_PLAYING, view=None)
        return
    await not_again(interaction)
    await play(interaction, "concede", live=live)
