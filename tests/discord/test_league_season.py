"""A whole league season through the fake Discord (issue 17): 9 players (one bye a round), three
Swiss rounds whose matches are opened by the bot in threads and played by the computer (the
league's by-post policy plays every missed deadline, the test clock passing the hours), one
result reported by hand and confirmed, another disputed and decided by an organiser; then the
standings (text and image), history, Army Card figures and the CSV/JSON export."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING

from bot_table import Table, make_bot

from bot.discord.pace.clock import FakeClock
from bot.fakediscord import FakeDiscord, FakeMessage, FakeUser
from bot.leagues.model import FINAL
from bot.leagues.pairing import met
from bot.leagues.ratings import rate

if TYPE_CHECKING:
    from conftest import StartBot, World

LEAGUE = "Spring League"
ARMIES = ("Syvarris", "Kita the Springrunner; Onshu the Welkineye", "Finn the Viking Champion",
          "Raelin the Kyrie Warrior", "Thorgrim the Viking Champion", "Agent Carr", "Tarn Viking Warriors",
          "Marro Warriors", "Izumi Samurai")
CREATE = dict(name=LEAGUE, points=150, rounds=3, maps="practice-field, cobra-facility", round_limit=1,
              pace="post", orders="1h", turn="1h", decision="1h", extend="0", policy="ai")


async def play_out(table: Table, clock: FakeClock, league_id: int, round_no: int, limit: int = 60) -> None:
    """Let the hours pass until every game of the round has a result or a hand report."""
    store = table.bot.leagues.store
    for _ in range(limit):
        games = [g for g in await store.games(league_id) if g.round == round_no]
        if all(g.state != "open" for g in games):
            return
        clock.advance(hours=1, minutes=1)
        await table.bot.pace.tick()
        await table.settle()
    raise AssertionError(f"round {round_no} did not finish: {[(g.id, g.state) for g in games]}")


async def test_a_whole_season_of_nine_players(fake: FakeDiscord, world: World, start_bot: StartBot,
                                              tmp_path: Path) -> None:
    clock = FakeClock()
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, clock=clock, render=None)
    await start_bot(bot)
    organiser = fake.owner
    fake.add_member(world.guild, organiser)
    players = [world.alice, world.bob] + [fake.create_user(n) for n in ("cara", "dan", "eve", "finn", "gus",
                                                                        "hal", "ida")]
    table = Table(fake, bot, world.channel, [organiser, *players])
    created = await table.reply(organiser, "league", "create", **CREATE)
    assert f"League **{LEAGUE}** created" in created.content, created.content
    league = await bot.leagues.store.get(world.guild.id, LEAGUE)
    assert league is not None
    for user, army in zip(players, ARMIES, strict=True):
        joined = await table.reply(user, "league", "join", league=LEAGUE)
        assert "joined" in joined.content
        registered = await table.reply(user, "league", "army", league=LEAGUE, cards=army)
        assert registered.ephemeral and "registered" in registered.content, registered.content
    # The armies stay hidden: nothing public names them.
    assert "Welkineye" not in "".join(m.content for m in world.channel.history())
    started = await table.reply(organiser, "league", "season-start", league=LEAGUE)
    assert "Season 1" in started.content and "9 players" in started.content

    byes: list[str] = []
    for round_no in (1, 2, 3):
        paired = await table.reply(organiser, "league", "pair", league=LEAGUE)
        assert f"round {round_no}" in paired.content and paired.content.count("has a bye") == 1, paired.content
        games = [g for g in await bot.leagues.store.games(league.id) if g.round == round_no]
        duels = [g for g in games if not g.is_bye]
        assert len(duels) == 4 and all(g.match_id and g.channel_id for g in duels)
        byes += [g.players[0] for g in games if g.is_bye]
        for g in duels:  # one thread per pairing, both players mentioned there, the match started
            live = bot.matches.get(g.match_id or "")
            assert live is not None and live.meta.parent_id == world.channel.id
            assert sorted(p.id for p in live.state.players) == sorted(g.players)
            thread = fake.channels[g.channel_id or 0]
            first = thread.history()[0]
            assert all(f"<@{p}>" in first.content for p in g.players)
        if round_no == 2:
            await hand_reports(table, fake, league.id, duels, organiser)
        await play_out(table, clock, league.id, round_no)

    games = await bot.leagues.store.games(league.id)
    assert all(g.state in FINAL for g in games), [(g.id, g.state) for g in games]
    assert len(set(byes)) == 3  # a different player sat out each round, each bye a win
    pairs = [frozenset(g.players) for g in games if not g.is_bye]
    assert len(pairs) == len(set(pairs)) == 12 == len(met(games))  # no rematch in the season
    refereed = [g for g in games if g.state == "refereed"]
    assert len(refereed) == 10 and all(g.armies for g in refereed)
    details = [e.detail for e in await bot.leagues.store.events(league.id) if e.kind == "refereed"]
    assert all("the end of round 1" in d or d == "last army standing" for d in details), details
    assert len(details) == 10 and all(e.actor == "bot" for e in await bot.leagues.store.events(league.id)
                                      if e.kind == "refereed")

    # Standings: text and image; the ratings are openskill's for these games.
    answer = await table.reply(world.alice, "league", "standings", league=LEAGUE)
    assert "W-D-L" in answer.content and answer.attachment("standings.png").data.startswith(b"\x89PNG")
    ratings = rate(games, [p for p in (str(u.id) for u in players)], provisional=3)
    rows = await table_rows(bot, league.id)
    for row in rows:
        assert abs(row.rating - ratings[row.player].ordinal) < 1e-9
    assert sum(r.byes for r in rows) == 3 and sum(r.wins for r in rows) >= 3 + 4  # every bye is a win
    history = await table.reply(world.alice, "league", "history", league=LEAGUE, player=world.bob, other=world.alice)
    assert "bob" in history.content and "Head-to-head" in history.content
    decided = next(g for g in games if g.state == "decided")
    loser = next(p for p in decided.players if p not in decided.winners())
    theirs = await table.reply(world.alice, "league", "history", league=LEAGUE, player=fake.users[int(loser)])
    assert f"#{decided.id}" in theirs.content and "(decided: the photo shows Dan's figures standing" in theirs.content
    cards = await table.reply(world.alice, "league", "cards", league=LEAGUE)
    assert "Most played Army Cards" in cards.content
    # Export: organisers only, three attachments.
    refused = await table.reply(world.alice, "league", "export", league=LEAGUE)
    assert "Only the organisers" in refused.content and not refused.attachments
    exported = await table.reply(organiser, "league", "export", league=LEAGUE)
    results = list(csv.DictReader(io.StringIO(exported.attachment("spring-league-s1-results.csv").data.decode())))
    assert len(results) == 15 and {r["state"] for r in results} == {"refereed", "confirmed", "decided", "bye"}
    standings = list(csv.DictReader(io.StringIO(exported.attachment("spring-league-s1-standings.csv").data.decode())))
    assert [r["player"] for r in standings] == [r.player for r in rows]
    doc = json.loads(exported.attachment("spring-league-s1.json").data)
    assert doc["league"] == LEAGUE and len(doc["results"]) == 15
    kinds = {c["kind"] for c in doc["changes"]}
    assert {"create", "add player", "season start", "pair round", "pair", "refereed", "report", "confirm",
            "dispute", "decide"} <= kinds
    # A fourth round is refused: the season had its three.
    over = await table.reply(organiser, "league", "pair", league=LEAGUE)
    assert "has had all its 3 rounds" in over.content


async def table_rows(bot: object, league_id: int) -> list:  # type: ignore[type-arg]
    from bot.leagues.standings import standings

    store = bot.leagues.store  # type: ignore[attr-defined]
    league = await store.by_id(league_id)
    names = await bot.leagues.names(league)  # type: ignore[attr-defined]
    return standings(list(names), await store.games(league_id), league.name)


def user_of(fake: FakeDiscord, pid: str) -> FakeUser:
    return fake.users[int(pid)]


def button(msg: FakeMessage, end: str) -> str:
    return next(c for c in msg.custom_ids if c.startswith("hs:lgr:") and c.endswith(end))


async def hand_reports(table: Table, fake: FakeDiscord, league_id: int, duels: list, organiser: FakeUser) -> None:  # type: ignore[type-arg]
    store = table.bot.leagues.store
    first, second, third = duels[0], duels[1], duels[2]
    a, b = (user_of(fake, p) for p in first.players)
    # Someone not in the game cannot report it; a draw and a winner together are refused.
    outsider = user_of(fake, third.players[0])
    both = await table.reply(a, "league", "report", league=LEAGUE, winner=a, draw=True)
    assert "not both" in both.content
    report = await table.reply(a, "league", "report", league=LEAGUE, winner=a)
    assert "reports game" in report.content and f"<@{b.id}>" in report.content
    # The reporter cannot confirm their own report; another player cannot either.
    own = await (await table.click(a, report, button(report, ":yes"))).wait_reply()
    assert "your opponent confirms it" in own.content
    other = await (await table.click(outsider, report, button(report, ":yes"))).wait_reply()
    assert "Only the players of this game" in other.content
    confirmed = await (await table.click(b, report, button(report, ":yes"))).wait_reply()
    assert "confirmed" in confirmed.content
    # Answered: the buttons are turned off (QA #11), so a second press cannot be sent; a stale press
    # that does arrive is answered "already answered or changed" (the refereed-end test in
    # test_league_rules.py presses one).
    pressed = [c for row in fake.messages[report.id].components for c in row["components"]]
    assert pressed and all(c.get("disabled") for c in pressed)
    found = await store.game(first.id)
    assert found is not None and found[1].state == "confirmed" and found[1].winners() == (str(a.id),)

    c, d = (user_of(fake, p) for p in second.players)
    disputed_report = await table.reply(c, "league", "report", league=LEAGUE, winner=c)
    disputed = await (await table.click(d, disputed_report, button(disputed_report, ":no"))).wait_reply()
    assert "disputes" in disputed.content and f"<@{organiser.id}>" in disputed.content
    # Pairing waits for the dispute (and the other games); only organisers decide.
    early = await table.reply(organiser, "league", "pair", league=LEAGUE)
    assert "Round 2 is not finished" in early.content and f"#{second.id}" in early.content
    meddling = await table.reply(a, "league", "correct", league=LEAGUE, game=second.id, winner=d, reason="x")
    assert "Only the organisers" in meddling.content
    decided = await table.reply(organiser, "league", "correct", league=LEAGUE, game=second.id, winner=d,
                                reason="the photo shows Dan's figures standing")
    assert "decided" in decided.content and "Reason: the photo" in decided.content
    found = await store.game(second.id)
    assert found is not None and found[1].state == "decided" and found[1].winners() == (str(d.id),)
    kinds = [(e.kind, e.actor) for e in await store.events(league_id, second.id)]
    assert kinds[-3:] == [("report", str(c.id)), ("dispute", str(d.id)), ("decide", str(organiser.id))]
    assert "the photo shows" in (await store.events(league_id, second.id))[-1].detail
