"""Moves powers give outside the normal move (``bot/rules/powers/move_free.py``), with real cards
built from the shared card file's params: Eisenek Advance (Hellforge Mandukor, once Order Markers
are placed) and Hyper Speed 5 (Silver Surfer, after his turn).
"""

from __future__ import annotations

from bot.rules.errors import IllegalCommand
from bot.rules.match import Match
from bot.rules.powers import move_free
from tests.powers.shared_cards import shared_card, shared_powers
from tests.rules.conftest import DUMMY, begin_round, card, full_match, markers

MANDUKOR = shared_card("Hellforge Mandukor")
SOLDIER = card(name="Soldier")


def mandukor_match(**orders: str) -> Match:
    m = full_match({"p1": [MANDUKOR, SOLDIER], "p2": [DUMMY]})
    begin_round(m, None, **orders)
    return m


def test_hellforge_advances_4_spaces_when_every_order_marker_is_on_an_eisenek_card() -> None:
    m = mandukor_match(p1=markers(MANDUKOR.name), p2=markers("Dummy"))
    pend = m.state.pending[0]
    assert pend.kind == "pre_round_move" and pend.options[-1] == "stay"
    fig = next(f for f in m.state.figures.values() if f.card_key.endswith("mandukor"))
    start = fig.hexes[0]
    far = next(h for h in m.state.battlefield.hexes() if h.distance(start) == 5)
    try:
        m.apply("p1", f"choose {m.state.battlefield.label(far)}")
        raise AssertionError("5 spaces is beyond Eisenek Advance")
    except IllegalCommand as err:
        assert "cannot reach" in str(err)
    m.apply("p1", f"choose {pend.options[0]}")
    fig = m.state.figures[fig.id]  # a refused command leaves the match as it was: look the figure up again
    assert fig.hexes[0] == m.state.battlefield.parse_space(pend.options[0]) and fig.hexes[0] != start
    assert 1 <= fig.hexes[0].distance(start) <= 4


def test_eisenek_advance_needs_every_order_marker_on_an_eisenek_card() -> None:
    m = mandukor_match(p1=markers(MANDUKOR.name, SOLDIER.name), p2=markers("Dummy"))
    assert not m.state.pending or m.state.pending[0].kind != "pre_round_move"


def test_silver_surfer_hyper_speed_moves_him_after_his_turn() -> None:
    surfer = shared_card("Silver Surfer")
    m = full_match({"p1": [surfer], "p2": [DUMMY]}, orders={"p1": markers(surfer.name), "p2": markers("Dummy")},
                   initiative=[20, 1])
    fig = next(f for f in m.state.figures.values() if f.card_key.endswith("silver-surfer"))
    start = fig.hexes
    m.apply("p1", "end-turn")
    pend = m.state.pending[0]
    assert pend.kind == "post_turn_move"
    m.apply("p1", f"choose {pend.options[0]}")
    assert fig.hexes != start and m.state.turn is not None and m.state.turn.player == "p2"


def test_free_move_checks_over_the_shared_file() -> None:
    gained = {n for k in ("pre_round_move", "post_turn_move", "move_other") for n, _, v in shared_powers(k)
              if move_free.CHECKS[k](v) is None}
    assert {"Hellforge Mandukor", "Death Chasers of Thesk", "Silver Surfer", "Blastatrons"} <= gained
    assert "Granite Guardians" not in gained
