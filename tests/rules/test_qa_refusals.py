"""Refusals a new user's QA and the random playouts found wanting: whose figure it is when both
sides field the same Army Card, line of sight said together with the Range that was met, and a
double-space figure turned round by its back end (a path the movement search offered, refused)."""

from __future__ import annotations

from bot.rules import movement
from bot.rules.hexes import Hex
from tests.rules.conftest import build, card, fig, full_match, markers, refused, sandbox
from tests.rules.helpers_geo import at, move, move_text

GRIMNAK = card(name="Grimnak")
BIG = card(name="Big", base=2, size="large", height=6, move=6)


def test_placing_the_other_sides_copy_of_your_card_names_your_own_figure() -> None:
    # rule: HS-ARMY-11 (QA: "Grimnak is not your figure" did not say that yours is grimnak1)
    m = full_match({"p1": [GRIMNAK], "p2": [GRIMNAK]}, place=False)
    assert sorted(m.state.figures) == ["grimnak", "grimnak1"]
    err = refused(m, "p2", "place grimnak A1")
    assert err.message == "grimnak is not your figure (it is p1's); yours is grimnak1"


def test_moving_the_other_sides_copy_of_your_card_names_your_own_figure() -> None:
    # rule: HS-ARMY-11
    m = full_match({"p1": [GRIMNAK], "p2": [GRIMNAK]}, orders={"p1": markers("Grimnak"), "p2": markers("Grimnak")},
                   initiative=[1, 20])
    assert m.state.turn is not None and m.state.turn.player == "p2"
    err = refused(m, "p2", "move grimnak A2", "HS-ARMY-11")
    assert err.message == "grimnak is not your figure (it is p1's); yours is grimnak1"


def test_no_line_of_sight_says_the_range_was_met() -> None:
    # rule: HS-ATTACK-01, HS-LOS-01 (QA: "no line of sight" read as a refusal about Range)
    from bot.rules.combat import check_target

    bf = build(hexes=[{"at": [2, 0], "level": 12, "terrain": "rock"}])
    archer = card(name="Archer", range=6)
    eng = sandbox(fig("a", "p1", (0, 0), archer), fig("t", "p2", (5, 0)), battlefield=bf)
    st = eng.state
    verdict = check_target(st, st.figures["a"], st.figures["t"])
    assert verdict.rule == "HS-LOS-01"
    assert verdict.reason == "a has no line of sight to t (t is within Range: 5 spaces away, Range 6)"
    far = check_target(st, st.figures["a"], st.figures["t"], reach=4)
    assert far.reason == "t is 5 spaces away; a has Range 4" and far.rule == "HS-ATTACK-01"


def test_a_double_space_figure_turns_round_by_its_back_end() -> None:
    # rule: HS-DOUBLE-01 (random playout: the computer sent "move mimring path G4 H5", found by the
    # movement search, and the engine refused it: "cannot move its front end into its own back end")
    eng = sandbox(fig("d", "p1", [(3, 2), (2, 2)], BIG))
    d = eng.state.figures["d"]
    ends = movement.reachable(eng.state, d)
    turned = (Hex(3, 2), Hex(3, 1))
    assert turned in ends and ends[turned][1] == [Hex(3, 1), Hex(3, 2)]
    move(eng, "d", [(3, 1), (3, 2)])  # the back end leads into 3,1, then on into 3,2
    assert at(eng, "d") == ((3, 2), (3, 1))


def test_a_path_neither_end_can_lead_keeps_the_front_ends_refusal() -> None:
    # rule: HS-DOUBLE-01
    eng = sandbox(fig("d", "p1", [(3, 2), (2, 2)], BIG))
    refused(eng, "p1", move_text("d", [(2, 2)]), "HS-DOUBLE-01")
