"""The work behind each ``/league`` slash command: checks first (a refusal says why and changes
nothing), then one recorded change through :class:`bot.leagues.store.LeagueStore`."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.errors import UserError
from bot.discord.face import face as game_face
from bot.discord.league.buttons import report_view
from bot.discord.league.service import LeagueService, result_words
from bot.discord.league.texts import cards_text, h2h_text, history_text, standings_text
from bot.discord.pace.commands import check_options
from bot.discord.pace.durations import DAY, HOUR, format_duration, parse_duration
from bot.discord.shared import NO_OPTIONS, own_values
from bot.games.ruleset import UnknownGame
from bot.leagues import export
from bot.leagues.model import (
    ARMY_MODES,
    DECIDED,
    FINAL,
    METHODS,
    OPEN,
    REPORTED,
    LeagueSettings,
    ranks_from_winners,
)
from bot.leagues.playoff import winner as playoff_winner
from bot.leagues.rules import league_rules
from bot.leagues.standings import best_cards, card_stats, history, standings
from bot.leagues.store import ORGANISER, PLAYER, League, LeagueExists
from bot.render.standings import standings_png

if TYPE_CHECKING:
    from bot.leagues.model import Game

#: Longest league name (it goes into thread names).
NAME_MAX = 40
#: Characters a league name may not hold: mentions, and Markdown that would change how it shows.
NAME_REFUSED = "`@#<>*_~|\\"
#: Longest reason of ``/league correct`` (the option's ``max_length``; it goes into the public
#: answer and every history line of the game).
REASON_MAX = 300


def service_of(interaction: discord.Interaction) -> LeagueService:
    """The bot's league service."""
    return interaction.client.leagues  # type: ignore[attr-defined,no-any-return]


def build_settings(name: str, *, game: str | None = None, values: Mapping[str, Any] | None = None,
                   maps: str | None = None, scenario: str | None = None, rounds: int = 5,
                   pairing: str = "swiss", seats: int = 2, armies: str = "season", round_limit: int | None = None,
                   playoff: int = 0, organiser_role: int | None = None, channel_id: int | None = None,
                   pace: dict[str, str | None] | None = None, round_time: str | None = None) -> LeagueSettings:
    """The settings ``/league create`` asks for, checked. ``game`` is the league's game (default:
    :data:`bot.games.DEFAULT`); ``values`` its own options, which its face turns into the league's
    format (:meth:`bot.discord.face.Face.league_setup`, checked with the scenario and every map).

    :raises UserError: a bad name, unknown game, format, map, scenario, line, pairing or points system, a seat
        count outside 2–4, a free-for-all with round robin, a bad pace option, or a round
        deadline that is unreadable or outside 1 hour to 60 days.
    """
    name = " ".join(name.split())  # one line: a name goes into lists, thread names and autocomplete
    if not name or len(name) > NAME_MAX or any(c in name for c in NAME_REFUSED) or not name.isprintable():
        raise UserError(f"A league name is 1 to {NAME_MAX} characters on one line, without "
                        f"{' '.join(NAME_REFUSED)} (mentions and Markdown).")
    if pairing not in METHODS:
        raise UserError(f"The pairing method is one of: {', '.join(METHODS)}.")
    if armies not in ARMY_MODES:
        raise UserError(f"Armies are chosen per {' or per '.join(ARMY_MODES)}.")
    if not 2 <= seats <= 4:
        raise UserError("A league match seats 2 players, or 3–4 for a free-for-all league.")
    if seats > 2 and pairing != "swiss":
        raise UserError("Free-for-all leagues (3–4 seats) pair by record: use `pairing: swiss`.")
    if not 1 <= rounds <= 50:
        raise UserError("A season has 1 to 50 rounds.")
    if playoff not in (0, 2, 4, 8, 16):
        raise UserError("The playoff takes the top 2, 4, 8 or 16 players (0: no playoff).")
    try:
        face = game_face(game)
    except UnknownGame as exc:
        raise UserError(str(exc)) from None
    proto = face.league_options()
    own = own_values("league create", face.game, proto if proto is not None else NO_OPTIONS, values or {})
    pool = tuple(p.strip() for p in (maps or "").replace(";", ",").split(",") if p.strip()) or ("practice-field",)
    fmt = face.league_setup(own, scenario, pool, round_limit)
    pace = pace or {}
    check_options(pace, face.game)
    seconds = None
    if round_time is not None:
        seconds = parse_duration(round_time, what="the round's deadline")
        if not HOUR <= seconds <= 60 * DAY:
            raise UserError("A round's deadline lies between 1 hour and 60 days, e.g. `7d`.")
    settings = LeagueSettings(name=name, format=fmt, maps=pool,
                              pace={k: v for k, v in pace.items() if v is not None}, rounds=rounds, method=pairing,
                              seats=seats, armies=armies, round_limit=round_limit, playoff=playoff,
                              organiser_role=organiser_role, channel_id=channel_id, round_time=seconds, game=face.game)
    return settings.but(scenario=scenario) if scenario else settings


