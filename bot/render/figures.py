"""The figures layer: player colours, token labels, figure tokens, glyphs.

A figure is a round token in its controller's colour, as large as its hex allows, with a short
bold label (``TV2``: the initials of *Tarn Vikings*, figure 2; ``FIN`` for Finn) above its centre,
wound pips under it and the level it stands on on a dark pill at its bottom edge (the hex's own
level number is hidden under a figure, so the two never read as one number). A double-space
figure is a disc on each of its hexes joined by a narrower band, so that it stays inside its two
hexes; its leading disc (the space ``status`` and the commands name, :attr:`Figure.hex`) carries
the label and pips, its tail disc the level pill in its middle. Figures of the card that is acting get a yellow ring, a
chosen figure a white one and the enemies it can attack a red one.

Tokens are drawn in passes (:func:`draw_tokens`: every shadow, every ring, every body; later
:func:`draw_labels`: every label, pips and level pill), so that a neighbour never covers a
figure's body or label.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.render import palette as pal
from bot.render import text as tx
from bot.render.geometry import Blob
from bot.render.glyph_marks import glyph_mark
from bot.render.layout import MapLayout
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState

RGB = pal.RGB

#: Token radius, in hex radii (the hex's inradius is 0.866).
TOKEN = 0.8
#: Width of a ring around a token, in hex radii.
RING = 0.15
#: How far a token's marks (ring, level pill) reach beyond its centre, in hex radii.
REACH = TOKEN + 0.19
#: Half the width of the band joining a double-space token's two discs, in hex radii: half a hex
#: side, so that the band ends at the corners the two hexes share and stays inside them.
WAIST = 0.5
#: Widest label, in token radii: it stays on its own disc.
LABEL_W = 1.5
#: Radius of a life pip (one row of pips), in hex radii: six fit across a token.
PIP = 0.105
#: Width of the halo of token colour around a label's letters, in hex radii.
HALO = 0.08

_SMALL_WORDS = frozenset({"of", "the", "and", "de"})


def player_colours(state: MatchState) -> dict[str, RGB]:
    """Each player's token colour: their start zone's colour when it names one, else by seat
    (red, blue, green, yellow, ...), never two players alike while colours last."""
    out: dict[str, RGB] = {}
    used: set[str] = set()
    players = sorted(state.players, key=lambda p: (p.seat, p.id))
    for p in players:
        zone = p.zone.lower()
        if zone in pal.NAMED and zone not in used:
            out[p.id] = pal.NAMED[zone]
            used.add(zone)
    for p in players:
        if p.id in out:
            continue
        order = pal.SEAT_ORDER[p.seat % len(pal.SEAT_ORDER):] + pal.SEAT_ORDER[: p.seat % len(pal.SEAT_ORDER)]
        name = next((n for n in order if n not in used), order[0])
        used.add(name)
        out[p.id] = pal.NAMED[name]
    return out


def colour_of(colours: dict[str, RGB], pid: str) -> RGB:
    """``pid``'s colour (grey for someone not at the table)."""
    return colours.get(pid, pal.NAMED["grey"])


def _words(short: str) -> list[str]:
    short = re.sub(r"\(.*?\)", " ", short)
    return [w for w in re.split(r"\s+", short) if any(ch.isalnum() for ch in w)]


def _alnum(word: str) -> str:
    return "".join(ch for ch in word if ch.isalnum())


def card_prefix(short: str, squad: bool) -> str:
    """The letters of a card's token labels: ``Tarn Vikings`` (squad) -> ``TV``, ``Finn`` -> ``FIN``."""
    words = _words(short) or ["?"]
    big = [w for w in words if w.lower() not in _SMALL_WORDS] or words
    if squad:
        if len(big) >= 2:
            return "".join(_alnum(w)[:1] for w in big[:2]).upper()
        return _alnum(big[0])[:2].upper()
    if len(big) >= 2:
        return "".join(_alnum(w)[:1] for w in big[:3]).upper()
    parts = [p for p in big[0].split("-") if p]
    if len(parts) >= 2 and all(p.isalpha() for p in parts):
        return "".join(p[0] for p in parts[:3]).upper()
    return _alnum(big[0])[:3].upper()


