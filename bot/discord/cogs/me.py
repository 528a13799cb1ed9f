"""``/me``: a player's own play-by-post settings and games, across every server (quiet hours,
away, reminders, DMs, all my games). Answers are ephemeral; the work is in
:mod:`bot.discord.pace.commands`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.pace import commands as pace
from bot.discord.pace.undo import UndoButton

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot


class MeCog(commands.Cog):
    """A player's own settings for play by post."""

    me = app_commands.Group(name="me", description="Your play-by-post settings and your matches everywhere")

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @me.command(name="quiet-hours", description="Hours when no reminder reaches you, e.g. 23:00-08:00 (off clears)")
    @app_commands.describe(hours="HH:MM-HH:MM on a 24-hour clock, or off", timezone="Your time zone, e.g. Europe/Paris")
    async def quiet_hours(self, interaction: discord.Interaction, hours: str, timezone: str | None = None) -> None:
        await pace.post_text(interaction, await pace.quiet_hours(interaction, hours, timezone))

    @me.command(name="away", description="Pause your deadlines in every match, e.g. 3d holiday")
    @app_commands.describe(duration="How long: 12h, 3d, 1w; off: back now", reason="Why (shown to the other players)")
    async def away(self, interaction: discord.Interaction, duration: str, reason: str | None = None) -> None:
        await pace.post_text(interaction, await pace.away(interaction, duration, reason))

    @me.command(name="reminders", description="When reminders come before a deadline: e.g. 'half 1h', '6h', or off")
    @app_commands.describe(when="Times before the deadline (half = half time), or off")
    async def reminders(self, interaction: discord.Interaction, when: str) -> None:
        await pace.post_text(interaction, await pace.reminders(interaction, when))

    @me.command(name="dms", description="Whether 'your move' and reminders also come by DM")
    async def dms(self, interaction: discord.Interaction, on: bool) -> None:
        await pace.post_text(interaction, await pace.dms(interaction, on))

    @me.command(name="games", description="Your matches in every server, those waiting on you first")
    async def games(self, interaction: discord.Interaction) -> None:
        await pace.post_text(interaction, await pace.games(interaction))


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: the cog, and the undo buttons (restart-proof)."""
    bot.add_dynamic_items(UndoButton)
    await bot.add_cog(MeCog(bot))  # type: ignore[arg-type]
