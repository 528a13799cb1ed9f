"""A picture of one Army Card (``/card NAME``, console ``cards NAME``).

Shows what a player needs to pick and field the card: name, rarity and kind, general, species,
class, personality, size and height; the five statistics (Life, Move, Range, Attack, Defense);
Standard and Delta points, figures and base; set, wave and release; then each power in the
project's words with a mark: *enforced* (the rules apply it) or *applied by the players* (and why).

A pure adapter: it reads an :class:`~bot.rules.cards.ArmyCard` and the marks it is given (the
caller asks the rules which powers they enforce) and never changes anything. The same card and
marks give the same pixels (bundled fonts only, :mod:`bot.render.text`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.text import RGB, Weight, fit, text, width
from bot.rules.cards import ArmyCard

#: Picture width in pixels; the height follows the powers' text.
WIDTH = 760
PAD = 24
#: Header colour per general (a card of no known general is grey).
GENERAL_COLOURS: dict[str, RGB] = {
    "Jandar": (36, 82, 160), "Utgar": (150, 30, 36), "Ullar": (40, 120, 56), "Vydar": (96, 96, 104),
    "Einar": (186, 120, 24), "Aquilla": (222, 196, 60), "Valkrill": (84, 44, 120), "Revna": (40, 40, 48),
    "Marvel": (170, 20, 20),
}
PAPER: RGB = (246, 241, 228)
INK: RGB = (30, 30, 34)
MUTED: RGB = (100, 96, 90)
ENFORCED: RGB = (34, 120, 60)
BY_PLAYERS: RGB = (176, 104, 16)
STATS = ("life", "move", "range", "attack", "defense")


def wrap(words: str, size: float, max_width: float, weight: Weight = "regular") -> list[str]:
    """``words`` broken into lines no wider than ``max_width`` pixels at ``size`` in ``weight``
    (greedy; measured in the weight they are drawn in, bold being wider)."""
    lines: list[str] = []
    line = ""
    for word in words.split():
        trial = f"{line} {word}".strip()
        if line and width(trial, size, weight) > max_width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines or [""]


def _v(x: int | None) -> str:
    return "?" if x is None else str(x)


def render_card(card: ArmyCard, reasons: Sequence[str | None]) -> Image.Image:
    """The card as an RGB picture ``WIDTH`` pixels wide.

    ``reasons`` has one entry per power of ``card``, in order: ``None`` when the rules enforce it,
    else why the players apply it (shown under the power).

    :raises ValueError: ``reasons`` does not have one entry per power.
    """
    if len(reasons) != len(card.powers):
        raise ValueError(f"{card.name} has {len(card.powers)} powers but {len(reasons)} marks were given")
    inner = WIDTH - 2 * PAD
    body = 17
    blocks: list[tuple[str, list[str], str | None]] = []
    height = 280  # header, statistics, points and set lines (264) and a bottom margin
    for p, reason in zip(card.powers, reasons, strict=True):
        lines = wrap(p.text, body, inner - 12)
        why = wrap(f"Applied by the players: {reason}.", 14, inner - 12) if reason else []
        blocks.append((p.name, lines, reason))
        height += 32 + 23 * len(lines) + 19 * len(why) + 14
    if not card.complete:
        height += 48
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(img)
    band = GENERAL_COLOURS.get(card.general or "", (110, 110, 110))
    d.rectangle((0, 0, WIDTH, 96), fill=band)
    light = (255, 255, 255)
    text(d, (PAD, 34), fit(card.name, 30, inner, "bold"), 30, light, weight="bold", anchor="lm")
    kind = " ".join(x for x in ((card.rarity or "").capitalize(), card.kind.capitalize()) if x)
    who = " · ".join(x for x in (kind, card.general or "", " & ".join(card.species), " & ".join(card.class_),
                                 card.personality or "") if x)
    text(d, (PAD, 74), fit(who, 17, inner), 17, light, anchor="lm")
    # Statistics: five boxes, then points and figures.
    y = 112
    box = (inner - 4 * 10) / 5
    for i, s in enumerate(STATS):
        x0 = PAD + i * (box + 10)
        d.rounded_rectangle((x0, y, x0 + box, y + 70), radius=10, fill=(255, 255, 255), outline=band, width=3)
        text(d, (x0 + box / 2, y + 20), s.upper(), 14, MUTED, weight="bold")
        text(d, (x0 + box / 2, y + 48), _v(getattr(card, s)), 28, INK, weight="bold")
    y += 88
    delta = f" · Delta {card.delta_points}" if card.delta_points is not None else ""
    figs = card.figures
    fig_text = "figures unknown" if figs is None else f"{figs} figure{'' if figs == 1 else 's'}"
    base = {None: "base unknown", 1: "1-space base", 2: "2-space base"}.get(card.base, f"{card.base}-space piece")
    size = f"{(card.size or '?').capitalize()} {_v(card.height)}"
    text(d, (PAD, y), f"Points {_v(card.points)}{delta} · {fig_text} · {base} · {size}", 18, INK,
         weight="bold", anchor="lm")
    y += 28
    where = " · ".join(x for x in (card.set or "set not public", card.wave or "", card.released or "",
                                  card.line or "") if x)
    text(d, (PAD, y), fit(where, 15, inner), 15, MUTED, anchor="lm")
    y += 22
    d.line((PAD, y, WIDTH - PAD, y), fill=band, width=2)
    y += 14
    for (name, lines, reason) in blocks:
        mark, colour = ("ENFORCED", ENFORCED) if reason is None else ("APPLIED BY THE PLAYERS", BY_PLAYERS)
        text(d, (PAD, y + 12), fit(name, 19, inner - 250, "bold"), 19, INK, weight="bold", anchor="lm")
        w = width(mark, 13, "bold") + 18
        d.rounded_rectangle((WIDTH - PAD - w, y + 1, WIDTH - PAD, y + 23), radius=11, fill=colour)
        text(d, (WIDTH - PAD - w / 2, y + 12), mark, 13, (255, 255, 255), weight="bold")
        y += 32
        for line in lines:
            text(d, (PAD + 12, y + 10), line, body, INK, anchor="lm")
            y += 23
        if reason:
            for line in wrap(f"Applied by the players: {reason}.", 14, inner - 12):
                text(d, (PAD + 12, y + 8), line, 14, BY_PLAYERS, anchor="lm")
                y += 19
        y += 14
    if not card.complete:
        missing = ", ".join(card.missing_fields())
        for line in wrap(f"Incomplete card: {missing} not public, so it cannot join an army.", 15, inner, "bold"):
            text(d, (PAD, y + 10), line, 15, (160, 30, 30), weight="bold", anchor="lm")
            y += 22
    return img


def card_png(card: ArmyCard, reasons: Sequence[str | None]) -> bytes:
    """:func:`render_card` as PNG bytes."""
    buf = io.BytesIO()
    render_card(card, reasons).save(buf, format="PNG", optimize=False)
    return buf.getvalue()
