"""The grab building block (``bot/rules/powers/move_grab.py``) with real cards built from the shared
card file's params: Grapple Grab 8 (Drake, AoA), Witchcraft Telekinesis (Kilkorax: 2 figures, 8 for
a Squad figure and 17 for a Hero), Chain Grab 9 (each enemy once per turn).
"""

from __future__ import annotations

from bot.rules.powers import move_grab
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared_card
from tests.rules.conftest import BLANK, DUMMY, build, card, fig, roll, sandbox
from tests.rules.helpers_geo import at, space

DRAKE = shared_card("Sgt. Drake Alexander (AoA)")
KILKORAX = shared_card("Kilkorax the Kyrie Warrior")
PAWN = card(name="Pawn")
MINION = card(name="Minion", kind="squad", rarity="common")
OGRE = card(name="Ogre", size="large", height=7)


def test_drake_grapple_grab_pulls_a_medium_enemy_next_to_him_on_8() -> None:
    eng = sandbox(fig("d", "p1", (0, 0), DRAKE), fig("dummy", "p2", (1, 0), DUMMY), fig("pawn", "p2", (0, 3), PAWN),
                  fig("ogre", "p2", (3, 3), OGRE))
    roll(eng, [BLANK] * 12, d20=[8])
    eng.execute("p1", "attack d dummy")  # the after-moving window opens before the attack
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("grab", ["pawn", "skip"])  # not the Large ogre, not the adjacent dummy
    events = eng.execute("p1", "choose pawn")
    assert powers(events)[0]["d20"] == 8 and powers(events)[0]["success"]
    place = eng.state.pending[0]
    eng.execute("p1", f"choose {place.options[0]}")
    assert F(eng, "pawn").hexes[0].distance(F(eng, "d").hexes[0]) == 1 and not eng.state.pending


def test_grapple_grab_fails_under_8_and_never_reaches_beyond_its_level_limit() -> None:
    eng = sandbox(fig("d", "p1", (0, 0), DRAKE), fig("dummy", "p2", (1, 0), DUMMY), fig("pawn", "p2", (0, 3), PAWN))
    roll(eng, [BLANK] * 12, d20=[7])
    eng.execute("p1", "attack d dummy")
    eng.execute("p1", "choose pawn")
    assert at(eng, "pawn") == ((0, 3),)
    high = build(hexes=[space(0, 3, 8, "rock")])  # 7 levels above Drake: beyond "6 up"
    eng2 = sandbox(fig("d", "p1", (0, 0), DRAKE), fig("pawn", "p2", (0, 3), PAWN, level=8), battlefield=high)
    assert move_grab.victims(eng2.state, F(eng2, "d")) == []


def test_kilkorax_telekinesis_tries_two_figures_with_squad_and_hero_numbers() -> None:
    eng = sandbox(fig("k", "p1", (2, 2), KILKORAX), fig("dummy", "p2", (3, 2), DUMMY),
                  fig("m1", "p2", (2, 5), MINION), fig("hero", "p2", (4, 5), PAWN))
    roll(eng, [BLANK] * 12, d20=[8, 16])
    eng.execute("p1", "attack k dummy")
    events = eng.execute("p1", "choose m1")
    assert powers(events)[0]["needed"] == 8 and powers(events)[0]["success"]
    eng.execute("p1", f"choose {eng.state.pending[0].options[0]}")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("grab", ["hero", "skip"])  # the second try, another figure
    events = eng.execute("p1", "choose hero")
    assert powers(events)[0]["needed"] == 17 and not powers(events)[0]["success"]
    assert at(eng, "hero") == ((4, 5),) and F(eng, "m1").hexes[0].distance(F(eng, "k").hexes[0]) == 1


def test_wraithriders_chain_grab_tries_each_enemy_once_per_turn() -> None:
    riders = shared_card("Necrotech Wraithriders")
    eng = sandbox(fig("r1", "p1", (2, 2), riders, card_key="p1/riders"), fig("r2", "p1", (2, 3), riders, card_key="p1/riders"),
                  fig("dummy", "p2", (3, 2), DUMMY), fig("pawn", "p2", (2, 5), PAWN))
    roll(eng, [BLANK] * 12, d20=[3])
    eng.execute("p1", "attack r1 dummy")
    assert eng.state.pending[0].options == ["pawn", "skip"]
    eng.execute("p1", "choose pawn")  # 3: it stays, and no other Wraithrider may try it this turn
    assert not eng.state.pending or eng.state.pending[0].kind != "grab"
    assert move_grab.victims(eng.state, F(eng, "r2")) == []
