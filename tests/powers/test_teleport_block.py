"""The teleport building block (``bot/rules/powers/move_teleport.py``) with real cards built from the
shared card file's params: Water Tunnel (after a move that ends in water), Teleportation (instead of
the normal move) and their conditions failing.
"""

from __future__ import annotations

import pytest

from bot.rules.battlefield import Battlefield
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.powers import move_teleport
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared_card
from tests.rules.conftest import DUMMY, begin_round, build, card, fig, full_match, markers, sandbox
from tests.rules.helpers_geo import at, move, space

WATER_ELEMENTAL = shared_card("Water Elemental")


def pools() -> Battlefield:
    return build(hexes=[space(1, 2, 1, "water"), space(4, 2, 1, "water"), space(7, 7, 1, "water")])


def test_water_elemental_tunnels_from_water_to_water_within_5_spaces() -> None:
    eng = sandbox(fig("w", "p1", (0, 2), WATER_ELEMENTAL), fig("e", "p2", (6, 2), DUMMY), battlefield=pools())
    move(eng, "w", [(1, 2)])
    pend = eng.state.pending[0]
    assert pend.kind == "teleport_after_move" and pend.options[-1] == "stay"
    # the other pool at the same level within 5 spaces; not the one 7 spaces away
    assert move_teleport.destinations(eng.state, F(eng, "w"), WATER_ELEMENTAL.powers[-1].values) == [Hex(4, 2)]
    events = eng.execute("p1", f"choose {pend.options[0]}")
    assert at(eng, "w") == ((4, 2),) and powers(events)[0]["placed"] == [4, 2]


def test_water_tunnel_needs_the_move_to_end_in_water() -> None:
    eng = sandbox(fig("w", "p1", (0, 3), WATER_ELEMENTAL), battlefield=pools())
    move(eng, "w", [(1, 3)])
    assert not eng.state.pending


def test_tul_bak_ra_teleports_instead_of_moving() -> None:
    tul = shared_card("Tul-Bak-Ra")
    m = full_match({"p1": [tul], "p2": [DUMMY]})
    begin_round(m, [20, 1], p1=markers(tul.name), p2=markers("Dummy"))
    pend = m.state.pending[0]
    assert pend.kind == "teleport_start"
    f = next(x for x in m.state.figures.values() if x.card_key.startswith("p1/"))
    start = f.hexes
    m.apply("p1", f"choose {pend.options[0]}")
    assert f.hexes != start and f.id in (m.state.turn.moved if m.state.turn else [])
    with pytest.raises(IllegalCommand, match="already moved"):  # teleporting was his move
        m.apply("p1", f"move {f.id} {m.state.battlefield.label(start[0])}")


def test_a_teleport_offer_declined_leaves_the_normal_move() -> None:
    tul = shared_card("Tul-Bak-Ra")
    m = full_match({"p1": [tul, card(name="Soldier")], "p2": [DUMMY]})
    begin_round(m, [20, 1], p1=markers(tul.name), p2=markers("Dummy"))
    m.apply("p1", "choose stay")
    assert m.state.turn is not None and not m.state.turn.moved
