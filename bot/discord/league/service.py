"""The league service: one per bot, on the bot's database (storage migration 10).

It pairs a round (:meth:`LeagueService.pair_round`), opens one thread-match per table with the
league's settings (:meth:`open_match`: the players seated, their registered armies set, the
league's pace, a map from the pool nobody at the table has played this season), and records the
result of a refereed league match the moment the match ends (:meth:`match_over`, called by
:func:`bot.discord.publish.publish`). Every change goes through :class:`bot.leagues.store.LeagueStore`
with who made it. Nothing is kept only in memory: :meth:`catch_up` records the results of league
matches that ended while the bot was down.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import threads
from bot.discord.errors import UserError
from bot.discord.face import face_of
from bot.discord.matches import session_from
from bot.discord.pace.texts import when_words
from bot.discord.respond import Responder
from bot.games.ruleset import GameMatch, Refused
from bot.leagues import pairing, playoff
from bot.leagues.model import BYE, DISPUTED, FINAL, OPEN, REFEREED, REPORTED, Game, ranks_from_winners
from bot.leagues.pairing import Pairing, PairingError
from bot.leagues.rules import league_rules
from bot.leagues.store import ORGANISER, PLAYER, League, LeagueStore
from bot.storage.base import OVER
from bot.storage.sqlite import SqliteStorage

if TYPE_CHECKING:
    from bot.discord.host import Host
    from bot.discord.matches import LiveMatch

log = logging.getLogger(__name__)

#: The pace options ``/match new`` takes (all passed, ``None`` when the league leaves one unset).
PACE_KEYS = ("pace", "orders", "turn", "decision", "extend", "policy", "away_max")


class LeagueService:
    """Leagues of every server this bot is in."""

    def __init__(self, bot: Host) -> None:
        # The running bot; its play-by-post service (``pace``) and ``next_seed`` are used too.
        self.bot: Any = bot
        self._store: LeagueStore | None = None

    @property
    def store(self) -> LeagueStore:
        """The league tables.

        :raises UserError: the bot has no SQLite database (leagues need one).
        """
        if self._store is None:
            if not isinstance(self.bot.storage, SqliteStorage):
                raise UserError("Leagues need the bot's database, which this bot does not have.")
            self._store = LeagueStore(self.bot.storage, self.bot.pace.clock.now)
        return self._store

    # --- look-ups and permissions ---------------------------------------------------------------

    async def require(self, guild_id: int | None, name: str) -> League:
        """The server's league named ``name``.

        :raises UserError: no such league (the answer lists the server's leagues).
        """
        if guild_id is None:
            raise UserError("Leagues live in a server: use this command in one of its channels.")
        league = await self.store.get(guild_id, name)
        if league is None:
            names = [lg.name for lg in await self.store.in_guild(guild_id)]
            known = f" This server's leagues: {', '.join(names)}." if names else " This server has no league yet."
            raise UserError(f"There is no league named '{name}'.{known}")
        return league

    async def is_organiser(self, league: League, member: discord.abc.User) -> bool:
        """Manage Server permission, the league's organiser role, or an organiser of the league."""
        perms = getattr(member, "guild_permissions", None)
        if perms is not None and perms.manage_guild:
            return True
        role = league.settings.organiser_role
        if role is not None and any(r.id == role for r in getattr(member, "roles", [])):
            return True
        return any(m.user_id == str(member.id) for m in await self.store.members(league.id, ORGANISER))

    async def require_organiser(self, league: League, member: discord.abc.User, what: str) -> None:
        """:raises UserError: ``member`` is not an organiser (the answer says who can ``what``)."""
        if not await self.is_organiser(league, member):
            raise UserError(f"Only the organisers of {league.name} (or someone with Manage Server) can {what}.")

    async def names(self, league: League) -> dict[str, str]:
        """Player id -> name shown (as they joined; players who left too)."""
        return await self.store.known_names(league.id)

    # --- rounds ---------------------------------------------------------------------------------

    async def start_season(self, league: League, actor: str) -> str:
        """Start the next season (round 0: pair round 1 next).

        :raises UserError: a season under way, fewer than two players, or armies missing.
        """
        games = await self.store.games(league.id, league.season)
        if not self.season_over(league, games, await self.season_rounds(league)):
            raise UserError(self._under_way(league, games, await self.season_rounds(league)))
        players = await self.store.members(league.id, PLAYER)
        if len(players) < 2:
            raise UserError(f"A season needs at least two players; {league.name} has {len(players)}. "
                            "Players join with `/league join`.")
        if league.settings.armies == "season":
            missing = [m.name or m.user_id for m in players if not m.army]
            if missing:
                raise UserError("Every player registers an army with `/league army` before the season starts; "
                                f"still missing: {', '.join(missing)}.")
        season = league.season + 1
        await self.store.set_progress(league, actor, season=season, round_no=0, status="running",
                                      kind="season start", detail=str(season))
        if league.settings.method == "challenge":
            how = ("open challenges: players challenge each other with `/league challenge`; an organiser "
                   "ends the season by starting the next one.")
        else:
            rounds = await self.season_rounds(league)
            capped = (f" (one round-robin cycle of {len(players)} players; the league's {league.settings.rounds} "
                      "would repeat games and byes)" if rounds < league.settings.rounds else "")
            how = (f"{rounds} rounds{capped}, {league.settings.method} pairings. "
                   "An organiser pairs each round with `/league pair`.")
        won = playoff.winner(games)
        before = f" {self._name(await self.names(league), won)} won season {league.season}'s playoff." if won else ""
        return f"🏆 Season {season} of **{league.name}** has started with {len(players)} players: {how}{before}"

    async def season_rounds(self, league: League) -> int:
        """The rounds of the season under way: the league's ``rounds``, but a round robin stops
        after one whole cycle of its current players (more would repeat games and give someone a
        second bye, a free win)."""
        if league.settings.method != "round-robin":
            return league.settings.rounds
        players = len(await self.store.members(league.id, PLAYER))
        return min(league.settings.rounds, pairing.cycle_rounds(players)) if players >= 2 else league.settings.rounds

    @staticmethod
    def season_over(league: League, games: list[Game], rounds: int) -> bool:
        """Whether a new season may start: none yet, or the season's games all final and its rounds
        all played (a ladder league: any time no game is waiting), its playoff (if one was started)
        played to a single winner."""
        if league.status == "open" or league.season == 0:
            return True
        if any(g.state not in FINAL for g in games):
            return False
        if league.status == "playoff":
            return playoff.winner(games) is not None
        return league.settings.method == "challenge" or league.round >= rounds

    @staticmethod
    def _under_way(league: League, games: list[Game], rounds: int) -> str:
        waiting = [g for g in games if g.state not in FINAL]
        if waiting:
            return (f"Season {league.season} of {league.name} is under way: {len(waiting)} game(s) have no final "
                    "result yet. Start the next season once every game has one.")
        if league.status == "playoff":
            return (f"The playoff of season {league.season} of {league.name} is not over: an organiser pairs its "
                    "next round with `/league pair`.")
        return (f"Season {league.season} of {league.name} is under way: round {league.round} of "
                f"{rounds} is played so far; an organiser pairs the next with `/league pair`.")

    @staticmethod
    def _name(names: dict[str, str], pid: str | None) -> str:
        return names.get(pid, f"<@{pid}>") if pid else ""

    async def pair_round(self, league: League, actor: str, channel: discord.abc.Messageable | None) -> str:
        """Pair the next round (or playoff round) and open its matches; the announcement.

        :raises UserError: no season under way, games of the round still open, the season's
            rounds all played, or fewer than two players.
        """
        if league.status not in ("running", "playoff"):
            raise UserError(f"{league.name} has no season under way: an organiser starts one with "
                            "`/league season-start`.")
        games = await self.store.games(league.id, league.season)
        waiting = [g for g in games if g.round == league.round and g.state not in FINAL]
        if waiting:
            raise UserError(f"Round {league.round} is not finished: {len(waiting)} game(s) have no final result "
                            f"({self.game_list(waiting, await self.names(league))}). Players report with "
                            "`/league report`; organisers decide with `/league correct`.")
        if league.settings.method == "challenge":
            raise UserError(f"{league.name} plays open challenges: players challenge each other with "
                            "`/league challenge`; there are no rounds to pair.")
        members = await self.store.members(league.id, PLAYER)
        if league.settings.armies == "season":
            missing = [m.name or m.user_id for m in members if not m.army]
            if missing:
                raise UserError("Every player of the round needs a registered army (`/league army`); still missing: "
                                f"{', '.join(missing)}. Nothing was paired.")
        players = [m.user_id for m in members]
        round_no = league.round + 1
        stage = "season"
        if league.status == "playoff":
            tables = self._playoff_tables(league, games)
            if not tables:
                won = playoff.winner(games)
                champ = f" {self._name(await self.names(league), won)} won it." if won else ""
                raise UserError(f"The playoff of {league.name} is over.{champ} Start the next season with "
                                "`/league season-start`.")
            pairing_ = Pairing(tuple(tables))
            stage = "playoff"
        elif league.round >= (rounds := await self.season_rounds(league)):
            raise UserError(f"Season {league.season} of {league.name} has had all its {rounds} rounds. "
                            "See `/league standings`; an organiser may start a playoff with `/league playoff`.")
        else:
            pairing_ = self.pairing(league, players, games, round_no)
        due = self.bot.pace.clock.now() + league.settings.round_time if league.settings.round_time else None
        await self.store.set_progress(league, actor, season=league.season, round_no=round_no,
                                      status=league.status, kind="pair round", detail=str(round_no), round_due=due)
        league = (await self.store.by_id(league.id)) or league
        opened: list[Game] = []
        for n, table in enumerate(pairing_.tables):
            map_id = pairing.choose_map(league.settings.maps, table, games + opened,
                                        f"{league.name}|{league.season}|{round_no}|{n}")
            game = Game(0, league.season, round_no, tuple(table), map_id=map_id, stage=stage)
            gid = await self.store.add_game(league.id, game, actor)
            game = Game(gid, league.season, round_no, tuple(table), map_id=map_id, stage=stage)
            opened.append(game)
        for p in pairing_.all_byes:
            bye = Game(0, league.season, round_no, (p,), state=BYE, stage=stage)
            await self.store.add_game(league.id, bye, actor)
        shown = round_no - min((g.round for g in games if g.stage == "playoff"), default=round_no) + 1
        lines = [f"🎲 **{league.name}**, season {league.season}, "
                 f"{f'playoff round {shown}' if stage == 'playoff' else f'round {round_no}'}:"]
        for game in opened:
            where = await self.open_match(league, game, channel)
            lines.append(f"• {' vs '.join(f'<@{p}>' for p in game.players)} on `{game.map_id}`{where}")
        lines += [f"• <@{p}> has a bye (counted as a win)" for p in pairing_.all_byes]
        if due is not None:
            lines.append(f"Results are due by {when_words(due)}; after that, games without a confirmed result "
                         "go to the organisers.")
        return "\n".join(lines)

    def pairing(self, league: League, players: list[str], games: list[Game], round_no: int) -> Pairing:
        """The league's pairing method for round ``round_no``.

        :raises UserError: fewer than two players (the pairing's own words).
        """
        s = league.settings
        season_games = [g for g in games if g.stage == "season"]
        try:
            if s.method == "round-robin":
                return pairing.round_robin(players, s.name, league.season, round_no)
            return pairing.free_for_all(players, season_games, s.name, league.season, round_no, s.seats, s.scoring)
        except PairingError as exc:
            raise UserError(str(exc)) from None

    def _playoff_tables(self, league: League, games: list[Game]) -> list[tuple[str, ...]]:
        last = max((g.round for g in games if g.stage == "playoff"), default=None)
        if last is None:
            return []
        winners: list[str] = []
        for g in games:
            if g.stage == "playoff" and g.round == last:
                if len(g.winners()) != 1:
                    raise UserError(f"Playoff game #{g.id} has no single winner: an organiser decides it with "
                                    f"`/league correct game:{g.id}`.")
                winners.append(g.winners()[0])
        return playoff.next_round(winners)

    async def start_playoff(self, league: League, actor: str, size: int | None, seeds: list[str],
                            channel: discord.abc.Messageable | None) -> str:
        """Open the first playoff round for the top ``size`` of ``seeds`` (``None``: the league's
        playoff size).

        :raises UserError: a bad size (or none, in a league created without a playoff), a playoff
            already under way or over, no season, or the season's rounds not all played and final.
        """
        if size is None:
            if not league.settings.playoff:
                raise UserError(f"{league.name} was created without a playoff: give its size with `size:` "
                                "(2, 4, 8 or 16).")
            size = league.settings.playoff
        if size not in (2, 4, 8, 16):
            raise UserError("A playoff takes the top 2, 4, 8 or 16 players.")
        games = await self.store.games(league.id, league.season)
        if league.status == "playoff":
            won = playoff.winner(games)
            if won:
                raise UserError(f"The playoff of season {league.season} of {league.name} is over: "
                                f"{self._name(await self.names(league), won)} won it. Start the next season with "
                                "`/league season-start`.")
            raise UserError(f"The playoff of {league.name} is under way: an organiser opens its next round with "
                            "`/league pair` once every game of this one has a final result.")
        if league.status != "running":
            raise UserError(f"{league.name} has no season under way: an organiser starts one with "
                            "`/league season-start`.")
        rounds = await self.season_rounds(league)
        if (league.round < rounds and league.settings.method != "challenge") or any(
                g.state not in FINAL for g in games):
            raise UserError(f"The playoff starts once every game of the season's {rounds} rounds "
                            "has a final result.")
        try:
            tables = playoff.first_round(seeds, size)
        except playoff.PlayoffError as exc:
            raise UserError(str(exc)) from None
        await self.store.set_progress(league, actor, season=league.season, round_no=league.round,
                                      status="playoff", kind="playoff", detail=str(size))
        league = (await self.store.by_id(league.id)) or league
        round_no = league.round + 1
        due = self.bot.pace.clock.now() + league.settings.round_time if league.settings.round_time else None
        await self.store.set_progress(league, actor, season=league.season, round_no=round_no, status="playoff",
                                      kind="pair round", detail=f"playoff {round_no}", round_due=due)
        lines = [f"🏅 **{league.name}** top-{size} playoff, round 1:"]
        for n, table in enumerate(tables):
            map_id = pairing.choose_map(league.settings.maps, table, games, f"{league.name}|{league.season}|po|{n}")
            game = Game(0, league.season, round_no, table, map_id=map_id, stage="playoff")
            gid = await self.store.add_game(league.id, game, actor)
            game = Game(gid, league.season, round_no, table, map_id=map_id, stage="playoff")
            where = await self.open_match(league, game, channel)
            lines.append(f"• {' vs '.join(f'<@{p}>' for p in table)} on `{map_id}`{where}")
        return "\n".join(lines)

    async def challenge(self, league: League, challenger: str, opponent: str,
                        channel: discord.abc.Messageable | None) -> str:
        """An open challenge in a ladder league: one game, its match opened.

        :raises UserError: not a challenge league, no season, or a bad opponent.
        """
        if league.settings.method != "challenge":
            raise UserError(f"{league.name} pairs its rounds ({league.settings.method}); challenges are for "
                            "leagues created with `pairing: challenge`.")
        if league.status != "running":
            raise UserError(f"{league.name} has no season under way: an organiser starts one with "
                            "`/league season-start`.")
        members = [m.user_id for m in await self.store.members(league.id, PLAYER)]
        if challenger not in members:
            raise UserError(f"You are not a player of {league.name}: join it with `/league join`, then challenge.")
        try:
            table = pairing.challenge(challenger, opponent, members).tables[0]
        except PairingError as exc:
            raise UserError(str(exc)) from None
        games = await self.store.games(league.id, league.season)
        if any(g.state == OPEN and set(table) <= set(g.players) for g in games):
            raise UserError("You two already have a challenge waiting to be played.")
        round_no = 1 + max((g.round for g in games), default=0)
        map_id = pairing.choose_map(league.settings.maps, table, games, f"{league.name}|{league.season}|{round_no}|0")
        game = Game(0, league.season, round_no, table, map_id=map_id)
        gid = await self.store.add_game(league.id, game, challenger)
        game = Game(gid, league.season, round_no, table, map_id=map_id)
        where = await self.open_match(league, game, channel)
        return f"⚔ <@{challenger}> challenges <@{opponent}> in **{league.name}** on `{map_id}`{where}"

    # --- matches --------------------------------------------------------------------------------

    async def open_match(self, league: League, game: Game, channel: discord.abc.Messageable | None) -> str:
        """Open the game's match in a new thread of ``channel``: players seated, registered armies set
        and the match started (armies chosen per match: the players set them and start it). Returns
        ``" in <#thread>"``, or a note to play it anywhere and report it when ``channel`` cannot hold
        threads."""
        if not isinstance(channel, discord.TextChannel):
            return " (play it anywhere and report it with `/league report`)"
        from bot.discord.pace.commands import announce_pace
        from bot.discord.publish import publish

        names = await self.names(league)
        thread = await threads.open_thread(channel, f"{league.name} S{league.season} R{game.round}: "
                                                    f"{' vs '.join(names.get(p, p) for p in game.players)}"[:100])
        s = league.settings
        # Exactly the league's format (points system, caps, lines), as `/match new format:` sets it.
        fmt: dict[str, Any] = s.format.overrides()
        if s.round_limit is not None:
            fmt["round_limit"] = s.round_limit
        live = await self.bot.matches.create(guild_id=channel.guild.id, channel_id=thread.id,
                                             creator_id=int(game.players[0]), scenario_id=s.scenario,
                                             map_id=game.map_id, fmt=fmt, seed=self.bot.next_seed(),
                                             parent_id=channel.id, game=s.game)
        await self.store.attach_match(game.id, live.match_id, thread.id)
        header = await announce_pace(live, self.bot.pace, {k: s.pace.get(k) for k in PACE_KEYS})
        responder = Responder(self.bot, None, live.channel_id)
        await responder.send(f"🏆 **{league.name}**, season {league.season}, round {game.round}: "
                             f"{' vs '.join(f'<@{p}>' for p in game.players)} on `{game.map_id}`." + header)
        members = {m.user_id: m for m in await self.store.members(league.id, PLAYER)}
        for p in game.players:
            member = members.get(p)
            applied = await self.bot.matches.apply(live, p, face_of(live).join_command(seat_name_of(member, p)))
            await publish(self.bot, live, applied, responder)
        if s.armies == "season":
            for p in game.players:
                army = members[p].army if p in members else None
                if army:
                    try:
                        applied = await self.bot.matches.apply(live, p, face_of(live).league_army_command(army))
                    except Refused as exc:  # e.g. the opponent's army already holds a card this one names
                        await responder.send(f"<@{p}>'s registered army cannot be set in this match: {exc}. "
                                             f"Set another here ({face_of(live).army_words}).")
                        continue
                    await publish(self.bot, live, applied, responder)
            try:
                applied = await self.bot.matches.apply(live, game.players[0], "start", want_view=True)
            except Refused as exc:  # e.g. an army this map cannot hold
                await responder.send(f"The match could not start: {exc}. Fix it here ({face_of(live).army_words}), then "
                                     f"<@{game.players[0]}> starts it with `/match start`.")
            else:
                await publish(self.bot, live, applied, responder)
        else:
            await responder.send(f"Each player picks an army for this match with {face_of(live).army_words}; "
                                 f"<@{game.players[0]}> then starts it with `/match start`.")
        return f" in <#{thread.id}>"

    async def match_over(self, live: LiveMatch) -> None:
        """Record the result of a league match that has just ended (win, loss, draw, forfeit or the
        round-limit scoring, as the rules decided), once; a non-league match is left alone."""
        if isinstance(self.bot.storage, SqliteStorage):
            await self.record_refereed(live.match_id, live.game, live.channel_id)

    async def record_refereed(self, match_id: str, match: GameMatch, channel_id: int) -> bool:
        """Record a finished match's result (:meth:`GameMatch.result`, and what its game's
        :meth:`~bot.leagues.rules.LeagueRules.result_facts` says) on its league game; ``True`` when
        this call recorded it."""
        found = await self.store.game_of_match(match_id)
        if found is None:
            return False
        league_id, game, version = found
        if game.state in FINAL:
            return False  # a confirmed or decided hand report stands; organisers correct it if need be
        # A report still waiting for its confirmation (or disputed) gives way to what the bot refereed.
        result = match.result()
        if result is None:
            return False
        winners = [w for w in result.winners if w in game.players]
        ranks = ranks_from_winners(game.players, winners)
        forfeit, armies = league_rules(match.ruleset).result_facts(match, game.players)
        done = await self.store.set_result(league_id, game.id, version, state=REFEREED, ranks=ranks, actor="bot",
                                           kind="refereed", detail=result.reason or "", forfeit=forfeit,
                                           armies=armies)
        if done:
            league = await self.store.by_id(league_id)
            names = await self.names(league) if league else {}
            text = result_words(replace(game, ranks=ranks, state=REFEREED, forfeit=forfeit), names)
            await Responder(self.bot, None, channel_id).send(
                f"🏆 League result recorded for **{league.name if league else 'the league'}**: {text}.")
        return done

    async def close_match(self, game: Game, words: str) -> bool:
        """A game's league result became final by hand (confirmed or decided): end its match if
        it is still being played, and say so in its thread, so that nothing played there
        contradicts the league. ``True`` when a match was ended."""
        live = self.bot.matches.get(game.match_id) if game.match_id else None
        if live is None or live.over:
            return False
        await self.bot.matches.end(live)
        await Responder(self.bot, None, live.channel_id).send(
            f"🏁 The league result of game #{game.id} is final: {words}. This match is over; nothing played "
            "here changes the result (an organiser corrects it with `/league correct`).")
        return True

    async def catch_up(self) -> int:
        """Record the result of every league match that ended with no result recorded (the bot
        stopped between the end and the recording); how many."""
        if not isinstance(self.bot.storage, SqliteStorage):
            return 0
        rows = await self.store._rows("SELECT match_id, channel_id FROM league_games WHERE match_id IS NOT NULL "
                                      "AND state IN (?, ?, ?)", (OPEN, REPORTED, DISPUTED))
        count = 0
        for match_id, channel_id in rows:
            live = self.bot.matches.get(match_id)
            if live is not None:
                match: GameMatch = live.game
            else:
                stored = await self.bot.storage.load_match(match_id)
                if stored is None or stored.meta.status != OVER:
                    continue
                try:
                    match = session_from(stored.meta, stored.record(), tolerant=True)
                except Exception:
                    log.exception("league match %s does not replay; its result is left to the organisers", match_id)
                    continue
            if match.result() is not None:
                count += await self.record_refereed(match_id, match, int(channel_id))
        return count

    async def rounds_due(self) -> int:
        """Tell the organisers of every league whose round deadline passed which games have no
        final result (open, reported but unconfirmed, disputed), once; how many leagues were told.
        Called by the play-by-post loop (:meth:`bot.discord.pace.service.PaceService.tick`)."""
        if not isinstance(self.bot.storage, SqliteStorage):
            return 0
        told = 0
        for league in await self.store.rounds_due(self.bot.pace.clock.now()):
            if not await self.store.claim_round_due(league):
                continue
            games = [g for g in await self.store.games(league.id, league.season)
                     if g.round == league.round and g.state not in FINAL]
            if not games:
                continue
            organisers = " ".join(f"<@{m.user_id}>" for m in await self.store.members(league.id, ORGANISER))
            text = (f"⏰ Round {league.round} of **{league.name}** is past its deadline. Games without a final "
                    f"result: {self.game_list(games, await self.names(league))}. Organisers {organisers}: decide "
                    "them with `/league correct`.")
            channel = self.bot.get_channel(league.settings.channel_id) if league.settings.channel_id else None
            if channel is not None:
                await Responder(self.bot, None, channel.id).send(text)
                told += 1
        return told

    # --- words ----------------------------------------------------------------------------------

    @staticmethod
    def game_list(games: list[Game], names: dict[str, str]) -> str:
        """``#12 Ann vs Bob (open); ...``."""
        return "; ".join(f"#{g.id} {' vs '.join(names.get(p, p) for p in g.players)} ({g.state})" for g in games)


def seat_name_of(member: Any, pid: str) -> str:
    """The seat name of a league player in a match (their league name, else their id)."""
    return (getattr(member, "name", "") or pid)[:32]


def result_words(game: Game, names: dict[str, str]) -> str:
    """A game's result in words: ``Ann beat Bob``, ``Ann and Bob drew``, ``Ann has a bye``."""
    who = [names.get(p, p) for p in game.players]
    if game.is_bye:
        return f"{who[0]} has a bye (a win)"
    if game.ranks is None:
        return f"{' vs '.join(who)}: no result yet"
    won = [names.get(p, p) for p in game.winners()]
    if len(won) == len(game.players):
        return f"{' and '.join(who)} drew"
    lost = [names.get(p, p) for p in game.players if p not in game.winners()]
    text = f"{' and '.join(won)} beat {', '.join(lost)}" if len(won) == 1 else f"{' and '.join(won)} shared first place"
    if game.forfeit:
        text += f" ({', '.join(names.get(p, p) for p in game.forfeit)} forfeited)"
    return text


__all__ = ["LeagueService", "result_words"]
