"""Every clause of the scenarios (HS-SCEN-BOOK, -RIFT1, -CRIT2, -TROUBLE3, -FOREST, -BRIDGE, -DUMUTEF) is
named by a test; the Rookie ones by the test that shows their refusal (DEC-06)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LEDGER = Path(__file__).resolve().parents[3] / "shared" / "RULES-LEDGER.md"
TESTS = Path(__file__).resolve().parents[1]
#: The book's scenarios and the Forgotten Forest ones (Road to the Forgotten Forest, seed 003).
PREFIXES = ("BOOK", "RIFT1", "CRIT2", "TROUBLE3", "FOREST", "BRIDGE", "DUMUTEF")
_CLAUSE = re.compile(r"^- (HS-SCEN-(?:" + "|".join(PREFIXES) + r")-(?:[A-Z]+-)?\d{2})\b", re.MULTILINE)


def test_every_book_scenario_clause_is_named_by_a_test() -> None:
    if not LEDGER.exists():
        pytest.skip(f"{LEDGER} is not here")
    ids = list(dict.fromkeys(_CLAUSE.findall(LEDGER.read_text(encoding="utf-8"))))
    assert len(ids) > 40, "the ledger's scenario clauses were not recognised"
    here = Path(__file__).resolve()
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(TESTS.rglob("*.py")) if p.resolve() != here)
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?!\d)", text)]
    assert not missing, f"no test names: {', '.join(missing)}"
