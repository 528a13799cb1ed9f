"""Shapes of ``d20_trigger`` / ``d20_table`` values read for :mod:`block_d20` (which checks a power's
values) and the modules that carry them out, so that neither imports the other:

- a borrowed turn's ``target`` "Unique Hero within N clear sight spaces (not a WORD)" (Mind Exchange,
  Enslave: :mod:`turn_borrow`);
- a gathering table "place (up to) N WORDs adjacent" (Elven Summoning Spell: :mod:`turn_gather`);
- a roll at "each WORD adjacent to your ..." whose threshold and effect go by the kind of card
  (Circuitry Overload: :mod:`block_d20_turn`);
- a draining table "destroy one of your WORDs; no attack" / "no effect" / "+N attack" (Stinger
  Drain: :mod:`block_d20_turn`).

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

import re
from typing import Any

from bot.rules.powers import _terms as terms

_TARGET = re.compile(r"unique hero within (\d+) clear sight spaces(?: \(not an? ([a-z' ]+)\))?")
_ROW = re.compile(r"place (?:up to )?(\d+) ([a-z]+) adjacent")


def borrow_target(target: Any) -> tuple[int, str] | None:
    """``(spaces, word of the cards spared or "")`` of a borrowed turn's ``target``, else ``None``."""
    m = _TARGET.fullmatch(" ".join(str(target or "").lower().split()))
    return (int(m.group(1)), m.group(2) or "") if m else None


def gather_table(window: str, rows: list[tuple[int, int, str]]) -> tuple[tuple[tuple[int, int, int], ...], str] | None:
    """``(((low, high, figures), ...), card word)`` of a gathering table, else ``None``."""
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


def by_kind(values: dict[str, Any]) -> tuple[str, dict[str, str]] | None:
    """``(card word, {"squad": effect, "hero": effect})`` of a roll at "each WORD adjacent to your
    ..." whose ``threshold`` and ``effect`` go by the kind of card ("destroy", "1 wound")."""
    effect, threshold = values.get("effect"), values.get("threshold")
    m = re.fullmatch(r"each ([a-z]+) adjacent to your [a-z' ]+", terms.norm(values.get("target", "")))
    if not (m and isinstance(effect, dict) and isinstance(threshold, dict) and set(effect) == set(threshold) == {"squad", "hero"}):
        return None
    if not all(terms.norm(v) in ("destroy", "1 wound") for v in effect.values()) or set(values) != {"window", "threshold", "target", "effect"}:
        return None
    return terms.singular(m.group(1)), {k: terms.norm(v) for k, v in effect.items()}


_DRAIN = re.compile(r"destroy one of your ([a-z]+); no attack")
_MORE = re.compile(r"\+(\d+) attack")


def drain_table(window: str, rows: list[tuple[int, int, str]]) -> tuple[tuple[int, int, str, int], ...] | None:
    """``((low, high, "drain" | "none" | "attack", n), ...)`` of a draining table, else ``None``."""
    if window != "after move, before attack":
        return None
    out = []
    for low, high, effect in rows:
        more = _MORE.fullmatch(effect)
        if _DRAIN.fullmatch(effect):
            out.append((low, high, "drain", 1))
        elif effect in ("no effect", "nothing"):
            out.append((low, high, "none", 0))
        elif more:
            out.append((low, high, "attack", int(more.group(1))))
        else:
            return None
    return tuple(out) if any(k == "drain" for _, _, k, _ in out) else None
