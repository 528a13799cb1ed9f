"""Building block ``roll_modifier``: a number added to some d20 rolls of its controller while the
holder is on the battlefield (Berserker Charge Enhancement of Valguard; Eternal Strength of Sonya
Esenwein for Cyprien Esenwein's Chilling Touch).

``values``: ``amount`` (a whole number, negative to subtract), ``applies_to`` "<Power> rolls on
any of your cards" or "<Army Card>'s <Power> rolls". The d20 blocks ask :func:`roll_bonus` as they
roll (``block_d20``, ``block_d20_pick``, ``block_d20_classic``, ``turn_frenzy``, ``turn_d20_fury``); the powers named match by name
(the number after a name, "Frenzy 15", is left out). Every power so named rolls so that higher is
better, so a "may add" is always taken. Rolls the blocks do not make (Treasure Glyph traps, every
d20 roll of a kind of card) say why they are not built.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.rules.powers import _terms as terms
from bot.rules.powers._common import holders
from bot.rules.state import MatchState

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"roll_modifier"})

KIND = "roll_modifier"
#: Powers whose rolls the blocks do not make yet (their enhancement waits for them): none now that
#: Frenzy (turn_frenzy) and Unleashed Fury (turn_d20_fury) are rolled.
_NOT_ROLLED: dict[str, str] = {}


def _name(text: str) -> str:
    return re.sub(r"\s+\d+$", "", terms.norm(text))


def _read(values: dict[str, Any]) -> tuple[str, str | None] | None:
    """``(power name, Army Card name or None for any of yours)`` of ``applies_to``."""
    t = terms.norm(values.get("applies_to", ""))
    m = re.fullmatch(r"(.+?) rolls on any of your cards", t)
    if m:
        return _name(m.group(1)), None
    m = re.fullmatch(r"(.+?)'s (.+?) rolls", t)
    if m:
        return _name(m.group(2)), m.group(1)
    return None


def check_roll_modifier(values: dict[str, Any]) -> str | None:
    """Why a ``roll_modifier`` cannot be enforced, or ``None``."""
    amount = values.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or set(values) - {"amount", "applies_to"}:
        return "a parameter is not understood"
    read = _read(values)
    if read is None:
        return f"changing '{values.get('applies_to')}' is not built yet"
    if read[0] in _NOT_ROLLED:
        return f"the rolls it changes, {_NOT_ROLLED[read[0]]}, are not built yet"
    return None


def roll_bonus(state: MatchState, player: str, power_name: str, card_key: str) -> tuple[int, list[str]]:
    """What ``player``'s roll modifiers add to a d20 roll for the power ``power_name`` of the card
    ``card_key``, and their names."""
    total, names = 0, []
    name = _name(power_name)
    card = state.cards[card_key].card.name.lower() if card_key in state.cards else ""
    seen: set[tuple[str, str]] = set()
    for holder, p in holders(state, KIND):
        if holder.controller != player or (holder.card_key, p.name) in seen or check_roll_modifier(p.values):
            continue
        read = _read(dict(p.values))
        if read is None or read[0] != name or (read[1] is not None and read[1] != card):
            continue
        seen.add((holder.card_key, p.name))  # once per card, however many figures it has
        total += int(p.values["amount"])
        names.append(p.name)
    return total, names


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"roll_modifier": check_roll_modifier}
