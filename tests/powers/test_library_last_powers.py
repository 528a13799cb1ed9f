"""The last powers of the 2024+ sets enforced with the shipped library cards (``data/cards/``), not
the shared file: Overwhelm (Knight Irene) as the special-attack block reads it.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.game.card_text import not_enforced_reason
from bot.game.coverage import coverage
from bot.rules.special import special_attack
from tests.powers.conftest import LIB, F
from tests.rules.conftest import BLANK, card, fig, refused, roll, sandbox

TARGET = card(name="Target", life=20, defense=0)


def test_overwhelm_library_irene_two_attacks_the_second_on_the_same_figure_rolls_4() -> None:
    # rule: HS-SPECIAL-01, HS-SPECIAL-02
    irene = LIB.get("Knight Irene")
    power = next(p for p in irene.powers if p.name.startswith("Overwhelm"))
    assert not_enforced_reason(power) is None
    eng = sandbox(fig("i", "p1", (2, 2), irene), fig("t", "p2", (3, 2), TARGET), fig("u", "p2", (2, 3), TARGET))
    assert special_attack(eng, F(eng, "i"), "Overwhelm Special Attack", "t").dice == 3
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "special i Overwhelm t")
    assert special_attack(eng, F(eng, "i"), "Overwhelm Special Attack", "t").dice == 4
    roll(eng, [BLANK] * 4)
    eng.execute("p1", "special i Overwhelm t")
    refused(eng, "p1", "special i Overwhelm u")  # 2 attacks at most


def test_overwhelm_library_irene_not_in_a_turn_she_used_run() -> None:
    irene = LIB.get("Knight Irene")
    eng = sandbox(fig("i", "p1", (2, 2), irene), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "special i Overwhelm t")  # the turn is under way
    st = eng.state
    assert st.turn is not None
    st.turn.data[f"used:run:{F(eng, 'i').card_key}"] = True  # what Run 3 records when paid
    err = refused(eng, "p1", "special i Overwhelm t")
    assert str(err) == "Overwhelm Special Attack may be made only when: run not used this turn"


def test_the_library_enforced_figure_does_not_fall_back() -> None:
    # 2026-12-01: 452 / 548 once Overwhelm's parameters came from the card file.
    _, total = coverage(LIB)
    assert total.powers == 548 and total.enforced >= 452
