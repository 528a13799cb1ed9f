"""The Heroscape match of an interaction's channel, for Heroscape's own slash commands (another
game's match there is refused with a message, :func:`bot.games.heroscape.discord.live.heroscape`)."""

from __future__ import annotations

import discord

from bot.discord import actions
from bot.games.heroscape.discord.live import HeroscapeLive, heroscape


def match_here(interaction: discord.Interaction, instead: str = "") -> HeroscapeLive:
    """:func:`bot.discord.actions.match_here`, as a Heroscape match (``instead``: what the other
    game's players use instead, added to its refusal).

    :raises NoMatch: no match here. :raises UserError: a match of another game.
    """
    return heroscape(actions.match_here(interaction), instead)


def player_here(interaction: discord.Interaction) -> tuple[HeroscapeLive, str]:
    """:func:`bot.discord.actions.player_here`, as a Heroscape match.

    :raises NoMatch, NotAPlayer: as there. :raises UserError: a match of another game.
    """
    live, pid = actions.player_here(interaction)
    return heroscape(live), pid
