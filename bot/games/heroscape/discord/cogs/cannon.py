"""``/cannon``: Cannon Fire (HS-OBSTACLE-04..08), instead of a figure's normal attack.

A slash command of its own, as players name the action ("fire the cannon"): the figure next to
the cannon, the cannon (its id on the map, or its space) and the target, each offered by
autocomplete from the rules' own list of legal Cannon Fire (:meth:`bot.rules.legal.LegalCommands.cannons`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import actions
from bot.games.heroscape.discord import autocomplete as ac
from bot.games.heroscape.discord import here, inputs

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot

Choices = list[app_commands.Choice[str]]


async def _gunners(i: discord.Interaction, current: str) -> Choices:
    return ac.cannon_figures(i, current)


async def _cannons(i: discord.Interaction, current: str) -> Choices:
    return ac.cannon_names(i, getattr(i.namespace, "figure", None), current)


async def _targets(i: discord.Interaction, current: str) -> Choices:
    return ac.cannon_targets(i, getattr(i.namespace, "figure", None), getattr(i.namespace, "cannon", None), current)


class CannonCog(commands.Cog):
    """Firing a cannon."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name="cannon", description="Fire a cannon next to your figure instead of its attack")
    @app_commands.describe(figure="Your figure next to the cannon (not engaged)", cannon="The cannon to fire",
                           target="A figure or destructible object within 8 spaces of the cannon")
    @app_commands.autocomplete(figure=_gunners, cannon=_cannons, target=_targets)
    @app_commands.guild_only()
    async def cannon(self, interaction: discord.Interaction, figure: str, cannon: str, target: str) -> None:
        example = "/cannon figure: gun cannon: c1 target: grimnak"
        args = [inputs.word(figure, "your figure next to the cannon", example),
                inputs.word(cannon, "the cannon (its name or space)", example),
                inputs.word(target, "the figure or object to fire at", example)]
        await actions.play(interaction, inputs.command("cannon", *args), live=here.match_here(interaction))


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(CannonCog(bot))  # type: ignore[arg-type]
