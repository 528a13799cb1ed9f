"""Enhancements: a figure's power that strengthens friendly figures of one kind standing next to it.

Each is declared in :data:`ENHANCEMENTS` by its power kind and the figures it helps; the power's
``values`` say what they get: ``attack_dice`` (normal attacks), ``defense_dice`` (defense rolls)
and ``range`` (Range, in spaces).

- Orc Warrior Enhancement (Grimnak): friendly Orc Warriors adjacent get +1 attack, +1 defense die.
- Range Enhancement (Deathwalker 9000): friendly Soulborg Guards adjacent get +2 Range.
- Devourer Attack Enhancement (Dumutef Guard): friendly Devourers adjacent get +1 attack die.

Several holders next to one figure each add their bonus; a holder never helps itself.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules import modifiers
from bot.rules.cards import ArmyCard
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.powers._common import friendly, holders, is_a
from bot.rules.state import Figure, MatchState

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"devourer_attack_enhancement", "orc_warrior_enhancement", "range_enhancement"})

#: Power kind -> which figures the enhancement helps.
ENHANCEMENTS: dict[str, Callable[[ArmyCard], bool]] = {
    "orc_warrior_enhancement": lambda c: is_a(c, species="Orc", class_="Warrior"),
    "range_enhancement": lambda c: is_a(c, species="Soulborg", class_="Guard"),
    "devourer_attack_enhancement": lambda c: is_a(c, species="Devourer") or is_a(c, class_="Devourer"),
}


def bonus(state: MatchState, fig: Figure, value: str) -> tuple[int, list[str]]:
    """What enhancements give ``fig`` now for ``value`` (``attack_dice``, ``defense_dice``, ``range``),
    and the names of the powers that give it."""
    total, names = 0, []
    for kind, helps in ENHANCEMENTS.items():
        found = holders(state, kind)
        if not found or not helps(state.card_of(fig)):
            continue
        for holder, power in found:
            n = power.values.get(value, 0)
            if n and friendly(state, holder, fig) and adjacent(state, holder, fig):
                total += n
                names.append(f"{state.card_of(holder).short}'s {power.name}")
    return total, names


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def enhanced_attack(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Extra attack dice for a normal attack (Orc Warrior and Devourer Attack Enhancement)."""
    if ctx.special is not None:
        return None
    n, names = bonus(state, ctx.attacker, "attack_dice")
    return (" + ".join(names), n) if n else None


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def enhanced_defense(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Extra defense dice (Orc Warrior Enhancement)."""
    n, names = bonus(state, ctx.target, "defense_dice")
    return (" + ".join(names), n) if n else None


@modifiers.on_range_value
def enhanced_range(state: MatchState, fig: Figure, value: int) -> int:
    """Extra Range (Deathwalker 9000's Range Enhancement)."""
    return value + bonus(state, fig, "range")[0]
