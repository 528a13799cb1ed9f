"""The short-lived effects carried glyphs start, kept as :class:`~bot.rules.moments.Lasting` effects.

Each is named ``treasure:<glyph>:<figure>`` and holds, for an effect of one attack only, the
attacker and target it belongs to (so it cannot leak into another attack). The dice and movement
hooks (:mod:`bot.rules.treasure.hooks`) read them; the engine ends them at their expiry and the
"after the attack" housekeeping (:mod:`bot.rules.treasure.effects`) ends the one-attack ones.
"""

from __future__ import annotations

from typing import Any

from bot.rules.context import RulesContext
from bot.rules.moments import Expiry, Lasting
from bot.rules.state import MatchState

PREFIX = "treasure:"


def name_of(glyph: str, figure: str) -> str:
    """The key of ``glyph``'s lasting effect for ``figure`` in ``MatchState.effects``."""
    return f"{PREFIX}{glyph}:{figure}"


def start(eng: RulesContext, glyph: str, figure: str, controller: str, until: Expiry, **data: Any) -> Lasting:
    """Start ``glyph``'s effect for ``figure`` until ``until`` (with ``data``: attacker, target...)."""
    return eng.add_lasting(name_of(glyph, figure), controller, until, source=figure, glyph=glyph, **data)


def get(state: MatchState, glyph: str, figure: str) -> Lasting | None:
    """``glyph``'s lasting effect for ``figure``, if one is under way."""
    if not state.effects:
        return None
    eff = state.effects.get(name_of(glyph, figure))
    return eff if isinstance(eff, Lasting) else None


def for_attack(state: MatchState, glyph: str, figure: str, attacker: str, target: str) -> Lasting | None:
    """``glyph``'s one-attack effect for ``figure`` when it belongs to the attack of ``attacker`` on ``target``."""
    eff = get(state, glyph, figure)
    if eff is None or eff.data.get("attacker") != attacker or eff.data.get("target") != target:
        return None
    return eff


def end(eng: RulesContext, glyph: str, figure: str) -> None:
    """End ``glyph``'s effect for ``figure`` now (no error when none is under way)."""
    name = name_of(glyph, figure)
    eff = eng.state.effects.pop(name, None)
    if eff is not None:
        eng.emit("effect_ended", name=name, controller=eff.controller)


def one_attack(state: MatchState) -> list[Lasting]:
    """The one-attack glyph effects under way (those holding an ``attacker``)."""
    return [e for k, e in state.effects.items()
            if k.startswith(PREFIX) and isinstance(e, Lasting) and "attacker" in e.data]
