"""Small helpers the computer player's modules share: how far apart two figures are, and whom a
figure fights."""

from __future__ import annotations

from bot.rules.state import Figure, MatchState, Stage


def figure_distance(a: Figure, b: Figure) -> int:
    """Spaces between the nearer halves of ``a`` and ``b``, counted on the plane (like Range)."""
    return min(x.distance(y) for x in a.hexes for y in b.hexes)


def enemies_of(st: MatchState, fig: Figure) -> list[Figure]:
    """The enemy figures of ``fig`` on the battlefield, by id."""
    return sorted((f for f in st.on_battlefield() if st.is_enemy(fig, f)), key=lambda f: f.id)


def turn_figures(st: MatchState, player: str) -> tuple[list[Figure], list[Figure]] | None:
    """The figures of ``player``'s Player Turn under way (its card's, on the battlefield, that
    ``player`` controls) and those of them that may still move (none once the attack stage began
    or the card's count has moved); ``None`` when the turn has no card (nothing to do)."""
    turn = st.turn
    assert turn is not None and turn.player == player
    if turn.card_key is None:
        return None
    card = st.cards[turn.card_key].card
    figs = [st.figures[f] for f in st.cards[turn.card_key].figure_ids]
    figs = [f for f in figs if f.on_battlefield and f.controller == player]
    moving = turn.stage is Stage.MOVE and len(turn.moved) < card.stat("figures")
    return figs, [f for f in figs if f.id not in turn.moved] if moving else []
