"""A move a power gives outside a figure's normal move ("move up to 4 spaces"): where it can go,
a suggested destination, and the effect base that asks for the destination and carries it out
with the normal movement rules (engagement, leaving-engagement attacks, falls, terrain).

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.movement import plan, reachable_within
from bot.rules.powers._effects import PowerEffect
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger

if TYPE_CHECKING:
    from bot.rules.context import Referee, RulesContext

#: The answer that leaves the figure where it is.
STAY = "stay"


def destinations(state: MatchState, fig: Figure, budget: int) -> dict[Hex, list[Hex]]:
    """The spaces ``fig`` can end a move of ``budget`` spaces on (its leading space), with a path."""
    out: dict[Hex, list[Hex]] = {}
    for end, (_, path) in reachable_within(state, fig, budget).items():
        if end != fig.hexes and path:
            out.setdefault(end[0], path)
    return out


def suggest(state: MatchState, fig: Figure, ends: dict[Hex, list[Hex]]) -> Hex | None:
    """The destination nearest an enemy figure (then in label order): what the computer answers."""
    enemies = [h for f in state.on_battlefield() if state.is_enemy(fig, f) for h in f.hexes]

    def key(h: Hex) -> tuple[int, int, int]:
        return (min((h.distance(e) for e in enemies), default=0), h.r, h.q)

    return min(ends, key=key) if ends else None


class FreeMove(PowerEffect):
    """Base of the effects that let a figure move a few spaces outside its normal move. A trigger's
    ``subject`` is the figure that moves, its data ``card`` the key of the card whose power it is;
    the effect asks where to (a space, or ``stay``) and moves it there."""

    def card_key(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("card"))

    def budget(self, engine: RulesContext, trigger: Trigger) -> int:
        """How many spaces the figure may move."""
        raise NotImplementedError

    def ends(self, engine: RulesContext, trigger: Trigger, fig: Figure) -> dict[Hex, list[Hex]]:
        """Where the figure may go, each with a path (:func:`destinations` of :meth:`budget` spaces)."""
        return destinations(engine.state, fig, self.budget(engine, trigger))

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        fig = engine.state.figures.get(trigger.subject)
        return fig is not None and fig.on_battlefield

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        """Any space the figure can reach, typed as its label."""
        if trigger.get("step") != "to" or answer.strip().lower() == STAY:
            return None
        st = engine.state
        try:
            h = st.battlefield.parse_space(answer.strip())
        except ValueError:
            return None
        fig = st.figures[trigger.subject]
        if h not in self.ends(engine, trigger, fig):
            raise IllegalCommand(f"{self.power_name(engine, trigger)}: {fig.id} cannot reach {st.battlefield.label(h)} "
                                 f"with a move of {self.budget(engine, trigger)} spaces; name a space it can reach, or "
                                 f"{STAY}", self.rule, actions=("choose",))
        return st.battlefield.label(h)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        ends = self.ends(engine, trigger, fig)
        if trigger.get("step") != "to":
            best = suggest(st, fig, ends)
            if best is None:
                return
            engine.ask(trigger.with_data(step="to"),
                       f"{self.power_name(engine, trigger)}: where does {fig.id} move (up to "
                       f"{self.budget(engine, trigger)} spaces)? Name a space, or {STAY}.",
                       [st.battlefield.label(best), STAY])
            return
        if choice in (None, STAY) or not fig.on_battlefield:
            return
        h = st.battlefield.parse_space(str(choice))
        if h not in ends:
            return
        from bot.rules.actions.move import carry_out  # the normal move's consequences

        engine.emit("power", power=self.power_name(engine, trigger), figure=fig.id, player=trigger.controller,
                    success=True, result=f"{fig.id} moves to {st.battlefield.label(h)}")
        carry_out(cast("Referee", engine), fig, plan(st, fig, ends[h], check_allowance=False))
