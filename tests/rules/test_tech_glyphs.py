"""Tech Glyphs: carried from the start, turned symbol side up when picked up or used, ready again at the
end of the round; Jump Pack, Nanite Shielding (Small or Medium only) and Nanotoxin Coating."""

from __future__ import annotations

from bot.rules.treasure.catalogue import describe
from tests.rules.conftest import BLANK, SHIELD, SKULL, build, card, fig, refused, roll, sandbox
from tests.rules.helpers_geo import at, attack, kinds, move
from tests.rules.treasure_helpers import answer, carrying, lay, pending_kind

BIG = card(name="Brute", size="large", height=7, life=9)
DUMMY = card(name="Dummy", defense=0, life=9)


def test_tech_glyphs_are_permanent_treasure_that_start_on_a_card() -> None:
    # rule: HS-TECH-01
    for name in ("jump_pack", "nanite_shielding", "nanotoxin_coating"):
        info = describe(name)
        assert info is not None and info.family == "tech" and info.permanent
    eng = sandbox(fig("d", "p1", (0, 2)))
    carrying(eng, "d", "jump_pack")  # in a figure's possession from the start
    eng.execute("p1", "use d jump_pack")
    assert eng.state.figures["d"].carries == ["jump_pack"] and eng.state.figures["d"].flipped == ["jump_pack"]


def test_a_tech_glyph_is_picked_up_symbol_side_up() -> None:
    # rule: HS-TECH-02
    eng = sandbox(fig("d", "p1", (0, 2)))
    lay(eng, 1, 2, "jump_pack", "power")
    move(eng, "d", [(1, 2)])
    answer(eng, "yes")
    f = eng.state.figures["d"]
    assert f.carries == ["jump_pack"] and f.flipped == ["jump_pack"]
    assert refused(eng, "p1", "use d jump_pack", "HS-TECH-03")


def test_a_flipped_tech_glyph_cannot_be_used_until_the_end_of_the_round() -> None:
    # rule: HS-TECH-03
    eng = sandbox(fig("d", "p1", (0, 2)), fig("foe", "p2", (7, 7)))
    carrying(eng, "d", "jump_pack", flipped=("jump_pack",))
    err = refused(eng, "p1", "use d jump_pack", "HS-TECH-03")
    assert "ready again at the end of the round" in err.message
    events = eng.execute("p1", "end-round")
    assert eng.state.figures["d"].flipped == [] and kinds(events, "tech_ready")[0]["glyphs"] == ["jump_pack"]
    eng.execute("p1", "use d jump_pack")
    assert eng.state.figures["d"].flipped == ["jump_pack"]


def test_the_jump_pack_flies_over_what_a_walker_cannot_cross() -> None:
    # rule: HS-TECH-04
    wall = [{"at": [2, r], "level": 9, "terrain": "rock"} for r in range(8)]
    eng = sandbox(fig("d", "p1", (1, 2)), battlefield=build(hexes=wall))
    carrying(eng, "d", "jump_pack")
    refused(eng, "p1", "move d 3,2")
    eng.execute("p1", "use d jump_pack")
    move(eng, "d", [(2, 2), (3, 2)], fly=True)
    assert at(eng, "d") == ((3, 2),)


def test_the_jump_pack_is_for_small_or_medium_figures_and_before_moving() -> None:
    # rule: HS-TECH-04
    eng = sandbox(fig("big", "p1", (1, 2), BIG), fig("d", "p1", (1, 5)))
    carrying(eng, "big", "jump_pack")
    carrying(eng, "d", "jump_pack")
    assert "Small or Medium" in refused(eng, "p1", "use big jump_pack", "HS-TECH-04").message
    move(eng, "d", [(2, 5)])
    refused(eng, "p1", "use d jump_pack", "HS-TECH-04")


