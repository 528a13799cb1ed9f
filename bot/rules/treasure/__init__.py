"""Treasure Glyphs, Ancient Artifacts and Tech Glyphs (HS-TREASURE-*, HS-TECH-*).

A Treasure Glyph never stops a figure (HS-TREASURE-01): a Unique Hero that ends its move on one may
try to pick it up (a decision; traps in scenarios that call for them), carries any number, drops
them during a move (``move ... drop GLYPH@SPACE``) or where it is destroyed, and uses them: a
permanent glyph works while carried, a temporary one or an Ancient Artifact is used once (``use
FIGURE GLYPH [TARGET]``, or a decision the rules offer at its moment), and a Tech Glyph is turned
over when used and back at the end of the round.

- :mod:`~bot.rules.treasure.catalogue`: every glyph and its text (``describe(name)``);
- :mod:`~bot.rules.treasure.carry`: picking up, traps, dropping, falling with a destroyed carrier;
- :mod:`~bot.rules.treasure.hooks`: dice, Move, moving and targeting (:mod:`bot.rules.modifiers`);
- :mod:`~bot.rules.treasure.effects`: the timing-window effects (:mod:`bot.rules.timing`);
- :mod:`~bot.rules.treasure.use`: the ``use`` command;
- :mod:`~bot.rules.treasure.drops`: the ``drop`` option of a move.

Importing the package registers the hooks and effects (the engine imports it).
"""

from __future__ import annotations

from bot.rules.treasure import effects, hooks, tome  # noqa: F401  (registers the effects and hooks)
from bot.rules.treasure.catalogue import GlyphInfo, describe

__all__ = ["GlyphInfo", "describe"]
