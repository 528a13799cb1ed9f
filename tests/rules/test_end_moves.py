"""``end-moves``: ending the moving part of an Army Card turn opens the "after moving and before
attacking" window at once (HS-TURN-02, HS-TURN-06), so powers timed then are offered before any
attack is chosen (Mind Shackle, Berserker Charge)."""

from __future__ import annotations

from bot.rules.commands import Command
from bot.rules.legal import LegalCommands, check
from bot.rules.state import Stage
from tests.powers.conftest import powers
from tests.rules.conftest import LIB, card, fig, full_match, markers, refused, roll, sandbox

NEGOKSA = LIB.get("Ne-Gok-Sa")
FINN = LIB.get("Finn the Viking Champion")
TARN = LIB.get("Tarn Viking Warriors")


def test_end_moves_is_read_in_its_spellings_and_prints_back() -> None:
    assert Command.parse("end-moves") == Command("end-moves")
    assert Command.parse("end moves").verb == "end-moves"
    assert Command.parse("end_moves").text() == "end-moves"


def test_end_moves_offers_mind_shackle_after_moving_and_before_any_attack() -> None:
    # rule: HS-TURN-06
    eng = sandbox(fig("negoksa", "p1", (0, 2), NEGOKSA), fig("finn", "p2", (3, 2), FINN))
    eng.execute("p1", "move negoksa path 1,2 2,2")
    assert not eng.state.pending  # the window waits for the turn's first attack or its end
    eng.execute("p1", "end-moves")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "mind_shackle", ["finn", "skip"])
    assert eng.state.turn is not None and eng.state.turn.stage is Stage.ATTACK
    roll(eng, d20=[20])
    events = eng.execute("p1", "choose finn")
    assert powers(events)[0]["success"] and eng.state.figures["finn"].controller == "p1"


def test_after_end_moves_no_figure_moves_and_it_cannot_be_given_twice() -> None:
    # rule: HS-TURN-02
    eng = sandbox(fig("a", "p1", (0, 0)), fig("e", "p2", (5, 5)))
    eng.execute("p1", "move a path 1,0")
    eng.execute("p1", "end-moves")
    refused(eng, "p1", "move a path 2,0", "HS-TURN-02")
    err = refused(eng, "p1", "end-moves", "HS-TURN-06")
    assert "already over" in str(err)


def test_end_moves_needs_a_turn_under_way() -> None:
    eng = sandbox(fig("a", "p1", (0, 0)), fig("e", "p2", (5, 5)))
    err = refused(eng, "p1", "end-moves", "HS-TURN-02")
    assert "move a figure first" in str(err)


def test_berserker_charge_after_end_moves_lets_the_warriors_move_again() -> None:
    # rule: HS-TURN-06
    eng = sandbox(fig("tarn1", "p1", (0, 1), TARN, card_key="p1/tarn"),
                  fig("tarn2", "p1", (0, 4), TARN, card_key="p1/tarn"), fig("e", "p2", (7, 6)))
    eng.execute("p1", "move tarn1 path 1,1")
    eng.execute("p1", "end-moves")
    assert eng.state.pending[0].kind == "berserker_charge"
    roll(eng, d20=[15])
    eng.execute("p1", "choose roll")
    eng.execute("p1", "move tarn1 path 2,1 3,1")  # the moving part opened again
    assert eng.state.figures["tarn1"].hexes[0].q == 3


def test_end_moves_in_a_round_is_the_turn_players_and_legal_lists_it_while_moving() -> None:
    m = full_match(orders={"p1": markers("Soldier"), "p2": markers("Archer")}, initiative=[15, 3])
    st = m.state
    assert st.turn is not None and st.turn.player == "p1"
    assert [c.command for c in LegalCommands(st, "p1").end_moves()] == ["end-moves"]
    assert "end-moves" in LegalCommands(st, "p1") and check(st, "p1", "end-moves") is None
    assert list(LegalCommands(st, "p2").end_moves()) == []
    refused(m, "p2", "end-moves", "HS-TURN-07")
    m.apply("p1", "end-moves")
    assert m.state.turn is not None and m.state.turn.stage is Stage.ATTACK
    assert list(LegalCommands(m.state, "p1").end_moves()) == []
    assert "end-moves" not in LegalCommands(m.state, "p1")


def test_a_card_without_after_moving_powers_just_goes_on_to_attacks() -> None:
    eng = sandbox(fig("a", "p1", (0, 0), card(name="Soldier")), fig("e", "p2", (2, 0)))
    eng.execute("p1", "move a path 1,0")
    events = eng.execute("p1", "end-moves")
    assert [e.data for e in events if e.kind == "stage"] == [{"stage": "attack"}] and not eng.state.pending
    roll(eng, ["skull", "skull", "skull", "blank", "blank", "blank"])
    eng.execute("p1", "attack a e")
    assert eng.state.figures["e"].wounds == 3
