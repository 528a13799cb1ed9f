"""Powers switched on by revealing the X Order Marker (``block_x_marker``) with real cards of the
shared card file: Hanwi's Darkness (Glinerva: until the next reveal, only adjacent figures target or
are targeted near her) and Frost Rage (Evar Scarcarver: a condition on the X marker this round).
"""

from __future__ import annotations

from bot.rules import combat, modifiers
from bot.rules.match import Match
from bot.rules.modifiers import AttackContext
from bot.rules.powers import enforcement
from tests.powers.conftest import DUMMY
from tests.powers.shared_cards import shared
from tests.rules.conftest import card, full_match, markers, refused

GLINERVA = shared("Glinerva the Kyrie Warrior")
EVAR = shared("Evar Scarcarver")
SOLDIER = card(name="Soldier")
ARCHER = card(name="Archer", range=9, life=9)


def allowed(m: Match, attacker: str, target: str) -> bool:
    st = m.state
    return all(v.allowed for v in modifiers.target_verdicts(st, AttackContext(st.figures[attacker], st.figures[target])))


def darkness() -> Match:
    """p1: Glinerva (0,0) and a Soldier (1,0), every marker on Glinerva; p2: an Archer 8 away; p1 first."""
    return full_match({"p1": [GLINERVA, SOLDIER], "p2": [ARCHER]},
                      orders={"p1": markers("Glinerva the Kyrie Warrior"), "p2": markers("Archer")},
                      initiative=[20, 1])


def test_hanwis_darkness_revealed_with_the_x_marker_keeps_distant_attackers_off() -> None:
    # rule: HS-ORDER-05
    power = GLINERVA.power("targeting_restriction")
    assert power is not None and enforcement(power) is None
    m = darkness()
    pend = m.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "x_reveal", ["reveal", "skip"])
    refused(m, "p2", "choose reveal")
    events = m.apply("p1", "choose reveal")
    assert [e.data["card"] for e in events if e.kind == "x_revealed"] == ["p1/glinerva-the-kyrie-warrior"]
    assert "X" in m.state.revealed["p1"]
    glinerva = next(f.id for f in m.state.figures.values() if f.card_key == "p1/glinerva-the-kyrie-warrior")
    assert not allowed(m, "archer", "soldier")  # 1 space from Glinerva
    assert not allowed(m, "archer", glinerva) and not allowed(m, glinerva, "archer")  # both ways
    m.apply("p1", "end-turn")
    assert not allowed(m, "archer", "soldier")  # still: until p1's next reveal
    m.apply("p2", "end-turn")  # p1 reveals marker 2: the darkness ends
    assert allowed(m, "archer", "soldier") and allowed(m, "archer", glinerva)
    assert not m.state.pending  # the X marker is revealed already


def test_without_the_x_marker_revealed_nothing_changes() -> None:
    m = darkness()
    m.apply("p1", "choose skip")
    assert "X" not in m.state.revealed["p1"]
    assert allowed(m, "archer", "soldier")
    m.apply("p1", "end-turn")
    m.apply("p2", "end-turn")
    assert [p.kind for p in m.state.pending] == ["x_reveal"]  # asked again at each reveal while X is hidden


def test_frost_rage_evar_adds_a_die_per_wound_only_in_a_round_his_x_marker_is_revealed() -> None:
    rage = EVAR.power("stat_bonus")
    assert rage is not None and enforcement(rage) is None
    m = full_match({"p1": [EVAR], "p2": [DUMMY]}, orders={"p1": markers("Evar Scarcarver"), "p2": markers("Dummy")},
                   initiative=[20, 1])
    evar, dummy = m.state.figures["evar"], m.state.figures["dummy"]
    m.state.figures["evar"].wounds = 2
    assert combat.attack_dice(m.state, evar, dummy)[0] == EVAR.attack  # X still hidden
    m.apply("p1", "choose reveal")
    assert combat.attack_dice(m.state, evar, dummy)[0] == EVAR.attack + 2
    assert combat.defense_dice(m.state, dummy, evar)[0] == EVAR.defense + 2
