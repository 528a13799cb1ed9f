"""``/use``: a figure of the card whose turn it is uses a glyph it carries (Treasure, Artifact, Tech Glyph).

The figure, the glyph and the target are offered as the user types, from the rules' list of legal
``use`` commands (:meth:`bot.rules.legal.LegalCommands.uses`); the command is the console's ``use
FIGURE GLYPH [TARGET]`` (:mod:`bot.rules.treasure.use`), refused with the rule's words when it may
not be used. Glyphs the rules offer at their own moment (picking one up, Nanite Shielding, the Ring
of Protection...) come as decision buttons instead.
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


async def _users(i: discord.Interaction, current: str) -> Choices:
    return ac.using_figures(i, current)


async def _glyphs(i: discord.Interaction, current: str) -> Choices:
    return ac.usable_glyphs(i, getattr(i.namespace, "figure", None), current)


async def _aims(i: discord.Interaction, current: str) -> Choices:
    return ac.use_targets(i, getattr(i.namespace, "figure", None), getattr(i.namespace, "glyph", None), current)


class TreasureCog(commands.Cog):
    """``/use``."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name="use", description="Use a glyph your figure carries (Elixir of Speed, Jump Pack...)")
    @app_commands.describe(figure="Your figure that carries the glyph", glyph="The carried glyph to use",
                           target="For a glyph that needs one: the space or figure it aims at")
    @app_commands.autocomplete(figure=_users, glyph=_glyphs, target=_aims)
    @app_commands.guild_only()
    async def use(self, interaction: discord.Interaction, figure: str, glyph: str, target: str | None = None) -> None:
        example = "/use figure: finn glyph: elixir_of_speed"
        live = here.match_here(interaction, instead="abilities are used with `/ability`")
        args = [ac.acting_figure_id(interaction, inputs.word(figure, "the figure that carries the glyph", example)),
                inputs.word("_".join(glyph.split()), "the glyph to use", example)]
        if target and target.strip():
            args.append(inputs.word(target, "the glyph's target (a space or a figure)", example))
        await actions.play(interaction, inputs.command("use", *args), live=live)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(TreasureCog(bot))  # type: ignore[arg-type]