def labels(state: MatchState) -> tuple[dict[str, str], dict[str, str]]:
    """Token labels ``{figure id: label}`` and card prefixes ``{card key: prefix}``, all unique."""
    prefixes: dict[str, str] = {}
    taken: set[str] = set()
    for key, cip in state.cards.items():
        card = cip.card
        squad = card.kind == "squad" or (card.figures or 1) > 1
        base = card_prefix(card.short or card.name, squad)
        candidates = [base]
        letters = _alnum("".join(_words(card.short or card.name))).upper()
        if len(letters) > len(base):
            candidates.append(letters[: len(base) + 1])
        candidates += [base + chr(ord("b") + i) for i in range(25)]
        prefix = next((c for c in candidates if c not in taken), base + key)
        taken.add(prefix)
        prefixes[key] = prefix
    out: dict[str, str] = {}
    for key, cip in state.cards.items():
        card = cip.card
        many = card.kind == "squad" or len(cip.figure_ids) > 1
        for i, fid in enumerate(cip.figure_ids):
            if many:
                m = re.search(r"(\d+)$", fid)
                out[fid] = prefixes[key] + (m.group(1) if m else str(i + 1))
            else:
                out[fid] = prefixes[key]
    for fid, fig in state.figures.items():
        out.setdefault(fid, prefixes.get(fig.card_key, "?"))
    return out, prefixes


def _circle(draw: ImageDraw.ImageDraw, c: tuple[float, float], rad: float, **kw: object) -> None:
    draw.ellipse((c[0] - rad, c[1] - rad, c[0] + rad, c[1] + rad), **kw)  # type: ignore[arg-type]


def _shape(draw: ImageDraw.ImageDraw, pts: Sequence[tuple[float, float]], rad: float, waist: float,
           fill: object) -> None:
    """A token's outline filled with ``fill``: a disc of radius ``rad``, or for a double-space
    figure a disc on each hex joined by a band ``waist`` wide on each side of the line between
    them (narrower than the discs, so that the token stays inside its two hexes)."""
    a, b = pts[0], pts[-1]
    _circle(draw, a, rad, fill=fill)
    if a == b:
        return
    _circle(draw, b, rad, fill=fill)
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / ln * waist, dx / ln * waist
    draw.polygon([(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)],
                 fill=fill)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Token:
    """How one figure is drawn: its label, its controller's colour, its card's life, an optional
    ring colour, and its :data:`Place` (shrunk and shifted when it shares a hex)."""

    fig: Figure
    label: str
    colour: RGB
    life: int
    ring: RGB | None = None
    place: Place = (1.0, (0.0, 0.0))


def draw_tokens(draw: ImageDraw.ImageDraw, lay: MapLayout, tokens: Sequence[Token]) -> None:
    """The tokens' shapes, in passes: every shadow, then every ring, then every body and
    lead-end arrow. Neighbours therefore never paint over each other's body (a ring reaching a
    neighbour lies under its body); labels come later, from :func:`draw_labels`."""
    for t in tokens:
        r = lay.r * t.place[0]
        pts = token_points(lay, t.fig, t.place)
        shadow = [(p[0] + r * 0.05, p[1] + r * 0.07) for p in pts]
        _shape(draw, shadow, r * TOKEN, r * WAIST, (0, 0, 0, 110))
    for t in tokens:
        if t.ring is None:
            continue
        r = lay.r * t.place[0]
        pts = token_points(lay, t.fig, t.place)
        for extra, ink in ((RING, (20, 20, 20)), (RING - 0.03, t.ring), (0.03, (20, 20, 20))):
            _shape(draw, pts, r * (TOKEN + extra), r * (WAIST + extra), ink)
        if t.ring == pal.TARGET:
            reticle(draw, pts, r * (TOKEN + RING), r)
    for t in tokens:
        _body(draw, lay, t)


def _body(draw: ImageDraw.ImageDraw, lay: MapLayout, t: Token) -> None:
    r = lay.r * t.place[0]
    rad = r * TOKEN
    pts = token_points(lay, t.fig, t.place)
    _shape(draw, pts, rad, r * WAIST, (255, 255, 255))
    _shape(draw, pts, rad - r * 0.06, r * (WAIST - 0.06), t.colour)


