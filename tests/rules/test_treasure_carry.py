"""Treasure Glyphs on the battlefield and on Army Cards: no stop, picking up (Unique Heroes only,
traps), carrying any number, dropping during a move, falling with a destroyed carrier, one copy of an
Ancient Artifact per army. Each rule works, and its refusal changes nothing."""

from __future__ import annotations

import pickle

from bot.rules.hexes import Hex
from bot.rules.state import Figure
from bot.rules.treasure import carry
from tests.rules.conftest import BLANK, SKULL, card, fig, refused, roll, sandbox
from tests.rules.helpers_geo import at, attack, kinds, move
from tests.rules.treasure_helpers import answer, carrying, glyphs, lay, pending_kind

SQUAD = card(name="Pikemen", kind="squad", rarity="unique", figures=2)
COMMON_HERO = card(name="Sellsword", rarity="common")
OGRE = card(name="Ogre", attack=6)


def test_a_treasure_glyph_does_not_stop_a_moving_figure() -> None:
    # rule: HS-TREASURE-01
    eng = sandbox(fig("hero", "p1", (0, 2)))
    lay(eng, 2, 2, "heroic_rune", "symbol")
    move(eng, "hero", [(1, 2), (2, 2), (3, 2), (4, 2)])
    assert at(eng, "hero") == ((4, 2),) and glyphs(eng) == {(2, 2): ("heroic_rune", "symbol")}
    assert eng.state.pending == []


def test_a_unique_hero_ending_its_move_on_treasure_may_pick_it_up() -> None:
    # rule: HS-TREASURE-03
    eng = sandbox(fig("hero", "p1", (0, 2)))
    lay(eng, 2, 2, "heroic_rune", "power")
    move(eng, "hero", [(1, 2), (2, 2)])
    assert pending_kind(eng) == "treasure_pick_up" and eng.state.pending[0].player == "p1"
    events = answer(eng, "yes")
    assert eng.state.figures["hero"].carries == ["heroic_rune"] and glyphs(eng) == {}
    assert kinds(events, "treasure_picked_up")[0]["glyph"] == "heroic_rune"


def test_a_hero_may_leave_the_treasure_where_it_lies() -> None:
    # rule: HS-TREASURE-03
    eng = sandbox(fig("hero", "p1", (0, 2)))
    lay(eng, 2, 2, "heroic_rune", "power")
    move(eng, "hero", [(1, 2), (2, 2)])
    answer(eng, "no")
    assert eng.state.figures["hero"].carries == [] and glyphs(eng) == {(2, 2): ("heroic_rune", "power")}


def test_a_squad_figure_or_common_hero_stands_on_treasure_but_is_not_offered_it() -> None:
    # rule: HS-TREASURE-02
    eng = sandbox(fig("s1", "p1", (0, 2), SQUAD, card_key="p1/pike"), fig("s2", "p1", (0, 4), SQUAD, card_key="p1/pike"),
                  fig("merc", "p2", (6, 2), COMMON_HERO))
    lay(eng, 2, 2, "heroic_rune", "power")
    lay(eng, 5, 2, "talisman_of_defense", "power")
    move(eng, "s1", [(1, 2), (2, 2)])
    assert eng.state.pending == [] and eng.state.figures["s1"].carries == []
    move(eng, "merc", [(5, 2)])
    assert eng.state.pending == [] and eng.state.figures["merc"].carries == []
    why = carry.why_not_pick_up(eng.state, eng.state.figures["s1"])
    assert why is not None and why[1] == "HS-TREASURE-02" and "only a Unique Hero" in why[0]


def test_traps_roll_before_a_face_down_glyph_is_revealed_and_1_to_5_sets_it_off() -> None:
    # rule: HS-TREASURE-11, HS-TREASURE-12
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carry.set_traps(eng.state)
    lay(eng, 2, 2, "talisman_of_defense", "symbol")
    move(eng, "hero", [(1, 2), (2, 2)])
    assert "trapped" in eng.state.pending[0].prompt
    roll(eng, d20=[5])
    events = answer(eng, "yes")
    assert kinds(events, "treasure_trap")[0]["d20"] == 5
    assert eng.state.figures["hero"].carries == [] and glyphs(eng) == {(2, 2): ("talisman_of_defense", "symbol")}


