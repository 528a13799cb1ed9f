"""Where a figure stands among the obstacles: next to a tree, a bush, a glacier (the phrases of the
powers: Rouse the Glade, Glacier Camouflage, Jungle Tracking).

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.rules.hexes import Hex
from bot.rules.state import MatchState
from bot.rules.terrain import ObstacleKind

#: Trees (evergreens, Laur jungle trees); with bushes, the Laur underbrush; jungle pieces.
TREES = frozenset({ObstacleKind.TREE, ObstacleKind.JUNGLE_TREE})
GREENERY = TREES | {ObstacleKind.UNDERBRUSH}
JUNGLE = frozenset({ObstacleKind.JUNGLE_TREE, ObstacleKind.UNDERBRUSH})
#: The words of the phrases, as obstacle kinds.
WORDS: dict[str, frozenset[ObstacleKind]] = {
    "tree": TREES, "tree or bush": GREENERY, "bush": frozenset({ObstacleKind.UNDERBRUSH}),
    "evergreen tree or jungle piece": frozenset({ObstacleKind.TREE}) | JUNGLE,
    "glacier mountain": frozenset({ObstacleKind.GLACIER}), "glacier": frozenset({ObstacleKind.GLACIER}),
}


def next_to_obstacle(state: MatchState, hexes: Iterable[Hex], kinds: frozenset[ObstacleKind]) -> bool:
    """Whether an obstacle of ``kinds`` stands on a space next to ``hexes`` (a figure's spaces) or
    on an edge of one of them."""
    bf = state.battlefield
    body = set(hexes)
    for h in body:
        if any(o.kind in kinds for o in bf.obstacles_touching(h)):
            return True
        if any(n in bf and n not in body and any(o.kind in kinds for o in bf.obstacles_on(n)) for n in h.neighbours()):
            return True
    return False
