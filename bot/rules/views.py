"""What one player (or the public) may see of a match (HS-ORDER-05; boardgame.io's player_view).

Unrevealed Order Markers of other players are replaced by face-down markers: the cards they lie
on stay visible (they are on the table), their numbers do not. Face-down markers are keyed
``?1``, ``?2``... in card order, so nothing about their numbers survives in the key order.

:func:`state_json` is the stable text form of a state (sorted keys, no whitespace): two states
are the same exactly when their texts are equal, which is how a replayed match is compared with
the original, byte for byte.
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from pydantic import BaseModel

from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex
from bot.rules.scenario import Scenario
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
    # A glyph lying symbol side up is face down on the table: which one it is, nobody sees (HS-GLYPH-01).
    view.glyphs = {h: (name if side == "power" else "?", side) for h, (name, side) in state.glyphs.items()}
    # Which numbers left a taken card is as secret as the markers were (HS-ORDER-05).
    view.lost_orders = {pid: lost for pid, lost in view.lost_orders.items() if pid == player}
    view.pending = [p for p in state.pending if player is not None and p.player == player] or [
        type(p)(player=p.player, kind=p.kind, prompt="", options=[], context={}, rule=p.rule) for p in state.pending
        if player is None or p.player != player
    ]
    return view


def public_view(state: MatchState) -> MatchState:
    """What everyone may see."""
    return player_view(state, None)


def to_data(obj: object) -> Any:
    """A JSON-ready copy of a state or any part of it.

    Hexes become ``[q, r]`` (``"q,r"`` as keys), enums their values, Army Cards their ids, the
    battlefield its name and the scenario its id (both are fixed for a match).
    """
    if isinstance(obj, Hex):
        return [obj.q, obj.r]
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, Battlefield):
        return obj.name
    if isinstance(obj, Scenario):
        return obj.id
    if isinstance(obj, BaseModel):
        return getattr(obj, "id", None) or obj.model_dump(mode="json")
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {(f"{k.q},{k.r}" if isinstance(k, Hex) else str(k)): to_data(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple | set | frozenset):
        items = [to_data(v) for v in obj]
        return sorted(items, key=json.dumps) if isinstance(obj, set | frozenset) else items
    return obj


def state_json(state: MatchState) -> str:
    """The stable text form of ``state``: equal states give equal strings, byte for byte."""
    return json.dumps(to_data(state), sort_keys=True, separators=(",", ":"))
