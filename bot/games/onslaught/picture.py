"""The Onslaught picture: the square-grid map with its minis, and a panel beside it (Pillow).

:func:`picture` draws a :class:`~bot.onslaught.state.GameState` as one party (``"A"``/``"B"``) or the
public (anything else) may see it: elevation, hindering and blocking terrain, barriers, doors (open
or closed), portals, chests, control points, loot and Spike Growth tokens; characters with hit points,
conditions and a ring when bloodied; monsters (2x2 for a large mini); the moves and attacks of the
events given (one activation's); and a panel with the round, victory points, the initiative order as
the viewer may know it (hidden cards stay hidden, DDO-INIT-06) and each mini's hit points, armor
class, speed, cooldown dials, conditions and items. Pure: state and events in, an image out.
"""

from __future__ import annotations

import io
import math
from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from bot.onslaught.events import Event
from bot.onslaught.grid import Square, name
from bot.onslaught.match import visible_initiative
from bot.onslaught.state import MONSTERS, READY, GameState, Mini
from bot.render.text import RGB, font, text

#: Side of one square and the margin holding the column letters and row numbers, in pixels.
CELL, MARGIN = 64, 26
#: Width of the panel on the right, in pixels.
PANEL = 430
#: Panel line height for body text, in pixels.
LINE = 17

BACKGROUND: RGB = (244, 240, 230)
INK: RGB = (34, 30, 26)
SOFT: RGB = (110, 100, 88)
GRID: RGB = (150, 140, 122)
#: Floor colour per elevation level (higher = darker); levels beyond the list use the last one.
LEVELS: tuple[RGB, ...] = ((226, 219, 196), (203, 188, 150), (178, 158, 114), (152, 128, 88))
HINDER: RGB = (96, 132, 62)
BLOCK: RGB = (72, 68, 64)
BARRIER: RGB = (30, 24, 20)
DOOR: RGB = (128, 74, 30)
PORTAL: RGB = (134, 70, 196)
CHEST: RGB = (150, 98, 38)
GOLD: RGB = (214, 170, 40)
#: Token colours of party A, party B and the monsters.
SIDE_COLOUR: dict[str, RGB] = {"A": (46, 96, 168), "B": (176, 46, 46), MONSTERS: (58, 112, 60)}
BLOODIED: RGB = (220, 30, 30)
ACTIVE: RGB = (255, 208, 40)
HIT: RGB = (204, 24, 24)
MISS: RGB = (120, 120, 120)
#: Condition token colours (fading ones are drawn with a dashed edge on the map).
CONDITION_COLOUR: dict[str, RGB] = {
    "dazed": (230, 160, 30), "slowed": (70, 140, 200), "invisible": (170, 170, 190), "stunned": (240, 200, 0),
    "rooted": (110, 80, 40), "weakened": (150, 110, 160), "cursed": (90, 20, 110), "marked": (220, 60, 60),
    "taunted": (230, 90, 20), "wolf": (120, 110, 100),
}


def _xy(sq: Square) -> tuple[int, int]:
    """Top-left pixel of a square."""
    return MARGIN + sq[0] * CELL, MARGIN + sq[1] * CELL


def _centre(squares: Sequence[Square]) -> tuple[float, float]:
    """Pixel centre of one square or of a 2x2 footprint."""
    xs = [_xy(s)[0] + CELL / 2 for s in squares]
    ys = [_xy(s)[1] + CELL / 2 for s in squares]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _hatch(d: ImageDraw.ImageDraw, sq: Square, colour: RGB, step: int = 10, width: int = 2) -> None:
    """Diagonal hatching inside a square (hindering terrain)."""
    x0, y0 = _xy(sq)
    for k in range(-CELL, CELL, step):
        a = (x0 + max(0, k), y0 + max(0, -k))
        b = (x0 + min(CELL, CELL + k), y0 + min(CELL, CELL - k))
        if a[0] < b[0]:
            d.line([a, b], fill=colour, width=width)


