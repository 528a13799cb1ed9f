"""Ratings against openskill's own numbers, tiebreakers on constructed tables, playoff brackets,
formats and exports."""

from __future__ import annotations

import csv
import io
import json

import pytest
from openskill.models import PlackettLuce

from bot.content import formats
from bot.games.heroscape.league import (
    LeagueArmyError,
    LeagueFormat,
    LeagueFormatError,
    check_league_army,
    league_format,
    match_format,
)
from bot.leagues import export
from bot.leagues.model import BYE, CONFIRMED, OPEN, Game, LeagueSettings, ranks_from_winners
from bot.leagues.playoff import PlayoffError, bracket_order, first_round, next_round
from bot.leagues.ratings import rate
from bot.leagues.standings import best_cards, card_stats, head_to_head, standings
from bot.rules.scenario import Format


def won(gid: int, rnd: int, winner: str, loser: str) -> Game:
    return Game(gid, 1, rnd, (winner, loser), (1, 2), CONFIRMED)


def drew(gid: int, rnd: int, a: str, b: str) -> Game:
    return Game(gid, 1, rnd, (a, b), (1, 1), CONFIRMED)


def test_ratings_are_openskill_plackett_luce_numbers() -> None:
    games = [won(1, 1, "a", "b"), drew(2, 1, "c", "d"), won(3, 2, "a", "c"),
             Game(4, 1, 3, ("b", "c", "d"), (2, 1, 3), CONFIRMED), Game(5, 1, 3, ("a",), None, BYE)]
    model = PlackettLuce()
    r = {p: model.rating(name=p) for p in "abcd"}
    [[r["a"]], [r["b"]]] = model.rate([[r["a"]], [r["b"]]], ranks=[1, 2])
    [[r["c"]], [r["d"]]] = model.rate([[r["c"]], [r["d"]]], ranks=[1, 1])
    [[r["a"]], [r["c"]]] = model.rate([[r["a"]], [r["c"]]], ranks=[1, 2])
    [[r["b"]], [r["c"]], [r["d"]]] = model.rate([[r["b"]], [r["c"]], [r["d"]]], ranks=[2, 1, 3])
    got = rate(games, provisional=3)
    for p in "abcd":
        assert got[p].mu == pytest.approx(r[p].mu, abs=1e-12)
        assert got[p].sigma == pytest.approx(r[p].sigma, abs=1e-12)
        assert got[p].ordinal == pytest.approx(r[p].ordinal(), abs=1e-12)
    assert got["a"].games == 2 and got["a"].provisional  # the bye is not rated
    assert got["c"].games == 3 and not got["c"].provisional


def test_tiebreakers_head_to_head_then_opponents_win_rate_on_a_constructed_table() -> None:
    # a 6 points (beat c, d; lost to b); b 6 (beat a, e; lost to d): level; b beat a -> b first.
    # c 3 (beat e), d 3 (beat b): level, never met (head-to-head 0 each). Opponents' win rate:
    # c met a (2 of 3) and e (0 of 2): 1/3; d met a (2/3) and b (2/3): 2/3 -> d above c. e 0.
    games = [won(1, 1, "b", "a"), won(2, 1, "a", "c"), won(3, 2, "a", "d"), won(4, 2, "d", "b"),
             won(5, 3, "b", "e"), won(6, 3, "c", "e")]
    rows = standings("abcde", games, "T")
    assert [r.player for r in rows] == ["b", "a", "d", "c", "e"]
    by = {r.player: r for r in rows}
    assert (by["b"].points, by["b"].h2h, by["a"].h2h) == (6, 3, 0)
    assert by["c"].owr == pytest.approx(1 / 3) and by["d"].owr == pytest.approx(2 / 3)
    assert (by["b"].wins, by["b"].losses, by["b"].draws, by["b"].played) == (2, 1, 0, 3)


