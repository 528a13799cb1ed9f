"""The league standings as a picture (``/league standings``): a readable table, one line per
player, tiebreaker columns and the rating with its provisional mark."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.leagues.standings import Row
from bot.render.text import font

COLUMNS = (("#", 40), ("Player", 240), ("W", 50), ("D", 50), ("L", 50), ("Pts", 70), ("H2H", 70), ("OWR", 80),
           ("SoS", 70), ("Rating", 100))
LINE = 34


def standings_png(title: str, rows: Sequence[Row], names: dict[str, str]) -> bytes:
    """A PNG of the table (width 820 px, one 34 px line per player); provisional ratings end in ``?``."""
    width = sum(w for _, w in COLUMNS) + 40
    height = 90 + LINE * (len(rows) + 1) + 20
    img = Image.new("RGB", (width, height), (245, 241, 230))
    draw = ImageDraw.Draw(img)
    draw.text((20, 18), title, fill=(40, 30, 20), font=font(28, "bold"))
    y = 70
    x = 20
    for name, w in COLUMNS:
        draw.text((x, y), name, fill=(90, 60, 30), font=font(18, "bold"))
        x += w
    for i, r in enumerate(rows):
        y = 70 + LINE * (i + 1)
        if i % 2 == 0:
            draw.rectangle((10, y - 4, width - 10, y + LINE - 6), fill=(232, 226, 210))
        cells = (str(r.rank), names.get(r.player, r.player)[:20], str(r.wins), str(r.draws), str(r.losses),
                 f"{r.points:g}", f"{r.h2h:g}", f"{r.owr:.2f}", f"{r.sos:g}",
                 f"{r.rating:.1f}{'?' if r.provisional else ''}")
        x = 20
        for (_, w), cell in zip(COLUMNS, cells, strict=True):
            draw.text((x, y), cell, fill=(20, 20, 20), font=font(18))
            x += w
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()
