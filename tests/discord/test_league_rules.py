"""Leagues through the fake Discord: refusals that change nothing, round robin, open challenges,
the top-N playoff, and a result recorded after a restart (nothing lives only in memory)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot_table import Table, make_bot

from bot.discord.pace.clock import FakeClock
from bot.fakediscord import FakeDiscord

if TYPE_CHECKING:
    from conftest import StartBot, World

    from bot.discord.client import RefereeBot as HeroscapeBot
    from bot.fakediscord import FakeUser
    from bot.leagues.store import League

FAST = dict(points=150, maps="practice-field", round_limit=1, pace="post", orders="1h", turn="1h",
            decision="1h", extend="0", policy="ai")


async def finish(table: Table, clock: FakeClock, league_id: int, limit: int = 40) -> None:
    for _ in range(limit):
        if all(g.state != "open" for g in await table.bot.leagues.store.games(league_id)):
            return
        clock.advance(hours=1, minutes=1)
        await table.bot.pace.tick()
        await table.settle()
    raise AssertionError("the games did not finish")


async def league_bot(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path,
                     clock: FakeClock) -> tuple[HeroscapeBot, FakeUser]:
    """The bot started on ``clock`` with a fresh database, and the server owner (a member, with
    Manage Server) who organises the test's leagues."""
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, clock=clock, render=None)
    await start_bot(bot)
    fake.add_member(world.guild, fake.owner)
    return bot, fake.owner


async def started_duel(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path, name: str,
                       **create: object) -> tuple[Table, FakeClock, League]:
    """A one-round league of alice (Syvarris) and bob (Izumi Samurai), created by the server owner
    (``table.players[0]``) with ``FAST`` and ``create`` on top, its season started, not paired yet."""
    clock = FakeClock()
    bot, org = await league_bot(fake, world, start_bot, tmp_path, clock)
    table = Table(fake, bot, world.channel, [org, world.alice, world.bob])
    await table.reply(org, "league", "create", name=name, **{"rounds": 1, **FAST, **create})
    for user, army in ((world.alice, "Syvarris"), (world.bob, "Izumi Samurai")):
        await table.reply(user, "league", "join", league=name)
        await table.reply(user, "league", "army", league=name, cards=army)
    await table.reply(org, "league", "season-start", league=name)
    league = await bot.leagues.store.get(world.guild.id, name)
    assert league is not None
    return table, clock, league