def test_strength_of_schedule_breaks_a_tie_that_head_to_head_and_opponents_win_rate_leave() -> None:
    # p beat x and z1; q beat y and z2: 6 points each, never met. x: lost p, drew a1, drew a2 (a
    # third of a win, 2 points); y: lost q, beat b1, lost b2 (a third, 3 points); z1, z2 lost only.
    # Opponents' win rate is 1/6 for both; strength of schedule p 2, q 3 -> q above p.
    games = [won(1, 1, "p", "x"), won(2, 1, "q", "y"), drew(3, 2, "x", "a1"), drew(4, 3, "x", "a2"),
             won(5, 2, "y", "b1"), won(6, 3, "b2", "y"), won(7, 2, "p", "z1"), won(8, 3, "q", "z2")]
    rows = standings(["p", "q", "x", "y", "a1", "a2", "b1", "b2", "z1", "z2"], games, "T")
    by = {r.player: r for r in rows}
    assert by["p"].owr == by["q"].owr == pytest.approx(1 / 6)
    assert (by["p"].sos, by["q"].sos) == (2, 3)
    assert [r.player for r in rows][:2] == ["q", "p"]


def test_open_games_and_byes_count_as_they_should() -> None:
    games = [won(1, 1, "a", "b"), Game(2, 1, 1, ("c",), None, BYE), Game(3, 1, 2, ("a", "c"), None, OPEN)]
    by = {r.player: r for r in standings("abc", games, "T")}
    assert (by["c"].wins, by["c"].byes, by["c"].points, by["c"].owr) == (1, 1, 3, 0)
    assert by["a"].played == 1  # the open game does not count
    assert head_to_head("a", "b", games) == (1, 0, 0) and head_to_head("b", "a", games) == (0, 0, 1)


def test_card_stats_most_played_and_best() -> None:
    games = [Game(1, 1, 1, ("a", "b"), (1, 2), CONFIRMED, armies={"a": ["Syvarris", "Finn"], "b": ["Syvarris"]}),
             Game(2, 1, 2, ("a", "b"), (2, 1), CONFIRMED, armies={"a": ["Finn"], "b": ["Grimnak"]})]
    most = card_stats(games)
    assert [(f.card, f.played, f.won) for f in most] == [("Finn", 2, 1), ("Syvarris", 2, 1), ("Grimnak", 1, 1)]
    assert [f.card for f in best_cards(games)] == ["Finn", "Syvarris"]


def test_playoff_brackets() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert first_round(["s1", "s2", "s3", "s4", "s5"], 4) == [("s1", "s4"), ("s2", "s3")]
    assert next_round(["s1", "s2"]) == [("s1", "s2")] and next_round(["s1"]) == []
    with pytest.raises(PlayoffError, match="needs 8 players"):
        first_round(["a", "b"], 8)
    with pytest.raises(PlayoffError, match="2, 4, 8 or 16"):
        first_round(["a", "b", "c"], 3)


def test_league_armies_are_checked_against_the_format() -> None:
    fmt = LeagueFormat(points=150)
    cards = check_league_army("Syvarris; Dumutef Guard", fmt)
    assert [c.name for c in cards] == ["Syvarris", "Dumutef Guard"]
    with pytest.raises(LeagueArmyError, match="costs 250 points; this match allows 150"):
        check_league_army("Syvarris; Mimring", fmt)
    # Allowed lines are the card library's product lines, as in a match's format (HS-ARMY-01).
    with pytest.raises(LeagueArmyError, match=r"Kita the Springrunner comes from Avalon Hill / Renegade \(2024\+\); "
                                              r"this match allows only Hasbro cards"):
        check_league_army("Kita the Springrunner", LeagueFormat(points=500, lines=("Hasbro",)))
    with pytest.raises(LeagueArmyError, match="at least one Army Card"):
        check_league_army(" ; ", fmt)
    with pytest.raises(LeagueArmyError, match="Unique"):
        check_league_army("Syvarris; Syvarris", LeagueFormat(points=500))


