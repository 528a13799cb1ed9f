"""A glyph explained for players, the same on Discord (``/glyph NAME``) and in the console
(``glyph NAME``): its title, kind and effect in the project's words (:mod:`bot.rules.glyphs`)."""

from __future__ import annotations

import difflib

from bot.rules.glyphs import GlyphInfo, describe, key_of, names
from bot.rules.treasure.catalogue import CATALOGUE


def heading(info: GlyphInfo) -> str:
    """``Glyph of Astrid (Attack +1) — permanent power glyph, map letter A``. A treasure catalogue's
    entry (same shape, maybe without ``power`` or ``letter``) reads as well."""
    kind = "permanent" if info.permanent else "temporary"
    family = {"power": "power glyph", "treasure": "treasure glyph", "tech": "tech glyph",
              "artifact": "ancient artifact"}.get(info.family, f"{info.family} glyph")
    power = getattr(info, "power", "")
    letter = getattr(info, "letter", "")
    return (f"{info.title}{f' ({power})' if power else ''} — {kind} {family}"
            + (f", map letter {letter}" if letter else ""))


def explain(name: str) -> tuple[str, str]:
    """``(heading, text)`` for the glyph ``name`` (``Astrid``, ``Glyph of Astrid``, ``astrid``).

    :raises KeyError: with a sentence naming the glyphs that come close, or all of them.
    """
    info = describe(name)
    if info is None:
        key = key_of(name)
        every = names() + treasure_names()
        close = difflib.get_close_matches(key, every, n=3, cutoff=0.7)
        hint = (f"did you mean {', '.join(close)}?" if close else
                f"the power glyphs are {', '.join(names())}; the Treasure, Artifact and Tech Glyphs are "
                f"{', '.join(treasure_names())}")
        raise KeyError(f"no glyph is called '{name.strip()}': {hint}")
    rule = getattr(info, "rule", "")
    return heading(info), f"{info.text} ({rule})" if rule else info.text


def treasure_names() -> list[str]:
    """Every Treasure, Artifact and Tech Glyph name, alphabetically (HS-TREASURE-*, HS-TECH-*)."""
    return sorted(CATALOGUE)


def all_names() -> list[str]:
    """Every glyph ``/glyph`` explains: the power glyphs, then the Treasure, Tech and Artifact glyphs."""
    return names() + sorted(CATALOGUE)


def glyph_names(current: str = "") -> list[str]:
    """Glyph names (power glyphs first) starting with (else containing) ``current``, for autocomplete."""
    want = key_of(current) if current.strip() else ""
    first = [n for n in all_names() if n.startswith(want)]
    return first + [n for n in all_names() if want in n and n not in first]
