"""How a glyph lying on the battlefield is marked: its disc colour and the letters on it.

Power glyphs (HS-GLYPH-*) show one capital letter on a gold disc (``A`` for Astrid). Treasure,
Artifact and Tech Glyphs (HS-TREASURE-*, HS-TECH-*) show two letters on a teal disc (``HR`` for
Heroic Rune), so no treasure mark reads like a power glyph's (Heroic Rune / Haukeland, Potion /
Proftaka, Elixir / Erland). A glyph symbol side up is a violet ``?``.
"""

from __future__ import annotations

import re

from bot.render import palette as pal
from bot.rules.glyphs import describe
from bot.rules.glyphs.catalogue import NO_EFFECT

_SMALL_WORDS = {"of", "the"}


def treasure_letters(title: str) -> str:
    """Two capital letters for a treasure glyph's title: the initials of its first two main words, or
    the first two letters of a one-word title.

    >>> treasure_letters("Heroic Rune"), treasure_letters("Bolt of the Witherwood"), treasure_letters("B.R.E.A.T.H.")
    ('HR', 'BW', 'BR')
    """
    words: list[str] = [w for w in re.findall(r"[A-Za-zø']+", title.replace(".", "")) if w.lower() not in _SMALL_WORDS]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return (words[0][:2] if words else "?").upper()


def glyph_mark(name: str, side: str) -> tuple[str, pal.RGB]:
    """``(letters, disc colour)`` for the glyph ``name`` lying ``side`` up (``"power"``/``"symbol"``).

    Any glyph name is accepted: one no catalogue knows is marked by its initial on the gold disc.
    """
    if side != "power":
        return "?", pal.GLYPH_SYMBOL
    info = describe(name)
    if info is None:
        return (name[:1] or "?").upper(), pal.GLYPH
    if info.family != "power":
        return treasure_letters(info.title), pal.GLYPH_TREASURE
    return str(getattr(info, "letter", name[:1].upper())), pal.GLYPH


def glyph_words(name: str) -> tuple[str, str, bool]:
    """``(title, what it is, counts for its holder's army)`` for the key: ``("Glyph of Astrid",
    "Attack +1", True)``, ``("Heroic Rune", "treasure", False)``, ``("Frob", "", False)`` for a name
    no catalogue knows."""
    info = describe(name)
    if info is None:
        return name.replace("_", " ").capitalize(), "", False
    if info.family != "power":
        return info.title, info.family, False
    # A glyph that only stops figures (Vines, an unnamed one) works for nobody's army.
    return info.title, str(getattr(info, "power", "")), bool(info.permanent) and info.name not in NO_EFFECT
