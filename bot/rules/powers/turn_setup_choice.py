"""A choice made once, at the start of the battle, that changes an Army Card for the whole game
(pattern ``setup_choice``: Disciplined Influence of Parmenio).

``values``: ``effect`` "chosen Unique card becomes Disciplined" (any personality word may stand in
for Disciplined). At the start of the first round (the start-of-round window) the controller of a
card with the power may name one Unique Army Card they control whose personality is not that
already (or ``skip``); for the rest of the battle that card's personality is the one named, so every
power that asks for it (auras "for Disciplined figures", bonding) counts it. The choice is made once,
even if it is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.powers import _terms as terms
from bot.rules.powers._common import card_labels
from bot.rules.powers._effects import SKIP, PowerEffect
from bot.rules.state import CardInPlay, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"setup_choice"})
KIND = "setup_choice"
_BECOMES = re.compile(r"chosen unique card becomes (\w+)")
#: ``CardInPlay.data`` key: the holder's choice was made (or skipped).
DONE = "setup_choice_done"


def personality(values: dict[str, Any]) -> str | None:
    """The personality the chosen card takes (``"Disciplined"``), or ``None`` when not understood."""
    m = _BECOMES.fullmatch(terms.norm(values.get("effect", "")))
    return m.group(1).capitalize() if m and set(values) == {"effect"} else None


def check(values: dict[str, Any]) -> str | None:
    """Why a ``setup_choice`` power's ``values`` cannot be enforced, or ``None``."""
    return None if personality(values) is not None else f"the choice '{values.get('effect')}' is not built yet"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check}


def choices(state: MatchState, cip: CardInPlay, word: str) -> list[CardInPlay]:
    """The Unique cards ``cip``'s controller controls whose personality is not ``word`` yet, by key."""
    return sorted((c for c in state.cards.values() if c.controller == cip.controller and c.card.is_unique
                   and (c.card.personality or "").lower() != word.lower()), key=lambda c: c.key)


@register
class SetupChoice(PowerEffect):
    """Disciplined Influence: see the module doc. A trigger's ``subject`` is the holder's card key."""

    name = "setup_choice"
    window = Window.START_OF_ROUND
    optional = True
    rule = "HS-SPECIAL-08"

    def _word(self, engine: RulesContext, trigger: Trigger) -> str | None:
        power = self.power(engine, trigger)
        return personality(dict(power.values)) if power is not None else None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if st.round > 1:
            return []
        out = []
        for cip in sorted(st.cards.values(), key=lambda c: c.key):
            power = cip.card.power(KIND)
            word = personality(dict(power.values)) if power is not None else None
            if word is not None and DONE not in cip.data and choices(st, cip, word):
                out.append(Trigger(self.name, cip.controller, cip.key))
        return out

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        word = self._word(engine, trigger) or ""
        return [c.key for c in choices(engine.state, engine.state.cards[trigger.subject], word)] + [SKIP]

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        st = engine.state
        cards = [st.cards[k] for k in options if k in st.cards]
        return card_labels(st, trigger.controller, cards) + [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{self.power_name(engine, trigger)}: which of your Unique Army Cards counts as "
                f"{self._word(engine, trigger)} for the whole battle? Or {SKIP}.")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        cip = st.cards[trigger.subject]
        word = self._word(engine, trigger)
        cip.data[DONE] = True
        if word is None or choice is None or choice == SKIP:
            return
        chosen = next((c for c in choices(st, cip, word) if c.key == choice), None)
        if chosen is None:
            return
        chosen.card = chosen.card.model_copy(update={"personality": word})
        # The power index (bot.rules.powers._common) and the words of a card are kept per card
        # object: the new card object is read afresh by every power that asks for personalities.
        st.cards = dict(st.cards)
        engine.emit("power", power=self.power_name(engine, trigger), card=cip.key, player=cip.controller,
                    success=True, result=f"{chosen.card.short} counts as {word} for the whole battle")
