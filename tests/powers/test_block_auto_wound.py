"""The ``auto_wound`` building block with a real card of the shared file (Knight Primus Adelbern's
Crushing Blow): a choice after moving and before attacking (HS-TURN-06), offered once per turn.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules.powers import enforcement
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, card, fig, refused, roll, sandbox
from tests.rules.helpers_geo import attack

TARGET = card(name="Target", life=20, defense=0)
SQUAD = card(name="Grunts", kind="squad", rarity="common", life=2, defense=0)
LARGE_SQUAD = card(name="Trolls", kind="squad", rarity="common", size="large", height=7, life=2, defense=0)


def test_crushing_blow_wounds_an_adjacent_small_or_medium_squad_figure() -> None:
    # rule: HS-TURN-06
    adelbern = shared("Knight Primus Adelbern")
    assert enforcement(adelbern.power("auto_wound")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("a", "p1", (2, 2), adelbern), fig("g", "p2", (3, 2), SQUAD), fig("h", "p2", (2, 3), TARGET),
                  fig("big", "p2", (1, 2), LARGE_SQUAD))
    attack(eng, "a", "h")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "auto_wound", ["g", "skip"])  # a Unique Hero is not offered
    refused(eng, "p2", "choose g")
    roll(eng, [BLANK] * adelbern.attack)
    eng.execute("p1", "choose g")
    assert F(eng, "g").wounds == 1 and not eng.state.pending


def test_crushing_blow_not_offered_without_a_figure_it_may_wound() -> None:
    adelbern = shared("Knight Primus Adelbern")
    eng = sandbox(fig("a", "p1", (2, 2), adelbern), fig("h", "p2", (3, 2), TARGET))
    roll(eng, [BLANK] * adelbern.attack)
    attack(eng, "a", "h")
    assert not eng.state.pending and F(eng, "h").wounds == 0
