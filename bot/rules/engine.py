"""The referee's front desk: one command at a time, dispatched by kind, rolled back when refused.

Checked entry point: :meth:`Engine.execute` takes a :class:`~bot.rules.commands.Command` from a
player, refuses a conceded player's commands, then hands it to the handler :data:`COMMANDS` names
for its verb. Each handler checks in a fixed order (is the match on, is this player allowed now,
is the move legal) and carries the command out, drawing every die from the injected dice source.
An illegal command raises a :class:`~bot.rules.errors.RulesError` naming the rule and leaves the
state exactly as it was: the state (open timing windows and pending decisions included) is put
back from a copy, so even a half-done command changes nothing.

Where each rule lives (one job per module):

- setup and seats, armies, ``start``: :mod:`bot.rules.flow.setup`; the draft (DEC-13):
  :mod:`bot.rules.flow.draft`; placement (HS-ARMY-02): :mod:`bot.rules.flow.placement`
- the round, Order Markers, initiative, Player and Army Card turns (HS-ROUND-*, HS-ORDER-*,
  HS-INIT-*, HS-TURN-*): :mod:`bot.rules.flow.round`; victory (HS-VICTORY-*):
  :mod:`bot.rules.flow.endgame`; conceding: :mod:`bot.rules.flow.concede`
- moving (HS-MOVE-*, HS-ENGAGE-05, falls): :mod:`bot.rules.actions.move`; normal attacks
  (HS-ATTACK-*): :mod:`bot.rules.actions.attack`; special attacks (HS-SPECIAL-*):
  :mod:`bot.rules.actions.special`; answering decisions: :mod:`bot.rules.actions.choose`
- timing windows and named continuations (HS-TIMING-*): :mod:`bot.rules.windows`; what powers
  may do (:class:`~bot.rules.context.RulesContext`): :mod:`bot.rules.capabilities`
- power glyphs (HS-GLYPH-*): :mod:`bot.rules.glyphs` (stops in the movement rules, turning over and
  acting at the end of a move, permanent glyphs as modifiers)
- the shared checks: :mod:`bot.rules.checks`; names typed by players: :mod:`bot.rules.lookup`;
  what is legal now, as a query: :mod:`bot.rules.legal`

Unchecked entry points (``setup_*``) build positions directly, for rules cases and tests.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from bot.rules import capabilities, lookup
from bot.rules.actions import attack, cannon, choose, mixed_move, move, special
from bot.rules.cards import ArmyCard
from bot.rules.checks import refuse_conceded
from bot.rules.commands import Command
from bot.rules.context import CardLookup, CardPool
from bot.rules.dice import DiceSource
from bot.rules.events import Event
from bot.rules.flow import concede, draft, placement, round, setup
from bot.rules.hexes import Hex
from bot.rules.moments import Expiry, Lasting, Trigger, Window, WindowRun
from bot.rules.movement import MovePlan
from bot.rules.special import SpecialPlan
from bot.rules.state import CardInPlay, Figure, MatchState, Player
from bot.rules.treasure import use as treasure_use
from bot.rules.windows import run_window

__all__ = ["COMMANDS", "CardLookup", "CardPool", "Engine"]

#: A command handler: ``handler(engine, player, **command.args)``; raises RulesError to refuse.
Handler = Callable[..., None]

#: The handler of each command verb (:data:`bot.rules.commands.VERBS`).
COMMANDS: dict[str, Handler] = {
    "join": setup.join,
    "army": setup.army,
    "start": setup.start,
    "draft": draft.draft,
    "place": placement.place,
    "place-rest": placement.place_rest,
    "orders": round.orders,
    "initiative": round.initiative,
    "end-turn": round.end_turn,
    "end-round": round.end_round_now,
    "concede": concede.concede,
    "move": mixed_move.move,  # a walk, a flight, or both in legs (HS-FLY-01, -10)
    "attack": attack.attack,
    "special": special.special_attack,
    "choose": choose.choose,
    "end-moves": round.end_moves,
    "use": treasure_use.use,
    "cannon": cannon.fire,
}


class Engine:
    """Applies commands to ``state`` with dice from ``dice``; implements
    :class:`~bot.rules.context.RulesContext` for powers, terrain and scenario rules.

    ``cards`` resolves a card name typed in an ``army`` or ``draft`` command to an :class:`ArmyCard`
    (raising ``KeyError``/``ValueError`` with a helpful message when unknown). ``pool`` lists every
    card a draft may offer: with it, a player who can add no card at all is out of the draft by
    itself (DEC-13); without it, such a player has to pass.
    """

    #: Every roll's outcome, in order, while a :class:`~bot.rules.match.Match` keeps a journal
    #: (``None``: not kept); and the outcomes to give again while it replays commands to undo a
    #: refusal (``None``: roll the dice). See :mod:`bot.rules.journal`. Class defaults, so that an
    #: engine from an older snapshot has them too.
    rolls: list[Any] | None = None
    replaying: deque[Any] | None = None

    def __init__(self, state: MatchState, dice: DiceSource, cards: CardLookup | None = None,
                 pool: CardPool | None = None) -> None:
        self.state = state
        self.dice = dice
        self.cards = cards
        self.pool = pool
        self.events: list[Event] = []

    def __getstate__(self) -> dict[str, Any]:
        """What a snapshot keeps of the engine: not the roll journal (a cache of the match's)."""
        return {k: v for k, v in self.__dict__.items() if k not in ("rolls", "replaying")}

    # ==== the checked entry point ==================================================================

    def execute(self, player: str, command: Command | str, *, rollback: bool = True) -> list[Event]:
        """Apply one command by ``player``; return the events it caused.

        ``rollback``: copy the state first and put the copy back if the command is refused (the
        state is then unchanged). ``False`` for a caller that puts the state back itself (a
        :class:`~bot.rules.match.Match`, from its checkpoint and log) or throws it away (a legality
        check on a copy): after a refusal the state may then be half changed.

        :raises InvalidCommand: the command cannot be understood.
        :raises IllegalCommand: the rules forbid it now (``rule`` names the clause).
        """
        cmd = Command.parse(command) if isinstance(command, str) else command
        refuse_conceded(self.state, player, cmd.verb)
        # Windows and decisions are in the state: one copy holds all.
        snapshot = self.state.clone() if rollback else None
        self.events = []
        try:
            COMMANDS[cmd.verb](self, player, **cmd.args)
        except Exception:
            if snapshot is not None:
                self.state = snapshot
            raise
        self.state.version += 1
        return self.events

    @property
    def open_windows(self) -> tuple[WindowRun, ...]:
        """Timing windows under way, innermost last (non-empty only while a decision is pending)."""
        return tuple(self.state.windows)

    def emit(self, event_kind: str, /, to: str | None = None, **data: Any) -> Event:
        """Record an event (public unless ``to`` names a player)."""
        ev = Event(event_kind, data, to)
        self.events.append(ev)
        return ev

    def _rolled(self, fresh: Callable[[], Any]) -> Any:
        """One roll: the next of :attr:`replaying` when a refusal is being undone, else ``fresh()``
        (noted in :attr:`rolls` when it is kept)."""
        if self.replaying is not None:
            return self.replaying.popleft()
        out = fresh()
        if self.rolls is not None:
            self.rolls.append(out)
        return out

    def roll_combat(self, n: int) -> list[str]:
        """Roll ``n`` combat dice (every roll ends up in an event)."""
        rolled: list[str] = self._rolled(lambda: self.dice.combat(n) if n > 0 else [])
        return rolled

    def roll_d20(self) -> int:
        """Roll the 20-sided die."""
        rolled: int = self._rolled(self.dice.d20)
        return rolled

    def roll_pick(self, n: int) -> int:
        """Pick at random among ``n`` candidates: a 0-based index from the dice source (Oreld's random
        Order Marker), recorded like any roll so that a replay picks the same."""
        rolled: int = self._rolled(lambda: self.dice.pick(n))
        return rolled

    def run_window(self, window: Window, then: str, **args: Any) -> None:
        """Resolve ``window``, then the continuation named ``then`` (:func:`bot.rules.windows.run_window`)."""
        run_window(self, window, then, **args)

    # ==== what powers may do (RulesContext; bodies in bot.rules.capabilities) ======================

    def wound(self, fig: Figure, n: int, cause: str) -> None:
        """Give ``fig`` ``n`` wounds; destroy it when they reach its Life (HS-DESTROY-01, -02)."""
        capabilities.wound(self, fig, n, cause)

    def destroy(self, fig: Figure, cause: str) -> None:
        """Destroy ``fig`` (HS-DESTROY-03)."""
        capabilities.destroy(self, fig, cause)

    def add_lasting(self, name: str, controller: str, until: Expiry, source: str = "", **data: Any) -> Lasting:
        """Start an effect with a stated duration (HS-DESTROY-06)."""
        return capabilities.add_lasting(self, name, controller, until, source, **data)

    def ask(self, trigger: Trigger, prompt: str, options: list[str], rule: str = "",
            labels: Sequence[str] | None = None, place: str = "") -> None:
        """Stop for a follow-up decision of an effect under way (see :func:`bot.rules.capabilities.ask`)."""
        capabilities.ask(self, trigger, prompt, options, rule, labels, place)

    def take_control(self, card_key: str, player: str, cause: str) -> None:
        """``player`` takes control of a card and all its figures (HS-ARMY-10, -11)."""
        capabilities.take_control(self, card_key, player, cause)

    def put_on(self, fig: Figure, hexes: Sequence[Hex], cause: str) -> None:
        """Put an off-battlefield figure onto empty spaces (:raises ValueError: when it cannot go there)."""
        capabilities.put_on(self, fig, hexes, cause)

    def move_again(self, figures: Sequence[str], cause: str) -> None:
        """Let ``figures`` move once more this turn (Berserker Charge)."""
        capabilities.move_again(self, figures, cause)

    def forgo_attacks(self, figures: Sequence[str]) -> None:
        """``figures`` make no attack this turn (Water Clone)."""
        capabilities.forgo_attacks(self, figures)

    def attack_again(self, figure: str, cause: str) -> None:
        """Let ``figure`` make one more attack this turn (Double Attack)."""
        capabilities.attack_again(self, figure, cause)

    def add_card_turn(self, card_key: str, *, now: bool = False) -> None:
        """Give the Player Turn under way one more Army Card turn (HS-TURN-05; :raises ValueError:)."""
        round.add_card_turn(self, card_key, now=now)

    def carry_out(self, fig: Figure, mp: MovePlan) -> None:
        """Move ``fig`` along a checked plan (:func:`bot.rules.actions.move.carry_out`)."""
        move.carry_out(self, fig, mp)

    def resolve_special(self, plan_: SpecialPlan) -> None:
        """Roll a checked special attack once and let every affected figure defend in its order."""
        special.resolve_special(self, plan_)

    # ==== names typed by players ====================================================================

    def figure(self, name: str) -> Figure:
        """The figure with id ``name`` (:raises InvalidCommand: naming close ids)."""
        return lookup.figure(self.state, name)

    def space(self, text: str) -> Hex:
        """The space a label names (:raises InvalidCommand:)."""
        return lookup.space(self.state, text)

    def card_key(self, player: str, text: str) -> str:
        """The key of a card ``player`` controls (:raises IllegalCommand: HS-ORDER-04)."""
        return lookup.card_key(self.state, player, text)

    # ==== unchecked setup (rules cases, tests) ======================================================

    def setup_player(self, pid: str, name: str | None = None, team: str = "", zone: str = "", role: str = "") -> Player:
        """Seat a player without checks."""
        return setup.seat_player(self.state, pid, name, team, zone, role)

    def setup_figure(self, pid: str, card: ArmyCard, fid: str, hexes: Sequence[Hex], level: int | None = None,
                     wounds: int = 0, card_key: str | None = None) -> Figure:
        """Put a figure of ``card`` for ``pid`` on ``hexes`` without checks (its own card unless ``card_key``)."""
        st = self.state
        key = card_key or f"{pid}/{fid}"
        if key not in st.cards:
            st.cards[key] = CardInPlay(key=key, card=card, owner=pid, controller=pid)
        hexes = tuple(hexes)
        if level is None:
            cell = st.battlefield.top_cell(hexes[0])
            if cell is None:
                raise ValueError(f"{hexes[0]} is not a space of the battlefield")
            level = cell.top
        fig = Figure(id=fid, card_key=key, owner=pid, controller=pid, hexes=hexes, level=level, wounds=wounds)
        st.figures[fid] = fig
        st.cards[key].figure_ids.append(fid)
        return fig
