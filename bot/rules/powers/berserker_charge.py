"""Berserker Charge (Tarn Viking Warriors): after moving and before attacking, the player may roll
the d20; on the card's ``roll`` (15) or more every Tarn Viking may move again, before any attacks.

Once per turn. Moving again leaves the window, so it resolves after every other "after moving"
effect (HS-TIMING-04); an attack declared (or the end of the turn asked for) that opened the
window is called off, and the player moves the Vikings again, then attacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.powers._turns import flag, living, turn_card
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.engine import Engine

KIND = "berserker_charge"


@register
class BerserkerCharge(Effect):
    name = KIND
    window = Window.AFTER_MOVING
    source = Source.UNIT
    optional = True
    leaves_window = True
    rule = "HS-TIMING-04"

    def triggers(self, engine: Engine) -> list[Trigger]:
        found = turn_card(engine, KIND)
        if found is None:
            return []
        turn, cip, _ = found
        if turn.data.get(flag(KIND, cip.key)) or not living(engine.state, cip.key):
            return []
        return [Trigger(self.name, cip.controller, cip.key)]

    def applies(self, engine: Engine, trigger: Trigger) -> bool:
        return bool(living(engine.state, trigger.subject))

    def options(self, engine: Engine, trigger: Trigger) -> list[str]:
        return ["roll", "skip"]

    def prompt(self, engine: Engine, trigger: Trigger) -> str:
        card = engine.state.cards[trigger.subject].card
        power = card.power(KIND)
        need = power.values.get("roll", 15) if power else 15
        return f"Berserker Charge: roll the d20 for the {card.short}? On {need} or more they all move again."

    def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        if st.turn is not None:
            st.turn.data[flag(KIND, trigger.subject)] = True
        if choice != "roll":
            return
        cip = st.cards[trigger.subject]
        power = cip.card.power(KIND)
        need = power.values.get("roll", 15) if power else 15
        roll = engine.roll_d20()
        ok = roll >= need
        engine.emit("power", power=power.name if power else KIND, card=cip.key, player=cip.controller, d20=roll, needed=need,
                    success=ok, result="they may all move again" if ok else "no extra move")
        if ok:
            engine.move_again([f.id for f in living(st, cip.key)], power.name if power else KIND)
