"""The terminal adapter after a new user's test: whole turns drawn after undo and load, clean
Ctrl-C / Ctrl-D with an autosave, ``--out`` checked at start, undo limited to one's own dice-free
command, line editing, early refusals, status wording, the unknown-command list, save-file
validation, power lines in the demo log and capped echoes."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_console import PNG, Script, console, run_bot, started

from bot.console.demo import TurnRecorder
from bot.console.local import COMMANDS_BRIEF, Console, line_editing, save_problem, shown
from bot.game.session import GameSession
from bot.rules.events import Event
from bot.rules.movement import reachable_hexes
from bot.rules.state import Phase

ROOT = Path(__file__).resolve().parents[1]


def samurai_turn(tmp_path: Path, seed: int = 5) -> tuple[Console, Script]:
    """Alice (Izumi Samurai, all markers) and Bob (Grimnak); Alice's Player Turn under way."""
    con, script = console(tmp_path, "Alice", "Bob", seed=seed)
    assert con.seat_players(False)
    for line in ("army Izumi Samurai", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest",
                 "orders 1=izumi 2=izumi 3=izumi X=izumi", "Bob: orders 1=grimnak 2=grimnak 3=grimnak X=grimnak",
                 "initiative"):
        assert con.handle(line)
    while con.state.turn is not None and con.state.turn.player != "alice":
        assert con.handle("Bob: end-turn")
    assert con.state.phase is Phase.TURNS and con.state.turn is not None and con.state.turn.player == "alice"
    return con, script


def short_step(con: Console, fig_id: str) -> str:
    """A one-space move for ``fig_id`` (the nearest reachable space, ties by hex)."""
    st = con.state
    reach = reachable_hexes(st, st.figures[fig_id])
    return st.battlefield.label(min(reach, key=lambda h: (reach[h], h)))


# ---- 1. the turn picture after undo and load ------------------------------------------------------------


def test_turn_events_survive_undo(tmp_path: Path) -> None:
    con, script = samurai_turn(tmp_path)
    assert con.handle(f"move izumi1 {short_step(con, 'izumi1')}")
    assert con.handle(f"move izumi2 {short_step(con, 'izumi2')}")
    script.lines.append("y")
    assert con.handle("undo")
    assert "undone: Alice: move izumi2" in script.text
    assert con.handle(f"move izumi3 {short_step(con, 'izumi3')}")
    # The recorder follows the match's own turn events: the kept move is still in the turn.
    kinds = [(e.kind, e.data.get("figure")) for e in con.recorder.buffer]
    assert ("moved", "izumi1") in kinds and ("moved", "izumi3") in kinds and ("moved", "izumi2") not in kinds
    line = con.recorder.summary(con.recorder.buffer, "alice")
    assert "izumi1 moves" in line and "izumi3 moves" in line and "izumi2" not in line
    assert con.handle("end-turn")
    assert re.search(r"turn image: .*turn-\d{3}\.png", script.text)


def test_turn_events_survive_a_mid_turn_load(tmp_path: Path) -> None:
    con, _script = samurai_turn(tmp_path)
    assert con.handle(f"move izumi1 {short_step(con, 'izumi1')}")
    save = tmp_path / "mid.json"
    assert con.cmd_save(str(save))
    other, text = console(tmp_path / "again")
    assert other.cmd_load(str(save))
    assert [e.kind for e in other.recorder.buffer][0] == "turn_started"
    assert "izumi1 moves" in other.recorder.summary(other.recorder.buffer, "alice")
    assert other.recorder.turn_number == con.recorder.turn_number  # images go on numbering


# ---- 2. Ctrl-C and Ctrl-D ---------------------------------------------------------------------------------


