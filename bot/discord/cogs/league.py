"""``/league``: leagues run by the bot (issue 17). Organisers create a league, start seasons,
pair rounds (the bot opens one thread-match per table), decide disputes, correct results and
export; players join, register a hidden army, report games played elsewhere (the opponent
confirms with a button), challenge each other in ladder leagues, and read the standings, their
history and the season's card statistics. The work is in :mod:`bot.discord.league.commands`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import games
from bot.discord import shared
from bot.discord.league import commands as lg
from bot.discord.league.buttons import ReportButton
from bot.discord.outgoing import cap
from bot.discord.pace.commands import post_text

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot

NAME = "The league's name"
PAIRINGS = [app_commands.Choice(name="Swiss (by record)", value="swiss"),
            app_commands.Choice(name="round robin", value="round-robin"),
            app_commands.Choice(name="open challenges (ladder)", value="challenge")]
ARMIES = [app_commands.Choice(name="one army registered for the season", value="season"),
          app_commands.Choice(name="chosen per match", value="match")]
PACES = [app_commands.Choice(name="live (no deadlines)", value="live"),
         app_commands.Choice(name="by post (deadlines, reminders)", value="post")]
POLICIES = [app_commands.Choice(name="the computer plays the move", value="ai"),
            app_commands.Choice(name="the turn is skipped", value="skip"),
            app_commands.Choice(name="the player forfeits", value="forfeit")]
MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


async def _public(interaction: discord.Interaction, text: str, view: discord.ui.View | None = None) -> None:
    """A public answer that pings the users it mentions (never roles or everyone), cut to Discord's
    2000 characters (ending in ``…`` when cut)."""
    text = cap(text)
    if interaction.response.is_done():
        if view is None:
            await interaction.followup.send(text, allowed_mentions=MENTIONS)
        else:
            await interaction.followup.send(text, allowed_mentions=MENTIONS, view=view)
    elif view is None:
        await interaction.response.send_message(text, allowed_mentions=MENTIONS)
    else:
        await interaction.response.send_message(text, allowed_mentions=MENTIONS, view=view)


async def _leagues(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's leagues whose name contains what was typed (up to 25)."""
    if interaction.guild_id is None:
        return []
    leagues = await lg.service_of(interaction).store.in_guild(interaction.guild_id)
    typed = current.casefold()
    return [app_commands.Choice(name=lg_.name, value=lg_.name) for lg_ in leagues if typed in lg_.name.casefold()][:25]