def test_nanite_shielding_adds_a_shield_before_the_defense_roll_once_a_round() -> None:
    # rule: HS-TECH-05
    eng = sandbox(fig("a", "p1", (2, 2)), fig("d", "p2", (3, 2), card(name="Trooper", life=5)))
    carrying(eng, "d", "nanite_shielding")
    roll(eng, [SKULL, SKULL, BLANK])
    attack(eng, "a", "d")
    assert pending_kind(eng) == "nanite_shielding" and eng.state.pending[0].player == "p2"
    roll(eng, [SHIELD, BLANK, BLANK])
    events = answer(eng, "yes")
    ev = kinds(events, "attack")[0]
    assert (ev["shields"], ev["wounds"]) == (2, 0) and eng.state.figures["d"].flipped == ["nanite_shielding"]
    eng.execute("p1", "end-turn")
    roll(eng, [SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK])
    attack(eng, "a", "d")  # flipped: not offered again this round
    assert eng.state.pending == [] and eng.state.figures["d"].wounds == 1


def test_nanite_shielding_is_not_offered_to_a_large_figure() -> None:
    # rule: HS-TECH-05
    eng = sandbox(fig("a", "p1", (2, 2)), fig("d", "p2", (3, 2), BIG))
    carrying(eng, "d", "nanite_shielding")
    roll(eng, [SKULL, SKULL, BLANK, BLANK, BLANK, BLANK])
    attack(eng, "a", "d")
    assert eng.state.pending == [] and eng.state.figures["d"].flipped == []


def test_nanotoxin_coating_adds_a_wound_after_a_wounding_adjacent_attack() -> None:
    # rule: HS-TECH-06
    eng = sandbox(fig("a", "p1", (2, 2), BIG), fig("d", "p2", (3, 2), DUMMY))
    carrying(eng, "a", "nanotoxin_coating")  # a Large carrier: no size limit is stated
    roll(eng, [SKULL, BLANK, BLANK])
    attack(eng, "a", "d")
    assert pending_kind(eng) == "nanotoxin_coating"
    answer(eng, "yes")
    assert eng.state.figures["d"].wounds == 2 and eng.state.figures["a"].flipped == ["nanotoxin_coating"]


def test_nanotoxin_coating_is_not_offered_when_the_attack_did_not_wound() -> None:
    # rule: HS-TECH-06
    eng = sandbox(fig("a", "p1", (2, 2)), fig("d", "p2", (3, 2), DUMMY))
    carrying(eng, "a", "nanotoxin_coating")
    roll(eng, [BLANK, BLANK, BLANK])
    attack(eng, "a", "d")
    assert eng.state.pending == [] and eng.state.figures["a"].flipped == []
    err = refused(eng, "p1", "use a nanotoxin_coating", "HS-TECH-06")
    assert "offered at its own moment" in err.message


def test_legal_lists_the_uses_of_carried_glyphs_and_the_pick_up_answers() -> None:
    # rule: HS-TREASURE-31, HS-TECH-03
    from bot.rules.legal import legal_commands

    eng = sandbox(fig("d", "p1", (2, 2)), fig("foe", "p2", (2, 6)), fig("far", "p2", (7, 7)))
    carrying(eng, "d", "jump_pack", "heroic_rune", "bolt_of_the_witherwood", "nanite_shielding")
    legal = legal_commands(eng.state, "p1")
    uses = sorted(c.command for c in legal.uses("d"))
    assert uses == ["use d bolt_of_the_witherwood foe", "use d jump_pack"]
    assert "use d jump_pack" in legal and "use d heroic_rune" not in legal and "use d bolt_of_the_witherwood far" not in legal
    eng.execute("p1", "use d jump_pack")
    assert "use d jump_pack" not in [c.command for c in legal_commands(eng.state, "p1").uses("d")]
    lay(eng, 3, 2, "elixir_of_speed")
    move(eng, "d", [(3, 2)], fly=True)
    assert [c.command for c in legal_commands(eng.state, "p1").choices()] == ['choose yes', 'choose no']
