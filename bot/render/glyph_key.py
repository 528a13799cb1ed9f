"""The glyph key of the panel: one entry per glyph lying on the battlefield, with its map letter,
side and what it does (HS-GLYPH-*), so a player reads the map's glyph discs without a rulebook.

A glyph symbol side up is shown as it lies on the table: face down, its name hidden ("?"). A power
glyph power side up gives its name, short power and whose army it works for now (the player whose
figure stands on it). Treasure glyphs get their name from the glyph registry when it knows them.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render import palette as pal
from bot.render import text as tx
from bot.render.glyph_marks import glyph_mark, glyph_words
from bot.rules.hexes import Hex
from bot.rules.state import MatchState

PAD = 12
TITLE = 20
BODY = 17
ROW = 26


def glyph_lines(state: MatchState) -> list[tuple[str, str, str]]:
    """``(letter, side, words)`` for each glyph on the battlefield, in label order: ``("A", "power",
    "F7 Glyph of Astrid (Attack +1), for alice's army")``, ``("HR", "power", "D3 Heroic Rune (treasure)")``,
    ``("?", "symbol", "B3 face down")``. Treasure, Artifact and Tech Glyphs get two letters (:mod:`glyph_marks`)."""
    bf = state.battlefield
    out = []
    for h, (name, side) in sorted(state.glyphs.items(), key=lambda kv: (kv[0].r, kv[0].q)):
        where = bf.label(h) if h in bf else str(h)
        if side != "power":
            out.append(("?", side, f"{where} face down"))
            continue
        title, what, for_holder = glyph_words(name)
        holder = _holder(state, h) if for_holder else ""
        whose = f", for {holder}'s army" if holder else ""
        power = f" ({what})" if what else ""
        out.append((glyph_mark(name, side)[0], side, f"{where} {title}{power}{whose}"))
    return out


def _holder(state: MatchState, h: Hex) -> str:
    fig = state.occupant(h)
    if fig is None:
        return ""
    return next((p.name for p in state.players if p.id == fig.controller), fig.controller)


def glyph_block(state: MatchState, width: int, ss: int) -> Image.Image | None:
    """The glyph key as a panel part ``width`` final pixels wide on the canvas scale ``ss``, or
    ``None`` when no glyph lies on the battlefield."""
    lines = glyph_lines(state)
    if not lines:
        return None
    s = ss
    h = PAD * 2 + TITLE + 6 + ROW * len(lines)
    img = Image.new("RGB", (width * s, h * s), pal.PANEL)
    draw = ImageDraw.Draw(img)
    tx.text(draw, (PAD * s, (PAD + TITLE / 2) * s), "Glyphs", TITLE * s, pal.INK, weight="bold", anchor="lm")
    y = PAD + TITLE + 6 + ROW / 2
    names = [name for _, (name, _) in sorted(state.glyphs.items(), key=lambda kv: (kv[0].r, kv[0].q))]
    for (letter, side, words), name in zip(lines, names, strict=True):
        fill = glyph_mark(name, side)[1]
        cx, cy, r = (PAD + 10) * s, y * s, 10 * s
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=(20, 20, 20), width=s)
        tx.text(draw, (cx, cy), letter, (13 if len(letter) < 2 else 10) * s, pal.ink_on(fill), weight="bold")
        room = (width - PAD * 2 - 28) * s
        tx.text(draw, ((PAD + 28) * s, cy), tx.fit(words, BODY * s, room), BODY * s, pal.INK, anchor="lm")
        y += ROW
    return img
