"""The table of a gathering roll (Elven Summoning Spell of Emirroon): "after move, before attack",
rows "nothing" / "place 1 Elf adjacent" / "place up to N Elves adjacent"; read here so that
:mod:`block_d20` (which checks the values) and :mod:`turn_gather` (which carries them out) share it.
"""

from __future__ import annotations

import re

from bot.rules.powers import _terms as terms

#: No kind of its own.
KINDS: frozenset[str] = frozenset()

_ROW = re.compile(r"place (?:up to )?(\d+) ([a-z]+) adjacent")


def read(window: str, rows: list[tuple[int, int, str]]) -> tuple[tuple[tuple[int, int, int], ...], str] | None:
    """``(((low, high, figures), ...), card word)`` of such a table, else ``None``."""
    if window != "after move, before attack":
        return None
    out, words = [], set()
    for low, high, effect in rows:
        m = _ROW.fullmatch(effect)
        if effect in ("nothing", "no effect"):
            out.append((low, high, 0))
        elif m:
            out.append((low, high, int(m.group(1))))
            words.add(terms.singular(m.group(2)))
        else:
            return None
    return (tuple(out), words.pop()) if len(words) == 1 else None
