"""What the d20 powers built in modules of their own share (:mod:`_d20_shapes`): the d20 roll with
the player's roll modifiers, and a once-per-turn power of the card whose turn it is, offered to each
of its figures that can use it (:class:`ShapedTurnPower`).

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.powers import block_roll_modifier as roll_modifier
from bot.rules.powers._effects import AfterMovingPower
from bot.rules.powers._turns import flag
from bot.rules.state import CardInPlay, Figure, MatchState, TurnState
from bot.rules.timing import Trigger

if TYPE_CHECKING:
    from bot.rules.context import RulesContext


def roll_d20(engine: RulesContext, player: str, power: Power, card_key: str) -> tuple[int, int, dict[str, Any]]:
    """Roll the d20 for ``power`` of the card ``card_key``: ``(roll, total with ``player``'s roll
    modifiers (:mod:`block_roll_modifier`), event data: ``{"d20": roll}`` plus ``total`` when it
    differs)``."""
    roll = engine.roll_d20()
    total = roll + roll_modifier.roll_bonus(engine.state, player, power.name, card_key)[0]
    shown: dict[str, Any] = {"d20": roll, "total": total} if total != roll else {"d20": roll}
    return roll, total, shown


class ShapedTurnPower(AfterMovingPower):
    """A power of one shape (:attr:`shape_of` finds it among a card's powers), used at most once in
    its card's turn; each figure of the card on the battlefield for which :meth:`ready` holds is
    offered it (a trigger whose ``subject`` and ``source`` are that figure). A trigger carrying a
    follow-up ``step`` always applies (the effect is under way)."""

    per_figure = True

    @staticmethod
    def shape_of(card_powers: list[Power]) -> Power | None:
        """The power of this shape among a card's ``card_powers``, or ``None``."""
        raise NotImplementedError

    def ready(self, state: MatchState, fig: Figure, power: Power) -> bool:
        """Whether ``fig`` can use ``power`` now."""
        raise NotImplementedError

    def power(self, engine: RulesContext, trigger: Trigger) -> Power | None:
        return self.shape_of(engine.state.cards[self.card_key(engine, trigger)].card.powers)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or turn.card_key not in st.cards \
                or turn.data.get(flag(self.name, turn.card_key)):
            return []
        return self.offers(engine, turn, st.cards[turn.card_key])

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        power = self.shape_of(cip.card.powers)
        if power is None:
            return []
        return [Trigger(self.name, cip.controller, f.id, source=f.id) for f in engine.state.figures_of(cip.key)
                if f.on_battlefield and self.ready(engine.state, f, power)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        if trigger.get("step") is not None:
            return True
        power = self.power(engine, trigger)
        fig = engine.state.figures[trigger.subject]
        return power is not None and fig.on_battlefield and self.ready(engine.state, fig, power)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        step = trigger.get("step")
        if step is not None:  # a follow-up decision of the power under way
            self.follow_up(engine, trigger, str(step), choice)
            return
        super().resolve(engine, trigger, choice)

    def follow_up(self, engine: RulesContext, trigger: Trigger, step: str, choice: str | None) -> None:
        """Carry on with the answer ``choice`` to the follow-up decision ``step`` the power asked."""
        raise NotImplementedError

    def pick_and_roll(self, engine: RulesContext, trigger: Trigger, candidates: list[Figure],
                      choice: str) -> tuple[Figure, Power, Figure, int, dict[str, Any]] | None:
        """The figure ``choice`` names among ``candidates``, and the d20 rolled for it: ``(holder,
        power, picked figure, total, event data)``; ``None`` (nothing rolled) when it names none."""
        holder = engine.state.figures[trigger.subject]
        power = self.power(engine, trigger)
        picked = next((f for f in candidates if f.id == choice), None)
        if power is None or picked is None:
            return None
        _, total, shown = roll_d20(engine, holder.controller, power, holder.card_key)
        return holder, power, picked, total, shown
