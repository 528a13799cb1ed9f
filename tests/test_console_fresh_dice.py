"""The console's dice cannot be seen in advance by loading a save (issue 10): without ``--seed``
every roll comes from a fresh salt, which the save file records for the rolls already made (so
``load`` replays them exactly) but cannot hold for rolls not made yet. ``--seed`` keeps the dice
reproducible, as before."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from bot.console.local import Console
from bot.game.session import GameSession
from bot.rules.movement import reachable_hexes
from tests.test_console import Script, run_bot

SETUP = ("army Finn", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest",
         "orders 1=finn 2=finn 3=finn X=finn", "Bob: orders 1=grimnak 2=grimnak 3=grimnak X=grimnak")


def initiative_lines(con: Console, script: Script) -> list[str]:
    n = len(script.out)
    assert con.handle("initiative")
    return [line for line in script.out[n:] if line.startswith("Initiative:")]


@pytest.mark.parametrize("fresh", [False, True])
def test_save_roll_load_roll_gives_other_dice_only_with_fresh_dice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: bool) -> None:
    salts = itertools.count(1)
    monkeypatch.setattr("bot.rules.match.secrets.randbits", lambda _bits: next(salts))
    script = Script("Alice", "Bob")
    session = GameSession.create("local", map_id="cobra-facility", seed=5, fresh_dice=fresh)
    con = Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=False)
    assert con.seat_players(False)
    for line in SETUP:
        assert con.handle(line)
    path = tmp_path / "before.json"
    assert con.cmd_save(str(path))
    first = initiative_lines(con, script)
    after_first = con.session.match.state_json()
    script.lines.append("y")  # in case load asks before it replaces the match
    assert con.cmd_load(str(path))
    second = initiative_lines(con, script)
    assert first and second
    assert (first != second) is fresh, (first, second)
    # The save after the roll replays it exactly, fresh dice or not.
    later = tmp_path / "after.json"
    assert con.cmd_save(str(later))
    record = json.loads(later.read_text(encoding="utf-8"))
    assert ("salts" in record) is fresh and record.get("fresh_dice", False) is fresh
    assert GameSession.from_record(record).match.state_json() == con.session.match.state_json()
    if not fresh:
        assert con.session.match.state_json() == after_first


def test_local_without_seed_has_fresh_dice_and_with_seed_reproducible_ones(tmp_path: Path) -> None:
    script = "Alice\nBob\narmy Finn\nBob: army Grimnak\nstart\nsave {path}\n"
    for args, fresh in (([], True), (["--seed", "3"], False)):
        path = tmp_path / f"save-{fresh}.json"
        proc = run_bot(["local", "--map", "cobra-facility", "--out", "none", *args], script.format(path=path))
        assert proc.returncode == 0, proc.stderr
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record.get("fresh_dice", False) is fresh
    helped = run_bot(["local", "--help"])
    assert "reproducible" in helped.stdout



def test_undo_with_fresh_dice_takes_back_a_quiet_move_but_never_a_roll(tmp_path: Path) -> None:
    # A command that rolls nothing leaves the dice as they were, so undo still tells it from a roll.
    script = Script("Alice", "Bob")
    session = GameSession.create("local", map_id="cobra-facility", seed=5, fresh_dice=True)
    con = Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=False)
    assert con.seat_players(False)
    for line in SETUP:
        assert con.handle(line)
    assert con.handle("Alice: initiative")
    assert con.handle("Alice: undo")
    assert "'initiative' rolled dice, and dice once seen stay rolled; it cannot be undone" in script.text
    while con.state.turn is not None and con.state.turn.player != "alice":
        assert con.handle("Bob: end-turn")
    st = con.state
    reach = reachable_hexes(st, st.figures["finn"])
    to = st.battlefield.label(min(reach, key=lambda h: (reach[h], h)))
    assert con.handle(f"Alice: move finn {to}")
    script.lines.append("y")
    assert con.handle("Alice: undo")
    assert f"undone: Alice: move finn {to}" in script.text
