"""Small helpers the computer player's modules share: how far apart two figures are, and whom a
figure fights."""

from __future__ import annotations

from bot.rules.state import Figure, MatchState


def figure_distance(a: Figure, b: Figure) -> int:
    """Spaces between the nearer halves of ``a`` and ``b``, counted on the plane (like Range)."""
    return min(x.distance(y) for x in a.hexes for y in b.hexes)


def enemies_of(st: MatchState, fig: Figure) -> list[Figure]:
    """The enemy figures of ``fig`` on the battlefield, by id."""
    return sorted((f for f in st.on_battlefield() if st.is_enemy(fig, f)), key=lambda f: f.id)
