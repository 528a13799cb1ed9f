"""Leagues after a new user's pass in the sandbox (notes/qa-league-findings.md): a second season,
long reasons, results that end the match, round robin byes, playoff draws, reports with several
open games, head-to-head with oneself, players who left, and the export's change log."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from test_league_rules import finish, started_duel

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
