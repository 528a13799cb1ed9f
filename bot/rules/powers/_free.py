"""A move a power gives outside a figure's normal move ("move up to 4 spaces"): where it can go,
a suggested destination, and the effect base that asks for the destination and carries it out
with the normal movement rules (engagement, leaving-engagement attacks, falls, terrain).

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import TYPE_CHECKING, Any, cast

from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.movement import MovePlan, plan, reachable_within
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._turns import named_space
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


def empty_next_to(state: MatchState, fig: Figure, level: int | None = None) -> list[Hex]:
    """The empty spaces next to ``fig`` (no figure, no obstacle; at ``level`` when given), in label
    order: where a power puts a figure or an object beside it."""
    bf = state.battlefield
    out = {n for h in fig.hexes for n in h.neighbours() if n in bf and n not in fig.hexes and not bf.obstacles_on(n)
           and state.occupant(n) is None and (c := bf.top_cell(n)) is not None and (level is None or c.top == level)}
    return sorted(out, key=lambda h: (h.r, h.q))


def suggest(state: MatchState, fig: Figure, ends: dict[Hex, list[Hex]]) -> Hex | None:
    """The destination nearest an enemy figure (then in label order): what the computer answers."""
    enemies = [h for f in state.on_battlefield() if state.is_enemy(fig, f) for h in f.hexes]

    def key(h: Hex) -> tuple[int, int, int]:
        return (min((h.distance(e) for e in enemies), default=0), h.r, h.q)

    return min(ends, key=key) if ends else None


def typed_space(engine: RulesContext, trigger: Trigger, answer: str, ends: Callable[[], Container[Hex]],
                refusal: Callable[[Figure, str], str], rule: str) -> str | None:
    """Check a typed destination at the ``"to"`` step of ``trigger`` (its ``subject`` the figure):
    the space's label when it is one of ``ends()``; ``None`` (the answer is not a space, or
    :data:`STAY`, or another step: the caller's choices judge it).

    Raises :class:`IllegalCommand` with ``refusal(figure, label)`` (what is wrong and what would be
    right, citing ``rule``) for a space out of ``ends()``."""
    if trigger.get("step") != "to" or answer.strip().lower() == STAY:
        return None
    st = engine.state
    h = named_space(st, answer)  # the same reading as _turns.space_answer
    if h is None:
        return None
    if h not in ends():
        raise IllegalCommand(refusal(st.figures[trigger.subject], st.battlefield.label(h)), rule, actions=("choose",))
    return st.battlefield.label(h)


def ask_space(engine: RulesContext, trigger: Trigger, fig: Figure, ends: dict[Hex, list[Hex]], question: str) -> None:
    """Ask ``question`` (where ``fig`` goes: the ``"to"`` step), offering :func:`suggest`'s space and
    :data:`STAY`; asks nothing when it can go nowhere."""
    best = suggest(engine.state, fig, ends)
    if best is not None:
        engine.ask(trigger.with_data(step="to"), question,
                   [engine.state.battlefield.label(best), STAY])


def chosen_space(engine: RulesContext, fig: Figure, choice: str | None, ends: Container[Hex]) -> Hex | None:
    """The space answered at the ``"to"`` step when ``fig`` is still on the battlefield and may go
    there; ``None`` when it stays."""
    if choice in (None, STAY) or not fig.on_battlefield:
        return None
    h = engine.state.battlefield.parse_space(str(choice))
    return h if h in ends else None


def place_on(engine: RulesContext, trigger: Trigger, power: str, fig: Figure, h: Hex, **data: Any) -> None:
    """Place ``fig`` on ``h`` (on top of it) and tell it (``power`` placed it; ``data`` more event fields)."""
    st = engine.state
    cell = st.battlefield.top_cell(h)
    fig.hexes, fig.level = (h,), cell.top if cell is not None else fig.level
    engine.emit("power", power=power, figure=fig.id, **data, player=trigger.controller, success=True,
                result=f"{fig.id} is placed at {st.battlefield.label(h)}")


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
        return typed_space(engine, trigger, answer, lambda: self.ends(engine, trigger, engine.state.figures[trigger.subject]),
                           lambda fig, label: f"{self.power_name(engine, trigger)}: {fig.id} cannot reach {label} with a "
                           f"move of {self.budget(engine, trigger)} spaces; name a space it can reach, or {STAY}", self.rule)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        ends = self.ends(engine, trigger, fig)
        if trigger.get("step") != "to":
            ask_space(engine, trigger, fig, ends, f"{self.power_name(engine, trigger)}: where does {fig.id} move (up to "
                      f"{self.budget(engine, trigger)} spaces)? Name a space, or {STAY}.")
            return
        h = chosen_space(engine, fig, choice, ends)
        if h is None:
            return
        from bot.rules.actions.move import carry_out  # the normal move's consequences

        engine.emit("power", power=self.power_name(engine, trigger), figure=fig.id, player=trigger.controller,
                    success=True, result=f"{fig.id} moves to {st.battlefield.label(h)}")
        carry_out(cast("Referee", engine), fig, self.move_plan(engine, trigger, fig, ends[h]))

    def move_plan(self, engine: RulesContext, trigger: Trigger, fig: Figure, path: list[Hex]) -> MovePlan:
        """The checked move along ``path`` (one of :meth:`ends`): a normal move's rules, its cost
        not held against the Move number."""
        return plan(engine.state, fig, path, check_allowance=False)