async def create(interaction: discord.Interaction, settings: LeagueSettings) -> str:
    """``/league create``: Manage Server or the organiser role given (the creator becomes organiser).

    :raises UserError: not allowed, or a league of that name exists.
    """
    member = interaction.user
    perms = getattr(member, "guild_permissions", None)
    role = settings.organiser_role
    allowed = (perms is not None and perms.manage_guild) or (
        role is not None and any(r.id == role for r in getattr(member, "roles", [])))
    if not allowed:
        raise UserError("Creating a league needs the Manage Server permission, or the organiser role you name "
                        "in `organiser_role`.")
    assert interaction.guild_id is not None
    try:
        league = await service_of(interaction).store.create(interaction.guild_id, settings, member.id)
    except LeagueExists as exc:
        raise UserError(f"{exc} Pick another name.") from None
    s = league.settings
    return (f"🏆 League **{s.name}** created: {s.format.describe()}; maps {', '.join(s.maps)}; scenario "
            f"{s.scenario}; {s.rounds} rounds, {s.method} pairing, {s.seats} players a match; armies per "
            f"{s.armies}{f'; top-{s.playoff} playoff' if s.playoff else ''}; {pace_words(s)}. Players join with "
            f"`/league join league:{s.name}`.")


def pace_words(s: LeagueSettings) -> str:
    """The league's match pace and round deadline in words: ``matches by post (turn 24h, policy ai);
    a round lasts 7d``."""
    opts = ", ".join(f"{k} {v}" for k, v in s.pace.items() if k != "pace")
    text = "matches by post" if s.pace.get("pace") == "post" else "matches live"
    text += f" ({opts})" if opts else ""
    if s.round_time:
        text += f"; a round lasts {format_duration(s.round_time)}"
    return text


async def organiser(interaction: discord.Interaction, name: str, user: discord.abc.User, add: bool) -> str:
    """Add or remove an organiser (organisers only)."""
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    await svc.require_organiser(league, interaction.user, "add or remove organisers")
    actor = str(interaction.user.id)
    if add:
        if not await svc.store.add_member(league.id, str(user.id), ORGANISER, user.display_name, actor):
            raise UserError(f"{user.display_name} is already an organiser of {league.name}.")
        return f"{user.display_name} is now an organiser of {league.name}."
    organisers = await svc.store.members(league.id, ORGANISER)
    if all(m.user_id != str(user.id) for m in organisers):
        raise UserError(f"{user.display_name} is not an organiser of {league.name}.")
    if len(organisers) <= 1:
        raise UserError(f"{league.name} needs at least one organiser: add another before removing this one.")
    if not await svc.store.remove_member(league.id, str(user.id), ORGANISER, actor):
        raise UserError(f"{user.display_name} is not an organiser of {league.name}.")
    return f"{user.display_name} is no longer an organiser of {league.name}."


async def join(interaction: discord.Interaction, name: str) -> str:
    """``/league join``: refused when already a player."""
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    user = interaction.user
    if not await svc.store.add_member(league.id, str(user.id), PLAYER, user.display_name, str(user.id)):
        raise UserError(f"You are already a player of {league.name}.")
    after = " once the season starts" if league.status == "open" else " from the next round"
    army = " Register your army with `/league army`." if league.settings.armies == "season" else ""
    return f"<@{user.id}> joined **{league.name}**: you are paired{after}.{army}"


