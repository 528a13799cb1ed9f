"""Pieces of a map that cannot share a space, checked once the battlefield is built: start zones
that overlap or cover a space nobody can stand on (HS-SETUP: figures are placed on their start
zone's free spaces), two cannons on one space (HS-OBSTACLE-09), and a glyph on a cannon's or a
destructible object's space (a glyph lies on a space figures stand on, HS-GLYPH-01).

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
    """A start zone space that is another zone's too, or that every surface of is under an obstacle."""
    owner: dict[Hex, str] = {}
    for zone, hexes in zones.items():
        for h in hexes:
            if h in owner:
                return (f"start_zones.{zone}", f"{list(h)} is in start zone {owner[h]} too; start zones may not "
                                               "share spaces")
            owner[h] = zone
            if not _standable(bf, h):
                return (f"start_zones.{zone}", f"{list(h)} is covered by the {_what(bf.obstacles_on(h)[0])}; "
                                               "a start zone space must be one a figure can stand on")
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
