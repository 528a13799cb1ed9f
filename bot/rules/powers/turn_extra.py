"""Another turn with the same card (pattern ``extra_turn``), offered as its Army Card turn ends
(the :attr:`~bot.rules.timing.Window.AFTER_CARD_TURN` window; HS-TURN-05):

- ``cost`` ``"1 wound on self"`` and ``limit`` ``"once per round"`` (Overextend Attack): the
  figure takes 1 wound, then the card takes another turn at once.
- ``trigger`` ``"destroys a non-adjacent opponent's Unique Hero"`` (Archer's Glory): each such
  destruction during the turn earns one more turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.hexes import Hex
from bot.rules.powers._common import holders
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers._turns import living
from bot.rules.state import CardInPlay
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"extra_turn"})

KIND = "extra_turn"
TAKE = "take"
_WOUND_COST = re.compile(r"(\d+) wounds? on self")
GLORY = "destroys a non-adjacent opponent's Unique Hero"


def check_extra_turn(values: dict[str, Any]) -> str | None:
    """Why an ``extra_turn`` power's ``values`` cannot be enforced, or ``None``."""
    if "cost" in values:
        if not _WOUND_COST.fullmatch(str(values["cost"])):
            return f"the cost '{values['cost']}' is not built yet"
        if values.get("limit") not in (None, "once per round"):
            return f"the limit '{values['limit']}' is not understood"
        return None
    if values.get("trigger") == GLORY:
        return None
    return "this extra turn is not understood"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_extra_turn}


def _earned_key(card_key: str) -> str:
    return f"extra_turn_earned:{card_key}"


@register
class EarnExtraTurn(PowerEffect):
    """Archer's Glory: a non-adjacent enemy Unique Hero destroyed by this figure earns a turn
    (counted in ``turn.data``; taken as the card's turn ends)."""

    name = "extra_turn_earned"
    kind = KIND
    per_figure = True
    window = Window.DESTROYED
    rule = "HS-TURN-05"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        victim = st.figures.get(str(args.get("figure", "")))
        if victim is None or st.turn is None:
            return []
        vcard = st.card_of(victim)
        out = []
        for fig, power in holders(st, KIND):
            if power.values.get("trigger") != GLORY or not str(args.get("cause", "")).endswith(f" by {fig.id}"):
                continue
            if vcard.kind != "hero" or not vcard.is_unique or not st.is_enemy(fig, victim):
                continue
            if any(Hex(q, r).is_adjacent(h) for q, r in args.get("at", []) for h in fig.hexes):
                continue
            out.append(Trigger(self.name, fig.controller, fig.id, source=fig.id))
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return engine.state.turn is not None

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        turn = engine.state.turn
        assert turn is not None
        key = _earned_key(engine.state.figures[trigger.subject].card_key)
        turn.data[key] = int(turn.data.get(key, 0)) + 1


@register
class ExtraTurn(PowerEffect):
    """Overextend Attack, Archer's Glory: as the card's turn ends, another turn with it
    (answers ``take`` / ``skip``)."""

    name = KIND
    window = Window.AFTER_CARD_TURN
    optional = True
    leaves_window = True
    rule = "HS-TURN-05"

    def _ready(self, engine: RulesContext, cip: CardInPlay) -> bool:
        st = engine.state
        power = cip.card.power(KIND)
        if power is None or check_extra_turn(power.values) is not None or not living(st, cip.key):
            return False
        if "cost" in power.values:
            return cip.data.get("extra_turn_round") != st.round
        turn = st.turn
        return turn is not None and int(turn.data.get(_earned_key(cip.key), 0)) > 0

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key not in st.cards:
            return []
        cip = st.cards[turn.card_key]
        return [Trigger(self.name, cip.controller, cip.key)] if self._ready(engine, cip) else []

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return self._ready(engine, engine.state.cards[trigger.subject])

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [TAKE, SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self.power(engine, trigger)
        cost = _WOUND_COST.fullmatch(str(power.values.get("cost", ""))) if power else None
        price = f" for {cost.group(1)} wound(s) on {engine.state.cards[trigger.subject].card.short}" if cost else ""
        return f"{self.power_name(engine, trigger)}: take another turn with this card{price}?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        cip = st.cards[trigger.subject]
        power = self.power(engine, trigger)
        turn = st.turn
        if power is None or turn is None:
            return
        if "cost" not in power.values:
            turn.data[_earned_key(cip.key)] = int(turn.data.get(_earned_key(cip.key), 0)) - 1
        if choice != TAKE:
            return
        cost = _WOUND_COST.fullmatch(str(power.values.get("cost", "")))
        if cost is not None:
            cip.data["extra_turn_round"] = st.round
            for fig in living(st, cip.key)[:1]:
                engine.wound(fig, int(cost.group(1)), power.name)
            if not living(st, cip.key):
                return
        engine.emit("power", power=power.name, card=cip.key, player=trigger.controller, success=True,
                    result=f"{cip.card.short} takes another turn")
        engine.add_card_turn(cip.key)
        turn.card_turns.insert(0, turn.card_turns.pop())  # at once: before any other added turn
