"""Mind Shackle (Ne-Gok-Sa): after moving and before attacking, the player may aim at one adjacent
Unique enemy figure and roll the d20; on the card's ``roll`` (20) they take control of that
figure's Army Card and all its figures (:meth:`~bot.rules.engine.Engine.take_control`).

The card keeps its wounds; Order Markers still face down on it are removed, so its former owner
loses those turns, and the new controller uses it from the next round's markers. It stays theirs
even if Ne-Gok-Sa is destroyed later (the control change is done, not a lasting effect).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.engagement import adjacent
from bot.rules.powers._effects import FigurePick
from bot.rules.state import Figure
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"mind_shackle"})

KIND = "mind_shackle"


@register
class MindShackle(FigurePick):
    """Mind Shackle as a :class:`FigurePick` (HS-ARMY-10): the answer is an adjacent Unique enemy
    figure (or ``skip``); on a d20 of ``roll`` (20) the controller takes over that figure's Army Card."""

    name = KIND
    rule = "HS-ARMY-10"

    def candidates(self, engine: RulesContext, picker: Figure) -> list[Figure]:
        """Unique enemy figures adjacent to ``picker``, by id."""
        st = engine.state
        return sorted((f for f in st.on_battlefield() if f is not picker and st.is_enemy(picker, f)
                       and st.card_of(f).is_unique and adjacent(st, picker, f)), key=lambda f: f.id)

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        need = self.value(engine, trigger, "roll", 20)
        return (f"Mind Shackle: {trigger.subject} may aim at an adjacent Unique figure and roll the d20; "
                f"on {need} you take control of its Army Card. Which figure?")

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        shackler = st.figures[trigger.subject]
        target = st.figures[choice]
        need = self.value(engine, trigger, "roll", 20)
        roll, ok = self.roll_d20(engine, need)
        name = self.power_name(engine, trigger)
        engine.emit("power", power=name, figure=shackler.id, target=target.id, player=trigger.controller, d20=roll,
                    needed=need, success=ok,
                    result=f"takes control of {st.card_of(target).short}" if ok else "no effect")
        if ok:
            engine.take_control(target.card_key, trigger.controller, name)