def _edge_line(a: Square, b: Square) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two end points of the side between orthogonally adjacent squares."""
    (x1, y1), (x2, y2) = sorted((a, b))
    if x1 == x2:  # one above the other: a horizontal side
        y = MARGIN + y2 * CELL
        return (MARGIN + x1 * CELL, y), (MARGIN + (x1 + 1) * CELL, y)
    x = MARGIN + x2 * CELL
    return (x, MARGIN + y1 * CELL), (x, MARGIN + (y1 + 1) * CELL)


def draw_map(d: ImageDraw.ImageDraw, st: GameState) -> None:
    """Floor, terrain, grid, coordinates, barriers, doors, portals and the tokens on the map."""
    mp = st.map
    for y in range(mp.height):
        for x in range(mp.width):
            sq = (x, y)
            x0, y0 = _xy(sq)
            level = st.elevation(sq)
            d.rectangle([x0, y0, x0 + CELL, y0 + CELL], fill=LEVELS[min(level, len(LEVELS) - 1)])
            if mp.terrain.get(sq) == "blocking":
                d.rectangle([x0, y0, x0 + CELL, y0 + CELL], fill=BLOCK)
                _hatch(d, sq, (98, 94, 88), step=12, width=3)
            elif st.hindering(sq):
                _hatch(d, sq, HINDER)
            if level and mp.terrain.get(sq) != "blocking":
                text(d, (x0 + 4, y0 + 3), f"▲{level}", 10, (128, 112, 84), weight="bold", anchor="la")
    for y in range(mp.height + 1):
        d.line([(MARGIN, MARGIN + y * CELL), (MARGIN + mp.width * CELL, MARGIN + y * CELL)], fill=GRID, width=1)
    for x in range(mp.width + 1):
        d.line([(MARGIN + x * CELL, MARGIN), (MARGIN + x * CELL, MARGIN + mp.height * CELL)], fill=GRID, width=1)
    for x in range(mp.width):
        text(d, (MARGIN + x * CELL + CELL / 2, MARGIN / 2), chr(ord("A") + x), 14, INK, weight="bold")
    for y in range(mp.height):
        text(d, (MARGIN / 2, MARGIN + y * CELL + CELL / 2), str(y + 1), 14, INK, weight="bold")
    for cp in st.scenario.control_points:
        x0, y0 = _xy(cp)
        d.rectangle([x0 + 3, y0 + 3, x0 + CELL - 3, y0 + CELL - 3], outline=GOLD, width=4)
        text(d, (x0 + CELL - 5, y0 + 4), "CP", 11, (150, 110, 10), weight="bold", anchor="ra")
    for wall in mp.barriers:
        a, b = sorted(wall)
        d.line(_edge_line(a, b), fill=BARRIER, width=7)
    for door, side in sorted(mp.doors.items()):
        a, b = sorted(side)
        p, q = _edge_line(a, b)
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        if door in st.open_doors:
            d.line([p, q], fill=(236, 220, 190), width=9)
            d.line([p, q], fill=DOOR, width=2)
            label = f"{door} open"
        else:
            d.line([p, q], fill=DOOR, width=11)
            label = door
        text(d, mid, label, 11, (255, 255, 255), weight="bold", stroke=2, stroke_fill=DOOR)
    for pid, pair in sorted(mp.portals.items()):
        for sq in pair:
            cx, cy = _centre([sq])
            d.ellipse([cx - 26, cy - 26, cx + 26, cy + 26], outline=PORTAL, width=4)
            d.ellipse([cx - 19, cy - 19, cx + 19, cy + 19], outline=(186, 140, 230), width=2)
            text(d, (cx, cy - 19), f"portal {pid}", 10, PORTAL, weight="bold", stroke=2, stroke_fill=(255, 255, 255))
    for sq in st.chests:
        x0, y0 = _xy(sq)
        box = [x0 + 16, y0 + 22, x0 + CELL - 16, y0 + CELL - 16]
        d.rounded_rectangle(box, radius=4, fill=CHEST, outline=INK, width=2)
        d.line([(box[0], box[1] + 9), (box[2], box[1] + 9)], fill=GOLD, width=3)
        d.rectangle([x0 + CELL / 2 - 3, box[1] + 6, x0 + CELL / 2 + 3, box[1] + 13], fill=GOLD)
    for sq in st.spikes:
        x0, y0 = _xy(sq)
        for k in range(4):
            bx = x0 + 8 + k * 12
            d.polygon([(bx, y0 + CELL - 10), (bx + 6, y0 + 12), (bx + 12, y0 + CELL - 10)], fill=(60, 120, 40), outline=INK)


def draw_loot(d: ImageDraw.ImageDraw, st: GameState) -> None:
    """Loot tokens on the map (dropped by defeated characters, DDO-LOOT-08), over any mini there: the
    token's symbol when one lies face up alone, ``?`` face down, else how many there are."""
    for sq, tokens in sorted(st.map_loot.items()):
        if not tokens:
            continue
        x0, y0 = _xy(sq)
        shown = (tokens[0][0] if tokens[0][1] else "?") if len(tokens) == 1 else str(len(tokens))
        d.ellipse([x0 + CELL - 24, y0 + CELL - 24, x0 + CELL - 3, y0 + CELL - 3], fill=(238, 214, 150), outline=CHEST, width=2)
        text(d, (x0 + CELL - 13.5, y0 + CELL - 13.5), shown, 10, INK, weight="bold")


