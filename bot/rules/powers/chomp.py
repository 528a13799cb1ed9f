"""Chomp (Grimnak): before attacking, the player may choose one adjacent Small or Medium figure.
A Squad figure is destroyed at once; a Hero is destroyed only on a d20 roll of the card's
``roll`` (16) or more.

Offered once per turn in the "after moving, before attacking" window (HS-TURN-06). The card says
"figure", not "enemy": a friendly figure may be chosen too; the options list the enemies first,
then ``skip``, then friends, so the first option is always a sensible one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.engagement import adjacent
from bot.rules.powers._effects import SKIP, FigurePick
from bot.rules.state import Figure
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"chomp"})

KIND = "chomp"
#: Sizes Chomp can bite.
SIZES = ("small", "medium")


@register
class Chomp(FigurePick):
    """Chomp as a :class:`FigurePick` (HS-TURN-06): the trigger's subject is the chomping figure;
    the answer is the figure bitten (enemies listed first) or ``skip``. A Squad figure is destroyed,
    a Hero on a d20 of ``roll`` (16)+."""

    name = KIND
    rule = "HS-TURN-06"

    def candidates(self, engine: RulesContext, picker: Figure) -> list[Figure]:
        """Adjacent Small and Medium figures: enemies first, then friends, each by id."""
        st = engine.state
        near = [f for f in st.on_battlefield() if f is not picker and st.card_of(f).size in SIZES
                and adjacent(st, picker, f)]
        return sorted(near, key=lambda f: (not st.is_enemy(picker, f), f.id))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        chomper = st.figures[trigger.subject]
        near = self.candidates(engine, chomper)
        foes = [f.id for f in near if st.is_enemy(chomper, f)]
        return foes + [SKIP] + [f.id for f in near if f.id not in foes]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"Chomp: {trigger.subject} may bite an adjacent Small or Medium figure (a Squad figure is "
                f"destroyed; a Hero on a d20 of {self.value(engine, trigger, 'roll', 16)} or more). Which one?")

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        chomper = st.figures[trigger.subject]
        victim = st.figures[choice]
        name = self.power_name(engine, trigger)
        if st.card_of(victim).kind == "squad":
            engine.emit("power", power=name, figure=chomper.id, target=victim.id, player=trigger.controller,
                        success=True, result=f"{victim.id} is a Squad figure: destroyed")
            engine.destroy(victim, f"{name} by {chomper.id}")
            return
        need = self.value(engine, trigger, "roll", 16)
        roll, ok = self.roll_d20(engine, need)
        engine.emit("power", power=name, figure=chomper.id, target=victim.id, player=trigger.controller, d20=roll,
                    needed=need, success=ok, result=f"{victim.id} is destroyed" if ok else f"{victim.id} escapes")
        if ok:
            engine.destroy(victim, f"{name} by {chomper.id}")
