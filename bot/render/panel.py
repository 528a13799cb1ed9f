"""The side panel: round and turn, what happened in the last turn, each player's Army Cards
(with the bonuses in effect on them) and Order Markers, and the legend.

Order Markers are drawn only as the table shows them: a marker placed on a card and not yet
revealed is a plain face-down disc, the same for every marker (the ``X`` included), so the
picture tells only how many markers lie on each card; a revealed marker shows its number. The
panel never reads which unrevealed marker lies where beyond that count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from PIL import Image, ImageDraw

from bot.render import palette as pal
from bot.render import text as tx
from bot.render.bonuses import card_bonuses
from bot.render.carried import carried_lines
from bot.render.layout import MapLayout
from bot.render.summary import card_short, player_name
from bot.rules.state import MatchState, Phase

RGB = pal.RGB

#: Final-pixel sizes.
PAD = 12
TITLE = 28
SUB = 20
NAME = 22
BODY = 19
ROW = 32
ROW2 = 52
SMALL = 16
DISC = 11
LAST = 18
LAST_LINES = 3
LAST_INK: RGB = (150, 220, 255)
#: A card's bonuses in effect: line height, most lines, colour.
BONUS_ROW = 20
BONUS_LINES = 2
BONUS_INK: RGB = (150, 230, 140)

_PHASE_TEXT = {
    Phase.SETUP: "Setup: choosing armies",
    Phase.PLACEMENT: "Placement: figures start in their zones",
    Phase.ORDERS: "Placing Order Markers",
    Phase.INITIATIVE: "Rolling for initiative",
    Phase.FREE: "Free play",
}

#: How the panel names a player's place in this round's turn order (initiative).
_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def tracker_text(state: MatchState, pid: str) -> str:
    """``Activation 2/4``: the player's scenario tracker and its last space, or ``""`` without one."""
    if pid not in state.trackers:
        return ""
    role = next((p.role for p in state.players if p.id == pid), "")
    name = state.scenario.trackers.get(role, "Tracker")
    end = next((v.reach for v in state.scenario.victory if v.kind == "tracker" and v.reach), None)
    return f"{name} {state.trackers[pid]}/{end}" if end else f"{name} {state.trackers[pid]}"


def header_lines(state: MatchState) -> tuple[str, str]:
    """The panel's title and subtitle: round, whose turn, which marker is revealed."""
    limit = state.scenario.round_limit
    # The scenario's last round, so everyone sees how long is left (Mission Critical: round 6).
    title = (f"Round {state.round} of {limit}" if limit else f"Round {state.round}") if state.round else "Before round 1"
    sub = _PHASE_TEXT.get(state.phase, "")
    turn = state.turn
    if state.phase == Phase.OVER:
        winners = ", ".join(player_name(state, w) for w in state.winners or [])
        sub = (f"Winner: {winners}" if winners else "Game over") + (f" ({state.result})" if state.result else "")
    elif turn is not None:
        title += f" · {player_name(state, turn.player)}'s turn"
        shown = turn.marker is not None and turn.marker in state.revealed.get(turn.player, [])
        if shown and turn.card_key:
            sub = f"Order Marker {turn.marker} revealed: {card_short(state, turn.card_key)}"
        elif turn.card_key:
            sub = f"Acting: {card_short(state, turn.card_key)}"
    return title, sub


def header(state: MatchState, width: int, ss: int, last: str | None = None, max_lines: int = LAST_LINES,
           caption: tuple[str, str] | None = None) -> Image.Image:
    """Round and turn block, ``width`` final pixels wide, with ``last`` (what the picture shows
    happening: ``Last turn: Alice — ...``) under the title, wrapped on up to ``max_lines`` lines.

    ``caption`` ``(title, subtitle)`` replaces the round and turn (a reach or targets picture
    says whose reach or targets it shows)."""
    title, sub = caption or header_lines(state)
    inner = (width - 2 * PAD) * ss
    lines = wrap(last, LAST * ss, inner, max_lines) if last else []
    h = PAD * 2 + TITLE + (SUB + 8 if sub else 0) + (len(lines) * (LAST + 6) + 4 if lines else 0)
    img = Image.new("RGB", (width * ss, h * ss), pal.PANEL)
    draw = ImageDraw.Draw(img)
    tx.text(draw, (PAD * ss, PAD * ss), tx.fit(title, TITLE * ss, inner, "bold"), TITLE * ss,
            pal.INK, weight="bold", anchor="lt")
    y = PAD + TITLE + 8
    if sub:
        tx.text(draw, (PAD * ss, y * ss), tx.fit(sub, SUB * ss, inner), SUB * ss, pal.HIGHLIGHT, anchor="lt")
        y += SUB + 8
    y += 2
    for i, line in enumerate(lines):
        x: float = PAD * ss
        if i == 0 and ":" in line:
            head, rest = line.split(":", 1)
            tx.text(draw, (x, y * ss), head + ":", LAST * ss, LAST_INK, weight="bold", anchor="lt")
            x += tx.width(head + ":", LAST * ss, "bold")
            line = rest
        tx.text(draw, (x, y * ss), line, LAST * ss, (222, 228, 236), anchor="lt")
        y += LAST + 6
    return img


