"""What happened this turn and what a figure could do: moves, attacks, swipes, falls, losses,
reachable spaces with their cost, and sight lines to targets.

Everything here is read from the events the engine reported (``moved``, ``attack``, ``swipe``,
``fell``, ``destroyed``) and the current state; nothing is changed. :func:`plan` lays the marks
out first (so that result markers can be placed clear of every token and of each other, and tests
can check it), then the drawing functions follow the plan:

- under the tokens: a faint dashed *ghost* ring where moved figures started (one per space,
  however many figures left it), a Line attack's spaces (Fire Line: from the edge of the
  attacker's space where it starts, as the ``special_roll`` event's ``line`` says), and attack lines (gentle arcs, so that a legal line of sight
  never seems to pass through a figure standing near it);
- over the tokens (:func:`paths`): movement paths (white with a dark outline, so that they read
  on any colour and the moved figure is never hidden); the tokens' labels come next;
- on top (:func:`over_tokens`): each ghost's labels on a small dark plate (``TV1``; ``TV1`` over
  ``TV2``; ``TV1`` over ``+2``), so that paths crossing it never make it unreadable, crosses where figures were
  destroyed, and the result markers, one per target, numbered as its result in the panel
  (:mod:`bot.render.results`), with a leader line when one had to be placed away from it.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from bot.render import geometry as geo
from bot.render import palette as pal
from bot.render import text as tx
from bot.render.figures import REACH, TOKEN
from bot.render.geometry import Blob, Point, Rect
from bot.render.layout import MapLayout
from bot.render.results import Result, Row, draw_marker, place
from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.state import MatchState

RGB = pal.RGB

WOUND_INK: RGB = (255, 120, 108)
BLOCK_INK: RGB = (150, 200, 255)
BLOCKED: RGB = (120, 160, 210)
SWIPE: RGB = pal.NAMED["orange"]


def _hexes(value: Any) -> list[Hex]:
    """``[[q, r], ...]`` (or one ``[q, r]``) as hexes."""
    if not value:
        return []
    if isinstance(value[0], int):
        return [Hex(int(value[0]), int(value[1]))]
    return [Hex(int(p[0]), int(p[1])) for p in value]


#: Events that carry a figure from one space to another, drawn as arrows: moves, and the Rift's pull
#: (a scenario rule, drawn straight from where the figure was to where it went).
MOVING = ("moved", "pulled")


def _path(ev: Event) -> list[Hex]:
    """The spaces an event of :data:`MOVING` took its figure through (``[]`` without any)."""
    if ev.kind == "pulled":
        return _hexes([ev.data["start"], ev.data["at"]]) if ev.data.get("start") and ev.data.get("at") else []
    return _hexes(ev.data.get("path"))


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
        if ev.kind in MOVING:
            path = _path(ev)
            fid = str(ev.data.get("figure"))
            if path:
                prev = cur.get(fid, ())
                cur[fid] = (path[0], *prev[1:]) if len(prev) > 1 else (path[0],)
    return out


# --- the plan ------------------------------------------------------------------------------------

@dataclass
class Move:
    """A figure's move: canvas points from where it started to its token's edge."""

    figure: str
    label: str
    colour: RGB
    pts: list[Point]
    flew: bool
    start: Point  #: the centre of the space it started from
    ghost: bool  #: the figure's first move this turn: show where it started
    last: bool = True  #: its last move this turn (ends in an arrowhead; else a waypoint)


@dataclass
class Ghost:
    """Where moved figures started this turn, one per space: the figures' labels (in the order
    they moved), a colour (their controller's; grey when players differ), and the canvas box of
    its label plate. ``covered``: a token stands there now and hides it (no label is drawn)."""

    at: Point
    labels: list[str]
    colour: RGB
    covered: bool = False
    rect: Rect = (0.0, 0.0, 0.0, 0.0)

    @property
    def lines(self) -> list[str]:
        """What its plate says, one line each: ``[TV1]``, ``[TV1, TV2]``, or ``[TV1, +2]`` when
        more than two figures left the space."""
        return ghost_lines(self.labels)


#: Ghost ring radius and ghost label size, in hex radii.
GHOST_R = TOKEN * 0.62
GHOST_TEXT = 0.36
#: Height of a line of a ghost's plate, in hex radii.
GHOST_LINE = 0.38


def ghost_lines(labels: Sequence[str]) -> list[str]:
    """The lines of a ghost's plate: each label of the figures that left one space, or the first
    and ``+N`` for the others when more than two did (the plate stays inside its hex)."""
    if len(labels) <= 2:
        return list(labels)
    return [labels[0], f"+{len(labels) - 1}"]


@dataclass
class Shot:
    """An attack or swipe line: a gentle arc from the attacker's token edge to the target's."""

    pts: list[Point]
    colour: RGB
    dashed: bool


@dataclass
class Burn:
    """A Line special attack (Fire Line): the attacker's space it starts beside (``origin``)
    and the spaces it covers, nearest first, as the rules computed them (HS-LINE-01)."""

    origin: Hex
    spaces: list[Hex]
    colour: RGB = SWIPE


@dataclass
class Plan:
    """The marks of a turn, laid out: ``tokens`` are the token discs (bodies only) the result
    markers were kept off."""

    moves: list[Move] = field(default_factory=list)
    ghosts: list[Ghost] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    crosses: list[tuple[Point, str]] = field(default_factory=list)
    tokens: list[Blob] = field(default_factory=list)
    burns: list[Burn] = field(default_factory=list)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def plan(lay: MapLayout, state: MatchState, events: Sequence[Event], names: Mapping[str, str],
         colours: Mapping[str, RGB], tokens: Mapping[str, Blob], bodies: Sequence[Blob],
         avoid: Sequence[Rect] = ()) -> Plan:
    """Lay out the marks of ``events`` (public ones only).

    :param tokens: each figure on the battlefield as a capsule with its ring and level pill.
    :param bodies: the token discs alone (what the plan reports as ``tokens``).
    :param avoid: other canvas rectangles result markers keep off (glyphs lying free).
    """
    r = lay.r
    events = [e for e in events if e.to is None]
    where = positions_at(state, events)
    out = Plan(tokens=list(bodies))

    def spot(fid: str, at: tuple[Hex, ...]) -> tuple[Point, Blob]:
        """Where ``fid`` was drawn, standing on ``at``: its token when it still stands there."""
        fig = state.figures.get(fid)
        if fid in tokens and fig is not None and fig.hexes == at:
            b = tokens[fid]
            return ((b[0][0] + b[1][0]) / 2, (b[0][1] + b[1][1]) / 2), b
        pts = [lay.xy(h) for h in at]
        return ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2), (pts[0], pts[-1], r * REACH)

    # Moves, and where the moved figures started (one ghost per space).
    seen: set[str] = set()
    ghosts: dict[Hex, Ghost] = {}
    moved = [e for e in events if e.kind in MOVING and len(_path(e)) >= 2]
    for i, ev in enumerate(moved):
        path = _path(ev)
        fid = str(ev.data.get("figure"))
        fig = state.figures.get(fid)
        pts = [lay.xy(h) for h in path]
        last = not any(str(e.data.get("figure")) == fid for e in moved[i + 1:])
        if not last:
            end: Blob | None = None
        elif fig is not None and fig.on_battlefield and fid in tokens and fig.hexes[0] == path[-1]:
            end = tokens[fid]
            pts[-1] = end[0]
            end = (end[0], end[1], end[2] - r * 0.12)
        else:
            end = (pts[-1], pts[-1], r * TOKEN * 0.6)
        flew = bool(ev.data.get("flew")) or ev.kind == "pulled"
        if flew:
            pts = [pts[0], pts[-1]]
        ghost = fid not in seen
        seen.add(fid)
        start = (pts[0], pts[0], r * GHOST_R) if ghost else None
        ink = colours.get(fig.controller, pal.INK) if fig else pal.INK
        out.moves.append(Move(fid, names.get(fid, fid), ink, geo.trim(pts, start, end), flew, pts[0], ghost, last))
        if ghost:
            spot_ghost = ghosts.get(path[0])
            if spot_ghost is None:
                spot_ghost = ghosts[path[0]] = Ghost(pts[0], [], ink)
            spot_ghost.labels.append(names.get(fid, fid))
            if spot_ghost.colour != ink:
                spot_ghost.colour = pal.NAMED["grey"]
    for g in ghosts.values():
        g.covered = any(geo.blob_point(b, g.at) < 0 for b in bodies)
        gw = max(tx.width(line, r * GHOST_TEXT, "condensed") for line in g.lines) + r * 0.24
        gh = r * (GHOST_LINE * len(g.lines) + 0.12)
        g.rect = (g.at[0] - gw / 2, g.at[1] - gh / 2, g.at[0] + gw / 2, g.at[1] + gh / 2)
        out.ghosts.append(g)

    # Destroyed figures.
    for i, ev in enumerate(events):
        if ev.kind != "destroyed":
            continue
        fid = str(ev.data.get("figure"))
        at = _hexes(ev.data.get("at")) or list(where[i].get(fid, ()))
        fig = state.figures.get(fid)
        for j, h in enumerate(at):
            gone = fig is not None and not fig.on_battlefield and j == 0
            out.crosses.append((lay.xy(h), names.get(fid, fid) if gone else ""))

    # Attacks, swipes and falls, one result per target.
    results: dict[str, Result] = {}
    blobs = list(tokens.values())
    lines: set[tuple[str, str]] = set()  # (attacker, special) of Line attacks: drawn as their spaces
    cannon_at: dict[str, Hex] = {}  # figure firing a cannon -> the cannon's space (HS-OBSTACLE-07)
    for i, ev in enumerate(events):
        pos = where[i]
        d = ev.data
        if ev.kind == "cannon_fire" and _hexes(d.get("at")):
            cannon_at[str(d.get("figure"))] = _hexes(d.get("at"))[0]
        if ev.kind == "special_roll" and d.get("line"):
            course = _hexes(d["line"])
            spaces = [h for h in course[1:] if h in state.battlefield]
            if spaces:
                out.burns.append(Burn(course[0], spaces))
            lines.add((str(d.get("attacker")), str(d.get("special"))))
        elif ev.kind in ("attack", "swipe"):
            aid, tid = str(d.get("attacker")), str(d.get("target"))
            a, t = pos.get(aid), pos.get(tid)
            if not a or not t:
                continue
            pa, ba = spot(aid, a)
            if d.get("special") == "Cannon Fire" and aid in cannon_at:
                # The shot counts from the cannon, not from the figure firing it: drawn from there.
                pa = lay.xy(cannon_at[aid])
                ba = (pa, pa, r * 0.5)
            pt, bt = spot(tid, t)
            swipe = ev.kind == "swipe"
            colour: RGB = SWIPE if swipe else pal.TARGET
            on_line = (aid, str(d.get("special"))) in lines
            if not on_line:  # a Line attack's figures are marked by the line itself
                pts = _arc(lay, pa, pt, ba, (bt[0], bt[1], r * TOKEN * (bt[2] / (r * REACH)) + r * 0.04),
                           [b for b in blobs if b is not ba and b is not bt])
                out.shots.append(Shot(pts, colour, swipe))
            wounds = int(d.get("wounds") or 0)
            what = _plural(wounds, "wound") if wounds else ("missed" if swipe else "blocked")
            small = ""
            if not swipe:
                skulls, shields = d.get("skulls"), d.get("shields")
                if skulls is not None and shields is not None:
                    small = f"{_plural(int(skulls), 'skull')} vs {_plural(int(shields), 'shield')}"
                if d.get("special"):
                    small = f"{d['special']}: {small}" if small else str(d["special"])
            who = f"{names.get(aid, aid)} → {names.get(tid, tid)}: " + ("swipe, " if swipe else "")
            res = results.get(tid)
            if res is None:
                res = results[tid] = Result(tid, pt, bt[2], [], BLOCKED)
            res.rows.append(Row(who, what, WOUND_INK if wounds else BLOCK_INK, small))
            if not on_line:
                res.mids.append(geo.midpoint(pts))
            if wounds:
                res.accent = pal.TARGET
            elif swipe and res.accent == BLOCKED:
                res.accent = SWIPE
        elif ev.kind == "fell":
            fid = str(d.get("figure"))
            f = pos.get(fid)
            if not f:
                continue
            pt, bt = spot(fid, f)
            res = results.get(fid)
            if res is None:
                res = results[fid] = Result(fid, pt, bt[2], [], SWIPE)
            wounds = int(d.get("wounds") or 0)
            res.rows.append(Row(f"{names.get(fid, fid)} fell {d.get('drop', '?')} levels: ", _plural(wounds, "wound"),
                                WOUND_INK if wounds else BLOCK_INK))
            if wounds:
                res.accent = pal.TARGET
        elif ev.kind == "destroyed":
            res = results.get(str(d.get("figure")))
            if res is not None and res.rows:
                res.rows[-1].what += ", destroyed"

    # Place the result markers: lines of moves and shots are soft obstacles, tokens, crosses,
    # other markers and glyphs hard ones.
    hard: list[Rect] = list(avoid)
    for c, _name in out.crosses:
        hard.append((c[0] - r * 0.55, c[1] - r * 0.55, c[0] + r * 0.55, c[1] + r * 0.7))
    lines_drawn = [m.pts for m in out.moves] + [s.pts for s in out.shots]
    lines_drawn += [[lay.xy(b.origin), *(lay.xy(h) for h in b.spaces)] for b in out.burns]
    soft = [(c[0] - r * 0.5, c[1] - r * 0.5, c[0] + r * 0.5, c[1] + r * 0.5)
            for o in state.battlefield.obstacles for c in (lay.xy(h) for h in o.hexes)]
    soft += [g.rect for g in out.ghosts if not g.covered]
    bounds = (r * 0.15, r * 0.15, lay.canvas_map_size[0] - r * 0.15, lay.canvas_map_size[1] - r * 0.15)
    for number, res in enumerate(results.values(), start=1):
        res.number = number
        place(lay, res, blobs, hard, lines_drawn, bounds, soft)
        hard.append(res.rect)
        out.results.append(res)
    return out


def _arc(lay: MapLayout, a: Point, b: Point, start: Blob, end: Blob, others: Sequence[Blob]) -> list[Point]:
    """An arc from ``a`` to ``b`` bowing to the side where it passes fewer tokens, trimmed to the
    attacker's and target's edges. Short arcs bow more, so that a line between neighbours still
    shows outside their tokens."""
    r = lay.r
    ln = math.hypot(b[0] - a[0], b[1] - a[1])
    bend = max(0.85 * r, min(1.1 * r, 0.1 * ln))
    best: list[Point] = []
    best_cost = -1.0
    near = [o for o in others if geo.point_segment(o[0], a, b) < o[2] + bend * 4 + r]
    for k, side in ((1.0, 1.0), (1.0, -1.0), (1.9, 1.0), (1.9, -1.0)):
        pts = geo.curve(a, b, bend * k * side)
        hits = sum(1 for p in pts[2:-2] for o in near if geo.blob_point(o, p) < 0)
        cost = hits + (k - 1.0) * 2.0
        if best_cost < 0 or cost < best_cost:
            best, best_cost = pts, cost
        if hits == 0:
            break
    return geo.trim(best, start, end)


# --- drawing ---------------------------------------------------------------------------------------

def arrow(draw: ImageDraw.ImageDraw, pts: Sequence[Point], colour: RGB, width: float, *, dashed: bool = False,
          outline: tuple[int, int, int, int] = (0, 0, 0, 190), head: float = 0.0) -> None:
    """A polyline with a dark outline and an arrowhead of size ``head`` at its end."""
    if len(pts) < 2:
        return
    w = max(1, round(width))
    tip = pts[-1]
    prev = pts[-2]
    dx, dy = tip[0] - prev[0], tip[1] - prev[1]
    ln = math.hypot(dx, dy) or 1.0
    ux, uy = dx / ln, dy / ln
    body = list(pts)
    if head:
        body[-1] = (tip[0] - ux * head * 0.7, tip[1] - uy * head * 0.7)
    segs = _dashes(body, w * 4.0, w * 2.4) if dashed else []
    tri = [tip, (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6),
           (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)]
    for ink, extra in ((outline, max(2, round(w * 0.7))), (colour, 0)):
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


def _dashes(pts: Sequence[Point], period: float, on: float) -> list[tuple[Point, Point]]:
    """The dashes of a dashed polyline: one every ``period`` along it, ``on`` long."""
    cum = [0.0]
    for a, b in zip(pts, pts[1:], strict=False):
        cum.append(cum[-1] + math.hypot(b[0] - a[0], b[1] - a[1]))
    total = cum[-1]
    if total <= 0 or period <= 0:
        return []

    def at(d: float) -> Point:
        """The point ``d`` along the polyline (clamped to its ends), interpolated linearly."""
        i = max(0, min(len(pts) - 2, bisect.bisect_right(cum, d) - 1))
        ln = cum[i + 1] - cum[i]
        t = 0.0 if ln == 0 else (d - cum[i]) / ln
        return (pts[i][0] + (pts[i + 1][0] - pts[i][0]) * t, pts[i][1] + (pts[i + 1][1] - pts[i][1]) * t)

    out: list[tuple[Point, Point]] = []
    for k in range(math.ceil(total / period)):
        d0, d1 = k * period, min(total, k * period + on)
        run = [at(d0)] + [pts[i] for i in range(1, len(pts) - 1) if d0 < cum[i] < d1] + [at(d1)]
        out.extend(zip(run, run[1:], strict=False))
    return out


def draw_reach(draw: ImageDraw.ImageDraw, lay: MapLayout, reach: Mapping[Hex, int]) -> None:
    """Tint each reachable space, ring it (dark and bright, visible on snow as on asphalt) and
    print what reaching it costs on a cyan diamond: a shape no level mark uses (a space's level
    is a bare number, a figure's a dark pill, an obstacle's height a white disc)."""
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
        d = r * 0.4
        diamond = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
        draw.polygon(diamond, fill=pal.REACH, outline=(0, 40, 60), width=max(1, round(r * 0.05)))
        tx.text(draw, (cx, cy), str(cost), r * 0.4, pal.INK_DARK, weight="bold")


def draw_sight(draw: ImageDraw.ImageDraw, lay: MapLayout, src: Point, dst: Sequence[Point]) -> None:
    """Dashed sight lines from the chosen figure to each target (under the tokens)."""
    r = lay.r
    for p in dst:
        dx, dy = p[0] - src[0], p[1] - src[1]
        ln = math.hypot(dx, dy) or 1.0
        end = (p[0] - dx / ln * r * (TOKEN + 0.22), p[1] - dy / ln * r * (TOKEN + 0.22))
        arrow(draw, [src, end], pal.TARGET, r * 0.07, dashed=True, head=r * 0.28)


def under_tokens(draw: ImageDraw.ImageDraw, lay: MapLayout, p: Plan) -> None:
    """Ghost rings where moved figures started (faint, their labels come later, on top), and
    attack arcs."""
    r = lay.r
    for g in p.ghosts:
        c = g.at
        rad = r * GHOST_R
        draw.ellipse((c[0] - rad, c[1] - rad, c[0] + rad, c[1] + rad), fill=pal.alpha(g.colour, 80))
        _dashed_circle(draw, c, rad, (0, 0, 0, 200), max(2, round(r * 0.11)))
        _dashed_circle(draw, c, rad, (255, 255, 255, 235), max(1, round(r * 0.055)))
    for b in p.burns:
        burn(draw, lay, b)
    for s in p.shots:
        arrow(draw, s.pts, s.colour, r * 0.085, dashed=s.dashed, head=r * 0.32)


def burn(draw: ImageDraw.ImageDraw, lay: MapLayout, b: Burn) -> None:
    """A Line attack: every space it covers tinted and edged in its colour, and one straight
    arrow from the edge of the attacker's space where it starts to the last space's far side."""
    r = lay.r
    for h in b.spaces:
        draw.polygon(lay.corners(h, 0.96), fill=pal.alpha(b.colour, 95))
        pts = lay.corners(h, 0.9)
        draw.line([*pts, pts[0]], fill=pal.alpha(b.colour, 235), width=max(2, round(r * 0.07)), joint="curve")
    o, first, last = lay.xy(b.origin), lay.xy(b.spaces[0]), lay.xy(b.spaces[-1])
    start = ((o[0] + first[0]) / 2, (o[1] + first[1]) / 2)  # the edge between the two spaces
    dx, dy = last[0] - start[0], last[1] - start[1]
    ln = math.hypot(dx, dy) or 1.0
    end = (last[0] + dx / ln * r * 0.7, last[1] + dy / ln * r * 0.7)
    arrow(draw, [start, end], b.colour, r * 0.12, head=r * 0.4)


def _dashed_circle(draw: ImageDraw.ImageDraw, c: Point, rad: float, ink: tuple[int, int, int, int], width: int) -> None:
    box = (c[0] - rad, c[1] - rad, c[0] + rad, c[1] + rad)
    for i in range(10):
        draw.arc(box, i * 36, i * 36 + 22, fill=ink, width=width)


def paths(draw: ImageDraw.ImageDraw, lay: MapLayout, p: Plan) -> None:
    """Movement paths, over the tokens (a path never hides under the figure it passes)."""
    r = lay.r
    for m in p.moves:
        w = r * 0.11
        arrow(draw, m.pts, pal.PATH, w, dashed=m.flew, head=r * 0.36 if m.last else 0.0, outline=(0, 0, 0, 230))
        if not m.flew:
            for q in m.pts[1:] if not m.last else m.pts[1:-1]:
                d = r * 0.09
                draw.ellipse((q[0] - d, q[1] - d, q[0] + d, q[1] + d), fill=pal.PATH, outline=(0, 0, 0, 220),
                             width=max(1, round(r * 0.035)))


def over_tokens(draw: ImageDraw.ImageDraw, lay: MapLayout, p: Plan) -> None:
    """On top of everything (paths and token labels included): ghost labels on dark plates,
    crosses where figures were destroyed, and result markers."""
    r = lay.r
    for g in p.ghosts:
        if not g.covered:
            ghost_label(draw, lay, g)
    for c, name in p.crosses:
        cross(draw, (c[0], c[1] - r * (0.12 if name else 0.0)), r * (0.8 if name else 1.0))
        if name:
            tx.text(draw, (c[0], c[1] + r * 0.5), name, r * 0.36, (255, 255, 255), weight="condensed",
                    stroke=max(1, r * 0.06), stroke_fill=(0, 0, 0))
    for res in p.results:
        draw_marker(draw, lay, res)


def ghost_label(draw: ImageDraw.ImageDraw, lay: MapLayout, g: Ghost) -> None:
    """Who left a space: white labels on a small dark plate edged in their colour, readable
    whatever paths cross the space."""
    r = lay.r
    draw.rounded_rectangle(g.rect, radius=r * 0.12, fill=(16, 16, 20), outline=g.colour,
                           width=max(1, round(r * 0.04)))
    x = (g.rect[0] + g.rect[2]) / 2
    y = (g.rect[1] + g.rect[3]) / 2 - r * GHOST_LINE * (len(g.lines) - 1) / 2
    for i, line in enumerate(g.lines):
        tx.text(draw, (x, y + i * r * GHOST_LINE), line, r * GHOST_TEXT, (255, 255, 255), weight="condensed")


def cross(draw: ImageDraw.ImageDraw, c: Point, r: float) -> None:
    """A red X with a white outline, where a figure was destroyed."""
    d = r * 0.5
    for ink, w in (((255, 255, 255), r * 0.24), (pal.DESTROYED, r * 0.14)):
        draw.line(((c[0] - d, c[1] - d), (c[0] + d, c[1] + d)), fill=ink, width=max(2, round(w)))
        draw.line(((c[0] - d, c[1] + d), (c[0] + d, c[1] - d)), fill=ink, width=max(2, round(w)))