def test_a_scenario_trap_takes_effect_when_it_goes_off() -> None:
    # rule: HS-TREASURE-12
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carry.set_traps(eng.state)
    carry.TRAP_EFFECTS[eng.state.scenario.id] = lambda e, f: e.wound(f, 2, "a trap")
    try:
        lay(eng, 2, 2, "talisman_of_defense", "symbol")
        move(eng, "hero", [(1, 2), (2, 2)])
        roll(eng, d20=[1])
        answer(eng, "yes")
        assert eng.state.figures["hero"].wounds == 2
    finally:
        del carry.TRAP_EFFECTS[eng.state.scenario.id]


def test_a_trap_roll_of_6_or_more_reveals_and_picks_up_the_glyph() -> None:
    # rule: HS-TREASURE-13
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carry.set_traps(eng.state)
    lay(eng, 2, 2, "talisman_of_defense", "symbol")
    move(eng, "hero", [(1, 2), (2, 2)])
    roll(eng, d20=[6])
    answer(eng, "yes")
    assert eng.state.figures["hero"].carries == ["talisman_of_defense"] and glyphs(eng) == {}


def test_there_is_no_trap_roll_for_a_power_side_up_glyph() -> None:
    # rule: HS-TREASURE-14
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carry.set_traps(eng.state)
    lay(eng, 2, 2, "talisman_of_defense", "power")
    move(eng, "hero", [(1, 2), (2, 2)])
    events = answer(eng, "yes")  # no d20 queued: a roll would run the scripted dice dry
    assert not kinds(events, "treasure_trap") and eng.state.figures["hero"].carries == ["talisman_of_defense"]


def test_without_traps_a_face_down_glyph_is_picked_up_without_a_roll() -> None:
    # rule: HS-TREASURE-11
    eng = sandbox(fig("hero", "p1", (0, 2)))
    lay(eng, 2, 2, "heroic_rune", "symbol")
    move(eng, "hero", [(1, 2), (2, 2)])
    answer(eng, "yes")
    assert eng.state.figures["hero"].carries == ["heroic_rune"]


def test_a_hero_carries_any_number_of_treasure_glyphs() -> None:
    # rule: HS-TREASURE-06
    eng = sandbox(fig("hero", "p1", (0, 2)))
    carrying(eng, "hero", "heroic_rune", "talisman_of_defense", "elixir_of_speed")
    lay(eng, 2, 2, "giant_hunter_stone")
    move(eng, "hero", [(1, 2), (2, 2)])
    answer(eng, "yes")
    assert eng.state.figures["hero"].carries == ["heroic_rune", "talisman_of_defense", "elixir_of_speed",
                                                 "giant_hunter_stone"]


def test_an_army_never_holds_two_copies_of_one_ancient_artifact() -> None:
    # rule: HS-TREASURE-41
    eng = sandbox(fig("hero", "p1", (0, 2)), fig("other", "p1", (0, 5)), fig("foe", "p2", (7, 7)))
    carrying(eng, "other", "bolt_of_the_witherwood", "revenants_tome")
    lay(eng, 2, 2, "bolt_of_the_witherwood")
    move(eng, "hero", [(1, 2), (2, 2)])
    events = answer(eng, "yes")
    assert eng.state.figures["hero"].carries == [] and glyphs(eng) == {}  # the extra copy leaves the game
    assert kinds(events, "treasure_removed")[0]["rule"] == "HS-TREASURE-41"
    # a different artifact is fine, and an opponent may hold the same one
    lay(eng, 7, 6, "bolt_of_the_witherwood")
    move(eng, "foe", [(7, 6)])
    answer(eng, "yes")
    assert eng.state.figures["foe"].carries == ["bolt_of_the_witherwood"]


def test_treasure_is_not_traded_but_dropped_and_picked_up_by_another() -> None:
    # rule: HS-TREASURE-05, HS-TREASURE-07
    eng = sandbox(fig("a", "p1", (0, 2)), fig("b", "p1", (0, 4)))
    carrying(eng, "a", "heroic_rune")
    eng.execute("p1", "move a path 1,2 2,2 3,2 drop heroic_rune@1,2")
    assert at(eng, "a") == ((3, 2),) and glyphs(eng) == {(1, 2): ("heroic_rune", "power")}
    assert eng.state.figures["a"].carries == []
    eng.execute("p1", "move b path 1,3 1,2")
    answer(eng, "yes")
    assert eng.state.figures["b"].carries == ["heroic_rune"]


