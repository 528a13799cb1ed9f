"""Base classes of the power Effects, so that each power module states only what is its own.

- :class:`PowerEffect`: a Unit effect that carries out one Army Card power; finds that power on
  the trigger's card, its name and its numbers, and rolls the d20 against a target number.
- :class:`TurnPower`: an optional power of the Army Card whose turn it is, offered at most once
  in that turn (Orc Champion Bonding, and every :class:`AfterMovingPower`).
- :class:`AfterMovingPower`: a :class:`TurnPower` of the "after moving, before attacking" window
  (HS-TURN-06: Berserker Charge, Water Clone, Chomp, Mind Shackle).
- :class:`FigurePick`: an :class:`AfterMovingPower` where one figure of the card picks another
  figure next to it (Chomp, Mind Shackle).
- :class:`AttackAgainPower`: an "after attacking" power that grants another normal attack (Double
  Attack, ``extra_attack``, ``attack_all_adjacent``).

Not a power itself (the leading underscore keeps it out of the package's auto-import), and none
of these classes is registered: only the subclasses in the power modules are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from bot.rules.cards import Power
from bot.rules.powers._turns import flag, unused_turn_card
from bot.rules.state import CardInPlay, Figure, MatchState, TurnState
from bot.rules.timing import Effect, Source, Trigger, Window

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The answer that uses a power which asks only "roll the d20?".
ROLL = "roll"
#: The answer that declines a power.
SKIP = "skip"


def window_args(engine: RulesContext) -> dict[str, Any]:
    """The arguments of the innermost open timing window (``attacker``, ``target``, ``figure``,
    dice, ...), or an empty dict when no window is open."""
    return engine.open_windows[-1].args if engine.open_windows else {}


class PowerEffect(Effect):
    """A Unit effect (HS-TIMING-05) that carries out one power printed on an Army Card.

    The power is the one of kind :meth:`power_kind` (:attr:`kind`, by default the effect's
    ``name``) on the card of the trigger: the card whose key is the trigger's ``subject``, or,
    when :attr:`per_figure` is set, the card of the figure whose id is the ``subject``.
    """

    source = Source.UNIT
    #: The power kind on the card, when it differs from the effect's ``name``.
    kind: ClassVar[str] = ""
    #: Whether a trigger's ``subject`` is a figure id (else it is an Army Card key).
    per_figure: ClassVar[bool] = False

    def card_key(self, engine: RulesContext, trigger: Trigger) -> str:
        """The key of the Army Card whose power the trigger is."""
        return engine.state.figures[trigger.subject].card_key if self.per_figure else trigger.subject

    def power_kind(self, trigger: Trigger) -> str:
        """The kind of the power the trigger carries out."""
        return self.kind or self.name

    def power(self, engine: RulesContext, trigger: Trigger) -> Power | None:
        """The power on the trigger's card, or ``None`` when the card (no longer) has it."""
        return engine.state.cards[self.card_key(engine, trigger)].card.power(self.power_kind(trigger))

    def power_name(self, engine: RulesContext, trigger: Trigger) -> str:
        """The card's name for the power (what events and messages show); its kind without one."""
        power = self.power(engine, trigger)
        return power.name if power else self.power_kind(trigger)

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return self.power_name(engine, trigger)

    def value(self, engine: RulesContext, trigger: Trigger, key: str, default: int) -> int:
        """One of the power's numbers (``roll``: the d20 target), ``default`` when it has none."""
        power = self.power(engine, trigger)
        return power.values.get(key, default) if power else default

    @staticmethod
    def roll_d20(engine: RulesContext, need: int) -> tuple[int, bool]:
        """Roll the d20 once: the roll, and whether it is ``need`` or more."""
        roll = engine.roll_d20()
        return roll, roll >= need