def test_a_delta_league_counts_delta_points() -> None:
    """An army inside 500 Standard points is over the cap in Delta points: the league says so, with
    the points (HS-ARMY-01); Delta points are really counted, not only named."""
    army = "Major Q9; Nilfheim; Marro Warriors"  # 180 + 185 + 50 Standard, 260 + 250 + 110 Delta
    assert [c.name for c in check_league_army(army, LeagueFormat("standard", 500))] == [
        "Major Q9", "Nilfheim", "Marro Warriors"]
    with pytest.raises(LeagueArmyError, match="costs 620 Delta points; this match allows 500"):
        check_league_army(army, LeagueFormat("delta", 500))
    # Cheaper in Delta than in Standard: Agent Carr (100 Standard, 60 Delta) fits a 60-point Delta cap.
    with pytest.raises(LeagueArmyError, match="costs 100 points; this match allows 60"):
        check_league_army("Agent Carr", LeagueFormat("standard", 60))
    assert [c.name for c in check_league_army("Agent Carr", LeagueFormat("delta", 60))] == ["Agent Carr"]


def test_a_league_format_is_the_named_match_format_with_caps_on_top() -> None:
    """`league_format` is `formats.overrides`: the named format's fields, then the caps given."""
    delta = league_format("Delta 500", figures=10)
    assert delta == LeagueFormat("delta", 500, 10, None, (), "delta")
    assert delta.overrides() == formats.overrides("delta", {"figures": 10})
    assert match_format(delta) == Format(name="delta", points=500, points_system="delta", figures=10)
    assert league_format("hasbro").lines == ("Hasbro", "Hasbro (Marvel)")
    assert league_format(None, points=300, lines=("hasbro",)).overrides() == {
        "name": "standard", "points_system": "standard", "points": 300, "lines": ("Hasbro",)}
    with pytest.raises(LeagueFormatError, match="No army format is called 'moon'. Known formats: standard, delta"):
        league_format("moon")
    with pytest.raises(LeagueFormatError, match="Unknown line 'Marvel'. The product lines are: Hasbro, "):
        league_format("standard", lines=("Marvel",))
    with pytest.raises(LeagueFormatError, match="standard, delta"):
        league_format("standard", points_system="valhalla")


def test_settings_round_trip_through_json() -> None:
    s = LeagueSettings("Spring", LeagueFormat("delta", 400, 10, 20, ("Hasbro",), "delta"), ("a", "b"),
                       pace={"pace": "post"}, rounds=4, method="round-robin", playoff=4, channel_id=5)
    assert LeagueSettings.from_json(json.loads(json.dumps(s.to_json()))) == s
    assert ranks_from_winners(("a", "b", "c"), ["b"]) == (2, 1, 2)
    assert ranks_from_winners(("a", "b"), []) == (1, 1)
    with pytest.raises(ValueError):
        ranks_from_winners(("a", "b"), ["z"])


def test_exports_carry_every_game_and_row() -> None:
    games = [won(1, 1, "a", "b"), Game(2, 1, 1, ("c",), None, BYE)]
    rows = standings("abc", games, "T")
    names = {"a": "Ann", "b": "Bob", "c": "Cy"}.get
    results = list(csv.DictReader(io.StringIO(export.results_csv(games, lambda p: names(p) or p))))
    assert [(r["players"], r["winners"], r["state"]) for r in results] == [("Ann vs Bob", "Ann", "confirmed"),
                                                                          ("Cy", "Cy", "bye")]
    table = list(csv.DictReader(io.StringIO(export.standings_csv(rows, lambda p: names(p) or p))))
    # Ann and Cy are level on everything but the seeded order of the league's name ("T", round 0):
    # b, a, c; so Ann before Cy.
    assert [r.player for r in rows] == ["a", "c", "b"]
    assert [(r["name"], r["points"], r["byes"]) for r in table] == [("Ann", "3.0", "0"), ("Cy", "3.0", "1"),
                                                                    ("Bob", "0.0", "0")]
    doc = json.loads(export.season_json("T", 1, games, rows, lambda p: names(p) or p))
    assert len(doc["results"]) == 2 and doc["results"][0]["names"] == ["Ann", "Bob"] and len(doc["standings"]) == 3
