"""A close-up of a turn's action on a big map, for reading on a phone.

A turn picture of a 500-650-space map is about 1600 pixels wide: at a phone's 400 pixels its level
digits, figure labels and cost marks are a few pixels tall. :func:`closeup` cuts the map part of
that picture around the spaces the turn's events name (paths moved, attackers and targets, glyphs
and cannons used) and enlarges it, so the same marks read at phone width; the whole picture stays
the record of the turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image

from bot.render.layout import layout_for
from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.state import MatchState

#: Maps with at least this many spaces get a close-up with each turn picture.
BIG_MAP_SPACES = 400
#: Width in pixels the close-up is enlarged to (at most :data:`MAX_ZOOM` times).
CLOSE_WIDTH = 1000
MAX_ZOOM = 2.5
#: Spaces of map kept around the action on every side.
MARGIN_SPACES = 2.5

_FIGURE_KEYS = ("figure", "attacker", "target", "defender", "carrier")


def _coords(value: object) -> Iterable[Hex]:
    """Hexes written ``[q, r]`` in an event's data (a space or a list of them)."""
    if isinstance(value, list | tuple):
        if len(value) == 2 and all(isinstance(v, int) for v in value):
            yield Hex(int(value[0]), int(value[1]))
        else:
            for v in value:
                yield from _coords(v)


def action_hexes(state: MatchState, events: Sequence[Event]) -> list[Hex]:
    """The spaces a turn's events name: the figures that acted or were attacked (where they stand
    now), the paths moved, and any space (``at``) an event names."""
    out: list[Hex] = []
    for ev in events:
        for key in _FIGURE_KEYS:
            fig = state.figures.get(str(ev.data.get(key, "")))
            if fig is not None and fig.on_battlefield:
                out.extend(fig.hexes)
        for key in ("path", "at"):
            out.extend(_coords(ev.data.get(key)))
    return [h for h in out if h in state.battlefield]


def _onto(lo: float, hi: float, size: int) -> tuple[float, float]:
    """The span ``lo..hi`` moved to lie within ``0..size`` (cut to it when longer)."""
    if lo < 0:
        lo, hi = 0.0, hi - lo
    if hi > size:
        lo, hi = max(0.0, lo - (hi - size)), float(size)
    return lo, hi


def closeup(state: MatchState, events: Sequence[Event], picture: Image.Image) -> Image.Image | None:
    """The part of ``picture`` (a turn picture of ``state``) around the turn's action, enlarged;
    ``None`` for a map under :data:`BIG_MAP_SPACES` spaces or a turn that names no space."""
    bf = state.battlefield
    if len(bf) < BIG_MAP_SPACES:
        return None
    hexes = action_hexes(state, events)
    if not hexes:
        return None
    lay = layout_for(bf)
    points = [lay.center(h) for h in hexes]
    margin = lay.radius * 2 * MARGIN_SPACES
    x0, x1 = min(p[0] for p in points) - margin, max(p[0] for p in points) + margin
    y0, y1 = min(p[1] for p in points) - margin, max(p[1] for p in points) + margin
    # No narrower than the width that enlarges MAX_ZOOM times, and not taller than 3/4 of wide
    # (a phone shows a wide picture at its full width).
    grow_w = max(0.0, CLOSE_WIDTH / MAX_ZOOM - (x1 - x0)) / 2
    x0, x1 = x0 - grow_w, x1 + grow_w
    grow_h = max(0.0, (x1 - x0) * 0.6 - (y1 - y0)) / 2
    y0, y1 = y0 - grow_h, y1 + grow_h
    # A box past the map's edge slides back onto it (clipped only when the map is smaller).
    x0, x1 = _onto(x0, x1, lay.map_w)
    y0, y1 = _onto(y0, y1, lay.map_h)
    box = (round(x0), round(y0), round(x1), round(y1))
    part = picture.crop(box)
    zoom = min(MAX_ZOOM, CLOSE_WIDTH / max(1, part.width))
    if zoom <= 1.05:
        return None  # the action spans the map: the whole picture is the close-up
    return part.resize((round(part.width * zoom), round(part.height * zoom)), Image.Resampling.LANCZOS)
