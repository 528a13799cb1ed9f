"""``python -m bot run --shards 0-3 --shard-count 8`` and ``SHARDS``/``SHARD_COUNT`` (issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main as cli_main
from bot.discord.settings import Settings, parse_shards


def test_shards_are_ranges_and_lists_below_the_count() -> None:
    assert parse_shards("0-3", "8") == ((0, 1, 2, 3), 8)
    assert parse_shards("0,2,5-6", "8") == ((0, 2, 5, 6), 8)
    assert parse_shards("3, 1-2", "4") == ((1, 2, 3), 4)
    assert parse_shards("", "4") == ((0, 1, 2, 3), 4)  # a count alone: every shard
    assert parse_shards("", "") == (None, None)  # unsharded, as before


@pytest.mark.parametrize(("shards", "count", "says"), [
    ("0-3", "", "needs --shard-count"),
    ("8", "8", "shard 8 does not exist with a shard count of 8 (shards are numbered 0 to 7)"),
    ("a", "8", "'a' is neither"),
    ("3-1", "8", "write it as 1-3"),
    ("0", "0", "at least 1, got '0'"),
    ("0", "two", "at least 1, got 'two'"),
])
def test_wrong_shards_say_what_is_wrong(shards: str, count: str, says: str) -> None:
    with pytest.raises(ValueError) as wrong:
        parse_shards(shards, count)
    assert says in str(wrong.value)


def test_the_environment_names_the_shards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARDS", "2-3")
    monkeypatch.setenv("SHARD_COUNT", "4")
    settings = Settings.from_env(env_file=None)
    assert (settings.shard_ids, settings.shard_count) == ((2, 3), 4)
    monkeypatch.setenv("SHARDS", "4")
    with pytest.raises(ValueError, match="shard 4 does not exist"):
        Settings.from_env(env_file=None)


def test_run_refuses_wrong_shards_before_connecting(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "fake")
    # Set (empty) through monkeypatch, so that what the flags write there is undone after the test.
    monkeypatch.setenv("SHARDS", "")
    monkeypatch.setenv("SHARD_COUNT", "")
    assert cli_main(["run", "--discord", "--shards", "0-3", "--shard-count", "2"]) == 2
    assert "Bad setting: shard 2 does not exist with a shard count of 2" in capsys.readouterr().err
    monkeypatch.setenv("SHARD_COUNT", "8")  # the flag's shards with the environment's count
    monkeypatch.setenv("SHARDS", "9")
    assert cli_main(["run", "--discord", "--shards", "8"]) == 2
    assert "shard 8 does not exist with a shard count of 8" in capsys.readouterr().err


def test_the_sandbox_says_it_runs_unsharded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import bot.sandbox.main

    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DISCORD_TOKEN", "")
    monkeypatch.setattr(bot.sandbox.main, "main", lambda args: 0)
    assert cli_main(["run", "--shards", "0-1", "--shard-count", "2"]) == 0
    assert "--shards and --shard-count apply on Discord only" in capsys.readouterr().err
