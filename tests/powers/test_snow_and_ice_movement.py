"""Snow and Ice Enhanced Movement (Dzu-Teh): slippery ice and heavy snow cost Dzu-Teh 1 space to
enter instead of 2 (HS-TERRAIN-05, -28 set aside for its figures).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates.
"""

from __future__ import annotations

from bot.rules import movement
from bot.rules.hexes import Hex
from bot.rules.powers import enforcement
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import build, card, fig, refused, sandbox
from tests.rules.helpers_geo import at, hexes, move, move_text, space

DZU_TEH = shared("Dzu-Teh")  # Move 5
SOLDIER = card(name="Soldier")  # Move 5
FROZEN = build(hexes=[space(2, 2, 1, "slippery_ice"), space(3, 2, 1, "heavy_snow"), space(4, 2, 1, "slippery_ice")])
PATH = [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2)]


def test_snow_and_ice_enhanced_movement_is_enforced() -> None:
    power = next(p for p in DZU_TEH.powers if p.name == "Snow and Ice Enhanced Movement")
    assert enforcement(power) is None


def test_dzu_teh_crosses_ice_and_snow_at_1_space_each_where_others_pay_2() -> None:
    # rule: HS-TERRAIN-05
    # rule: HS-TERRAIN-28
    plain = sandbox(fig("s", "p1", (1, 2), SOLDIER), battlefield=FROZEN)
    assert movement.move_cost(plain.state, F(plain, "s"), hexes(*PATH)) == 8
    eng = sandbox(fig("d", "p1", (1, 2), DZU_TEH), battlefield=FROZEN)
    assert movement.move_cost(eng.state, F(eng, "d"), hexes(*PATH)) == 5
    assert movement.reachable_hexes(eng.state, F(eng, "d"))[Hex(6, 2)] == 5
    move(eng, "d", PATH)
    assert at(eng, "d") == ((6, 2),)


def test_a_figure_without_the_power_cannot_make_that_move() -> None:
    # rule: HS-TERRAIN-05
    eng = sandbox(fig("s", "p1", (1, 2), SOLDIER), battlefield=FROZEN)
    refused(eng, "p1", move_text("s", PATH), "HS-MOVE-03")
