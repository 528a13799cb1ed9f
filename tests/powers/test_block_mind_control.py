"""The ``mind_control`` kind (:mod:`bot.rules.powers.mind_shackle`, where the movement/turn side
built it; the attack side's copy was dropped at the merge so that no Shackle is asked twice) with a real card of the shared file (Kee-Mo-Shi's Mind
Shackle 19): a choice after moving and before attacking, then the d20 (HS-ARMY-10, HS-TURN-06).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules.powers import enforcement
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, card, fig, roll, sandbox
from tests.rules.helpers_geo import attack

HERO = card(name="Hero", life=20, defense=0)
SQUAD = card(name="Grunts", kind="squad", rarity="common", life=9, defense=0)


def test_mind_shackle_19_takes_control_of_an_adjacent_unique_figures_card_on_19() -> None:
    # rule: HS-ARMY-10
    kee = shared("Kee-Mo-Shi")
    assert enforcement(kee.power("mind_control")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("k", "p1", (2, 2), kee), fig("h", "p2", (3, 2), HERO), fig("g", "p2", (2, 3), SQUAD))
    attack(eng, "k", "h")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("mind_control", ["h", "skip"])  # a Common squad figure is not offered
    assert [p.kind for p in eng.state.pending] == ["mind_control"]  # asked once, by one module
    roll(eng, d20=[19])
    eng.execute("p1", "choose h")
    assert F(eng, "h").controller == "p1"


def test_mind_shackle_19_below_19_nothing_changes() -> None:
    kee = shared("Kee-Mo-Shi")
    eng = sandbox(fig("k", "p1", (2, 2), kee), fig("h", "p2", (3, 2), HERO))
    attack(eng, "k", "h")
    roll(eng, [BLANK] * (kee.attack + 1), d20=[18, 1])  # the Shackle, then Toxic Skin after the attack
    eng.execute("p1", "choose h")
    assert F(eng, "h").controller == "p2"