class LeagueCog(commands.Cog):
    """Leagues: seasons, pairings, results, ratings and standings."""

    league = app_commands.Group(name="league", description="Leagues: seasons, pairings, ratings and standings",
                                guild_only=True)

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot
        # Each game's own options of /league create (its army format), after the league's name.
        create = self.league.get_command("create")
        shared.add_game_options(create, shared.game_typed,  # type: ignore[arg-type]
                                lambda f: f.league_options())
        for name in ("create", "army"):  # generic options in the default game's words
            shared.word_options(self.league.get_command(name))  # type: ignore[arg-type]

    def _host(self, interaction: discord.Interaction, league_channel: int | None) -> discord.abc.Messageable | None:
        """Where the league's match threads open: its own channel, else this one."""
        channel = self.bot.get_channel(league_channel) if league_channel else None
        return channel if isinstance(channel, discord.TextChannel) else interaction.channel  # type: ignore[return-value]

    @league.command(name="create", description="Create a league (Manage Server or the organiser role)")
    @app_commands.describe(name="League name",
                           maps="Map pool: map ids, comma-separated", scenario="Scenario of every match",
                           rounds="Rounds in a season", pairing="Pairing method", seats="Players a match (3-4: free-for-all)",
                           armies="Armies registered for the season or chosen per match",
                           round_limit="Round limit of each match", playoff="Top-N playoff at the season's end (0: none)",
                           organiser_role="A role whose members organise this league",
                           pace="Matches live or by post", turn="Turn deadline (by post), e.g. 24h",
                           orders="Secret choices deadline (by post)", decision="Decision deadline (by post)",
                           extend="A missed deadline is extended once by this", policy="Then what happens",
                           round_time="How long a round lasts before unconfirmed games go to the organisers, e.g. 7d",
                           game=f"The game the league plays (default: {games.DEFAULT})")
    @app_commands.choices(pairing=PAIRINGS, armies=ARMIES, pace=PACES, policy=POLICIES)
    @app_commands.autocomplete(game=shared.game_choices)
    @shared.game_options
    async def create(self, interaction: discord.Interaction, name: str,
                     maps: str | None = None, scenario: str | None = None,
                     rounds: app_commands.Range[int, 1, 50] = 5, pairing: str = "swiss",
                     seats: app_commands.Range[int, 2, 4] = 2, armies: str = "season",
                     round_limit: app_commands.Range[int, 1, 100] | None = None,
                     playoff: app_commands.Range[int, 0, 16] = 0, organiser_role: discord.Role | None = None,
                     pace: str | None = None, turn: str | None = None, orders: str | None = None,
                     decision: str | None = None, extend: str | None = None, policy: str | None = None,
                     round_time: str | None = None, game: str = games.DEFAULT, **values: Any) -> None:
        settings = lg.build_settings(
            name, game=game, values=values, maps=maps,
            scenario=scenario, rounds=rounds, pairing=pairing, seats=seats, armies=armies, round_limit=round_limit,
            playoff=playoff, organiser_role=organiser_role.id if organiser_role else None,
            channel_id=interaction.channel_id,
            pace=dict(pace=pace, turn=turn, orders=orders, decision=decision, extend=extend, policy=policy),
            round_time=round_time)
        await _public(interaction, await lg.create(interaction, settings))

    @league.command(name="organiser", description="Add or remove an organiser (organisers only)")
    @app_commands.describe(league=NAME, user="Who", remove="Remove them instead of adding")
    @app_commands.autocomplete(league=_leagues)
    async def organiser(self, interaction: discord.Interaction, league: str, user: discord.Member,
                        remove: bool = False) -> None:
        await _public(interaction, await lg.organiser(interaction, league, user, not remove))

    @league.command(name="join", description="Join a league as a player")
    @app_commands.describe(league=NAME)
    @app_commands.autocomplete(league=_leagues)
    async def join(self, interaction: discord.Interaction, league: str) -> None:
        await _public(interaction, await lg.join(interaction, league))

    @league.command(name="leave", description="Leave a league (your results so far stay)")
    @app_commands.describe(league=NAME)
    @app_commands.autocomplete(league=_leagues)
    async def leave(self, interaction: discord.Interaction, league: str) -> None:
        await _public(interaction, await lg.leave(interaction, league))

    @league.command(name="army", description="Register your army for the season (only you see it)")
    @app_commands.describe(league=NAME, cards="The army, as the league's game writes it")
    @app_commands.autocomplete(league=_leagues)
    async def army(self, interaction: discord.Interaction, league: str, cards: str) -> None:
        await post_text(interaction, await lg.army(interaction, league, cards))

    @league.command(name="season-start", description="Start the league's next season (organisers)")
    @app_commands.describe(league=NAME)
    @app_commands.autocomplete(league=_leagues)
    async def season_start(self, interaction: discord.Interaction, league: str) -> None:
        svc = lg.service_of(interaction)
        found = await svc.require(interaction.guild_id, league)
        await svc.require_organiser(found, interaction.user, "start a season")
        await _public(interaction, await svc.start_season(found, str(interaction.user.id)))

    @league.command(name="pair", description="Pair the next round and open its matches (organisers)")
    @app_commands.describe(league=NAME)
    @app_commands.autocomplete(league=_leagues)
    async def pair(self, interaction: discord.Interaction, league: str) -> None:
        svc = lg.service_of(interaction)
        found = await svc.require(interaction.guild_id, league)
        await svc.require_organiser(found, interaction.user, "pair rounds")
        with self.bot.busy("league-pair"):
            await interaction.response.defer()
            text = await svc.pair_round(found, str(interaction.user.id),
                                        self._host(interaction, found.settings.channel_id))
            await _public(interaction, text)

    @league.command(name="playoff", description="Start the top-N playoff after the season (organisers)")
    @app_commands.describe(league=NAME, size="How many players: 2, 4, 8 or 16 (default: the league's)")
    @app_commands.autocomplete(league=_leagues)
    async def playoff(self, interaction: discord.Interaction, league: str,
                      size: app_commands.Range[int, 2, 16] | None = None) -> None:
        svc = lg.service_of(interaction)
        found = await svc.require(interaction.guild_id, league)
        await svc.require_organiser(found, interaction.user, "start the playoff")
        with self.bot.busy("league-playoff"):
            seeds = await lg.seeds(svc, found)
            text = await svc.start_playoff(found, str(interaction.user.id), size, seeds,
                                           self._host(interaction, found.settings.channel_id))
            await _public(interaction, text)

    @league.command(name="challenge", description="Challenge a player (ladder leagues)")
    @app_commands.describe(league=NAME, player="Whom you challenge")
    @app_commands.autocomplete(league=_leagues)
    async def challenge(self, interaction: discord.Interaction, league: str, player: discord.Member) -> None:
        svc = lg.service_of(interaction)
        found = await svc.require(interaction.guild_id, league)
        with self.bot.busy("league-challenge"):
            text = await svc.challenge(found, str(interaction.user.id), str(player.id),
                                       self._host(interaction, found.settings.channel_id))
            await _public(interaction, text)

    @league.command(name="report", description="Report a game played elsewhere (your opponent confirms)")
    @app_commands.describe(league=NAME, winner="Who won", draw="It was a draw",
                           game="The game's number, when you have several open games (see /league history)")
    @app_commands.autocomplete(league=_leagues)
    async def report(self, interaction: discord.Interaction, league: str, winner: discord.Member | None = None,
                     draw: bool = False, game: int | None = None) -> None:
        text, view = await lg.report(interaction, league, winner, draw, game)
        await _public(interaction, text, view=view)

    @league.command(name="correct", description="Decide or correct a result, with a reason (organisers)")
    @app_commands.describe(league=NAME, game="The game's number (see /league history)", winner="Who won",
                           draw="It was a draw",
                           reason=f"Why (kept in the history; at most {lg.REASON_MAX} characters)")
    @app_commands.autocomplete(league=_leagues)
    async def correct(self, interaction: discord.Interaction, league: str, game: int,
                      reason: app_commands.Range[str, 1, lg.REASON_MAX],
                      winner: discord.Member | None = None, draw: bool = False) -> None:
        await _public(interaction, await lg.correct(interaction, league, game, winner, draw, reason))

    @league.command(name="standings", description="The league's standings, as an image and as text")
    @app_commands.describe(league=NAME)
    @app_commands.autocomplete(league=_leagues)
    async def standings(self, interaction: discord.Interaction, league: str) -> None:
        text, png = await lg.show_standings(interaction, league)
        await interaction.response.send_message(text, file=png, allowed_mentions=discord.AllowedMentions.none())

    @league.command(name="history", description="A player's league games, and head-to-head with another")
    @app_commands.describe(league=NAME, player="Whose history", other="Head-to-head against this player")
    @app_commands.autocomplete(league=_leagues)
    async def history(self, interaction: discord.Interaction, league: str, player: discord.Member,
                      other: discord.Member | None = None) -> None:
        await post_text(interaction, await lg.show_history(interaction, league, player, other))

    @league.command(name="cards", description="The season's most played and best performing cards")
    @app_commands.describe(league=NAME)
    @app_commands.autocomplete(league=_leagues)
    async def cards(self, interaction: discord.Interaction, league: str) -> None:
        await post_text(interaction, await lg.show_cards(interaction, league))

    @league.command(name="export", description="The season's results and standings as CSV and JSON (organisers)")
    @app_commands.describe(league=NAME)
    @app_commands.autocomplete(league=_leagues)
    async def export(self, interaction: discord.Interaction, league: str) -> None:
        text, files = await lg.export_files(interaction, league)
        await interaction.response.send_message(text, files=files, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: the cog, and the Confirm/Dispute buttons (restart-proof)."""
    bot.add_dynamic_items(ReportButton)
    await bot.add_cog(LeagueCog(bot))  # type: ignore[arg-type]
