"""Part of building block ``d20_trigger``: the moment "after this card's turn" with the effect "take
another turn with this card" (Frenzy of the Venoc Vipers, the Aubrien Archers and the Elite Onyx
Vipers).

As the Army Card turn of a card with the power ends (the "after this card's turn" window, before
the next Army Card turn of the same Player Turn), its controller rolls the d20; on ``threshold`` or
more the card takes another turn at once (HS-TURN-05: it moves, then attacks, and ends with
``end-turn``), after which Frenzy is rolled again. The roll only helps its controller, so it is
always rolled. Roll modifiers add to it (Venoc Warlord's Frenzy Enhancement,
:mod:`block_roll_modifier`). A card with no figure left on the battlefield has no turn to take.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._shaped import roll_d20
from bot.rules.powers._turns import living
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this moment (:mod:`block_d20` asks
#: :func:`is_frenzy` and leaves them to this module).
KINDS: frozenset[str] = frozenset()
KIND = "d20_trigger"
WINDOW = "after this card's turn"
EFFECT = "take another turn with this card"


def is_frenzy(values: dict[str, Any]) -> bool:
    """Whether a ``d20_trigger``'s ``values`` are a Frenzy this module rolls: this moment and effect,
    a whole-number ``threshold`` and nothing else."""
    threshold = values.get("threshold")
    return (terms.norm(values.get("window", "")) == WINDOW and terms.norm(values.get("effect", "")) == EFFECT
            and isinstance(threshold, int) and not isinstance(threshold, bool)
            and set(values) == {"window", "effect", "threshold"})


def frenzy_of(power: Power | None) -> Power | None:
    """``power`` when it is a Frenzy (:func:`is_frenzy`), else ``None``."""
    return power if power is not None and power.kind == KIND and is_frenzy(dict(power.values)) else None


@register
class Frenzy(PowerEffect):
    """Frenzy: as the card's turn ends, the d20; on the threshold, another turn with the card. A
    trigger's ``subject`` is the card key, its ``source`` a figure of the card on the battlefield."""

    name = "frenzy"
    kind = KIND
    window = Window.AFTER_CARD_TURN
    rule = "HS-TURN-05"

    def _power(self, engine: RulesContext, card_key: str) -> Power | None:
        cip = engine.state.cards.get(card_key)
        if cip is None:
            return None
        return next((p for p in cip.card.powers if frenzy_of(p) is not None), None)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or self._power(engine, turn.card_key) is None:
            return []
        figs = living(st, turn.card_key)
        cip = st.cards[turn.card_key]
        return [Trigger(self.name, cip.controller, cip.key, source=figs[0].id)] if figs else []

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        return bool(living(st, trigger.subject)) and st.turn is not None \
            and st.cards[trigger.subject].controller == st.turn.player

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self._power(engine, trigger.subject)
        return power.name if power is not None else "Frenzy"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        power = self._power(engine, trigger.subject)
        if power is None:
            return
        cip = st.cards[trigger.subject]
        _, total, shown = roll_d20(engine, cip.controller, power, cip.key)
        need = int(power.values["threshold"])
        ok = total >= need
        engine.emit("power", power=power.name, card=cip.key, player=cip.controller, needed=need,
                    success=ok, result=f"{cip.card.short} take another turn" if ok else "no effect", **shown)
        if ok and st.turn is not None:
            # "Another turn" comes right away: before any Army Card turn already waiting in this Player Turn.
            st.turn.card_turns.insert(0, cip.key)
