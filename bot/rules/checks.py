"""The checks every command goes through, in the engine's fixed order (is the match on, is this
player allowed now), shared by the engine's parts and by :mod:`bot.rules.legal`.

Pure functions of the state (``turn_for`` alone starts a turn in the sandbox's free mode); each
raises :class:`~bot.rules.errors.IllegalCommand` naming the rule, or returns what it found.
"""

from __future__ import annotations

from bot.rules.errors import IllegalCommand
from bot.rules.state import Figure, MatchState, Phase, Player, Stage, TurnState


def name_of(st: MatchState, pid: str | None) -> str:
    """The display name of player ``pid`` (``"nobody"`` when there is none)."""
    try:
        return st.player(pid or "").name
    except KeyError:
        return "nobody"


def seated(st: MatchState, pid: str) -> Player:
    """The player ``pid``.

    :raises IllegalCommand: when ``pid`` is not playing in this match (HS-ARMY-17).
    """
    try:
        return st.player(pid)
    except KeyError:
        raise IllegalCommand("you are not playing in this match", "HS-ARMY-17") from None


def active_players(st: MatchState) -> list[Player]:
    """Players still in the battle: not conceded, with figures of a card they control on the
    battlefield (they place Order Markers and roll initiative, HS-ORDER-01, HS-INIT-01)."""
    return [p for p in st.players if not p.conceded and st.living_cards(p.id)]


def unplaced(st: MatchState, player: str | None = None) -> list[Figure]:
    """Figures (of ``player``, or anyone's) still to be placed before round 1: not set aside (a
    conceded player's among them) and not entering later by a power (HS-ARMY-02)."""
    return [f for f in st.figures.values() if not f.hexes and not f.set_aside and not f.reserve
            and (player is None or f.owner == player)]


def placement_done(st: MatchState) -> bool:
    """Whether every figure that fights is placed."""
    return not unplaced(st)


def refuse_conceded(st: MatchState, player: str, verb: str) -> None:
    """A player who conceded takes no more part: every command of theirs is refused, except
    sitting down again before the battle (their seat was freed) and ``start``, which closes the
    table and is not playing (the match's creator may have conceded during the draft).

    :raises IllegalCommand: when ``player`` has conceded and may not give ``verb``.
    """
    p = next((q for q in st.players if q.id == player), None)
    if p is None or not p.conceded:
        return
    if verb == "concede":
        raise IllegalCommand("you have already conceded.")
    if st.phase is Phase.SETUP and (verb == "start" or (verb == "join" and st.draft is None)):
        return
    raise IllegalCommand("you have conceded this match.")


def require_on(st: MatchState, player: str = "") -> None:
    """Refuse a command while the match is over or a decision waits (saying whose and which).

    :raises IllegalCommand: HS-VICTORY-02 when over; the pending decision's rule otherwise.
    """
    if st.phase is Phase.OVER:
        raise IllegalCommand("the match is over", "HS-VICTORY-02")
    if st.pending:
        p = st.pending[0]
        answers = " / ".join(p.shown)
        if p.player == player:
            raise IllegalCommand(f"decide first: {p.prompt} (answers: {answers})", p.rule or None,
                                 actions=("choose",))
        raise IllegalCommand(f"waiting for {name_of(st, p.player)} to decide: {p.prompt} (answers: {answers})",
                             p.rule or None)


def not_yours(st: MatchState, player: str, fig: Figure, rule: str | None = None, *, by: str = "controller") -> IllegalCommand:
    """The refusal for ``player`` naming ``fig``, a figure another player has (``by`` ``"owner"`` in
    placement, ``"controller"`` in a turn): it names the player's own figures of the same Army
    Card, when there are any, so that one who fielded the same card as the other side learns what
    theirs are called (``grimnak1``; HS-ARMY-11).
    """
    card = st.card_of(fig).id
    theirs = sorted((f.id for f in st.figures.values()
                     if getattr(f, by) == player and not f.destroyed and st.card_of(f).id == card),
                    key=lambda i: (len(i), i))
    text = f"{fig.id} is not your figure (it is {name_of(st, getattr(fig, by))}'s)"
    if theirs:
        listed = f"{', '.join(theirs[:-1])} and {theirs[-1]}" if len(theirs) > 1 else theirs[0]
        text += f"; yours {'is' if len(theirs) == 1 else 'are'} {listed}"
    return IllegalCommand(text, rule)