async def leave(interaction: discord.Interaction, name: str) -> str:
    """``/league leave``: no more pairings (games already paired stay)."""
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    user = interaction.user
    if not await svc.store.remove_member(league.id, str(user.id), PLAYER, str(user.id)):
        raise UserError(f"You are not a player of {league.name}.")
    return f"{user.display_name} left **{league.name}**; their results so far stay in the standings."


async def army(interaction: discord.Interaction, name: str, cards: str) -> str:
    """``/league army``: register the season's army, checked against the format; only you see it.

    :raises UserError: not a player, armies chosen per match, a season under way with an army
        already registered, or an army the format refuses.
    """
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    pid = str(interaction.user.id)
    me = [m for m in await svc.store.members(league.id, PLAYER) if m.user_id == pid]
    if not me:
        raise UserError(f"Join {league.name} first (`/league join`), then register your army.")
    if league.settings.armies != "season":
        raise UserError(f"{league.name} chooses armies per match: set yours in each match with `/army set`.")
    if league.status != "open" and me[0].army:
        raise UserError(f"Season {league.season} is under way: your army is fixed until the season ends.")
    text, total = game_face(league.settings.game).league_army(cards, league.settings.format, interaction.guild_id)
    await svc.store.set_army(league.id, pid, text)
    return (f"Your army for {league.name} is registered ({total}): {text}. It stays hidden from the other "
            "players until each match starts.")


async def report(interaction: discord.Interaction, name: str, winner: discord.abc.User | None,
                 draw: bool, game_id: int | None = None) -> tuple[str, discord.ui.View | None]:
    """``/league report``: a player of an unplayed game reports its result; the opponents get
    Confirm / Dispute buttons. ``game_id`` picks the game when the player has several open ones
    (without it, the one game against ``winner``, or the only open game).

    :raises UserError: not in an open game of the season (a report waiting for its confirmation
        is named), several open games and no way to tell which, neither or both of ``winner`` and
        ``draw``, a draw in a playoff game, or a winner who did not play.
    """
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    pid = str(interaction.user.id)
    games = await svc.store.games(league.id, league.season)
    names = await svc.names(league)
    mine = [g for g in games if pid in g.players and g.state == OPEN and (game_id is None or g.id == game_id)]
    if not mine:
        raise UserError(_nothing_to_report(league.name, pid, games, names, game_id))
    if (winner is None) == (not draw):
        raise UserError("Say who won (`winner:`) or that it was a draw (`draw: True`), not both.")
    if len(mine) > 1 and winner is not None and str(winner.id) != pid:
        mine = [g for g in mine if str(winner.id) in g.players] or mine
    if len(mine) > 1:
        raise UserError(f"You have {len(mine)} open games in {league.name}: "
                        f"{svc.game_list(mine, names)}. Say which with `game:`.")
    game = mine[0]
    if draw and game.stage == "playoff":
        raise UserError(f"Game #{game.id} is a playoff game: it needs a single winner, not a draw.")
    try:
        ranks = ranks_from_winners(game.players, [str(winner.id)] if winner else [])
    except ValueError:
        raise UserError(f"{winner.display_name if winner else ''} did not play game #{game.id} "
                        f"({' vs '.join(f'<@{p}>' for p in game.players)}).") from None
    found = await svc.store.game(game.id)
    assert found is not None
    _, _, version = found
    if not await svc.store.set_result(league.id, game.id, version, state=REPORTED, ranks=ranks, actor=pid,
                                      kind="report", reported_by=pid,
                                      detail=result_words(replace(game, ranks=ranks, state=REPORTED), names)):
        raise UserError("This game changed while you reported it; look at it again with `/league history`.")
    words = result_words(replace(game, ranks=ranks, state=REPORTED), names)
    others = " ".join(f"<@{p}>" for p in game.players if p != pid)
    return (f"📝 <@{pid}> reports game #{game.id} of **{league.name}**: {words}. {others}: confirm or dispute it.",
            report_view(game.id, version + 1))


