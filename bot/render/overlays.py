"""What happened this turn and what a figure could do: paths, attacks, swipes, falls, losses,
reachable spaces with their cost, and sight lines to targets.

Everything here is read from the events the engine reported (``moved``, ``attack``, ``swipe``,
``fell``, ``destroyed``) and the current state; nothing is changed. Paths and sight lines are
drawn under the tokens, attack lines, results and losses over them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from bot.render import palette as pal
from bot.render import text as tx
from bot.render.figures import TOKEN
from bot.render.layout import MapLayout
from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.state import MatchState

Point = tuple[float, float]
RGB = pal.RGB


def _hexes(value: Any) -> list[Hex]:
    """``[[q, r], ...]`` (or one ``[q, r]``) as hexes."""
    if not value:
        return []
    if isinstance(value[0], int):
        return [Hex(int(value[0]), int(value[1]))]
    return [Hex(int(p[0]), int(p[1])) for p in value]


def positions_at(state: MatchState, events: Sequence[Event]) -> list[dict[str, tuple[Hex, ...]]]:
    """Where each figure stood when each event happened (index-aligned with ``events``).

    A figure stands at the start of its next move, or where it is now, or where it fell.
    """
    now: dict[str, tuple[Hex, ...]] = {f.id: f.hexes for f in state.figures.values() if f.hexes}
    for ev in events:
        if ev.kind == "destroyed" and ev.data.get("at"):
            now[str(ev.data.get("figure"))] = tuple(_hexes(ev.data["at"]))
    out: list[dict[str, tuple[Hex, ...]]] = [{} for _ in events]
    cur = dict(now)
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        out[i] = dict(cur)
        if ev.kind == "moved":
            path = _hexes(ev.data.get("path"))
            fid = str(ev.data.get("figure"))
            if path:
                prev = cur.get(fid, ())
                cur[fid] = (path[0], *prev[1:]) if len(prev) > 1 else (path[0],)
    return out


@dataclass
class Labels:
    """Result boxes placed so far, so that later ones step aside instead of overlapping."""

    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def place(self, x: float, y: float, w: float, h: float,
              line: tuple[Point, Point] | None = None) -> tuple[float, float]:
        """A free spot for a ``w`` x ``h`` box: along ``line`` (from its middle outwards) when
        given, else near ``(x, y)``, a little above or below; ``(x, y)`` when nothing is free."""
        spots: list[Point] = []
        if line is not None:
            (ax, ay), (bx, by) = line
            for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8):
                spots.append((ax + (bx - ax) * t, ay + (by - ay) * t))
        else:
            spots.append((x, y))
        for dy in (0.0, -h * 0.8, h * 0.8, -h * 1.6, h * 1.6):
            for sx, sy in spots:
                box = (sx - w / 2, sy + dy - h / 2, sx + w / 2, sy + dy + h / 2)
                if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in self.boxes):
                    self.boxes.append(box)
                    return sx, sy + dy
        self.boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        return x, y


def result_box(draw: ImageDraw.ImageDraw, lay: MapLayout, placed: Labels, at: Point, big: str, small: str,
               accent: RGB, line: tuple[Point, Point] | None = None) -> None:
    """A dark rounded box with a bold result (``2 wounds``) and an optional small line, placed on
    ``line`` (the attack's) where it covers no token or earlier box."""
    ss = lay.ss
    big_size, small_size = 17 * ss, 12 * ss
    w = max(tx.width(big, big_size, "bold"), tx.width(small, small_size) if small else 0) + 14 * ss
    h = (24 + (15 if small else 0)) * ss
    x, y = placed.place(at[0], at[1], w, h, line)
    draw.rounded_rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), radius=6 * ss, fill=(16, 16, 20, 235),
                           outline=accent, width=2 * ss)
    if small:
        tx.text(draw, (x, y - h / 2 + 12 * ss), big, big_size, pal.INK, weight="bold")
        tx.text(draw, (x, y + h / 2 - 10 * ss), small, small_size, pal.INK_DIM)
    else:
        tx.text(draw, (x, y), big, big_size, pal.INK, weight="bold")


