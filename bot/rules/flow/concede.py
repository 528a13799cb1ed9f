"""Conceding (HS-VICTORY-05, DEC-13): a player leaves the match and nobody waits for them again."""

from __future__ import annotations

from bot.rules import checks
from bot.rules.army import remove_army, renumber_figures
from bot.rules.context import Referee
from bot.rules.errors import IllegalCommand
from bot.rules.flow.draft import draft_leave
from bot.rules.flow.endgame import check_victory, declare
from bot.rules.flow.round import next_turn, start_round
from bot.rules.moments import Window
from bot.rules.state import Phase
from bot.rules.windows import drain, run_window


def concede(eng: Referee, player: str) -> None:
    """Leave the match (HS-VICTORY-05: a player with no figures left is out).

    Before the battle (setup) the player leaves the table: the army they chose is dropped and
    their seat and start zone are free for someone else; once the draft has begun they leave
    it (DEC-13). From placement on their figures leave the battlefield and nobody waits for
    them again: not for placement, Order Markers, initiative, their Player Turns or a decision
    they owed. When only one player (or team) is left, they win; the same player cannot
    concede twice (refused before this, by :func:`bot.rules.checks.refuse_conceded`).
    """
    st = eng.state
    p = checks.seated(st, player)
    if st.phase is Phase.OVER:
        raise IllegalCommand("the match is over", "HS-VICTORY-02")
    p.conceded = True
    open_table = st.phase is Phase.SETUP and st.draft is None
    eng.emit("conceded", player=player, name=p.name, left_table=open_table)
    if open_table:
        # Nobody is waiting for them and anyone may take the seat: the match goes on as if
        # they had never joined (the table is still open, so nobody wins yet).
        remove_army(st, player)
        renumber_figures(st)  # the others' ids as if this army had never been chosen
        p.role = p.zone = ""
        return
    for fig in st.figures.values():
        if fig.controller == player and not fig.destroyed:
            fig.hexes = ()
            fig.set_aside = True
    if st.phase in (Phase.SETUP, Phase.PLACEMENT):
        remaining = [q for q in st.players if not q.conceded]
        if len(remaining) <= 1:
            declare(eng, [q.id for q in remaining], "the other players conceded")
        elif st.phase is Phase.SETUP:
            draft_leave(eng, player)
        elif checks.placement_done(st):
            start_round(eng)  # they were the last to place figures
        return
    if st.turn is not None and st.turn.player == player:
        # The rest of that Player Turn never happens: its open windows and decisions go too.
        st.windows = []
        st.pending = []
        st.turn = None
        st.turns_taken.append(player)
        if not check_victory(eng, end_of_round=False):
            next_turn(eng)
        return
    # A decision the player still owed is declined; the window that asked it goes on.
    st.pending = [x for x in st.pending if x.player != player]
    if check_victory(eng, end_of_round=False):
        return
    drain(eng)
    active = checks.active_players(st)
    if (st.phase is Phase.ORDERS and not st.pending and not st.windows and active
            and all(st.orders.get(q.id) for q in active)):
        # They were the last to place Order Markers: the round goes on to initiative.
        run_window(eng, Window.AFTER_ORDER_MARKERS, "open_initiative")
