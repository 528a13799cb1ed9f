"""``python -m bot cases PATH...``: find the case files, run each, print one line per case.

``PASS id`` or ``FAIL id: reason`` per case, then ``N passed, N failed``; exit status 0 only when
every case passed (a folder holding no ``*.json`` is said so, exit 1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from bot.cases.run import run_case


def case_files(paths: Sequence[str | Path]) -> list[Path]:
    """Every ``*.json`` case under the given files and folders, sorted."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.glob("*.json")))
        else:
            out.append(p)
    return out


def main(paths: Iterable[str]) -> int:
    """Run cases and print results; exit status 0 only when every case passed."""
    paths = list(paths)
    files = case_files(paths)
    if not files:
        where = ", ".join(str(p) for p in paths)
        print(f"no case files (*.json; check FORMAT.md) found in {where}")
        return 1
    passed = failed = 0
    for f in files:
        if not f.exists():
            print(f"FAIL {f.name}: {f} does not exist")
            failed += 1
            continue
        cid, ok, reason = run_case(f)
        if ok:
            passed += 1
            print(f"PASS {cid}")
        else:
            failed += 1
            print(f"FAIL {cid}: {reason}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1