def test_dropping_a_glyph_the_figure_does_not_carry_is_refused() -> None:
    # rule: HS-TREASURE-05
    eng = sandbox(fig("a", "p1", (0, 2)))
    carrying(eng, "a", "talisman_of_defense")
    err = refused(eng, "p1", "move a path 1,2 2,2 drop heroic_rune@1,2", "HS-TREASURE-05")
    assert "does not carry Heroic Rune" in err.message and "Talisman of Defense" in err.message


def test_a_glyph_cannot_be_dropped_on_a_space_holding_a_glyph() -> None:
    # rule: HS-TREASURE-08
    eng = sandbox(fig("a", "p1", (0, 2)))
    carrying(eng, "a", "heroic_rune", "talisman_of_defense")
    lay(eng, 1, 2, "elixir_of_speed", "symbol")  # a treasure glyph: no stop, yet the space is taken
    err = refused(eng, "p1", "move a path 1,2 2,2 drop heroic_rune@1,2", "HS-TREASURE-08")
    assert "already holds a glyph" in err.message
    refused(eng, "p1", "move a path 1,2 2,2 drop heroic_rune@2,2 talisman_of_defense@2,2", "HS-TREASURE-08")


def test_a_drop_off_the_path_is_refused_and_at_the_start_space_works() -> None:
    # rule: HS-TREASURE-07
    eng = sandbox(fig("a", "p1", (0, 2)))
    carrying(eng, "a", "heroic_rune")
    refused(eng, "p1", "move a path 1,2 2,2 drop heroic_rune@5,5", "HS-TREASURE-07")
    eng.execute("p1", "move a path 1,2 2,2 drop heroic_rune@0,2")
    assert glyphs(eng) == {(0, 2): ("heroic_rune", "power")}


def test_the_bloodcursed_blade_cannot_be_dropped_by_choice() -> None:
    # rule: HS-TREASURE-18
    eng = sandbox(fig("a", "p1", (0, 2)))
    carrying(eng, "a", "bloodcursed_blade")
    err = refused(eng, "p1", "move a path 1,2 2,2 drop bloodcursed_blade@1,2", "HS-TREASURE-18")
    assert "cannot be dropped by choice" in err.message


def test_a_destroyed_carrier_leaves_its_glyph_power_side_up_on_its_space() -> None:
    # rule: HS-TREASURE-09
    eng = sandbox(fig("ogre", "p2", (3, 2), OGRE), fig("hero", "p1", (4, 2)))
    carrying(eng, "hero", "talisman_of_defense")
    roll(eng, [SKULL] * 6 + [BLANK] * 4)
    attack(eng, "ogre", "hero")
    assert eng.state.figures["hero"].destroyed and glyphs(eng) == {(4, 2): ("talisman_of_defense", "power")}
    assert eng.state.figures["hero"].carries == []


def test_a_destroyed_carriers_glyph_leaves_the_game_when_its_space_has_a_glyph() -> None:
    # rule: HS-TREASURE-09
    eng = sandbox(fig("ogre", "p2", (3, 2), OGRE), fig("hero", "p1", (4, 2)))
    carrying(eng, "hero", "heroic_rune")
    lay(eng, 4, 2, "elixir_of_speed", "symbol")
    roll(eng, [SKULL] * 6 + [BLANK] * 3)
    events = attack(eng, "ogre", "hero")
    assert glyphs(eng) == {(4, 2): ("elixir_of_speed", "symbol")}
    assert kinds(events, "treasure_removed")[0]["glyph"] == "heroic_rune"


