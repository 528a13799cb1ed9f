"""``python -m bot cases``: a folder holding no case file says so instead of a bare count."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cases import main


def test_an_empty_folder_says_no_case_files_were_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("not a case")
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out == f"no case files (*.json; check FORMAT.md) found in {tmp_path}\n"
    assert "0 passed" not in out


def test_a_folder_with_cases_still_counts_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "broken.json").write_text("{")
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL broken: ") and out.endswith("0 passed, 1 failed\n")
