"""Galloping Charge (Templar Cavalry): "If Templar Cavalry's target was 4 or more clear sight spaces
away at the start of the turn, it gets 2 extra attack dice" — read from where both figures stood
when the turn began (:mod:`bot.rules.powers._at_start`).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates.
"""

from __future__ import annotations

from bot.rules import combat
from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import build, card, fig, sandbox
from tests.rules.helpers_geo import at, move, space

CAVALRY = shared("Templar Cavalry")  # Move 8, Attack 3
TARGET = card(name="Target", life=20, defense=0)


def charge(eng: Engine, attacker: str, target: str) -> int:
    """The dice Galloping Charge adds to ``attacker``'s attack on ``target`` now (0: none)."""
    reasons = combat.attack_dice(eng.state, F(eng, attacker), F(eng, target))[1]
    return sum(n for name, n in reasons if name == "Galloping Charge")


def test_galloping_charge_is_enforced() -> None:
    charge_power = next(p for p in CAVALRY.powers if p.name == "Galloping Charge")
    assert enforcement(charge_power) is None


def test_a_target_5_clear_sight_spaces_away_when_the_turn_began_gives_2_dice_after_the_charge() -> None:
    # rule: HS-ATTACK-09
    # rule: HS-LOS-03
    eng = sandbox(fig("c", "p1", (1, 2), CAVALRY), fig("t", "p2", (6, 2), TARGET))
    move(eng, "c", [(2, 2), (3, 2), (4, 2), (5, 2)])  # galloped up next to it
    assert at(eng, "c") == ((5, 2),)
    assert charge(eng, "c", "t") == 2
    assert combat.attack_dice(eng.state, F(eng, "c"), F(eng, "t"))[0] == CAVALRY.attack + 2


def test_a_target_3_spaces_away_when_the_turn_began_gives_nothing() -> None:
    # rule: HS-ATTACK-09
    eng = sandbox(fig("c", "p1", (3, 2), CAVALRY), fig("t", "p2", (6, 2), TARGET))
    move(eng, "c", [(4, 2), (5, 2)])
    assert charge(eng, "c", "t") == 0


def test_a_target_out_of_clear_sight_when_the_turn_began_gives_nothing() -> None:
    # rule: HS-LOS-03
    # A rock column 12 levels high between them when the turn began; the charge goes round it.
    eng = sandbox(fig("c", "p1", (1, 2), CAVALRY), fig("t", "p2", (6, 2), TARGET),
                  battlefield=build(hexes=[space(3, 2, 12, "rock")]))
    move(eng, "c", [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)])
    assert at(eng, "c") == ((5, 3),)
    assert charge(eng, "c", "t") == 0
    # ...while the same charge with nothing in the way gets its dice (the column is what differs)
    eng = sandbox(fig("c", "p1", (1, 2), CAVALRY), fig("t", "p2", (6, 2), TARGET))
    move(eng, "c", [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)])
    assert charge(eng, "c", "t") == 2


def test_a_cavalry_that_has_not_moved_reads_where_it_stands() -> None:
    # rule: HS-ATTACK-09
    eng = sandbox(fig("c", "p1", (1, 2), card(name="Lancer", range=6)), fig("t", "p2", (6, 2), TARGET))
    assert charge(eng, "c", "t") == 0  # no Galloping Charge on this card
    eng = sandbox(fig("c", "p1", (2, 2), CAVALRY), fig("t", "p2", (6, 2), TARGET))
    assert charge(eng, "c", "t") == 2  # 4 spaces, in clear sight, and it has not moved: it stood here
    assert at(eng, "c") == ((2, 2),) and at(eng, "t") == ((6, 2),)  # the sight test put nothing out of place
