"""Mission Critical: the Nanite Vial, the trackers, Download or Delete and Oops! (HS-SCEN-CRIT2-*)."""

from __future__ import annotations

from bot.content.maps import MapLibrary
from bot.rules.hexes import Hex
from bot.rules.state import MatchState
from bot.rules.victory import check_victory
from tests.rules.conftest import BLANK, SKULL, begin_round, fig, markers, roll
from tests.rules.helpers_geo import attack, kinds, move
from tests.scenarios.helpers import field, scenario, table

ROLES = {"p1": "COBRA", "p2": "G.I. JOE"}


def _mc(level: str, *figs, d20=(), battlefield=None):
    return table(f"mission-critical-{level}", *figs, roles=ROLES, d20=d20,
                 battlefield=battlefield or field((3, 2)))


def test_the_vial_starts_where_the_map_shows_and_each_side_has_its_tracker_on_0() -> None:
    # rule: HS-SCEN-CRIT2-ALL-02, HS-SCEN-CRIT2-ALL-03, HS-SCEN-BOOK-05, HS-SCEN-BOOK-06
    s = scenario("mission-critical-seasoned")
    bf = MapLibrary.default().get(s.map or "")
    st = MatchState(battlefield=bf, scenario=s)
    assert st.glyphs == {Hex(5, 3): ("brandar", "power")}
    assert {side.name: side.zone for side in s.sides} == {"G.I. JOE": "blue", "COBRA": "red"}
    eng = _mc("seasoned", fig("a", "p1", (0, 0)), fig("b", "p2", (8, 6)))
    assert eng.state.trackers == {"p1": 0, "p2": 0}
    assert s.trackers == {"COBRA": "Activation", "G.I. JOE": "Deactivation"}


def test_ending_a_move_on_the_vial_picks_it_up() -> None:
    # rule: HS-SCEN-CRIT2-SEAS-02, HS-SCEN-CRIT2-VET-02, HS-SCEN-CRIT2-ALL-01
    for level in ("seasoned", "veteran"):
        eng = _mc(level, fig("a", "p1", (1, 2)), fig("b", "p2", (8, 6)))
        move(eng, "a", [(2, 2), (3, 2)])
        assert eng.state.figures["a"].carries == ["brandar"] and Hex(3, 2) not in eng.state.glyphs


def test_download_or_delete_moves_the_tracker_before_a_marker_is_revealed_on_the_holders_card() -> None:
    # rule: HS-SCEN-CRIT2-SEAS-03, HS-SCEN-CRIT2-VET-03
    for level in ("seasoned", "veteran"):
        eng = _mc(level, fig("a", "p1", (3, 2)), fig("t", "p1", (0, 6)), fig("b", "p2", (8, 6)))
        eng.state.figures["a"].carries.append("brandar")
        eng.state.glyphs.clear()
        begin_round(eng, [15, 3], p1=markers("A", "T", "A", "T"), p2=markers("B"))
        assert eng.state.trackers == {"p1": 1, "p2": 0}  # marker 1 is on A, the holder


def test_a_tracker_on_4_wins() -> None:
    # rule: HS-SCEN-CRIT2-ALL-04
    eng = _mc("seasoned", fig("a", "p1", (0, 0)), fig("b", "p2", (8, 6)))
    eng.state.trackers["p2"] = 4
    result = check_victory(eng.state, end_of_round=False)
    assert result is not None and result[0] == ["p2"] and "Deactivation" in result[1]


def test_destroying_every_enemy_figure_wins_and_cobra_wins_after_round_6() -> None:
    # rule: HS-SCEN-CRIT2-ALL-05, HS-SCEN-CRIT2-ALL-06
    eng = _mc("veteran", fig("a", "p1", (0, 0)), fig("b", "p2", (8, 6)))
    eng.state.figures["a"].destroyed = True
    eng.state.figures["a"].hexes = ()
    assert check_victory(eng.state, end_of_round=False) == (["p2"], "last army standing")
    eng2 = _mc("veteran", fig("a", "p1", (0, 0)), fig("b", "p2", (8, 6)))
    eng2.state.round = 5
    assert check_victory(eng2.state, end_of_round=True) is None
    eng2.state.round = 6
    assert check_victory(eng2.state, end_of_round=True) == (["p1"], "the end of round 6: COBRA wins")


