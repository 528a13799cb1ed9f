"""``targets`` and ``reach`` ask :mod:`bot.rules.legal` (issue 11): a figure that has used its attack
is offered none, and a normal attack with no target says why (QA: "normal attack: no figure in
reach" for Syvarris, whose attack on zettian1 the rules then refused for want of line of sight)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.console.local import Console
from bot.game.session import GameSession
from bot.game.targets import figure_attacks, option_line, reach_of
from bot.render.captions import why_no_target
from bot.rules.hexes import Hex
from bot.rules.state import Phase, Stage, TurnState
from tests.rules.conftest import build, card, fig, sandbox
from tests.test_console_targets import STRIP

ARCHER = card(name="Archer", range=4)


def _turn(st: object, figure: str, stage: Stage = Stage.ATTACK) -> TurnState:
    from bot.rules.state import MatchState

    assert isinstance(st, MatchState)
    st.phase = Phase.TURNS
    st.turn = TurnState(player=st.figures[figure].controller, card_key=st.figures[figure].card_key, marker="1",
                        stage=stage)
    return st.turn


def test_targets_of_a_figure_that_has_attacked_offers_nothing_and_says_why(tmp_path: Path,
                                                                          extra_maps: Callable[..., None]) -> None:
    # rule: HS-ATTACK-12 (issue 11: `targets` offered a figure that had already used its attacks)
    extra_maps(STRIP)
    out: list[str] = []
    session = GameSession.create("local", map_id="strip", seed=3)
    names = iter(["Alice", "Bob"])
    con = Console(session, None, read=lambda _prompt: next(names), write=out.append, tty=False, screen=False)
    assert con.seat_players(False)
    for line in ("army Syvarris", "Bob: army Krav Maga Agents", "start", "place-rest", "Bob: place-rest"):
        assert con.handle(line)
    st = session.state
    syvarris = next(f for f in st.figures.values() if f.owner == st.players[0].id)
    turn = _turn(st, syvarris.id)
    out.clear()
    con.cmd_targets(syvarris.id)
    assert out[0] == f"{syvarris.id} can attack:"  # its turn, no attack made yet: the Agents in sight
    turn.attacked.append(syvarris.id)
    out.clear()
    con.cmd_targets(syvarris.id)
    assert out == [f"{syvarris.id} cannot attack now: {syvarris.id} has already attacked this turn",
                   f"{syvarris.id} has no target it could attack from where it stands"]


def test_a_normal_attack_with_no_target_says_it_is_for_want_of_line_of_sight() -> None:
    # rule: HS-LOS-01, HS-ATTACK-01 (QA: targets said "no figure in reach", the attack "no line of sight")
    bf = build(hexes=[{"at": [2, 0], "level": 12, "terrain": "rock"}])
    eng = sandbox(fig("a", "p1", (0, 0), ARCHER), fig("t", "p2", (3, 0)), battlefield=bf)
    st = eng.state
    found = figure_attacks(st, st.figures["a"])
    (normal,) = found.options
    assert found.why_none == "no line of sight from a to t."
    assert option_line(normal, found.why_none) == "normal attack: no figure in reach (no line of sight from a to t)"


def test_the_caption_counts_one_enemy_out_of_range_in_the_singular() -> None:
    # rule: HS-ATTACK-01 (QA: the picture said "1 enemies are out of range")
    bf = build(hexes=[{"at": [2, 0], "level": 12, "terrain": "rock"}])
    eng = sandbox(fig("a", "p1", (0, 0), ARCHER), fig("t", "p2", (3, 0)), fig("far", "p2", (0, 6)), battlefield=bf)
    st = eng.state
    assert why_no_target(st, st.figures["a"], {}) == (
        "1 enemy is out of range (Range 4; nearest far, 6 spaces away); no line of sight from a to t.")


def test_reach_in_its_own_turn_is_legals_list_and_after_moving_a_plan_ahead() -> None:
    # rule: HS-MOVE-01
    eng = sandbox(fig("a", "p1", (2, 2)), fig("e", "p2", (6, 6)))
    st = eng.state
    turn = _turn(st, "a", Stage.MOVE)
    now = reach_of(st, st.figures["a"])
    assert Hex(2, 2) not in now and Hex(3, 2) in now and now[Hex(3, 2)] == 1
    turn.moved.append("a")
    assert reach_of(st, st.figures["a"]) == now  # moved: the spaces a move from here would reach
