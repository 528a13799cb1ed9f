"""The terminal adapters, run as a player would: ``python -m bot local`` with piped input, and
``python -m bot demo``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console.demo import play
from bot.console.local import HELP, NAME_MAX, NOTHING_LEFT, Console, name_problem
from bot.game.session import GameSession
from bot.rules.movement import reachable_hexes
from bot.rules.state import Phase

ROOT = Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"


def run_bot(args: list[str], stdin: str = "", timeout: float = 120,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, check=False, env=env)


LOCAL_SCRIPT = """\
Alice
Bob
army Finn; Tarn Viking Warriors; Syvarris
Bob: army Deathwalker 9000; Marro Warriors
frobnicate
start
place-rest
Bob: place-rest
move syvarris F5
orders 1=syvarris 2=syvarris 3=syvarris X=finn
hide
Bob: orders 1=marro 2=marro 3=marro X=deathwalker
initiative
status
move syvarris L2
end-turn
map
save {save}
quit
"""


def test_local_console_scripted_match(tmp_path: Path) -> None:
    out = tmp_path / "out"
    save = tmp_path / "match.json"
    proc = run_bot(["local", "--map", "cobra-facility", "--out", str(out), "--seed", "5"],
                   LOCAL_SCRIPT.format(save=save))
    text = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    # Seating, armies and placement.
    assert "Alice joins the match" in text and "Bob joins the match" in text
    assert "Alice fields Finn the Viking Champion, Tarn Viking Warriors, Syvarris" in text
    # A bad command and an illegal move print the rules' message and change nothing.
    assert ("error: 'frobnicate' is not a command. game commands: army, draft, start, place, place-rest, orders, "
            "initiative, move, attack, special, end-turn, choose, concede, end-moves, use, cannon; console: help, status, map, reach, targets, "
            "cards, undo, save, load, hide, quit; 'help' explains them") in text
    assert "error: Figures act only during Player Turns (HS-TURN-02)" in text
    assert text.count("error:") >= 3  # 'move syvarris L2' is refused whoever has the turn
    # Order Markers stay secret in a shared terminal.
    assert "Alice: locked in." in text and "Bob: locked in." in text
    assert "Your Order Markers" not in text
    assert "1=syvarris" not in text and "1=marro" not in text  # piped input is echoed hidden too
    assert "Bob: orders (hidden)" in text
    assert "(hide: the output is not a terminal, nothing to clear)" in text  # piped: no escape codes
    assert "\033" not in text
    assert "Initiative:" in text
    assert "face-down marker" in text and "[markers ?" not in text  # status
    # The prompt names whose input is expected.
    assert re.search(r"^\[R1 \w+'s turn: [\w ]+\] \w+> ", text, re.M)
    # A Player Turn ended: its picture is written; so are the 'map' picture and the save file.
    turn = out / "turn-001.png"
    assert f"turn image: {turn}" in text
    assert turn.read_bytes().startswith(PNG)
    assert (out / "map.png").read_bytes().startswith(PNG)
    assert save.exists() and '"log"' in save.read_text()
    assert text.rstrip().endswith("bye")


def test_local_console_undo_and_load(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    script = f"""Alice
Bob
army Finn
Bob: army Grimnak
save {save}
start
undo
y
status
load {save}
quit
"""
    proc = run_bot(["local", "--map", "cobra-facility", "--out", str(tmp_path), "--seed", "1"], script)
    text = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Armies are set." in text
    assert "undone: Alice: start" in text
    assert "Last army standing on COBRA Facility: setup, round 0" in text
    assert f"loaded {save}: 4 commands, setup, round 0" in text


def test_local_console_vs_computer_prompt_choice(tmp_path: Path) -> None:
    script = "Alice\ncomputer\narmy Finn; Syvarris\nstart\nplace-rest\nquit\n"
    proc = run_bot(["local", "--map", "cobra-facility", "--out", str(tmp_path), "--seed", "2"], script)
    text = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Computer fields" in text
    assert "Computer (computer): place-rest" in text
    assert "Computer (computer): orders" in text and "Computer: locked in." in text
    assert "orders 1=" not in text  # the computer's markers are not shown either


def test_demo_two_rounds(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    proc = run_bot(["demo", "--rounds", "2", "--out", str(out), "--seed", "7"])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    turns = [ln for ln in lines if re.match(r"^R\d+ T\d+ \w+:", ln)]
    assert turns, proc.stdout
    assert turns[0].startswith("R1 T1 ")
    assert all(re.match(r"^R[12] ", ln) for ln in turns)
    assert any(ln.startswith("R2 ") for ln in turns)
    assert any(" moves " in ln or " flies " in ln for ln in turns)
    images = sorted(out.glob("turn-*.png"))
    assert len(images) == len(turns)
    assert images[0].name == "turn-001.png" and images[0].read_bytes().startswith(PNG)
    assert any(ln.startswith(("Winner:", "No winner after round 2 ", "The match is a draw")) for ln in lines)
    assert f"images in {out}" in proc.stdout


# ---- in-process console helpers ---------------------------------------------------------------------


class Script:
    """Scripted input for a :class:`Console`: lines to read (then end of input), all output kept."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.out: list[str] = []
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.out.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def write(self, text: str) -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def console(tmp_path: Path, *lines: str, seed: int = 5, screen: bool = False,
            map_id: str = "cobra-facility") -> tuple[Console, Script]:
    script = Script(*lines)
    session = GameSession.create("local", map_id=map_id, seed=seed)
    return Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=screen), script


