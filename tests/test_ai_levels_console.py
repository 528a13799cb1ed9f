"""The computer's level in the console (issue 20): ``--vs-computer LEVEL``, ``--computer-level``,
kept in a save, refused when it is not a level."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bot.cli import _parser as build_parser
from bot.console.local import _seat_level
from bot.game.ai import DEFAULT
from tests.test_console import console, run_bot


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["local", *argv])


def test_vs_computer_takes_a_level_and_keeps_the_old_form(tmp_path: Path) -> None:
    con, _script = console(tmp_path, "Alice", map_id="practice-field")
    assert con.computer_level == DEFAULT == "normal"
    assert _seat_level(con, _args("--vs-computer", "hard")) is True
    assert con.computer_level == "hard"
    con2, _ = console(tmp_path, "Alice", map_id="practice-field")
    assert _seat_level(con2, _args("--vs-computer")) is True  # the old form: the default level
    assert con2.computer_level == "normal"
    con3, _ = console(tmp_path, "Alice", map_id="practice-field")
    assert _seat_level(con3, _args("--computer-level", "easy")) is False
    assert con3.computer_level == "easy"


def test_the_level_is_saved_with_the_match(tmp_path: Path) -> None:
    con, _script = console(tmp_path, "Alice", "status", map_id="practice-field")
    con.computer_level = "hard"
    assert con.seat_players(True)
    path = tmp_path / "m.json"
    assert con.write_save(path)
    assert json.loads(path.read_text())["console"] == {"computer": ["computer"], "level": "hard"}
    other, _ = console(tmp_path, map_id="practice-field")
    assert other.cmd_load(str(path))
    assert other.computer_level == "hard"


def test_an_unknown_level_is_refused_with_the_levels_named(tmp_path: Path) -> None:
    proc = run_bot(["local", "--vs-computer", "expert", "--out", "none"], "")
    assert proc.returncode == 2
    assert "invalid choice: 'expert'" in proc.stderr and "'easy', 'normal', 'hard'" in proc.stderr


def test_the_computer_drafts_from_the_servers_cards() -> None:
    # rule: DEC-13
    from bot.game import ai
    from bot.game.session import GameSession, server_library
    from tests.test_card_library import DUKE, _file

    big = {**DUKE, "id": "house-titan", "name": "House Titan", "short": "Titan", "points": 490}
    lib = server_library([("house.json", _file(big))])
    s = GameSession.create("d", map_id="practice-field", seed=3, fmt={"draft": True, "points": 500}, library=lib)
    for pid in ("alice", "bob"):
        s.apply(pid, f"join {pid.title()}")
    s.apply("alice", "start")
    st = s.state
    drafter = st.draft.next if st.draft is not None else None
    assert drafter is not None
    # The shipped library has no such card: the computer picks it only from the server's cards.
    assert ai.next_command(st, drafter) != "draft house-titan"
    assert ai.next_command(st, drafter, pool=lib) == "draft house-titan"
    s.apply(drafter, "draft house-titan")  # and the match, on the server's cards, accepts it
