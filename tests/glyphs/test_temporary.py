"""Temporary power glyphs (HS-GLYPH-05, -20..31): each works once and leaves the game; choices are
decisions answered with ``choose``; random picks come from the dice source."""

from __future__ import annotations

from bot.rules import modifiers
from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex
from bot.rules.state import Phase
from tests.glyphs.test_permanent import field
from tests.rules.conftest import begin_round, card, dice, end_turns, fig, markers, refused, roll, sandbox


def test_kelda_only_wounded_figures_step_on_and_lose_all_wounds_then_it_leaves() -> None:
    # rule: HS-GLYPH-24
    # rule: HS-GLYPH-25
    # rule: HS-GLYPH-05
    eng = sandbox(fig("fresh", "p1", (1, 3)), fig("hurt", "p1", (5, 3), wounds=3), fig("e", "p2", (7, 7)),
                  battlefield=field(("kelda", (3, 3), "power")))
    refused(eng, "p1", "move fresh path 2,3 3,3", "HS-GLYPH-24")
    refused(eng, "p1", "move fresh path 2,3 3,3 4,3", "HS-GLYPH-24")  # not even passing
    eng.execute("p1", "move hurt path 4,3 3,3")
    st = eng.state
    assert st.figures["hurt"].wounds == 0 and st.glyphs == {}


def test_mitonsoul_rolls_for_every_figure_active_player_first_ones_destroyed() -> None:
    # rule: HS-GLYPH-27
    eng = sandbox(fig("a", "p1", (0, 0)), fig("b", "p1", (0, 4)), fig("c", "p2", (6, 0)), fig("d", "p2", (6, 4)),
                  battlefield=field(("mitonsoul", (1, 0), "power")), d20=[4, 9, 1, 1])
    eng.execute("p1", "move a 1,0")
    f = eng.state.figures
    assert [f[x].destroyed for x in "abcd"] == [False, False, True, True]
    assert eng.state.glyphs == {}
    eng.execute("p1", "end-turn")
    assert eng.state.winners == ["p1"]


def test_oreld_nine_does_nothing_ten_takes_a_random_face_down_marker() -> None:
    # rule: HS-GLYPH-29
    raider, scout, guard, sentry = (card(name=n) for n in ("Raider", "Scout", "Guard", "Sentry"))
    eng = sandbox(fig("raider", "p1", (0, 0), raider), fig("scout", "p1", (0, 4), scout),
                  fig("guard", "p2", (7, 0), guard), fig("sentry", "p2", (7, 6), sentry),
                  battlefield=field(("oreld", (1, 0), "power"), ("oreld", (1, 4), "power")))
    st = eng.state
    st.phase, st.round, st.revealed = Phase.ORDERS, 1, {"p1": [], "p2": []}
    begin_round(eng, [12, 5], p1=markers("Raider", "Raider", "Scout", "Raider"),
                p2=markers("Guard", "Guard", "Sentry", "Guard"))
    roll(eng, d20=[9])
    eng.execute("p1", "move raider 1,0")
    assert eng.state.pending == [] and list(eng.state.glyphs) == [Hex(1, 4)]
    end_turns(eng)
    eng.execute("p2", "move guard 7,1")
    end_turns(eng, 3)
    roll(eng, d20=[10])
    eng.execute("p1", "move scout 1,4")
    assert eng.state.pending[0].player == "p1" and eng.state.pending[0].options == ["yes", "no"]
    dice(eng).add(pick=[1])  # candidates 3 and X, in marker order: X
    events = eng.execute("p1", "choose yes")
    assert eng.state.orders["p2"] == {"1": "p2/guard", "2": "p2/guard", "3": "p2/sentry"}
    assert [e.to for e in events if e.kind == "orders_removed"] == ["p2"]
    end_turns(eng)
    eng.execute("p2", "move sentry 7,5")  # p2's third turn runs as placed
    end_turns(eng)
    assert eng.state.round == 2 and eng.state.winners is None


def test_oreld_declined_takes_nothing() -> None:
    # rule: HS-GLYPH-29
    eng = sandbox(fig("a", "p1", (0, 0)), fig("e", "p2", (7, 0)), battlefield=field(("oreld", (1, 0), "power")))
    st = eng.state
    st.phase, st.round, st.revealed = Phase.ORDERS, 1, {"p1": [], "p2": []}
    begin_round(eng, [12, 5], p1=markers("Soldier"), p2=markers("Soldier"))
    roll(eng, d20=[15])
    eng.execute("p1", "move a 1,0")
    refused(eng, "p1", "choose maybe")
    eng.execute("p1", "choose false")  # the rules cases' way of saying no
    assert len(eng.state.orders["p2"]) == 4 and eng.state.pending == []


def test_erland_summons_an_enemy_next_to_it_without_leaving_engagement_attacks() -> None:
    # rule: HS-GLYPH-20
    # rule: HS-GLYPH-21
    eng = sandbox(fig("a", "p1", (1, 0)), fig("e", "p2", (6, 5)), fig("guard", "p1", (6, 4)),
                  battlefield=field(("erland", (2, 0), "power")))
    eng.execute("p1", "move a 2,0")
    pend = eng.state.pending[0]
    assert pend.player == "p1" and "e" in pend.options and "a" not in pend.options
    eng.execute("p1", "choose e")
    refused(eng, "p1", "choose 6,6")  # not next to the figure on the glyph
    eng.execute("p1", "choose 3,0")  # no combat die is scripted: a leaving-engagement attack would fail
    st = eng.state
    assert st.figures["e"].hexes == (Hex(3, 0),) and st.glyphs == {} and dice(eng).left == 0