def _short(mini: Mini) -> str:
    """The label inside a token: the name, cut to 7 characters keeping a monster's number (``Gloomr1``)."""
    digits = "".join(ch for ch in mini.name if ch.isdigit())
    letters = "".join(ch for ch in mini.name if not ch.isdigit())
    return letters[: 7 - len(digits)] + digits


def draw_minis(d: ImageDraw.ImageDraw, st: GameState) -> None:
    """Every mini: a coloured token with its name, hit points, conditions; defeated characters greyed."""
    acting = st.activation.mini if st.activation else st.awaiting
    fallen: dict[Square, list[str]] = {}
    for m in st.minis.values():
        if m.defeated and m.side != MONSTERS:  # a defeated monster leaves the map (DDO-DEFEAT-01)
            fallen.setdefault(m.square, []).append(m.name)
    for sq, names in sorted(fallen.items()):
        x0, y0 = _xy(sq)
        fx, fy = x0 + 17, y0 + CELL - 21
        d.ellipse([fx - 12, fy - 12, fx + 12, fy + 12], fill=(176, 172, 166), outline=SOFT, width=2)
        d.line([(fx - 7, fy - 7), (fx + 7, fy + 7)], fill=INK, width=3)
        d.line([(fx - 7, fy + 7), (fx + 7, fy - 7)], fill=INK, width=3)
        text(d, (x0 + 3, y0 + CELL - 3), ", ".join(n[:5] for n in names), 9, INK, weight="condensed", anchor="lb")
    for m in sorted(st.living(), key=lambda m: m.name):
        cx, cy = _centre(m.squares)
        r = CELL * (0.9 if len(m.squares) == 4 else 0.38)
        if m.name == acting:
            d.ellipse([cx - r - 7, cy - r - 7, cx + r + 7, cy + r + 7], fill=ACTIVE)
        colour = SIDE_COLOUR[m.side]
        edge = BLOODIED if st.bloodied(m) else (255, 255, 255)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=edge, width=4 if st.bloodied(m) else 2)
        if m.side == MONSTERS and st.monster_card(m).champion:
            d.ellipse([cx - r + 5, cy - r + 5, cx + r - 5, cy + r - 5], outline=GOLD, width=3)
        text(d, (cx, cy - 5), _short(m) if len(m.squares) == 1 else m.name, 12 if len(m.squares) == 1 else 20,
             (255, 255, 255), weight="condensed")
        hp = f"{m.hp}/{st.max_hp(m)}"
        text(d, (cx, cy + 9), hp, 12 if len(m.squares) == 1 else 18, (255, 255, 255), weight="bold")
        if m.side != MONSTERS:
            draw_dials(d, m, cx, cy + r - 6)
        x0, y0 = _xy(m.squares[-1] if len(m.squares) == 4 else m.square)
        for i, c in enumerate(m.conditions[:4]):  # badges in the square's top-right corner, right to left
            bx, by = x0 + CELL - 10 - i * 17, (_xy(m.square)[1]) + 10
            fill = CONDITION_COLOUR.get(c.name, (90, 90, 90))
            d.ellipse([bx - 9, by - 9, bx + 9, by + 9], fill=fill, outline=(255, 255, 255) if not c.fading else INK, width=2)
            text(d, (bx, by), c.name[0].upper(), 11, (255, 255, 255), weight="bold", stroke=1, stroke_fill=INK)