def _holder_attacked(level: str, d20=()):
    eng = _mc(level, fig("a", "p1", (3, 2)), fig("b", "p2", (4, 2)), fig("c", "p1", (3, 3)), d20=d20)
    eng.state.figures["a"].carries.append("brandar")
    eng.state.glyphs.clear()
    return eng


def test_oops_seasoned_the_opponent_puts_the_vial_on_an_empty_space_within_1() -> None:
    # rule: HS-SCEN-CRIT2-SEAS-04
    eng = _holder_attacked("seasoned")
    roll(eng, [SKULL, SKULL, BLANK], [])
    roll(eng, [BLANK, BLANK, BLANK])
    attack(eng, "b", "a")
    pend = eng.state.pending[0]
    assert pend.player == "p2"  # the opposing player places it
    assert "3,3" not in pend.options and "4,2" not in pend.options and "3,2" not in pend.options
    assert "2,2" in pend.options
    eng.execute("p2", "choose 2,2")
    assert eng.state.glyphs[Hex(2, 2)] == ("brandar", "power") and eng.state.figures["a"].carries == []


def test_oops_seasoned_nothing_happens_without_a_wound() -> None:
    # rule: HS-SCEN-CRIT2-SEAS-04
    eng = _holder_attacked("seasoned")
    roll(eng, [BLANK, BLANK, BLANK], [])
    roll(eng, [BLANK, BLANK, BLANK])
    attack(eng, "b", "a")
    assert not eng.state.pending and eng.state.figures["a"].carries == ["brandar"]


def test_oops_veteran_a_roll_above_5_after_the_wounds_keeps_the_vial() -> None:
    # rule: HS-SCEN-CRIT2-VET-04
    eng = _holder_attacked("veteran", d20=[12])
    roll(eng, [SKULL, BLANK, BLANK])
    roll(eng, [BLANK, BLANK, BLANK])
    events = attack(eng, "b", "a")
    rolled = kinds(events, "oops_roll")[0]
    assert (rolled["d20"], rolled["less"], rolled["result"], rolled["dropped"]) == (12, 5, 7, False)
    assert eng.state.figures["a"].carries == ["brandar"] and not eng.state.pending


def test_oops_veteran_5_or_less_drops_it_and_a_figure_it_lands_on_picks_it_up() -> None:
    # rule: HS-SCEN-CRIT2-VET-05, HS-SCEN-CRIT2-VET-06, HS-SCEN-CRIT2-VET-07
    eng = _holder_attacked("veteran", d20=[15])
    roll(eng, [SKULL, SKULL, BLANK])
    roll(eng, [BLANK, BLANK, BLANK])
    events = attack(eng, "b", "a")
    assert kinds(events, "oops_roll")[0]["result"] == 5  # 15 less 5 for each of 2 wounds
    pend = eng.state.pending[0]
    assert pend.player == "p2" and "3,3" in pend.options  # occupied spaces too at Veteran
    eng.execute("p2", "choose 3,3")
    assert eng.state.figures["c"].carries == ["brandar"] and eng.state.figures["a"].carries == []
    assert Hex(3, 3) not in eng.state.glyphs


def test_oops_veteran_subtracts_no_more_than_20() -> None:
    # rule: HS-SCEN-CRIT2-VET-04
    eng = _holder_attacked("veteran", d20=[20])
    eng.state.figures["a"].wounds = 0
    big = eng.state.cards[eng.state.figures["a"].card_key]
    big.card = big.card.model_copy(update={"life": 9})
    roll(eng, [SKULL] * 3)
    roll(eng, [BLANK] * 3)
    eng.state.figures["a"].wounds = 2
    events = attack(eng, "b", "a")
    assert kinds(events, "oops_roll")[0]["less"] == 20 and kinds(events, "oops_roll")[0]["result"] == 0


