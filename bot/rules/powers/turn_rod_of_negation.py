"""Part of building block ``d20_table``: at the end of every Player Turn, while Negation Markers are
left on the card, the d20 at an opponent's Unique figure in sight (Rod of Negation of Morsbane).

``values``: ``window`` "end of turn, while a Negation Marker remains", ``target`` "opponent's
Unique figure within N clear sight spaces" (HS-LOS-03), ``table`` of d20 ranges to "nothing",
"negate all its special powers for the game" or "destroy", ``markers`` (how many Negation Markers
start on the card: 3). As each Player Turn ends (whoever's it is), the controller of a figure with
the power and a marker left may pick such a figure (or ``skip``) and roll: "negate" puts a marker
on that figure's Army Card, whose special powers then stop for the rest of the battle (as the Gold
Negation Marker of Nilrend, HS-GLYPH-28: :func:`bot.rules.glyphs.temporary.negate`); "destroy"
destroys the figure (no marker is used); "nothing" uses no marker.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.glyphs.temporary import negate
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import holders
from bot.rules.powers._effects import SKIP, PowerEffect
from bot.rules.powers._shaped import roll_d20
from bot.rules.powers._supply import left, take
from bot.rules.powers._tables import row_for, table_rows
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_table`` powers of this shape (:mod:`block_d20` asks
#: :func:`is_rod` and leaves them to this module).
KINDS: frozenset[str] = frozenset()
KIND = "d20_table"
_WINDOW = "end of turn, while a negation marker remains"
_TARGET = re.compile(r"opponent's unique figure within (\d+) clear sight spaces")
_EFFECTS = {"nothing": "nothing", "no effect": "nothing", "negate all its special powers for the game": "negate",
            "destroy": "destroy"}


def _effect(text: Any) -> str | None:
    return _EFFECTS.get(terms.norm(text))


def is_rod(values: dict[str, Any]) -> bool:
    """Whether a ``d20_table``'s ``values`` are this shape (see the module doc)."""
    markers = values.get("markers")
    return (terms.norm(values.get("window", "")) == _WINDOW
            and _TARGET.fullmatch(terms.norm(values.get("target", ""))) is not None
            and isinstance(markers, int) and not isinstance(markers, bool) and markers > 0
            and set(values) == {"window", "target", "table", "markers"} and table_rows(values, _effect) is not None)


def rod_of(card_powers: list[Power]) -> Power | None:
    """The first such power among ``card_powers``, or ``None``."""
    return next((p for p in card_powers if p.kind == KIND and is_rod(dict(p.values))), None)


def targets(state: MatchState, holder: Figure, power: Power) -> list[Figure]:
    """The opponents' Unique figures in reach whose card still has its powers, by id."""
    m = _TARGET.fullmatch(terms.norm(power.values.get("target", "")))
    reach = terms.Reach(spaces=int(m.group(1))) if m else None
    return sorted((f for f in state.on_battlefield() if reach is not None and state.is_enemy(holder, f)
                   and state.card_of(f).is_unique and not state.cards[f.card_key].data.get("negated")
                   and reach.reaches(state, holder, f)), key=lambda f: f.id)


@register
class RodOfNegation(PowerEffect):
    """Rod of Negation: see the module doc. A trigger's ``subject`` and ``source`` are the holder."""

    name = "d20_rod_of_negation"
    kind = KIND
    window = Window.END_OF_TURN
    per_figure = True
    optional = True
    rule = "HS-GLYPH-28"

    def power(self, engine: RulesContext, trigger: Trigger) -> Power | None:
        return rod_of(engine.state.cards[self.card_key(engine, trigger)].card.powers)

    def _ready(self, state: MatchState, holder: Figure) -> bool:
        power = rod_of(state.card_of(holder).powers)
        return power is not None and left(state.cards[holder.card_key], power, "markers") > 0 \
            and bool(targets(state, holder, power))

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if st.turn is None:
            return []
        return [Trigger(self.name, f.controller, f.id, source=f.id) for f, p in holders(st, KIND)
                if rod_of([p]) is not None and self._ready(st, f)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return self._ready(engine.state, engine.state.figures[trigger.subject])

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        holder = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        return [f.id for f in targets(st, holder, power)] + [SKIP] if power is not None else [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        st = engine.state
        power = self.power(engine, trigger)
        n = left(st.cards[st.figures[trigger.subject].card_key], power, "markers") if power is not None else 0
        return (f"{self.power_name(engine, trigger)} ({n} Negation Marker{'' if n == 1 else 's'} left): roll the d20 "
                f"at which opponent's Unique figure (16-19 negates its card's powers, 20 destroys it)? Or {SKIP}.")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        holder = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        table = table_rows(dict(power.values), _effect) if power is not None else None
        target = next((f for f in targets(st, holder, power) if f.id == choice), None) if power is not None else None
        if power is None or table is None or target is None:
            return
        _, total, shown = roll_d20(engine, holder.controller, power, holder.card_key)
        what = row_for(table, total) or "nothing"
        card = st.card_of(target)
        result = {"nothing": "no effect",
                  "negate": f"a Negation Marker goes on {card.short}: its special powers stop for the rest of the battle",
                  "destroy": f"{target.id} is destroyed"}[what]
        engine.emit("power", power=power.name, figure=holder.id, player=trigger.controller, target=target.id,
                    success=what != "nothing", result=result, **shown)
        if what == "negate":
            take(st.cards[holder.card_key], power, "markers")
            negate(st, target.card_key)
        elif what == "destroy":
            engine.destroy(target, f"{power.name} by {holder.id}")
