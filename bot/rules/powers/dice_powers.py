"""Powers that change a figure's own attack or defense dice, or what its skulls are worth.

- Sword of Reckoning 4 (Agent Carr, ``sword_of_reckoning``): +``dice`` to a normal attack on an
  adjacent figure.
- Zettian Targeting (Zettian Guards, ``zettian_targeting``): +``dice`` when another figure of the
  same card has already made a normal attack on the same target this turn (the engine lists the
  turn's attacks in ``state.turn.data["attacks"]``).
- Road Strength (Dumutef Guard, ``road_strength``): on a road space (scenario variants applied,
  HS-ROAD-05) +``attack`` to normal attacks and +``defense`` to defense rolls.
- Deadly Shot (Omnicron Snipers, ``deadly_shot``): each skull of its normal attack is worth
  ``hits_per_skull`` hits; shields block one hit each.
"""

from __future__ import annotations

from bot.rules import modifiers
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.movement import field_of
from bot.rules.powers._common import power_of
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"deadly_shot", "road_strength", "sword_of_reckoning", "zettian_targeting"})

@modifiers.on_attack_dice
def sword_of_reckoning(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Carr's Sword of Reckoning 4: +4 dice against an adjacent target."""
    power = power_of(state, ctx.attacker, "sword_of_reckoning")
    if power is None or ctx.special is not None or not adjacent(state, ctx.attacker, ctx.target):
        return None
    return (power.name, power.values.get("dice", 0))


@modifiers.on_attack_dice
def zettian_targeting(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Zettian Targeting: the second Guard to attack the same figure this turn adds 1 die."""
    power = power_of(state, ctx.attacker, "zettian_targeting")
    if power is None or ctx.special is not None or state.turn is None:
        return None
    me = ctx.attacker
    for attacker, target in state.turn.data.get("attacks", ()):
        other = state.figures.get(attacker)
        if target == ctx.target.id and other is not None and other is not me and other.card_key == me.card_key:
            return (power.name, power.values.get("dice", 1))
    return None


def on_road(state: MatchState, fig: Figure) -> bool:
    """True when ``fig`` stands on a road space (any of its spaces, for a double-space figure)."""
    bf = field_of(state)
    return any(bf.terrain(h, fig.level) is Terrain.ROAD for h in fig.hexes)


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def road_strength_attack(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Road Strength: +1 Attack on a road space (normal attacks)."""
    power = power_of(state, ctx.attacker, "road_strength")
    if power is None or ctx.special is not None or not on_road(state, ctx.attacker):
        return None
    return (power.name, power.values.get("attack", 0))


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def road_strength_defense(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Road Strength: +1 Defense on a road space."""
    power = power_of(state, ctx.target, "road_strength")
    if power is None or not on_road(state, ctx.target):
        return None
    return (power.name, power.values.get("defense", 0))


@modifiers.on_hits_per_skull
def deadly_shot(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Deadly Shot: each skull of an Omnicron Sniper's attack counts as 2 hits."""
    power = power_of(state, ctx.attacker, "deadly_shot")
    if power is None or ctx.special is not None:
        return None
    return (power.name, power.values.get("hits_per_skull", 2))