class Interrupting(Script):
    """Scripted input where the line ``^C`` is a Ctrl-C."""

    def read(self, prompt: str) -> str:
        line = super().read(prompt)
        if line == "^C":
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_the_match_and_says_how_to_resume(tmp_path: Path) -> None:
    con, _ = started(tmp_path)
    script = Interrupting("status", "^C")
    con.read, con.write = script.read, script.write
    assert con.loop() == 130
    [save] = tmp_path.glob("autosave-*.json")  # one file per match started: never another match's
    assert f"stopped (Ctrl-C): the match is saved to {save}; resume with: python -m bot local --load {save}" \
        in script.text
    assert script.out[-1] == "bye"
    record = json.loads(save.read_text())
    assert [tuple(x) for x in record["log"]] == con.session.match.log
    again, _ = console(tmp_path / "again")
    assert again.cmd_load(str(save)) and again.state.phase is Phase.TURNS


def test_end_of_input_mid_match_saves_too(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    assert con.loop() == 0
    [save] = tmp_path.glob("autosave-*.json")
    assert f"end of input: the match is saved to {save}" in script.text


def test_a_loaded_match_saves_itself_back_to_its_file_not_over_another(tmp_path: Path) -> None:
    first, script = started(tmp_path)
    assert first.loop() == 0
    [save] = tmp_path.glob("autosave-*.json")
    other = tmp_path / "other.json"
    other.write_text(save.read_text())
    again, script2 = console(tmp_path, "status")
    assert again.cmd_load(str(other))
    assert again.loop() == 0
    assert f"end of input: the match is saved to {other}" in script2.text
    assert sorted(p.name for p in tmp_path.glob("*.json")) == sorted([save.name, "other.json"])


def test_end_of_input_in_army_selection_says_nothing_was_saved(tmp_path: Path) -> None:
    con, script = console(tmp_path, "Alice", "Bob")
    assert con.seat_players(False)
    assert con.handle("army Finn")
    assert con.loop() == 0
    assert "end of input: nothing saved: the armies are chosen anew in a moment" in script.text
    assert not list(tmp_path.glob("autosave-*.json"))


def test_reach_after_moving_says_the_figure_has_moved(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    who = con.state.turn.player if con.state.turn else ""
    fig = "finn" if con.session.name(who) == "Alice" else "grimnak"
    prefix = "" if fig == "finn" else "Bob: "
    dest = sorted(con.state.battlefield.label(h) for h in reachable_hexes(con.state, con.state.figures[fig]))[0]
    assert con.handle(f"{prefix}move {fig} {dest}")
    assert con.handle(f"reach {fig}")
    assert f"note: {fig} has already moved this turn" in script.text


def test_undo_never_takes_back_a_revealed_order_marker(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    first = con.session.name(con.state.turn.player if con.state.turn else "")
    assert con.handle(f"{first}: end-turn")  # reveals the other player's Order Marker 1
    script.lines.append("y")
    assert con.handle(f"{first}: undo")
    assert "revealed an Order Marker, and a revealed marker stays revealed; it cannot be undone" in script.text


def test_end_of_input_before_the_match_saves_nothing(tmp_path: Path) -> None:
    con, script = console(tmp_path, "Alice", "Bob")
    assert con.seat_players(False)
    assert con.loop() == 0
    assert not list(tmp_path.glob("autosave-*.json")) and "saved" not in script.text


def test_ctrl_c_says_when_the_match_cannot_be_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    blocker = tmp_path / "file"
    blocker.write_text("x")
    con, _ = started(tmp_path)
    con.out = blocker  # a file where the folder should be
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(blocker))  # and where the last resort should be
    script = Interrupting("^C")
    con.read, con.write = script.read, script.write
    assert con.loop() == 130
    assert "error: cannot write" in script.text
    assert "stopped (Ctrl-C): the match could NOT be saved" in script.text


def test_end_of_input_at_the_name_prompt() -> None:
    proc = run_bot(["local", "--out", "none", "--seed", "1"], "")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip().endswith("no players; bye")
    assert "Traceback" not in proc.stderr


def test_demo_stops_cleanly_on_ctrl_c() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "bot", "demo", "--out", "none", "--seed", "7"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    while not re.match(r"^R1 T1 ", proc.stdout.readline()):
        pass
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert re.search(r"^stopped \(Ctrl-C\) after \d+ Player Turns\.$", out, re.M)


# ---- 3. --out checked at start ----------------------------------------------------------------------------


@pytest.mark.parametrize("cmd", ["local", "demo"])
def test_out_that_is_a_file_is_refused_at_start(tmp_path: Path, cmd: str) -> None:
    blocker = tmp_path / "passwd"
    blocker.write_text("root")
    proc = run_bot([cmd, "--out", str(blocker), "--seed", "1"], "Alice\nBob\n")
    assert proc.returncode == 2
    assert f"error: --out {blocker}: {blocker} is a file, not a folder; give a folder you can write to, " \
           "or --out none for no images" in proc.stdout
    assert "Traceback" not in proc.stderr and "name" not in proc.stdout  # refused before any question


def test_out_that_cannot_be_created_is_refused() -> None:
    proc = run_bot(["local", "--out", "/proc/x"], "Alice\n")
    assert proc.returncode == 2
    assert "error: --out /proc/x: cannot create the folder /proc/x" in proc.stdout


def test_local_out_none_writes_no_images(tmp_path: Path) -> None:
    script = "Alice\nBob\narmy Finn\nBob: army Grimnak\nstart\nmap\nreach finn\n"
    proc = subprocess.run([sys.executable, "-m", "bot", "local", "--out", "none", "--map", "cobra-facility",
                           "--seed", "1"], input=script, capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert not (tmp_path / "none").exists()
    assert "no map image: images are off (--out none)" in proc.stdout
    assert not list(tmp_path.rglob("*.png"))


# ---- 4. undo -----------------------------------------------------------------------------------------------


def test_undo_refuses_another_players_command(tmp_path: Path) -> None:
    con, script = samurai_turn(tmp_path)
    assert con.handle(f"move izumi1 {short_step(con, 'izumi1')}")
    before = list(con.session.match.log)
    assert con.handle("Bob: undo")
    assert "error: undo takes back only your own last command, and the last one was Alice's (move izumi1" in script.text
    assert con.session.match.log == before


def test_undo_refuses_a_command_that_rolled_dice(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    log = list(con.session.match.log)
    asker = con.session.name(log[-1][0])  # 'initiative' rolled the d20s
    assert con.handle(f"{asker}: undo")
    assert "error: 'initiative' rolled dice, and dice once seen stay rolled; it cannot be undone" in script.text
    assert con.session.match.log == log
    assert not any(p.startswith("undo ") for p in script.prompts)  # refused before asking to confirm


def test_undo_refuses_an_attack_so_dice_cannot_be_peeked(tmp_path: Path, lane_map: None) -> None:
    """Undoing an attack and attacking again would give the same dice: a player could peek."""
    session = GameSession.create("local", map_id="lane", seed=3)
    script = Script("Alice", "Bob")
    con = Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=False)
    assert con.seat_players(False)
    for line in ("army Deathwalker 9000", "Bob: army Sgt. Drake Alexander", "start", "place-rest", "Bob: place-rest"):
        assert con.handle(line)
    st = session.state
    walker = next(f for f in st.figures.values() if f.owner == "alice")
    drake = next(f for f in st.figures.values() if f.owner == "bob")
    for who, card in (("Alice", walker.card_key), ("Bob", drake.card_key)):
        short = st.cards[card].card.short
        assert con.handle(f"{who}: orders 1={short} 2={short} 3={short} X={short}")
    assert con.handle("initiative")
    while con.state.turn is not None and con.state.turn.player != "alice":
        assert con.handle("Bob: end-turn")
    assert con.handle(f"Alice: special {walker.id} explosion {drake.id}")
    log = list(con.session.match.log)
    assert log[-1][1].startswith("special")
    assert con.handle("Alice: undo")
    assert f"error: 'special {walker.id} explosion {drake.id}' rolled dice, and dice once seen stay rolled; " \
           "it cannot be undone" in script.text
    assert con.session.match.log == log


def test_undo_refuses_a_concession(tmp_path: Path) -> None:
    con, script = console(tmp_path, "Alice", "Bob", map_id="practice-field")
    assert con.seat_players(False)
    script.lines.append("y")  # concede? (issue 10: a concession is confirmed first)
    assert con.handle("Bob: concede")
    assert con.handle("Bob: undo")
    assert "error: a concession is final; it cannot be undone" in script.text


def test_undo_takes_back_ones_own_dice_free_command(tmp_path: Path) -> None:
    con, script = samurai_turn(tmp_path)
    assert con.handle(f"move izumi1 {short_step(con, 'izumi1')}")
    n = len(con.session.match.log)
    script.lines.append("y")
    assert con.handle("Alice: undo")
    assert "undone: Alice: move izumi1" in script.text
    assert len(con.session.match.log) == n - 1


# ---- 5. line editing ---------------------------------------------------------------------------------------


def test_line_editing_is_turned_on_where_readline_exists() -> None:
    has = True
    try:
        import readline  # noqa: F401
    except ImportError:
        has = False
    assert line_editing() is has
    assert ("readline" in sys.modules) is has


# ---- 6. orders out of time ------------------------------------------------------------------------------------


def test_bare_orders_out_of_the_order_phase_is_refused_before_asking(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    asked = len(script.prompts)
    assert con.handle("orders")
    assert "error: Order Markers are placed at the start of each round, before initiative; now it is round 1, turns" \
        in script.text
    assert len(script.prompts) == asked  # no hidden input was asked for


def test_bare_orders_after_locking_in_is_refused_before_asking(tmp_path: Path) -> None:
    con, script = console(tmp_path, "Alice", "Bob")
    assert con.seat_players(False)
    for line in ("army Finn", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest",
                 "orders 1=finn 2=finn 3=finn X=finn"):
        assert con.handle(line)
    asked = len(script.prompts)
    assert con.handle("Alice: orders")
    assert "error: Alice has no Order Markers to place now (they are locked in)" in script.text
    assert len(script.prompts) == asked


# ---- 7. status -------------------------------------------------------------------------------------------------


def test_status_shows_draft_lines_only_during_setup(tmp_path: Path) -> None:
    session = GameSession.create("local", map_id="practice-field", seed=3, fmt={"draft": True, "points": 300})
    script = Script("Alice", "start", "draft Grimnak", "draft pass", "status")
    con = Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=False)
    assert con.seat_players(True)
    con.loop()
    assert "draft order:" in script.text and "the draft is over: 'start' begins placement" in script.text
    assert con.handle("start") and con.state.phase is Phase.PLACEMENT
    mark = len(script.out)
    con.cmd_status()
    after = "\n".join(script.out[mark:])
    assert "placement" in after and "draft" not in after


def test_status_names_a_set_aside_figure(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    con.state.figures["finn"].set_aside = True
    con.cmd_status()
    assert "finn (set aside)" in script.text and "(unplaced)" not in script.text


# ---- 8. the unknown-command message -------------------------------------------------------------------------


def test_unknown_command_lists_game_and_console_commands(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    assert con.handle("frobnicate now")
    line = next(ln for ln in script.out if ln.startswith("error: 'frobnicate'"))
    assert line == f"error: 'frobnicate' is not a command. {COMMANDS_BRIEF}; 'help' explains them"
    for word in ("move", "attack", "end-turn", "help", "status", "map", "reach", "targets", "cards", "undo",
                 "save", "load", "hide", "quit"):
        assert word in line


# ---- 9. save files ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("content", "problem"), [
    ([], "it holds a JSON list, not an object"),
    ({"match_id": "local", "scenario_id": "last-army-standing", "seed": 1}, "the field 'log' is missing"),
    ({"match_id": "local", "scenario_id": "last-army-standing", "seed": "x1", "log": []},
     "the field 'seed' must be a number"),
    ({"match_id": "local", "scenario_id": "last-army-standing", "seed": 1, "log": [["alice"]]},
     'log entry 1 must be a pair ["player id", "command"], not ["alice"]'),
    ({"match_id": "local", "scenario_id": "last-army-standing", "seed": 1, "log": []},
     "its log is empty: there is no match to resume"),
    ({"match_id": "local", "scenario_id": "last-army-standing", "seed": 1, "log": [["a", "join A"]],
      "console": []}, "the field 'console' must be {\"computer\": [player ids]}"),
])
def test_bad_save_files_say_what_is_wrong(tmp_path: Path, content: object, problem: str) -> None:
    assert save_problem(content) == problem
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(content))
    con, script = console(tmp_path)
    assert not con.cmd_load(str(path))
    assert f"error: cannot load {path}: {problem}. A save (written by 'save PATH') is a JSON object" in script.text
    assert con.state.players == []  # nothing changed


def test_a_good_save_has_no_problem(tmp_path: Path) -> None:
    con, _ = started(tmp_path)
    assert save_problem(json.loads(json.dumps({**con.session.to_record(), "console": {"computer": []}}))) is None


def test_a_save_whose_log_does_not_replay(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"match_id": "local", "map_id": "cobra-facility", "scenario_id": "last-army-standing",
                                "seed": 1, "log": [["alice", "initiative"]]}))
    con, script = console(tmp_path)
    assert not con.cmd_load(str(path))
    assert f"error: cannot load {path}: its log does not replay: " in script.text