async def test_refusals_say_why_and_change_nothing(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                  tmp_path: Path) -> None:
    clock = FakeClock()
    bot, org = await league_bot(fake, world, start_bot, tmp_path, clock)
    alice, bob = world.alice, world.bob
    table = Table(fake, bot, world.channel, [org, alice, bob])
    no_perm = await table.reply(alice, "league", "create", name="Alice League")
    assert "Manage Server permission" in no_perm.content
    bad_map = await table.reply(org, "league", "create", name="L", maps="moon-base")
    assert "moon-base" in bad_map.content
    bad_line = await table.reply(org, "league", "create", name="L", lines="Marvel")
    assert "Unknown line 'Marvel'" in bad_line.content
    bad_pace = await table.reply(org, "league", "create", name="L", pace="post", turn="2m")
    assert "10" in bad_pace.content  # deadlines under 10 minutes are refused by the pace rules
    ffa_rr = await table.reply(org, "league", "create", name="L", seats=3, pairing="round-robin")
    assert "Free-for-all leagues" in ffa_rr.content
    assert await bot.leagues.store.in_guild(world.guild.id) == []
    made = await table.reply(org, "league", "create", name="L", **FAST)
    assert "created" in made.content
    await table.reply(org, "league", "create", name="Winter Cup")
    offered = await fake.autocomplete(alice, world.channel, "league", "join", {"league": "cup"}, focused="league")
    assert [c["value"] for c in offered] == ["Winter Cup"]
    twice = await table.reply(org, "league", "create", name="l")
    assert "already has a league named" in twice.content
    unknown = await table.reply(alice, "league", "join", league="Nope")
    assert "no league named 'Nope'" in unknown.content and "This server's leagues: L, Winter Cup" in unknown.content
    await table.reply(alice, "league", "join", league="L")
    again = await table.reply(alice, "league", "join", league="L")
    assert "already a player of L" in again.content
    league = await bot.leagues.store.get(world.guild.id, "L")
    assert league is not None
    assert [m.user_id for m in await bot.leagues.store.members(league.id)] == [str(alice.id)]
    not_member = await table.reply(bob, "league", "army", league="L", cards="Syvarris")
    assert "Join L first" in not_member.content
    over = await table.reply(alice, "league", "army", league="L", cards="Syvarris; Mimring")
    assert "breaks the league's format" in over.content and "Nothing was registered" in over.content
    assert (await bot.leagues.store.members(league.id))[0].army is None
    early = await table.reply(org, "league", "pair", league="L")
    assert "no season under way" in early.content
    alone = await table.reply(org, "league", "season-start", league="L")
    assert "at least two players" in alone.content and "has 1" in alone.content
    await table.reply(bob, "league", "join", league="L")
    missing = await table.reply(org, "league", "season-start", league="L")
    assert "still missing: alice, bob" in missing.content
    not_org = await table.reply(alice, "league", "season-start", league="L")
    assert "Only the organisers of L" in not_org.content
    nothing = await table.reply(alice, "league", "report", league="L", winner=alice)
    assert "no unplayed game" in nothing.content
    left = await table.reply(bob, "league", "leave", league="L")
    assert "left" in left.content
    gone = await table.reply(bob, "league", "leave", league="L")
    assert "not a player of L" in gone.content
    # Organisers: one added by an organiser; the last one cannot be removed.
    added = await table.reply(org, "league", "organiser", league="L", user=alice)
    assert "now an organiser" in added.content
    await table.reply(alice, "league", "organiser", league="L", user=org, remove=True)
    last = await table.reply(alice, "league", "organiser", league="L", user=alice, remove=True)
    assert "at least one organiser" in last.content
    events = [(e.kind, e.actor) for e in await bot.leagues.store.events(league.id)]
    assert ("add organiser", str(org.id)) in events and ("remove organiser", str(alice.id)) in events


