"""Shared set-up of the Treasure Glyph tests: carriers, glyphs on spaces, decisions."""

from __future__ import annotations

from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.state import Figure


def carrying(eng: Engine, fid: str, *glyphs: str, flipped: tuple[str, ...] = ()) -> Figure:
    """Put ``glyphs`` on ``fid``'s Army Card (``flipped``: Tech Glyphs already used this round)."""
    f = eng.state.figures[fid]
    f.carries[:] = list(glyphs)
    f.flipped[:] = list(flipped)
    return f


def lay(eng: Engine, q: int, r: int, name: str, side: str = "power") -> None:
    """Put glyph ``name`` on space ``(q, r)``, ``side`` up."""
    eng.state.glyphs[Hex(q, r)] = (name, side)


def glyphs(eng: Engine) -> dict[tuple[int, int], tuple[str, str]]:
    """The glyphs on the battlefield as ``{(q, r): (name, side)}``."""
    return {(h.q, h.r): v for h, v in eng.state.glyphs.items()}


def pending_kind(eng: Engine) -> str | None:
    """The kind of the first pending decision, or ``None``."""
    return eng.state.pending[0].kind if eng.state.pending else None


def answer(eng: Engine, option: str) -> list:
    """Answer the first pending decision as its player."""
    return eng.execute(eng.state.pending[0].player, f"choose {option}")