def test_the_controller_chooses_which_glyph_stays_when_a_carrier_of_several_falls() -> None:
    # rule: HS-TREASURE-10
    eng = sandbox(fig("ogre", "p2", (3, 2), OGRE), fig("hero", "p1", (4, 2)))
    carrying(eng, "hero", "heroic_rune", "talisman_of_defense")
    roll(eng, [SKULL] * 6 + [BLANK] * 4)  # the Talisman's 4th defense die
    attack(eng, "ogre", "hero")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "treasure_falls_choice",
                                                     ["heroic_rune", "talisman_of_defense"])
    refused(eng, "p1", "choose astrid")
    answer(eng, "talisman_of_defense")
    assert glyphs(eng) == {(4, 2): ("talisman_of_defense", "power")} and eng.state.figures["hero"].carries == []


def test_a_double_space_carrier_leaves_a_glyph_on_each_of_its_spaces() -> None:
    # rule: HS-TREASURE-10
    big = card(name="Wyrm", base=2, size="huge", height=9)
    eng = sandbox(fig("ogre", "p2", (3, 2), OGRE), fig("wyrm", "p1", [(4, 2), (5, 2)], big))
    carrying(eng, "wyrm", "heroic_rune", "talisman_of_defense", "elixir_of_speed")
    roll(eng, [SKULL] * 6 + [BLANK] * 4)
    attack(eng, "ogre", "wyrm")
    answer(eng, "elixir_of_speed")
    answer(eng, "heroic_rune")
    assert glyphs(eng) == {(4, 2): ("elixir_of_speed", "power"), (5, 2): ("heroic_rune", "power")}
    assert eng.state.figures["wyrm"].carries == []


def test_figures_from_an_older_snapshot_load_with_nothing_carried() -> None:
    f = Figure("a", "p1/a", "p1", "p1", hexes=(Hex(0, 0),))
    state = f.__reduce_ex__(4)[2]
    slots = {k: v for k, v in state[1].items() if k not in ("carries", "flipped")}
    old = Figure.__new__(Figure)
    old.__setstate__((None, slots))
    assert old.carries == [] and old.flipped == [] and old.hexes == (Hex(0, 0),)
    f.carries.append("heroic_rune")
    assert pickle.loads(pickle.dumps(f)).carries == ["heroic_rune"]



def test_legal_answers_for_moves_that_drop_glyphs() -> None:
    # rule: HS-TREASURE-07, HS-TREASURE-08
    from bot.rules.legal import legal_commands

    eng = sandbox(fig("a", "p1", (0, 2)))
    carrying(eng, "a", "heroic_rune")
    lay(eng, 2, 2, "elixir_of_speed")
    legal = legal_commands(eng.state, "p1")
    assert "move a path 1,2 2,2 3,2 drop heroic_rune@1,2" in legal
    assert "move a path 1,2 2,2 3,2 drop heroic_rune@2,2" not in legal
    assert eng.state.figures["a"].carries == ["heroic_rune"]


def test_traps_may_lie_under_some_glyphs_only() -> None:
    # rule: HS-TREASURE-11
    eng = sandbox(fig("hero", "p1", (0, 2)), fig("other", "p1", (0, 4)))
    lay(eng, 1, 2, "heroic_rune", "symbol")
    lay(eng, 1, 4, "talisman_of_defense", "symbol")
    carry.set_traps(eng.state, spaces=[Hex(1, 2)])
    move(eng, "other", [(1, 4)])
    answer(eng, "yes")  # not trapped: no d20 queued, none rolled
    assert eng.state.figures["other"].carries == ["talisman_of_defense"]
    move(eng, "hero", [(1, 2)])
    roll(eng, d20=[2])
    answer(eng, "yes")
    assert eng.state.figures["hero"].carries == [] and glyphs(eng) == {(1, 2): ("heroic_rune", "symbol")}


def test_a_squad_figure_trying_to_take_the_treasure_it_stands_on_is_refused() -> None:
    # rule: HS-TREASURE-02, HS-TREASURE-03
    eng = sandbox(fig("s1", "p1", (1, 2), SQUAD, card_key="p1/pike"), fig("hero", "p1", (3, 3)))
    lay(eng, 1, 2, "heroic_rune")
    lay(eng, 3, 3, "talisman_of_defense")
    err = refused(eng, "p1", "use s1 heroic_rune", "HS-TREASURE-02")
    assert "only a Unique Hero may pick up a Treasure Glyph" in err.message
    err = refused(eng, "p1", "use hero talisman_of_defense", "HS-TREASURE-03")
    assert "ending its move on it" in err.message
