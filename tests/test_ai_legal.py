"""The computer player asks :mod:`bot.rules.legal` (issue 11): every move and attack it sends in its
Player Turns is one legal lists, word for word, and its "nothing left to do" hint follows legal's
list (a figure boxed in has no move left)."""

from __future__ import annotations

from bot.console.demo import CLASSIC_ARMIES, setup
from bot.game import ai
from bot.game.session import GameSession
from bot.rules.legal import LegalCommands
from bot.rules.state import Phase, Stage, TurnState
from tests.rules.conftest import card, fig, sandbox


def test_the_computers_moves_and_attacks_are_those_legal_lists() -> None:
    # rule: HS-MOVE-01, HS-ATTACK-01, HS-ENGAGE-05 (the computer once sent its own paths; one, for a
    # double-space figure turning round, the engine refused)
    s = GameSession.create("t", map_id="cobra-facility", seed=5)
    setup(s, CLASSIC_ARMIES[:2])
    checked = 0
    for _ in range(400):
        st = s.state
        if st.phase is Phase.OVER:
            break
        player = ai.waiting_for(st)[0]
        cmd = ai.next_command(st, player)
        assert cmd is not None
        if cmd.split()[0] in ("move", "attack"):
            kind = cmd.split()[0]
            listed = {c.command for c in LegalCommands(st, player) if c.kind == kind}
            assert cmd in listed, cmd
            checked += 1
        s.apply(player, cmd)
    assert checked >= 20


def test_a_figure_boxed_in_with_no_target_has_nothing_left_but_end_turn() -> None:
    # rule: HS-MOVE-07, HS-ATTACK-01 (the hint asked "moved yet?", not "may it go anywhere?")
    wall = card(name="Wall", move=0)
    eng = sandbox(fig("a", "p1", (2, 2), card(name="Stuck", move=0)), fig("w", "p1", (3, 2), wall),
                  fig("e", "p2", (7, 7)))
    st = eng.state
    st.phase = Phase.TURNS
    st.turn = TurnState(player="p1", card_key=st.figures["a"].card_key, marker="1", stage=Stage.MOVE)
    assert list(LegalCommands(st, "p1").moves("a")) == []
    assert not ai.actions_left(st, "p1")
