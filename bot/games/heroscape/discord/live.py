"""A Heroscape match live on Discord: :class:`HeroscapeLive`, the kernel's
:class:`~bot.discord.live.LiveMatch` with what Heroscape's face reads (the rules' state, the turn's
events, who still places Order Markers) and the kernel's hooks answered in Heroscape's terms."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from bot import games
from bot.discord.errors import UserError
from bot.discord.live import LiveMatch
from bot.game import ai
from bot.game.session import GameSession, library_for
from bot.games.ruleset import Outcome
from bot.rules import checks, legal
from bot.rules.events import Event
from bot.rules.state import MatchState, Phase
from bot.rules.views import public_view


@dataclass(eq=False)
class HeroscapeLive(LiveMatch):
    """A live Heroscape match (its game match is a :class:`~bot.game.session.GameSession`)."""

    @property
    def session(self) -> GameSession:
        """The Heroscape session."""
        session: GameSession = self.game  # type: ignore[assignment]  # Heroscape's face makes only these
        return session

    @property
    def state(self) -> MatchState:
        """The current state (read only)."""
        return self.session.state

    @property
    def turn_log(self) -> list[Event]:
        """Public events of the turn under way, for the next picture (rebuilt on restore)."""
        return self.session.match.turn_events

    @property
    def marker_picks(self) -> dict[str, dict[str, str]]:
        """A round's Order Marker picks not yet locked in (the kernel's ``secret_picks``)."""
        return self.secret_picks

    def seating_open(self) -> bool:
        """Seats are taken during setup."""
        return self.state.phase is Phase.SETUP

    def waiting_for_orders(self) -> list[str]:
        """Players who have not locked in their Order Markers this round, in seat order.

        Those :func:`bot.rules.legal.waiting_for` names for ``orders``, and still them while a
        decision made at the start of the round waits (Wellspring water): their controls are sent
        with the round and they may pick markers meanwhile (the rules' players still in the
        battle, :func:`bot.rules.checks.active_players`).
        """
        st = self.state
        if st.phase is not Phase.ORDERS:
            return []
        if not st.pending:
            return self.waiting_for("orders")
        return [p.id for p in checks.active_players(st) if not st.orders.get(p.id)]

    def _round_open(self) -> bool:
        st = self.state
        return st.phase is Phase.ORDERS and not st.pending

    def opening_due(self) -> int | None:
        """A round began (Order Markers are placed now) whose opening is not owed yet."""
        st = self.state
        return st.round if self._round_open() and self.round_owed < st.round else None

    def secret_round_due(self, *, owed_only: bool = False) -> bool:
        """The round's Order Marker controls are still to be sent (``owed_only``: its opening is an
        unsent outbox row)."""
        st = self.state
        if owed_only:
            return self._round_open() and any(e.key == f"round:{st.round}" for e in self.unsent.values())
        return self._round_open() and self.controls_round < st.round

    def sent_round(self) -> int:
        """The round whose Order Marker controls went out before a restart."""
        st = self.state
        return st.round - 1 if st.phase is Phase.ORDERS and st.pending else st.round

    def turn_events(self) -> Sequence[Any]:
        """The turn's public events so far (:attr:`turn_log`)."""
        return self.turn_log

    def picture_due(self, outcome: Outcome, asked: bool) -> bool:
        """Also when a round opens without a turn ending: the placement that completes the armies
        shows where everyone stands before round 1 (QA: only an empty battlefield was posted, at
        ``start``)."""
        opened = any(e.kind == "round_started" for e in outcome.events)
        return outcome.turn_ended or outcome.game_over or asked or opened

    def public_view(self) -> MatchState:
        """:func:`bot.rules.views.public_view` of the state."""
        return public_view(self.state)

    def shown(self, before: Sequence[Any], outcome: Outcome) -> tuple[Any, ...]:
        """The turn's public events, then the command's public ones."""
        return (*before, *(e for e in outcome.events if e.to is None))

    def keep_case(self) -> Collection[str]:
        """Figure ids (``zettian1 has no line of sight``)."""
        return self.state.figures

    def refusal(self, pid: str, text: str) -> Exception | None:
        """:func:`bot.rules.legal.check`."""
        return legal.check(self.state, pid, text)

    # --- play by post -------------------------------------------------------------------------

    turn_name = "Player Turn"
    undo_final = frozenset({"concede", "join", "start", "initiative"})

    def wait_mark(self) -> str:
        """Phase, round and the Player Turn (its player and Order Marker)."""
        st = self.state
        turn = f"{st.turn.player}/{st.turn.marker}" if st.turn is not None else "-"
        return f"{st.phase.value}|{st.round}|{turn}"

    def expected(self, player: str, on: str, about: str) -> tuple[str, str]:
        """Kind ``orders``, ``turn`` or ``decision`` (:func:`bot.rules.legal.waiting_for`'s ``on``);
        ``("", "")`` for setup and the initiative roll the bot makes by itself."""
        st = self.state
        if on == "choose":
            return "decision", f"Decide: {about}"
        if on == "orders":
            return "orders", f"Place your Order Markers for round {st.round}"
        if on == "turn" and st.phase is Phase.TURNS and st.turn is not None:
            card = st.cards[st.turn.card_key].card.name if st.turn.card_key in st.cards else "your Army Card"
            return "turn", f"Your Player Turn: Order Marker {st.turn.marker} is on {card}"
        if on == "place":
            return "turn", "Place your figures in your start zone (`/place figure` or `/place rest`)"
        if on == "draft":
            return "turn", "Your pick in the draft (`/army draft` or `/army pass`)"
        return "", ""

    def headline(self) -> str:
        """``Scenario on Battlefield``."""
        st = self.state
        return f"{st.scenario.name} on {st.battlefield.name}"

    def view_of(self, match: Any) -> MatchState:
        """The public view of ``match``'s state."""
        return public_view(match.state)

    def draw_view(self, render: Any, view: Any, events: Sequence[Any]) -> bytes | None:
        """``render(view, events=...)`` (the bot's renderer; ``None``: no pictures)."""
        if render is None:
            return None
        png: bytes = render(view, events=tuple(events))
        return png

    def turn_shots(self) -> list[tuple[Any, tuple[Any, ...]]]:
        """The public view and the turn's events after every Player Turn, replayed from the seed."""
        session = self.rebuild(0)
        assert isinstance(session, GameSession)
        shots: list[tuple[Any, tuple[Any, ...]]] = []
        for player, text in self.session.log:
            out = session.apply(player, text)
            if out.turn_ended or out.game_over:
                shots.append((public_view(session.state), tuple(session.match.turn_events)))
        return shots

    def active_players(self) -> list[str]:
        """The players who have not conceded."""
        return [p.id for p in self.state.players if not p.conceded]

    def shown_command(self, text: str) -> str:
        """Order Markers stay hidden."""
        return "orders (hidden)" if text.startswith("orders") else text

    def undo_blocker(self, replayed: Any) -> str:
        """Dice once seen stay rolled; a revealed Order Marker stays revealed."""
        if replayed.match.dice.snapshot() != self.session.match.dice.snapshot():
            return "it rolled dice, and dice once seen stay rolled"
        if replayed.state.revealed != self.state.revealed:
            return "it revealed an Order Marker, and a revealed marker stays revealed"
        return ""

    def adopt(self, match: Any, old_version: int) -> None:
        """Play on from ``match`` with a version above ``old_version`` (buttons made before the undo
        stay refused)."""
        match.state.version = old_version + 1
        match.match.changed_outside()  # (a refusal is undone from a checkpoint taken after this)
        self.game = match

    def policy_command(self, player: str, policy: str) -> str | None:
        """``concede`` (forfeit); ``end-turn`` (skip, in the player's own Player Turn); else the
        computer's command (it also places markers and answers decisions that skipping cannot),
        with the server's own card library."""
        st = self.state
        if policy == "forfeit":
            return "concede"
        if policy == "skip" and st.phase is Phase.TURNS and not st.pending and st.turn is not None \
                and st.turn.player == player:
            return "end-turn"
        return ai.next_command(st, player, pool=library_for(self.meta.guild_id))

    def facts(self) -> tuple[Any, Any]:
        """The phase and the first pending decision."""
        st = self.state
        return st.phase, (st.pending[0] if st.pending else None)


def heroscape(live: LiveMatch, instead: str = "") -> HeroscapeLive:
    """``live`` as a Heroscape match (``instead``: what that game's players use instead, e.g.
    "abilities are used with `/ability`", said in the refusal).

    :raises UserError: it is a match of another game (a Heroscape command was used in its channel).
    """
    if isinstance(live, HeroscapeLive):
        return live
    title = games.get(live.meta.ruleset).title
    raise UserError(f"This channel's match is a game of {title}; that command belongs to Heroscape matches, "
                    f"so nothing was done." + (f" In a {title} match, {instead}." if instead else
                                               " `/match status` says what this match waits for."))
