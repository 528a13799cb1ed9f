"""``/army``: set, draft and show armies.

``/army set`` chooses a whole army; in a drafting match (DEC-13) ``/army draft`` picks one Army
Card when it is the user's pick (autocomplete offers only the cards that still fit the army) and
``/army pass`` stops picking. A pick out of turn is refused privately, naming whose pick it is;
each accepted pick is posted with a mention of the next drafter.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import actions
from bot.discord.errors import UserError
from bot.discord.respond import Responder
from bot.games.heroscape.discord import autocomplete as ac
from bot.games.heroscape.discord import here, inputs
from bot.games.heroscape.discord.status import army_lines, draft_lines

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot

Choices = list[app_commands.Choice[str]]


async def _cards(interaction: discord.Interaction, current: str) -> Choices:
    return ac.card_list(current, interaction)


async def _draftable(interaction: discord.Interaction, current: str) -> Choices:
    return ac.draft_cards(interaction, current)


class ArmyCog(commands.Cog):
    """Choosing or drafting armies and looking at them."""

    army = app_commands.Group(name="army", description="Choose, draft and show armies", guild_only=True)

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @army.command(name="set", description="Choose your army: card names separated by ;")
    @app_commands.describe(cards='For example "Finn; Tarn Vikings; Syvarris"')
    @app_commands.autocomplete(cards=_cards)
    async def army_set(self, interaction: discord.Interaction, cards: str) -> None:
        await actions.play(interaction, "army " + "; ".join(inputs.army_cards(cards)), live=here.match_here(interaction))

    @army.command(name="draft", description="Drafting match: pick one Army Card when it is your pick")
    @app_commands.describe(card="An Army Card that still fits your army (the list shows only those)")
    @app_commands.autocomplete(card=_draftable)
    async def army_draft(self, interaction: discord.Interaction, card: str) -> None:
        name = " ".join(card.split())
        if not name or ";" in name or name.casefold() == "pass":
            raise UserError("Name one Army Card per pick (the list offers those that fit), or use `/army pass`.")
        await actions.play(interaction, f"draft {shlex.quote(name)}", live=here.match_here(interaction))

    @army.command(name="pass", description="Drafting match: stop picking; your army is what you have drafted")
    async def army_pass(self, interaction: discord.Interaction) -> None:
        await actions.play(interaction, "draft pass", live=here.match_here(interaction))

    @army.command(name="show", description="Every player's army and the draft so far (only you see the answer)")
    async def army_show(self, interaction: discord.Interaction) -> None:
        live = here.match_here(interaction)
        lines = [*army_lines(live), *draft_lines(live)]
        await Responder(self.bot, interaction, live.channel_id).send("\n".join(lines) or "Nobody has joined yet.",
                                                                     ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(ArmyCog(bot))  # type: ignore[arg-type]