def _nothing_to_report(league: str, pid: str, games: list[Game], names: dict[str, str], game_id: int | None) -> str:
    """Why a player has no open game to report: a report of theirs waits for its confirmation, the
    game named is not theirs or not open, or they have no game at all."""
    waiting = [g for g in games if pid in g.players and g.state == REPORTED and game_id in (None, g.id)]
    if waiting:
        g = waiting[0]
        by = names.get(g.reported_by or "", "a player")
        others = ", ".join(names.get(p, p) for p in g.players if p != g.reported_by)
        return (f"Game #{g.id} already has a report by {by} waiting for {others}: they press Confirm or Dispute "
                "under it. An organiser can correct it with `/league correct`.")
    if game_id is not None:
        return (f"Game #{game_id} is not an unplayed game of yours in {league}; `/league history` shows your games "
                "with their numbers.")
    return f"You have no unplayed game in {league} to report; only the players of a game can report it."


async def correct(interaction: discord.Interaction, name: str, game_id: int, winner: discord.abc.User | None,
                  draw: bool, reason: str) -> str:
    """``/league correct``: an organiser decides a disputed or unconfirmed result, or corrects any
    result, with a reason kept in the history.

    :raises UserError: not an organiser, unknown game, no reason, or a bad result.
    """
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    await svc.require_organiser(league, interaction.user, "decide or correct results")
    found = await svc.store.game(game_id)
    if found is None or found[0] != league.id:
        raise UserError(f"{league.name} has no game #{game_id}; `/league history` shows games with their numbers.")
    _, game, version = found
    if game.is_bye:
        raise UserError(f"Game #{game_id} is a bye; a bye has no result to correct.")
    reason = reason.strip()
    if not reason:
        raise UserError("Give the reason for the decision; it is kept in the league's history.")
    if len(reason) > REASON_MAX:
        raise UserError(f"A reason is at most {REASON_MAX} characters; yours has {len(reason)}. Shorten it; "
                        "nothing changed.")
    if (winner is None) == (not draw):
        raise UserError("Say who won (`winner:`) or that it was a draw (`draw: True`), not both.")
    if draw and game.stage == "playoff":
        raise UserError(f"Game #{game_id} is a playoff game: it needs a single winner, not a draw.")
    try:
        ranks = ranks_from_winners(game.players, [str(winner.id)] if winner else [])
    except ValueError:
        raise UserError(f"That player did not play game #{game_id}.") from None
    names = await svc.names(league)
    if await svc.bot.storage.is_processed(interaction.id):  # the same interaction delivered again
        return f"Game #{game_id} of {league.name}: this decision is already recorded ({result_words(game, names)})."
    if game.state == DECIDED and game.ranks == ranks:
        raise UserError(f"Game #{game_id} already has that result ({result_words(game, names)}); nothing changed.")
    kind = "correct" if game.state in FINAL else "decide"
    if not await svc.store.set_result(league.id, game_id, version, state=DECIDED, ranks=ranks,
                                      actor=str(interaction.user.id), kind=kind, detail=f"{reason} (was {game.state})",
                                      interaction_id=interaction.id):
        raise UserError("This game changed meanwhile; look at it again and retry.")
    # A decided result has no forfeit: the organiser's word replaces how the game ended.
    words = result_words(replace(game, ranks=ranks, state=DECIDED, forfeit=()), names)
    done = "corrected" if kind == "correct" else "decided"
    await svc.close_match(game, f"{words} ({done} by an organiser)")
    return f"⚖ Game #{game_id} of **{league.name}** {done} by <@{interaction.user.id}>: {words}. Reason: {reason}"


async def table(svc: LeagueService, league: League) -> tuple[list[Game], list[Any], dict[str, str]]:
    """The season's games, the standings rows and the names."""
    games = await svc.store.games(league.id, league.season)
    season_games = [g for g in games if g.stage == "season"]
    names = await svc.names(league)
    current = [m.user_id for m in await svc.store.members(league.id, PLAYER)]
    players = current + [p for g in season_games for p in g.players if p not in current]
    players = list(dict.fromkeys(players))
    s = league.settings
    rows = standings(players, season_games, s.name, s.scoring, s.provisional)
    return games, rows, names


