"""Swiss, round robin and free-for-all pairings, checked against pairings worked out by hand."""

from __future__ import annotations

import hashlib

import pytest

from bot.leagues import pairing
from bot.leagues.model import BYE, CONFIRMED, Game
from bot.leagues.pairing import PairingError, choose_map, round_robin, seeded_order, swiss

LEAGUE = "Test League"


def won(gid: int, rnd: int, winner: str, loser: str) -> Game:
    return Game(gid, 1, rnd, (winner, loser), (1, 2), CONFIRMED)


def drew(gid: int, rnd: int, a: str, b: str) -> Game:
    return Game(gid, 1, rnd, (a, b), (1, 1), CONFIRMED)


def bye(gid: int, rnd: int, p: str) -> Game:
    return Game(gid, 1, rnd, (p,), None, BYE)


def test_the_seeded_order_is_the_sha256_of_league_season_round_and_player() -> None:
    players = ["p1", "p2", "p3", "p4", "p5", "p6"]
    by_hand = sorted(players, key=lambda p: hashlib.sha256(f"Test League|1|2|{p}".encode()).hexdigest())
    assert seeded_order(players, LEAGUE, 1, 2) == by_hand == ["p4", "p5", "p6", "p1", "p3", "p2"]


def test_swiss_round_two_of_six_players_matches_the_pairing_worked_by_hand() -> None:
    # Round 1: p1 beat p2, p3 beat p4, p5 drew p6.
    # Points: p1 3, p3 3, p5 1, p6 1, p2 0, p4 0. Strength of schedule (opponents' points):
    # p1 0, p3 0, p5 1, p6 1, p2 3, p4 3. Seeded order of round 2: p4 p5 p6 p1 p3 p2.
    # Ranking: p1, p3 (3 points, sos 0, seeded) - p5, p6 - p4, p2 (0 points, sos 3, seeded).
    # p1 meets p3; p5 has met p6, so p5 meets p4; p6 meets p2.
    games = [won(1, 1, "p1", "p2"), won(2, 1, "p3", "p4"), drew(3, 1, "p5", "p6")]
    got = swiss(["p1", "p2", "p3", "p4", "p5", "p6"], games, LEAGUE, 1, 2)
    assert got.tables == (("p1", "p3"), ("p5", "p4"), ("p6", "p2"))
    assert got.bye is None


def test_swiss_with_five_players_gives_the_bye_to_the_lowest_without_one_and_avoids_a_rematch() -> None:
    # Round 1: everyone on 0; seeded order p2 p4 p5 p1 p3: p3 (last) has the bye; p2-p4, p5-p1.
    first = swiss(["p1", "p2", "p3", "p4", "p5"], [], LEAGUE, 1, 1)
    assert first.tables == (("p2", "p4"), ("p5", "p1")) and first.bye == "p3"
    # p2 beat p4, p1 beat p5, p3's bye is a win. Points: p1 p2 p3 3 (sos 0: a bye is nobody's
    # points), p4 p5 0 (sos 3). Seeded order of round 2: p4 p5 p1 p3 p2 -> ranking p1 p3 p2 p4 p5.
    # The bye goes to p5 (lowest, no bye yet). p1-p3 would leave p2-p4, a rematch: so p1-p2, p3-p4.
    games = [won(1, 1, "p2", "p4"), won(2, 1, "p1", "p5"), bye(3, 1, "p3")]
    second = swiss(["p1", "p2", "p3", "p4", "p5"], games, LEAGUE, 1, 2)
    assert second.bye == "p5"
    assert second.tables == (("p1", "p2"), ("p3", "p4"))


def test_the_pairing_search_backtracks_rather_than_leave_a_rematch() -> None:
    met = {frozenset(("x3", "x4")), frozenset(("x1", "x4")), frozenset(("x2", "x3"))}
    assert pairing._pair(["x1", "x2", "x3", "x4"], met, allow=0) == [("x1", "x3"), ("x2", "x4")]


def test_a_rematch_is_allowed_only_when_every_pairing_needs_one() -> None:
    games = [won(1, 1, "a", "b")]
    assert swiss(["a", "b"], games, LEAGUE, 1, 2).tables == (("a", "b"),)


def test_swiss_200_players_five_rounds_never_rematches_and_gives_distinct_byes() -> None:
    players = [f"u{i}" for i in range(201)]
    games: list[Game] = []
    gid = 0
    byes = []
    for rnd in range(1, 6):
        p = swiss(players, games, LEAGUE, 1, rnd)
        for a, b in p.tables:
            gid += 1
            games.append(won(gid, rnd, a, b))
        assert p.bye is not None
        byes.append(p.bye)
        gid += 1
        games.append(bye(gid, rnd, p.bye))
    pairs = [frozenset(g.players) for g in games if len(g.players) == 2]
    assert len(pairs) == len(set(pairs)) == 500
    assert len(set(byes)) == 5


def test_round_robin_meets_everyone_once_with_one_bye_each() -> None:
    players = ["a", "b", "c", "d", "e"]
    seen: list[frozenset[str]] = []
    byes = []
    for rnd in range(1, 6):
        p = round_robin(players, LEAGUE, 1, rnd)
        seen += [frozenset(t) for t in p.tables]
        byes.append(p.bye)
    assert len(seen) == len(set(seen)) == 10
    assert sorted(byes) == players  # type: ignore[type-var]


def test_free_for_all_tables_of_three_with_a_bye_for_the_odd_one() -> None:
    players = [f"f{i}" for i in range(7)]
    p = pairing.free_for_all(players, [], LEAGUE, 1, 1, seats=3)
    assert [len(t) for t in p.tables] == [3, 3] and p.bye is not None
    assert sorted([*p.tables[0], *p.tables[1], p.bye]) == sorted(players)
    eight = pairing.free_for_all([*players, "f7"], [], LEAGUE, 1, 1, seats=3)
    assert [len(t) for t in eight.tables] == [3, 3, 2] and eight.bye is None


def test_pairing_fewer_than_two_players_is_refused() -> None:
    for make in (lambda ps: swiss(ps, [], LEAGUE, 1, 1), lambda ps: round_robin(ps, LEAGUE, 1, 1)):
        with pytest.raises(PairingError, match="at least two players"):
            make(["solo"])
    with pytest.raises(PairingError, match="yourself"):
        pairing.challenge("a", "a", ["a", "b"])
    with pytest.raises(PairingError, match="not a player of this league"):
        pairing.challenge("a", "z", ["a", "b"])


def test_a_map_nobody_at_the_table_played_is_chosen() -> None:
    games = [Game(1, 1, 1, ("a", "b"), (1, 2), CONFIRMED, map_id="m1"),
             Game(2, 1, 1, ("c", "d"), (1, 2), CONFIRMED, map_id="m2")]
    assert choose_map(["m1", "m2", "m3"], ("a", "c"), games, "k") == "m3"
    # With only m1 and m2, the one played least by the table: a played m1, d played m2 -> a tie,
    # broken by the seeded key; b and e: b played m1 -> m2.
    assert choose_map(["m1", "m2"], ("b", "e"), games, "k") == "m2"
    with pytest.raises(PairingError, match="no maps"):
        choose_map([], ("a", "b"), games, "k")
