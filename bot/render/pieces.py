"""Battlefield pieces whose look depends on the rules' pieces beyond terrain and obstacles: rope
ladders (drawn with the battlefield) and destructible objects' Life left (drawn on each picture).

- A rope ladder is a brown ladder from the edge of its top space into the space below it, with its
  rungs, so that players see where the short way up is (HS-LADDER-*).
- A cannon with an id shows it (``c1``), the name Cannon Fire takes.
- A destructible object shows its id and the Life it has left on a red badge under its symbol
  (``fort1 2/3``); a destroyed one is gone from the picture as it is from the battlefield
  (:func:`bot.rules.movement.field_of` leaves it out, HS-DESTRUCT-01).
- A space whose tile a power changed (Create Water) is drawn as its new terrain (the static layer
  of the battlefield as it is now) with a dashed white ring, so players see it was not on the map.
"""

from __future__ import annotations

from PIL import ImageDraw

from bot.render import text as tx
from bot.render.layout import MapLayout
from bot.rules import objects
from bot.rules.battlefield import Battlefield
from bot.rules.state import MatchState
from bot.rules.terrain import ObstacleKind

LADDER_COLOUR = (120, 74, 36)
CHANGED_RING = (255, 255, 255)
OBJECT_BADGE = (150, 24, 24)


def draw_ladders(draw: ImageDraw.ImageDraw, bf: Battlefield, lay: MapLayout) -> None:
    """Each rope ladder: two rails from the middle of its top space's edge to the middle of the
    space below, with rungs across."""
    r = lay.r
    w = max(1, round(r * 0.06))
    for lad in bf.ladders:
        (ax, ay), (bx, by) = (lay.plane(p) for p in lad.top.edge_with(lad.bottom))
        mx, my = (ax + bx) / 2, (ay + by) / 2
        cx, cy = lay.xy(lad.bottom)
        # The rails run from the edge to the space's middle, 0.36 r apart, across the edge's direction.
        ex, ey = (bx - ax), (by - ay)
        n = (ex * ex + ey * ey) ** 0.5 or 1.0
        ox, oy = ex / n * r * 0.18, ey / n * r * 0.18
        for s in (-1, 1):
            draw.line(((mx + s * ox, my + s * oy), (cx + s * ox, cy + s * oy)), fill=LADDER_COLOUR, width=w * 2)
        for k in range(1, 5):
            t = k / 5
            px, py = mx + (cx - mx) * t, my + (cy - my) * t
            draw.line(((px - ox, py - oy), (px + ox, py + oy)), fill=LADDER_COLOUR, width=w)


def draw_piece_ids(draw: ImageDraw.ImageDraw, bf: Battlefield, lay: MapLayout) -> None:
    """The id of each cannon that has one (``c1``), small above its symbol: the name ``cannon`` and
    ``/cannon`` take (HS-OBSTACLE-04)."""
    r = lay.r
    for o in bf.obstacles:
        if o.kind is ObstacleKind.CANNON and o.id and o.hexes:
            cx, cy = lay.xy(o.hexes[0])
            tx.text(draw, (cx, cy - r * 0.55), o.id, r * 0.3, (255, 255, 255), weight="condensed")


def draw_objects(draw: ImageDraw.ImageDraw, lay: MapLayout, state: MatchState) -> None:
    """Each standing destructible object's id and Life left, on a red badge low on its first space."""
    r = lay.r
    for obj in objects.standing(state):
        if not obj.hexes or obj.hexes[0] not in state.battlefield:
            continue
        cx, cy = lay.xy(obj.hexes[0])
        words = f"{obj.id} {obj.life - obj.wounds}/{obj.life}"
        size = r * 0.3
        bw = tx.width(words, size, "condensed") / 2 + r * 0.08
        bh = r * 0.18
        y = cy + r * 0.34
        draw.rounded_rectangle((cx - bw, y - bh, cx + bw, y + bh), radius=bh * 0.6, fill=OBJECT_BADGE,
                               outline=(255, 255, 255), width=max(1, round(r * 0.03)))
        tx.text(draw, (cx, y), words, size, (255, 255, 255), weight="condensed")


def draw_changed_terrain(draw: ImageDraw.ImageDraw, lay: MapLayout, state: MatchState) -> None:
    """A dashed white ring inside each space whose tile a power changed (``MatchState.terrain_changes``)."""
    w = max(1, round(lay.r * 0.05))
    for h in state.terrain_changes:
        if h not in state.battlefield:
            continue
        pts = lay.corners(h, 0.82)
        for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
            for t0 in (0.0, 0.5):  # two dashes per side
                t1 = t0 + 0.3
                draw.line(((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                           (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)), fill=CHANGED_RING, width=w)
