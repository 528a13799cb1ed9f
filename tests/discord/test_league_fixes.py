"""Leagues after a new user's pass in the sandbox (notes/qa-league-findings.md): a second season,
long reasons, results that end the match, round robin byes, playoff draws, reports with several
open games, head-to-head with oneself, players who left, and the export's change log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from bot_table import Table
from test_league_rules import FAST, finish, league_bot, started_duel

from bot.discord.pace.clock import FakeClock
from bot.fakediscord.options import CommandUsageError

if TYPE_CHECKING:
    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord


async def test_a_second_season_starts_once_the_first_is_over_with_or_without_a_playoff(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table, clock, league = await started_duel(fake, world, start_bot, tmp_path, "Two")
    bot, org = table.bot, fake.owner
    await table.reply(org, "league", "pair", league="Two")
    early = await table.reply(org, "league", "season-start", league="Two")
    assert "1 game(s) have no final result" in early.content, early.content
    await finish(table, clock, league.id)
    second = await table.reply(org, "league", "season-start", league="Two")
    assert "Season 2 of **Two** has started with 2 players" in second.content, second.content
    league = await bot.leagues.store.get(world.guild.id, "Two")
    assert league is not None and (league.season, league.round, league.status) == (2, 0, "running")
    # Season 2 with a top-2 playoff: the champion is named, then season 3 starts.
    await table.reply(org, "league", "pair", league="Two")
    await finish(table, clock, league.id)
    started = await table.reply(org, "league", "playoff", league="Two", size=2)
    assert "top-2 playoff" in started.content, started.content
    under_way = await table.reply(org, "league", "season-start", league="Two")
    assert "Season 2 of Two is under way: 1 game(s)" in under_way.content, under_way.content
    await finish(table, clock, league.id)
    final = (await bot.leagues.store.games(league.id, 2))[-1]
    champ = fake.users[int(final.winners()[0])].name
    over = await table.reply(org, "league", "pair", league="Two")
    assert f"The playoff of Two is over. {champ} won it." in over.content, over.content
    third = await table.reply(org, "league", "season-start", league="Two")
    assert "Season 3 of **Two**" in third.content and f"{champ} won season 2's playoff" in third.content


def _option(fake: FakeDiscord, guild_id: int, sub: str, name: str) -> dict[str, Any]:
    command = fake.find_command("league", guild_id)
    assert command is not None
    node = next(o for o in command["options"] if o["name"] == sub)
    return next(o for o in node["options"] if o["name"] == name)


async def test_a_correction_reason_is_capped_at_the_option_the_answer_fits_and_a_redelivery_changes_nothing(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA #3 and #6: Discord lets a client send 6000 characters in an option; the reason's option says
    300, so a 5000-character reason is never sent. A 300-character reason fits the public answer and
    the history line; the same interaction delivered twice corrects once; a forfeit note goes."""
    table, _, league = await started_duel(fake, world, start_bot, tmp_path, "Long")
    bot, org, alice, bob = table.bot, fake.owner, world.alice, world.bob
    assert _option(fake, world.guild.id, "correct", "reason")["max_length"] == 300
    with pytest.raises(CommandUsageError):
        await fake.slash(org, world.channel, "league", "correct", {"league": "Long", "game": 1, "winner": bob,
                                                                    "reason": "R" * 5000})
    await table.reply(org, "league", "pair", league="Long")
    [game] = await bot.leagues.store.games(league.id)
    thread = fake.channels[game.channel_id or 0]
    await Table(fake, bot, thread, [alice, bob]).concede(bob)
    await table.settle()
    reason = "R" * 299 + "!"
    record = await table.send(org, "league", "correct", league="Long", game=game.id, winner=bob, reason=reason)
    answer = await record.wait_reply()
    assert answer.content.endswith(f"Reason: {reason}") and len(answer.content) <= 2000
    assert "alice beat bob" not in answer.content and "forfeited" not in answer.content, answer.content
    assert "bob beat alice." in answer.content
    events = [e.kind for e in await bot.leagues.store.events(league.id, game.id)]
    await fake.gateway.dispatch_required("INTERACTION_CREATE", record.payload, world.guild.id, fake.default_timeout)
    await table.settle()
    assert [e.kind for e in await bot.leagues.store.events(league.id, game.id)] == events == [
        "pair", "refereed", "correct"]
    again = await table.reply(org, "league", "correct", league="Long", game=game.id, winner=bob, reason="again")
    assert "already has that result" in again.content and "nothing changed" in again.content
    history = await table.reply(alice, "league", "history", league="Long", player=bob)
    line = next(x for x in history.content.splitlines() if f"#{game.id}" in x)
    assert line.endswith("R…)") and len(line) < 250, line


