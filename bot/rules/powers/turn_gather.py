"""Part of building block ``d20_table``: "after move, before attack", a table of "place (up to) N
WORDs adjacent" (Elven Summoning Spell of Emirroon; its ``modifier`` "+1 per adjacent Elf you
control" is read by :mod:`block_d20`).

After moving and before attacking (HS-TURN-06), once per turn, the holder's controller rolls the
d20 (with the modifier); the row says how many of their figures of that word (not already next
to the holder, single-space) may be placed on empty spaces next to it, one after another: a
figure (or ``done``), then its space. Being placed, they take no leaving-engagement attacks
(HS-SPECIAL-08).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.engagement import adjacent
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._free import empty_next_to, place_on
from bot.rules.powers._turns import once_each
from bot.rules.powers.block_d20 import _mine, _roll
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_table`` powers of this shape.
KINDS: frozenset[str] = frozenset()

DONE = "done"


def _movers(st: MatchState, holder: Figure, word: str) -> list[Figure]:
    return sorted((f for f in st.on_battlefield() if f is not holder and f.controller == holder.controller
                   and word in terms.card_words(st.card_of(f)) and len(f.hexes) == 1
                   and not adjacent(st, holder, f) and not modifiers.move_rules(st, f).held_by), key=lambda f: f.id)


@register
class Gather(PowerEffect):
    """After moving: the roll, then the figures placed next to the holder (``left``: how many more)."""

    name = "d20_gather"
    kind = "d20_table"
    window = Window.AFTER_MOVING
    per_figure = True
    rule = "HS-TURN-06"

    def _found(self, st: MatchState, holder: Figure) -> tuple[Any, ...] | None:
        found = _mine(st, holder, "gather")
        return (found[0][0], *found[0][1]) if found else None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return once_each(engine, self.name, lambda f: self._found(engine.state, f))

    def _ask(self, engine: RulesContext, trigger: Trigger, left: int) -> None:
        st = engine.state
        holder = st.figures[trigger.subject]
        found = self._found(st, holder)
        movers = _movers(st, holder, found[2]) if found else []
        if left <= 0 or not movers or not empty_next_to(st, holder):
            return
        engine.ask(trigger.with_data(step="who", left=left), f"{found[0].name if found else ''}: which figure comes "
                   f"next to {holder.id} ({left} more at most), or {DONE}?", [f.id for f in movers] + [DONE], self.rule)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        holder = st.figures[trigger.subject]
        found = self._found(st, holder)
        if st.turn is None or found is None or not holder.on_battlefield:
            return
        power, rows, word = found
        step = trigger.get("step")
        if step is None:
            st.turn.data[f"{self.name}:{holder.id}"] = True
            roll, total = _roll(engine, holder, power, None)
            n = next((k for lo, hi, k in rows if lo <= total <= hi), rows[-1][2] if total > rows[-1][1] else 0)
            engine.emit("power", power=power.name, figure=holder.id, player=holder.controller, d20=roll, total=total,
                        success=n > 0, result=f"up to {n} {word}(s) may be placed next to {holder.id}")
            self._ask(engine, trigger, n)
        elif step == "who" and choice in {f.id for f in _movers(st, holder, word)}:
            engine.ask(trigger.with_data(step="where", rider=choice), f"{power.name}: onto which space next to "
                       f"{holder.id}?", [st.battlefield.label(h) for h in empty_next_to(st, holder)], self.rule)
        elif step == "where":
            rider = st.figures[str(trigger.get("rider"))]
            dest = next((h for h in empty_next_to(st, holder) if st.battlefield.label(h) == choice), None)
            if dest is not None and rider.on_battlefield:
                place_on(engine, trigger, power.name, rider, dest)
            self._ask(engine, trigger, int(trigger.get("left", 0)) - 1)
