"""Maddening Chitter (Thyraxis Dragoon of the shared card file): a d20 at an enemy figure's
unrevealed Order Markers, once per round as Thyraxis's turn begins (``block_d20_orders``). Only its
controller learns the marker looked at (a private event); moving it changes the owner's orders.
"""

from __future__ import annotations

from bot.rules.match import Match
from bot.rules.powers import enforcement
from tests.powers.conftest import DUMMY
from tests.powers.shared_cards import shared
from tests.rules.conftest import card, full_match, markers, refused, roll

THYRAXIS = shared("Thyraxis Dragoon")
BRUISER = card(name="Bruiser", defense=0, life=9)


def chitter(*, closer: bool = True) -> Match:
    """p2 (Bruiser: markers 1, 3 and X; Dummy: 2) plays first; the Bruiser walks within 4 spaces
    of Thyraxis (or stays 8 away; the Dummy stays there), then Thyraxis's turn begins."""
    m = full_match({"p1": [THYRAXIS], "p2": [DUMMY, BRUISER]},
                   orders={"p1": markers("Thyraxis Dragoon"), "p2": markers("Bruiser", "Dummy", "Bruiser", "Bruiser")},
                   initiative=[1, 20])
    if closer:
        m.apply("p2", "move bruiser 1,4")
    m.apply("p2", "end-turn")
    return m


def test_maddening_chitter_on_14_looks_at_a_marker_in_secret_and_moves_it() -> None:
    # rule: HS-ORDER-05
    power = THYRAXIS.powers[0]
    assert power.name == "Maddening Chitter 14" and enforcement(power) is None
    m = chitter()
    pend = m.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "d20_orders", ["bruiser", "skip"])
    refused(m, "p2", "choose bruiser")
    roll(m, d20=[14])
    events = m.apply("p1", "choose bruiser")
    assert [e.data["success"] for e in events if e.kind == "power"] == [True]
    pend = m.state.pending[0]
    assert pend.options == ["1", "2"] and pend.shown == ["marker in place 1", "marker in place 2"]
    events = m.apply("p1", "choose 2")
    seen = [e for e in events if e.kind == "order_marker_seen"]
    assert [(e.to, e.data["marker"], e.data["card"]) for e in seen] == [("p1", "X", "p2/bruiser")]
    pend = m.state.pending[0]
    assert pend.options == ["p2/dummy", "leave"] and "X" not in pend.prompt
    events = m.apply("p1", "choose p2/dummy")
    assert m.state.orders["p2"] == {"1": "p2/bruiser", "2": "p2/dummy", "3": "p2/bruiser", "X": "p2/dummy"}
    assert not any("X" in str(e.data.get("result", "")) for e in events)
    told = [e for e in events if e.kind == "orders"]  # the owner is told in secret where its markers are now
    assert [(e.to, e.data["markers"]) for e in told] == [("p2", m.state.orders["p2"])]
    assert not m.state.pending  # once per round


def test_maddening_chitter_on_13_does_nothing_and_needs_a_figure_within_6() -> None:
    m = chitter()
    roll(m, d20=[13])
    events = m.apply("p1", "choose bruiser")
    assert [e.data["success"] for e in events if e.kind == "power"] == [False]
    assert not [e for e in events if e.kind == "order_marker_seen"] and not m.state.pending
    assert m.state.orders["p2"] == {"1": "p2/bruiser", "2": "p2/dummy", "3": "p2/bruiser", "X": "p2/bruiser"}

    far = chitter(closer=False)  # every enemy 8 spaces away
    assert not far.state.pending


HAWTHORNE = shared("Sir Hawthorne")


def test_stab_in_the_back_sir_hawthorne_on_exactly_1_goes_over_to_the_opponent() -> None:
    # rule: HS-ARMY-10
    power = next(p for p in HAWTHORNE.powers if p.name == "Stab in the Back")
    assert enforcement(power) is None
    m = full_match({"p1": [HAWTHORNE], "p2": [DUMMY]},
                   orders={"p1": markers("Sir Hawthorne"), "p2": markers("Dummy")}, initiative=[20, 1])
    roll(m, d20=[1])
    events = m.apply("p1", "end-turn")
    assert [e.data["d20"] for e in events if e.kind == "power"] == [1]
    assert m.state.cards["p1/sir-hawthorne"].controller == "p2"


def test_stab_in_the_back_on_2_he_stays() -> None:
    m = full_match({"p1": [HAWTHORNE], "p2": [DUMMY]},
                   orders={"p1": markers("Sir Hawthorne"), "p2": markers("Dummy")}, initiative=[20, 1])
    roll(m, d20=[2])
    m.apply("p1", "end-turn")
    assert m.state.cards["p1/sir-hawthorne"].controller == "p1"
    m.apply("p2", "end-turn")  # the opponent's turn: no roll for Hawthorne
    assert m.state.cards["p1/sir-hawthorne"].controller == "p1"
