"""The marker building block (``bot/rules/powers/turn_markers.py``) with real cards built from the
shared card file's params: Black Powder Pistols (+4 Range, once per round), Vile Injection (+2 Move
and +2 Attack to another Eisenek in sight) and Consume the Dead (a marker per nearby destruction).
"""

from __future__ import annotations

from bot.rules import modifiers
from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.powers import turn_markers
from bot.rules.state import Figure
from tests.powers.conftest import F
from tests.powers.shared_cards import shared_card
from tests.rules.conftest import (
    BLANK,
    DUMMY,
    SKULL,
    begin_round,
    card,
    fig,
    full_match,
    markers,
    roll,
    sandbox,
)
from tests.rules.helpers_geo import move

FIA = shared_card("Fia Bonny the Void Siren")
PAWN = card(name="Pawn", life=1, defense=0)


def pistol() -> tuple[Engine, Figure]:
    eng = sandbox(fig("fia", "p1", (0, 0), FIA), fig("far", "p2", (0, 7), DUMMY), fig("near", "p2", (1, 1), DUMMY))
    return eng, F(eng, "fia")


def test_fia_spends_a_powder_marker_for_4_more_range_after_moving() -> None:
    eng, fia = pistol()
    base = modifiers.range_value(eng.state, fia)
    move(eng, "fia", [(0, 1)])
    roll(eng, [BLANK] * 9)
    eng.execute("p1", "attack fia near")  # the first attack opens the after-moving window (HS-TURN-06)
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("marker_range", ["spend", "skip"])
    eng.execute("p1", "choose spend")
    power = eng.state.card_of(fia).power("marker_resource")
    assert power is not None and turn_markers.markers_left(eng.state, fia.card_key, power) == 2
    assert modifiers.range_value(eng.state, fia) == base + 4


def test_black_powder_pistol_skipped_or_with_no_markers_left_changes_nothing() -> None:
    eng, fia = pistol()
    power = eng.state.card_of(fia).power("marker_resource")
    assert power is not None
    turn_markers.spend(eng.state, fia.card_key, power, 3)
    assert turn_markers.markers_left(eng.state, fia.card_key, power) == 0
    assert turn_markers.RangeMarkers().triggers(eng) == []


def test_vile_injection_boosts_an_eisenek_in_sight_as_its_turn_begins() -> None:
    lich, forge = shared_card("Iron Lich Viscerot"), shared_card("Hellforge Mandukor")
    m = full_match({"p1": [lich, forge], "p2": [DUMMY]})
    st = m.state
    v = next(f for f in st.figures.values() if f.card_key.endswith("viscerot"))
    h = next(f for f in st.figures.values() if f.card_key.endswith("mandukor"))
    v.hexes, v.level = (Hex(2, 4), Hex(3, 4)), 1
    h.hexes, h.level = (Hex(2, 6), Hex(3, 6)), 1
    begin_round(m, None, p1=markers(forge.name), p2=markers("Dummy"))
    m.apply("p1", "choose stay")  # Eisenek Advance: every marker is on an Eisenek card; Hellforge stays
    begin_round(m, [20, 1])
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("marker_boost", [h.id, "skip"])
    move_before = modifiers.move_value(st, h)
    m.apply("p1", f"choose {h.id}")
    assert modifiers.move_value(st, h) == move_before + 2
    assert ("Vile Injection", 2) in modifiers.attack_reasons(st, modifiers.AttackContext(h, v))
    assert modifiers.stat_value(st, h, "attack") == st.card_of(h).stat("attack") + 2  # whatever it attacks


def test_vile_injection_is_not_offered_out_of_sight_range() -> None:
    lich, forge = shared_card("Iron Lich Viscerot"), shared_card("Hellforge Mandukor")
    m = full_match({"p1": [lich, forge], "p2": [DUMMY]})
    st = m.state
    v = next(f for f in st.figures.values() if f.card_key.endswith("viscerot"))
    h = next(f for f in st.figures.values() if f.card_key.endswith("mandukor"))
    v.hexes, v.level = (Hex(0, 0), Hex(1, 0)), 1
    h.hexes, h.level = (Hex(8, 8), Hex(9, 8)), 1
    begin_round(m, None, p1=markers(forge.name), p2=markers("Dummy"))
    m.apply("p1", "choose stay")
    begin_round(m, [20, 1])
    assert not m.state.pending or m.state.pending[0].kind != "marker_boost"


def test_raakchott_consumes_the_dead_once_a_turn() -> None:
    raak = shared_card("Raakchott, Steward of Death")
    eng = sandbox(fig("raak", "p1", (2, 2), raak), fig("s", "p1", (2, 4), card(name="Soldier")),
                  fig("pawn", "p2", (3, 4), PAWN), fig("pawn2", "p2", (1, 4), PAWN, card_key="p2/pawn2"))
    power = eng.state.card_of(F(eng, "raak")).power("marker_resource")
    assert power is not None
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    eng.execute("p1", "attack s pawn")
    assert turn_markers.markers_left(eng.state, F(eng, "raak").card_key, power) == 4
    eng.destroy(F(eng, "pawn2"), "attack by s")  # a second destruction in the same turn
    assert F(eng, "pawn2").destroyed and turn_markers.markers_left(eng.state, F(eng, "raak").card_key, power) == 4


def test_consume_the_dead_ignores_a_destruction_out_of_reach() -> None:
    raak = shared_card("Raakchott, Steward of Death")
    eng = sandbox(fig("raak", "p1", (0, 0), raak), fig("pawn", "p2", (6, 6), PAWN))
    eng.destroy(F(eng, "pawn"), "attack by someone")
    power = eng.state.card_of(F(eng, "raak")).power("marker_resource")
    assert power is not None and turn_markers.markers_left(eng.state, F(eng, "raak").card_key, power) == 3
