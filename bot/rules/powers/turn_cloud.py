"""Part of building block ``d20_trigger``: "after this figure's turn", "no visible Hit Zone until your
next Order Marker reveal, while she stays put" (Cloud of Darkness of Estivara).

As the holder's Army Card turn ends its controller rolls the d20 (it can only help); on the
``threshold`` or more the holder has no visible Hit Zone (HS-LOS-01: no attack may target it)
while it stays on that space, until its controller next reveals an Order Marker (a lasting effect
that ends then, HS-DESTROY-06's way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules import modifiers
from bot.rules.events import hx
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.moments import Expiry
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._turns import once_each
from bot.rules.powers.block_d20 import _mine, _try
from bot.rules.state import MatchState
from bot.rules.timing import Lasting, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this moment.
KINDS: frozenset[str] = frozenset()

BLOCK = "cloud"


@register
class CloudOfDarkness(PowerEffect):
    """As the holder's card turn ends: the d20; on a success, no visible Hit Zone while it stays put."""

    name = "d20_cloud"
    kind = "d20_trigger"
    window = Window.AFTER_CARD_TURN
    per_figure = True
    rule = "HS-LOS-01"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return once_each(engine, self.name, lambda f: _mine(engine.state, f, BLOCK))

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        found = _mine(st, fig, BLOCK)
        if st.turn is None or not found or not fig.on_battlefield:
            return
        st.turn.data[f"{self.name}:{fig.id}"] = True
        if _try(engine, fig, found[0][0], None, f"{fig.id} has no visible Hit Zone while it stays put"):
            engine.add_lasting(f"{BLOCK}:{fig.id}", fig.controller, Expiry.NEXT_REVEAL, fig.id, block=BLOCK,
                               figure=fig.id, at=[hx(h) for h in fig.hexes], power=found[0][0].name)


@modifiers.on_target_check
def hidden_in_the_cloud(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """No attack targets a figure in its Cloud of Darkness while it stands where the cloud began."""
    eff = state.effects.get(f"{BLOCK}:{ctx.target.id}") if state.effects else None
    if not isinstance(eff, Lasting) or eff.data.get("block") != BLOCK:
        return None
    if [hx(h) for h in ctx.target.hexes] != eff.data.get("at"):
        return None  # it moved: the cloud no longer hides it
    return Verdict(False, f"{ctx.target.id} has no visible Hit Zone ({eff.data.get('power')}) while it stays there",
                   "HS-LOS-01")
