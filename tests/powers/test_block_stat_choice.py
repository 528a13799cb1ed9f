"""Bonuses bought for a turn (``bot.rules.powers.block_stat_choice``) with real cards of the shared
card file: Run 3 (Knight Irene, the Frostclaw Paladins: +3 Move, -2 Attack) and Tracking (Brave
Arrow: +2 Move, no attack). Asked as the card's turn begins, per figure, of its controller only.
"""

from __future__ import annotations

from bot.rules import combat, modifiers
from bot.rules.match import Match
from bot.rules.powers import _terms as terms
from bot.rules.powers import enforcement
from tests.powers.conftest import DUMMY
from tests.powers.shared_cards import shared
from tests.rules.conftest import full_match, markers, refused

IRENE = shared("Knight Irene")
PALADINS = shared("Frostclaw Paladins")
BRAVE = shared("Brave Arrow")


def start(army_card) -> Match:  # type: ignore[no-untyped-def]
    """p1's card against a Dummy; p1 has the first turn (``m.state`` is new after each command)."""
    return full_match({"p1": [army_card], "p2": [DUMMY]},
                      orders={"p1": markers(army_card.name), "p2": markers("Dummy")}, initiative=[20, 1])


def test_run_3_knight_irene_moves_3_more_and_attacks_with_2_dice_fewer() -> None:
    # rule: HS-TURN-02
    run = IRENE.power("stat_bonus")
    assert run is not None and enforcement(run) is None
    m = start(IRENE)
    st = m.state
    pend = st.pending[0]
    irene = next(f for f in st.figures.values() if f.card_key.startswith("p1/"))
    foe = next(f for f in st.figures.values() if f.controller == "p2")
    assert (pend.player, pend.kind, pend.options) == ("p1", "stat_bonus_paid", ["use", "skip"])
    assert pend.prompt == f"Run 3: {irene.id} this turn gets +3 Move, -2 Attack? Answer use or skip."
    refused(m, "p2", "choose use")
    events = m.apply("p1", "choose use")
    assert [e.data["result"] for e in events if e.kind == "power"] == ["+3 Move, -2 Attack this turn"]
    assert modifiers.move_value(m.state, irene) == IRENE.move + 3
    assert combat.attack_dice(m.state, irene, foe)[0] == IRENE.attack - 2
    overwhelm, _ = terms.condition("Run not used this turn")  # Overwhelm's condition, same card
    assert overwhelm is not None and not overwhelm.holds(m.state, irene, None, "special")
    m.apply("p1", "end-turn")
    assert modifiers.move_value(m.state, irene) == IRENE.move  # for that turn only


def test_run_3_declined_changes_nothing_and_is_asked_once_per_turn() -> None:
    m = start(IRENE)
    st = m.state
    irene = next(f for f in st.figures.values() if f.card_key.startswith("p1/"))
    foe = next(f for f in st.figures.values() if f.controller == "p2")
    m.apply("p1", "choose skip")
    assert not m.state.pending
    assert modifiers.move_value(m.state, irene) == IRENE.move
    assert combat.attack_dice(m.state, irene, foe)[0] == IRENE.attack
    overwhelm, _ = terms.condition("Run not used this turn")
    assert overwhelm is not None and overwhelm.holds(m.state, irene, None, "special")


def who(prompt: str) -> str:
    """The figure a Run 3 question is about ("Run 3: frostclaw-paladins-1 this turn gets ...")."""
    return prompt.split(": ", 1)[1].split()[0]


def test_run_3_frostclaw_paladins_asks_for_each_paladin() -> None:
    m = start(PALADINS)
    st = m.state
    ids = sorted(f.id for f in st.figures.values() if f.card_key.startswith("p1/"))
    asked = []
    while m.state.pending:
        asked.append(who(m.state.pending[0].prompt))
        m.apply("p1", "choose use" if len(asked) == 1 else "choose skip")
    assert asked == ids
    first, second = (st.figures[i] for i in ids[:2])
    assert modifiers.move_value(m.state, first) == PALADINS.move + 3 and modifiers.move_value(m.state, second) == PALADINS.move


def test_tracking_brave_arrow_moves_2_more_and_gives_up_his_attack() -> None:
    # rule: HS-ATTACK-12
    m = start(BRAVE)
    st = m.state
    brave = next(f for f in st.figures.values() if f.card_key.startswith("p1/"))
    m.apply("p1", "choose use")
    assert modifiers.move_value(m.state, brave) == BRAVE.move + 2
    foe = next(f for f in st.figures.values() if f.controller == "p2")
    refused(m, "p1", f"attack {brave.id} {foe.id}")


def test_a_cost_not_understood_says_why() -> None:
    run = IRENE.power("stat_bonus")
    assert run is not None
    odd = run.model_copy(update={"values": {**run.values, "cost": "1 wound on self"}})
    assert enforcement(odd) == "paying the cost '1 wound on self' for the bonus is not understood"