class TurnPower(PowerEffect):
    """An optional power of the Army Card whose turn it is, offered at most once in that turn.

    It is offered while that card's turn is under way and the power was neither used nor
    declined this turn (the once-per-turn flag in ``turn.data``, see ``_turns.flag``);
    subclasses say in :meth:`offers` what else it needs. Resolving it sets the flag whatever
    the answer; a declined power (``None`` or :data:`SKIP`) stops there, any other answer goes
    to :meth:`use`.
    """

    optional = True

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = unused_turn_card(engine, self.name)
        if found is None:
            return []
        turn, cip, _ = found
        return self.offers(engine, turn, cip)

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        """The triggers of the power for ``cip`` this turn (it is that card's turn and the power
        is unused); empty when its condition does not hold."""
        raise NotImplementedError

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        if st.turn is not None:
            st.turn.data[flag(self.name, self.card_key(engine, trigger))] = True
        if choice is None or choice == SKIP:
            return
        self.use(engine, trigger, choice)

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        """Carry the power out with the controller's answer ``choice`` (one of :meth:`options`)."""
        raise NotImplementedError


class AfterMovingPower(TurnPower):
    """A :class:`TurnPower` used after moving and before attacking (HS-TURN-06)."""

    window = Window.AFTER_MOVING


class FigurePick(AfterMovingPower):
    """An after-moving power where one figure of the card picks another figure next to it.

    Each figure of the card on the battlefield with something to pick is offered the power (a
    trigger whose ``subject`` and ``source`` are that figure); the options are the figures it may
    pick, by id, then :data:`SKIP`.
    """

    per_figure = True

    def candidates(self, engine: RulesContext, picker: Figure) -> list[Figure]:
        """The figures ``picker`` may pick now, in the order they are offered."""
        raise NotImplementedError

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        return [Trigger(self.name, cip.controller, f.id, source=f.id) for f in engine.state.figures_of(cip.key)
                if f.on_battlefield and self.candidates(engine, f)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(self.candidates(engine, engine.state.figures[trigger.subject]))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [f.id for f in self.candidates(engine, engine.state.figures[trigger.subject])] + [SKIP]


class AttackAgainPower(PowerEffect):
    """An after-attack Effect (HS-TIMING-04) that grants the attacker another normal attack.

    Attacking again leaves the window, so it waits until every other "after attacking" effect has
    resolved; the player makes the attack with ``attack`` or ends the turn. A subclass says when it
    triggers (:meth:`normal_attack` gives the figures of the attack just made) and counts the
    attacks granted in ``turn.data`` under ``"<name>:<figure id>"`` from :attr:`first`.
    """

    window = Window.AFTER_ATTACK
    per_figure = True
    leaves_window = True
    rule = "HS-TIMING-04"
    #: The count before the first attack granted (Double Attack counts the first attack made).
    first: ClassVar[int | bool] = 0
    #: What the narration says is granted.
    granted: ClassVar[str] = "may attack again"

    def normal_attack(self, engine: RulesContext) -> tuple[Figure, Figure | None] | None:
        """``(attacker, target)`` of the normal attack that opened the window, when the attacker
        (still on the battlefield) has this power; ``None`` otherwise or after a special attack."""
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(args.get("attacker", ""))
        if st.turn is None or attacker is None or not attacker.on_battlefield:
            return None
        if not self.has_power(st, attacker):
            return None
        if attacker.id in st.turn.data.get("special", []):
            return None  # normal attacks only
        return attacker, st.figures.get(args.get("target", ""))

    def has_power(self, st: MatchState, fig: Figure) -> bool:
        """Whether ``fig`` has this power now (by default: its card has a power of this kind)."""
        return st.card_of(fig).power(self.kind or self.name) is not None

    def granted_so_far(self, engine: RulesContext, fig: Figure) -> int:
        """The count kept for ``fig`` this turn (:attr:`first` before any)."""
        turn = engine.state.turn
        return int(turn.data.get(f"{self.name}:{fig.id}", self.first)) if turn is not None else int(self.first)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        turn = engine.state.turn
        if turn is None:
            return
        key = f"{self.name}:{trigger.subject}"
        turn.data[key] = turn.data.get(key, self.first) + 1
        name = self.power_name(engine, trigger)
        engine.emit("power", power=name, figure=trigger.subject, player=trigger.controller, success=True,
                    result=f"{trigger.subject} {self.granted}")
        engine.attack_again(trigger.subject, name)