async def show_standings(interaction: discord.Interaction, name: str) -> tuple[str, discord.File]:
    """``/league standings``: the table as text and as an image."""
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    games, rows, names = await table(svc, league)
    title = f"{league.name}: season {league.season or 1}, {progress_words(league, games, names)}"
    png = standings_png(title, rows, names)
    return standings_text(title, rows, names), discord.File(io.BytesIO(png), filename="standings.png")


def progress_words(league: League, games: list[Game], names: dict[str, str]) -> str:
    """How far the season is: ``after round 2`` (the last season round whose games are all final),
    ``3 games played`` in a ladder league, and the playoff's state once it began."""
    season = [g for g in games if g.stage == "season"]
    if league.settings.method == "challenge":
        text = f"{sum(1 for g in season if g.final)} games played"
    else:
        done = [r for r in sorted({g.round for g in season}) if all(g.final for g in season if g.round == r)]
        text = f"after round {done[-1]}" if done else "no round finished yet"
    if any(g.stage == "playoff" for g in games):
        won = playoff_winner(games)
        text += f"; playoff won by {names.get(won, won)}" if won else "; playoff under way"
    return text


async def show_history(interaction: discord.Interaction, name: str, player: discord.abc.User,
                       other: discord.abc.User | None) -> str:
    """``/league history``: a player's games (and head-to-head with ``other``)."""
    if other is not None and other.id == player.id:
        raise UserError("Head-to-head compares two players: pick another player for `other`.")
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    games = await svc.store.games(league.id)
    names = {str(player.id): player.display_name, **({str(other.id): other.display_name} if other else {}),
             **await svc.names(league)}
    reasons = {e.game_id: e.detail for e in await svc.store.events(league.id)
               if e.kind in ("decide", "correct") and e.game_id is not None}
    text = history_text(str(player.id), history(str(player.id), games), names, reasons)
    if other is not None:
        text += "\n" + h2h_text(str(player.id), str(other.id), games, names)
    return text


async def show_cards(interaction: discord.Interaction, name: str) -> str:
    """``/league cards``: the season's most played and best performing cards, in the words of the
    league's game."""
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    games = await svc.store.games(league.id, league.season)
    return cards_text(card_stats(games), best_cards(games), league_rules(league.settings.game).card_noun)


async def export_files(interaction: discord.Interaction, name: str) -> tuple[str, list[discord.File]]:
    """``/league export`` (organisers): results and standings as CSV, and both as JSON."""
    svc = service_of(interaction)
    league = await svc.require(interaction.guild_id, name)
    await svc.require_organiser(league, interaction.user, "export the league")
    games, rows, names = await table(svc, league)
    slug = "".join(c if c.isalnum() else "-" for c in league.name.lower())
    files = [discord.File(io.BytesIO(export.results_csv(games, lambda p: names.get(p, p)).encode()),
                          filename=f"{slug}-s{league.season}-results.csv"),
             discord.File(io.BytesIO(export.standings_csv(rows, lambda p: names.get(p, p)).encode()),
                          filename=f"{slug}-s{league.season}-standings.csv"),
             discord.File(io.BytesIO(export.season_json(league.name, league.season, games, rows,
                                                        lambda p: names.get(p, p),
                                                        changes=await changes(svc, league)).encode()),
                          filename=f"{slug}-s{league.season}.json")]
    return f"Season {league.season} of {league.name}: {len(games)} games, {len(rows)} players.", files


async def changes(svc: LeagueService, league: League) -> list[dict[str, Any]]:
    """Every recorded change of the league (who, what, details, when), oldest first."""
    return [{"at": e.at, "actor": e.actor, "kind": e.kind, "game": e.game_id,
             "detail": export.settings_json(e.detail) if e.kind == "create" else e.detail}
            for e in await svc.store.events(league.id)]


async def seeds(svc: LeagueService, league: League) -> list[str]:
    """The season's final standings, best first (playoff seeds)."""
    _, rows, _ = await table(svc, league)
    return [r.player for r in rows]
