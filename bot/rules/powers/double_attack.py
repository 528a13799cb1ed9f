"""Double Attack (Syvarris): after his first attack is resolved he may attack again; the card's
``attacks`` (2) is how many normal attacks he makes in a turn.

Attacking again leaves the window, so it waits until every other "after attacking" effect has
resolved (HS-TIMING-04, the Queen Maladrix fixture). The "may" is the player's next command: the
power grants the attack (:meth:`~bot.rules.engine.Engine.attack_again`) and the player makes it
with ``attack`` or ends the turn; no question is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.powers._effects import AttackAgainPower
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"double_attack"})

KIND = "double_attack"


@register
class DoubleAttack(AttackAgainPower):
    """Double Attack as an after-attack Effect (HS-TIMING-04): after a normal (not special) attack by
    a figure with the power, grants another attack until it has made ``attacks`` (2) in the turn; the
    count (of attacks made, the first included) is kept in ``turn.data``. Not optional: nothing is
    asked."""

    name = KIND
    first = 1

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        made = self.normal_attack(engine)
        if made is None:
            return []
        attacker = made[0]
        power = engine.state.card_of(attacker).power(KIND)
        if power is None or self.granted_so_far(engine, attacker) >= power.values.get("attacks", 2):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, source=attacker.id)]
