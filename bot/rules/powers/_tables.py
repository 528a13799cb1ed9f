"""Reading a ``table`` of d20 results (``{"1": ..., "2-5": ..., "16+": ...}``) for the d20 table
powers built in modules of their own (:mod:`turn_d20_heal`, :mod:`turn_d20_fury`).

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

E = TypeVar("E")
_RANGE = re.compile(r"(\d+)(?:-(\d+)|(\+))?")


def table_rows(values: dict[str, Any], effect: Callable[[Any], E | None]) -> list[tuple[int, int, E]] | None:
    """``values["table"]`` as ``(low, high, effect)`` rows (``"16+"`` runs to 99), each effect read
    by ``effect``; ``None`` when the table is missing or empty, or a range or an effect is not understood.

    >>> table_rows({"table": {"1": "a", "2-5": "b", "6+": "c"}}, str.upper)
    [(1, 1, 'A'), (2, 5, 'B'), (6, 99, 'C')]
    """
    table = values.get("table")
    if not isinstance(table, dict) or not table:
        return None
    out: list[tuple[int, int, E]] = []
    for key, text in table.items():
        m = _RANGE.fullmatch(str(key).strip())
        eff = effect(text)
        if not m or eff is None:
            return None
        out.append((int(m.group(1)), 99 if m.group(3) else int(m.group(2) or m.group(1)), eff))
    return out


def row_for(rows: list[tuple[int, int, E]], total: int) -> E | None:
    """The effect of the row ``total`` falls in, or ``None``."""
    return next((eff for low, high, eff in rows if low <= total <= high), None)