def turn_for(st: MatchState, player: str, fig: Figure) -> TurnState:
    """The turn in which ``player`` may act with ``fig`` (HS-TURN-02, -05, -07); in FREE mode it
    starts one for the figure's card.

    :raises IllegalCommand: when the figure is destroyed, it is not this player's turn, or the
        figure is not on the card whose turn it is.
    """
    require_on(st, player)
    if fig.destroyed:  # said before whose it was: the figure is gone, whoever names it
        raise IllegalCommand(f"{fig.id} was destroyed and has left the battlefield; it can no longer move or "
                             "attack", "HS-DESTROY-03")
    if st.phase is Phase.FREE:
        if st.turn is None or st.turn.player != fig.controller or st.turn.card_key != fig.card_key:
            st.turn = TurnState(player=fig.controller, card_key=fig.card_key, marker=None)
        return st.turn
    if st.phase is not Phase.TURNS or st.turn is None:
        raise IllegalCommand("figures act only during Player Turns", "HS-TURN-02")
    turn = st.turn
    if turn.player != player:
        raise IllegalCommand(f"it is {st.player(turn.player).name}'s turn", "HS-TURN-07")
    if fig.controller != player:
        raise not_yours(st, player, fig, "HS-ARMY-11")
    if fig.card_key != turn.card_key:
        card = st.cards[turn.card_key].card.short if turn.card_key else "none"
        raise IllegalCommand(f"this turn belongs to {card}; {fig.id} is on another Army Card", "HS-TURN-05")
    return turn


def may_move(st: MatchState, player: str, fig: Figure) -> TurnState:
    """The turn in which ``player`` may move ``fig`` now: on the battlefield, the turn still moving,
    the figure not moved yet and its card not out of moves (HS-TURN-02, HS-MOVE-01).

    :raises IllegalCommand: naming the rule broken.
    """
    turn = turn_for(st, player, fig)
    if not fig.on_battlefield:
        raise IllegalCommand(f"{fig.id} is not on the battlefield", "HS-MOVE-01")
    if turn.stage is not Stage.MOVE:
        raise IllegalCommand("figures move before any figure attacks this turn", "HS-TURN-02")
    if fig.id in turn.moved:
        raise IllegalCommand(f"{fig.id} has already moved this turn", "HS-MOVE-01")
    card = st.card_of(fig)
    if len(turn.moved) >= card.stat("figures"):
        raise IllegalCommand(f"{card.short} may move {card.figures} figure{'' if card.figures == 1 else 's'} a turn",
                             "HS-MOVE-01")
    return turn


def may_attack(st: MatchState, player: str, fig: Figure) -> TurnState:
    """The turn in which ``player`` may attack with ``fig`` now: on the battlefield, no attack made
    this turn (HS-ATTACK-12, HS-SPECIAL-01) and its card may still use it (HS-ATTACK-03).

    :raises IllegalCommand: naming the rule broken.
    """
    turn = turn_for(st, player, fig)
    if not fig.on_battlefield:
        raise IllegalCommand(f"{fig.id} is not on the battlefield", "HS-ATTACK-01")
    if fig.id in turn.attacked:
        if fig.id in turn.data.get("forgone", []):
            raise IllegalCommand(f"{fig.id} used a power instead of attacking this turn", "HS-ATTACK-12")
        if fig.id in turn.data.get("special", []):
            raise IllegalCommand(f"{fig.id} made a special attack this turn; a figure makes either its special "
                                 "attack or its normal attack, never both", "HS-SPECIAL-01")
        raise IllegalCommand(f"{fig.id} has already attacked this turn", "HS-ATTACK-12")
    card = st.card_of(fig)
    if fig.id not in turn.activated and len(turn.activated) >= card.stat("figures"):
        raise IllegalCommand(
            f"{card.short} may use {card.figures} figure{'' if card.figures == 1 else 's'} a turn and "
            f"{len(turn.activated)} {'has' if len(turn.activated) == 1 else 'have'} moved or attacked",
            "HS-ATTACK-03",
        )
    return turn


def may_special(st: MatchState, player: str, fig: Figure) -> TurnState:
    """The turn in which ``player`` may make a special attack with ``fig`` now: as
    :func:`may_attack`, and a figure that attacked at all makes no special attack (HS-SPECIAL-01).

    :raises IllegalCommand: naming the rule broken.
    """
    turn = turn_for(st, player, fig)
    if fig.id in turn.attacked:
        raise IllegalCommand(f"{fig.id} has already attacked this turn; a figure makes either its special "
                             "attack or its normal attack, never both", "HS-SPECIAL-01")
    return may_attack(st, player, fig)
