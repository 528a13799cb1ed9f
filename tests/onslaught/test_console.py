"""The Onslaught console: whole matches to a winner driven by scripted input, with the initiative
assignment kept secret as Heroscape's Order Markers are (DDO-INIT-06)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

from bot.games.onslaught.console import OnslaughtConsole, main
from bot.games.onslaught.match import OnslaughtMatch
from bot.onslaught.files import load

LIB = load()


class Script:
    """Answers the console's prompts: fixed lines first, then the commands a computer policy would send
    for whichever side the prompt names (through the secret ``assign`` flow)."""

    def __init__(self, first: list[str]) -> None:
        self.first = list(first)
        self.console: OnslaughtConsole | None = None
        self.prompts: list[str] = []
        self.pending_assign = ""

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.first:
            return self.first.pop(0)
        assert self.console is not None
        match = self.console.match
        if "your assignment" in prompt:
            return self.pending_assign
        side = self.console.expected()
        assert side is not None, f"nobody expected at {prompt!r}"
        cmd = match.computer_command(side)
        if cmd.startswith("assign "):
            self.pending_assign = cmd[len("assign "):]
            return "assign"
        return cmd


def run_console(first: list[str], vs_computer: bool, tmp_path: Path, seed: int = 5) -> tuple[int, list[str], OnslaughtConsole]:
    out: list[str] = []
    script = Script(first)
    match = OnslaughtMatch(LIB, "skirmish", seed)
    console = OnslaughtConsole(LIB, match, tmp_path, read=script, write=out.append, tty=False, screen=False)
    script.console = console
    assert console.seat_players(vs_computer)
    code = console.loop()
    return code, out, console


def test_two_people_play_a_match_to_a_winner_and_the_cards_stay_hidden(tmp_path: Path) -> None:
    # rule: DDO-INIT-06, DDO-WIN-02
    first = ["Ann", "Bob", "help", "help move", "status", "legal", "card Brask", "map", "Bob: end", "activate Brask",
             "dance", "Zed: end"]
    code, out, console = run_console(first, False, tmp_path)
    text = "\n".join(out)
    st = console.match.state
    assert code == 0 and st.phase == "over"
    assert re.search(r"Party [AB] \((Ann|Bob)\) wins|draw", text)
    # Every assignment went through the secret prompt: no NAME=CARD of a party in the shared output,
    # only "assign (hidden)" and "locked in".
    assert not re.search(r"\b(Brask|Grell|Vexa|Ysolde)=\d", text)
    assert text.count("assign (hidden)") >= 2 * st.round - 1
    assert "Ann: locked in." in text and "Bob: locked in." in text
    assert "(type 'hide' to clear the screen before the next player assigns)" in text
    # The console commands answered, and bad input changed nothing but said what is right.
    assert "move NAME SQUARE" in text
    assert "error: 'dance' is not an Onslaught command" in text
    assert "error: no player called 'Zed' (players: Ann, Bob)" in text
    assert "error: no character is waiting to activate now" in text or "error: you have no activation to end" in text
    assert "picture: " + str(tmp_path / "map.png") in text and (tmp_path / "map.png").stat().st_size > 10_000
    assert (tmp_path / "activation-001.png").exists() and (tmp_path / "final.png").exists()


def test_against_the_computer_to_a_winner(tmp_path: Path) -> None:
    code, out, console = run_console(["Ann"], True, tmp_path, seed=9)
    text = "\n".join(out)
    assert code == 0 and console.match.state.phase == "over"
    assert "Computer (computer): assign (hidden)" in text
    assert console.match.computer == {"B"}
    assert re.search(r"Computer \(computer\): (activate|move|attack|use|end)", text)
    assert "wins" in text or "draw" in text


def test_prompt_names_round_phase_and_who_types(tmp_path: Path) -> None:
    out: list[str] = []
    answers = iter(["Ann", "Bob", "assign", "Brask=1 Ysolde=3 Merrin=4 Tobbit=7 Kestra=9", "quit"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    console = OnslaughtConsole(LIB, OnslaughtMatch(LIB, "skirmish", 7), None, read=read, write=out.append, tty=False,
                               screen=False)
    assert console.seat_players(False)
    assert console.loop() == 0
    assert "[R1 initiative] Ann> " in prompts and "[R1 initiative] Bob> " in prompts
    assert "(to Ann only) your cards: 1, 3, 4, 7, 9 (Initiative 1 goes face up on one of them); characters: " \
           "Brask, Ysolde, Merrin, Tobbit, Kestra" in out
    assert "bye" in out


def test_save_and_load_resume_the_same_match(tmp_path: Path) -> None:
    match = OnslaughtMatch(LIB, "vault", 3, {"A": "Ann", "B": "Bob"})
    for side in ("B", "A"):
        match.apply(side, match.computer_command(side))
    out: list[str] = []
    console = OnslaughtConsole(LIB, match, None, read=lambda p: "quit", write=out.append, tty=False, screen=False)
    path = tmp_path / "save.json"
    console.cmd_save(str(path))
    console.cmd_load(str(path))
    assert console.match is not match and console.match.log == match.log
    assert console.match.names == {"A": "Ann", "B": "Bob"}
    console.cmd_load(str(tmp_path / "missing.json"))
    assert out[-1].startswith("error: cannot read")


def test_main_refuses_bad_options_with_the_right_ones(tmp_path: Path) -> None:
    said: list[str] = []
    write: Callable[[str], None] = said.append
    args = argparse.Namespace(scenario="nowhere", seed=1, out="none", vs_computer=False, load=None)
    assert main(args, read=lambda p: "quit", write=write) == 2
    assert said == ["error: there is no Onslaught scenario 'nowhere'; scenarios: skirmish, vault"]
    (tmp_path / "file").write_text("x")
    args = argparse.Namespace(scenario=None, seed=1, out=str(tmp_path / "file"), vs_computer=False, load=None)
    assert main(args, read=lambda p: "quit", write=write) == 2
    assert "is a file, not a folder" in said[-1]