def wrap(words: str, size: float, width: float, max_lines: int = LAST_LINES) -> list[str]:
    """``words`` broken at spaces into lines at most ``width`` wide (the first line's
    ``Head:`` is bold); the last line cut with an ellipsis when it all does not fit."""
    lines: list[str] = []
    cur = ""
    for word in words.split(" "):
        trial = f"{cur} {word}" if cur else word
        weight_w = _line_width(trial, size, first=not lines)
        if weight_w <= width or not cur:
            cur = trial
            continue
        lines.append(cur)
        cur = word
    if cur:
        lines.append(cur)
    if len(lines) > max_lines:
        keep = lines[:max_lines]
        keep[-1] = tx.fit(keep[-1] + " " + " ".join(lines[max_lines:]), size, width - tx.width("…", size))
        lines = keep
    return [tx.fit(line, size, width) if _line_width(line, size, i == 0) > width else line
            for i, line in enumerate(lines)]


def _line_width(line: str, size: float, first: bool) -> float:
    if first and ":" in line:
        head, rest = line.split(":", 1)
        return tx.width(head + ":", size, "bold") + tx.width(rest, size)
    return tx.width(line, size)


def marker_counts(state: MatchState) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Public view of the Order Markers: face-down markers per card, revealed markers per card."""
    hidden: dict[str, int] = {}
    shown: dict[str, list[str]] = {}
    for pid, markers in state.orders.items():
        revealed = set(state.revealed.get(pid, []))
        for marker, key in markers.items():
            if marker in revealed:
                shown.setdefault(key, []).append(marker)
            else:
                hidden[key] = hidden.get(key, 0) + 1
    for key in shown:
        shown[key].sort()
    return hidden, shown


def _card_stat(state: MatchState, key: str) -> tuple[str, bool]:
    """A card's public status (``life 3/5``, ``3/4 left``) and whether all its figures are gone.

    Life is said one way only: the Life left of the Army Card's figures over their Life
    (``life 3/5`` for a hero with 2 wounds; ``3/4 left, life 5/8`` for a wounded squad of Life-2
    figures); an unhurt squad says only how many of its figures are left.

    Only fielded figures count: figures set aside before the battle take no part in it
    (HS-ARMY-03), so a squad of 4 with one set aside shows ``3/3 left``; a card whose every
    figure is set aside shows ``set aside``, greyed out. A figure waiting off the battlefield to
    enter by its power (The Drop) is fielded and counts.
    """
    cip = state.cards[key]
    figs = [state.figures[f] for f in cip.figure_ids if f in state.figures and not state.figures[f].set_aside]
    if not figs and cip.figure_ids:
        return "set aside", True
    alive = [f for f in figs if not f.destroyed]
    dead = bool(figs) and not alive
    life = cip.card.life or 1
    if len(figs) == 1 and cip.card.kind != "squad":
        return ("destroyed" if dead else f"life {max(0, life - figs[0].wounds)}/{life}"), dead
    wounds = sum(f.wounds for f in alive)
    left = f", life {max(0, life * len(alive) - wounds)}/{life * len(alive)}" if wounds else ""
    return f"{len(alive)}/{len(figs)} left{left}", dead


def player_block(state: MatchState, pid: str, colour: RGB, prefixes: Mapping[str, str], width: int,
                 ss: int, names: Mapping[str, str] | None = None) -> Image.Image:
    """One player's name and Army Cards: figures left, Life, Order Markers as the table sees
    them, and under a card the bonuses in effect on it (:func:`~bot.render.bonuses.card_bonuses`;
    ``names`` are the figures' token labels).

    A card whose name and status do not fit on one line gets a second line for the status.
    """
    s = ss
    keys = [k for k, c in state.cards.items() if c.controller == pid]
    hidden, shown = marker_counts(state)
    rows: list[tuple[str, str, bool, list[str | None], float, bool]] = []
    boosts: dict[str, list[str]] = {}
    for key in keys:
        stat, dead = _card_stat(state, key)
        discs: list[str | None] = [None] * hidden.get(key, 0)
        discs += list(shown.get(key, []))
        prefix = prefixes.get(key, "?")
        bw = max(34.0, tx.width(prefix, 15 * s, "condensed") / s + 10)
        cip = state.cards[key]
        name = cip.card.short or cip.card.name
        room = width - PAD * 2 - bw - 8 - len(discs) * (2 * DISC + 4) - (6 if discs else 0)
        one_line = (tx.width(name, BODY * s, "bold") + tx.width(stat, BODY * s)) / s + 10 <= room
        rows.append((key, stat, dead, discs, bw, one_line))
        said = card_bonuses(state, key, names or {}) if not dead else []
        if said:
            boosts[key] = wrap(" · ".join(said), SMALL * s, (width - PAD * 2 - bw - 8) * s, BONUS_LINES)
        held = carried_lines(state, key, names or {}) if not dead else []
        if held:  # the Treasure and Tech Glyphs on the card, next to it
            boosts.setdefault(key, []).extend(wrap(" · ".join(held), SMALL * s, (width - PAD * 2 - bw - 8) * s,
                                                   BONUS_LINES))
    heights = [(ROW if one else ROW2) + len(boosts.get(key, ())) * BONUS_ROW for key, *_, one in rows] or [ROW]
    h = PAD * 2 + NAME + 8 + sum(heights)
    img = Image.new("RGB", (width * s, h * s), pal.PANEL)
    draw = ImageDraw.Draw(img)
    if state.turn is not None and state.turn.player == pid:
        draw.rectangle((0, 0, 5 * s, h * s), fill=pal.HIGHLIGHT)
    cy = (PAD + NAME / 2) * s
    draw.ellipse((PAD * s, cy - 9 * s, (PAD + 18) * s, cy + 9 * s), fill=colour, outline=(255, 255, 255), width=2 * s)
    player = next((p for p in state.players if p.id == pid), None)
    note = ""
    if player is not None and player.conceded:
        note = "conceded"
    elif pid in state.initiative:
        note = f"acts {_ORDINALS[min(state.initiative.index(pid), len(_ORDINALS) - 1)]}"  # turn order, not a roll
    track = tracker_text(state, pid)
    if track:  # a scenario tracker, shown to everyone (HS-SCEN-CRIT2-ALL-03)
        note = f"{note} · {track}" if note else track
    note_w = tx.width(note, BODY * s) if note else 0
    pname = player.name if player else pid
    tx.text(draw, ((PAD + 26) * s, cy), tx.fit(pname, NAME * s, width * s - (PAD * 2 + 34) * s - note_w, "bold"),
            NAME * s, pal.INK, weight="bold", anchor="lm")
    if note:
        tx.text(draw, ((width - PAD) * s, cy), note, BODY * s, pal.INK_DIM, anchor="rm")
    top = float(PAD + NAME + 8)
    if not rows:
        tx.text(draw, ((PAD + 26) * s, (top + ROW / 2) * s), "no Army Cards yet", BODY * s, pal.INK_DIM, anchor="lm")
    # ``heights`` holds one spare row when there are no cards (for the 'no Army Cards yet' line).
    for (key, stat, dead, discs, bw, one_line), rh in zip(rows, heights[: len(rows)], strict=True):
        y = (top + ROW / 2) * s
        top += rh
        cip = state.cards[key]
        # Badge with the token prefix, in the player's colour.
        x: float = PAD * s
        draw.rounded_rectangle((x, y - 11 * s, x + bw * s, y + 11 * s), radius=5 * s,
                               fill=pal.mix(colour, pal.PANEL, 0.6) if dead else colour)
        tx.text(draw, (x + bw * s / 2, y), prefixes.get(key, "?"), 15 * s, pal.ink_on(colour), weight="condensed")
        x += (bw + 8) * s
        # Right side: marker discs (face down first), then the status.
        right: float = (width - PAD) * s
        for j, marker in enumerate(reversed(discs)):
            dx = right - (j * (2 * DISC + 4) + DISC) * s
            box = (dx - DISC * s, y - DISC * s, dx + DISC * s, y + DISC * s)
            if marker is None:
                draw.ellipse(box, fill=pal.MARKER_HIDDEN, outline=(200, 204, 214), width=2 * s)
            else:
                draw.ellipse(box, fill=pal.MARKER_SHOWN, outline=(255, 255, 255), width=2 * s)
                tx.text(draw, (dx, y), marker, 14 * s, pal.INK_DARK, weight="bold")
        right -= (len(discs) * (2 * DISC + 4) + (6 if discs else 0)) * s
        stat_ink = pal.INK_DIM if dead else (200, 206, 216)
        if one_line:
            tx.text(draw, (right, y), stat, BODY * s, stat_ink, anchor="rm")
            room = right - x - tx.width(stat, BODY * s) - 10 * s
        else:
            tx.text(draw, (x, y + (ROW2 - ROW + 4) * s), tx.fit(stat, SMALL * s, right - x), SMALL * s, stat_ink,
                    anchor="lm")
            room = right - x - 6 * s
        below = (ROW if one_line else ROW2) - ROW / 2 + BONUS_ROW / 2 - 4
        for i, line in enumerate(boosts.get(key, ())):
            tx.text(draw, (x, y + (below + i * BONUS_ROW) * s), line, SMALL * s, BONUS_INK, anchor="lm")
        label = tx.fit(cip.card.short or cip.card.name, BODY * s, room, "bold")
        tx.text(draw, (x, y), label, BODY * s, pal.INK_DIM if dead else pal.INK, weight="bold", anchor="lm")
        if dead:
            draw.line(((x, y), (x + tx.width(label, BODY * s, "bold"), y)), fill=pal.INK_DIM, width=2 * s)
    return img


def block_height_estimate(state: MatchState) -> int:
    """About how tall the tallest player block is, in final pixels (one row per Army Card),
    without drawing it: enough to tell whether a legend would tower over the blocks."""
    most = max((sum(1 for c in state.cards.values() if c.controller == p.id) for p in state.players), default=0)
    return PAD * 2 + NAME + 8 + max(1, most) * ROW


def blocks(state: MatchState, colours: Mapping[str, RGB], prefixes: Mapping[str, str], width: int,
           ss: int, names: Mapping[str, str] | None = None) -> list[Image.Image]:
    """The player blocks, in seat order (``names``: the figures' token labels)."""
    return [player_block(state, p.id, colours.get(p.id, pal.NAMED["grey"]), prefixes, width, ss, names)
            for p in sorted(state.players, key=lambda p: (p.seat, p.id))]


class Part(Protocol):
    """A panel part as :func:`arrange` sees it: a size on the canvas scale (an image, or a
    stand-in for one drawn at another scale)."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


P = TypeVar("P", bound=Part)


def arrange(lay: MapLayout, head: P, parts: Sequence[P], foot: P | None, panel_w: float,
            gap: int = 10, beside: P | None = None, results: P | None = None
            ) -> tuple[tuple[int, int], list[tuple[P, tuple[int, int]]]]:
    """Place the header, the turn's ``results``, the player blocks and the legend next to the map.

    To the right of the map they are stacked (legend ``foot`` last); under a wide map the header
    and the results span the width, the player blocks share columns of ``panel_w`` final pixels and the legend
    goes to the right of them when ``beside`` (a legend as wide as the columns left) is given,
    else under them (``foot``). Returns the canvas size and where to paste each part.
    """
    ss = lay.ss
    mw, mh = lay.canvas_map_size
    g = gap * ss
    placed: list[tuple[P, tuple[int, int]]] = []
    if lay.panel == "right":
        x, y = mw, 0
        for im in (head, *([results] if results is not None else []), *parts, *([foot] if foot is not None else [])):
            placed.append((im, (x, y)))
            y += im.height + g
        return (mw + round(panel_w * ss), max(mh, y - g)), placed
    width = max(mw, head.width)
    placed.append((head, (0, mh)))
    top = mh + head.height + g // 2
    if results is not None:
        placed.append((results, (0, top)))
        top += results.height + g // 2
    ncols = max(1, int(width / (panel_w * ss) + 1e-3))  # panel_w may be an enlarged column's width
    col_w = round(panel_w * ss) if beside is not None else width // ncols
    used = min(ncols, max(1, len(parts)))
    heights = [top] * used
    for im in parts:
        c = heights.index(min(heights))
        placed.append((im, (c * col_w, heights[c])))
        heights[c] += im.height + g
    bottom = max(heights) - g if parts else top
    if beside is not None:
        placed.append((beside, (width - beside.width, top)))
        return (width, max(bottom, top + beside.height)), placed
    if foot is not None:
        placed.append((foot, (0, bottom + g // 2)))
        bottom += g // 2 + foot.height
    return (width, bottom), placed
