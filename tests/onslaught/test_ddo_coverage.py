"""Every DDO clause of the ledger is named by an Onslaught test or rules case.

A test names a clause with ``# rule: DDO-XXX-NN``; a case names it on its ``rules:`` line. This test
reads ``shared/RULES-LEDGER.md`` and lists the clause IDs no file under ``tests/onslaught/`` names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LEDGER = Path(__file__).resolve().parents[3] / "shared" / "RULES-LEDGER.md"
HERE = Path(__file__).resolve().parent
_CLAUSE = re.compile(r"^- (DDO-[A-Z]+-\d{2})\b", re.MULTILINE)


def ddo_ids(text: str) -> list[str]:
    """The DDO clause IDs of the ledger's text, in ledger order, each once.

    >>> ddo_ids("- DDO-MOVE-03 — orthogonal\\n- HS-MOVE-04 — climb\\n- DDO-MOVE-03 — again")
    ['DDO-MOVE-03']
    """
    return list(dict.fromkeys(m.group(1) for m in _CLAUSE.finditer(text)))


def named() -> str:
    """The text of every Onslaught test module and case file except this module."""
    here = Path(__file__).resolve()
    files = [p for p in sorted(HERE.rglob("*")) if p.suffix in (".py", ".case") and p.resolve() != here]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def uncited() -> list[str]:
    """The DDO clauses that no Onslaught test or case names."""
    text = named()
    return [i for i in ddo_ids(LEDGER.read_text(encoding="utf-8")) if not re.search(re.escape(i) + r"(?!\d)", text)]


def test_ids_are_read_from_clause_lines_only() -> None:
    assert ddo_ids("- DDO-ROUND-01 — a\n  - DDO-ROUND-09 nested\n- GAP-DDO-01 — b") == ["DDO-ROUND-01"]


def test_every_ddo_clause_is_named_by_a_test() -> None:
    if not LEDGER.exists():
        pytest.skip(f"{LEDGER} is not here")
    ids = ddo_ids(LEDGER.read_text(encoding="utf-8"))
    assert len(ids) > 150, "the ledger's DDO clause lines were not recognised"
    assert uncited() == []