def draw_labels(draw: ImageDraw.ImageDraw, lay: MapLayout, tokens: Sequence[Token]) -> None:
    """Every token's label, wound pips and level pill, after every token shape (and after the
    movement paths), so that no neighbour and no path hides them."""
    for t in tokens:
        r = lay.r * t.place[0]
        pts = token_points(lay, t.fig, t.place)
        c, max_w = label_spot(lay, t.fig, t.place)
        label_token(draw, c, r, t.label, t.colour, max_w=max_w)
        if t.life > 1 or t.fig.wounds:
            pips(draw, c, r, t.life, t.fig.wounds)
        # A single token's level pill sits on its bottom edge; a double-space token's in the
        # middle of its tail disc, which nothing else uses (its bottom edge may touch the lead).
        pill = pts[-1] if len(pts) > 1 else (pts[0][0], pts[0][1] + r * TOKEN)
        level_tag(draw, pill, r, t.fig.level)


def label_spot(lay: MapLayout, fig: Figure, place: Place = (1.0, (0.0, 0.0))) -> tuple[tuple[float, float], float]:
    """Where ``fig``'s label and pips go: the centre of its token (of the lead disc of a
    double-space figure: the space :attr:`Figure.hex` that ``status`` names; its tail disc
    carries the level pill), and the widest the label may be, so that it stays on that disc."""
    pts = token_points(lay, fig, place)
    return pts[0], lay.r * place[0] * TOKEN * LABEL_W


def label_token(draw: ImageDraw.ImageDraw, mid: tuple[float, float], r: float, label: str, body: RGB,
                max_w: float) -> None:
    """A token's label: bold, as large as the token allows, with a contrasting outline and a
    halo of the token's colour that cuts any line drawn across the token."""
    ink = pal.ink_on(body)
    size = r * 0.62
    w = tx.width(label, size, "condensed")
    if w > max_w:
        size *= max_w / w
    edge = pal.darker(body, 0.65) if ink != pal.INK_DARK else pal.lighter(body, 0.6)
    at = (mid[0], mid[1] - r * 0.07)
    tx.text(draw, at, label, size, body, weight="condensed", anchor="ms", stroke=max(2, r * HALO),
            stroke_fill=body)
    tx.text(draw, at, label, size, ink, weight="condensed", anchor="ms", stroke=max(1, r * 0.045), stroke_fill=edge)


def reticle(draw: ImageDraw.ImageDraw, pts: Sequence[tuple[float, float]], inner: float, r: float) -> None:
    """Cross-hair ticks around a target's token (outside its ring), so that a red ring reads as
    "target" on any token colour."""
    a, b = pts[0], pts[-1]
    ln2 = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2
    for c in (a, b) if ln2 else (a,):
        for ux, uy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            p = (c[0] + ux * (inner + r * 0.3), c[1] + uy * (inner + r * 0.3))
            t = 0.0 if not ln2 else max(0.0, min(1.0, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / ln2))
            near = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if math.hypot(p[0] - near[0], p[1] - near[1]) < inner + r * 0.2:
                continue
            q0 = (c[0] + ux * inner, c[1] + uy * inner)
            for ink, w in (((20, 20, 20), r * 0.16), (pal.TARGET, r * 0.09)):
                draw.line((q0, p), fill=ink, width=max(2, round(w)))


def level_tag(draw: ImageDraw.ImageDraw, c: tuple[float, float], r: float, level: int) -> None:
    """The level a figure stands on, on a dark pill with a white edge centred on ``c`` (the bottom
    of its token): unlike the hex's bare level number, which a figure's hex does not show."""
    s = str(level)
    size = r * 0.4
    hw = tx.width(s, size, "condensed") / 2 + r * 0.1
    hh = r * 0.2
    draw.rounded_rectangle((c[0] - hw, c[1] - hh, c[0] + hw, c[1] + hh), radius=hh * 0.8, fill=(16, 16, 20),
                           outline=(255, 255, 255), width=max(1, round(r * 0.03)))
    tx.text(draw, c, s, size, (255, 255, 255), weight="condensed")


