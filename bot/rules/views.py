"""What one player (or the public) may see of a match (HS-ORDER-05; boardgame.io's player_view).

Unrevealed Order Markers of other players are replaced by face-down markers: the cards they lie
on stay visible (they are on the table), their numbers do not. Face-down markers are keyed
``?1``, ``?2``... in card order, so nothing about their numbers survives in the key order.
"""

from __future__ import annotations

from bot.rules.state import MatchState


def redact_orders(orders: dict[str, str], revealed: list[str]) -> dict[str, str]:
    """One player's markers as others see them: revealed ones by number, the rest face down."""
    shown = {m: c for m, c in orders.items() if m in revealed}
    hidden = sorted(c for m, c in orders.items() if m not in revealed)
    for i, card in enumerate(hidden, start=1):
        shown[f"?{i}"] = card
    return shown


def player_view(state: MatchState, player: str | None) -> MatchState:
    """A copy of ``state`` with everything ``player`` may not see removed (``None``: the public)."""
    view = state.clone()
    for pid, orders in state.orders.items():
        if pid != player:
            view.orders[pid] = redact_orders(orders, state.revealed.get(pid, []))
    view.pending = [p for p in state.pending if player is not None and p.player == player] or [
        type(p)(player=p.player, kind=p.kind, prompt="", options=[], context={}, rule=p.rule) for p in state.pending
        if player is None or p.player != player
    ]
    return view


def public_view(state: MatchState) -> MatchState:
    """What everyone may see."""
    return player_view(state, None)
