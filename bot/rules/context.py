"""What rules outside the core may do to a match: the :class:`RulesContext` protocol.

Powers (:mod:`bot.rules.powers`), special attacks (:mod:`bot.rules.special`), terrain effects
(:mod:`bot.rules.terrain_effects`), glyphs and scenario rules are written against this protocol,
never against the concrete :class:`~bot.rules.engine.Engine`: they read ``state``, emit events,
roll dice, wound and destroy figures, ask a player, put figures on the battlefield, take control
of cards, start lasting effects and add Army Card turns. The engine implements it; so could a
test double. Nothing here imports the engine, so no rule module depends on it (no import cycle).

:class:`Referee` is the wider protocol the engine's own parts (:mod:`bot.rules.flow`,
:mod:`bot.rules.actions`, :mod:`bot.rules.windows`) use: the capabilities above plus the card
library, the event list and the window machinery.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bot.rules.cards import ArmyCard
    from bot.rules.events import Event
    from bot.rules.hexes import Hex
    from bot.rules.moments import Expiry, Lasting, Trigger, Window, WindowRun
    from bot.rules.movement import MovePlan
    from bot.rules.state import Figure, MatchState

#: Resolves a card name typed in an ``army`` or ``draft`` command to an Army Card.
CardLookup = Callable[[str], "ArmyCard"]
#: Every Army Card a draft may offer (the card library), DEC-13.
CardPool = Callable[[], Iterable["ArmyCard"]]


class RulesContext(Protocol):
    """The capabilities a power, terrain effect, glyph or scenario rule may use (see module doc)."""

    state: MatchState

    @property
    def open_windows(self) -> tuple[WindowRun, ...]:
        """Timing windows under way, innermost last (their ``args``: attacker, target, dice...)."""
        ...

    def emit(self, event_kind: str, /, to: str | None = None, **data: Any) -> Event:
        """Record an event (public unless ``to`` names a player)."""
        ...

    def roll_combat(self, n: int) -> list[str]:
        """Roll ``n`` combat dice."""
        ...

    def roll_d20(self) -> int:
        """Roll the 20-sided die."""
        ...

    def roll_pick(self, n: int) -> int:
        """Pick at random among ``n`` candidates: a 0-based index (Oreld's random Order Marker)."""
        ...

    def wound(self, fig: Figure, n: int, cause: str) -> None:
        """Give ``fig`` ``n`` wounds, destroying it at its Life (HS-DESTROY-01, -02)."""
        ...

    def destroy(self, fig: Figure, cause: str) -> None:
        """Destroy ``fig`` (HS-DESTROY-03)."""
        ...

    def ask(self, trigger: Trigger, prompt: str, options: list[str], rule: str = "",
            labels: Sequence[str] | None = None, place: str = "") -> None:
        """Stop for a follow-up decision of the effect under way (answered with ``choose``; a
        decision that puts the figure ``place`` on the battlefield, with ``place`` too)."""
        ...

    def put_on(self, fig: Figure, hexes: Sequence[Hex], cause: str) -> None:
        """Put an off-battlefield figure onto empty spaces (Water Clone, The Drop)."""
        ...

    def take_control(self, card_key: str, player: str, cause: str) -> None:
        """``player`` takes control of a card and its figures (HS-ARMY-10, -11)."""
        ...

    def add_lasting(self, name: str, controller: str, until: Expiry, source: str = "", **data: Any) -> Lasting:
        """Start an effect with a stated duration (HS-DESTROY-06)."""
        ...

    def add_card_turn(self, card_key: str, *, now: bool = False) -> None:
        """Give the Player Turn under way one more Army Card turn (HS-TURN-05)."""
        ...

    def move_again(self, figures: Sequence[str], cause: str) -> None:
        """Let ``figures`` move once more this turn (Berserker Charge)."""
        ...

    def attack_again(self, figure: str, cause: str) -> None:
        """Let ``figure`` make one more attack this turn (Double Attack)."""
        ...

    def forgo_attacks(self, figures: Sequence[str]) -> None:
        """``figures`` make no attack this turn (a power used instead of attacking)."""
        ...

    def carry_out(self, fig: Figure, mp: MovePlan) -> None:
        """Move ``fig`` along a checked plan: leaving-engagement attacks, falls, entering effects
        (a glyph moving figures, Quillivon)."""
        ...

    def figure(self, name: str) -> Figure:
        """The figure called ``name`` (raises InvalidCommand naming close ids)."""
        ...

    def space(self, text: str) -> Hex:
        """The space a label names (raises InvalidCommand)."""
        ...


class Referee(RulesContext, Protocol):
    """What the engine's own parts use: :class:`RulesContext` plus the engine's inner workings."""

    cards: CardLookup | None
    pool: CardPool | None
    events: list[Event]

    def run_window(self, window: Window, then: str, **args: Any) -> None:
        """Resolve ``window``, then call the continuation named ``then`` with ``args``."""
        ...
