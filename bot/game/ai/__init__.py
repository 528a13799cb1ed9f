"""A simple computer player: given a match state and its seat, the next command text to send.

Used by the demo, the console (``--vs-computer``) and, later, the Discord bot. It plays through
the same text commands as a person (so every move it makes is checked by the engine) and is
deterministic given the state: no randomness, ties broken by figure ids and space order.

Its play, one command per call to :func:`next_command`:

- its army, when armies are chosen and it has none: one it builds from the card library, or it
  leaves the seat when no card fits (:mod:`bot.game.computer_army`);
- its pick in a draft (DEC-13): the most expensive Army Card it may still add (a card's points
  stand for its strength), preferring cards nobody has drafted yet, ties by name; with no points
  limit it stops after :data:`DRAFT_MAX_CARDS` cards;
- a pending decision it owns: the first option;
- Order Markers: spread over its two or three best living cards, valued by the damage each
  could deal next turn plus a bonus for the danger it is in (marker 1 on the best); X as a decoy
  on another card;
- initiative: rolls when every marker is placed (any player may);
- its turn: moves each figure of the active card to the reachable space from which it could make
  the attack with the most expected wounds, counting special attacks (Explosion, Fire Line,
  Grenade: the wounds expected on every enemy affected minus those on friends) and special moves
  (Grapple Gun); leaving engagement costs the expected leaving-engagement wounds plus a margin,
  so a figure leaves only for a clearly better attack. With no attack in reach it moves closest
  to an enemy. A Unique Hero that can end its move on a Treasure Glyph goes there first and picks
  it up (:mod:`~bot.game.ai.treasure`). Then each figure makes the normal or special attack it expects to wound most,
  then the turn ends.

Every decision is bounded: candidate spaces are ranked by a cheap estimate and only the best
few are checked in full (line of sight, the exact path's leaving-engagement attacks).

The package in parts: :mod:`~bot.game.ai.attacks` (what an attack is worth, from the exact odds of
:mod:`bot.rules.odds`; the best normal or special attack), :mod:`~bot.game.ai.moves` (move
generation: where to end a move), :mod:`~bot.game.ai.orders` (planning outside the turn: draft
picks, Order Markers); this module dispatches. Whose move it is, and what may be done, is
:mod:`bot.rules.legal`'s answer (``waiting_for`` here is :func:`bot.rules.legal.waiting_players`,
kept under its old name for the console and tests).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot.game.ai import planner
from bot.game.ai.attacks import (
    ATTACK_BONUS,
    DEATH_COST,
    FRIENDLY_FIRE,
    KILL_BONUS,
    LEAVE_MARGIN,
    SWIPE_COST,
    attack_score,
    attack_value,
    best_attack,
    odds_score,
    special_options,
    special_powers,
    swipe_cost,
    targets,
)
from bot.game.ai.common import enemies_of, figure_distance, turn_figures
from bot.game.ai.levels import DEFAULT, LEVELS, parse_level
from bot.game.ai.lookahead import card_gains, reveal_worth
from bot.game.ai.moves import best_move
from bot.game.ai.moves import move_powers as _move_powers
from bot.game.ai.orders import DRAFT_MAX_CARDS, card_values, draft_command, marker_plan, orders_command
from bot.game.ai.treasure import glyph_use, treasure_move
from bot.game.computer_army import army_plan
from bot.rules.cards import ArmyCard
from bot.rules.legal import LegalCommands, expected_of
from bot.rules.legal import waiting_players as waiting_for
from bot.rules.state import MatchState, Phase, Stage
from bot.rules.views import player_view

if TYPE_CHECKING:
    from bot.game.session import GameSession

__all__ = [
    "ATTACK_BONUS", "DEATH_COST", "DEFAULT", "DRAFT_MAX_CARDS", "LEVELS", "FRIENDLY_FIRE", "KILL_BONUS", "LEAVE_MARGIN", "SWIPE_COST",
    "ComputerPlayer", "_move_powers", "actions_left", "attack_score", "attack_value", "best_attack", "best_move",
    "card_values", "draft_command", "marker_plan", "next_command", "odds_score", "orders_command", "parse_level",
    "special_options", "special_powers", "swipe_cost", "targets", "turn_command", "waiting_for",
]


def next_command(game: GameSession | MatchState, player: str, level: str = "easy",
                 pool: Iterable[ArmyCard] | None = None) -> str | None:
    """The command ``player`` should send now at ``level`` (:data:`~bot.game.ai.levels.LEVELS`), or
    ``None`` when the match is not waiting for it. ``pool``: the cards a draft pick comes from
    (default: the card library; a server's own cards when it uploaded some).

    ``easy`` is the rule list described above; ``normal`` and ``hard`` plan on the player's view
    (:mod:`~bot.game.ai.planner`, :mod:`~bot.game.ai.lookahead`)."""
    st = game if isinstance(game, MatchState) else game.state
    if expected_of(st, player) is None:
        return None
    if level != "easy" and (st.pending or st.phase in (Phase.ORDERS, Phase.TURNS)):
        return _planned(st, player, level)
    if st.pending:
        return f"choose {_quote(st.pending[0].options[0])}"
    if st.phase is Phase.SETUP:
        drafting_now = st.draft is not None and st.draft.next == player
        if drafting_now:
            return draft_command(st, player, pool)
        has_army = any(c.owner == player for c in st.cards.values())
        if st.draft is None and not st.scenario.format.draft and not has_army:
            return army_plan(st, player, pool=pool).command  # an army it builds, or it leaves the seat
        return None
    if st.phase is Phase.PLACEMENT:
        return "place-rest"
    if st.phase is Phase.ORDERS:
        return orders_command(st, player)
    if st.phase is Phase.INITIATIVE:
        return "initiative"
    if st.phase is Phase.TURNS:
        return turn_command(st, player)
    return None


def _quote(text: str) -> str:
    return f'"{text}"' if " " in text else text


def _planned(st: MatchState, player: str, level: str) -> str:
    """The planner's command (a decision, Order Markers or the Player Turn), on ``player``'s view."""
    view = player_view(st, player)
    if view.pending:
        return f"choose {_quote(planner.decide(view, player))}"
    if view.phase is Phase.ORDERS:
        return orders_command(view, player, card_gains(view, player, level), reveal_worth(view, player))
    return planner.turn_command(view, player, level)


# ---- the Player Turn -----------------------------------------------------------------------------


def turn_command(st: MatchState, player: str) -> str:
    """The next move, attack or ``end-turn`` of ``player``'s Player Turn."""
    found = turn_figures(st, player)
    if found is None:
        return "end-turn"
    figs, movers = found
    turn = st.turn
    assert turn is not None
    drink = glyph_use(st, figs)
    if drink is not None:
        return drink
    if movers:
        movers.sort(key=lambda f: (min((figure_distance(f, e) for e in enemies_of(st, f)), default=0), f.id))
        for fig in movers:
            move = treasure_move(st, fig) or best_move(st, fig)  # treasure in reach first
            if move is not None:
                return move
    attack = best_attack(st, figs, turn.attacked, turn.activated, st.cards[turn.card_key or ""].card.stat("figures"))
    return attack or "end-turn"


def actions_left(st: MatchState, player: str) -> bool:
    """Whether ``player`` could still move or attack in the Army Card turn under way.

    ``False`` once :mod:`bot.rules.legal` lists no move for any figure of the card (all have moved,
    the attack stage began, or none can go anywhere), no normal or special attack on an enemy, no
    Cannon Fire and no attack on a destructible object: all that is left is ``end-turn``. Also
    ``True`` when it is not ``player``'s turn or a decision is pending (nothing to hint).
    """
    turn = st.turn
    if st.phase is not Phase.TURNS or turn is None or turn.player != player or st.pending:
        return True
    if turn.card_key is None or turn.stage is Stage.DONE:
        return True
    legal = LegalCommands(st, player)
    for fid in st.cards[turn.card_key].figure_ids:
        fig = st.figures[fid]
        if not fig.on_battlefield or fig.controller != player:
            continue
        if next(legal.moves(fid), None) is not None:
            return True
        if targets(st, fig, legal) or special_options(st, fig, any_legal=True, legal=legal):
            return True
        # Cannon Fire and attacks on destructible objects are actions too (HS-OBSTACLE-04, HS-DESTRUCT-01).
        if next(legal.cannons(fid), None) is not None or any(c.target not in st.figures for c in legal.attacks(fid)):
            return True
    return False


class ComputerPlayer:
    """A seat played by the computer: ``next_command(game)`` for its ``player`` id, at ``level``
    (:data:`~bot.game.ai.levels.LEVELS`; ``easy`` by default, the computer as it always played)."""

    def __init__(self, player: str, level: str = "easy") -> None:
        self.player = player
        self.level = parse_level(level)

    def next_command(self, game: GameSession | MatchState) -> str | None:
        """The command this seat sends now, or ``None`` when it is not its move."""
        return next_command(game, self.player, self.level)
