"""Swirling Vortex (Air Elemental): an opponent's Small or Medium figure that walks onto a space
within 2 spaces of the Air Elemental must end its move there.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates.
"""

from __future__ import annotations

from bot.rules import movement
from bot.rules.hexes import Hex
from bot.rules.powers import enforcement
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import card, fig, refused, sandbox
from tests.rules.helpers_geo import at, move

AIR = shared("Air Elemental")
SOLDIER = card(name="Soldier", move=6)  # Medium
BIG = card(name="Ogre", size="large", height=7, move=6)
FLYER = card(name="Gryphon", keywords=["flying"], move=6)


def test_swirling_vortex_is_enforced() -> None:
    vortex = next(p for p in AIR.powers if p.name == "Swirling Vortex")
    assert enforcement(vortex) is None


def test_a_walk_that_comes_within_2_spaces_ends_there() -> None:
    # rule: HS-MOVE-03
    eng = sandbox(fig("s", "p1", (0, 2), SOLDIER), fig("air", "p2", (4, 2), AIR))
    err = refused(eng, "p1", "move s path 1,2 2,2 2,3 2,4")
    assert "must stop at" in str(err) and "Swirling Vortex" in str(err)
    move(eng, "s", [(1, 2), (2, 2)])  # (2, 2) is 2 spaces from the Air Elemental: the walk ends there
    assert at(eng, "s") == ((2, 2),)


def test_the_vortex_bounds_where_a_walk_can_end() -> None:
    # rule: HS-MOVE-03
    eng = sandbox(fig("s", "p1", (0, 2), SOLDIER), fig("air", "p2", (4, 2), AIR))
    reach = movement.reachable_hexes(eng.state, F(eng, "s"))
    assert Hex(2, 2) in reach and Hex(3, 2) not in reach  # one step inside, never deeper
    assert all(h.distance(Hex(4, 2)) >= 2 for h in reach)


def test_large_figures_flyers_and_the_elementals_friends_are_not_held() -> None:
    # rule: HS-MOVE-03
    eng = sandbox(fig("big", "p1", (0, 2), BIG), fig("fly", "p1", (0, 4), FLYER), fig("mate", "p2", (0, 6), SOLDIER),
                  fig("air", "p2", (4, 2), AIR))
    move(eng, "big", [(1, 2), (2, 2), (3, 2), (3, 3)])
    assert at(eng, "big") == ((3, 3),)
    assert Hex(5, 3) in movement.reachable_hexes(eng.state, F(eng, "fly"))  # a flight passes over
    assert Hex(4, 4) in movement.reachable_hexes(eng.state, F(eng, "mate"))  # its own side walks on
