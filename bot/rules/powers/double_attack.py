"""Double Attack (Syvarris): after his first attack is resolved he may attack again; the card's
``attacks`` (2) is how many normal attacks he makes in a turn.

Attacking again leaves the window, so it waits until every other "after attacking" effect has
resolved (HS-TIMING-04, the Queen Maladrix fixture). The "may" is the player's next command: the
power grants the attack (:meth:`~bot.rules.engine.Engine.attack_again`) and the player makes it
with ``attack`` or ends the turn; no question is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"double_attack"})

KIND = "double_attack"


@register
class DoubleAttack(PowerEffect):
    """Double Attack as an after-attack Effect (HS-TIMING-04): after a normal (not special) attack by
    a figure with the power, grants another attack until it has made ``attacks`` (2) in the turn; the
    count is kept in ``turn.data``. Not optional: nothing is asked."""

    name = KIND
    window = Window.AFTER_ATTACK
    per_figure = True
    leaves_window = True
    rule = "HS-TIMING-04"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None:
            return []
        attacker = st.figures.get(window_args(engine).get("attacker", ""))
        if attacker is None or not attacker.on_battlefield:
            return []
        power = st.card_of(attacker).power(KIND)
        if power is None or attacker.id in turn.data.get("special", []):
            return []  # normal attacks only
        made = turn.data.get(f"{KIND}:{attacker.id}", 1)
        if made >= power.values.get("attacks", 2):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, source=attacker.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        turn = engine.state.turn
        if turn is None:
            return
        key = f"{KIND}:{trigger.subject}"
        turn.data[key] = turn.data.get(key, 1) + 1
        name = self.power_name(engine, trigger)
        engine.emit("power", power=name, figure=trigger.subject, player=trigger.controller, success=True,
                    result=f"{trigger.subject} may attack again")
        engine.attack_again(trigger.subject, name)
