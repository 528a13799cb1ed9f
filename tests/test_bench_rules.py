"""The rules benchmark functions return numbers with units (no timing goals asserted here)."""

from __future__ import annotations

import re

import pytest

from bot.games.heroscape import bench


def check_rows(rows: list[tuple[str, float, str]]) -> dict[str, tuple[float, str]]:
    assert rows
    for name, value, unit in rows:
        assert re.fullmatch(r"[a-z0-9_]+", name)
        assert isinstance(value, float)
        assert unit
    return {n: (v, u) for n, v, u in rows}


def test_generated_battlefield() -> None:
    bf = bench.generated_battlefield()
    assert len(bf) == 600
    assert max(c[-1].top for c in bf.columns.values()) == 20
    assert bench.generated_battlefield().columns == bf.columns  # seeded


def test_bench_reach_and_los() -> None:
    rows = check_rows(bench.bench_reach(runs=5))
    assert rows["reach_move6_median"][1] == "ms" and rows["reach_move6_median"][0] > 0
    assert rows["map_spaces"] == (600.0, "spaces")
    rows = check_rows(bench.bench_los(runs=5))
    assert rows["los_median"][1] == "ms"


def test_bench_match_short() -> None:
    rows = check_rows(bench.bench_match(rounds=2))
    assert rows["match_total"][1] == "s"
    assert rows["match_rounds"][0] <= 2
    assert rows["match_commands"][0] > 0


def test_main_bot_prints_name_value_unit(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The real run drives 200 matches for minutes; a few quick matches prove the same output path.
    from bot.games.heroscape.discord import bench as bot_bench

    real = bot_bench.run
    monkeypatch.setattr(bot_bench, "run", lambda: real(matches=4, turns=2, think=0.0, stagger=0.0))
    assert bench.main("bot") == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) >= 4
    for line in out:
        assert re.fullmatch(r"[\w.-]+: \S+ \S+", line), line
    figures = {name: float(value) for name, value, _ in (line.replace(":", "").split() for line in out)}
    # The bot's own time leaves out the waits for (fake) Discord's answers, which every command has.
    assert 0 < figures["bot_handler_p50"] < figures["bot_handler_with_discord_p50"]
    assert figures["bot_handler_p99"] <= figures["bot_handler_with_discord_p99"]
    assert figures["deadlines_10k"] > 0  # play by post's due-work loop (issue 16)
    # Pictures are on by default, drawn in worker processes; each turn's map reached its player (issue 21).
    assert 0 < figures["picture_posted_p50"] <= figures["picture_posted_p99"]
    assert figures["pictures_missing"] == 0 and figures["picture_workers"] >= 1
    assert figures["swiss_pair_200"] > 0 and figures["standings_200"] > 0  # leagues (issue 17)
    # The pace is printed with the figures; each drawn picture was posted (or superseded by a newer one).
    assert figures["bot_think_seconds"] == 0 and figures["bot_actions_per_match_minute"] > 0
    assert figures["pictures_drawn"] >= 1 and figures["pictures_superseded"] >= 0


def test_main_bot_pace_options_reach_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.games.heroscape.discord import bench as bot_bench

    seen: list[dict[str, object]] = []
    monkeypatch.setattr(bot_bench, "run", lambda **options: seen.append(options) or [("x", 1.0, "ms")])
    assert bench.main("bot", think=1.5) == 0
    assert bench.main("bot", saturate=True, matches=20) == 0
    assert seen == [{"think": 1.5}, {"think": 0.0, "stagger": 0.0, "matches": 20}]


def test_league_bench_figures_pair_and_rank_every_player() -> None:
    from bot.leagues.bench import season, standings_ms, swiss_pair_ms

    assert swiss_pair_ms(200)[1] == 100  # 100 tables: everyone paired
    assert standings_ms(200)[1] == 200
    games = season([f"p{i}" for i in range(20)], 3)
    assert len(games) == 30 and len({frozenset(g.players) for g in games}) == 30  # no rematch


def test_main_unknown() -> None:
    assert bench.main("nonsense") == 2


def test_bench_odds_exact() -> None:
    rows = check_rows(bench.bench_odds(runs=5))
    assert list(rows) == ["odds_exact"]
    assert rows["odds_exact"][1] == "ms" and rows["odds_exact"][0] > 0


def test_bench_legal_counts_every_command_of_the_active_player() -> None:
    rows = check_rows(bench.bench_legal(runs=1))
    assert rows["legal_all_commands"][1] == "ms" and rows["legal_all_commands"][0] > 0
    assert rows["legal_all_commands_count"][1] == "commands" and rows["legal_all_commands_count"][0] >= 2


def test_bench_big_match_draws_mixed_armies_from_the_library() -> None:
    rows = check_rows(bench.bench_big_match(rounds=2))
    assert rows["big_match_total"][1] == "s" and rows["big_match_rounds"][0] <= 2
    assert rows["big_match_cards"][0] >= 6 and rows["big_match_figures"][0] >= rows["big_match_cards"][0]
    assert rows["big_match_commands"][0] > 0
    assert bench.bench_big_match(rounds=2)[1:3] == bench.bench_big_match(rounds=2)[1:3]  # seeded armies