def draw_dials(d: ImageDraw.ImageDraw, m: Mini, cx: float, top: float) -> None:
    """The mini's cooldown dials as dots under its token (DDO-COOL-*): green when ready, amber with the
    number of rounds left, dark when exhausted."""
    dials = list(m.dials.values())
    for i, v in enumerate(dials):
        x = cx + (i - (len(dials) - 1) / 2) * 12
        fill = (60, 160, 70) if v == READY else ((60, 56, 52) if v == "exhausted" else (226, 150, 30))
        d.ellipse([x - 5.5, top, x + 5.5, top + 11], fill=fill, outline=(255, 255, 255), width=1)
        if isinstance(v, int):
            text(d, (x, top + 5.5), str(v), 9, INK, weight="bold")


def _arrow(d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float], colour: RGB, width: int = 4,
           dashed: bool = False) -> None:
    """A line from ``p`` to ``q`` with an arrow head at ``q``, stopping short of the token there."""
    length = math.dist(p, q)
    if length < 1:
        return
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    end = (q[0] - ux * CELL * 0.44, q[1] - uy * CELL * 0.44)
    if dashed:
        n = max(1, int(length // 12))
        for k in range(0, n, 2):
            a = (p[0] + (end[0] - p[0]) * k / n, p[1] + (end[1] - p[1]) * k / n)
            b = (p[0] + (end[0] - p[0]) * (k + 1) / n, p[1] + (end[1] - p[1]) * (k + 1) / n)
            d.line([a, b], fill=colour, width=width)
    else:
        d.line([p, end], fill=(255, 255, 255), width=width + 4)
        d.line([p, end], fill=colour, width=width)
    head = [end, (end[0] - ux * 14 - uy * 8, end[1] - uy * 14 + ux * 8), (end[0] - ux * 14 + uy * 8, end[1] - uy * 14 - ux * 8)]
    d.polygon(head, fill=colour, outline=(255, 255, 255))


def draw_actions(d: ImageDraw.ImageDraw, st: GameState, events: Sequence[Event]) -> None:
    """The moves (arrows, dashed for teleports, pushes and pulls) and attacks (red when they hit,
    grey when they miss, with the damage dealt) of ``events``."""
    damage: dict[tuple[int, str], int] = {}
    for i, ev in enumerate(events):
        if ev.kind == "damage":
            for j in range(i - 1, -1, -1):
                if events[j].kind == "attack" and events[j].data["target"] == ev.data["mini"]:
                    damage[(j, ev.data["mini"])] = int(ev.data["amount"])
                    break
    for i, ev in enumerate(events):
        data = ev.data
        if ev.kind == "moved" and "from" in data:
            size = 2 if len(st.minis[data["mini"]].squares) == 4 else 1
            p = _centre(_block(tuple(data["from"]), size))
            q = _centre(_block(tuple(data["to"]), size))
            _arrow(d, p, q, (30, 30, 30) if data["how"] in ("move", "monster") else PORTAL, dashed=data["how"] not in ("move", "monster"))
        elif ev.kind == "attack" and "from" in data:
            a, t = st.minis[data["attacker"]], st.minis[data["target"]]
            p = _centre(_block(tuple(data["from"]), 2 if len(a.squares) == 4 else 1))
            q = _centre(_block(tuple(data["at"]), 2 if len(t.squares) == 4 else 1))
            hit = bool(data.get("hit"))
            _arrow(d, p, q, HIT if hit else MISS, width=3, dashed=not hit)
            word = ("critical " if data.get("critical") else "") + (f"-{damage.get((i, t.name), 0)}" if hit else "miss")
            text(d, (q[0], q[1] - CELL * 0.48), word, 13, HIT if hit else SOFT, weight="bold", stroke=3,
                 stroke_fill=(255, 255, 255))


def _block(anchor: Square, size: int) -> list[Square]:
    return [(anchor[0] + dx, anchor[1] + dy) for dy in range(size) for dx in range(size)]


def _dial(value: object) -> str:
    """A cooldown dial as the panel shows it: ``ready``, ``exh`` or its number."""
    return "ready" if value == READY else ("exh" if value == "exhausted" else str(value))


def panel_lines(st: GameState, viewer: str) -> list[tuple[str, str, RGB]]:
    """The panel's text as ``(style, words, colour)`` lines; style is ``title``, ``head``, ``body`` or
    ``sub`` (an indented detail line)."""
    out: list[tuple[str, str, RGB]] = [("title", st.scenario.name, INK)]
    phase = {"initiative": "Initiative Phase", "action": "Action Phase", "over": "game over"}[st.phase]
    out.append(("body", f"Round {st.round} of {st.scenario.rounds} · {phase} · Initiative 1: party {st.active}", INK))
    out.append(("head", f"Victory points   A {st.vp['A']}  ·  B {st.vp['B']}", INK))
    if st.winner:
        out.append(("head", "Draw" if st.winner == "draw" else f"Party {st.winner} wins", HIT))
    out.append(("head", "Initiative", INK))
    out += [("body", line, colour) for line, colour in initiative_lines(st, viewer)]
    for side in ("A", "B", MONSTERS):
        minis = [m for m in st.minis.values() if m.side == side and not (side == MONSTERS and m.defeated)]
        if not minis:
            continue
        out.append(("head", "Monsters" if side == MONSTERS else f"Party {side}", SIDE_COLOUR[side]))
        for m in minis:
            for i, line in enumerate(roster_lines(st, m, viewer)):
                out.append(("body" if i == 0 else "sub", line, SOFT if m.defeated or i else INK))
    return out


def initiative_lines(st: GameState, viewer: str) -> list[tuple[str, RGB]]:
    """The initiative order as ``viewer`` may know it: known cards and monster groups in order (done
    ones ticked, the one under way marked), then the face-down cards of each party (DDO-INIT-06)."""
    if st.phase == "initiative" or not st.slots:
        done = sorted({st.minis[n].side for n in st.assigned})
        told = f"assigned: party {' and '.join(done)}" if done else "cards dealt, not yet assigned"
        return [(f"cards being assigned in secret ({told})", SOFT)]
    known = visible_initiative(st, viewer)
    lines: list[tuple[str, RGB]] = []
    current = st.slots[st.slot][1] if 0 <= st.slot < len(st.slots) else ""
    for i, (init, who) in enumerate(st.slots):
        mark = "✓" if i < st.slot else ("▶" if who == current else " ")
        if who.startswith("group:"):
            g = st.scenario.monsters[int(who[6:])]
            lines.append((f"{mark} {init:g}  {g.monster} (monsters)", SIDE_COLOUR[MONSTERS]))
        elif who in known:
            m = st.minis[who]
            lines.append((f"{mark} {known[who]}  {who} (party {m.side}){' defeated' if m.defeated else ''}", SIDE_COLOUR[m.side]))
    for side in ("A", "B"):
        hidden = [n for n in st.held.get(side, []) if n in st.assigned and n not in known]
        if hidden:
            lines.append((f"  ?  face down (party {side}): {', '.join(hidden)}", SIDE_COLOUR[side]))
    return lines


def roster_lines(st: GameState, m: Mini, viewer: str) -> list[str]:
    """One mini's panel lines: hit points, armor class, speed, experience; dials; conditions and items."""
    state = "defeated" if m.defeated else ("bloodied" if st.bloodied(m) else "")
    head = f"{m.name}  HP {m.hp}/{st.max_hp(m)}  AC {st.ac(m)}  Spd {st.speed(m)}"
    if m.side == MONSTERS:
        return [f"{head}  at {name(m.square)}{'  ' + state if state else ''}"]
    head += f"  XP {m.xp}" + (f"  {state}" if state else "")
    lines = [head]
    dials = [f"{k} {_dial(v)}" for k, v in m.dials.items()]
    if dials:
        lines.append("dials: " + " · ".join(dials))
    extra = []
    if m.conditions:
        extra.append("cond: " + ", ".join(c.name for c in m.conditions))
    if m.level_up:
        extra.append(f"level-up: {m.level_up}")
    if m.equipped:
        extra.append("items: " + ", ".join(st.library.items[s].name for s in m.equipped))
    if m.loot:
        extra.append(f"loot: {', '.join(m.loot)}" if m.side == viewer else f"loot: {len(m.loot)} face down")
    if extra:
        lines.append("; ".join(extra))
    return lines


def _wrap(words: str, size: int, width: int) -> list[str]:
    """Split a line so that each piece fits ``width`` pixels at ``size``."""
    f = font(size)
    out: list[str] = []
    line = ""
    for w in words.split(" "):
        trial = f"{line} {w}" if line else w
        if line and f.getlength(trial) > width:
            out.append(line)
            line = "  " + w
        else:
            line = trial
    return out + [line]


def draw_panel(d: ImageDraw.ImageDraw, st: GameState, viewer: str, left: int) -> int:
    """Draw the panel from x = ``left``; returns the height it needs."""
    y = 12
    for style, words, colour in panel_lines(st, viewer):
        if style == "title":
            text(d, (left, y), words, 18, INK, weight="bold", anchor="la")
            y += 28
        elif style == "head":
            y += 6
            text(d, (left, y), words, 15, colour, weight="bold", anchor="la")
            y += LINE + 4
        else:
            indent = 16 if style == "sub" else 0
            for piece in _wrap(words, 13, PANEL - 24 - indent):
                text(d, (left + indent, y), piece, 13, colour, anchor="la")
                y += LINE
    return y + 10


def draw_marks(d: ImageDraw.ImageDraw, squares: Collection[Square], colour: RGB, inset: int) -> None:
    """Frame ``squares`` (``/map reach:`` the squares a character can move to, ``targets:`` whom it
    can attack)."""
    for sq in squares:
        x, y = _xy(sq)
        d.rectangle([x + inset, y + inset, x + CELL - inset, y + CELL - inset], outline=colour, width=4)


def picture(st: GameState, viewer: str = "", events: Sequence[Event] = (), reach: Collection[Square] = (),
            targets: Collection[Square] = ()) -> Image.Image:
    """The whole picture as ``viewer`` (``"A"``, ``"B"``, or ``""`` for the public) may see it, with the
    moves and attacks of ``events`` drawn on the map, and ``reach`` and ``targets`` squares framed.
    Size: the map at 64 px a square plus margins, and a 430 px panel; the height grows when the panel
    needs more room."""
    map_w = 2 * MARGIN + st.map.width * CELL
    map_h = 2 * MARGIN + st.map.height * CELL
    scratch = Image.new("RGB", (PANEL, 10))
    need = draw_panel(ImageDraw.Draw(scratch), st, viewer, 0)
    img = Image.new("RGB", (map_w + PANEL, max(map_h, need)), BACKGROUND)
    d = ImageDraw.Draw(img)
    draw_map(d, st)
    draw_marks(d, reach, ACTIVE, 3)
    draw_marks(d, targets, HIT, 7)
    draw_actions(d, st, events)
    draw_minis(d, st)
    draw_loot(d, st)
    d.line([(map_w, 0), (map_w, img.height)], fill=GRID, width=2)
    draw_panel(d, st, viewer, map_w + 14)
    return img


def picture_png(st: GameState, viewer: str = "", events: Sequence[Event] = (), reach: Collection[Square] = (),
                targets: Collection[Square] = ()) -> bytes:
    """:func:`picture` as PNG bytes."""
    buf = io.BytesIO()
    picture(st, viewer, events, reach, targets).save(buf, format="PNG", optimize=True)
    return buf.getvalue()
