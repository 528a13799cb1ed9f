"""Powers that change how a figure moves, each a say on :class:`~bot.rules.modifiers.MoveRules`.

- Ghost Walk (Agent Carr, ``ghost_walk``): may move through spaces occupied by any figures.
- Disengage (Agent Carr, Blade Gruts, ``disengage``): never receives leaving-engagement attacks.
- Grapple Gun 25 (Drake, ``grapple_gun``): asked for with ``move drake F7 grapple``; instead of a
  normal move, exactly 1 space, which may be up to ``levels`` levels higher. Everything else is
  a normal move: engagement and leaving-engagement attacks still apply.

Flying (Raelin, Mimring) is the card's ``flying`` keyword, which movement reads itself.
"""

from __future__ import annotations

from bot.rules import modifiers
from bot.rules.modifiers import MoveAnswer, MoveRules
from bot.rules.powers._common import power_of
from bot.rules.state import Figure, MatchState

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"disengage", "ghost_walk", "grapple_gun"})

#: ``move FIG SPACE grapple`` asks for the power of this kind.
GRAPPLE = "grapple"


@modifiers.on_move_rules
def ghost_walk(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Ghost Walk: pass through friends and enemies alike."""
    if power_of(state, fig, "ghost_walk") is None:
        return None
    return MoveAnswer(pass_through_enemies=True, pass_through_friends=True)


@modifiers.on_move_rules
def disengage(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Disengage: no leaving-engagement attacks."""
    if power_of(state, fig, "disengage") is None:
        return None
    return MoveAnswer(takes_swipes=False)


@modifiers.on_move_rules
def grapple_gun(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Grapple Gun 25: when asked for, 1 space only, climbing up to 25 levels at no cost."""
    if rules.request != GRAPPLE:
        return None
    power = power_of(state, fig, "grapple_gun")
    if power is None:
        return None
    return MoveAnswer(special_move=power.name, max_spaces=1, free_climb=power.values.get("levels", 25))