async def test_round_robin_playoff_and_a_result_recorded_after_a_restart(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    db = tmp_path / "db.sqlite"
    bot = make_bot(fake, db, world.guild.id, clock=clock, render=None)
    await start_bot(bot)
    org = fake.owner
    fake.add_member(world.guild, org)
    four = [world.alice, world.bob, fake.create_user("cara"), fake.create_user("dan")]
    table = Table(fake, bot, world.channel, [org, *four])
    await table.reply(org, "league", "create", name="RR", pairing="round-robin", rounds=1, playoff=2, **FAST)
    for user, army in zip(four, ("Syvarris", "Agent Carr", "Finn the Viking Champion", "Izumi Samurai"),
                          strict=True):
        await table.reply(user, "league", "join", league="RR")
        await table.reply(user, "league", "army", league="RR", cards=army)
    await table.reply(org, "league", "season-start", league="RR")
    paired = await table.reply(org, "league", "pair", league="RR")
    assert "round 1" in paired.content and "bye" not in paired.content
    league = await bot.leagues.store.get(world.guild.id, "RR")
    assert league is not None
    # The bot stops recording results (as if it died between a match's end and its recording) ...
    real = bot.leagues.match_over

    async def lost(live: object) -> None:
        return None

    bot.leagues.match_over = lost  # type: ignore[method-assign]
    for _ in range(40):
        if all(bot.matches.get(g.match_id or "") is None or bot.matches.get(g.match_id or "").over  # type: ignore[union-attr]
               for g in await bot.leagues.store.games(league.id)):
            break
        clock.advance(hours=1, minutes=1)
        await bot.pace.tick()
        await table.settle()
    assert all(g.state == "open" for g in await bot.leagues.store.games(league.id))
    bot.leagues.match_over = real  # type: ignore[method-assign]
    await bot.close()
    # ... and a new bot on the same database records them when it starts.
    bot2 = make_bot(fake, db, world.guild.id, clock=clock, render=None)
    await start_bot(bot2)
    table.bot = bot2
    await table.settle()
    games = await bot2.leagues.store.games(league.id)
    assert [g.state for g in games] == ["refereed", "refereed"]
    # The top-2 playoff: the final opened in a thread, played, and nothing after it.
    final = await table.reply(org, "league", "playoff", league="RR")
    assert "top-2 playoff" in final.content, final.content
    await finish(table, clock, league.id)
    games = await bot2.leagues.store.games(league.id)
    assert games[-1].stage == "playoff" and games[-1].state == "refereed"
    done = await table.reply(org, "league", "pair", league="RR")
    assert "playoff of RR is over" in done.content


async def test_open_challenges_in_a_ladder_league(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                 tmp_path: Path) -> None:
    clock = FakeClock()
    bot, org = await league_bot(fake, world, start_bot, tmp_path, clock)
    alice, bob = world.alice, world.bob
    table = Table(fake, bot, world.channel, [org, alice, bob])
    await table.reply(org, "league", "create", name="Ladder", pairing="challenge", armies="match", **FAST)
    for user in (alice, bob):
        await table.reply(user, "league", "join", league="Ladder")
    await table.reply(org, "league", "season-start", league="Ladder")
    no_rounds = await table.reply(org, "league", "pair", league="Ladder")
    assert "open challenges" in no_rounds.content
    self_ = await table.reply(alice, "league", "challenge", league="Ladder", player=alice)
    assert "cannot challenge yourself" in self_.content
    issued = await table.reply(alice, "league", "challenge", league="Ladder", player=bob)
    assert "challenges" in issued.content and f"<@{bob.id}>" in issued.content
    twice = await table.reply(bob, "league", "challenge", league="Ladder", player=alice)
    assert "already have a challenge" in twice.content
    games = await bot.leagues.store.games((await bot.leagues.store.get(world.guild.id, "Ladder")).id)  # type: ignore[union-attr]
    assert len(games) == 1 and games[0].match_id is not None
    thread = fake.channels[games[0].channel_id or 0]
    assert any("/army set" in m.content for m in thread.history())  # armies are chosen per match


async def test_a_free_for_all_league_match_of_three_is_refereed_and_rated(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    bot, org = await league_bot(fake, world, start_bot, tmp_path, clock)
    three = [world.alice, world.bob, fake.create_user("cara")]
    table = Table(fake, bot, world.channel, [org, *three])
    await table.reply(org, "league", "create", name="FFA", seats=3, rounds=1, **FAST)
    for user, army in zip(three, ("Syvarris", "Agent Carr", "Izumi Samurai"), strict=True):
        await table.reply(user, "league", "join", league="FFA")
        await table.reply(user, "league", "army", league="FFA", cards=army)
    await table.reply(org, "league", "season-start", league="FFA")
    paired = await table.reply(org, "league", "pair", league="FFA")
    assert "bye" not in paired.content and all(f"<@{u.id}>" in paired.content for u in three)
    league = await bot.leagues.store.get(world.guild.id, "FFA")
    assert league is not None
    await finish(table, clock, league.id)
    [game] = await bot.leagues.store.games(league.id)
    assert len(game.players) == 3 and game.state == "refereed" and game.ranks is not None
    live = bot.matches.get(game.match_id or "")
    assert live is not None and len(live.state.players) == 3
    assert sorted(game.winners()) == sorted(w for w in live.state.winners or [])
    answer = await table.reply(world.alice, "league", "standings", league="FFA")
    assert answer.content.count("\n") >= 5  # three rows, header, code fences


async def test_a_refereed_end_settles_a_report_still_waiting_for_its_confirmation(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table, clock, league = await started_duel(fake, world, start_bot, tmp_path, "Duel")
    bot, org, alice, bob = table.bot, fake.owner, world.alice, world.bob
    await table.reply(org, "league", "pair", league="Duel")
    report = await table.reply(bob, "league", "report", league="Duel", winner=bob)
    assert "reports game" in report.content
    for _ in range(40):
        [game] = await bot.leagues.store.games(league.id)
        if game.state != "reported":
            break
        clock.advance(hours=1, minutes=1)
        await bot.pace.tick()
        await table.settle()
    assert game.state == "refereed"
    live = bot.matches.get(game.match_id or "")
    assert live is not None and game.winners() == tuple(live.state.winners or [])
    kinds = [e.kind for e in await bot.leagues.store.events(league.id, game.id)]
    assert kinds == ["pair", "report", "refereed"]
    # The Confirm button of the old report now changes nothing.
    late = await (await table.click(alice, report, next(c for c in report.custom_ids if c.endswith(":yes")))).wait_reply()
    assert "already answered or changed" in late.content


async def test_games_without_a_final_result_go_to_the_organisers_once_the_round_deadline_passes(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    bot, org = await league_bot(fake, world, start_bot, tmp_path, clock)
    four = [world.alice, world.bob, fake.create_user("cara"), fake.create_user("dan")]
    table = Table(fake, bot, world.channel, [org, *four])
    bad = await table.reply(org, "league", "create", name="Slow", round_time="20m")
    assert "between 1 hour and 60 days" in bad.content
    await table.reply(org, "league", "create", name="Slow", armies="match", round_time="7d")
    for user in four:
        await table.reply(user, "league", "join", league="Slow")
    await table.reply(org, "league", "season-start", league="Slow")
    paired = await table.reply(org, "league", "pair", league="Slow")
    assert f"Results are due by <t:{int(clock.now() + 7 * 86400)}:f>" in paired.content
    league = await bot.leagues.store.get(world.guild.id, "Slow")
    assert league is not None
    games = await bot.leagues.store.games(league.id)
    reporter = fake.users[int(games[0].players[0])]
    await table.reply(reporter, "league", "report", league="Slow", winner=reporter)

    def told() -> list[str]:
        return [m.content for m in world.channel.history() if "past its deadline" in m.content]

    clock.advance(hours=6 * 24)
    await bot.pace.tick()
    await table.settle()
    assert told() == []
    clock.advance(hours=25)
    await bot.pace.tick()
    await bot.pace.tick()
    await table.settle()
    [message] = told()
    assert f"<@{org.id}>" in message and f"#{games[0].id}" in message and "(reported)" in message
    assert f"#{games[1].id}" in message and "(open)" in message
    assert ("round deadline", "bot") in [(e.kind, e.actor) for e in await bot.leagues.store.events(league.id)]


async def test_a_round_is_not_paired_while_a_player_who_joined_late_has_no_army(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    bot, org = await league_bot(fake, world, start_bot, tmp_path, FakeClock())
    cara = fake.create_user("cara")
    table = Table(fake, bot, world.channel, [org, world.alice, world.bob, cara])
    await table.reply(org, "league", "create", name="Late", **FAST)
    for user in (world.alice, world.bob):
        await table.reply(user, "league", "join", league="Late")
        await table.reply(user, "league", "army", league="Late", cards="Syvarris")
    await table.reply(org, "league", "season-start", league="Late")
    await table.reply(cara, "league", "join", league="Late")
    refused = await table.reply(org, "league", "pair", league="Late")
    assert "still missing: cara" in refused.content and "Nothing was paired" in refused.content
    league = await bot.leagues.store.get(world.guild.id, "Late")
    assert league is not None and league.round == 0 and await bot.leagues.store.games(league.id) == []
    await table.reply(cara, "league", "army", league="Late", cards="Agent Carr")
    paired = await table.reply(org, "league", "pair", league="Late")
    assert "round 1" in paired.content and "has a bye" in paired.content


def test_a_drawn_playoff_game_goes_to_the_organisers_before_the_next_playoff_round() -> None:
    import pytest

    from bot.discord.errors import UserError
    from bot.discord.league.service import LeagueService
    from bot.leagues.model import CONFIRMED, Game

    svc = LeagueService(None)  # type: ignore[arg-type]
    won = Game(1, 1, 4, ("a", "d"), (1, 2), CONFIRMED, stage="playoff")
    drawn = Game(2, 1, 4, ("b", "c"), (1, 1), CONFIRMED, stage="playoff")
    with pytest.raises(UserError, match="Playoff game #2 has no single winner"):
        svc._playoff_tables(None, [won, drawn])  # type: ignore[arg-type]
    settled = Game(2, 1, 4, ("b", "c"), (2, 1), CONFIRMED, stage="playoff")
    assert svc._playoff_tables(None, [won, settled]) == [("a", "c")]  # type: ignore[arg-type]
    assert svc._playoff_tables(None, [Game(3, 1, 5, ("a", "c"), (1, 2), CONFIRMED, stage="playoff")]) == []  # type: ignore[arg-type]


async def test_a_delta_league_refuses_an_army_over_its_delta_points_and_plays_its_matches_in_delta(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """A league's format is a match format (`format: delta`): `/league army` counts Delta points and
    names them when it refuses (HS-ARMY-01), and the league's matches are opened in that format."""
    bot, org = await league_bot(fake, world, start_bot, tmp_path, FakeClock())
    alice, bob = world.alice, world.bob
    table = Table(fake, bot, world.channel, [org, alice, bob])
    offered = await fake.autocomplete(org, world.channel, "league", "create", {"name": "D", "format": "del"},
                                      focused="format")
    assert [c["value"] for c in offered] == ["delta"]
    unknown = await table.reply(org, "league", "create", name="D", format="valhalla")
    assert "No army format is called 'valhalla'" in unknown.content
    made = await table.reply(org, "league", "create", name="Delta Cup", format="delta", maps="practice-field",
                             round_limit=1)
    assert "delta: 500 Delta points, every line" in made.content, made.content
    for user in (alice, bob):
        await table.reply(user, "league", "join", league="Delta Cup")
    # 180 + 185 + 50 = 415 Standard points, but 260 + 250 + 110 = 620 Delta points.
    over = await table.reply(alice, "league", "army", league="Delta Cup", cards="Major Q9; Nilfheim; Marro Warriors")
    assert "costs 620 Delta points; this match allows 500" in over.content, over.content
    assert "Nothing was registered" in over.content
    league = await bot.leagues.store.get(world.guild.id, "Delta Cup")
    assert league is not None and all(m.army is None for m in await bot.leagues.store.members(league.id))
    ok = await table.reply(alice, "league", "army", league="Delta Cup", cards="Agent Carr; Syvarris")
    assert "registered (160 Delta points)" in ok.content, ok.content  # 100 + 100 Standard
    await table.reply(bob, "league", "army", league="Delta Cup", cards="Finn the Viking Champion")
    await table.reply(org, "league", "season-start", league="Delta Cup")
    await table.reply(org, "league", "pair", league="Delta Cup")
    (game,) = await bot.leagues.store.games(league.id)
    live = bot.matches.get(game.match_id or "")
    assert live is not None
    fmt = live.state.scenario.format
    assert (fmt.name, fmt.points_system, fmt.points, fmt.round_limit) == ("delta", "delta", 500, 1)


async def test_an_organiser_corrects_a_refereed_result_with_a_reason_and_only_organisers_may(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """Organisers can correct any result, a refereed one too, with a reason kept in the history;
    players cannot pair, start the playoff or correct, and each refusal says why."""
    table, clock, league = await started_duel(fake, world, start_bot, tmp_path, "Fix", playoff=2)
    bot, org, alice, bob = table.bot, fake.owner, world.alice, world.bob
    not_org = await table.reply(alice, "league", "pair", league="Fix")
    assert "Only the organisers of Fix (or someone with Manage Server) can pair rounds" in not_org.content
    assert await bot.leagues.store.games(league.id) == []
    await table.reply(org, "league", "pair", league="Fix")
    await finish(table, clock, league.id)
    [game] = await bot.leagues.store.games(league.id)
    assert game.state == "refereed" and game.ranks is not None
    loser = next(p for p in game.players if p not in game.winners())
    loser_user = fake.users[int(loser)]
    before = [e.kind for e in await bot.leagues.store.events(league.id, game.id)]
    mine = await table.reply(loser_user, "league", "correct", league="Fix", game=game.id, winner=loser_user,
                             reason="I won really")
    assert "Only the organisers of Fix" in mine.content
    blank = await table.reply(org, "league", "correct", league="Fix", game=game.id, winner=loser_user, reason="  ")
    assert "Give the reason" in blank.content
    stranger = await table.reply(org, "league", "correct", league="Fix", game=game.id, winner=org, reason="x")
    assert "did not play game" in stranger.content
    no_game = await table.reply(org, "league", "correct", league="Fix", game=999, winner=loser_user, reason="x")
    assert "Fix has no game #999" in no_game.content
    assert [e.kind for e in await bot.leagues.store.events(league.id, game.id)] == before
    fixed = await table.reply(org, "league", "correct", league="Fix", game=game.id, winner=loser_user,
                              reason="a figure was placed outside the start zone")
    assert f"Game #{game.id} of **Fix** corrected by <@{org.id}>" in fixed.content, fixed.content
    found = await bot.leagues.store.game(game.id)
    assert found is not None and found[1].state == "decided" and found[1].winners() == (loser,)
    last = (await bot.leagues.store.events(league.id, game.id))[-1]
    assert (last.kind, last.actor, last.detail) == (
        "correct", str(org.id), "a figure was placed outside the start zone (was refereed)")
    seen = await table.reply(alice, "league", "history", league="Fix", player=loser_user)
    assert f"#{game.id}" in seen.content and ": win (decided: a figure was placed outside the start zone" in seen.content
    # The standings follow the correction; one game each: both ratings provisional (``?``).
    answer = await table.reply(bob, "league", "standings", league="Fix")
    rows = [line for line in answer.content.splitlines() if line[:2].strip().isdigit()]
    assert rows[0].split()[1] == loser_user.name and " 1-0-0 " in rows[0] and rows[0].endswith("?")
    assert rows[1].endswith("?") and " 0-0-1 " in rows[1]
    no_playoff = await table.reply(alice, "league", "playoff", league="Fix")
    assert "Only the organisers of Fix" in no_playoff.content and "start the playoff" in no_playoff.content
    assert len(await bot.leagues.store.games(league.id)) == 1


async def test_a_player_who_concedes_a_league_match_forfeits_it_and_the_result_reports_itself(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """`/match concede` in a league match's thread: the match ends, and the league records the win
    and the forfeit at once, with nobody reporting it."""
    table, _, league = await started_duel(fake, world, start_bot, tmp_path, "Quit")
    bot, org, alice, bob = table.bot, fake.owner, world.alice, world.bob
    await table.reply(org, "league", "pair", league="Quit")
    [game] = await bot.leagues.store.games(league.id)
    thread = fake.channels[game.channel_id or 0]
    in_thread = Table(fake, bot, thread, [alice, bob])
    await in_thread.concede(bob)
    await in_thread.settle()
    [game] = await bot.leagues.store.games(league.id)
    assert (game.state, game.winners(), game.forfeit) == ("refereed", (str(alice.id),), (str(bob.id),))
    assert any("League result recorded for **Quit**: alice beat bob (bob forfeited)" in m.content
               for m in thread.history())
    events = await bot.leagues.store.events(league.id, game.id)
    assert [(e.kind, e.actor) for e in events] == [("pair", str(org.id)), ("refereed", "bot")]
