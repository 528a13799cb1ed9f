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
from bot.rules.powers._turns import flag, unused_turn_card
from bot.rules.state import Figure
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.engine import Engine

KIND = "mind_shackle"
SKIP = "skip"


def targets(engine: Engine, shackler: Figure) -> list[Figure]:
    """Unique enemy figures adjacent to ``shackler``, by id."""
    st = engine.state
    return sorted((f for f in st.on_battlefield() if f is not shackler and st.is_enemy(shackler, f)
                   and st.card_of(f).is_unique and adjacent(st, shackler, f)), key=lambda f: f.id)


@register
class MindShackle(Effect):
    name = KIND
    window = Window.AFTER_MOVING
    source = Source.UNIT
    optional = True
    rule = "HS-ARMY-10"

    def triggers(self, engine: Engine) -> list[Trigger]:
        found = unused_turn_card(engine, KIND)
        if found is None:
            return []
        turn, cip, _ = found
        st = engine.state
        return [Trigger(self.name, cip.controller, f.id, source=f.id) for f in st.figures_of(cip.key)
                if f.on_battlefield and targets(engine, f)]

    def applies(self, engine: Engine, trigger: Trigger) -> bool:
        return bool(targets(engine, engine.state.figures[trigger.subject]))

    def options(self, engine: Engine, trigger: Trigger) -> list[str]:
        return [f.id for f in targets(engine, engine.state.figures[trigger.subject])] + [SKIP]

    def prompt(self, engine: Engine, trigger: Trigger) -> str:
        need = self._need(engine, trigger)
        return (f"Mind Shackle: {trigger.subject} may aim at an adjacent Unique figure and roll the d20; "
                f"on {need} you take control of its Army Card. Which figure?")

    def _need(self, engine: Engine, trigger: Trigger) -> int:
        power = engine.state.card_of(engine.state.figures[trigger.subject]).power(KIND)
        return power.values.get("roll", 20) if power else 20

    def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        shackler = st.figures[trigger.subject]
        if st.turn is not None:
            st.turn.data[flag(KIND, shackler.card_key)] = True
        if choice is None or choice == SKIP:
            return
        target = st.figures[choice]
        need = self._need(engine, trigger)
        roll = engine.roll_d20()
        ok = roll >= need
        power = st.card_of(shackler).power(KIND)
        engine.emit("power", power=power.name if power else KIND, figure=shackler.id, target=target.id, player=trigger.controller, d20=roll, needed=need, success=ok,
                    result=f"takes control of {st.card_of(target).short}" if ok else "no effect")
        if ok:
            engine.take_control(target.card_key, trigger.controller, power.name if power else KIND)
