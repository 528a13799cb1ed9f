"""Swapping places and carrying (``bot/rules/powers/move_swap.py``) with real cards built from the
shared card file's params: Tactical Switch, Barge Into Battle and Carry, each with a case where it
is not offered.
"""

from __future__ import annotations

from bot.rules.hexes import Hex
from tests.powers.conftest import F
from tests.powers.shared_cards import shared_card
from tests.rules.conftest import BLANK, DUMMY, card, fig, roll, sandbox
from tests.rules.helpers_geo import at, move

WARFORGED = shared_card("Warforged Soldiers")
BRUTES = shared_card("Horned Skull Brutes")
MINION = card(name="Minion", kind="squad", rarity="common")


def test_warforged_tactical_switch_swaps_with_the_defender_before_rolling() -> None:
    eng = sandbox(fig("w", "p1", (2, 2), WARFORGED), fig("pawn", "p2", (3, 2), card(name="Pawn")))
    eng.execute("p1", "attack w pawn")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("swap_before_attack", ["swap", "skip"])
    roll(eng, [BLANK] * 12)
    eng.execute("p1", "choose swap")
    assert at(eng, "w") == ((3, 2),) and at(eng, "pawn") == ((2, 2),)


def test_tactical_switch_is_not_offered_against_a_large_defender() -> None:
    eng = sandbox(fig("w", "p1", (2, 2), WARFORGED), fig("ogre", "p2", (3, 2), card(name="Ogre", size="large", height=7)))
    roll(eng, [BLANK] * 12)
    eng.execute("p1", "attack w ogre")
    assert not eng.state.pending and at(eng, "w") == ((2, 2),)


def test_horned_skull_brute_barges_in_for_an_engaged_friend() -> None:
    key = "p1/brutes"
    eng = sandbox(fig("b1", "p1", (2, 2), BRUTES, card_key=key), fig("b2", "p1", (5, 5), BRUTES, card_key=key),
                  fig("m", "p1", (2, 4), MINION), fig("orc", "p2", (2, 5), card(name="Orc")),
                  fig("dummy", "p2", (6, 5), DUMMY))
    eng.execute("p1", "attack b2 dummy")  # the after-moving window opens first
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("swap_after_moving", ["m", "skip"])  # b2 is engaged: only b1 barges in
    roll(eng, [BLANK] * 12)
    eng.execute("p1", "choose m")
    assert at(eng, "b1") == ((2, 4),) and at(eng, "m") == ((2, 2),)


def test_theracus_carries_a_friend_that_stood_next_to_him() -> None:
    theracus = shared_card("Theracus")
    eng = sandbox(fig("t", "p1", [(2, 2), (1, 2)], theracus), fig("s", "p1", (3, 2), card(name="Soldier")),
                  fig("far", "p1", (7, 7), card(name="Far")))
    move(eng, "t", [(2, 3), (2, 4), (2, 5)])
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("carry", ["s", "skip"])  # not the one far away
    eng.execute("p1", "choose s")
    eng.execute("p1", f"choose {eng.state.pending[0].options[0]}")
    assert any(F(eng, "s").hexes[0].is_adjacent(h) for h in F(eng, "t").hexes)
    assert F(eng, "s").hexes != (Hex(3, 2),)


def test_no_barging_in_for_a_friend_that_is_not_engaged() -> None:
    key = "p1/brutes"
    eng = sandbox(fig("b1", "p1", (2, 2), BRUTES, card_key=key), fig("b2", "p1", (5, 5), BRUTES, card_key=key),
                  fig("m", "p1", (2, 4), MINION), fig("dummy", "p2", (6, 5), DUMMY))
    roll(eng, [BLANK] * 12)
    eng.execute("p1", "attack b2 dummy")
    assert not eng.state.pending and at(eng, "b1") == ((2, 2),)
