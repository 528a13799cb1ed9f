"""The queries of a rules case: questions to the rules core that change nothing (FORMAT.md, "Steps").

v1: ``range``, ``adjacent``, ``engaged``, ``height_advantage``, ``move_cost``, ``can_attack``,
``attack_dice``, ``defense_dice``. v2: the dice of a special attack (``power``), a figure's
current ``stat``, and the ``pending`` decision. A target that is a destructible object goes through
:mod:`bot.cases.features`.
"""

from __future__ import annotations

from typing import Any

from bot.cases import features
from bot.cases.model import CaseError
from bot.cases.stepmodel import AttackQ, AttackQ2, MoveCostQ, PairQ, PendingQ, RangeQ, StatQ, Step
from bot.rules import combat, engagement, movement
from bot.rules.errors import InvalidCommand
from bot.rules.hexes import Hex
from bot.rules.special import find_power
from bot.rules.state import Figure, MatchState


def figure(st: MatchState, name: str, where: str) -> Figure:
    """The figure called ``name``. :raises CaseError: naming the step field when there is none."""
    f = st.figures.get(str(name))
    if f is None:
        raise CaseError(f"field {where}: no figure '{name}'")
    return f


def pending_of(st: MatchState) -> dict[str, str] | None:
    """The decision the rules wait on, as cases write it: ``{"player": p}``, or ``None``."""
    return {"player": st.pending[0].player} if st.pending else None


def answer(st: MatchState, step: Step, where: str, objects: frozenset[str] = frozenset()) -> Any:
    """The answer to the query ``step``; ``objects`` are the ids of the case's destructible objects.

    :raises CaseError: a figure it names does not exist or a power is not on the card.
    :raises features.Unbuilt: it asks about a feature the engine lacks (objects).
    """
    if isinstance(step, RangeQ):
        return combat.attack_range(st, figure(st, step.from_, where + ".from"), figure(st, step.to, where + ".to"))
    if isinstance(step, PairQ):
        a, b = figure(st, step.a, where + ".a"), figure(st, step.b, where + ".b")
        if step.query == "adjacent":
            return engagement.adjacent(st, a, b)
        if step.query == "engaged":
            return engagement.engaged(st, a, b)
        return engagement.has_height_advantage(st, a, b)
    if isinstance(step, MoveCostQ):
        fig = figure(st, step.figure, where + ".figure")
        return movement.move_cost(st, fig, [Hex(q, r) for q, r in step.path], step.fly)
    if isinstance(step, AttackQ):
        return _attack_query(st, step, where, objects)
    if isinstance(step, StatQ):
        return features.stat_value(st, figure(st, step.figure, where + ".figure"), step.stat)
    if isinstance(step, PendingQ):
        return pending_of(st)
    raise CaseError(f"field {where}: not a query")


def _attack_query(st: MatchState, step: AttackQ, where: str, objects: frozenset[str]) -> Any:
    a = figure(st, step.attacker, where + ".attacker")
    power = step.power if isinstance(step, AttackQ2) else None
    if step.target not in st.figures and step.target in objects:
        if step.query == "can_attack":
            return features.can_attack_object(st, a, step.target)
        return features.object_dice(st, a, step.target, step.query, power)
    b = figure(st, step.target, where + ".target")
    if step.query == "can_attack":
        return bool(combat.check_target(st, a, b))
    special = None
    if power is not None:
        try:
            p = find_power(st, a, power)
        except InvalidCommand as exc:
            raise CaseError(f"field {where}.power: {exc}") from None
        special = p.name
    if step.query == "attack_dice":
        if special is not None:
            return combat.attack_dice(st, a, b, special=(special, find_power(st, a, special).values["attack"]))[0]
        return combat.attack_dice(st, a, b)[0]
    return combat.defense_dice(st, a, b, special=special)[0]
