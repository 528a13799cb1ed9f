"""Pieces of a map that cannot share a space, checked once the battlefield is built:
two cannons on one space (HS-OBSTACLE-09), and a glyph on a cannon's or a destructible object's space (a glyph lies on a space figures stand on, HS-GLYPH-01).

Each check returns ``(field, problem)`` for the first clash, worded like the map loader's other
messages, or ``None``; :func:`bot.content.maps.build_battlefield` raises it as a ``MapFileError``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.content.library import item_label
from bot.rules.battlefield import Battlefield, GlyphSpot, Obstacle
from bot.rules.hexes import Hex
from bot.rules.terrain import ObstacleKind

Clash = tuple[str, str]


def _standable(bf: Battlefield, h: Hex) -> bool:
    """Whether some surface of ``h`` is free of obstacles standing on it (HS-OBSTACLE-01)."""
    return any(not bf.blocked(h, c.top) for c in bf.surfaces(h))


def _what(ob: Obstacle) -> str:
    return f"{ob.kind.value.replace('_', ' ')}{f' {ob.id}' if ob.id else ''}"


def zone_clash(bf: Battlefield, zones: Mapping[str, Sequence[Hex]]) -> Clash | None:
    """Nothing, today: start zones may overlap (a scenario names areas, such as a bridge or a third
    player's entry, across the colour zones) and may include spaces under an obstacle (placement and
    the room counted for an army use only the free spaces of a zone, HS-OBSTACLE-01). Kept as the
    one place a zone check belongs."""
    del bf, zones
    return None


def piece_clash(obstacles: Sequence[Obstacle], glyphs: Sequence[GlyphSpot]) -> Clash | None:
    """Two cannons on one space, or a glyph on a cannon's or a destructible object's space."""
    taken: dict[Hex, int] = {}
    for i, ob in enumerate(obstacles):
        if ob.kind is not ObstacleKind.CANNON:
            continue
        for h in ob.hexes:
            if h in taken:
                return (item_label("obstacles", i), f"{list(h)} already holds a cannon "
                                                    f"({item_label('obstacles', taken[h])}); one cannon per space")
            taken[h] = i
    pieces = {h: ob for ob in obstacles if ob.kind in (ObstacleKind.CANNON, ObstacleKind.OBJECT) for h in ob.hexes}
    for i, g in enumerate(glyphs):
        if g.at in pieces:
            return (f"{item_label('glyphs', i)}.at", f"{list(g.at)} holds the {_what(pieces[g.at])}; a glyph lies "
                                                    "on a space figures can stand on")
    return None
