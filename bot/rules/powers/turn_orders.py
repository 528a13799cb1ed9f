"""Moving Order Markers between cards (pattern ``order_marker_shift``, Admiral's Orders): once
initiative is rolled (the :attr:`~bot.rules.timing.Window.AFTER_INITIATIVE` window), the Order
Markers on this card may each be moved to another card of the same player that ``to`` names
(``"your Pirate or Captain cards"``: a card with either word in its species or class).

The markers stay secret: each question is about "your next Order Marker on this card", in
number order, never naming it; the answer is a card's key or ``keep``. The player sees their own
markers (the private ``orders`` event says where they now are).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.powers._common import card_labels, is_a
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._turns import living
from bot.rules.state import MARKERS, CardInPlay, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"order_marker_shift"})

KIND = "order_marker_shift"
KEEP = "keep"
_TO = re.compile(r"your (.+) cards")


def _words(values: dict[str, Any]) -> list[str] | None:
    m = _TO.fullmatch(str(values.get("to", "")))
    return [w.strip() for w in m.group(1).split(" or ")] if m else None


def check_order_marker_shift(values: dict[str, Any]) -> str | None:
    """Why an ``order_marker_shift`` power's ``values`` cannot be enforced, or ``None``."""
    if values.get("window") != "after initiative is rolled":
        return f"the moment '{values.get('window')}' is not understood"
    return None if _words(values) else f"moving markers to '{values.get('to')}' is not understood"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_order_marker_shift}


def targets(state: MatchState, cip: CardInPlay, values: dict[str, Any]) -> list[CardInPlay]:
    """The other cards of ``cip``'s controller, with a figure on the battlefield, that ``to`` names."""
    words = _words(values) or []
    return [c for c in sorted(state.cards.values(), key=lambda c: c.key)
            if c.key != cip.key and c.controller == cip.controller and living(state, c.key)
            and any(is_a(c.card, species=w) or is_a(c.card, class_=w) for w in words)]


def _left(state: MatchState, cip: CardInPlay, done: list[str]) -> list[str]:
    """This card's Order Markers not yet revealed nor asked about, in number order."""
    orders = state.orders.get(cip.controller, {})
    shown = state.revealed.get(cip.controller, [])
    return [m for m in MARKERS if orders.get(m) == cip.key and m not in shown and m not in done]


@register
class AdmiralsOrders(PowerEffect):
    """One question per Order Marker on the card (``subject``: the card's key; data ``done``: the
    markers already asked about)."""

    name = KIND
    window = Window.AFTER_INITIATIVE
    optional = True
    rule = "HS-SPECIAL-08"

    def _values(self, engine: RulesContext, trigger: Trigger) -> dict[str, Any] | None:
        power = self.power(engine, trigger)
        return power.values if power is not None and check_order_marker_shift(power.values) is None else None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        out = []
        for cip in sorted(st.cards.values(), key=lambda c: c.key):
            power = cip.card.power(KIND)
            if power is None or check_order_marker_shift(power.values) is not None:
                continue
            if _left(st, cip, []) and targets(st, cip, power.values):
                out.append(Trigger(self.name, cip.controller, cip.key))
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        values = self._values(engine, trigger)
        cip = st.cards[trigger.subject]
        return values is not None and bool(_left(st, cip, list(trigger.get("done", [])))) and bool(targets(st, cip, values))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        values = self._values(engine, trigger) or {}
        return [c.key for c in targets(engine.state, engine.state.cards[trigger.subject], values)] + [KEEP]

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        st = engine.state
        keys = [o for o in options if o in st.cards]
        shown = dict(zip(keys, card_labels(st, trigger.controller, [st.cards[k] for k in keys]), strict=True))
        return [shown.get(o, o) for o in options]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        card = engine.state.cards[trigger.subject].card.short
        return (f"{self.power_name(engine, trigger)}: move your next Order Marker on {card} (in number order) to "
                f"which card, or keep it there?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        cip = st.cards[trigger.subject]
        done = list(trigger.get("done", []))
        left = _left(st, cip, done)
        if not left:
            return
        marker = left[0]
        done.append(marker)
        if choice in st.cards and choice in [c.key for c in targets(st, cip, self._values(engine, trigger) or {})]:
            st.orders[cip.controller][marker] = str(choice)
            engine.emit("power", power=self.power_name(engine, trigger), card=cip.key, player=cip.controller,
                        success=True, result=f"an Order Marker moves to {st.cards[str(choice)].card.short}")
            engine.emit("orders", to=cip.controller, player=cip.controller, markers=dict(st.orders[cip.controller]))
        nxt = trigger.with_data(done=done)
        if self.applies(engine, nxt):
            options = self.options(engine, nxt)
            engine.ask(nxt, self.prompt(engine, nxt), options, labels=self.labels(engine, nxt, options))
