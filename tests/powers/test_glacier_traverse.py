"""Glacier Traverse (Dzu-Teh): instead of moving, a Dzu-Teh next to a Glacier Mountain may be placed
on any empty space next to the same Glacier Mountain (the teleport block, :mod:`move_teleport`).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates.
"""

from __future__ import annotations

from bot.rules.hexes import Hex
from bot.rules.powers import enforcement, move_teleport
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import DUMMY, build, fig, sandbox

DZU_TEH = shared("Dzu-Teh")
TRAVERSE = next(p for p in DZU_TEH.powers if p.name == "Glacier Traverse")
#: A 3-space Glacier Mountain (its spaces all touch), and a second one far off in row 6.
MOUNTAIN = (Hex(3, 2), Hex(4, 2), Hex(3, 3))
ICE = build(obstacles=[{"kind": "glacier", "at": [[h.q, h.r] for h in MOUNTAIN], "height": 7},
                       {"kind": "glacier", "at": [[2, 6]], "height": 5}])


def test_glacier_traverse_is_enforced() -> None:
    assert enforcement(TRAVERSE) is None


def test_the_empty_spaces_next_to_the_same_glacier_are_offered_however_far() -> None:
    # rule: HS-SPECIAL-08
    eng = sandbox(fig("d", "p1", (2, 2), DZU_TEH), fig("x", "p2", (5, 2), DUMMY), battlefield=ICE)
    ends = move_teleport.destinations(eng.state, F(eng, "d"), dict(TRAVERSE.values))
    ring = {n for h in MOUNTAIN for n in h.neighbours()} - set(MOUNTAIN)
    assert set(ends) == ring - {Hex(2, 2), Hex(5, 2)}  # not where it stands, not the occupied space
    assert Hex(5, 1) in ends and Hex(4, 3) in ends  # the far side of the mountain


def test_a_dzu_teh_next_to_no_glacier_has_nowhere_to_go() -> None:
    # rule: HS-SPECIAL-08
    eng = sandbox(fig("d", "p1", (0, 4), DZU_TEH), battlefield=ICE)
    assert move_teleport.destinations(eng.state, F(eng, "d"), dict(TRAVERSE.values)) == []
