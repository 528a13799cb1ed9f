"""The round (HS-ROUND-02): start-of-round effects, Order Markers, initiative, Player Turns in
initiative order (HS-TURN-01), end of the round.

A Player Turn begins before its Order Marker is revealed, so that effects timed "before revealing
an Order Marker" belong to it (HS-TURN-04). It holds one Army Card turn, the card under the
marker, unless a power adds more with :func:`add_card_turn` (HS-TURN-05); ``end-turn`` ends the
Army Card turn and, when none is left, the Player Turn. Between steps the timing windows run
(:mod:`bot.rules.windows`) and go on with the continuations registered here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.rules import checks, lookup
from bot.rules.capabilities import expire
from bot.rules.context import Referee
from bot.rules.errors import IllegalCommand
from bot.rules.flow.endgame import check_victory
from bot.rules.glyphs import board as glyph_board
from bot.rules.moments import Expiry, Window
from bot.rules.state import MARKERS, NUMBERED, MatchState, Phase, Stage, TurnState
from bot.rules.windows import continuation, run_window

#: What a player's powers add to their initiative roll (Combat Leader): each function answers
#: ``(power names, amount)`` or ``None``; power modules register them (``INITIATIVE_BONUSES.append``).
INITIATIVE_BONUSES: list[Callable[[MatchState, str], tuple[str, int] | None]] = []


def initiative_bonus(st: MatchState, player: str) -> tuple[str, int]:
    """What ``player``'s powers add to their initiative roll now: (power names, total)."""
    said = [b for b in (f(st, player) for f in INITIATIVE_BONUSES) if b is not None]
    return " + ".join(n for n, _ in said), sum(a for _, a in said)


def start_round(eng: Referee) -> None:
    """Begin the next round: markers cleared, start-of-round window, then Order Markers (HS-ROUND-02)."""
    st = eng.state
    st.round += 1
    st.phase = Phase.ORDERS
    st.turns_taken = []
    st.initiative = []
    st.lost_orders = {}
    for p in st.players:
        st.orders[p.id] = {}
        st.revealed[p.id] = []
    eng.emit("round_started", round=st.round)
    run_window(eng, Window.START_OF_ROUND, "open_orders")


@continuation("open_orders")
def open_orders(eng: Referee) -> None:
    """Continuation: Order Markers may be placed."""
    eng.state.phase = Phase.ORDERS


def orders(eng: Referee, player: str, markers: dict[str, str]) -> None:
    """``orders 1=CARD 2=CARD 3=CARD X=CARD``: place all four Order Markers (HS-ORDER-01..06).

    :raises IllegalCommand: out of turn, already placed, a marker missing, or a card not the player's.
    """
    st = eng.state
    checks.seated(st, player)
    checks.require_on(st, player)
    if st.phase is Phase.FREE:
        st.phase = Phase.ORDERS
        st.round = max(st.round, 1)
        st.turn = None
    if st.orders.get(player) and st.phase in (Phase.ORDERS, Phase.INITIATIVE, Phase.TURNS):
        raise IllegalCommand("your Order Markers are already locked in for this round", "HS-ORDER-06")
    if st.phase is not Phase.ORDERS:
        raise IllegalCommand("Order Markers are placed at the start of a round", "HS-ROUND-02")
    missing = [m for m in MARKERS if m not in markers]
    if missing:
        raise IllegalCommand(f"place all four Order Markers (1, 2, 3 and X); missing {', '.join(missing)}", "HS-ORDER-01")
    placed = {m: lookup.card_key(st, player, markers[m]) for m in MARKERS}
    st.orders[player] = placed
    eng.emit("orders_placed", player=player)
    eng.emit("orders", to=player, player=player, markers=dict(placed))
    waiting = [p for p in checks.active_players(st) if not st.orders.get(p.id)]
    if not waiting:
        run_window(eng, Window.AFTER_ORDER_MARKERS, "open_initiative")


@continuation("open_initiative")
def open_initiative(eng: Referee) -> None:
    """Continuation: every marker is placed; initiative may be rolled."""
    eng.state.phase = Phase.INITIATIVE


