"""Every clause of the core-rules areas of the ledger is named by at least one test.

A test names a clause with ``# rule: HS-XXX-NN`` (or in its name or docstring); this test reads
``shared/RULES-LEDGER.md`` and lists the clause IDs that no ``.py`` file under ``tests/`` names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LEDGER = Path(__file__).resolve().parents[2] / "shared" / "RULES-LEDGER.md"
TESTS = Path(__file__).resolve().parent

#: The ledger areas of the core rules and the battlefield's pieces (scenarios and Onslaught are covered elsewhere).
AREAS = (
    "ARMY", "ROUND", "ORDER", "INIT", "TURN", "MOVE", "ENGAGE", "FALL", "FLY", "DOUBLE", "ATTACK", "LOS",
    "HEIGHT", "DICE", "SPECIAL", "EXPLOSION", "LINE", "DESTROY", "VICTORY", "SCORE", "TIMING", "TERRAIN",
    "OBSTACLE", "ROAD", "WALL", "TREE",
    "GLYPH",
    "TREASURE", "TECH",  # issue 12: Treasure Glyphs, Ancient Artifacts, Tech Glyphs
    "DESTRUCT", "LADDER",  # destructible objects and rope ladders (issue 12)
    "SCEN-FOREST-ALL", "SCEN-BRIDGE-MASTER", "SCEN-DUMUTEF-MASTER",  # the Forgotten Forest scenarios (issue 15)
)

_CLAUSE = re.compile(r"^- (HS-(" + "|".join(AREAS) + r")-\d{2})\b", re.MULTILINE)


def ledger_ids(text: str) -> list[str]:
    """The clause IDs of :data:`AREAS` in the ledger's text, in ledger order, each once.

    >>> ledger_ids("- HS-MOVE-04 — Climbing costs ...\\n- HS-SCEN-BOOK-01 — ...\\n- HS-TREE-02 — Five trees")
    ['HS-MOVE-04', 'HS-TREE-02']
    """
    seen: dict[str, None] = {}
    for match in _CLAUSE.finditer(text):
        seen.setdefault(match.group(1), None)
    return list(seen)


def named_in_tests() -> str:
    """The text of every test module except this one."""
    here = Path(__file__).resolve()
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(TESTS.rglob("*.py")) if p.resolve() != here)


def test_the_ledger_ids_are_read_from_its_clause_lines() -> None:
    text = "- HS-ROUND-01 — a\n- HS-ROUND-01 — again\n  - HS-ROUND-09 nested\n- DDO-MOVE-01 — b\n- HS-SCEN-BOOK-01 — c"
    assert ledger_ids(text) == ["HS-ROUND-01"]


def test_every_core_rule_clause_is_named_by_a_test() -> None:
    if not LEDGER.exists():
        pytest.skip(f"{LEDGER} is not here")
    ids = ledger_ids(LEDGER.read_text(encoding="utf-8"))
    assert len(ids) > 100, "the ledger's clause lines were not recognised"
    text = named_in_tests()
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?!\d)", text)]
    by_area: dict[str, list[str]] = {}
    for i in missing:
        by_area.setdefault(i.split("-")[1], []).append(i)
    report = "; ".join(f"{area}: {', '.join(v)}" for area, v in by_area.items())
    assert not missing, f"{len(missing)} of {len(ids)} ledger clauses are named by no test: {report}"
