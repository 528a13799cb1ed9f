"""Reference: ``/card`` (an Army Card) and ``/rules`` (short help in our own words)."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.content.scenario_menu import entries
from bot.discord.errors import UserError
from bot.game.card_text import card_picture, not_enforced_reason
from bot.game.glyph_text import explain, glyph_names
from bot.game.scenario_text import explain as explain_scenario
from bot.game.session import library_for, scenarios
from bot.games.heroscape.discord import autocomplete as ac
from bot.games.heroscape.discord.rules_text import TOPICS
from bot.rules.cards import ArmyCard

#: The ``/rules`` topic that explains a scenario.
SCENARIO_TOPIC = "scenario"


async def _cards(i: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return ac.card_names(current, i.guild_id)


async def _scenarios(i: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return ac.scenario_ids(current)


async def _glyphs(i: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n.replace("_", " ").capitalize(), value=n) for n in glyph_names(current)][:25]


def card_text(c: ArmyCard) -> str:
    """A card in a few lines: kind, points, statistics, powers."""
    def v(x: int | None) -> str:
        """The statistic as text, ``"?"`` when unknown."""
        return "?" if x is None else str(x)

    head = f"**{c.name}** — {c.rarity or ''} {c.kind}".replace("  ", " ")
    facts = [f"{c.set}" if c.set else "", f"{c.general}" if c.general else "", ", ".join(c.species)]
    delta = f" (Delta {c.delta_points})" if c.delta_points is not None else ""
    lines = [head, " · ".join(f for f in facts if f),
             f"Points {v(c.points)}{delta} · Figures {v(c.figures)} · Life {v(c.life)} · Move {v(c.move)} · "
             f"Range {v(c.range)} · Attack {v(c.attack)} · Defense {v(c.defense)} · Height {v(c.height)}"]
    for p in c.powers:
        reason = not_enforced_reason(p)
        mark = "enforced" if reason is None else "not enforced: the players apply it"
        why = f" _({reason})_" if reason else ""
        lines.append(f"• **{p.name}** ({mark}): {p.text}{why}")
    if not c.complete:
        lines.append(f"_Incomplete card (missing {', '.join(c.missing_fields())}): it cannot be drafted._")
    return "\n".join(x for x in lines if x)[:1990]


class InfoCog(commands.Cog):
    """Cards and rules help (answers only the asker sees)."""

    def __init__(self, bot: commands.Bot | None = None) -> None:
        self.bot = bot

    @app_commands.command(name="card", description="Show an Army Card")
    @app_commands.describe(name="Card name (autocompletes)")
    @app_commands.autocomplete(name=_cards)
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        try:
            c = library_for(interaction.guild_id).get(name)
        except KeyError as exc:
            raise UserError(str(exc.args[0]) if exc.args else f"No card {name!r}.") from None
        picture = discord.File(io.BytesIO(card_picture(c)), filename=f"card-{c.id}.png")
        await interaction.response.send_message(card_text(c), file=picture, ephemeral=True)

    @app_commands.command(name="glyph", description="What a glyph does")
    @app_commands.describe(name="Glyph name, e.g. Astrid (autocompletes)")
    @app_commands.autocomplete(name=_glyphs)
    async def glyph(self, interaction: discord.Interaction, name: str) -> None:
        try:
            head, text = explain(name)
        except KeyError as exc:
            raise UserError(str(exc.args[0])) from None
        await interaction.response.send_message(f"**{head}**\n{text}", ephemeral=True)

    @app_commands.command(name="rules", description="A short explanation of a part of the rules")
    @app_commands.describe(topic="What to explain (Scenario: this match's scenario, its goal and special rules)",
                           scenario="With topic Scenario: which scenario (default: this channel's match)")
    @app_commands.choices(topic=[app_commands.Choice(name=title, value=key) for key, (title, _) in TOPICS.items()]
                          + [app_commands.Choice(name="Scenario", value=SCENARIO_TOPIC)])
    @app_commands.autocomplete(scenario=_scenarios)
    async def rules(self, interaction: discord.Interaction, topic: str, scenario: str | None = None) -> None:
        if topic == SCENARIO_TOPIC:
            await interaction.response.send_message(self._scenario_text(interaction, scenario), ephemeral=True)
            return
        title, text = TOPICS[topic]
        await interaction.response.send_message(f"**{title}**\n{text}", ephemeral=True)

    def _scenario_text(self, interaction: discord.Interaction, wanted: str | None) -> str:
        """``/rules topic:Scenario``: the named scenario, else the channel's match's, else the list."""
        if wanted:
            try:
                return explain_scenario(scenarios().get(wanted))
            except KeyError as exc:
                raise UserError(str(exc.args[0]) if exc.args else f"No scenario {wanted!r}.") from None
        matches = getattr(self.bot, "matches", None) if self.bot is not None else None
        live = matches.in_channel(interaction.channel_id or 0) if matches is not None else None
        if live is not None:
            return explain_scenario(live.state.scenario)
        listed = "\n".join(f"• {e.label()}" for e in entries(scenarios()))
        return ("There is no match in this channel; name a scenario with `scenario:` to read its rules. "
                f"The scenarios:\n{listed}")[:1990]


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(InfoCog(bot))