def initiative(eng: Referee, player: str) -> None:
    """``initiative``: every player still in the battle rolls the d20, ties roll again (HS-INIT-01..03);
    the turn order goes around the table from the winner (DEC-04)."""
    st = eng.state
    checks.seated(st, player)
    checks.require_on(st, player)
    if st.phase is not Phase.INITIATIVE:
        if st.phase is Phase.ORDERS:
            waiting = [p.name for p in checks.active_players(st) if not st.orders.get(p.id)]
            raise IllegalCommand(f"initiative is rolled once every Order Marker is placed; waiting for {', '.join(waiting)}", "HS-INIT-01")
        if st.phase is Phase.TURNS:
            raise IllegalCommand(f"initiative has already been rolled for round {st.round}", "HS-INIT-01")
        raise IllegalCommand("initiative is rolled after Order Markers are placed", "HS-INIT-01")
    rollers = [p.id for p in checks.active_players(st)]
    rolls: dict[str, list[int]] = {p: [] for p in rollers}
    bonus = {p: initiative_bonus(st, p) for p in rollers}  # powers add to the roll (Combat Leader)
    contenders = list(rollers)
    glyphs = {p: glyph_board.initiative_bonus(st, p) for p in rollers}  # Dagmar, Lodin (HS-GLYPH-09, -13)
    while True:
        results = {p: eng.roll_d20() + glyphs[p] + bonus[p][1] for p in contenders}
        for p, r in results.items():
            rolls[p].append(r)
        top = max(results.values())
        tied = [p for p in contenders if results[p] == top]
        if len(tied) == 1:
            winner = tied[0]
            break
        contenders = tied  # only the tied players roll again (HS-INIT-03)
    seats = [p.id for p in st.players if p.id in rollers]
    i = seats.index(winner)
    st.initiative = seats[i:] + seats[:i]  # DEC-04
    st.phase = Phase.TURNS
    added: dict[str, Any] = {p: {"power": b[0], "amount": b[1]} for p, b in bonus.items() if b[1]}
    extra: dict[str, Any] = {}
    if any(glyphs.values()):  # "bonuses": from glyphs; "bonus": from powers (each its own words)
        extra["bonuses"] = {p: n for p, n in glyphs.items() if n}
    if added:
        extra["bonus"] = added
    eng.emit("initiative", rolls=rolls, order=list(st.initiative), first=winner, **extra)
    run_window(eng, Window.AFTER_INITIATIVE, "first_turn")


@continuation("first_turn")
def first_turn(eng: Referee) -> None:
    """Continuation: initiative is rolled and its window resolved; the first Player Turn begins."""
    next_turn(eng)


def turn_sequence(eng: Referee) -> list[tuple[str, str]]:
    """The Player Turns of the round in order: (player, marker) for markers 1, 2, 3 (HS-TURN-01)."""
    st = eng.state
    return [(p, m) for m in NUMBERED for p in st.initiative]


def next_turn(eng: Referee) -> None:
    """Begin the next Player Turn that can be taken (lost turns are said and skipped), or end the round."""
    st = eng.state
    if st.phase is Phase.OVER:
        return
    seq = turn_sequence(eng)
    done = len(st.turns_taken)
    while done < len(seq):
        pid, marker = seq[done]
        player = st.player(pid)
        if player.conceded or marker not in st.orders.get(pid, {}):
            taken = st.lost_orders.get(pid, {}).get(marker)
            if taken is not None and not player.conceded:
                turn_lost_to_control(eng, pid, marker, taken)
            st.turns_taken.append(pid)
            done += 1
            continue
        # The Player Turn starts before its marker is revealed (HS-TURN-04).
        st.turn = TurnState(player=pid, card_key=None, marker=None)
        run_window(eng, Window.BEFORE_REVEAL, "reveal", player=pid, marker=marker)
        return
    end_round(eng)


def turn_lost_to_control(eng: Referee, player: str, marker: str, card_key: str) -> None:
    """Say that ``player``'s turn for ``marker`` is lost: the marker left ``card_key`` when another
    player took control of it (HS-ARMY-10), so there is nothing to reveal."""
    st = eng.state
    holder = st.cards[card_key].controller
    # Taken and taken back in one round: the markers stay lost (they left the card).
    reason = "the card changed hands" if holder == player else f"{st.player(holder).name} controls that card now"
    eng.emit("turn_lost", player=player, marker=marker, card=card_key, controller=holder, reason=reason)


