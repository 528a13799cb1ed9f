"""A Heroscape session's answers to the seam's :class:`~bot.games.ruleset.GameMatch` questions.

:class:`GameMatchAnswers` is mixed into :class:`~bot.game.session.GameSession`: seats, legal
commands (:mod:`bot.rules.legal`), who must act, the Order Markers as a secret assignment
(HS-ORDER-01..05), each player's view (:mod:`bot.rules.views`), narration, the map picture
(:mod:`bot.render.compose`) and the result (HS-VICTORY-*).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.ruleset import Choice, Result, Seat, SecretAssignment, SecretSlot, Waiting
from bot.rules import legal as legality
from bot.rules.events import Event
from bot.rules.state import MARKERS, MatchState, Phase
from bot.rules.views import player_view

if TYPE_CHECKING:
    from bot.game.narrate import Narrator
    from bot.rules.cards import ArmyCard
    from bot.rules.match import Match

#: The game's registry name, stored with every match.
NAME = "heroscape"
#: At most this many legal commands are listed (placing four Order Markers alone has cards^4 ways).
LEGAL_LISTED = 500


def turn_key(st: MatchState) -> tuple[object, ...]:
    """Whose turn it is, as a comparable value: phase, round, the Player Turn (player, marker)
    and, while drafting, whose pick (DEC-13)."""
    turn = (st.turn.player, st.turn.marker) if st.turn is not None else None
    pick = st.draft.next if st.phase is Phase.SETUP and st.draft is not None else None
    return (st.phase, st.round, turn, pick)


class GameMatchAnswers:
    """The seam's questions (:class:`bot.games.ruleset.GameMatch`) answered for a
    :class:`~bot.game.session.GameSession`, from its ``state``, ``match``, ``narrator`` and card
    lookups; mixed into the session so every session answers them."""

    #: The game's registry name, stored with every match.
    ruleset = NAME
    match: Match
    narrator: Narrator
    if TYPE_CHECKING:
        @property
        def state(self) -> MatchState:
            """The current match state (the session's)."""

    def _lookup(self) -> Callable[[str], ArmyCard]:
        raise NotImplementedError

    def _pool(self) -> Callable[[], list[ArmyCard]]:
        raise NotImplementedError

    def name(self, player: str) -> str:
        raise NotImplementedError

    @property
    def version(self) -> int:
        """The state version (bumped by every accepted command)."""
        return self.state.version

    @property
    def log(self) -> Sequence[tuple[str, str]]:
        """The accepted commands, ``(player id, text)``."""
        return self.match.log

    @property
    def round(self) -> int:
        """The current round (0 before the first)."""
        return self.state.round

    def seats(self) -> list[Seat]:
        """The players in seat order."""
        return [Seat(p.id, p.name) for p in self.state.players]

    def legal(self, player: str) -> list[str]:
        """The first :data:`LEGAL_LISTED` legal commands of ``player`` (:func:`bot.rules.legal.legal_commands`)."""
        listed = legality.legal_commands(self.state, player, self._lookup(), self._pool())
        return [x.command for x in itertools.islice(iter(listed), LEGAL_LISTED)]

    def waiting(self) -> list[Waiting]:
        """Who the rules wait for, and on what (:func:`bot.rules.legal.waiting_for`)."""
        return [Waiting(e.player, e.on, e.about) for e in legality.waiting_for(self.state)]

    def secret(self, player: str) -> SecretAssignment | None:
        """The Order Markers ``player`` still owes this round: markers 1, 2, 3 and X, each on one of
        their Army Cards with figures left; one card may carry several markers (HS-ORDER-01..05)."""
        st = self.state
        if st.phase is not Phase.ORDERS or st.orders.get(player) or not any(p.id == player for p in st.players):
            return None
        keys = st.living_cards(player)
        if not keys:
            return None
        options = tuple(Choice(k, st.cards[k].card.short[:100], st.cards[k].card.name[:100]) for k in keys)
        slots = tuple(SecretSlot(m, f"Order Marker {m}", options) for m in MARKERS)
        return SecretAssignment(player, "orders", st.round, "orders", slots, title=f"Round {st.round}: your Order Markers",
                                explain="Pick a card for each marker; the cards act in marker order 1, 2, 3 (X is a decoy).")

    def view(self, player: str | None) -> MatchState:
        """What ``player`` (``None``: the public) may see (:func:`bot.rules.views.player_view`)."""
        return player_view(self.state, player)

    def narrate(self, events: Sequence[Any], player: str | None) -> list[str]:
        """The narrator's lines for the ``events`` ``player`` may see."""
        shown = [e for e in events if isinstance(e, Event) and e.visible_to(player)]
        return [line for _, line in self.narrator.lines(shown)]

    def picture(self, player: str | None, events: Sequence[Any] = ()) -> bytes | None:
        """The map PNG of ``player``'s view with ``events`` drawn on it."""
        from bot.render.compose import render_png

        return render_png(self.view(player), events=[e for e in events if isinstance(e, Event)])

    def result(self) -> Result | None:
        """The winners and how, once the match is over."""
        st = self.state
        if st.phase is not Phase.OVER:
            return None
        return Result(tuple(st.winners or ()), st.result)

    def turn_key(self) -> tuple[object, ...]:
        """Whose turn it is, as a comparable value (:func:`turn_key`)."""
        return turn_key(self.state)

    def turn_words(self) -> str:
        """Whose turn it is, in words ("Alice's turn with Syvarris", "round 2's Order Markers")."""
        st = self.state
        if st.phase is Phase.TURNS and st.turn is not None:
            card = st.cards[st.turn.card_key].card.short if st.turn.card_key in st.cards else "?"
            return f"{self.name(st.turn.player)}'s turn with {card}"
        if st.phase is Phase.ORDERS:
            return f"round {st.round}'s Order Markers"
        if st.phase is Phase.INITIATIVE:
            return f"round {st.round}'s initiative roll"
        if st.phase is Phase.SETUP and st.draft is not None and st.draft.next is not None:
            return f"{self.name(st.draft.next)}'s pick"
        if st.phase is Phase.OVER:
            return "the end of the match"
        return f"the {st.phase.value} phase"
