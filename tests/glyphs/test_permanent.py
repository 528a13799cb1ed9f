"""Permanent power glyphs and the rules every power glyph shares (HS-GLYPH-01..19, -32).

Each test names the clause it checks; the positions follow ``shared/rules-cases-v2/glyph-*.json``.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.content.maps import MapFileError
from bot.rules import modifiers
from bot.rules.battlefield import Battlefield
from bot.rules.combat import check_target
from bot.rules.engine import Engine
from bot.rules.glyphs import POWER_GLYPHS, describe, names
from bot.rules.hexes import Hex
from bot.rules.modifiers import AttackContext
from bot.rules.movement import move_cost, reachable_hexes
from bot.rules.scenario import SANDBOX, Scenario
from bot.rules.state import MatchState, Phase
from tests.rules.conftest import begin_round, build, card, fig, markers, refused, roll, sandbox


def field(*glyphs: tuple[str, tuple[int, int], str], size: int = 7) -> Battlefield:
    """A grass field 0..size square with ``(name, (q, r), side)`` glyphs."""
    return build([{"q": [0, size], "r": [0, size], "level": 1, "terrain": "grass"}],
                 glyphs=[{"name": n, "at": list(at), "side": side} for n, at, side in glyphs])


def attack_dice(eng: Engine, a: str, b: str, special: str | None = None) -> int:
    st = eng.state
    ctx = AttackContext(st.figures[a], st.figures[b], special)
    return st.card_of(st.figures[a]).stat("attack") + sum(n for _, n in modifiers.attack_reasons(st, ctx))


def defense_dice(eng: Engine, a: str, b: str, special: str | None = None) -> int:
    st = eng.state
    ctx = AttackContext(st.figures[a], st.figures[b], special)
    return st.card_of(st.figures[b]).stat("defense") + sum(n for _, n in modifiers.defense_reasons(st, ctx))


# ---- shared rules --------------------------------------------------------------------------------


def test_scenario_places_glyphs_on_a_map_without_any_and_sets_their_side() -> None:
    # rule: HS-GLYPH-01
    scen = Scenario(id="g", name="G", glyphs=[{"name": "astrid", "at": [3, 2], "side": "symbol"},
                                              {"name": "gerda", "at": [1, 1]}])
    st = MatchState(battlefield=field(), scenario=scen)
    assert st.glyphs == {Hex(3, 2): ("astrid", "symbol"), Hex(1, 1): ("gerda", "power")}
    # Not working: a map's own glyph stays where the scenario puts none, and is replaced where it does.
    st2 = MatchState(battlefield=field(("ivor", (1, 1), "power"), ("valda", (5, 5), "power")),
                     scenario=scen)
    assert st2.glyphs[Hex(1, 1)] == ("gerda", "power") and st2.glyphs[Hex(5, 5)] == ("valda", "power")
    assert MatchState(battlefield=field(), scenario=SANDBOX).glyphs == {}


def test_symbol_side_glyph_stops_the_walker_is_turned_over_and_works_at_once() -> None:
    # rule: HS-GLYPH-02
    eng = sandbox(fig("a", "p1", (1, 2)), fig("b", "p1", (5, 0)), fig("e", "p2", (6, 0)),
                  battlefield=field(("astrid", (3, 2), "symbol"), ("gerda", (3, 5), "symbol")))
    st = eng.state
    assert move_cost(st, st.figures["a"], [Hex(2, 2), Hex(3, 2), Hex(4, 2)]) is None  # no walking past it
    refused(eng, "p1", "move a path 2,2 3,2 4,2", "HS-GLYPH-02")
    assert attack_dice(eng, "b", "e") == 3
    events = eng.execute("p1", "move a path 2,2 3,2")
    assert eng.state.glyphs[Hex(3, 2)] == ("astrid", "power")
    assert [e.data["glyph"] for e in events if e.kind == "glyph_turned"] == ["astrid"]
    assert attack_dice(eng, "b", "e") == 4 and attack_dice(eng, "e", "b") == 3


def test_flyer_passing_over_a_glyph_neither_stops_nor_turns_it() -> None:
    # rule: HS-GLYPH-02
    hawk = card(name="Hawk", move=6, keywords=["flying"])
    eng = sandbox(fig("hawk", "p1", (1, 5), hawk), battlefield=field(("gerda", (3, 5), "symbol")))
    eng.execute("p1", "move hawk path 2,5 3,5 4,5")
    assert eng.state.figures["hawk"].hexes == (Hex(4, 5),)
    assert eng.state.glyphs[Hex(3, 5)] == ("gerda", "symbol")


def test_power_side_glyph_stops_the_move_and_is_not_walked_past() -> None:
    # rule: HS-GLYPH-03
    eng = sandbox(fig("a", "p1", (1, 2)), battlefield=field(("gerda", (3, 2), "power")))
    st = eng.state
    reach = reachable_hexes(st, st.figures["a"])
    assert Hex(3, 2) in reach and Hex(4, 2) in reach  # 4,2 by another way round
    assert move_cost(st, st.figures["a"], [Hex(2, 2), Hex(3, 2), Hex(4, 2)]) is None
    refused(eng, "p1", "move a path 2,2 3,2 4,2", "HS-GLYPH-03")
    events = eng.execute("p1", "move a path 2,2 3,2")
    assert [e.data["glyph"] for e in events if e.kind == "glyph"] == ["gerda"]


def test_permanent_glyph_works_while_a_figure_stands_on_it_for_that_army_only() -> None:
    # rule: HS-GLYPH-04
    eng = sandbox(fig("g", "p1", (0, 0)), fig("b", "p1", (3, 3)), fig("e", "p2", (4, 3)),
                  battlefield=field(("gerda", (0, 0), "power")))
    assert defense_dice(eng, "e", "b") == 4
    assert defense_dice(eng, "b", "e") == 3  # the opponent's army gets nothing
    eng.execute("p1", "move g 1,0")
    assert defense_dice(eng, "e", "b") == 3  # nobody on it: the power is gone


def test_astrid_adds_an_attack_die_to_normal_attacks_not_special_ones() -> None:
    # rule: HS-GLYPH-06
    eng = sandbox(fig("a", "p1", (0, 0)), fig("b", "p1", (3, 3)), fig("e", "p2", (4, 3)),
                  battlefield=field(("astrid", (0, 0), "power")))
    assert attack_dice(eng, "b", "e") == 4
    assert attack_dice(eng, "b", "e", special="Blast") == 3


def test_crevcor_only_common_figures_and_ulaniva_only_unique_ones() -> None:
    # rule: HS-GLYPH-08
    # rule: HS-GLYPH-17
    grunt = card(name="Grunt", kind="squad", rarity="common")
    eng = sandbox(fig("c", "p1", (0, 0)), fig("u", "p1", (0, 4)), fig("hero", "p1", (3, 3)),
                  fig("g1", "p1", (3, 5), grunt), fig("e", "p2", (4, 3)),
                  battlefield=field(("crevcor", (0, 0), "power")))
    assert attack_dice(eng, "g1", "e") == 4 and attack_dice(eng, "hero", "e") == 3
    eng2 = sandbox(fig("u", "p1", (0, 4)), fig("hero", "p1", (3, 3)), fig("g1", "p1", (3, 5), grunt),
                   fig("e", "p2", (4, 3)), battlefield=field(("ulaniva", (0, 4), "power")))
    assert attack_dice(eng2, "hero", "e") == 4 and attack_dice(eng2, "g1", "e") == 3


def test_gerda_one_and_jalgard_two_defense_dice_also_against_special_attacks() -> None:
    # rule: HS-GLYPH-10
    # rule: HS-GLYPH-12
    eng = sandbox(fig("g", "p1", (0, 0)), fig("j", "p1", (0, 2)), fig("b", "p1", (3, 3)), fig("e", "p2", (4, 3)),
                  battlefield=field(("gerda", (0, 0), "power"), ("jalgard", (0, 2), "power")))
    assert defense_dice(eng, "e", "b") == 6
    assert defense_dice(eng, "e", "b", special="Blast") == 6


def test_ivor_adds_four_only_to_range_four_or_more_and_valda_not_for_the_figure_on_it() -> None:
    # rule: HS-GLYPH-11
    # rule: HS-GLYPH-18
    bow = card(name="Bowman", range=7, defense=2)
    eng = sandbox(fig("i", "p1", (0, 2)), fig("v", "p1", (0, 4)), fig("bow", "p1", (4, 2), bow),
                  fig("sol", "p1", (4, 6)), fig("foe", "p2", (12, 6), card(name="Foe", range=7)),
                  battlefield=field(("ivor", (0, 2), "power"), ("valda", (0, 4), "power"), size=12))
    st = eng.state
    f = st.figures
    assert modifiers.range_value(st, f["bow"]) == 11 and modifiers.range_value(st, f["sol"]) == 1
    assert modifiers.range_value(st, f["foe"]) == 7
    assert modifiers.move_value(st, f["bow"]) == 7 and modifiers.move_value(st, f["foe"]) == 5
    assert modifiers.move_value(st, f["v"]) == 5  # moving off Valda: its printed Move
    eng.execute("p1", "move bow path 5,2 6,2 7,2 8,2 9,2 10,2 11,2")
    refused(eng, "p1", "move v path 1,4 2,4 3,4 4,4 5,4 6,4", "HS-MOVE-03")
    eng.execute("p1", "move v path 1,4 2,4 3,4 4,4 5,4")
    st = eng.state  # a refused command puts back a copy of the state
    assert modifiers.move_value(st, st.figures["sol"]) == 5  # Valda is empty now


def test_dagmar_adds_eight_to_each_initiative_roll_ties_roll_again() -> None:
    # rule: HS-GLYPH-09
    red, blue = card(name="Red Knight"), card(name="Blue Knight")
    eng = sandbox(fig("a", "p1", (0, 0), red), fig("b", "p2", (7, 7), blue),
                  battlefield=field(("dagmar", (7, 7), "power")))
    eng.state.phase = Phase.ORDERS
    eng.state.round = 1
    eng.state.revealed = {"p1": [], "p2": []}
    begin_round(eng, [18, 10, 12, 5], p1=markers("Red Knight"), p2=markers("Blue Knight"))
    init = next(e for e in eng.events if e.kind == "initiative")
    assert init.data["rolls"] == {"p1": [18, 12], "p2": [18, 13]} and init.data["first"] == "p2"
    assert init.data["bonuses"] == {"p2": 8}


def test_lodin_adds_one_to_its_holders_d20_rolls() -> None:
    # rule: HS-GLYPH-13
    eng = sandbox(fig("l", "p1", (0, 0)), fig("a", "p1", (0, 2)), fig("e", "p2", (6, 0)),
                  battlefield=field(("lodin", (0, 0), "power"), ("mitonsoul", (1, 2), "power")), d20=[1, 1, 5])
    eng.execute("p1", "move a 1,2")
    st = eng.state
    # p1's two 1s become 2s (safe); p2 gets no help.
    assert not st.figures["l"].destroyed and not st.figures["a"].destroyed
    rolls = next(e for e in eng.events if e.kind == "glyph" and e.data["glyph"] == "mitonsoul").data["rolls"]
    assert rolls == {"l": 2, "a": 2, "e": 5}


def test_proftaka_holds_a_figure_with_no_friend_next_to_it() -> None:
    # rule: HS-GLYPH-14
    eng = sandbox(fig("p", "p1", (2, 2)), fig("f", "p1", (5, 5)), fig("e", "p2", (2, 3)),
                  battlefield=field(("proftaka", (2, 2), "power")))
    st = eng.state
    assert reachable_hexes(st, st.figures["p"]) == {}
    refused(eng, "p1", "move p 1,2", "HS-GLYPH-14")
    eng.execute("p1", "move f 3,2")  # a friend comes next to it
    st = eng.state
    assert Hex(1, 2) in reachable_hexes(st, st.figures["p"])


def test_rannveig_grounds_every_flyer_of_every_side() -> None:
    # rule: HS-GLYPH-15
    hawk = card(name="Hawk", move=6, keywords=["flying"])
    eng = sandbox(fig("r", "p2", (0, 0)), fig("hawk", "p1", (1, 5), hawk),
                  battlefield=field(("rannveig", (0, 0), "power")))
    st = eng.state
    assert not modifiers.move_rules(st, st.figures["hawk"]).can_fly
    refused(eng, "p1", "move hawk 4,5 fly", "HS-FLY-01")
    eng.execute("p2", "move r 1,0")
    st = eng.state
    assert modifiers.move_rules(st, st.figures["hawk"]).can_fly


def test_thorian_only_adjacent_normal_attacks_on_its_army() -> None:
    # rule: HS-GLYPH-16
    archer = card(name="Archer", range=7)
    eng = sandbox(fig("t", "p1", (0, 0)), fig("b", "p1", (3, 3)), fig("arc", "p2", (3, 6), archer),
                  fig("sw", "p2", (4, 3)), battlefield=field(("thorian", (0, 0), "power")))
    st = eng.state
    f = st.figures
    far = check_target(st, f["arc"], f["b"])
    assert not far and far.rule == "HS-GLYPH-16"
    assert check_target(st, f["sw"], f["b"])  # next to it: allowed
    assert check_target(st, f["t"], f["arc"], reach=10)  # p1 attacks p2 from afar freely


def test_power_glyph_catalogue_has_both_rulebooks_and_the_pack_counts() -> None:
    # rule: HS-GLYPH-32
    pack_permanent = {"astrid", "crevcor", "gerda", "ivor", "jalgard", "lodin", "proftaka", "thorian", "ulaniva",
                      "valda", "wannok"}
    pack_temporary = {"erland", "kelda", "nilrend", "oreld", "sturla"}
    assert len(pack_permanent) == 11 and len(pack_temporary) == 5
    assert all(POWER_GLYPHS[n].permanent for n in pack_permanent)
    assert not any(POWER_GLYPHS[n].permanent for n in pack_temporary)
    assert {"brandar", "dagmar", "rannveig", "felaron", "haukeland", "mitonsoul", "quillivon"} <= set(names())
    assert len({g.letter for g in POWER_GLYPHS.values()}) == len(POWER_GLYPHS)  # one map letter each
    info = describe("Glyph of Astrid")
    assert info is not None and info.power == "Attack +1" and info.permanent
    assert describe("no such glyph") is None


def test_kelda_is_refused_symbol_side_up_in_a_scenario() -> None:
    # rule: HS-GLYPH-26
    with pytest.raises(ValidationError, match="HS-GLYPH-26"):
        Scenario(id="g", name="G", glyphs=[{"name": "kelda", "at": [1, 1], "side": "symbol"}])
    assert Scenario(id="g", name="G", glyphs=[{"name": "kelda", "at": [1, 1], "side": "power"}]).glyphs
    with pytest.raises(MapFileError, match="HS-GLYPH-26"):
        field(("kelda", (1, 1), "symbol"))
    assert field(("kelda", (1, 1), "power")).glyphs


def test_brandar_by_default_only_stops_and_the_rift_sweeps_the_figure_away() -> None:
    # rule: HS-GLYPH-07
    eng = sandbox(fig("a", "p1", (1, 2)), fig("e", "p2", (6, 6)), battlefield=field(("brandar", (2, 2), "power")))
    refused(eng, "p1", "move a path 2,2 3,2", "HS-GLYPH-03")
    eng.execute("p1", "move a 2,2")
    assert eng.state.figures["a"].on_battlefield
    rift = Scenario(id="rift", name="Rift", brandar="swept_away")
    eng2 = sandbox(fig("a", "p1", (1, 2)), fig("e", "p2", (6, 6)), scenario=rift,
                   battlefield=field(("brandar", (2, 2), "power")))
    eng2.execute("p1", "move a 2,2")
    assert eng2.state.figures["a"].destroyed


def test_wannok_one_wounds_its_holder_more_lets_an_opponent_be_named() -> None:
    # rule: HS-GLYPH-19
    eng = sandbox(fig("w", "p1", (0, 0)), fig("e", "p2", (6, 6)), fig("e2", "p2", (6, 4)),
                  battlefield=field(("wannok", (0, 0), "power")), d20=[1])
    eng.execute("p1", "end-round")
    assert eng.state.figures["w"].wounds == 1
    roll(eng, d20=[7])
    eng.execute("p1", "end-round")
    assert eng.state.pending[0].player == "p1" and "p2" in eng.state.pending[0].options
    eng.execute("p1", "choose p2")
    assert eng.state.pending[0].player == "p2"
    refused(eng, "p2", "choose w")  # not a figure of theirs
    eng.execute("p2", "choose e2")
    assert eng.state.figures["e2"].wounds == 1 and eng.state.figures["w"].wounds == 1


def test_a_glyph_the_map_left_unnamed_stops_the_walker_and_has_no_effect_said_so() -> None:
    # rule: HS-GLYPH-02
    # Virtualscape and Hexoscape files may hold a glyph whose letter is "?": imported as "unknown".
    info = describe("unknown")
    assert info is not None and (info.title, info.power) == ("Unknown Glyph", "No effect")
    assert "no effect" in info.text
    eng = sandbox(fig("a", "p1", (1, 2)), fig("b", "p1", (5, 0)), fig("e", "p2", (6, 0)),
                  battlefield=field(("unknown", (3, 2), "symbol")))
    refused(eng, "p1", "move a path 2,2 3,2 4,2", "HS-GLYPH-02")
    events = eng.execute("p1", "move a path 2,2 3,2")
    assert eng.state.glyphs[Hex(3, 2)] == ("unknown", "power")
    said = [e.data["result"] for e in events if e.kind == "glyph"]
    assert said == ["the map did not say which glyph this is, so it has no effect"]
    assert attack_dice(eng, "b", "e") == 3 and defense_dice(eng, "e", "b") == 3