@continuation("reveal")
def reveal(eng: Referee, player: str, marker: str) -> None:
    """Continuation: reveal ``marker`` and begin its Army Card turn, or lose the turn (HS-TURN-03)."""
    st = eng.state
    key = st.orders[player][marker]
    st.revealed[player].append(marker)  # turned number-side up (HS-TURN-03)
    expire(eng, Expiry.NEXT_REVEAL, player)
    card = st.cards.get(key)
    alive = card is not None and card.controller == player and any(st.figures[f].on_battlefield for f in card.figure_ids)
    if st.turn is None or st.turn.player != player:
        st.turn = TurnState(player=player, card_key=None, marker=None)
    st.turn.card_key = key if alive else None
    st.turn.marker = marker
    if not alive:
        if card is not None and card.controller != player:
            reason = f"{st.player(card.controller).name} controls that card now"
        else:
            reason = "no figures of that card are left" if card else "that card is gone"
        eng.emit("turn_lost", player=player, marker=marker, card=key, reason=reason)
        finish_turn(eng)
        return
    eng.emit("turn_started", player=player, marker=marker, card=key)
    run_window(eng, Window.START_OF_TURN, "")


def add_card_turn(eng: Referee, card_key: str, *, now: bool = False) -> None:
    """Give the Player Turn under way one more Army Card turn, with ``card_key`` (HS-TURN-05).

    For powers such as Jandar Champion Bonding, called from an effect. With ``now`` the new
    card's turn begins at once and the current card's turn follows it (it should not have
    begun: no figure moved or attacked); otherwise it follows the current one. Each Army
    Card turn moves, then attacks, and ends with ``end-turn``.

    :raises ValueError: when no Player Turn is under way or the player does not control the card.
    """
    st = eng.state
    turn = st.turn
    if turn is None or card_key not in st.cards or st.cards[card_key].controller != turn.player:
        raise ValueError(f"no Player Turn of the controller of {card_key} is under way")
    if not now:
        turn.card_turns.append(card_key)
        return
    if turn.card_key is not None:
        turn.card_turns.insert(0, turn.card_key)
        # The put-back card's turn has not begun: the rest of its start-of-turn window
        # (cooling lava under its figures...) comes again when it does, not twice.
        starts = [r for r in st.windows if r.window is Window.START_OF_TURN]
        if starts:
            st.windows.remove(starts[-1])
    begin_card_turn(eng, card_key)


def begin_card_turn(eng: Referee, card_key: str) -> None:
    """Begin an Army Card turn with ``card_key``: move first, then attack (HS-TURN-02, -05)."""
    turn = eng.state.turn
    assert turn is not None
    turn.card_key = card_key
    turn.stage = Stage.MOVE
    turn.moved.clear()
    turn.attacked.clear()
    turn.spent.clear()
    eng.emit("card_turn", player=turn.player, card=card_key)
    run_window(eng, Window.START_OF_TURN, "")


@continuation("end_card_turn")
def end_card_turn(eng: Referee) -> None:
    """Continuation: end the Army Card turn: its "after this card's turn" window (bonding powers
    used after the turn, HS-TURN-05), then :func:`next_card_turn`."""
    run_window(eng, Window.AFTER_CARD_TURN, "next_card_turn")


@continuation("next_card_turn")
def next_card_turn(eng: Referee) -> None:
    """Continuation: the next added Army Card turn begins, or the Player Turn ends."""
    turn = eng.state.turn
    if turn is not None and turn.card_turns:
        begin_card_turn(eng, turn.card_turns.pop(0))
        return
    finish_turn(eng)


def end_turn(eng: Referee, player: str) -> None:
    """``end-turn``: end the Army Card turn under way (after the "after moving" window, HS-TURN-06).

    :raises IllegalCommand: when there is no turn of this player to end.
    """
    st = eng.state
    checks.seated(st, player)
    checks.require_on(st, player)
    if st.phase is Phase.FREE:
        if st.turn is None or not st.scenario.rules:
            # Free mode tests one rule at a time: the turn ends without its window...
            st.turn = None
            check_victory(eng, end_of_round=False)
            return
        # ...unless the scenario plays special rules, which happen at every turn's end (The Rift).
        st.turn.stage = Stage.DONE
        run_window(eng, Window.END_OF_TURN, "after_turn_free")
        return
    if st.phase is not Phase.TURNS or st.turn is None:
        raise IllegalCommand("there is no Player Turn to end", "HS-TURN-02")
    if st.turn.player != player:
        raise IllegalCommand(f"it is {st.player(st.turn.player).name}'s turn", "HS-TURN-07")
    if st.turn.stage is Stage.MOVE:
        # "After moving and before attacking" happens even if nothing moved or attacks (HS-TURN-06).
        st.turn.stage = Stage.ATTACK
        run_window(eng, Window.AFTER_MOVING, "end_card_turn")
    else:
        end_card_turn(eng)


