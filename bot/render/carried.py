"""Carried glyphs, for their carrier's Army Card line in the panel: ``carries Heroic Rune, Jump Pack (used)``.

Treasure, Artifact and Tech Glyphs on an Army Card are public (they lie on the card, HS-TREASURE-03);
a Tech Glyph turned symbol side up this round is marked ``(used)`` (HS-TECH-03). A squad's line
names the figure that carries each (``TV2 carries ...``).
"""

from __future__ import annotations

from collections.abc import Mapping

import bot.rules.treasure  # noqa: F401  (registers the glyphs' hooks, as the engine does)
from bot.rules.state import MatchState
from bot.rules.treasure.catalogue import title


def carried_lines(state: MatchState, key: str, names: Mapping[str, str]) -> list[str]:
    """One phrase per figure of card ``key`` that carries glyphs (empty when none does)."""
    cip = state.cards.get(key)
    if cip is None:
        return []
    out = []
    figs = [f for f in state.figures_of(key) if not f.destroyed and f.carries]
    for fig in figs:
        held = ", ".join(title(g) + (" (used)" if g in fig.flipped else "") for g in fig.carries)
        who = f"{names.get(fig.id, fig.id)} carries" if len(cip.figure_ids) > 1 else "carries"
        out.append(f"{who} {held}")
    return out
