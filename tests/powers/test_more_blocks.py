"""More movement, turn and healing parameters with real cards built from the shared card file's
params: Amphibious (+1 Move from water), Super Leap (-3 attack dice), Gain High Ground (1 space up
to 4 levels), Healing Word (on a revealed marker), Soul Devour (before moving, the Shade is spent),
Talon Grab (a figure flown over).
"""

from __future__ import annotations

from bot.rules import modifiers
from bot.rules.hexes import Hex
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared_card
from tests.rules.conftest import (
    BLANK,
    DUMMY,
    begin_round,
    build,
    card,
    fig,
    full_match,
    markers,
    roll,
    sandbox,
)
from tests.rules.helpers_geo import at, move, space


def test_sahuagin_raider_has_one_more_move_starting_in_water_only() -> None:
    raider = shared_card("Sahuagin Raider")
    bf = build(hexes=[space(1, 2, 1, "water")])
    eng = sandbox(fig("r", "p1", (1, 2), raider), fig("r2", "p1", (5, 5), raider, card_key="p1/r2"), battlefield=bf)
    assert modifiers.move_value(eng.state, F(eng, "r")) == (raider.move or 0) + 1
    assert modifiers.move_value(eng.state, F(eng, "r2")) == raider.move


def test_abomination_rolls_3_fewer_dice_after_a_super_leap() -> None:
    abom = shared_card("Abomination")
    eng = sandbox(fig("a", "p1", (0, 2), abom), fig("d", "p2", (5, 2), DUMMY))
    ctx = modifiers.AttackContext(F(eng, "a"), F(eng, "d"))
    assert ("Super Leap", -3) not in modifiers.attack_reasons(eng.state, ctx)
    eng.execute("p1", "move a 4,2 leap")
    assert ("Super Leap", -3) in modifiers.attack_reasons(eng.state, modifiers.AttackContext(F(eng, "a"), F(eng, "d")))
    assert modifiers.stat_value(eng.state, F(eng, "a"), "attack") == (abom.attack or 0) - 3  # whatever it attacks
    eng2 = sandbox(fig("a", "p1", (0, 2), abom), fig("d", "p2", (5, 2), DUMMY))
    move(eng2, "a", [(1, 2), (2, 2), (3, 2), (4, 2)])  # a normal move: no cost
    assert ("Super Leap", -3) not in modifiers.attack_reasons(eng2.state, modifiers.AttackContext(F(eng2, "a"), F(eng2, "d")))


def test_granite_guardians_gain_high_ground_after_their_turn() -> None:
    guardians = shared_card("Granite Guardians")
    m = full_match({"p1": [guardians], "p2": [DUMMY]})
    st = m.state
    g = sorted((f for f in st.figures.values() if f.controller == "p1"), key=lambda f: f.id)
    begin_round(m, [20, 1], p1=markers(guardians.name), p2=markers("Dummy"))
    m.apply("p1", "end-turn")
    for _ in g:
        pend = m.state.pending[0]
        assert pend.kind == "post_turn_move"
        m.apply("p1", "choose stay")
    assert m.state.turn is not None and m.state.turn.player == "p2"


def test_ana_karithon_heals_2_on_13_as_a_wounded_hero_next_to_her_is_revealed() -> None:
    ana = shared_card("Ana Karithon")
    hero = card(name="Knight", life=5)
    m = full_match({"p1": [ana, hero], "p2": [DUMMY]})
    st = m.state
    a = next(f for f in st.figures.values() if f.card_key.endswith("ana-karithon"))
    k = next(f for f in st.figures.values() if f.card_key.endswith("knight"))
    a.hexes, k.hexes, k.wounds = (Hex(2, 2),), (Hex(3, 2),), 3
    begin_round(m, [20, 1], p1=markers("Knight"), p2=markers("Dummy"))
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("heal_on_reveal", [k.id, "skip"])
    roll(m, d20=[13])
    m.apply("p1", f"choose {k.id}")
    assert m.state.figures[k.id].wounds == 1


def test_healing_word_is_not_for_a_hero_that_is_not_next_to_ana() -> None:
    ana = shared_card("Ana Karithon")
    hero = card(name="Knight", life=5)
    m = full_match({"p1": [ana, hero], "p2": [DUMMY]})
    st = m.state
    a = next(f for f in st.figures.values() if f.card_key.endswith("ana-karithon"))
    k = next(f for f in st.figures.values() if f.card_key.endswith("knight"))
    a.hexes, k.hexes, k.wounds = (Hex(2, 2),), (Hex(6, 6),), 3
    begin_round(m, [20, 1], p1=markers("Knight"), p2=markers("Dummy"))
    assert not m.state.pending


def test_shades_soul_devour_before_moving_spends_the_shade() -> None:
    shades = shared_card("Shades of Bleakewoode")
    finn = shared_card("Finn the Viking Champion")
    m = full_match({"p1": [shades], "p2": [finn]})
    st = m.state
    s1 = sorted((f for f in st.figures.values() if f.controller == "p1"), key=lambda f: f.id)
    fn = next(f for f in st.figures.values() if f.controller == "p2")
    s1[0].hexes, fn.hexes = (Hex(4, 4),), (Hex(5, 4),)
    for i, other in enumerate(s1[1:]):
        other.hexes = (Hex(0, 7 - i),)
    begin_round(m, [20, 1], p1=markers(shades.name), p2=markers(finn.name))
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("mind_control_before_moving", [fn.id, "skip"])
    roll(m, d20=[19])
    events = m.apply("p1", f"choose {fn.id}")
    assert powers(events)[0]["success"] and m.state.figures[s1[0].id].destroyed
    assert m.state.cards[fn.card_key].controller == "p1"


def test_wyvern_talon_grab_takes_a_figure_it_flew_over() -> None:
    wyvern = shared_card("Wyvern")
    eng = sandbox(fig("w", "p1", [(1, 2), (0, 2)], wyvern), fig("pawn", "p2", (2, 2), card(name="Pawn")),
                  fig("ogre", "p2", (3, 2), card(name="Ogre", size="large", height=7)))
    roll(eng, [BLANK] * 4)  # taking off next to the pawn: its leaving-engagement attack
    move(eng, "w", [(2, 2), (3, 2), (4, 2), (5, 2)], fly=True)
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("talon_grab", ["pawn", "skip"])  # not the Large ogre
    eng.execute("p1", "choose pawn")
    eng.execute("p1", f"choose {eng.state.pending[0].options[0]}")
    assert any(F(eng, "pawn").hexes[0].is_adjacent(h) for h in F(eng, "w").hexes)
    assert at(eng, "ogre") == ((3, 2),)