def test_felaron_removes_one_other_glyph() -> None:
    # rule: HS-GLYPH-22
    eng = sandbox(fig("a", "p1", (1, 0)), fig("e", "p2", (6, 6)),
                  battlefield=field(("felaron", (2, 0), "power"), ("astrid", (5, 5), "symbol"),
                                    ("gerda", (0, 5), "power")))
    eng.execute("p1", "move a 2,0")
    pend = eng.state.pending[0]
    assert "face down" in " ".join(pend.shown)  # a symbol-side glyph is not named
    refused(eng, "p1", "choose 3,3")
    eng.execute("p1", f"choose {eng.state.battlefield.label(Hex(5, 5))}")
    assert eng.state.glyphs == {Hex(0, 5): ("gerda", "power")}


def test_haukeland_takes_up_to_three_wounds_off_the_players_figures() -> None:
    # rule: HS-GLYPH-23
    eng = sandbox(fig("a", "p1", (1, 0)), fig("b", "p1", (4, 4), wounds=2), fig("c", "p1", (5, 5), wounds=2),
                  fig("e", "p2", (6, 6), wounds=2), battlefield=field(("haukeland", (2, 0), "power")))
    eng.execute("p1", "move a 2,0")
    assert "e" not in eng.state.pending[0].options  # an enemy is not healed
    eng.execute("p1", "choose b b")
    eng.execute("p1", "choose c")
    f = eng.state.figures
    assert (f["b"].wounds, f["c"].wounds, f["e"].wounds) == (0, 1, 2) and eng.state.pending == []


def test_haukeland_may_be_declined() -> None:
    # rule: HS-GLYPH-23
    eng = sandbox(fig("a", "p1", (1, 0), wounds=1), fig("e", "p2", (6, 6)),
                  battlefield=field(("haukeland", (2, 0), "power")))
    eng.execute("p1", "move a 2,0")
    eng.execute("p1", "choose done")
    assert eng.state.figures["a"].wounds == 1 and eng.state.glyphs == {}


def test_nilrend_five_negates_an_opponents_unique_card_four_does_nothing() -> None:
    # rule: HS-GLYPH-28
    hawk = card(name="Hawk", keywords=["flying"])
    eng = sandbox(fig("a", "p1", (1, 0)), fig("hawk", "p2", (6, 6), hawk),
                  battlefield=field(("nilrend", (2, 0), "power"), ("nilrend", (4, 0), "power")), d20=[4])
    eng.execute("p1", "move a 2,0")
    eng.execute("p1", "choose hawk")
    st = eng.state
    assert modifiers.move_rules(st, st.figures["hawk"]).can_fly
    eng.execute("p2", "move hawk 6,5")  # another card's turn in between (free mode)
    roll(eng, d20=[5])
    eng.execute("p1", "move a 4,0")
    eng.execute("p1", "choose hawk")
    st = eng.state
    assert not modifiers.move_rules(st, st.figures["hawk"]).can_fly
    assert st.cards["p2/hawk"].data["negated"] is True


def test_nilrend_may_be_declined() -> None:
    # rule: HS-GLYPH-28
    eng = sandbox(fig("a", "p1", (1, 0)), fig("e", "p2", (6, 6)), battlefield=field(("nilrend", (2, 0), "power")))
    eng.execute("p1", "move a 2,0")
    eng.execute("p1", "choose skip")
    assert "negated" not in eng.state.cards["p2/e"].data and dice(eng).left == 0


def test_quillivon_moves_up_to_three_other_figures_five_spaces() -> None:
    # rule: HS-GLYPH-30
    slow = card(name="Slow", move=2)
    eng = sandbox(fig("a", "p1", (1, 0)), fig("s1", "p1", (0, 3), slow), fig("s2", "p1", (0, 5), slow),
                  fig("e", "p2", (7, 7)), battlefield=field(("quillivon", (2, 0), "power")))
    eng.execute("p1", "move a 2,0")
    assert "a" not in eng.state.pending[0].options and "e" not in eng.state.pending[0].options
    eng.execute("p1", "choose s1")
    refused(eng, "p1", "choose 6,3")  # 6 spaces away
    eng.execute("p1", "choose 5,3")
    eng.execute("p1", "choose done")
    st = eng.state
    assert st.figures["s1"].hexes == (Hex(5, 3),) and st.figures["s2"].hexes == (Hex(0, 5),)
    assert modifiers.move_value(st, st.figures["s1"]) == 2 and st.pending == []


def test_sturla_brings_back_destroyed_figures_on_a_19_or_20() -> None:
    # rule: HS-GLYPH-31
    bf = field(("sturla", (2, 0), "power"))
    zoned = Battlefield.build(bf.name, bf.columns, bf.obstacles, {"red": [Hex(0, 7), Hex(1, 7)]}, bf.glyphs)
    eng = sandbox(fig("a", "p1", (1, 0)), fig("dead", "p1", (5, 5)), fig("gone", "p2", (6, 6)),
                  fig("e", "p2", (7, 7)), battlefield=zoned, d20=[19, 18])
    eng.state.figures["dead"].destroyed = True
    eng.state.figures["dead"].hexes = ()
    eng.state.figures["gone"].destroyed = True
    eng.state.figures["gone"].hexes = ()
    eng.execute("p1", "move a 2,0")
    pend = eng.state.pending[0]
    assert pend.player == "p1" and len(pend.options) == 2
    eng.execute("p1", f"choose {pend.options[1]}")
    f = eng.state.figures
    assert f["dead"].on_battlefield and f["dead"].hexes == (Hex(1, 7),) and f["gone"].destroyed
