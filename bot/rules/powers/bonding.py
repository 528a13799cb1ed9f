"""Orc Champion Bonding (Blade Gruts): before taking a turn with the Blade Gruts, the player may
first take a turn with one of their Orc Champions (Grimnak), then the Blade Gruts take theirs,
all in the same Player Turn (HS-TURN-05, :meth:`~bot.rules.engine.Engine.add_card_turn`).

Offered once per Player Turn as the Blade Gruts' turn begins, before anything else of that turn
(``immediate``): the Blade Gruts' own start-of-turn effects come when their turn really begins,
after the Champion's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.powers._common import card_labels, is_a
from bot.rules.powers._effects import SKIP, TurnPower
from bot.rules.powers._turns import living
from bot.rules.state import CardInPlay, MatchState, TurnState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"orc_champion_bonding"})

KIND = "orc_champion_bonding"


def champions(state: MatchState, player: str, exclude: str) -> list[CardInPlay]:
    """Orc Champion cards ``player`` controls with a figure on the battlefield, by key."""
    return sorted((c for c in state.cards.values() if c.key != exclude and c.controller == player
                   and is_a(c.card, species="Orc", class_="Champion") and living(state, c.key)),
                  key=lambda c: c.key)


@register
class OrcChampionBonding(TurnPower):
    """Orc Champion Bonding as a start-of-turn Effect (HS-TURN-05): offered when the Blade Gruts'
    turn begins and their controller has a living Orc Champion card; the answer is that card's key
    (it takes a turn first) or ``skip``."""

    name = KIND
    window = Window.START_OF_TURN
    immediate = True
    leaves_window = True
    rule = "HS-TURN-05"

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        if turn.activated or turn.player != cip.controller:
            return []
        if not champions(engine.state, cip.controller, cip.key):
            return []
        return [Trigger(self.name, cip.controller, cip.key)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(champions(engine.state, trigger.controller, trigger.subject))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [c.key for c in champions(engine.state, trigger.controller, trigger.subject)] + [SKIP]

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        st = engine.state
        keys = [o for o in options if o in st.cards]
        shown = dict(zip(keys, card_labels(st, trigger.controller, [st.cards[k] for k in keys]), strict=True))
        return [shown.get(o, o) for o in options]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return "Orc Champion Bonding: take a turn with an Orc Champion first, then the Blade Gruts?"

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        if choice not in st.cards:
            return
        engine.emit("power", power=self.power_name(engine, trigger), card=trigger.subject, player=trigger.controller,
                    success=True, result=f"{st.cards[choice].card.short} takes a turn first")
        engine.add_card_turn(choice, now=True)
