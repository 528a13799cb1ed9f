"""The ``d20_trigger`` building block for three Rise of the Valkyrie powers that had modules of their
own before the blocks: Chomp (Grimnak), Berserker Charge (Tarn Viking Warriors) and Water Clone
(Marro Warriors), read from the shared card file's parameters (``block_d20._classic`` reads the
phrases) and carried out by those modules' effects (HS-TURN-06, HS-TIMING-04).

- Chomp: ``window`` "before attacking", ``effect`` "destroy", ``target`` "adjacent Small/Medium
  figure", ``threshold`` ``{"squad": "automatic", "hero": 16}`` (the Hero's number is the roll).
- Berserker Charge: ``window`` "after move, before attack", ``effect`` "move all figures of this
  squad again", ``threshold`` 15.
- Water Clone: ``window`` "after moving, instead of attacking", ``effect`` "return a destroyed
  Marro Warrior adjacent", ``threshold`` 15, ``modifier`` "10+ if the rolling Warrior is on water".

The cards of ``data/cards`` that keep the old kinds (``chomp``, ``berserker_charge``,
``water_clone``) are served by the old modules; a card carries one form or the other, never both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from bot.rules.cards import Power
from bot.rules.powers import block_roll_modifier as roll_modifier
from bot.rules.powers._turns import flag
from bot.rules.powers.berserker_charge import BerserkerCharge
from bot.rules.powers.block_d20 import TRIGGER, _read, _threshold
from bot.rules.powers.chomp import Chomp
from bot.rules.powers.water_clone import WaterClone
from bot.rules.state import CardInPlay
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: these effects carry out ``block_d20``'s ``d20_trigger``.
KINDS: frozenset[str] = frozenset()


def classic_power(cip: CardInPlay, plan: str) -> Power | None:
    """The card's ``d20_trigger`` power read as ``plan`` ("chomp", "berserker", "clone"), if any."""
    for p in cip.card.powers:
        read = _read(p) if p.kind == TRIGGER else None
        if read is not None and read[0] == plan:
            return p
    return None


class _Classic:
    """Finds the power by its reading instead of its kind, and its numbers in the shared file's words:
    ``roll`` is the ``threshold`` (a Hero's for Chomp), ``water_roll`` Water Clone's number in water."""

    plan: ClassVar[str] = ""
    name: ClassVar[str]

    def power(self, engine: RulesContext, trigger: Trigger) -> Power | None:
        return classic_power(engine.state.cards[self.card_key(engine, trigger)], self.plan)  # type: ignore[attr-defined]

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or turn.card_key not in st.cards:
            return []
        cip = st.cards[turn.card_key]
        if turn.data.get(flag(self.name, cip.key)) or classic_power(cip, self.plan) is None:
            return []
        found: list[Trigger] = self.offers(engine, turn, cip)  # type: ignore[attr-defined]
        return found

    def value(self, engine: RulesContext, trigger: Trigger, key: str, default: int) -> int:
        power = self.power(engine, trigger)
        if power is None:
            return default
        cip = engine.state.cards[self.card_key(engine, trigger)]  # type: ignore[attr-defined]
        # a roll modifier (Berserker Charge Enhancement) lowers the result needed as much as it adds
        extra = roll_modifier.roll_bonus(engine.state, cip.controller, power.name, cip.key)[0]
        if key == "roll":
            need = _threshold(power.values.get("threshold"))
            return (need if need is not None else default) - extra
        if key == "water_roll":
            read = _read(power)
            return (int(read[1]) if read is not None and read[1] is not None else default) - extra
        got: Any = power.values.get(key, default)
        return int(got)


@register
class ChompD20(_Classic, Chomp):
    """Chomp from the shared file's ``d20_trigger`` (see :class:`~bot.rules.powers.chomp.Chomp`)."""

    name = "d20_chomp"
    plan = "chomp"


@register
class BerserkerChargeD20(_Classic, BerserkerCharge):
    """Berserker Charge from the shared file's ``d20_trigger`` (see
    :class:`~bot.rules.powers.berserker_charge.BerserkerCharge`)."""

    name = "d20_berserker_charge"
    plan = "berserker"


@register
class WaterCloneD20(_Classic, WaterClone):
    """Water Clone from the shared file's ``d20_trigger`` (see
    :class:`~bot.rules.powers.water_clone.WaterClone`)."""

    name = "d20_water_clone"
    plan = "clone"
