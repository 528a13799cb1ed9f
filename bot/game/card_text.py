"""Army Cards as text for players: which powers the bot enforces, and a card's line or block as
``cards`` shows it (incomplete cards say what is missing instead of ``Life None``).

A power is *enforced* when the rules core applies it by itself: a special attack the engine
resolves from its numbers alone (``range``, ``attack`` and the shapes it knows,
:mod:`bot.rules.special`), or a power :func:`bot.rules.powers.enforcement` accepts (each building
block checks the parameters it can enforce). Other powers are applied by the players, and
:func:`not_enforced_reason` says why.
"""

from __future__ import annotations

from bot.rules import powers as _powers
from bot.rules.cards import ArmyCard, Power

#: The numbers of a special attack the rules resolve by themselves (HS-SPECIAL-*, HS-EXPLOSION-*,
#: HS-LINE-*); a special attack carrying anything else is resolved only in part.
ROLLED_KEYS = frozenset({"range", "attack", "explosion", "line", "extra_spaces", "lob", "uses", "attacks"})

#: Power kinds whose module predates the card file's parameters, with the values it enforces as
#: written (anything else, such as Counter Strike against every normal attack, is not enforced).
LEGACY_ACCEPTS: dict[str, tuple[dict[str, object], ...]] = {
    "counter_strike": ({}, {"vs": "normal attack from an adjacent figure", "exempt": "Samurai"}),
}

#: The statistics a card line shows, in the order printed on the card.
STATS = ("life", "move", "range", "attack", "defense")


def not_enforced_reason(power: Power) -> str | None:
    """``None`` when the bot applies ``power`` by itself, else why not, in the players' words
    (``"the power kind 'telepathy' is not built yet"``).

    A power without a kind is enforced only as a special attack rolled from its numbers alone
    (:data:`ROLLED_KEYS`); any other power is what :func:`bot.rules.powers.enforcement` says, and a
    kind of :data:`LEGACY_ACCEPTS` no building block checks is enforced only with the values listed.
    """
    if power.kind is None:
        if power.special_numbers is not None and set(power.values) <= ROLLED_KEYS:
            return None  # a special attack rolled from its numbers alone
        return "only part of this power is known, so the rules cannot apply it"
    accepts = LEGACY_ACCEPTS.get(power.kind)
    if accepts is not None and power.kind not in _powers.CHECKS and power.values not in accepts:
        return f"only part of it is enforced ({', '.join(f'{k}: {v}' for k, v in power.values.items())})"
    return _powers.enforcement(power)


def enforced(power: Power) -> bool:
    """Whether the bot applies ``power`` by itself (see the module)."""
    return not_enforced_reason(power) is None


def reasons(card: ArmyCard) -> list[str | None]:
    """One entry per power of ``card``: ``None`` when enforced, else why the players apply it (the
    marks of the card picture, :func:`bot.render.card.render_card`)."""
    return [not_enforced_reason(p) for p in card.powers]


def card_picture(card: ArmyCard) -> bytes:
    """The card's picture as PNG bytes (statistics, points, set, powers marked)."""
    from bot.render.card import card_png

    return card_png(card, reasons(card))


def applied_by_players(card: ArmyCard) -> list[Power]:
    """The powers of ``card`` the players apply themselves (the bot names them when the card acts)."""
    return [p for p in card.powers if not enforced(p)]


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
