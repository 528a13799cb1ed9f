"""Mind Shackle (Ne-Gok-Sa): after moving and before attacking, the player may aim at one adjacent
Unique enemy figure and roll the d20; on the card's ``roll`` (20) they take control of that
figure's Army Card and all its figures (:meth:`~bot.rules.engine.Engine.take_control`).

The card keeps its wounds; Order Markers still face down on it are removed, so its former owner
loses those turns, and the new controller uses it from the next round's markers. It stays theirs
even if Ne-Gok-Sa is destroyed later (the control change is done, not a lasting effect).

The same block reads the shared card file's pattern ``mind_control`` (kind ``mind_control``):
``threshold`` (the d20 result), ``target`` ``"adjacent Unique figure"`` or ``"adjacent Unique
Hero"``, ``duration`` ``"permanent"``, ``window`` ``"after move, before attack"`` (Mind Shackle 20,
Mind Shackle 19); :func:`check_mind_control` names what else is not built (Soul Devour's cost).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.engagement import adjacent
from bot.rules.powers._effects import FigurePick
from bot.rules.powers._turns import flag, turn_card
from bot.rules.state import CardInPlay, Figure, TurnState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"mind_shackle", "mind_control"})

KIND = "mind_shackle"
TARGETS = {"adjacent Unique figure": None, "adjacent Unique Hero": "hero"}
AFTER_MOVING = "after move, before attack"
BEFORE_MOVING = "before moving"
#: A cost paid on success: the figure that used the power is destroyed (Soul Devour).
_DESTROY_SELF = re.compile(r"destroy the (.+)")


def check_mind_control(values: dict[str, Any]) -> str | None:
    """Why a ``mind_control`` power's ``values`` cannot be enforced, or ``None``."""
    if not isinstance(values.get("threshold"), int):
        return f"the d20 roll '{values.get('threshold')}' is not understood"
    if values.get("target") not in TARGETS:
        return f"the target '{values.get('target')}' is not understood"
    if values.get("duration", "permanent") != "permanent":
        return f"control '{values.get('duration')}' is not built yet"
    if values.get("window", AFTER_MOVING) not in (AFTER_MOVING, BEFORE_MOVING):
        return f"the moment '{values.get('window')}' is not built yet"
    if "cost" in values and not _DESTROY_SELF.fullmatch(str(values["cost"])):
        return f"the cost '{values['cost']}' is not built yet"
    return None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"mind_control": check_mind_control}


@register
class MindShackle(FigurePick):
    """Mind Shackle as a :class:`FigurePick` (HS-ARMY-10): the answer is an adjacent Unique enemy
    figure (or ``skip``); on a d20 of ``roll`` (20) the controller takes over that figure's Army Card."""

    name = KIND
    rule = "HS-ARMY-10"

    def need(self, engine: RulesContext, trigger: Trigger) -> int:
        """The d20 result that takes control."""
        return self.value(engine, trigger, "roll", 20)

    def candidates(self, engine: RulesContext, picker: Figure) -> list[Figure]:
        """Unique enemy figures adjacent to ``picker``, by id."""
        st = engine.state
        return sorted((f for f in st.on_battlefield() if f is not picker and st.is_enemy(picker, f)
                       and st.card_of(f).is_unique and adjacent(st, picker, f)), key=lambda f: f.id)

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        need = self.need(engine, trigger)
        return (f"Mind Shackle: {trigger.subject} may aim at an adjacent Unique figure and roll the d20; "
                f"on {need} you take control of its Army Card. Which figure?")

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        shackler = st.figures[trigger.subject]
        target = st.figures[choice]
        need = self.need(engine, trigger)
        roll, ok = self.roll_d20(engine, need)
        name = self.power_name(engine, trigger)
        engine.emit("power", power=name, figure=shackler.id, target=target.id, player=trigger.controller, d20=roll,
                    needed=need, success=ok,
                    result=f"takes control of {st.card_of(target).short}" if ok else "no effect")
        if ok:
            engine.take_control(target.card_key, trigger.controller, name)


@register
class MindControl(MindShackle):
    """Mind Shackle read from the shared params (kind ``mind_control``, :func:`check_mind_control`)."""

    name = "mind_control"

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{self.power_name(engine, trigger)}: {trigger.subject} may aim at an adjacent Unique figure and roll "
                f"the d20; on {self.need(engine, trigger)} you take control of its Army Card. Which figure?")

    def need(self, engine: RulesContext, trigger: Trigger) -> int:
        return self.value(engine, trigger, "threshold", 20)

    #: The moment this effect answers to (Soul Devour's is before moving).
    moment = AFTER_MOVING

    def candidates(self, engine: RulesContext, picker: Figure) -> list[Figure]:
        power = engine.state.card_of(picker).power(self.kind or self.name)
        if power is None or check_mind_control(power.values) is not None:
            return []
        if power.values.get("window", AFTER_MOVING) != self.moment:
            return []
        only = TARGETS[power.values["target"]]  # Soul-Devour-like targets: Heroes only
        return [f for f in super().candidates(engine, picker) if only in (None, engine.state.card_of(f).kind)]


@register
class SoulDevour(MindControl):
    """Soul Devour: before moving (as the card's turn begins), each figure may aim at an adjacent
    Unique Hero; on the d20 result the figure is destroyed, then its controller takes over the
    Hero's Army Card (the ``cost``)."""

    name = "mind_control_before_moving"
    kind = "mind_control"
    window = Window.START_OF_TURN
    moment = BEFORE_MOVING

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = turn_card(engine, self.kind)  # the card's power is of kind mind_control
        if found is None or found[0].data.get(flag(self.name, found[1].key)):
            return []
        return self.offers(engine, found[0], found[1])

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        return [] if turn.activated else super().offers(engine, turn, cip)

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        picker, target = st.figures[trigger.subject], st.figures[choice]
        need = self.need(engine, trigger)
        roll, ok = self.roll_d20(engine, need)
        name = self.power_name(engine, trigger)
        engine.emit("power", power=name, figure=picker.id, target=target.id, player=trigger.controller, d20=roll,
                    needed=need, success=ok, result=f"takes control of {st.card_of(target).short}" if ok else "no effect")
        if ok:
            engine.destroy(picker, name)  # the cost: the figure is spent
            engine.take_control(target.card_key, trigger.controller, name)
