"""Power glyphs (HS-GLYPH-*): the registry players read, and where the rules that enforce them live.

- :mod:`bot.rules.glyphs.catalogue`: every power glyph of both rulebooks as data (:class:`GlyphInfo`).
- :mod:`bot.rules.glyphs.board`: questions about the glyphs lying on the battlefield (who holds
  which, must a move stop here, may a figure step on or off), for movement and the hooks.
- :mod:`bot.rules.glyphs.permanent`: permanent glyphs as modifiers and end-of-round effects.
- :mod:`bot.rules.glyphs.arrival`: a figure moving onto a glyph (turned over, then it acts) and the
  temporary glyphs' effects (:mod:`bot.rules.glyphs.temporary`, :mod:`bot.rules.glyphs.moves`).

This package's ``__init__`` imports only the catalogue, so that the movement rules can import
:mod:`bot.rules.glyphs.board` without a cycle; :mod:`bot.rules` imports the effect modules to
register their hooks.
"""

from __future__ import annotations

import importlib

from bot.rules.glyphs.catalogue import CARD_GLYPHS, POWER_GLYPHS, UNKNOWN, GlyphInfo

__all__ = ["POWER_GLYPHS", "GlyphInfo", "describe", "key_of", "known_name", "names"]


def key_of(text: str) -> str:
    """A glyph name as typed (``Glyph of Astrid``, ``glyph-of-astrid``, ``Astrid``) in the key form the
    maps and state use (``astrid``; treasure glyphs ``potion_of_healing``).

    >>> key_of("Glyph of  Astrid"), key_of("Potion of Healing")
    ('astrid', 'potion_of_healing')
    """
    words = text.strip().lower().replace("-", " ").replace("_", " ").split()
    if len(words) > 2 and words[:2] == ["glyph", "of"]:
        words = words[2:]
    return "_".join(words)


def _treasure_describe(name: str) -> GlyphInfo | None:
    """The treasure/tech/artifact catalogue's answer, when that package is present."""
    try:
        mod = importlib.import_module("bot.rules.treasure.catalogue")
    except ImportError:
        return None
    fn = getattr(mod, "describe", None)
    return fn(name) if fn is not None else None


def describe(name: str) -> GlyphInfo | None:
    """The glyph called ``name`` (any form :func:`key_of` reads), power glyphs first, then the
    treasure catalogue if it is installed (a card's glyph, Vines, among the power glyphs); ``None``
    when no glyph has that name. ``unknown`` is
    the glyph a map file left unnamed (:data:`~bot.rules.glyphs.catalogue.UNKNOWN`: no effect)."""
    key = key_of(name)
    # A card's glyph may be named with its title's last word too ("Xenithrax Vines Glyph").
    card_glyph = CARD_GLYPHS.get(key) or CARD_GLYPHS.get(key.removesuffix("_glyph"))
    found = POWER_GLYPHS.get(key) or card_glyph or (UNKNOWN if key == UNKNOWN.name else None)
    if found is not None:
        return found
    return _treasure_describe(key)


def names() -> list[str]:
    """Every power glyph name, alphabetically (for autocomplete and listings)."""
    return sorted(POWER_GLYPHS)


def known_name(name: str) -> str:
    """The key of the glyph ``name`` names (any spelling :func:`describe` reads), for map, side and
    scenario files: ``known_name("Glyph of Astrid") == "astrid"``, ``known_name("Heroic Rune") ==
    "heroic_rune"``; ``unknown`` stays ``unknown`` (a glyph the map file left unnamed).

    :raises ValueError: no glyph has that name; the message lists every accepted name.
    """
    info = describe(name)
    if info is not None:
        return info.name
    treasure = sorted(_treasure_names())
    raise ValueError(f"{name!r} is not a glyph name; write a power glyph ({', '.join(names())}), "
                     + (f"a Treasure, Artifact or Tech Glyph ({', '.join(treasure)}), " if treasure else "")
                     + f"or {UNKNOWN.name!r} for a glyph whose name the map does not give")


def _treasure_names() -> list[str]:
    """The treasure catalogue's keys, when that package is present."""
    try:
        mod = importlib.import_module("bot.rules.treasure.catalogue")
    except ImportError:
        return []
    return list(getattr(mod, "CATALOGUE", {}))
