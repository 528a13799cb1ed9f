"""The draft (DEC-13): Army Cards picked one at a time, in turn, until every player is out.

``start`` opens it (pick order by d20 or by the scenario, HS-SCEN-BRIDGE-MASTER-05); ``draft``
picks a card or passes; a player who can add no card at all is out by itself when the card pool
is known. The picks build the army exactly as ``army`` would (:mod:`bot.rules.draft`).
"""

from __future__ import annotations

from bot.rules import checks, lookup
from bot.rules import draft as drafting
from bot.rules.army import add_army, card_cost, remove_army, summarize
from bot.rules.context import Referee
from bot.rules.decisions import DRAFT_MIN_CARDS_BEFORE_PASS
from bot.rules.errors import IllegalCommand
from bot.rules.state import DraftState, Phase


def open_draft(eng: Referee) -> None:
    """``start`` in a drafting match: fix the pick order and open the draft (joining closes)."""
    st = eng.state
    d = st.draft
    if d is not None:
        raise IllegalCommand(f"the draft is under way: it is {checks.name_of(st, d.next)}'s pick; once every player "
                             "is out of the draft, starting the match again begins placement", drafting.RULE)
    if st.scenario.level == "rookie":
        raise IllegalCommand("Rookie levels need the Basic Game rules, which are not available (DEC-06)")
    if eng.cards is None:
        raise IllegalCommand("this match has no card library")
    fmt = st.scenario.format
    seats = [p.id for p in st.players if not p.conceded]
    named = next((p.id for p in st.players if not p.conceded and fmt.draft_first and p.role == fmt.draft_first),
                 None)
    first_card: str | None = None
    rolls: dict[str, list[int]] = {}
    if named is not None:
        first = named  # the scenario names the side that drafts first (HS-SCEN-BRIDGE-MASTER-05)
        if fmt.draft_first_card:
            first_card = lookup.card_named(eng.cards, fmt.draft_first_card).id
    else:
        first, rolls = drafting.roll_for_first(seats, eng.roll_d20)
    st.draft = DraftState(order=drafting.around_the_table(seats, first), rolls=rolls, next=first,
                          first_card=first_card)
    eng.emit("draft_started", order=list(st.draft.order), rolls=rolls, first=first,
              by="scenario" if named is not None else "roll", first_card=fmt.draft_first_card if first_card else None,
              points=fmt.points)
    draft_settle(eng)


def draft(eng: Referee, player: str, card: str | None) -> None:
    """``draft CARD`` or ``draft pass``: the player whose pick it is picks an Army Card or stops
    picking (DEC-13).

    :raises IllegalCommand: when the match does not draft, the draft is not under way, or it is
        not this player's pick; :raises InvalidCommand: for an unknown card.
    """
    st = eng.state
    checks.seated(st, player)
    checks.require_on(st, player)
    if not st.scenario.format.draft:
        raise IllegalCommand("this match does not draft: choose your whole army at once, naming all its Army "
                             "Cards", "HS-ARMY-01", actions=("army",))
    d = st.draft
    if st.phase is not Phase.SETUP or (d is not None and d.over):
        if st.phase is Phase.SETUP:
            raise IllegalCommand("the draft is over: starting the match again begins placement", drafting.RULE,
                                 actions=("start",))
        raise IllegalCommand("the draft is over", drafting.RULE)
    if d is None:
        raise IllegalCommand("the draft has not begun: starting the match opens it, once everyone has joined",
                             drafting.RULE, actions=("start",))
    if player in d.out:
        raise IllegalCommand("you are out of the draft (you passed, or no card fits your army any more)",
                             drafting.RULE)
    if d.next != player:
        raise IllegalCommand(f"it is {checks.name_of(st, d.next)}'s pick; wait for your turn to pick", drafting.RULE)
    if card is None:
        if len(d.picks_of(player)) < DRAFT_MIN_CARDS_BEFORE_PASS:
            raise IllegalCommand("pick at least one Army Card before passing: an army needs one", "HS-ARMY-01")
        draft_out(eng, player, "passed")
        d.next = drafting.next_after(d, player)
        draft_settle(eng)
        return
    chosen = lookup.card_named(eng.cards, card)
    summary = drafting.check_draft_pick(st, player, chosen)
    # The army is rebuilt from every pick, so it is exactly the one 'army' would give for them
    # (a Common card picked again joins its first copy's card, HS-ARMY-08).
    picked = [*drafting.drafted_cards(st, player), chosen]
    d.picks.append((player, chosen.id))
    remove_army(st, player)
    add_army(st, player, picked)
    eng.emit("drafted", player=player, card=chosen.name, card_id=chosen.id, card_points=card_cost(chosen, st.scenario.format) or 0,
              pick=len(d.picks), points=summary.points, figures=summary.figures, spaces=summary.spaces,
              points_left=drafting.points_left(st, player))
    if eng.pool is not None and not drafting.can_pick_any(st, player, eng.pool()):
        draft_out(eng, player, "no card fits")  # said now, not when their pick comes round again
    d.next = drafting.next_after(d, player)
    draft_settle(eng)


def draft_out(eng: Referee, player: str, reason: str) -> None:
    """Take ``player`` out of the draft, saying why."""
    d = eng.state.draft
    assert d is not None
    d.out.append(player)
    eng.emit("draft_out", player=player, reason=reason)


def draft_settle(eng: Referee) -> None:
    """Whoever picks next but can add no card at all is out (when the card pool is known);
    then say whose pick it is, or that the draft is over."""
    st = eng.state
    d = st.draft
    assert d is not None
    while d.next is not None and eng.pool is not None and not drafting.can_pick_any(st, d.next, eng.pool()):
        who = d.next
        draft_out(eng, who, "no card fits")
        d.next = drafting.next_after(d, who)
    if d.next is not None:
        eng.emit("draft_turn", player=d.next, points_left=drafting.points_left(st, d.next),
                  must_pick=st.scenario.format.draft_first_card if drafting.required_first(st, d.next) else None)
        return
    armies = {p: summarize(drafting.drafted_cards(st, p), st.scenario.format).points for p in d.order if not st.player(p).conceded}
    eng.emit("draft_ended", armies=armies)


def draft_leave(eng: Referee, player: str) -> None:
    """A player who concedes during the draft is out of it; if it was their pick, the next picks."""
    d = eng.state.draft
    if d is None or d.over or player in d.out:
        return
    draft_out(eng, player, "conceded")
    if d.next == player:
        d.next = drafting.next_after(d, player)
        draft_settle(eng)