def started(tmp_path: Path, seed: int = 5) -> tuple[Console, Script]:
    """Alice (Finn) and Bob (Grimnak) seated, placed, orders in, initiative rolled."""
    con, script = console(tmp_path, "Alice", "Bob", seed=seed)  # COBRA Facility: two seats
    assert con.seat_players(False)
    assert not script.lines
    for line in ("army Finn", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest",
                 "orders 1=finn 2=finn 3=finn X=finn", "Bob: orders 1=grimnak 2=grimnak 3=grimnak X=grimnak",
                 "initiative"):
        assert con.handle(line)
    assert con.state.phase is Phase.TURNS
    return con, script


# ---- names and seats ------------------------------------------------------------------------------------


def test_name_problems() -> None:
    assert name_problem("Alice") is None
    assert name_problem("Anne Marie") is None
    assert name_problem("") == "a name is needed"
    assert "command" in (name_problem("status") or "")
    assert "command" in (name_problem("load /tmp/x.json") or "")
    assert "command" in (name_problem("End turn") or "")
    assert "command" in (name_problem("move") or "")
    assert "'/'" in (name_problem("/alice") or "")
    assert "at most" in (name_problem("x" * (NAME_MAX + 1)) or "")
    assert "already" in (name_problem("ALICE", ["Alice"]) or "")
    assert name_problem("a:b") and name_problem("a;b") and name_problem("!!!")


def test_seating_refuses_command_words_and_says_how_to_finish(tmp_path: Path) -> None:
    con, script = console(tmp_path, "status", "load /tmp/x.json", "/alice", "x" * 30, "Alice", "alice", "Bob", "",
                          map_id="practice-field")  # four start zones: up to four players
    assert con.seat_players(False)
    assert [p.name for p in con.state.players] == ["Alice", "Bob"]
    assert script.text.count("please choose another name") == 5
    assert "'status' is a command, not a name" in script.text
    assert "'load' is a command, not a name" in script.text
    assert script.prompts[-1] == "Player 3 name (or 'computer'; empty line to start with 2 players): "


def test_vs_computer_seats_exactly_two(tmp_path: Path) -> None:
    con, script = console(tmp_path, "computer", "Alice", "status", map_id="practice-field")
    assert con.seat_players(True)
    assert [p.name for p in con.state.players] == ["Alice", "Computer"]
    assert con.computer == {"computer"}
    assert "please type your own name" in script.text
    assert script.prompts == ["Player 1 name: "] * 2  # no second or third name asked
    assert "Computer plays against Alice." in script.text


