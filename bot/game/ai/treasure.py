"""The computer and Treasure Glyphs: its Unique Heroes go for treasure they can reach (HS-TREASURE-02, -03).

A Unique Hero that is not engaged and can end its move on a Treasure Glyph this turn goes there
(the nearest, then the cheapest way, with no leaving-engagement attack); the pick-up decision that
follows is answered "yes" like every decision the computer owns (its first option). A carrier with
2 or more wounds drinks a Potion of Healing at the start of its card's turn (:func:`glyph_use`).
"""

from __future__ import annotations

from bot.rules.engagement import engaged_enemies
from bot.rules.legal import LegalCommands
from bot.rules.state import Figure, MatchState, Stage
from bot.rules.treasure import carry
from bot.rules.treasure.catalogue import describe


def treasure_move(st: MatchState, fig: Figure) -> str | None:
    """The move that ends ``fig`` on a Treasure Glyph, or ``None`` (not a Unique Hero, engaged, none in reach)."""
    if not st.glyphs or not fig.on_battlefield or not carry.unique_hero(st, fig) or engaged_enemies(st, fig):
        return None
    bf = st.battlefield
    spots = {bf.label(h) for h, (name, _side) in st.glyphs.items() if describe(name) is not None}
    if not spots:
        return None
    found = [m for m in LegalCommands(st, fig.controller).moves(fig.id)
             if m.swipes == 0 and any(s in spots for s in m.spaces)]
    if not found:
        return None
    return min(found, key=lambda m: (m.cost, m.command)).command


def glyph_use(st: MatchState, figs: list[Figure]) -> str | None:
    """A glyph worth using now among ``figs`` (the turn's own figures): a Potion of Healing for a carrier
    with 2 or more wounds, before anything moves; else ``None``."""
    turn = st.turn
    if turn is None or turn.stage is not Stage.MOVE or turn.moved:
        return None
    for fig in figs:
        if "potion_of_healing" in fig.carries and fig.wounds >= 2:
            return f"use {fig.id} potion_of_healing"
    return None
