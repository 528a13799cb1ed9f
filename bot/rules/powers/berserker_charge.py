"""Berserker Charge (Tarn Viking Warriors): after moving and before attacking, the player may roll
the d20; on the card's ``roll`` (15) or more every Tarn Viking may move again, before any attacks.

Once per turn. Moving again leaves the window, so it resolves after every other "after moving"
effect (HS-TIMING-04); an attack declared (or the end of the turn asked for) that opened the
window is called off, and the player moves the Vikings again, then attacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.powers._effects import ROLL, SKIP, AfterMovingPower
from bot.rules.powers._turns import living
from bot.rules.state import CardInPlay, TurnState
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"berserker_charge"})

KIND = "berserker_charge"


@register
class BerserkerCharge(AfterMovingPower):
    """Berserker Charge as an after-moving Effect (HS-TIMING-04): one trigger per turn for the card
    (subject: its key) while a Viking lives; answers ``roll``/``skip``; on a d20 of ``roll`` (15)+ the
    living Vikings may move again."""

    name = KIND
    leaves_window = True
    rule = "HS-TIMING-04"

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        if not living(engine.state, cip.key):
            return []
        return [Trigger(self.name, cip.controller, cip.key)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(living(engine.state, trigger.subject))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [ROLL, SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        card = engine.state.cards[trigger.subject].card
        need = self.value(engine, trigger, "roll", 15)
        return f"Berserker Charge: roll the d20 for the {card.short}? On {need} or more they all move again."

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        cip = st.cards[trigger.subject]
        name = self.power_name(engine, trigger)
        need = self.value(engine, trigger, "roll", 15)
        roll, ok = self.roll_d20(engine, need)
        engine.emit("power", power=name, card=cip.key, player=cip.controller, d20=roll, needed=need,
                    success=ok, result="they may all move again" if ok else "no extra move")
        if ok:
            engine.move_again([f.id for f in living(st, cip.key)], name)
