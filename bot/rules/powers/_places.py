"""Where a figure stands among the obstacles: next to a tree, a bush, a glacier (the phrases of the
powers: Rouse the Glade, Glacier Camouflage, Jungle Tracking).

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.rules.battlefield import Obstacle
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
    return bool(obstacles_next_to(state, hexes, kinds))


def obstacles_next_to(state: MatchState, hexes: Iterable[Hex], kinds: frozenset[ObstacleKind]) -> list[Obstacle]:
    """The obstacles of ``kinds`` standing on a space next to ``hexes`` (a figure's spaces) or on an
    edge of one of them, each once (Glacier Traverse: "the same Glacier Mountain")."""
    bf = state.battlefield
    body = set(hexes)
    found: dict[int, Obstacle] = {}
    for h in body:
        for o in bf.obstacles_touching(h):
            if o.kind in kinds:
                found.setdefault(id(o), o)
        for n in h.neighbours():
            if n in bf and n not in body:
                for o in bf.obstacles_on(n):
                    if o.kind in kinds:
                        found.setdefault(id(o), o)
    return list(found.values())
