"""``/army``: set and show armies."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import actions
from bot.discord import autocomplete as ac
from bot.discord.status import army_lines

if TYPE_CHECKING:
    from bot.discord.client import HeroscapeBot

Choices = list[app_commands.Choice[str]]


async def _cards(interaction: discord.Interaction, current: str) -> Choices:
    return ac.card_list(current)


class ArmyCog(commands.Cog):
    """Choosing armies and looking at them."""

    army = app_commands.Group(name="army", description="Choose and show armies", guild_only=True)

    def __init__(self, bot: HeroscapeBot) -> None:
        self.bot = bot

    @army.command(name="set", description="Choose your army: card names separated by ;")
    @app_commands.describe(cards='For example "Finn; Tarn Vikings; Syvarris"')
    @app_commands.autocomplete(cards=_cards)
    async def army_set(self, interaction: discord.Interaction, cards: str) -> None:
        await actions.play(interaction, f"army {cards}")

    @army.command(name="show", description="Every player's army (only you see the answer)")
    async def army_show(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        await interaction.response.send_message("\n".join(army_lines(live)) or "Nobody has joined yet.", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(ArmyCog(bot))  # type: ignore[arg-type]
