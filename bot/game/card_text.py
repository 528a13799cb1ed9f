"""Army Cards as text for players: which powers the bot enforces, and a card's line or block as
``cards`` shows it (incomplete cards say what is missing instead of ``Life None``).

A power is *enforced* when the rules core applies it by itself: a special attack the engine
resolves from its numbers (``range`` and ``attack``, :mod:`bot.rules.special`), or a power whose
``kind`` is in :data:`bot.rules.powers.ENFORCED_KINDS` (each power module names the kinds it
implements). Other powers are
reference text that the players apply themselves.
"""

from __future__ import annotations

from bot.rules import powers
from bot.rules.cards import ArmyCard, Power

#: The statistics a card line shows, in the order printed on the card.
STATS = ("life", "move", "range", "attack", "defense")


def enforced(power: Power) -> bool:
    """Whether the bot applies ``power`` by itself (see the module)."""
    found = getattr(powers, "enforcement", None)
    if found is not None:
        return found(power) is None
    if "range" in power.values and "attack" in power.values:
        return True
    return power.kind is not None and power.kind in powers.ENFORCED_KINDS


def enforcement(card: ArmyCard) -> str:
    """``"powers enforced"``, ``"1 of 3 powers enforced"``, ``"powers not enforced"`` or ``""``
    (a card without powers)."""
    if not card.powers:
        return ""
    n = sum(enforced(p) for p in card.powers)
    if n == len(card.powers):
        return "powers enforced" if n > 1 else "power enforced"
    if n == 0:
        return "powers not enforced" if len(card.powers) > 1 else "power not enforced"
    return f"{n} of {len(card.powers)} powers enforced"


def stats_text(card: ArmyCard) -> str:
    """``Life 4 Move 5 Range 1 Attack 3 Defense 4``; an incomplete card names what is missing
    instead (``incomplete: Life, Move ... not public``), never ``Life None``."""
    if not card.complete:
        missing = ", ".join(f.capitalize() for f in card.missing_fields())
        return f"incomplete (not public: {missing}; it cannot be fielded)"
    return " ".join(f"{s.capitalize()} {getattr(card, s)}" for s in STATS)


def card_line(card: ArmyCard) -> str:
    """One line for the card list: name, short name, points, figures, statistics, enforcement."""
    n = card.figures
    points = f"{card.points} pts" if card.points is not None else "points unknown"
    figures = f"{n} figure{'' if n == 1 else 's'}" if n is not None else "figures unknown"
    tag = enforcement(card)
    return f"{card.name} ({card.short}): {points}, {figures}, {stats_text(card)}" + (f" [{tag}]" if tag else "")


def card_block(card: ArmyCard) -> list[str]:
    """The lines of one card: its line, height and size, and each power marked enforced or not."""
    head = card_line(card)
    if card.height is not None:
        head += f"; Height {card.height} {card.size or ''}".rstrip()
    if card.base == 2:
        head += "; a double-space figure (see 'help move')"
    lines = [head]
    for p in card.powers:
        mark = "enforced" if enforced(p) else "not enforced: apply it yourselves"
        lines.append(f"  {p.name} ({mark}): {p.text}")
    return lines
