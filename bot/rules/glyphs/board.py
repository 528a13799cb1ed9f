"""Questions about the glyphs lying on the battlefield, read from ``MatchState.glyphs``.

Who holds a permanent glyph (HS-GLYPH-04: a figure stands on it, power side up), whether a move
must stop on a space (HS-GLYPH-02, -03), whether a figure may step onto Kelda (HS-GLYPH-24) or off
Proftaka (HS-GLYPH-14). The movement rules and the modifier hooks ask these; nothing here changes
the state, and this module imports nothing of the rules but the state, so movement may use it.
"""

from __future__ import annotations

from bot.rules.glyphs.catalogue import CARD_GLYPHS, POWER_GLYPHS, UNKNOWN, GlyphInfo
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState

POWER = "power"
SYMBOL = "symbol"


def power_glyph(state: MatchState, h: Hex) -> GlyphInfo | None:
    """The power glyph lying on ``h`` (either side up), or ``None`` (no glyph, or a treasure glyph).
    A glyph the map left unnamed counts as a power glyph of no effect (:data:`UNKNOWN`), and so does
    a glyph a card put there (:data:`~bot.rules.glyphs.catalogue.CARD_GLYPHS`: Vines)."""
    spot = state.glyphs.get(h)
    if spot is None:
        return None
    return POWER_GLYPHS.get(spot[0]) or CARD_GLYPHS.get(spot[0]) or (UNKNOWN if spot[0] == UNKNOWN.name else None)


def under(state: MatchState, fig: Figure) -> list[tuple[Hex, str, str]]:
    """The glyphs under ``fig``'s spaces: ``(hex, name, side)``, lead space first."""
    return [(h, *state.glyphs[h]) for h in fig.hexes if h in state.glyphs]


def holders(state: MatchState, name: str) -> list[Figure]:
    """The figures on the battlefield standing on a power-side-up glyph called ``name`` (HS-GLYPH-04)."""
    if not state.glyphs:
        return []
    spots = {h for h, (n, side) in state.glyphs.items() if n == name and side == POWER}
    if not spots:
        return []
    return [f for f in state.figures.values() if f.on_battlefield and spots.intersection(f.hexes)]


def held_by(state: MatchState, player: str, name: str) -> bool:
    """Whether a figure ``player`` controls holds the glyph ``name``: "your Army" in a permanent
    glyph's text is the army of the player controlling the figure on it (HS-GLYPH-04)."""
    return any(f.controller == player for f in holders(state, name))


def stop_rule(state: MatchState, h: Hex) -> str | None:
    """The clause that ends a walk entering ``h``: a power glyph symbol side up (HS-GLYPH-02) or
    power side up (HS-GLYPH-03); ``None`` when the figure may go on. Flying over a glyph does not
    stop (HS-FLY-06): only walking steps and the landing space ask."""
    if power_glyph(state, h) is None:
        return None
    return "HS-GLYPH-02" if state.glyphs[h][1] == SYMBOL else "HS-GLYPH-03"


def refuses_entry(state: MatchState, fig: Figure, h: Hex) -> str | None:
    """Why ``fig`` may not step onto ``h`` because of a glyph there (HS-GLYPH-24: only a wounded
    figure may move onto Kelda), or ``None``."""
    spot = state.glyphs.get(h)
    if spot is not None and spot == ("kelda", POWER) and fig.wounds < 1:
        return (f"{fig.id} has no wounds, and only a wounded figure may move onto the Glyph of Kelda "
                f"at {state.battlefield.label(h)}")
    return None


def stuck(state: MatchState, fig: Figure) -> str | None:
    """Why ``fig`` cannot move at all: it stands on Proftaka (power side up) with no friendly figure
    on a space next to it (HS-GLYPH-14); ``None`` when it may move."""
    if not any(state.glyphs.get(h) == ("proftaka", POWER) for h in fig.hexes):
        return None
    for other in state.figures.values():
        if other is fig or not other.on_battlefield or state.is_enemy(fig, other):
            continue
        if any(a.is_adjacent(b) for a in fig.hexes for b in other.hexes):
            return None
    return (f"{fig.id} stands on the Glyph of Proftaka (Pit Trap) and cannot move off it until a figure "
            "of its own side stands on a space next to it")


def d20_bonus(state: MatchState, player: str) -> int:
    """What Lodin adds to ``player``'s 20-sided die rolls: 1 while a figure of theirs holds it
    (HS-GLYPH-13). "You may add 1": adding never hurts a roll of the rulebooks (higher is better in
    every one), so the referee always adds it."""
    return 1 if held_by(state, player, "lodin") else 0


def initiative_bonus(state: MatchState, player: str) -> int:
    """What is added to ``player``'s initiative roll: 8 for Dagmar (HS-GLYPH-09), 1 for Lodin (HS-GLYPH-13)."""
    return (8 if held_by(state, player, "dagmar") else 0) + d20_bonus(state, player)
