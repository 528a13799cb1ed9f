"""Small turn and round powers read from the shared params:

- ``linked_fate`` (Eternal Heartbreak): ``trigger`` ``"your NAME destroyed"``, ``effect`` ``"N
  wounds to this figure"``: when that card's figure of the same player is destroyed, this figure
  takes the wounds at once.
- ``initiative_bonus`` (Combat Leader, Initiative Advantage): ``amount`` added to the player's
  initiative roll (HS-INIT-01) while ``condition`` holds: ``"an Order Marker on this card"``, or
  ``"all your Order Markers on WORD cards"`` with ``amount`` ``"1 per Order Marker on this card"``
  and ``max``. :func:`initiative_bonus` is registered with the round's initiative roll
  (:data:`bot.rules.flow.round.INITIATIVE_BONUSES`); the rolls the ``initiative`` event shows
  include it, and its ``bonus`` says by how much.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.flow.round import INITIATIVE_BONUSES
from bot.rules.powers._common import holders, is_a
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.state import MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"linked_fate", "initiative_bonus"})

_YOUR = re.compile(r"your (.+) destroyed")
_WOUNDS = re.compile(r"(\d+) wounds? to this figure")
_ALL_ON = re.compile(r"all your Order Markers on (\w+) cards")
_PER = "1 per Order Marker on this card"


def check_linked_fate(values: dict[str, Any]) -> str | None:
    """Why a ``linked_fate`` power's ``values`` cannot be enforced, or ``None``."""
    if not _YOUR.fullmatch(str(values.get("trigger", ""))) or not _WOUNDS.fullmatch(str(values.get("effect", ""))):
        return f"'{values.get('trigger')}: {values.get('effect')}' is not understood"
    return None


def check_initiative_bonus(values: dict[str, Any]) -> str | None:
    """Why an ``initiative_bonus`` power's ``values`` cannot be enforced, or ``None``."""
    amount, condition = values.get("amount"), values.get("condition")
    if condition == "an Order Marker on this card" and isinstance(amount, int):
        return None
    if _ALL_ON.fullmatch(str(condition)) and amount == _PER and isinstance(values.get("max", 3), int):
        return None
    return f"the bonus '{amount}' when '{condition}' is not understood"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "linked_fate": check_linked_fate, "initiative_bonus": check_initiative_bonus,
}


@register
class LinkedFate(PowerEffect):
    """Eternal Heartbreak: as the linked card's figure is destroyed, this figure takes its wounds."""

    name = "linked_fate"
    per_figure = True
    window = Window.DESTROYED
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        victim = st.figures.get(str(window_args(engine).get("figure", "")))
        if victim is None:
            return []
        vcard = st.card_of(victim)
        out = []
        for fig, power in holders(st, self.name):
            m = _YOUR.fullmatch(str(power.values.get("trigger", "")))
            if m is None or check_linked_fate(power.values) or fig is victim or victim.controller != fig.controller:
                continue
            if m.group(1).lower() in (vcard.name.lower(), vcard.short.lower()):
                out.append(Trigger(self.name, fig.controller, fig.id, source=fig.id))
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return engine.state.figures[trigger.subject].on_battlefield

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        fig = engine.state.figures[trigger.subject]
        m = _WOUNDS.fullmatch(str(self.value(engine, trigger, "effect", 0)))
        n = int(m.group(1)) if m else 0
        engine.emit("power", power=self.power_name(engine, trigger), figure=fig.id, player=trigger.controller,
                    success=True, result=f"{fig.id} takes {n} wound{'' if n == 1 else 's'}")
        engine.wound(fig, n, self.power_name(engine, trigger))


def initiative_bonus(state: MatchState, player: str) -> tuple[str, int] | None:
    """What ``player``'s cards add to their initiative roll now: (power names, total), or ``None``."""
    orders = state.orders.get(player, {})
    total, names = 0, []
    for cip in state.cards.values():
        power = cip.card.power("initiative_bonus")
        if cip.controller != player or power is None or check_initiative_bonus(power.values) is not None:
            continue
        on_card = sum(1 for k in orders.values() if k == cip.key)
        v = power.values
        if v["condition"] == "an Order Marker on this card":
            amount = v["amount"] if on_card else 0
        else:
            m = _ALL_ON.fullmatch(str(v["condition"]))
            word = m.group(1) if m else ""
            every = bool(orders) and all(k in state.cards and (is_a(state.cards[k].card, species=word)
                                                              or is_a(state.cards[k].card, class_=word))
                                         for k in orders.values())
            amount = min(on_card, int(v.get("max", 3))) if every else 0
        if amount:
            total += amount
            names.append(power.name)
    return (" + ".join(names), total) if total else None


INITIATIVE_BONUSES.append(initiative_bonus)
