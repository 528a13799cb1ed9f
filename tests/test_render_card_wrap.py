"""Bold card lines wrap by their bold width (qa1 finding 19: Duke's "Incomplete card" line ran off the
right edge of its card picture)."""

from __future__ import annotations

from bot.render.card import wrap
from bot.render.text import width

WORDS = ("Incomplete card: life, move, range, attack, defense, points, figures, powers not public, "
         "so it cannot join an army.")


def test_bold_lines_fit_the_width_they_wrap_to() -> None:
    for room in (300, 420, 560, 700):
        lines = wrap(WORDS, 15, room, "bold")
        assert " ".join(lines) == WORDS
        assert all(width(line, 15, "bold") <= room for line in lines), room
