"""A D&D Onslaught league through the fake Discord (issue 19: leagues work for Onslaught matches as
for Heroscape ones): four players register parties (refusals first: a party the rules refuse, a
Heroscape army), one round is paired into threads whose matches open with the registered parties,
one match ends by a concession and the other by a missed deadline (the league's forfeit policy); both
results are refereed into the standings, and ``/league cards`` counts the characters played."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")  # the generic Discord kernel (issue 18's seam on Discord)

from bot_table import Table  # noqa: E402
from os_table import LANTERN, THORN  # noqa: E402
from test_league_rules import league_bot  # noqa: E402

from bot.discord.pace.clock import FakeClock  # noqa: E402
from bot.games.onslaught.league import LEAGUE as RULES  # noqa: E402
from bot.games.onslaught.league import OnslaughtLeagueFormat  # noqa: E402
from bot.games.onslaught.match import OnslaughtMatch  # noqa: E402
from bot.leagues.model import REFEREED  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord

NAME = "Dungeon Cup"
#: Two by the party's name, two by five character names (the same characters: a table may clash).
PARTIES = (LANTERN, THORN, "Grell, Vexa, Olwen, Quill, Raske", "Brask, Ysolde, Merrin, Tobbit, Kestra")


async def test_an_onslaught_league_round(fake: FakeDiscord, world: World, start_bot: StartBot,
                                         tmp_path: Path) -> None:
    clock = FakeClock()
    bot, org = await league_bot(fake, world, start_bot, tmp_path, clock)
    players = [world.alice, world.bob, fake.create_user("cara"), fake.create_user("dan")]
    table = Table(fake, bot, world.channel, [org, *players])

    # A map that is not the scenario's, and a Heroscape round limit, are refused; nothing is created.
    wrong = await table.reply(org, "league", "create", name=NAME, game="onslaught", maps="practice-field")
    assert "Scenario skirmish is played on map crossroads, not practice-field" in wrong.content, wrong.content
    limited = await table.reply(org, "league", "create", name=NAME, game="onslaught", round_limit=3)
    assert "own number of rounds" in limited.content, limited.content
    assert await bot.leagues.store.get(world.guild.id, NAME) is None
    created = await table.reply(org, "league", "create", name=NAME, game="onslaught", rounds=1, pace="post",
                                orders="1h", turn="1h", decision="1h", extend="0", policy="forfeit")
    assert f"League **{NAME}** created: D&D Onslaught, scenario skirmish" in created.content, created.content
    assert "maps crossroads; scenario skirmish" in created.content
    league = await bot.leagues.store.get(world.guild.id, NAME)
    assert league is not None and league.settings.game == "onslaught"
    assert league.settings.format == OnslaughtLeagueFormat("skirmish")

    for user in players:
        assert "joined" in (await table.reply(user, "league", "join", league=NAME)).content
    # Refusals change nothing: a party of two factions, a Heroscape army.
    mixed = await table.reply(world.alice, "league", "army", league=NAME, cards="Brask, Ysolde, Merrin, Quill, Raske")
    assert mixed.ephemeral and "same faction" in mixed.content and "Nothing was registered" in mixed.content
    heroscape = await table.reply(world.alice, "league", "army", league=NAME, cards="Syvarris; Agent Carr")
    assert heroscape.ephemeral and "there is no party 'Syvarris; Agent Carr'" in heroscape.content, heroscape.content
    assert all(not m.army for m in await bot.leagues.store.members(league.id, "player"))
    for user, party in zip(players, PARTIES, strict=True):
        registered = await table.reply(user, "league", "army", league=NAME, cards=party)
        assert registered.ephemeral and "registered (a party of 5 characters" in registered.content, registered.content
    assert "Season 1" in (await table.reply(org, "league", "season-start", league=NAME)).content

    paired = await table.reply(org, "league", "pair", league=NAME)
    assert "round 1" in paired.content and "on `crossroads`" in paired.content, paired.content
    duels = [g for g in await bot.leagues.store.games(league.id) if g.round == 1]
    assert len(duels) == 2 and all(g.match_id and g.channel_id for g in duels)
    registered_party = dict(zip((str(u.id) for u in players), PARTIES, strict=True))
    for g in duels:  # each thread's match is Onslaught, seated and started with the registered parties
        live = bot.matches.get(g.match_id or "")
        assert live is not None and isinstance(live.game, OnslaughtMatch) and live.game.started
        game = live.game
        assert [game.seat[s] for s in ("A", "B")] == list(g.players)
        # The first seat's registered party is always set; the second's unless it shares characters.
        assert game.party_names["A"] == registered_party[g.players[0]]
        thread = fake.channels[g.channel_id or 0]
        if game.party_names["B"] != registered_party[g.players[1]]:
            assert any("registered army cannot be set in this match" in m.content and "`/party`" in m.content
                       for m in thread.history())

    # Game 1: its first player concedes in the thread; the bot referees the result at once.
    first, second = duels
    thread = fake.channels[first.channel_id or 0]
    loser = fake.users[int(first.players[0])]
    in_thread = Table(fake, bot, thread, [loser])  # type: ignore[arg-type]
    gone = await in_thread.concede(loser)
    assert "concedes" in gone.content, gone.content
    await table.settle()
    done = next(g for g in await bot.leagues.store.games(league.id) if g.id == first.id)
    assert done.state == REFEREED and done.winners() == (first.players[1],) and done.forfeit == (first.players[0],)
    assert {p: len(chars) for p, chars in done.armies.items()} == {p: 5 for p in first.players}
    assert any("League result recorded" in m.content for m in thread.history())

    # Game 2: nobody assigns initiative cards; the deadline passes and the league's policy forfeits.
    for _ in range(6):
        if next(g for g in await bot.leagues.store.games(league.id) if g.id == second.id).state != "open":
            break
        clock.advance(hours=1, minutes=1)
        await bot.pace.tick()
        await table.settle()
    over = next(g for g in await bot.leagues.store.games(league.id) if g.id == second.id)
    assert over.state == REFEREED and over.forfeit, over
    assert len(over.winners()) == 1 and set(over.armies) == set(second.players)

    standings = await table.reply(world.alice, "league", "standings", league=NAME)
    assert "W-D-L" in standings.content
    winners = {first.players[1], over.winners()[0]}
    for p in winners:
        assert fake.users[int(p)].name in standings.content
    cards = await table.reply(world.alice, "league", "cards", league=NAME)
    assert "Most played characters" in cards.content, cards.content
    assert "Brask" in cards.content or "Grell" in cards.content


def test_the_league_format_round_trips_and_facts_name_the_characters() -> None:
    fmt = OnslaughtLeagueFormat("vault")
    assert RULES.format_from_json(RULES.format_to_json(fmt)) == fmt and fmt.maps == ("vault",)
    assert RULES.format_from_json({}) == RULES.default_format() and RULES.card_noun == "characters"
    from bot import games
    from bot.games.ruleset import MatchSettings

    match = games.get("onslaught").new_match(MatchSettings("m", 4, {"format": {"lobby": True}}, adapter="discord"))
    for pid, name, party in (("1", "ann", LANTERN), ("2", "bo", THORN)):
        match.apply(pid, f"join {name}")
        match.apply(pid, f"party '{party}'")
    match.apply("1", "start")
    assert RULES.result_facts(match, ["1", "2"])[0] == ()
    match.apply("2", "concede")
    forfeit, played = RULES.result_facts(match, ["1", "2"])
    assert forfeit == ("2",) and sorted(played["1"]) == sorted(["Brask", "Ysolde", "Merrin", "Tobbit", "Kestra"])
    assert sorted(played["2"]) == sorted(["Grell", "Vexa", "Olwen", "Quill", "Raske"])
