"""``maps import`` and ``maps show`` from the terminal: one-line messages for a bad ``--out``, bad
numbers, ``--radius`` without ``--area``; ``maps show`` tells what the import left out
(qa1 findings 6, 10, 17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]
BARBICAN = ROOT.parent / "shared" / "maps" / "virtualscape" / "The_West_Barbican_of_Idona_Castle.hsc"
LADDERS = ROOT.parent / "shared" / "maps" / "virtualscape" / "ladders.hsc"

needs_shared = pytest.mark.skipif(not BARBICAN.exists(), reason="shared community maps not present")


@needs_shared
def test_maps_show_prints_what_the_import_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maps", "show", str(BARBICAN), "--png", "none"]) == 0
    out = capsys.readouterr().out
    assert "left out: ladder (tile #183) on [17, 8]: no higher space to hang from at [17, 7]" in out
    assert "not part of the battlefield: 8 figure" in out


@needs_shared
def test_maps_import_to_a_file_or_a_missing_place_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("x")
    assert main(["maps", "import", str(LADDERS), "--out", str(a_file)]) == 2
    assert capsys.readouterr().err.strip() == f"--out {a_file} is a file; --out names the folder the converted maps go to"
    blocked = a_file / "below"
    assert main(["maps", "import", str(LADDERS), "--out", str(blocked)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"cannot write {blocked / 'ladders.json'}: ") and err.count("\n") == 0
    assert err.endswith("--out must name a folder you may write to")


@needs_shared
def test_a_second_import_says_it_replaced_the_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maps", "import", str(LADDERS), "--out", str(tmp_path)]) == 0
    assert "replaced" not in capsys.readouterr().out
    assert main(["maps", "import", str(LADDERS), "--out", str(tmp_path)]) == 0
    assert f"{tmp_path / 'ladders.json'} (replaced the earlier import)" in capsys.readouterr().out


def test_negative_radius_and_zone_size_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["maps", "show", "practice-field", "--area", "F7", "--radius", "-3"])
    assert "expected a whole number of at least 0, got -3" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["maps", "show", "practice-field", "--zone-size", "0"])
    assert "at least 1, got 0" in capsys.readouterr().err


def test_radius_without_area_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maps", "show", "practice-field", "--radius", "3", "--png", "none"]) == 2
    assert "--radius goes with --area" in capsys.readouterr().err
