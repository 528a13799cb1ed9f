"""Every Onslaught rules case of ``tests/onslaught/cases/`` passes (format: docs/onslaught-cases.md).

Each case file names the clauses it checks on its ``rules:`` line; this module repeats them below so
that the ledger-coverage test sees them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.onslaught.cases import CaseError, parse_case, run_case
from bot.onslaught.files import load

CASES = Path(__file__).resolve().parent / "cases"
LIBRARY = load()


@pytest.mark.parametrize("path", sorted(CASES.glob("*.case")), ids=lambda p: p.stem)
def test_case_passes(path: Path) -> None:
    case = parse_case(path.read_text(encoding="utf-8"), path.name)
    assert case.rules, f"{path.name} names no clause"
    assert run_case(case, LIBRARY) == []


def test_a_case_that_expects_a_wrong_value_fails_with_the_line() -> None:
    text = "map:\n  ...\nA: Brask@A1\nB: Grell@C1\nactivate: Brask\ndo A: move Brask B1\nexpect: Brask.square=A1\n"
    failures = run_case(parse_case(text, "bad.case"), LIBRARY)
    assert failures == ["bad.case line 7: Brask.square is 'B1', expected 'A1'"]


def test_a_refusal_that_is_accepted_is_a_failure() -> None:
    text = "map:\n  ...\nA: Brask@A1\nB: Grell@C1\nactivate: Brask\nrefuse A: move Brask B1\n"
    assert run_case(parse_case(text, "r.case"), LIBRARY) == ["r.case line 6: 'move Brask B1' was accepted but should be refused"]


def test_unknown_keys_are_format_errors() -> None:
    with pytest.raises(CaseError, match="line 2"):
        parse_case("map:\nwobble: 3\n", "w.case")


def clauses_named_by_cases() -> list[str]:
    """The clause IDs the case files name on their ``rules:`` lines."""
    out: list[str] = []
    for p in sorted(CASES.glob("*.case")):
        out += parse_case(p.read_text(encoding="utf-8"), p.name).rules
    return out