@continuation("after_turn_free")
def after_turn_free(eng: Referee) -> None:
    """Continuation of ``end-turn`` in free mode: the turn's lasting effects end, victory is checked."""
    eng.state.turn = None
    expire(eng, Expiry.END_OF_TURN)
    check_victory(eng, end_of_round=False)


def end_moves(eng: Referee, player: str) -> None:
    """``end-moves``: end the moving part of the Army Card turn under way, so that the "after moving
    and before attacking" window opens now (HS-TURN-02, -06): powers timed then (Mind Shackle,
    Berserker Charge) are offered before the player picks an attack. Without it the window opens at
    the turn's first attack or at ``end-turn``. A power that lets figures move again (Berserker
    Charge) reopens the moving part.

    :raises IllegalCommand: when no turn of this player is under way, or its moving part is over.
    """
    st = eng.state
    checks.seated(st, player)
    checks.require_on(st, player)
    turn = st.turn
    if st.phase is Phase.FREE:
        if turn is None:
            raise IllegalCommand("no Player Turn is under way: move a figure first", "HS-TURN-02")
    elif st.phase is not Phase.TURNS or turn is None:
        raise IllegalCommand("there is no Player Turn whose moves could end", "HS-TURN-02")
    elif turn.player != player:
        raise IllegalCommand(f"it is {st.player(turn.player).name}'s turn", "HS-TURN-07")
    if turn.card_key is None:
        raise IllegalCommand("no Army Card turn is under way", "HS-TURN-02")
    if turn.stage is not Stage.MOVE:
        raise IllegalCommand("the moving part of this turn is already over (figures attack now, or the turn "
                             "ends)", "HS-TURN-06")
    turn.stage = Stage.ATTACK
    eng.emit("stage", stage="attack")
    run_window(eng, Window.AFTER_MOVING, "")


def finish_turn(eng: Referee) -> None:
    """End the Player Turn: its end-of-turn window, then what comes after."""
    if eng.state.turn is not None:
        eng.state.turn.stage = Stage.DONE
    run_window(eng, Window.END_OF_TURN, "after_turn")


@continuation("after_turn")
def after_turn(eng: Referee) -> None:
    """Continuation: the Player Turn is over; check victory, then the next turn."""
    st = eng.state
    turn = st.turn
    if turn is not None:
        eng.emit("turn_ended", player=turn.player)
        st.turns_taken.append(turn.player)
    st.turn = None
    expire(eng, Expiry.END_OF_TURN)
    if check_victory(eng, end_of_round=False):
        return
    next_turn(eng)


def end_round(eng: Referee) -> None:
    """End the round: its end-of-round window, then what comes after (HS-ROUND-03)."""
    run_window(eng, Window.END_OF_ROUND, "after_round")


@continuation("after_round")
def after_round(eng: Referee) -> None:
    """Continuation: lasting effects end, scores and victory are checked, the next round begins."""
    st = eng.state
    expire(eng, Expiry.END_OF_ROUND)
    eng.emit("round_ended", round=st.round)
    if check_victory(eng, end_of_round=True):
        return
    start_round(eng)


def end_round_now(eng: Referee, player: str) -> None:
    """Rules-case helper: resolve the end of the round now (free mode)."""
    checks.require_on(eng.state, player)
    st = eng.state
    if st.phase is not Phase.FREE:
        raise IllegalCommand("a round ends by itself once every Player Turn is taken", "HS-ROUND-03")
    st.turn = None
    run_window(eng, Window.END_OF_ROUND, "after_round_free")


@continuation("after_round_free")
def after_round_free(eng: Referee) -> None:
    """Continuation of ``end-round`` in free mode: the round ends without starting another."""
    expire(eng, Expiry.END_OF_ROUND)
    eng.emit("round_ended", round=eng.state.round)
    check_victory(eng, end_of_round=True)