def test_a_tracker_reaching_4_wins_at_once_before_the_marker_is_revealed() -> None:
    # rule: HS-SCEN-CRIT2-ALL-04, HS-SCEN-CRIT2-SEAS-03
    # The book names no later moment: the holder's Army Card turn does not begin.
    eng = _mc("seasoned", fig("a", "p1", (3, 2)), fig("t", "p1", (0, 6)), fig("b", "p2", (8, 6)))
    st = eng.state
    st.figures["a"].carries.append("brandar")
    st.glyphs.clear()
    st.trackers["p1"] = 3
    begin_round(eng, [15, 3], p1=markers("A", "T", "A", "T"), p2=markers("B"))
    assert st.trackers["p1"] == 4
    assert st.winners == ["p1"] and "Activation tracker reached 4" in (st.result or "")
    assert st.turn is None and st.revealed["p1"] == []  # marker 1 was never revealed


def test_a_destroyed_holder_drops_the_vial_where_the_opponent_puts_it() -> None:
    # rule: HS-SCEN-CRIT2-SEAS-04, HS-SCEN-CRIT2-VET-05, HS-SCEN-CRIT2-VET-06, HS-SCEN-CRIT2-VET-07
    # Not on the holder's own space (the carried-glyph rule): the opposing player picks a space within
    # 1 space of where it stood; an empty one at Seasoned, any at Veteran (a figure there picks it up).
    for level, pick, holder in (("seasoned", "2,2", None), ("veteran", "3,3", "c")):
        eng = _holder_attacked(level)
        st = eng.state
        st.figures["a"].wounds = 3  # Life 4: one more wound destroys it
        roll(eng, [SKULL, BLANK, BLANK], [])
        roll(eng, [BLANK, BLANK, BLANK])
        attack(eng, "b", "a")
        assert st.figures["a"].destroyed
        pend = st.pending[0]
        assert pend.player == "p2" and Hex(3, 2) not in st.glyphs  # the opponent places it
        assert "3,2" in pend.options and "2,2" in pend.options  # where it stood is free now
        occupied = {"3,3", "4,2"} & set(pend.options)  # c and b stand there
        assert occupied == (set() if level == "seasoned" else {"3,3", "4,2"})
        eng.execute("p2", f"choose {pick}")
        if holder is None:
            assert st.glyphs == {Hex(2, 2): ("brandar", "power")}
        else:
            assert st.figures[holder].carries == ["brandar"] and not st.glyphs
        assert st.figures["a"].carries == []


def test_oops_also_follows_wounds_from_leaving_an_engagement() -> None:
    # rule: HS-SCEN-CRIT2-SEAS-04, HS-SCEN-CRIT2-SEAS-02, HS-ENGAGE-05
    # A wound is a wound: the holder swiped as it leaves an engagement drops the Vial too.
    eng = _mc("seasoned", fig("a", "p1", (2, 3)), fig("b", "p2", (4, 2)), fig("c", "p1", (0, 6)))
    move(eng, "a", [(3, 2)])  # onto the Vial, next to b
    eng.execute("p1", "end-turn")
    assert eng.state.figures["a"].carries == ["brandar"] and not eng.state.pending
    roll(eng, [SKULL])
    move(eng, "a", [(2, 2), (1, 2)])
    assert eng.state.figures["a"].wounds == 1 and not eng.state.pending
    eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.player == "p2" and "0,2" in pend.options and "1,2" not in pend.options
    eng.execute("p2", "choose 0,2")
    assert eng.state.glyphs == {Hex(0, 2): ("brandar", "power")} and eng.state.figures["a"].carries == []
