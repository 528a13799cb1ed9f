"""The terminal helpers every game's console shares: secret lines hidden in piped transcripts, the
pictures' folder checked."""

from __future__ import annotations

import doctest
from pathlib import Path

import bot.terminal
from bot.terminal import out_problem, read_line


def test_docstring_examples() -> None:
    assert doctest.testmod(bot.terminal).failed == 0


def test_a_secret_command_shows_hidden_and_other_lines_as_typed() -> None:
    said: list[str] = []
    lines = iter(["assign Brask=1", "Bob: assign Grell=2", "move Brask C3", "Zed: assign x"])

    def read(prompt: str) -> str:
        return next(lines)

    def ask() -> str | None:
        return read_line(read, said.append, "> ", secret=False, tty=False, is_seat=lambda h: h == "Bob",
                         secret_verb="assign")

    assert [ask() for _ in range(4)] == ["assign Brask=1", "Bob: assign Grell=2", "move Brask C3", "Zed: assign x"]
    assert said == ["assign (hidden)", "Bob: assign (hidden)", "move Brask C3", "Zed: assign x"]
    said.clear()
    assert read_line(lambda p: "Brask=1", said.append, "> ", secret=True, tty=False, is_seat=lambda h: False,
                     secret_verb="assign") == "Brask=1"
    assert said == ["assign (hidden)"]


def test_end_of_input_is_none() -> None:
    def read(prompt: str) -> str:
        raise EOFError

    assert read_line(read, print, "> ", secret=False, tty=False, is_seat=lambda h: False, secret_verb="x") is None


def test_the_folder_is_made_or_refused(tmp_path: Path) -> None:
    assert out_problem(tmp_path / "new" / "deeper") is None and (tmp_path / "new" / "deeper").is_dir()
    (tmp_path / "file").write_text("x")
    assert out_problem(tmp_path / "file") == f"{tmp_path / 'file'} is a file, not a folder"
