"""The ``spirit`` kind with real cards of the shared file (:mod:`bot.rules.powers.spirits`, where the
movement/turn side built it; the attack side's copy was dropped at the merge so that no spirit is
placed twice) (Eldgrim's Warrior's Swiftness
Spirit, Finn's Warrior's Attack Spirit read from the shared file's values): on destruction, the
spirit goes onto a Unique Army Card for the rest of the battle (HS-DESTROY-04).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates.
"""

from __future__ import annotations

from bot.rules import combat, modifiers
from bot.rules.powers import enforcement
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import card, fig, sandbox

SOLDIER = card(name="Soldier")  # a Unique Hero, Move 5, Attack 3
GRUNTS = card(name="Grunts", kind="squad", rarity="common")


def test_swiftness_spirit_eldgrim_gives_a_unique_card_one_more_move() -> None:
    # rule: HS-DESTROY-04
    eldgrim = shared("Eldgrim the Viking Champion")
    assert enforcement(eldgrim.power("spirit")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("e", "p1", (0, 0), eldgrim), fig("s", "p1", (5, 5), SOLDIER), fig("g", "p1", (6, 6), GRUNTS))
    eng.destroy(F(eng, "e"), "test")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("warriors_spirit", [F(eng, "s").card_key])  # Unique cards only
    assert [p.kind for p in eng.state.pending] == ["warriors_spirit"]  # asked once, by one module
    eng.execute("p1", f"choose {F(eng, 's').card_key}")
    assert modifiers.move_value(eng.state, F(eng, "s")) == 6
    assert modifiers.move_value(eng.state, F(eng, "g")) == 5


def test_attack_spirit_from_the_shared_file_finn() -> None:
    finn = shared("Finn the Viking Champion")
    eng = sandbox(fig("f", "p1", (0, 0), finn), fig("s", "p1", (5, 5), SOLDIER), fig("t", "p2", (5, 6), card(name="T")))
    eng.destroy(F(eng, "f"), "test")
    eng.execute("p1", f"choose {F(eng, 's').card_key}")
    assert combat.attack_dice(eng.state, F(eng, "s"), F(eng, "t"))[0] == 4
