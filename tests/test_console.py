"""The terminal adapters, run as a player would: ``python -m bot local`` with piped input, and
``python -m bot demo``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"


def run_bot(args: list[str], stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, check=False)


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
    assert "error: unknown command 'frobnicate'" in text
    assert "error: figures act only during Player Turns (HS-TURN-02)" in text
    assert text.count("error:") >= 3  # 'move syvarris L2' is refused whoever has the turn
    # Order Markers stay secret in a shared terminal.
    assert "Alice: locked in." in text and "Bob: locked in." in text
    assert "Your Order Markers" not in text
    assert "1=syvarris" not in text and "1=marro" not in text  # piped input is echoed hidden too
    assert "Bob: orders (hidden)" in text
    assert "(screen cleared)" in text
    assert "Initiative:" in text
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
    assert any(" moves " in ln or " flies " in ln for ln in turns)
    images = sorted(out.glob("turn-*.png"))
    assert len(images) == len(turns)
    assert images[0].name == "turn-001.png" and images[0].read_bytes().startswith(PNG)
    assert any(ln.startswith(("Winner:", "No winner", "The match is a draw")) for ln in lines)
    assert f"images in {out}" in proc.stdout
