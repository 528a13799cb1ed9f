"""The heal building block (``bot/rules/powers/turn_heal.py``) with real cards built from the
shared card file's params: Life Drain, Utgar's Cutlass 14, Spear of Sankari, Regenerate and Healing
Wing 13, each working and not working when its condition fails; and the check over the file.
"""

from __future__ import annotations

from bot.rules.powers import turn_heal
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared_card, shared_powers
from tests.rules.conftest import BLANK, DUMMY, SKULL, card, fig, full_match, markers, roll, sandbox
from tests.rules.helpers_geo import move

MISAERX = shared_card("Misaerx the Kyrie Warrior")
BOK = shared_card("Bok-Bur-Na")
MIELKI = shared_card("Mielki the Kyrie Warrior")
PAWN = card(name="Pawn", life=1, defense=0)
SOLDIER = card(name="Soldier")
BIG_FRIEND = card(name="Ogre", size="large", height=7)


def test_misaerx_life_drain_removes_a_wound_when_she_destroys_a_figure() -> None:
    eng = sandbox(fig("m", "p1", (2, 2), MISAERX, wounds=2), fig("pawn", "p2", (3, 2), PAWN))
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    events = eng.execute("p1", "attack m pawn")
    assert F(eng, "pawn").destroyed and F(eng, "m").wounds == 1
    assert powers(events)[-1]["power"] == "Life Drain" and powers(events)[-1]["healed"] == "m"


def test_life_drain_needs_a_figure_destroyed_by_her() -> None:
    eng = sandbox(fig("m", "p1", (2, 2), MISAERX, wounds=2), fig("tough", "p2", (3, 2), DUMMY),
                  fig("s", "p1", (4, 4), SOLDIER), fig("pawn", "p2", (5, 4), PAWN))
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    eng.execute("p1", "attack m tough")  # wounded, not destroyed
    assert F(eng, "m").wounds == 2
    roll(eng, [SKULL, BLANK, BLANK])
    eng.execute("p1", "attack s pawn")  # destroyed, by someone else
    assert F(eng, "pawn").destroyed and F(eng, "m").wounds == 2


def test_bok_bur_na_utgars_cutlass_heals_on_14_after_destroying_an_adjacent_figure() -> None:
    eng = sandbox(fig("bok", "p1", (2, 2), BOK, wounds=1), fig("pawn", "p2", (3, 2), PAWN))
    roll(eng, [SKULL] + [BLANK] * 4, d20=[14])
    events = eng.execute("p1", "attack bok pawn")
    assert F(eng, "bok").wounds == 0 and powers(events)[-1]["d20"] == 14
    eng2 = sandbox(fig("bok", "p1", (2, 2), BOK, wounds=1), fig("pawn", "p2", (3, 2), PAWN))
    roll(eng2, [SKULL] + [BLANK] * 4, d20=[13])
    events = eng2.execute("p1", "attack bok pawn")
    assert F(eng2, "bok").wounds == 1 and powers(events)[-1]["success"] is False


def test_utgars_cutlass_does_nothing_for_a_figure_destroyed_from_afar() -> None:
    eng = sandbox(fig("bok", "p1", (2, 2), BOK, wounds=1), fig("pawn", "p2", (2, 6), PAWN))
    roll(eng, [SKULL] + [BLANK] * 4, d20=[20])
    events = eng.execute("p1", "attack bok pawn")
    assert F(eng, "pawn").destroyed and F(eng, "bok").wounds == 1 and not powers(events)


def test_mielki_spear_of_sankari_heals_a_small_or_medium_friend_she_picks() -> None:
    eng = sandbox(fig("mi", "p1", (2, 2), MIELKI), fig("pawn", "p2", (3, 2), PAWN),
                  fig("pal", "p1", (2, 4), SOLDIER, wounds=2), fig("ogre", "p1", (1, 4), BIG_FRIEND, wounds=2))
    roll(eng, [SKULL] + [BLANK] * 3)
    eng.execute("p1", "attack mi pawn")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("heal_on_destroy", ["pal", "skip"])  # not the Large ogre
    eng.execute("p1", "choose pal")
    assert F(eng, "pal").wounds == 1 and F(eng, "ogre").wounds == 2


def test_spear_of_sankari_asks_nothing_with_no_wounded_friend() -> None:
    eng = sandbox(fig("mi", "p1", (2, 2), MIELKI), fig("pawn", "p2", (3, 2), PAWN), fig("pal", "p1", (2, 4), SOLDIER))
    roll(eng, [SKULL] + [BLANK] * 3)
    eng.execute("p1", "attack mi pawn")
    assert not eng.state.pending


def test_feral_troll_regenerates_as_its_turn_ends_and_not_when_unwounded() -> None:
    troll = shared_card("Feral Troll")
    m = full_match({"p1": [troll], "p2": [DUMMY]}, orders={"p1": markers("Feral Troll"), "p2": markers("Dummy")},
                   initiative=[20, 1])
    f = next(x for x in m.state.figures.values() if x.card_key == "p1/feral-troll")
    f.wounds = 2
    events = m.apply("p1", "end-turn")
    assert f.wounds == 1 and powers(events)[-1]["power"] == "Regenerate"
    assert m.state.turn is not None and m.state.turn.player == "p2"


def test_sonlen_healing_wing_heals_a_figure_he_flew_over_on_13() -> None:
    sonlen = shared_card("Sonlen (AoA)")
    eng = sandbox(fig("so", "p1", (0, 2), sonlen), fig("pal", "p1", (1, 2), SOLDIER, wounds=1),
                  fig("far", "p1", (6, 6), SOLDIER, wounds=1), fig("e", "p2", (6, 2), DUMMY))
    move(eng, "so", [(1, 2), (2, 2), (3, 2)])
    eng.execute("p1", "attack so e")  # after moving, before attacking (HS-TURN-06)
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("heal_after_moving", ["pal", "skip"])  # not the one far away
    roll(eng, [BLANK] * 9, d20=[13])
    events = eng.execute("p1", "choose pal")
    assert F(eng, "pal").wounds == 0 and powers(events)[0]["d20"] == 13


def test_healing_wing_is_for_after_a_normal_move_only() -> None:
    sonlen = shared_card("Sonlen (AoA)")
    eng = sandbox(fig("so", "p1", (3, 2), sonlen), fig("pal", "p1", (4, 2), SOLDIER, wounds=1),
                  fig("e", "p2", (6, 2), DUMMY))
    roll(eng, [BLANK] * 9)
    eng.execute("p1", "attack so e")  # he did not move
    assert not eng.state.pending and F(eng, "pal").wounds == 1


def test_heal_checks_over_the_shared_file() -> None:
    results = {(n, p): turn_heal.check_heal(v) for n, p, v in shared_powers("heal")}
    assert all(r is None for r in results.values()), results
    assert turn_heal.check_heal({"trigger": "at dawn"}) == "the moment 'at dawn' is not understood"
