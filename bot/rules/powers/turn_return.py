"""Part of building block ``d20_trigger``: "start of each of your turns while destroyed", "return
adjacent to a figure you control, fully healed" (Rejected by Death of Thanos).

At the start of each Player Turn of its controller (once per turn) while the holder is destroyed,
the d20 is rolled for it; on the ``threshold`` or more the player names an empty space next to one
of their figures and the holder is put there with no wounds (not a move, HS-SPECIAL-08).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.hexes import Hex
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._free import STAY, ask_space, typed_space
from bot.rules.powers.block_d20 import _mine, _try
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this moment.
KINDS: frozenset[str] = frozenset()


def spaces(st: MatchState, fig: Figure) -> list[Hex]:
    """The empty spaces next to a figure of ``fig``'s controller (a single-space figure), in label order."""
    bf = st.battlefield
    mine = [f for f in st.on_battlefield() if f.controller == fig.controller]
    out = {n for f in mine for h in f.hexes for n in h.neighbours()
           if n in bf and bf.top_cell(n) is not None and not bf.obstacles_on(n) and st.occupant(n) is None}
    return sorted(out, key=lambda h: (h.r, h.q)) if st.card_of(fig).base == 1 else []


@register
class BackFromDeath(PowerEffect):
    """At the start of its controller's turn: the destroyed holder's roll, then where it comes back."""

    name = "d20_return"
    kind = "d20_trigger"
    window = Window.START_OF_TURN
    per_figure = True
    refers_to_destroyed = True
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None:
            return []
        out = []
        for fig in st.figures.values():
            if not fig.destroyed or fig.card_key not in st.cards or st.cards[fig.card_key].controller != turn.player:
                continue
            if _mine(st, fig, "return") and not turn.data.get(f"{self.name}:{fig.id}") and spaces(st, fig):
                out.append(Trigger(self.name, turn.player, fig.id, source=fig.id))
        return out

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        return typed_space(engine, trigger, answer, lambda: spaces(engine.state, engine.state.figures[trigger.subject]),
                           lambda fig, label: f"{self.power_name(engine, trigger)}: {fig.id} cannot come back on "
                           f"{label}: name an empty space next to one of your figures, or {STAY}", self.rule)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        found = _mine(st, fig, "return")
        if st.turn is None or not found or not fig.destroyed:
            return
        where = spaces(st, fig)
        if trigger.get("step") != "to":
            st.turn.data[f"{self.name}:{fig.id}"] = True
            if _try(engine, fig, found[0][0], None, f"{fig.id} comes back"):
                ask_space(engine, trigger, fig, {h: [h] for h in where}, f"{found[0][0].name}: where does {fig.id} "
                          f"come back (an empty space next to one of your figures)? Name the space, or {STAY}.")
            return
        h = st.battlefield.parse_space(str(choice)) if choice not in (None, STAY) else None
        if h is not None and h in where:
            engine.put_on(fig, (h,), found[0][0].name)
