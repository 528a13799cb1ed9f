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
from bot.rules.powers._turns import flag, unused_turn_card
from bot.rules.state import Figure
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.engine import Engine

KIND = "chomp"
SKIP = "skip"
#: Sizes Chomp can bite.
SIZES = ("small", "medium")


def bites(engine: Engine, chomper: Figure) -> list[Figure]:
    """Adjacent Small and Medium figures: enemies first, then friends, each by id."""
    st = engine.state
    near = [f for f in st.on_battlefield() if f is not chomper and st.card_of(f).size in SIZES
            and adjacent(st, chomper, f)]
    return sorted(near, key=lambda f: (not st.is_enemy(chomper, f), f.id))


@register
class Chomp(Effect):
    name = KIND
    window = Window.AFTER_MOVING
    source = Source.UNIT
    optional = True
    rule = "HS-TURN-06"

    def triggers(self, engine: Engine) -> list[Trigger]:
        found = unused_turn_card(engine, KIND)
        if found is None:
            return []
        turn, cip, _ = found
        return [Trigger(self.name, cip.controller, f.id, source=f.id) for f in engine.state.figures_of(cip.key)
                if f.on_battlefield and bites(engine, f)]

    def applies(self, engine: Engine, trigger: Trigger) -> bool:
        return bool(bites(engine, engine.state.figures[trigger.subject]))

    def options(self, engine: Engine, trigger: Trigger) -> list[str]:
        st = engine.state
        chomper = st.figures[trigger.subject]
        near = bites(engine, chomper)
        foes = [f.id for f in near if st.is_enemy(chomper, f)]
        return foes + [SKIP] + [f.id for f in near if f.id not in foes]

    def prompt(self, engine: Engine, trigger: Trigger) -> str:
        return (f"Chomp: {trigger.subject} may bite an adjacent Small or Medium figure (a Squad figure is "
                f"destroyed; a Hero on a d20 of {self._need(engine, trigger)} or more). Which one?")

    def _need(self, engine: Engine, trigger: Trigger) -> int:
        power = engine.state.card_of(engine.state.figures[trigger.subject]).power(KIND)
        return power.values.get("roll", 16) if power else 16

    def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        chomper = st.figures[trigger.subject]
        if st.turn is not None:
            st.turn.data[flag(KIND, chomper.card_key)] = True
        if choice is None or choice == SKIP:
            return
        victim = st.figures[choice]
        power = st.card_of(chomper).power(KIND)
        name = power.name if power else KIND
        if st.card_of(victim).kind == "squad":
            engine.emit("power", power=name, figure=chomper.id, target=victim.id, player=trigger.controller,
                        success=True, result=f"{victim.id} is a Squad figure: destroyed")
            engine.destroy(victim, f"{name} by {chomper.id}")
            return
        need = self._need(engine, trigger)
        roll = engine.roll_d20()
        ok = roll >= need
        engine.emit("power", power=name, figure=chomper.id, target=victim.id, player=trigger.controller, d20=roll,
                    needed=need, success=ok, result=f"{victim.id} is destroyed" if ok else f"{victim.id} escapes")
        if ok:
            engine.destroy(victim, f"{name} by {chomper.id}")
