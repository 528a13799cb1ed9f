"""Cleave (Tandros Kreel of the shared card file, ``block_splash``): a figure next to Tandros,
picked before his attack at an adjacent figure, takes 1 wound when that attack wounds the defender.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules import combat
from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from tests.powers.conftest import MINION, F, powers
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, SKULL, card, fig, refused, roll, sandbox

TANDROS = shared("Tandros Kreel")
TARGET = card(name="Target", life=20, defense=0)


def cleave() -> Engine:
    return sandbox(fig("k", "p1", (2, 2), TANDROS), fig("t", "p2", (3, 2), TARGET),
                   fig("m", "p2", (1, 2), MINION, card_key="p2/minion"), fig("h", "p2", (2, 3), TARGET))


def dice(eng: Engine) -> int:
    return combat.attack_dice(eng.state, F(eng, "k"), F(eng, "t"))[0]


def test_cleave_wounds_the_squad_figure_picked_when_the_attack_wounds() -> None:
    # rule: HS-ATTACK-01
    power = TANDROS.power("splash_wound")
    assert power is not None and enforcement(power) is None
    eng = cleave()
    eng.execute("p1", "attack k t")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "splash_pick", ["m", "none"])  # Squad figures only
    refused(eng, "p2", "choose m")
    roll(eng, [SKULL] + [BLANK] * (dice(eng) - 1))
    events = eng.execute("p1", "choose m")
    assert F(eng, "t").wounds == 1 and F(eng, "m").destroyed
    assert [p["result"] for p in powers(events) if p["power"] == "Cleave"] == ["m takes 1 wound"]


def test_cleave_does_nothing_when_the_defender_is_not_wounded() -> None:
    eng = cleave()
    eng.execute("p1", "attack k t")
    roll(eng, [BLANK] * dice(eng))
    eng.execute("p1", "choose m")
    assert not F(eng, "m").destroyed and F(eng, "t").wounds == 0
