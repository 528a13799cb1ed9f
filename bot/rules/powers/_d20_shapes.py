"""Shapes of ``d20_trigger`` / ``d20_table`` values, in one place:

- the shapes carried out by modules of their own, which read every parameter themselves
  (:data:`SHAPES`; :mod:`block_d20` asks :func:`own_shape` before its own readings);
- the readings of values that :mod:`block_d20` (which checks a power's values) and the modules that
  carry them out both need, so that neither imports the other:

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
from collections.abc import Callable
from typing import Any

from bot.rules.powers import _terms as terms
from bot.rules.powers import turn_d20_fury as fury
from bot.rules.powers import turn_d20_gaze as gaze
from bot.rules.powers import turn_d20_heal as heal
from bot.rules.powers import turn_frenzy as frenzy
from bot.rules.powers import turn_rod_of_negation as rod
from bot.rules.powers import turn_self_destruct as self_destruct
from bot.rules.powers import turn_spear_summoning as spear
from bot.rules.powers import turn_throw as throw

#: ``(kind, shape name, test of the values)``: each module's shape.
SHAPES: tuple[tuple[str, str, Callable[[dict[str, Any]], bool]], ...] = (
    ("d20_trigger", "frenzy", frenzy.is_frenzy),  # as the card's turn ends: another turn (Frenzy)
    ("d20_table", "heal_table", heal.is_heal_table),  # after moving, at a wounded neighbour (Healing Touch)
    ("d20_table", "fury", fury.is_fury),  # as the card's turn begins: +Attack, +Move (Unleashed Fury)
    ("d20_trigger", "gaze", gaze.is_gaze),  # before moving, a card's Order Markers (Crippling Gaze)
    ("d20_table", "self_destruct", self_destruct.is_self_destruct),  # instead of attacking (Self-Destruct)
    ("d20_trigger", "spear", spear.is_spear),  # after moving, one of yours put next to it (Spear of Summoning)
    ("d20_table", "rod", rod.is_rod),  # as each Player Turn ends, while markers last (Rod of Negation)
    ("d20_trigger", "throw", throw.is_throw),  # after moving, a neighbour thrown (Throw 14)
)


def own_shape(values: dict[str, Any], kind: str) -> str | None:
    """The name of the shape a module of its own carries out for a power of ``kind`` with ``values``,
    or ``None``."""
    return next((name for k, name, test in SHAPES if k == kind and test(values)), None)


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
