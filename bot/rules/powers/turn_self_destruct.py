"""Part of building block ``d20_table``: after moving, instead of attacking, the figure destroys
itself and rolls the d20 for wounds on every figure next to it (Self-Destruct of Deathwalker 7000).

``values``: ``window`` "after moving, instead of attacking", ``target`` "all adjacent figures",
``table`` of d20 ranges to "nothing" or "N wounds each", ``cost`` "destroy self". After the card's
figures have moved and before any attacks (HS-TURN-06), each figure of the card with another
figure next to it may use it (a decision ``self-destruct`` or ``skip``): it makes no attack this
turn, the d20 is rolled, every figure next to it (of any side, HS-ENGAGE-02 adjacency) takes the
row's wounds with no defense roll, and then it is destroyed whatever the roll.

The computer answers the first option: ``self-destruct`` comes first only when at least two enemy
figures and no friendly one stand next to the figure, ``skip`` first otherwise.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import SKIP
from bot.rules.powers._shaped import ShapedTurnPower, roll_d20
from bot.rules.powers._tables import row_for, table_rows
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_table`` powers of this shape (:mod:`block_d20` asks
#: :func:`is_self_destruct` and leaves them to this module).
KINDS: frozenset[str] = frozenset()
KIND = "d20_table"
USE = "self-destruct"
_WINDOW = "after moving, instead of attacking"


def _wounds(text: Any) -> int | None:
    t = terms.norm(text)
    if t in ("nothing", "no effect"):
        return 0
    m = re.fullmatch(r"(\d+) wounds? each", t)
    return int(m.group(1)) if m else None


def is_self_destruct(values: dict[str, Any]) -> bool:
    """Whether a ``d20_table``'s ``values`` are this shape (see the module doc)."""
    return (terms.norm(values.get("window", "")) == _WINDOW and terms.norm(values.get("target", "")) == "all adjacent figures"
            and terms.norm(values.get("cost", "")) == "destroy self" and set(values) == {"window", "target", "table", "cost"}
            and table_rows(values, _wounds) is not None)


def self_destruct_of(card_powers: list[Power]) -> Power | None:
    """The first such power among ``card_powers``, or ``None``."""
    return next((p for p in card_powers if p.kind == KIND and is_self_destruct(dict(p.values))), None)


def around(state: MatchState, fig: Figure) -> list[Figure]:
    """The figures next to ``fig``, by id."""
    return sorted((f for f in state.on_battlefield() if f is not fig and adjacent(state, fig, f)), key=lambda f: f.id)


@register
class SelfDestruct(ShapedTurnPower):
    """Self-Destruct: see the module doc. A trigger's ``subject`` and ``source`` are the figure."""

    name = "d20_self_destruct"
    kind = KIND
    rule = "HS-TURN-06"
    shape_of = staticmethod(self_destruct_of)

    def ready(self, state: MatchState, fig: Figure, power: Power) -> bool:
        return state.turn is not None and fig.id not in state.turn.attacked and bool(around(state, fig))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        fig = st.figures[trigger.subject]
        near = around(st, fig)
        worth = sum(st.is_enemy(fig, f) for f in near) >= 2 and all(st.is_enemy(fig, f) for f in near)
        return [USE, SKIP] if worth else [SKIP, USE]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        near = ", ".join(f.id for f in around(engine.state, engine.state.figures[trigger.subject]))
        return (f"{self.power_name(engine, trigger)}: {trigger.subject} destroys itself instead of attacking, and "
                f"the d20 says the wounds each figure next to it takes ({near})? Answer {USE} or {SKIP}.")

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        table = table_rows(dict(power.values), _wounds) if power is not None else None
        if choice != USE or power is None or table is None:
            return
        engine.forgo_attacks([fig.id])
        _, total, shown = roll_d20(engine, fig.controller, power, fig.card_key)
        n = row_for(table, total) or 0
        near = around(st, fig)
        engine.emit("power", power=power.name, figure=fig.id, player=trigger.controller, success=n > 0,
                    result=(f"{n} wound{'' if n == 1 else 's'} to each figure next to it ({', '.join(f.id for f in near)})"
                            if n else "the figures next to it are unharmed"), **shown)
        for f in near:
            if n and f.on_battlefield:
                engine.wound(f, n, f"{power.name} by {fig.id}")
        if fig.on_battlefield:
            engine.destroy(fig, power.name)