def test_vs_computer_from_the_command_line(tmp_path: Path) -> None:
    proc = run_bot(["local", "--vs-computer", "--map", "practice-field", "--out", str(tmp_path), "--seed", "3"],
                   "Alice\nstatus\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "Player 2" not in proc.stdout and "Player 3" not in proc.stdout
    assert "Computer plays against Alice." in proc.stdout
    assert "  Alice:" in proc.stdout and "  Computer (computer):" in proc.stdout  # status: two seats


# ---- hide -------------------------------------------------------------------------------------------------


def test_hide_clears_screen_and_scrollback_on_a_terminal(tmp_path: Path) -> None:
    con, script = console(tmp_path, screen=True)
    con.cmd_hide()
    text = script.text
    assert "\033[2J" in text and "\033[3J" in text and "\033[H" in text
    assert text.count("\n") >= 40  # the old lines are pushed away too
    assert text.endswith("(screen cleared)")


def test_hide_off_a_terminal_writes_no_escape_codes(tmp_path: Path) -> None:
    con, script = console(tmp_path, screen=False)
    con.cmd_hide()
    assert "\033" not in script.text
    assert "not a terminal" in script.text


# ---- quit and saving --------------------------------------------------------------------------------------


def test_quit_offers_to_save_a_match_under_way(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    script.lines += ["y", ""]
    assert con.handle("quit") is False
    assert "Save before quitting? [y/N] " in script.prompts
    save = tmp_path / "save.json"
    assert f"Save to [{save}]: " in script.prompts
    assert save.exists() and '"log"' in save.read_text()
    assert f"saved to {save}" in script.text


def test_quit_in_setup_does_not_ask(tmp_path: Path) -> None:
    con, script = console(tmp_path, "Alice", "Bob")
    assert con.seat_players(False)
    assert con.handle("quit") is False
    assert not any("Save before" in p for p in script.prompts)


def test_quit_at_end_of_piped_input_does_not_hang(tmp_path: Path) -> None:
    script = ("Alice\nBob\narmy Finn\nBob: army Grimnak\nstart\nplace-rest\nBob: place-rest\nquit\n")
    proc = run_bot(["local", "--map", "cobra-facility", "--out", str(tmp_path), "--seed", "1"], script, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Save before quitting? [y/N]" in proc.stdout
    assert "(end of input) not saved" in proc.stdout
    assert not (tmp_path / "save.json").exists()


# ---- the end-turn hint -----------------------------------------------------------------------------------


def test_hint_when_nothing_is_left_to_do(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    st = con.state
    while st.turn is not None and st.turn.player != "alice":
        assert con.handle("Bob: end-turn")
        st = con.state
    assert st.turn is not None and st.turn.player == "alice"
    con.handle("status")
    assert NOTHING_LEFT not in script.text
    finn = st.figures["finn"]
    reach = reachable_hexes(st, finn)
    step = min(reach, key=lambda h: (reach[h], h))  # a short move, far from Grimnak
    con.handle(f"move finn {st.battlefield.label(step)}")
    assert "finn moves" in script.text.lower() or "moved" in script.text.lower()
    assert script.text.rstrip().endswith(NOTHING_LEFT)


# ---- status wording ----------------------------------------------------------------------------------------


def test_status_writes_wounds_and_face_down_markers_like_the_picture(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    con.state.figures["finn"].wounds = 1
    con.cmd_status()
    text = script.text
    assert re.search(r"finn@\w+ 1/4 wounds", text)
    assert re.search(r"grimnak@\w+\+\w+ life 5", text)  # both spaces of a double-space figure (issue 10)
    assert "face-down marker" in text and "?1" not in text and "[markers" not in text
    revealed = [ln for ln in text.splitlines() if "marker 1" in ln or "markers 1" in ln]
    assert revealed  # the marker of the turn under way is face up


def test_markers_text() -> None:
    from bot.console.text import markers_text as _markers_text

    assert _markers_text(["?1", "?2"]) == "2 face-down markers"
    assert _markers_text(["1", "?1"]) == "marker 1, 1 face-down marker"
    assert _markers_text(["1", "3"]) == "markers 1, 3"


# ---- resume ----------------------------------------------------------------------------------------------


def test_help_documents_resuming() -> None:
    assert "load PATH" in HELP and "resume" in HELP and "--load" in HELP


def test_local_load_option_resumes_without_asking_names(tmp_path: Path) -> None:
    con, _script = started(tmp_path)
    save = tmp_path / "saved.json"
    assert con.cmd_save(str(save))
    log_len = len(con.session.match.log)
    proc = run_bot(["local", "--load", str(save), "--out", str(tmp_path)], "status\nquit\nn\n", timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "name" not in proc.stdout.split("loaded")[0]  # nothing asked before loading
    assert f"loaded {save}: {log_len} commands, turns, round 1" in proc.stdout
    assert "players: Alice, Bob" in proc.stdout
    assert "Last army standing on COBRA Facility: turns, round 1" in proc.stdout


def test_local_load_option_with_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    proc = run_bot(["local", "--load", str(bad), "--out", str(tmp_path)], "")
    assert proc.returncode == 2
    assert f"error: cannot load {bad}" in proc.stdout


# ---- demo rounds ------------------------------------------------------------------------------------------


def test_demo_one_round_is_one_round() -> None:
    proc = run_bot(["demo", "--rounds", "1", "--out", "none", "--seed", "7"])
    assert proc.returncode == 0, proc.stderr
    turns = [ln for ln in proc.stdout.splitlines() if re.match(r"^R\d+ T\d+ ", ln)]
    assert turns and all(ln.startswith("R1 ") for ln in turns)
    assert "No winner after round 1 (stopped early)" in proc.stdout


@pytest.mark.parametrize("rounds", ["0", "-2"])
def test_demo_refuses_no_rounds(rounds: str) -> None:
    proc = run_bot(["demo", "--rounds", rounds, "--out", "none"])
    assert proc.returncode == 2
    assert "--rounds must be 1 or more" in proc.stdout
    assert not re.search(r"^R\d+ T\d+ ", proc.stdout, re.M)


def test_play_refuses_zero_rounds() -> None:
    session = GameSession.create("demo", map_id="cobra-facility", seed=1)
    with pytest.raises(ValueError):
        play(session, rounds=0)


# ---- drafting (DEC-13) -------------------------------------------------------------------------------------


@pytest.fixture
def classic_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 55 cards the library held before issue 14 (``../shared/cards/classic-cards.json``), as the
    only shipped cards: the draft below was written for them (with 280 cards, cheaper and dearer
    cards change every pick)."""
    import json

    from bot.console import views
    from bot.content.cards import CardLibrary
    from bot.game import session as session_module

    source = Path(__file__).resolve().parents[2] / "shared" / "cards" / "classic-cards.json"
    if not source.is_file():
        pytest.skip(f"the classic card list is not present at {source}")
    names = {c["name"] for c in json.loads(source.read_text(encoding="utf-8"))}
    full = session_module.cards()
    classic = CardLibrary()
    classic.add_cards([c for c in full if c.name in names], Path("classic-cards.json"))
    assert len(classic) == 55
    monkeypatch.setattr(session_module, "cards", lambda: classic)
    monkeypatch.setattr(views, "cards", lambda: classic)


@pytest.mark.usefixtures("classic_cards")
def test_local_console_draft_against_the_computer(tmp_path: Path) -> None:
    """The prompt names whose pick it is; the console lists the cards that still fit, with their points;
    the computer picks by itself; a second 'start' begins placement."""
    session = GameSession.create("local", map_id="practice-field", seed=3, fmt={"draft": True, "points": 300})
    script = Script("Alice", "army Finn", "start", "draft Grimnak", "Computer: draft Finn", "draft Xenithrax",
                    "draft pass", "draft Finn", "status", "start")
    con = Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=False)
    assert con.seat_players(True)
    assert "type 'start' to open the draft" in script.text
    con.loop()
    text = script.text
    # 'army' is refused, naming the draft command; 'start' opens the draft with the d20 rolls.
    assert "error: This match drafts its armies one Army Card at a time" in text
    assert "(DEC-13). Use `draft CARD` or `draft pass`." in text  # the console's own form of the commands
    assert "The draft begins. d20 for the first pick: Alice 8, Computer 19. Pick order: Computer, Alice." in text
    # The computer picks first (seed 3), then it is Alice's pick: the prompt and the list say so.
    assert "Computer (computer): draft xenithrax-the-vineweaver" in text
    assert "[draft: Alice's pick, 300 pts left] Alice> " in script.prompts
    hint = next(line for line in script.out if line.startswith("Alice's pick (300 points left). Cards that fit: "))
    assert hint.startswith("Alice's pick (300 points left). Cards that fit: Dumutef Guard (25), Kita (30), ")
    assert "Grimnak (120)" in hint and "EJ-1M (170)" in hint and "Duke" not in hint  # incomplete cards never fit
    assert "Alice drafts Grimnak (120 points): army 120 points, 1 figure; 180 points left." in text
    assert "Computer (computer): draft syvarris" in text
    assert "No Army Card fits Computer's army any more: Computer is out of the draft." in text
    hint = next(line for line in script.out if line.startswith("Alice's pick (180 points left). Cards that fit: "))
    assert "Xenithrax" not in hint and "Grimnak" not in hint  # too dear; already in her army (Unique)
    assert "[draft: Alice's pick, 180 pts left] Alice> " in script.prompts
    # Refusals say why and change nothing.
    # Nobody types for the computer's seat (the rules' own "you are out of the draft" refusal is
    # checked in test_console_qa.test_a_seat_out_of_the_draft_is_refused).
    assert "error: the computer plays Computer's seat and types its own commands" in text
    assert "error: Xenithrax the Vineweaver costs 200 points but your army has only 180 of 300 left" in text
    assert "Alice passes and is out of the draft." in text
    assert "The draft is over: Computer 300 points, Alice 120 points. Placement begins with `start`." in text
    assert "error: The draft is over: starting the match again begins placement (DEC-13). Use `start`." in text
    assert "draft order: Computer, Alice" in text and "Alice (out): Grimnak = 120 pts, 180 left" in text
    assert con.state.phase is Phase.PLACEMENT
    assert [c.card.short for c in con.state.cards.values() if c.owner == "alice"] == ["Grimnak"]


def test_demo_drafts_its_armies_with_the_draft_option() -> None:
    proc = run_bot(["demo", "--draft", "--rounds", "1", "--out", "none", "--seed", "7"])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Last army standing on COBRA Facility, seed 7 (armies drafted)"
    armies = {ln.split(":")[0].strip(): ln.split(":", 1)[1].split(", ") for ln in lines[1:3]}
    assert set(armies) == {"Alice", "Bob"} and all(armies.values())
    assert not set(armies["Alice"]) & set(armies["Bob"])  # the computer prefers cards nobody has taken
    assert any(re.match(r"^R1 T1 \w+:", ln) for ln in lines)
    assert "No winner after round 1 (stopped early)" in proc.stdout
