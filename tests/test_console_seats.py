"""Seating in ``local``: every seat the computer's would leave nobody to type ``start`` (qa1 finding
11): the last seat then needs a person, and the message says how to watch the computer play itself."""

from __future__ import annotations

from tests.test_console import run_bot


def test_the_last_seat_needs_a_person_when_the_others_are_computers() -> None:
    proc = run_bot(["local", "--map", "cobra-facility", "--out", "none", "--seed", "1"],
                   "computer\ncomputer\nAnn\nstart\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "this seat needs a person (type your name)" in out
    assert "python -m bot demo" in out
    assert "Ann joins the match" in out and "Computer 2" not in out
    assert "nobody is seated" not in out


def test_an_empty_line_after_only_computers_asks_for_a_person() -> None:
    proc = run_bot(["local", "--out", "none", "--seed", "1"], "computer\ncomputer\n\nAnn\n\n")
    assert proc.returncode == 0, proc.stderr
    assert "this seat needs a person" in proc.stdout
    assert "Ann joins the match" in proc.stdout