def _shorten(a: Point, b: Point, by: float) -> Point:
    """``b`` moved ``by`` canvas pixels back towards ``a``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy)
    if ln <= by or ln == 0:
        return b
    return (b[0] - dx / ln * by, b[1] - dy / ln * by)


def arrow(draw: ImageDraw.ImageDraw, pts: Sequence[Point], colour: RGB, width: float, *, dashed: bool = False,
          outline: tuple[int, int, int, int] = (0, 0, 0, 170), head: float = 0.0) -> None:
    """A polyline with a dark outline and an arrowhead of size ``head`` at its end."""
    if len(pts) < 2:
        return
    w = max(1, round(width))
    segs: list[tuple[Point, Point]] = []
    if dashed:
        for a, b in zip(pts, pts[1:], strict=False):
            ln = math.hypot(b[0] - a[0], b[1] - a[1])
            n = max(1, int(ln / (w * 4)))
            for i in range(n):
                t0, t1 = i / n, (i + 0.6) / n
                segs.append(((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)))
    tip = pts[-1]
    prev = pts[-2]
    dx, dy = tip[0] - prev[0], tip[1] - prev[1]
    ln = math.hypot(dx, dy) or 1.0
    ux, uy = dx / ln, dy / ln
    body = list(pts)
    if head:
        body[-1] = (tip[0] - ux * head * 0.7, tip[1] - uy * head * 0.7)
    tri = [tip, (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6),
           (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)]
    for ink, extra in ((outline, max(2, round(w * 0.6))), (colour, 0)):
        if dashed:
            for a, b in segs:
                draw.line((a, b), fill=ink, width=w + extra)
        else:
            draw.line(body, fill=ink, width=w + extra, joint="curve")
        if head:
            if extra:
                draw.polygon(tri, fill=ink, outline=ink, width=extra)
            else:
                draw.polygon(tri, fill=ink)


def draw_reach(draw: ImageDraw.ImageDraw, lay: MapLayout, reach: Mapping[Hex, int]) -> None:
    """Tint each reachable space, ring it (dark and bright, visible on snow as on asphalt) and
    print what reaching it costs on a white disc."""
    r = lay.r
    w = max(2, round(r * 0.08))
    for h in reach:
        draw.polygon(lay.corners(h, 0.97), fill=(90, 230, 255, 80))
        pts = lay.corners(h, 0.84)
        draw.line([*pts, pts[0]], fill=(0, 40, 60, 220), width=w + max(2, round(r * 0.08)), joint="curve")
        draw.line([*pts, pts[0]], fill=pal.REACH, width=w, joint="curve")
    for h, cost in reach.items():
        cx, cy = lay.xy(h)
        cy -= r * 0.12
        d = r * 0.3
        draw.ellipse((cx - d, cy - d, cx + d, cy + d), fill=(255, 255, 255), outline=(0, 40, 60), width=max(1, round(r * 0.04)))
        tx.text(draw, (cx, cy), str(cost), r * 0.42, pal.INK_DARK, weight="bold")


def draw_sight(draw: ImageDraw.ImageDraw, lay: MapLayout, src: Point, dst: Sequence[Point]) -> None:
    """Dashed sight lines from the chosen figure to each target."""
    r = lay.r
    for p in dst:
        arrow(draw, [src, _shorten(src, p, r * (TOKEN + 0.3))], pal.TARGET, r * 0.07, dashed=True, head=r * 0.28)


def under_tokens(draw: ImageDraw.ImageDraw, lay: MapLayout, state: MatchState, events: Sequence[Event],
                 colours: Mapping[str, RGB]) -> None:
    """Movement paths: a white line through every space, dots on the way, a ring in the player's
    colour where it began (dashed straight line for a flight)."""
    r = lay.r
    for ev in events:
        if ev.kind != "moved":
            continue
        path = _hexes(ev.data.get("path"))
        if len(path) < 2:
            continue
        fig = state.figures.get(str(ev.data.get("figure")))
        colour = colours.get(fig.controller, pal.INK) if fig else pal.INK
        line_col = pal.PATH
        pts = [lay.xy(h) for h in path]
        end = _shorten(pts[-2], pts[-1], r * (TOKEN + 0.05))
        flew = bool(ev.data.get("flew"))
        w = r * 0.13
        start = pts[0]
        draw.ellipse((start[0] - r * 0.3, start[1] - r * 0.3, start[0] + r * 0.3, start[1] + r * 0.3),
                     outline=(0, 0, 0, 170), width=max(2, round(r * 0.16)))
        draw.ellipse((start[0] - r * 0.3, start[1] - r * 0.3, start[0] + r * 0.3, start[1] + r * 0.3),
                     outline=colour, width=max(2, round(r * 0.09)))
        if flew:
            arrow(draw, [start, end], line_col, w, dashed=True, head=r * 0.38)
        else:
            arrow(draw, [*pts[:-1], end], line_col, w, head=r * 0.38)
            for p in pts[1:-1]:
                d = r * 0.11
                draw.ellipse((p[0] - d, p[1] - d, p[0] + d, p[1] + d), fill=line_col, outline=(0, 0, 0, 190),
                             width=max(1, round(r * 0.04)))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def over_tokens(draw: ImageDraw.ImageDraw, lay: MapLayout, state: MatchState, events: Sequence[Event],
                names: Mapping[str, str], avoid: Sequence[tuple[float, float, float, float]] = ()) -> None:
    """Attack and swipe lines with their results, falls, and an X where a figure was destroyed.

    Result boxes step aside from ``avoid`` (token boxes) and from each other.
    """
    r = lay.r
    where = positions_at(state, events)
    placed = Labels(list(avoid))
    marks: list[tuple[Point, str, RGB, str, tuple[Point, Point] | None]] = []
    for i, ev in enumerate(events):
        pos = where[i]
        if ev.kind in ("attack", "swipe"):
            a = pos.get(str(ev.data.get("attacker")))
            t = pos.get(str(ev.data.get("target")))
            if not a or not t:
                continue
            pa, pt = lay.xy(a[0]), lay.xy(min(t, key=lambda h: h.distance(a[0])))
            wounds = int(ev.data.get("wounds") or 0)
            swipe = ev.kind == "swipe"
            colour: RGB = pal.NAMED["orange"] if swipe else pal.TARGET
            start = _shorten(pt, pa, r * TOKEN * 0.8)
            end = _shorten(pa, pt, r * (TOKEN + 0.08))
            arrow(draw, [start, end], colour, r * 0.1, dashed=swipe, head=r * 0.36)
            big = _plural(wounds, "wound") if wounds else ("missed" if swipe else "blocked")
            if swipe:
                big = "swipe: " + big
                small = ""
            else:
                skulls, shields = ev.data.get("skulls"), ev.data.get("shields")
                small = ""
                if skulls is not None and shields is not None:
                    small = f"{_plural(int(skulls), 'skull')} vs {_plural(int(shields), 'shield')}"
                if ev.data.get("special"):
                    small = f"{ev.data['special']}: {small}" if small else str(ev.data["special"])
            mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            marks.append((mid, big, colour, small, (start, end)))
        elif ev.kind == "fell":
            f = pos.get(str(ev.data.get("figure")))
            if f:
                wounds = int(ev.data.get("wounds") or 0)
                cx, cy = lay.xy(f[0])
                marks.append(((cx, cy + r * 1.1), f"fell {ev.data.get('drop', '?')}: " + _plural(wounds, "wound"),
                              pal.NAMED["orange"], "", None))
        elif ev.kind == "destroyed":
            at = _hexes(ev.data.get("at")) or list(pos.get(str(ev.data.get("figure")), ()))
            fig = state.figures.get(str(ev.data.get("figure")))
            for h in at:
                cross(draw, lay.xy(h), r)
            if at and fig is not None and not fig.on_battlefield:
                cx, cy = lay.xy(at[0])
                tx.text(draw, (cx, cy + r * 0.62), names.get(fig.id, fig.id), r * 0.4, (255, 255, 255),
                        weight="condensed", stroke=max(1, r * 0.06), stroke_fill=(0, 0, 0))
    for at_pt, big, colour, small, line in marks:
        result_box(draw, lay, placed, at_pt, big, small, colour, line)


def cross(draw: ImageDraw.ImageDraw, c: Point, r: float) -> None:
    """A red X with a white outline, where a figure was destroyed."""
    d = r * 0.5
    for ink, w in (((255, 255, 255), r * 0.24), (pal.DESTROYED, r * 0.14)):
        draw.line(((c[0] - d, c[1] - d), (c[0] + d, c[1] + d)), fill=ink, width=max(2, round(w)))
        draw.line(((c[0] - d, c[1] + d), (c[0] + d, c[1] - d)), fill=ink, width=max(2, round(w)))
