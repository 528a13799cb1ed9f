"""``/match``: new, join, start, status, concede, end; and for play by post (issue 16) pace,
since, log, replay and undo (their work is in :mod:`bot.discord.pace.commands`).

``/match new`` plays in the channel where it is run, or - with ``thread`` (or ``thread_name``) - in
a public thread it opens from that channel; the match then lives in the thread (its channel id is
the thread's). Run in a thread, ``/match new`` makes the match live in that thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import games
from bot.discord import actions, outgoing, shared, threads
from bot.discord.components import ConcedeButton, view_of
from bot.discord.errors import UserError
from bot.discord.face import Face, face_of
from bot.discord.face import face as face_of_game
from bot.discord.pace import commands as post
from bot.discord.respond import Responder

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot
    from bot.discord.matches import LiveMatch

Choices = list[app_commands.Choice[str]]


def seat_name(user: discord.User | discord.Member) -> str:
    """The name a user plays under: their display name, one line, short, and unable to ping
    (``@everyone`` in a name stays words, :func:`~bot.discord.outgoing.neutral`)."""
    return outgoing.neutral(" ".join((user.display_name or user.name).split())[:40]) or str(user.id)


def check_permissions(interaction: discord.Interaction, *, thread: bool) -> None:
    """Refuse ``/match new`` where the bot could not post the match: it needs View Channel, Send
    Messages (in Threads, for a match in a thread), Attach Files (the map) and Embed Links there,
    read from the interaction's ``app_permissions``.

    :raises UserError: naming what is missing and who can fix it (nothing is created).
    """
    here = interaction.channel
    in_thread = thread or isinstance(here, discord.Thread)
    missing = outgoing.missing_at_start(interaction.app_permissions, thread=in_thread)
    if thread:  # a new thread: threads.thread_host names what opening it needs, with its own advice
        missing = [m for m in missing if m != "Send Messages in Threads"]
    if missing:
        names = " and ".join(", ".join(f"**{m}**" for m in missing).rsplit(", ", 1))
        raise UserError(f"I cannot run a match in <#{interaction.channel_id}>: I lack the {names} "
                        f"permission{'s' if len(missing) > 1 else ''} there (I post the match, its map and "
                        "the players' turns). Ask someone who manages the server to give "
                        f"{'them' if len(missing) > 1 else 'it'} to me, then run `/match new` again. "
                        "No match was created.")


PACES = [app_commands.Choice(name="live (no deadlines)", value="live"),
         app_commands.Choice(name="by post (deadlines, reminders)", value="post")]
#: ``/match new vs:`` and ``level:``: a computer seat and how hard it plays (issue 20).
OPPONENTS = [app_commands.Choice(name="the computer takes the other seat", value="computer")]
LEVELS = [app_commands.Choice(name=f"{lv}{' (the default)' if lv == 'normal' else ''}", value=lv)
          for lv in ("easy", "normal", "hard")]
POLICIES = [app_commands.Choice(name="the computer plays the move", value="ai"),
            app_commands.Choice(name="the turn is skipped", value="skip"),
            app_commands.Choice(name="the player forfeits", value="forfeit")]
PACE_HELP = dict(pace="live (default) or by post with deadlines", orders="Secret choices deadline, e.g. 24h (post)",
                 turn="Turn deadline, e.g. 24h (post)", decision="Decision deadline, e.g. 12h (post)",
                 extend="A missed deadline is extended once by this (0: never)",
                 policy="Then: the computer plays, the turn is skipped, or the player forfeits",
                 away_max="Longest /me away allowed, e.g. 7d")


class MatchCog(commands.Cog):
    """Creating, joining and running matches."""

    match = app_commands.Group(name="match", description="Create, join and run a match in this channel",
                               guild_only=True)

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot
        # Each game's own options of /match new (bot.discord.face.Face.new_options) join the generic ones.
        shared.add_game_options(self.match.get_command("new"), shared.game_typed)  # type: ignore[arg-type]
        for name in ("new", "pace"):  # the pace options in the default game's words
            shared.word_options(self.match.get_command(name))  # type: ignore[arg-type]
        #: Threads (and their parent channels) this bot opened or saw an interaction in.
        self.thread_parents = threads.ThreadParents()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the parent channel of every thread an interaction comes from (cheap, in memory),
        so that the parent channel can point at the matches in its threads."""
        self.thread_parents.note(interaction.channel)

    # --- /match ------------------------------------------------------------------------------

    @match.command(name="new", description="Start a match in this channel (one per channel), or in a new thread")
    @app_commands.describe(game=f"The game to play (default: {games.DEFAULT})",
                           seat="Take a seat yourself (default: yes)",
                           thread="Play in a new public thread of this channel (default: no)",
                           thread_name="Name of that thread (implies thread; up to 100 characters)",
                           vs="Play against the computer: it takes the other seat and plays by itself",
                           level="How hard the computer plays (with vs: computer): easy, normal or hard", **PACE_HELP)
    @app_commands.autocomplete(game=shared.game_choices)
    @app_commands.choices(pace=PACES, policy=POLICIES, vs=OPPONENTS, level=LEVELS)
    @shared.game_options
    async def new(self, interaction: discord.Interaction, game: str = games.DEFAULT, seat: bool = True,
                  thread: bool = False, thread_name: str | None = None, pace: str | None = None,
                  orders: str | None = None, turn: str | None = None, decision: str | None = None,
                  extend: str | None = None, policy: str | None = None, away_max: str | None = None,
                  vs: str | None = None, level: str | None = None, **values: Any) -> None:
        if interaction.channel_id is None:
            raise UserError("Matches are played in a server channel.")
        try:
            face = face_of_game(game)
        except games.UnknownGame as exc:
            raise UserError(f"{exc} (`/match new game:` offers them).") from None
        if level is not None and vs != "computer":
            raise UserError("`level` says how hard the computer plays: add `vs: computer` to play against it.")
        if vs == "computer" and not seat:
            raise UserError("Against the computer you take the other seat: leave `seat` on (or leave out `vs`).")
        proto = face.new_options()
        own = shared.own_values("match new", face.game, proto, values) if proto is not None else \
            shared.own_values("match new", face.game, shared.NO_OPTIONS, values)
        pacing = dict(pace=pace, orders=orders, turn=turn, decision=decision, extend=extend, policy=policy,
                      away_max=away_max)
        post.check_options(pacing, face.game)  # bad pace options refuse the match before anything is made
        options = await face.match_options(interaction, own)
        check_permissions(interaction, thread=thread or thread_name is not None)
        # In flight from the start: with a thread, the interaction is answered before the work is done.
        with self.bot.busy("new"):
            live = await self._start(interaction, interaction.channel_id, face, options, seat,
                                     thread or thread_name is not None, thread_name, pacing)
            if vs == "computer":
                await face.seat_computer(self.bot, live, level or "normal")

    async def _start(self, interaction: discord.Interaction, channel_id: int, face: Face, options: dict[str, Any],
                     seat: bool, thread: bool, thread_name: str | None, pacing: dict[str, str | None]) -> LiveMatch:
        """Create the match in channel ``channel_id`` (or in a new thread of it when ``thread``), show it
        and return it."""
        opened: discord.Thread | None = None
        here = interaction.channel
        parent_id = here.parent_id if isinstance(here, discord.Thread) else None
        if thread:
            opened = await self._open_thread(interaction, face, options, thread_name)
            parent_id, channel_id = channel_id, opened.id
        live = await self.bot.matches.create(guild_id=interaction.guild_id, channel_id=channel_id,
                                             creator_id=interaction.user.id, options=options, game=face.game,
                                             seed=self.bot.next_seed(), parent_id=parent_id)
        header = await face.announce(self.bot, live, interaction.user.id)
        header += await post.announce_pace(live, self.bot.pace, pacing)
        if opened is not None:
            # The answer in the channel is only a signpost; the match itself is posted in the thread
            # (the responders below post there, because the thread is not the interaction's channel).
            await interaction.response.send_message(
                f"⚔ <@{interaction.user.id}> opened a match in {opened.mention}: {face.summary(live)}. "
                "Play it there: `/match join` takes a seat.")
        if seat:
            await actions.play(interaction, face.join_command(seat_name(interaction.user)), live=live,
                               header=header, seated=False, with_map=True)
            return live
        responder = Responder(self.bot, interaction, live.channel_id)
        await responder.defer()
        png = await face.draw(self.bot, live, live.public_view(), ())
        await responder.send(header, png=png, filename="battlefield.png")
        return live

    async def _open_thread(self, interaction: discord.Interaction, face: Face, options: dict[str, Any],
                           name: str | None) -> discord.Thread:
        """Check everything ``/match new`` needs, then open its thread (nothing is opened on a refusal).

        :raises UserError: a thread here is impossible or not allowed, or the options are wrong.
        """
        host = threads.thread_host(interaction)
        title = face.check_setup(options, interaction.guild_id)
        opened = await threads.open_thread(host, threads.thread_name(name, title, seat_name(interaction.user),
                                                                     face.game))
        self.thread_parents.remember(opened.id, host.id)
        return opened

    @match.command(name="join", description="Take a seat in this channel's match")
    async def join(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        if live.is_player(str(interaction.user.id)):
            raise UserError("You already have a seat in this match.")
        await actions.play(interaction, face_of(live).join_command(seat_name(interaction.user)), live=live,
                           seated=False)

    @match.command(name="start", description="Close the table and begin (creator only)")
    async def start(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        if interaction.user.id != live.meta.creator_id:
            raise UserError("Only the player who created the match can start it.")
        await actions.play(interaction, "start", live=live, with_map=True)

    @match.command(name="status", description="Where the match stands (only you see the answer)")
    async def status(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        await face_of(live).status(self.bot, live, str(interaction.user.id),
                                   Responder(self.bot, interaction, live.channel_id))

    @match.command(name="concede", description="Leave the match; you cannot come back")
    async def concede(self, interaction: discord.Interaction) -> None:
        # Asked first, privately: nothing changes until the player presses Concede (QA: a concede
        # run by mistake during someone else's turn ended the match at once).
        live, pid = actions.player_here(interaction)
        refusal = live.refusal(pid, "concede")
        if refusal is not None:
            raise refusal
        await interaction.response.send_message(
            face_of(live).concede_question, ephemeral=True,
            view=view_of(ConcedeButton(live.match_id, pid, True), ConcedeButton(live.match_id, pid, False)))

    @match.command(name="pace", description="See or change the match's pace before the start (creator only)")
    @app_commands.describe(**PACE_HELP)
    @app_commands.choices(pace=PACES, policy=POLICIES)
    async def pace(self, interaction: discord.Interaction, pace: str | None = None, orders: str | None = None,
                   turn: str | None = None, decision: str | None = None, extend: str | None = None,
                   policy: str | None = None, away_max: str | None = None) -> None:
        live = actions.match_here(interaction)
        text = await post.change_pace(interaction, live, dict(pace=pace, orders=orders, turn=turn, decision=decision,
                                                              extend=extend, policy=policy, away_max=away_max))
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    @match.command(name="since", description="What happened since you last acted, with the maps (only you see it)")
    async def since(self, interaction: discord.Interaction) -> None:
        await post.since(interaction, actions.match_here(interaction))

    @match.command(name="log", description="The match's public history, page by page (only you see it)")
    @app_commands.describe(page="Page number (default: the latest)")
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None) -> None:
        text = await post.log_page(interaction, actions.match_here(interaction), page)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @match.command(name="replay", description="The map after every turn, as one animated image")
    async def replay(self, interaction: discord.Interaction) -> None:
        await post.replay(interaction, actions.match_here(interaction))

    @match.command(name="undo", description="Ask the others to take back your latest command(s) (no dice, nothing hidden)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await post.ask_undo(interaction, actions.match_here(interaction))

    @match.command(name="end", description="Stop this channel's match for good (creator or Manage Server)")
    async def end(self, interaction: discord.Interaction) -> None:
        live = actions.match_here(interaction)
        perms = getattr(interaction.user, "guild_permissions", None)
        if interaction.user.id != live.meta.creator_id and not (perms is not None and perms.manage_guild):
            raise UserError("Only the match's creator or someone with Manage Server can end it.")
        await self.bot.matches.end(live)
        # The match is ended now, whatever Discord says to the answer: the Responder falls back to the channel.
        await Responder(self.bot, interaction, live.channel_id).send(
            f"🛑 The match was ended by {interaction.user.mention}. Start a new one with `/match new`.")


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(MatchCog(bot))  # type: ignore[arg-type]
