"""Ullar's Amulet (Acolarh): "+2 Move for friendly figures that follow Ullar and start their turn
adjacent to Acolarh" — an aura whose reach is read where the figures stood when the turn began.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules.movement import allowance
from bot.rules.powers import enforcement
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import card, fig, sandbox
from tests.rules.helpers_geo import at, move

ACOLARH = shared("Acolarh")
ELF = card(name="Wood Elf", general="ullar", move=5)  # follows Ullar
ORC = card(name="Orc Raider", general="utgar", move=5)


def test_ullars_amulet_is_enforced() -> None:
    amulet = next(p for p in ACOLARH.powers if p.name == "Ullar's Amulet")
    assert enforcement(amulet) is None


def test_a_figure_that_follows_ullar_starting_its_turn_next_to_acolarh_moves_2_more() -> None:
    # rule: HS-MOVE-03
    eng = sandbox(fig("aco", "p1", (2, 2), ACOLARH), fig("elf", "p1", (3, 2), ELF), fig("far", "p1", (6, 6), ELF),
                  fig("orc", "p1", (2, 3), ORC), fig("foe", "p2", (1, 2), ELF))
    assert allowance(eng.state, F(eng, "elf")) == 7
    assert allowance(eng.state, F(eng, "far")) == 5  # not adjacent
    assert allowance(eng.state, F(eng, "orc")) == 5  # adjacent, but follows Utgar
    assert allowance(eng.state, F(eng, "foe")) == 5  # an opponent's figure
    assert allowance(eng.state, F(eng, "aco")) == ACOLARH.move  # not its own aura


def test_the_extra_move_is_used_and_counts_where_the_figure_began() -> None:
    # rule: HS-MOVE-03
    eng = sandbox(fig("aco", "p1", (2, 2), ACOLARH), fig("elf", "p1", (3, 2), ELF))
    move(eng, "elf", [(4, 2), (5, 2), (6, 2), (7, 2), (7, 3), (7, 4), (7, 5)])  # 7 spaces: Move 5 + 2
    assert at(eng, "elf") == ((7, 5),)
    assert allowance(eng.state, F(eng, "elf")) == 7  # it began its turn next to Acolarh


def test_without_the_amulet_that_move_is_too_long() -> None:
    # rule: HS-MOVE-03
    plain = card(name="Elf Lord", general="ullar")
    eng = sandbox(fig("aco", "p1", (2, 2), plain), fig("elf", "p1", (3, 2), ELF))
    assert allowance(eng.state, F(eng, "elf")) == 5
