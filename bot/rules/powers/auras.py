"""Auras: a figure's power that adds dice to the friendly figures around it.

- Attack Aura (Finn, ``attack_aura``): friendly figures adjacent to the holder whose Range is at
  most ``figure_range`` add ``dice`` to their normal attacks.
- Defensive Aura (``defensive_aura``): friendly figures add ``dice`` to their defense rolls when
  adjacent to the holder (Thorgrim), or, when the power has ``spaces``, when within that many
  spaces of the holder and in its clear sight (Raelin, HS-LOS-03). The holder never helps itself.

Auras of different figures add up; a figure's own aura never counts for it.
"""

from __future__ import annotations

from bot.rules import modifiers
from bot.rules.engagement import adjacent
from bot.rules.los import clear_sight
from bot.rules.modifiers import AttackContext
from bot.rules.powers._common import friendly, holders, spaces_between
from bot.rules.state import MatchState

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"attack_aura", "defensive_aura"})

ATTACK_AURA = "attack_aura"
DEFENSIVE_AURA = "defensive_aura"


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def attack_aura(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Finn's Attack Aura 1: +1 die to an adjacent friendly Range-1 figure's normal attack."""
    if ctx.special is not None:
        return None
    fig = ctx.attacker
    total, names = 0, []
    for holder, power in holders(state, ATTACK_AURA):
        reach = power.values.get("figure_range", 1)
        if friendly(state, holder, fig) and state.card_of(fig).stat("range") <= reach and adjacent(state, holder, fig):
            total += power.values.get("dice", 1)
            names.append(f"{state.card_of(holder).short}'s {power.name}")
    return (" + ".join(names), total) if total else None


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def defensive_aura(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Thorgrim's Defensive Aura 1 (adjacent) and Raelin's Defensive Aura (within 4 clear-sight spaces)."""
    fig = ctx.target
    total, names = 0, []
    for holder, power in holders(state, DEFENSIVE_AURA):
        if not friendly(state, holder, fig):
            continue
        spaces = power.values.get("spaces")
        if spaces is None:
            near = adjacent(state, holder, fig)
        else:
            near = spaces_between(holder, fig) <= spaces and clear_sight(state, holder, fig)
        if near:
            total += power.values.get("dice", 1)
            names.append(f"{state.card_of(holder).short}'s {power.name}")
    return (" + ".join(names), total) if total else None
