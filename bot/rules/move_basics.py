"""The shared pieces of movement: the battlefield as the scenario plays it, a figure's move rules
and Move value, who stands where, and which engagements a step leaves (HS-ENGAGE-04..06).

:mod:`bot.rules.move_plan` checks one path, :mod:`bot.rules.move_reach` searches every end,
:mod:`bot.rules.move_routes` picks the way a destination alone names; :mod:`bot.rules.movement`
gathers them.
"""

from __future__ import annotations

from bot.rules import modifiers
from bot.rules.battlefield import Battlefield
from bot.rules.engagement import engaged_at, figure_height
from bot.rules.errors import InvalidCommand
from bot.rules.hexes import Hex
from bot.rules.objects import field_now
from bot.rules.state import Figure, MatchState


def _blocker(state: MatchState, fig: Figure, h: Hex, level: int) -> Figure | None:
    for other in state.figures.values():
        if other is not fig and other.on_battlefield and h in other.hexes and other.level == level:
            return other
    return None


def others_at(state: MatchState, fig: Figure) -> dict[tuple[Hex, int], Figure]:
    occ: dict[tuple[Hex, int], Figure] = {}
    for other in state.figures.values():
        if other is not fig and other.on_battlefield:
            for h in other.hexes:
                occ[(h, other.level)] = other
    return occ


def field_of(state: MatchState) -> Battlefield:
    """The battlefield as the scenario plays it: its terrain variants applied (HS-TERRAIN-25), without
    the destroyed objects (HS-DESTRUCT-01)."""
    # Destroyed objects have left the battlefield (HS-DESTRUCT-01).
    return field_now(state, state.battlefield.with_variants(state.scenario.terrain_variants))


def rules_for(state: MatchState, fig: Figure, power: str | None = None) -> modifiers.MoveRules:
    """How ``fig`` may move, with the special move ``power`` when one is asked for.

    :raises InvalidCommand: when no power of the figure grants the special move asked for.
    """
    rules = modifiers.move_rules(state, fig, power)
    if power is not None and rules.special_move is None:
        raise InvalidCommand(f"{fig.id} has no special move called '{power}'")
    return rules


def allowance(state: MatchState, fig: Figure) -> int:
    """The figure's Move value after modifiers, in spaces (HS-MOVE-03)."""
    return modifiers.move_value(state, fig)


def leaving(state: MatchState, fig: Figure, before: tuple[Hex, ...], before_level: int,
            after: tuple[Hex, ...], after_level: int) -> list[Figure]:
    """Enemies ``fig`` is engaged with at ``before`` but not at ``after`` (HS-ENGAGE-04..06)."""
    h = figure_height(state, fig)
    out = []
    # Dismissive Strider leaves Small and Medium figures freely; asked only of a card whose power
    # names sizes to disengage from (this is called for every step the computer player weighs).
    named = any("disengage_from" in p.values for p in state.card_of(fig).powers)
    rules = modifiers.move_rules(state, fig) if named else None
    sizes = rules is not None and rules.swipes_above is not None
    for other in state.on_battlefield():
        if other is fig or not state.is_enemy(fig, other):
            continue
        if sizes and rules is not None and not modifiers.swipes_from(state, rules, other):
            continue
        oh = figure_height(state, other)
        was = engaged_at(state, before, before_level, h, other.hexes, other.level, oh)
        if was and not engaged_at(state, after, after_level, h, other.hexes, other.level, oh):
            out.append(other)
    return out


#: An enemy as the engagement test needs it: its hexes, base level and Height.
Body = tuple[tuple[Hex, ...], int, int]


def enemy_bodies(state: MatchState, fig: Figure) -> list[Body]:
    """The bodies of every enemy of ``fig`` on the battlefield (for repeated engagement tests)."""
    rules = modifiers.move_rules(state, fig)
    return [(o.hexes, o.level, figure_height(state, o)) for o in state.on_battlefield()
            if o is not fig and state.is_enemy(fig, o) and modifiers.swipes_from(state, rules, o)]


def count_leaving(state: MatchState, foes: list[Body], before: tuple[Hex, ...], before_level: int,
                   after: tuple[Hex, ...], after_level: int, height: int) -> int:
    """How many of ``foes`` a step from ``before`` to ``after`` leaves engaged (:func:`leaving`, counted)."""
    n = 0
    for hexes, level, oh in foes:
        if (engaged_at(state, before, before_level, height, hexes, level, oh)
                and not engaged_at(state, after, after_level, height, hexes, level, oh)):
            n += 1
    return n