def test_load_refuses_options_it_would_ignore(tmp_path: Path) -> None:
    con, _ = started(tmp_path)
    save = tmp_path / "s.json"
    assert con.cmd_save(str(save))
    proc = run_bot(["local", "--load", str(save), "--map", "practice-field", "--draft", "--out", str(tmp_path)], "")
    assert proc.returncode == 2
    assert ("error: --load resumes a saved match with its own map, scenario, seed, players and draft; "
            "leave out --map, --draft") in proc.stdout


# ---- 11. power lines in the demo log ------------------------------------------------------------------------


def test_demo_log_names_power_uses(tmp_path: Path) -> None:
    con, _ = started(tmp_path)
    rec = TurnRecorder(con.session, None)
    finn_card = con.state.figures["finn"].card_key
    events = [
        Event("turn_started", {"card": con.state.figures["grimnak"].card_key, "player": "bob"}),
        Event("power", {"power": "Mind Shackle 20", "figure": "grimnak", "target": "finn", "d20": 20,
                        "needed": 20, "success": True, "result": "takes control of Finn"}),
        Event("control", {"player": "bob", "card": finn_card}),
        Event("power", {"power": "Water Clone", "card": finn_card, "success": False}),
    ]
    line = rec.summary(events, "bob")
    assert line.endswith("grimnak Mind Shackle 20 on finn (d20 20): takes control of Finn, Bob controls Finn, "
                         "Finn Water Clone: fails")


