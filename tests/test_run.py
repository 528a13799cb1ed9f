"""``python -m bot run``: what a person starting the bot sees when something is missing or wrong.

No token, a bad setting, and no way to reach Discord each end with one clear message and an exit
code, never a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot.discord import run

SETTINGS = ("DISCORD_TOKEN", "DISCORD_GUILD_ID", "DATABASE_PATH", "RENDER_DIR", "LOG_LEVEL", "DISCORD_FORCE_SYNC")


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """No settings in the environment, a working folder without a ``.env``, and the root logger
    given back as it was (``run`` installs discord.py's log handler on it)."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.db"))
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield tmp_path
    root.handlers[:] = handlers
    root.setLevel(level)


def test_no_token_says_where_to_get_one(clean_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main() == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err
    assert "Reset Token" in err and "python -m bot local" in err and "python -m bot demo" in err


def test_token_from_dotenv_file_is_read(clean_env: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    (clean_env / ".env").write_text("DISCORD_TOKEN=\nDISCORD_GUILD_ID=not-a-number\n")
    assert run.main() == 2
    assert "DISCORD_GUILD_ID must be a server id (digits), got 'not-a-number'" in capsys.readouterr().err


def test_unreachable_discord_is_one_line_not_a_traceback(clean_env: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "some-token")
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    # Port 9 on this machine refuses connections at once: like a machine without network.
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")
    assert run.main() == 1
    err = capsys.readouterr().err
    assert "Cannot reach Discord" in err and "python -m bot local" in err
    assert "Traceback" not in err