def pips(draw: ImageDraw.ImageDraw, c: tuple[float, float], r: float, life: int, wounds: int) -> None:
    """Wound pips under a token's centre: one dot per life point, wounds dark red."""
    n = max(life, wounds)
    per_row = 5 if n > 6 else n
    rows = math.ceil(n / per_row) if per_row else 0
    pr = r * (PIP if rows == 1 else PIP * 0.8)
    gap = pr * 2.3
    for i in range(n):
        row, col = divmod(i, per_row)
        count = min(per_row, n - row * per_row)
        x = c[0] + (col - (count - 1) / 2) * gap
        y = c[1] + r * 0.27 + row * gap
        hurt = i < wounds
        _circle(draw, (x, y), pr + r * 0.025, fill=(255, 255, 255) if hurt else (20, 20, 20))
        _circle(draw, (x, y), pr, fill=pal.DESTROYED if hurt else (255, 255, 255))


def draw_glyph(draw: ImageDraw.ImageDraw, lay: MapLayout, h: Hex, name: str, side: str, occupied: bool) -> None:
    """A glyph: gold disc with a power glyph's initial, teal disc with a treasure glyph's two letters
    (power side, :func:`~bot.render.glyph_marks.glyph_mark`) or violet ``?`` (symbol side).

    Under a figure it becomes a small badge in the hex's upper right.
    """
    r = lay.r
    cx, cy = lay.xy(h)
    letter, fill = glyph_mark(name, side)
    if occupied:
        c = (cx + r * 0.52, cy - r * 0.52)
        rad = r * 0.26
    else:
        c = (cx, cy - r * 0.06)
        rad = r * 0.5
    _circle(draw, c, rad + r * 0.04, fill=(20, 20, 20))
    _circle(draw, c, rad, fill=fill)
    _circle(draw, c, rad * 0.8, outline=pal.darker(fill, 0.35), width=max(1, round(r * 0.03)))
    tx.text(draw, c, letter, rad * (1.15 if len(letter) < 2 else 0.8), pal.ink_on(fill), weight="bold")


def glyph_box(lay: MapLayout, h: Hex) -> tuple[float, float, float, float]:
    """The canvas bounding box of a glyph lying free on ``h``."""
    cx, cy = lay.xy(h)
    rad = lay.r * 0.6
    return (cx - rad, cy - rad, cx + rad, cy + rad)


def blob(lay: MapLayout, fig: Figure, place: Place = (1.0, (0.0, 0.0)), reach: float = REACH) -> Blob:
    """``fig``'s token as a capsule on the canvas: radius ``reach`` hex radii (default: with its
    ring and level pill; :data:`TOKEN` for the disc alone)."""
    pts = token_points(lay, fig, place)
    return (pts[0], pts[-1], lay.r * place[0] * reach)


#: How a token is drawn in its hexes: ``(scale, (dx, dy))``, the shift in hex radii.
Place = tuple[float, tuple[float, float]]

#: A token drawn at full size in the middle of its hexes.
FULL: Place = (1.0, (0.0, 0.0))

#: Shifts of tokens sharing a hex, lowest level first (in hex radii).
_STACK = ((-0.3, 0.26), (0.3, -0.26), (0.3, 0.26), (-0.3, -0.26))


def placements(figs: Sequence[Figure]) -> dict[str, Place]:
    """Tokens of figures that share a hex (under and on a bridge) get smaller and step aside, the
    lower figure down-left, the higher up-right; every other token keeps its full size."""
    by_hex: dict[Hex, list[Figure]] = {}
    for f in figs:
        for h in f.hexes:
            by_hex.setdefault(h, []).append(f)
    out: dict[str, Place] = {}
    for group in by_hex.values():
        if len(group) < 2:
            continue
        for i, f in enumerate(sorted(group, key=lambda f: (f.level, f.id))):
            if f.id not in out:
                out[f.id] = (0.56, _STACK[i % len(_STACK)])
    return out


def token_points(lay: MapLayout, fig: Figure, place: Place = (1.0, (0.0, 0.0))) -> list[tuple[float, float]]:
    """Canvas centres of ``fig``'s token ends (one for a single-space figure)."""
    dx, dy = place[1][0] * lay.r, place[1][1] * lay.r
    return [(x + dx, y + dy) for x, y in (lay.xy(h) for h in fig.hexes)]


def order(figs: Sequence[Figure]) -> list[Figure]:
    """Figures in drawing order: lower levels first, so that a bridge's figure is drawn on top."""
    return sorted(figs, key=lambda f: (f.level, f.id))