async def test_a_draw_is_refused_for_a_playoff_game_when_reported_or_decided(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA #7: a single-elimination game needs a winner; the draw is refused at once."""
    table, clock, league = await started_duel(fake, world, start_bot, tmp_path, "Cup", playoff=2)
    bot, org, alice = table.bot, fake.owner, world.alice
    await table.reply(org, "league", "pair", league="Cup")
    await finish(table, clock, league.id)
    await table.reply(org, "league", "playoff", league="Cup")
    final = (await bot.leagues.store.games(league.id))[-1]
    assert final.stage == "playoff" and final.state == "open"
    reported = await table.reply(alice, "league", "report", league="Cup", draw=True)
    assert f"Game #{final.id} is a playoff game: it needs a single winner, not a draw." == reported.content
    decided = await table.reply(org, "league", "correct", league="Cup", game=final.id, draw=True, reason="tie")
    assert "it needs a single winner" in decided.content
    assert (await bot.leagues.store.games(league.id))[-1].state == "open"


async def test_ladder_reports_pick_their_game_and_refusals_name_the_real_reason(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA #9–#14: a player with two open challenges says which game with `game:`; a report waiting
    for its confirmation is named; removing a non-organiser, head-to-head with oneself and a
    challenge by a non-member say why; a player who left (or never joined) is shown by name."""
    clock = FakeClock()
    bot, org = await league_bot(fake, world, start_bot, tmp_path, clock)
    alice, bob, cara, dave = world.alice, world.bob, fake.create_user("cara"), fake.create_user("dave")
    table = Table(fake, bot, world.channel, [org, alice, bob, cara])
    await table.reply(org, "league", "create", name="Ladder", pairing="challenge", armies="match", **FAST)
    for user in (alice, bob, cara):
        await table.reply(user, "league", "join", league="Ladder")
    started = await table.reply(org, "league", "season-start", league="Ladder")
    assert "open challenges" in started.content and "rounds" not in started.content, started.content
    outsider = await table.reply(dave, "league", "challenge", league="Ladder", player=alice)
    assert outsider.content == "You are not a player of Ladder: join it with `/league join`, then challenge."
    await table.reply(bob, "league", "challenge", league="Ladder", player=alice)
    await table.reply(bob, "league", "challenge", league="Ladder", player=cara)
    league = await bot.leagues.store.get(world.guild.id, "Ladder")
    assert league is not None
    first, second = await bot.leagues.store.games(league.id)
    which = await table.reply(bob, "league", "report", league="Ladder", winner=bob)
    assert f"You have 2 open games in Ladder: #{first.id} bob vs alice (open); #{second.id} bob vs cara (open). " \
           "Say which with `game:`." == which.content, which.content
    reported = await table.reply(bob, "league", "report", league="Ladder", winner=bob, game=second.id)
    assert f"reports game #{second.id}" in reported.content
    twice = await table.reply(cara, "league", "report", league="Ladder", winner=cara)
    assert twice.content.startswith(f"Game #{second.id} already has a report by bob waiting for cara"), twice.content
    kept = [e.detail for e in await bot.leagues.store.events(league.id, second.id) if e.kind == "report"]
    assert kept == ["bob beat cara"]
    not_org = await table.reply(org, "league", "organiser", league="Ladder", user=dave, remove=True)
    assert not_org.content.lower() == "dave is not an organiser of ladder."
    self_h2h = await table.reply(alice, "league", "history", league="Ladder", player=alice, other=alice)
    assert "pick another player" in self_h2h.content and "Head-to-head:" not in self_h2h.content
    await table.reply(cara, "league", "leave", league="Ladder")
    gone = await table.reply(alice, "league", "history", league="Ladder", player=cara)
    assert gone.content.startswith("**cara**'s league games:"), gone.content
    never = await table.reply(alice, "league", "history", league="Ladder", player=dave)
    assert never.content.lower() == "dave has no league games yet."


async def test_a_confirmed_report_ends_the_match_in_its_thread_and_turns_its_buttons_off(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA #4 and #11: once the league result is final by hand (confirmed here; decided likewise),
    the thread's match ends and says why, so nothing played there contradicts the league; the
    report's Confirm/Dispute buttons are turned off once pressed."""
    table, _, league = await started_duel(fake, world, start_bot, tmp_path, "Hand")
    bot, org, alice, bob = table.bot, fake.owner, world.alice, world.bob
    await table.reply(org, "league", "pair", league="Hand")
    [game] = await bot.leagues.store.games(league.id)
    assert bot.matches.get(game.match_id or "") is not None
    report = await table.reply(alice, "league", "report", league="Hand", winner=alice)
    yes = next(c for c in report.custom_ids if c.endswith(":yes"))
    confirmed = await (await table.click(bob, report, yes)).wait_reply()
    assert "confirmed" in confirmed.content
    assert bot.matches.get(game.match_id or "") is None
    thread = fake.channels[game.channel_id or 0]
    assert any(f"The league result of game #{game.id} is final: alice beat bob" in m.content
               for m in thread.history())
    buttons = [c for row in fake.messages[report.id].components for c in row["components"]]
    assert buttons and all(b.get("disabled") for b in buttons)
    stored = await bot.storage.load_match(game.match_id or "")
    assert stored is not None and stored.meta.status == "ended"


async def test_a_round_robin_of_three_lasts_one_cycle_and_the_answers_around_it_say_what_is_true(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA #5, #8, #15, #16, #17: three players meet once each in 3 rounds (each sits out once; the
    league's 5 rounds are capped); a playoff needs a valid size, and one the league has; names
    stay on one line without Markdown; the standings say how far the season is; the export keeps
    Discord ids as strings."""
    clock = FakeClock()
    bot, org = await league_bot(fake, world, start_bot, tmp_path, clock)
    three = [world.alice, world.bob, fake.create_user("cara")]
    table = Table(fake, bot, world.channel, [org, *three])
    bold = await table.reply(org, "league", "create", name="**bold** ||x||")
    assert "without ` @ # < > * _ ~ | \\" in bold.content, bold.content
    two = await table.reply(org, "league", "create", name="two\nlines", **FAST)
    assert "League **two lines** created" in two.content, two.content
    made = await table.reply(org, "league", "create", name="RR3", pairing="round-robin", round_time="7d", **FAST)
    assert "matches by post (turn 1h, orders 1h, decision 1h, extend 0, policy ai); a round lasts 7d" in made.content
    for user, army in zip(three, ("Syvarris", "Agent Carr", "Izumi Samurai"), strict=True):
        await table.reply(user, "league", "join", league="RR3")
        await table.reply(user, "league", "army", league="RR3", cards=army)
    started = await table.reply(org, "league", "season-start", league="RR3")
    assert "3 rounds (one round-robin cycle of 3 players; the league's 5 would repeat" in started.content
    league = await bot.leagues.store.get(world.guild.id, "RR3")
    assert league is not None
    for _ in range(3):
        await table.reply(org, "league", "pair", league="RR3")
        await finish(table, clock, league.id)
    games = await bot.leagues.store.games(league.id)
    assert sorted(g.players[0] for g in games if g.is_bye) == sorted(str(u.id) for u in three)
    assert len({frozenset(g.players) for g in games if not g.is_bye}) == 3
    more = await table.reply(org, "league", "pair", league="RR3")
    assert "has had all its 3 rounds" in more.content, more.content
    standings = await table.reply(world.alice, "league", "standings", league="RR3")
    assert "**RR3: season 1, after round 3**" in standings.content
    no_size = await table.reply(org, "league", "playoff", league="RR3")
    assert "RR3 was created without a playoff" in no_size.content
    odd = await table.reply(org, "league", "playoff", league="RR3", size=3)
    assert odd.content == "A playoff takes the top 2, 4, 8 or 16 players."
    exported = await table.reply(org, "league", "export", league="RR3")
    data = json.loads(exported.attachment("rr3-s1.json").data)
    create = next(c for c in data["changes"] if c["kind"] == "create")
    assert create["detail"]["channel_id"] == str(world.channel.id) and create["detail"]["name"] == "RR3"
    assert all(isinstance(r["channel_id"], str) for r in data["results"] if r["channel_id"] is not None)


def test_the_card_stats_say_what_they_count_and_count_one_game_in_the_singular() -> None:
    """QA #17: "Dumutef Guard: 1 games" and an unexplained top five."""
    from bot.discord.league.texts import cards_text
    from bot.leagues.standings import CardStats

    most = [CardStats(f"Card {n}", 1 if n == 0 else 3, 1) for n in range(7)]
    text = cards_text(most, most[1:3])
    assert "(top 5 of 7; refereed games only" in text
    assert "Card 0: 1 game, 1 won" in text and "Card 1: 3 games, 1 won" in text