def test_demo_prints_water_clone_in_round_one() -> None:
    proc = run_bot(["demo", "--rounds", "1", "--out", "none", "--seed", "7"])
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"^R1 T\d+ Bob: Marro Warriors: .*Marro Warriors Water Clone: \d+ success(es)?\b", proc.stdout,
                     re.M)


# ---- 12. capped echoes ------------------------------------------------------------------------------------------


def test_shown_caps_and_escapes() -> None:
    assert shown("help") == "help"
    assert shown("help\x1b[D") == "help\\x1b[D"
    assert shown("x" * 200) == "x" * 60 + "…"
    assert shown("x" * 60) == "x" * 60


def test_a_huge_line_is_refused_with_a_short_echo(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    log = list(con.session.match.log)
    assert con.handle("attack " + "z" * 200_000)
    assert script.out[-1] == f"error: that line has {200_007} characters ('attack {'z' * 53}…'); a command has at most 1000"
    assert con.session.match.log == log


def test_escape_sequences_are_shown_escaped(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    assert con.handle("help\x1b[D")
    assert "\x1b" not in script.text
    assert "('help\\x1b[D')" in script.out[-1] and "arrow keys" in script.out[-1]


def test_long_names_in_rules_errors_are_capped(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    assert con.handle("move " + "q" * 500 + " A1")
    err = script.out[-1]
    assert err.startswith("error:") and len(err) < 400 and "q" * 61 not in err and "…" in err


def test_the_turn_image_is_a_png(tmp_path: Path) -> None:
    con, script = samurai_turn(tmp_path)
    assert con.handle("end-turn")
    path = Path(re.findall(r"turn image: (\S+)", script.text)[-1])
    assert path.read_bytes().startswith(PNG)
