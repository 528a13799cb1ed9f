"""Chomp, Berserker Charge and Water Clone read from the shared card file's ``d20_trigger``
parameters (Grimnak, Tarn Viking Warriors, Marro Warriors of the shared file): each working on a
high roll, and idle on a low one or when its condition fails. The choices are pending decisions of
the right player.
"""

from __future__ import annotations

from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.powers import enforcement
from bot.rules.state import Stage
from tests.powers.conftest import DUMMY, MINION, kinds, powers
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, SKULL, build, card, fig, refused, roll, sandbox

GRIMNAK = shared("Grimnak")
TARN = shared("Tarn Viking Warriors")
MARRO = shared("Marro Warriors")
BRUTE = card(name="Brute", size="large", height=7, defense=0, life=9)


def test_the_three_powers_are_enforced_from_the_shared_file() -> None:
    for c in (GRIMNAK, TARN, MARRO):
        assert c.powers[0].kind == "d20_trigger"
        assert enforcement(c.powers[0]) is None, c.name


# ---- Chomp (Grimnak) ---------------------------------------------------------------------------


def grimnak(*others) -> Engine:  # type: ignore[no-untyped-def]
    return sandbox(fig("grimnak", "p1", [(2, 2), (3, 2)], GRIMNAK), fig("target", "p2", (2, 1), DUMMY), *others)


def test_chomp_destroys_an_adjacent_squad_figure_at_once_and_a_hero_on_16() -> None:
    # rule: HS-TURN-06
    eng = grimnak(fig("minion1", "p2", (1, 2), MINION, card_key="p2/minion"))
    eng.execute("p1", "attack grimnak target")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "d20_chomp", ["minion1", "target", "skip"])
    refused(eng, "p2", "choose minion1")
    roll(eng, [BLANK, BLANK])
    events = eng.execute("p1", "choose minion1")
    assert eng.state.figures["minion1"].destroyed and "d20" not in powers(events)[0]
    assert powers(events)[0]["power"] == "Chomp"

    eng = grimnak()
    eng.execute("p1", "attack grimnak target")
    roll(eng, d20=[16])
    events = eng.execute("p1", "choose target")
    assert eng.state.figures["target"].destroyed and powers(events)[0]["d20"] == 16


def test_chomp_fails_on_15_against_a_hero_and_never_bites_a_large_figure() -> None:
    eng = grimnak()
    eng.execute("p1", "attack grimnak target")
    roll(eng, [BLANK, BLANK], d20=[15])
    events = eng.execute("p1", "choose target")
    assert not eng.state.figures["target"].destroyed and not powers(events)[0]["success"]

    eng = sandbox(fig("grimnak", "p1", [(2, 2), (3, 2)], GRIMNAK), fig("brute", "p2", (2, 1), BRUTE))
    roll(eng, [BLANK, BLANK])
    eng.execute("p1", "attack grimnak brute")
    assert not eng.state.pending


# ---- Berserker Charge (Tarn Viking Warriors) -----------------------------------------------------


def vikings() -> Engine:
    return sandbox(fig("tarn1", "p1", (0, 0), TARN, card_key="p1/tarn"),
                   fig("tarn2", "p1", (0, 4), TARN, card_key="p1/tarn"), fig("foe", "p2", (1, 0), DUMMY))


def test_berserker_charge_on_15_lets_the_vikings_move_again() -> None:
    # rule: HS-TIMING-04
    eng = vikings()
    eng.execute("p1", "move tarn2 0,5")
    eng.execute("p1", "attack tarn1 foe")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "d20_berserker_charge", ["roll", "skip"])
    refused(eng, "p2", "choose roll")
    roll(eng, d20=[15])
    events = eng.execute("p1", "choose roll")
    assert powers(events)[0]["success"] and "attack_cancelled" in kinds(events)
    assert eng.state.turn is not None and eng.state.turn.stage is Stage.MOVE
    eng.execute("p1", "move tarn2 0,6")


def test_berserker_charge_on_14_gives_no_move_and_the_attack_goes_on() -> None:
    eng = vikings()
    eng.execute("p1", "move tarn2 0,5")
    eng.execute("p1", "attack tarn1 foe")
    roll(eng, [SKULL, BLANK, BLANK], d20=[14])
    events = eng.execute("p1", "choose roll")
    assert not powers(events)[0]["success"]
    assert [e.data["wounds"] for e in events if e.kind == "attack"] == [1]


# ---- Water Clone (Marro Warriors) ----------------------------------------------------------------


def marros(*, water: bool = False) -> Engine:
    field = build(hexes=[{"at": [1, 1], "level": 1, "terrain": "water"}]) if water else build()
    eng = sandbox(fig("marro1", "p1", (1, 1), MARRO, card_key="p1/marro"),
                  fig("marro2", "p1", (5, 5), MARRO, card_key="p1/marro"),
                  fig("marro3", "p1", (6, 0), MARRO, card_key="p1/marro"),
                  fig("foe", "p2", (3, 1), DUMMY), battlefield=field)
    eng.destroy(eng.state.figures["marro3"], "test")
    return eng


def test_water_clone_needs_15_on_land_and_10_in_water() -> None:
    # rule: HS-TURN-06
    eng = marros(water=True)
    eng.execute("p1", "attack marro1 foe")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "d20_water_clone", ["roll", "skip"])
    roll(eng, d20=[10, 14])  # marro1 in water: 10 is enough; marro2 on grass: 14 is not
    events = eng.execute("p1", "choose roll")
    assert powers(events)[0]["needs"] == {"marro1": 10, "marro2": 15}
    assert powers(events)[0]["result"] == "1 success"
    pend = eng.state.pending[0]
    events = eng.execute("p1", f"choose {pend.options[0]}")
    assert eng.state.figures["marro3"].on_battlefield
    assert eng.state.figures["marro3"].hex in Hex(1, 1).neighbours()
    refused(eng, "p1", "attack marro1 foe", "HS-ATTACK-12")


def test_water_clone_fails_on_14_on_land_and_is_not_offered_with_none_destroyed() -> None:
    eng = marros()
    eng.execute("p1", "attack marro1 foe")
    roll(eng, d20=[14, 14])
    events = eng.execute("p1", "choose roll")
    assert powers(events)[0]["result"] == "0 successes" and eng.state.figures["marro3"].destroyed

    eng = sandbox(fig("marro1", "p1", (1, 1), MARRO, card_key="p1/marro"), fig("foe", "p2", (2, 1), DUMMY))
    roll(eng, [BLANK, BLANK])
    eng.execute("p1", "attack marro1 foe")
    assert not eng.state.pending
