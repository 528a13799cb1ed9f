"""``/match``: new, join, start, status, concede, end."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import actions, orders
from bot.discord import autocomplete as ac
from bot.discord.errors import UserError
from bot.discord.publish import render
from bot.discord.respond import Responder
from bot.discord.status import status_text
from bot.rules.views import public_view

if TYPE_CHECKING:
    from bot.discord.client import HeroscapeBot

Choices = list[app_commands.Choice[str]]


def seat_name(user: discord.User | discord.Member) -> str:
    """The name a user plays under (their display name, one line, short)."""
    return " ".join((user.display_name or user.name).split())[:40] or str(user.id)


async def _scenarios(interaction: discord.Interaction, current: str) -> Choices:
    return ac.scenario_ids(current)


async def _maps(interaction: discord.Interaction, current: str) -> Choices:
    return ac.map_ids(current)


class MatchCog(commands.Cog):
    """Creating, joining and running matches."""

    match = app_commands.Group(name="match", description="Create, join and run a Heroscape match in this channel",
                               guild_only=True)

    def __init__(self, bot: HeroscapeBot) -> None:
        self.bot = bot

    # --- /match ------------------------------------------------------------------------------

    @match.command(name="new", description="Start a match in this channel (one per channel)")
    @app_commands.describe(scenario="Scenario (default: last army standing)", map="Map (default: the scenario's)",
                           points="Army points limit", figures="Figures limit", spaces="Spaces limit",
                           rounds="Round limit", seat="Take a seat yourself (default: yes)")
    @app_commands.autocomplete(scenario=_scenarios, map=_maps)
    async def new(self, interaction: discord.Interaction, scenario: str = "last-army-standing", map: str | None = None,
                  points: app_commands.Range[int, 10, 10000] | None = None,
                  figures: app_commands.Range[int, 1, 200] | None = None,
                  spaces: app_commands.Range[int, 1, 200] | None = None,
                  rounds: app_commands.Range[int, 1, 100] | None = None, seat: bool = True) -> None:
        if interaction.channel_id is None:
            raise UserError("Matches are played in a server channel.")
        fmt: dict[str, Any] = {k: v for k, v in (("points", points), ("figures", figures), ("spaces", spaces),
                                                  ("round_limit", rounds)) if v is not None}
        live = await self.bot.matches.create(guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                             creator_id=interaction.user.id, scenario_id=scenario, map_id=map,
                                             fmt=fmt, seed=self.bot.next_seed())
        st = live.state
        f = st.scenario.format
        limits = ", ".join(f"{n} {k}" for k, n in (("points", f.points), ("figures", f.figures), ("spaces", f.spaces),
                                                   ("rounds", f.round_limit)) if n is not None) or "no limits"
        header = (f"⚔ **New match**: {st.scenario.name} on **{st.battlefield.name}** ({limits}). "
                  "Join with `/match join`, pick an army with `/army set`; "
                  f"<@{interaction.user.id}> starts it with `/match start`.")
        if seat:
            await actions.play(interaction, f"join {shlex.quote(seat_name(interaction.user))}", live=live,
                               header=header, seated=False, with_map=True)
            return
        responder = Responder(self.bot, interaction, live.channel_id)
        await responder.defer()
        png = await render(self.bot, public_view(st))
        await responder.send(header, png=png, filename="battlefield.png")

    @match.command(name="join", description="Take a seat in this channel's match")
    async def join(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        if live.is_player(str(interaction.user.id)):
            raise UserError("You already have a seat in this match.")
        await actions.play(interaction, f"join {shlex.quote(seat_name(interaction.user))}", live=live, seated=False)

    @match.command(name="start", description="Leave army selection and start placing figures (creator only)")
    async def start(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        if interaction.user.id != live.meta.creator_id:
            raise UserError("Only the player who created the match can start it.")
        await actions.play(interaction, "start", live=live, with_map=True)

    @match.command(name="status", description="Where the match stands (only you see the answer)")
    async def status(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        await interaction.response.send_message(status_text(live, str(interaction.user.id)), ephemeral=True)
        pid = str(interaction.user.id)
        if live.is_player(pid):
            if pid in live.waiting_for_orders() and not live.state.pending:
                live.owed_controls.add(pid)  # the status is also a way back to your Order Marker menus
            await orders.deliver_owed(live, Responder(self.bot, interaction, live.channel_id))

    @match.command(name="concede", description="Leave the match; your figures leave the battlefield")
    async def concede(self, interaction: discord.Interaction) -> None:
        await actions.play(interaction, "concede")

    @match.command(name="end", description="Stop this channel's match for good (creator or Manage Server)")
    async def end(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        perms = getattr(interaction.user, "guild_permissions", None)
        if interaction.user.id != live.meta.creator_id and not (perms is not None and perms.manage_guild):
            raise UserError("Only the match's creator or someone with Manage Server can end it.")
        await self.bot.matches.end(live)
        await interaction.response.send_message(f"🛑 The match was ended by {interaction.user.mention}. "
                                                "Start a new one with `/match new`.")


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(MatchCog(bot))  # type: ignore[arg-type]
