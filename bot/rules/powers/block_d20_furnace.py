"""Part of building block ``d20_trigger``: the moment "own turn: before moving and on each space
entered" with ``target`` "each adjacent figure" and ``effect`` "1 wound" (Blast Furnace 15 of the
Hellforge Mandukor).

On the holder's own turn, before it moves and after each space it enters (:mod:`bot.rules.step_hooks`),
the d20 is rolled once for each figure next to it that was not rolled against yet this turn; on
the ``threshold`` or more that figure takes 1 wound. Lava Resistant figures are spared (the
card says so; the card file's sketch has no ``immune``, which may say "Lava Resistant"). :mod:`block_d20` accepts these values when :func:`is_furnace` says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules import step_hooks
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.powers import _terms as terms
from bot.rules.state import Figure
from bot.rules.terrain_effects import lava_resistant

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this moment.
KINDS: frozenset[str] = frozenset()

WINDOW = "own turn: before moving and on each space entered"
#: ``turn.data`` key: holder id -> the figures rolled against this turn.
ROLLED = "furnace_rolled"


def is_furnace(values: dict[str, Any]) -> bool:
    """Whether a ``d20_trigger``'s ``values`` are this moment's, with a wound to each adjacent figure."""
    return (terms.norm(values.get("window", "")) == WINDOW
            and terms.norm(values.get("target", "")) == "each adjacent figure"
            and terms.norm(values.get("effect", "")) == "1 wound"
            and isinstance(values.get("threshold"), int)
            and terms.norm(values.get("immune", "lava resistant")) == "lava resistant"
            and not set(values) - {"window", "target", "effect", "threshold", "immune"})


def _power(fig: Figure, engine: RulesContext) -> Power | None:
    return next((p for p in engine.state.card_of(fig).powers
                 if p.kind == "d20_trigger" and is_furnace(dict(p.values))), None)


def _burn(engine: RulesContext, fig: Figure) -> None:
    st = engine.state
    turn = st.turn
    power = _power(fig, engine)
    if power is None or turn is None or turn.card_key not in (None, fig.card_key):
        return  # only on the holder's own turn
    rolled = turn.data.setdefault(ROLLED, {}).setdefault(fig.id, [])
    for other in sorted(st.on_battlefield(), key=lambda f: f.id):
        if other is fig or other.id in rolled or not adjacent(st, fig, other):
            continue
        if lava_resistant(st, other):
            continue  # the card spares them, whether or not its values say "immune"
        rolled.append(other.id)
        roll = engine.roll_d20()
        ok = roll >= int(power.values["threshold"])
        engine.emit("power", power=power.name, figure=fig.id, player=fig.controller, d20=roll, success=ok,
                    target=other.id, result=f"1 wound to {other.id}" if ok else "no effect")
        if ok:
            engine.wound(other, 1, power.name)


step_hooks.on_before_move(_burn)
step_hooks.on_enter(_burn)
