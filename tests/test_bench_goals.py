"""``bench bot --most``: the most concurrent matches one process holds at the goals (issue 21)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.heroscape.discord import bench as bot_bench


def _rows(handler: float, picture: float, failed: float = 0.0) -> list[tuple[str, float, str]]:
    return [("bot_matches_failed", failed, "matches"), ("bot_handler_p99", handler, "ms"),
            ("picture_posted_p99", picture, "ms"), ("pictures_missing", 0.0, "turns")]


def test_the_goals_are_handler_p99_under_100_ms_and_picture_p99_under_2_s() -> None:
    assert bot_bench.at_goals(_rows(99.0, 1999.0))
    assert not bot_bench.at_goals(_rows(100.0, 10.0))
    assert not bot_bench.at_goals(_rows(10.0, 2000.0))
    assert not bot_bench.at_goals(_rows(10.0, 10.0, failed=1.0))


def test_most_matches_stops_at_the_first_run_that_misses(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def fake_run(n: int, **options: Any) -> list[tuple[str, float, str]]:
        seen.append(n)
        return _rows(50.0 if n <= 400 else 150.0, 500.0)

    monkeypatch.setattr(bot_bench, "run", fake_run)
    rows = bot_bench.most_matches(start=200, step=200, limit=2000)
    assert seen == [200, 400, 600]
    assert rows[-1] == ("bot_max_matches_at_goals", 400.0, "matches")
    assert ("bot_handler_p99", 50.0, "ms") in rows  # the figures of the last run at the goals


def test_when_the_first_run_misses_the_search_halves_until_one_meets_the_goals(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, Any]] = []

    def fake_run(n: int, **options: Any) -> list[tuple[str, float, str]]:
        seen.append((n, options["turns"]))
        return _rows(50.0 if n <= 60 else 150.0, 500.0)

    monkeypatch.setattr(bot_bench, "run", fake_run)
    rows = bot_bench.most_matches(start=200, step=200, limit=2000)
    assert seen == [(200, 6), (100, 6), (50, 6)]  # the search's runs: six Player Turns a match
    assert rows[-1] == ("bot_max_matches_at_goals", 50.0, "matches")
    assert ("bot_handler_p99", 50.0, "ms") in rows
