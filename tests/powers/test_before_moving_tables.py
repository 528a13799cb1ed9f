"""Tables rolled before moving (``bot/rules/powers/turn_d20_fury.py``): Unleashed Fury of the
Anubian Wolves (+Attack for the turn, or one of them destroyed on a 1; Khosumet's Unleashed Fury
Enhancement adds 1) and Wild Pack Movement of the Marrden Hounds (+Move for the turn)."""

from __future__ import annotations

from bot.rules import combat
from bot.rules.engine import Engine
from bot.rules.modifiers import move_value
from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.rules.conftest import DUMMY, LIB, begin_round, fig, markers, roll, sandbox

WOLVES = LIB.get("Anubian Wolves")
HOUNDS = LIB.get("Marrden Hounds")
KHOSUMET = LIB.get("Khosumet the Darklord")


def _squad(card: object, key: str, *others: object, d20: int | None = None) -> Engine:
    figs = [fig(f"w{i}", "p1", (1, i), card, card_key=key) for i in range(1, 4)]  # type: ignore[arg-type]
    eng = sandbox(*figs, fig("d", "p2", (2, 1), DUMMY), *others)  # type: ignore[arg-type]
    roll(eng, d20=[20, 1, *([d20] if d20 is not None else [])])
    begin_round(eng, None, p1=markers(card.name), p2=markers("Dummy"))  # type: ignore[attr-defined]
    eng.execute("p1", "initiative")
    return eng


def test_the_tables_and_the_enhancement_are_enforced() -> None:
    for card, name in ((WOLVES, "Unleashed Fury"), (HOUNDS, "Wild Pack Movement")):
        power = next(p for p in card.powers if p.name == name)
        assert enforcement(power) is None, name
    enhancement = KHOSUMET.power("roll_modifier")
    assert enhancement is not None and enforcement(enhancement) is None


def test_unleashed_fury_adds_attack_for_the_turn() -> None:
    # rule: HS-TURN-02 (rolled as the turn begins, before moving)
    eng = _squad(WOLVES, "p1/wolves", d20=12)
    assert powers(eng.events)[-1]["d20"] == 12
    w1, d = F(eng, "w1"), F(eng, "d")
    assert combat.attack_dice(eng.state, w1, d)[0] == WOLVES.attack + 3


def test_unleashed_fury_on_20_adds_8() -> None:
    eng = _squad(WOLVES, "p1/wolves", d20=20)
    assert combat.attack_dice(eng.state, F(eng, "w1"), F(eng, "d"))[0] == WOLVES.attack + 8


def test_unleashed_fury_on_1_destroys_the_wolf_the_player_picks() -> None:
    eng = _squad(WOLVES, "p1/wolves", d20=1)
    pend = eng.state.pending[0]
    assert pend.player == "p1" and pend.options == ["w1", "w2", "w3"]
    eng.execute("p1", "choose w2")
    assert F(eng, "w2").destroyed and not F(eng, "w1").destroyed
    assert combat.attack_dice(eng.state, F(eng, "w1"), F(eng, "d"))[0] == WOLVES.attack  # no bonus


def test_khosumet_turns_a_1_into_a_2() -> None:
    eng = _squad(WOLVES, "p1/wolves", fig("k", "p1", (5, 5), KHOSUMET), d20=1)
    assert not eng.state.pending and powers(eng.events)[-1]["total"] == 2
    assert combat.attack_dice(eng.state, F(eng, "w1"), F(eng, "d"))[0] == WOLVES.attack + 1


def test_the_bonus_lasts_only_the_turn() -> None:
    eng = _squad(WOLVES, "p1/wolves", d20=12)
    eng.execute("p1", "end-turn")  # the Dummy's turn now
    assert combat.attack_dice(eng.state, F(eng, "w1"), F(eng, "d"))[0] == WOLVES.attack


def test_wild_pack_movement_adds_move_for_the_turn() -> None:
    eng = _squad(HOUNDS, "p1/hounds", d20=7)
    assert move_value(eng.state, F(eng, "w1")) == HOUNDS.move + 7
    roll(eng, d20=[1])  # their Marro Plague, after moving
    eng.execute("p1", "end-turn")
    assert move_value(eng.state, F(eng, "w1")) == HOUNDS.move


def test_wild_pack_movement_low_roll_adds_1() -> None:
    eng = _squad(HOUNDS, "p1/hounds", d20=3)
    assert move_value(eng.state, F(eng, "w1")) == HOUNDS.move + 1
