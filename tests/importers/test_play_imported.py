"""A match on an imported map file through the console: ``local --map FILE`` and ``demo --map FILE``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "maps"
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/maps is not next to this checkout")

SCRIPT = """\
Alice
army Finn; Syvarris
start
place-rest
orders 1=syvarris 2=syvarris 3=syvarris X=finn
initiative
end-turn
end-turn
end-turn
status
quit
n
"""


def _run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=300, check=False)


@needs_shared
def test_local_plays_a_round_on_an_imported_hexoscape_file(tmp_path: Path) -> None:
    path = tmp_path / "heshva.json"
    shutil.copy(SHARED / "hexoscape" / "AoA_2_Heshva_Basin.json", path)
    proc = _run(["local", "--map", str(path), "--vs-computer", "--seed", "5", "--out", "none"], SCRIPT)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("The map has no start zones: proposed red on the west edge and blue on the east edge")
    assert "Last army standing on Heshva Basin" in out
    assert "Round 1 ends." in out and "Round 2" in out


@needs_shared
def test_demo_plays_on_an_imported_virtualscape_file(tmp_path: Path) -> None:
    proc = _run(["demo", "--map", str(SHARED / "virtualscape" / "Rotten_Ice.hsc"), "--rounds", "1",
                 "--out", str(tmp_path)])
    assert proc.returncode == 0, proc.stderr
    assert "Last army standing on Rotten Ice" in proc.stdout
    assert "R1 T1" in proc.stdout and "(stopped early)" in proc.stdout
    assert sorted(p.name for p in tmp_path.glob("turn-*.png"))[:1] == ["turn-001.png"]


def test_an_unreadable_map_file_is_refused_by_the_console(tmp_path: Path) -> None:
    bad = tmp_path / "broken.hsc"
    bad.write_bytes(b"\x00\x01")
    proc = _run(["demo", "--map", str(bad), "--out", "none"])
    assert proc.returncode == 2
    assert "error: broken.hsc: byte 0: expected the document version (a float64) (8 bytes)" in proc.stdout
