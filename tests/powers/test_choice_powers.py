"""Powers that stop the engine for a choice in a timing window, with the real classic cards:
Berserker Charge (Tarn Viking Warriors), Chomp (Grimnak), Water Clone (Marro Warriors), The Drop
(Airborne Elite) and Double Attack (Syvarris, which asks nothing: the player just attacks again).

Each power is shown working, and not working when its condition fails; a decision is offered to
the right player only (the other player's ``choose`` is refused).
"""

from __future__ import annotations

from typing import Any

from bot.rules.engine import Engine
from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.match import Match
from bot.rules.state import Phase, Stage
from bot.rules.timing import Window
from tests.powers.conftest import DUMMY, LIB, MINION, kinds, powers, recorder
from tests.rules.conftest import BLANK, SKULL, build, card, fig, full_match, markers, refused, roll, sandbox

TARN = LIB.get("Tarn Viking Warriors")
GRIMNAK = LIB.get("Grimnak")
MARRO = LIB.get("Marro Warriors")
ELITE = LIB.get("Airborne Elite")
SYVARRIS = LIB.get("Syvarris")
BRUTE = card(name="Brute", size="large", height=7, defense=0, life=9)


# ---- Berserker Charge (Tarn Viking Warriors) -----------------------------------------------------


def vikings(*extra: Any) -> Engine:
    """tarn1 next to a dummy; tarn2 free to move; both on the Tarn Viking Warriors card."""
    return sandbox(fig("tarn1", "p1", (0, 0), TARN, card_key="p1/tarn"),
                   fig("tarn2", "p1", (0, 4), TARN, card_key="p1/tarn"),
                   fig("foe", "p2", (1, 0), DUMMY), *extra)


def test_berserker_charge_on_15_lets_every_viking_move_again_before_attacking() -> None:
    eng = vikings()
    eng.execute("p1", "move tarn2 0,5")
    events = eng.execute("p1", "attack tarn1 foe")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "berserker_charge", ["roll", "skip"])
    refused(eng, "p2", "choose roll")  # the decision is p1's
    refused(eng, "p1", "move tarn2 0,6")  # nothing else until it is answered
    roll(eng, d20=[15])
    events = eng.execute("p1", "choose roll")
    assert powers(events)[0]["success"] and powers(events)[0]["d20"] == 15
    assert "attack_cancelled" in kinds(events) and "attack" not in kinds(events)
    assert eng.state.turn is not None and eng.state.turn.stage is Stage.MOVE
    eng.execute("p1", "move tarn2 0,6")  # the second move
    refused(eng, "p1", "move tarn2 0,7", "HS-MOVE-01")  # but only one more
    roll(eng, [SKULL, SKULL, BLANK])
    events = eng.execute("p1", "attack tarn1 foe")  # declared again: no second charge this turn
    assert not eng.state.pending and [e.data["wounds"] for e in events if e.kind == "attack"] == [2]


def test_berserker_charge_under_15_gives_no_extra_move_and_the_attack_goes_on() -> None:
    eng = vikings()
    eng.execute("p1", "move tarn2 0,5")
    eng.execute("p1", "attack tarn1 foe")
    roll(eng, [SKULL, BLANK, BLANK], d20=[14])
    events = eng.execute("p1", "choose roll")
    assert not powers(events)[0]["success"]
    assert [e.data["attacker"] for e in events if e.kind == "attack"] == ["tarn1"]
    refused(eng, "p1", "move tarn2 0,6", "HS-TURN-02")


def test_berserker_charge_may_be_declined() -> None:
    eng = vikings()
    eng.execute("p1", "attack tarn1 foe")
    roll(eng, [BLANK] * 3)
    events = eng.execute("p1", "choose skip")
    assert "attack" in kinds(events) and not powers(events)
    refused(eng, "p1", "move tarn2 0,5", "HS-TURN-02")


def test_berserker_charge_is_only_on_the_tarn_viking_card() -> None:
    eng = sandbox(fig("s1", "p1", (0, 0), MINION, card_key="p1/minion"), fig("foe", "p2", (1, 0), DUMMY))
    roll(eng, [SKULL] * 3)
    eng.execute("p1", "attack s1 foe")
    assert not eng.state.pending


def test_berserker_charge_resolves_after_the_other_after_moving_effects(effects: Any) -> None:
    # rule: HS-TIMING-04 (moving again leaves the window)
    seen: list[str] = []
    effects(recorder("test_other_after_moving", Window.AFTER_MOVING, "p1", lambda engine: seen.append("other")))
    eng = vikings()
    eng.execute("p1", "attack tarn1 foe")
    assert seen == ["other"] and eng.state.pending[0].kind == "berserker_charge"


def tarn_match() -> Match:
    m = full_match({"p1": [TARN], "p2": [DUMMY]},
                   orders={"p1": markers("Tarn Viking Warriors"), "p2": markers("Dummy")}, initiative=[20, 1])
    return m


def test_berserker_charge_when_ending_the_turn_keeps_the_turn_going() -> None:
    m = tarn_match()
    st = m.state
    assert st.turn is not None and st.turn.player == "p1" and st.turn.card_key == "p1/tarn-viking-warriors"
    first = next(f for f in st.figures.values() if f.card_key == "p1/tarn-viking-warriors")
    m.apply("p1", f"move {first.id} {st.battlefield.label(Hex(first.hex.q, first.hex.r + 2))}")
    m.apply("p1", "end-turn")
    assert st.pending[0].kind == "berserker_charge"
    roll(m, d20=[17])
    m.apply("p1", "choose roll")
    assert m.state.turn is not None and m.state.turn.player == "p1" and m.state.turn.stage is Stage.MOVE
    m.apply("p1", f"move {first.id} {st.battlefield.label(Hex(first.hex.q, first.hex.r + 2))}")
    m.apply("p1", "end-turn")  # no second charge: the turn ends
    assert m.state.turn is not None and m.state.turn.player == "p2"


# ---- Chomp (Grimnak) ---------------------------------------------------------------------------


def grimnak(*others: Any) -> Engine:
    """Grimnak on (2,2)-(3,2), facing the figures given; a dummy target for his attack at (2,1)."""
    return sandbox(fig("grimnak", "p1", [(2, 2), (3, 2)], GRIMNAK), fig("target", "p2", (2, 1), DUMMY), *others)


def test_chomp_destroys_an_adjacent_squad_figure_without_a_roll() -> None:
    eng = grimnak(fig("minion1", "p2", (1, 2), MINION, card_key="p2/minion"))
    eng.execute("p1", "attack grimnak target")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "chomp")
    assert pend.options == ["minion1", "target", "skip"]
    refused(eng, "p2", "choose minion1")
    roll(eng, [BLANK, BLANK])
    events = eng.execute("p1", "choose minion1")
    assert eng.state.figures["minion1"].destroyed and "d20" not in powers(events)[0]
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["target"]  # he still attacks


def test_chomp_destroys_a_hero_only_on_16_or_more() -> None:
    eng = grimnak()
    eng.execute("p1", "attack grimnak target")
    roll(eng, d20=[16])
    events = eng.execute("p1", "choose target")
    assert eng.state.figures["target"].destroyed and powers(events)[0]["d20"] == 16
    assert "attack_cancelled" in kinds(events)  # its declared target is gone

    eng = grimnak()
    eng.execute("p1", "attack grimnak target")
    roll(eng, [BLANK, BLANK], d20=[15])
    events = eng.execute("p1", "choose target")
    assert not eng.state.figures["target"].destroyed and not powers(events)[0]["success"]
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["target"]


def test_chomp_never_bites_large_figures_or_figures_out_of_reach() -> None:
    eng = sandbox(fig("grimnak", "p1", [(2, 2), (3, 2)], GRIMNAK), fig("brute", "p2", (2, 1), BRUTE),
                  fig("far", "p2", (6, 6), DUMMY))
    roll(eng, [BLANK, BLANK])
    eng.execute("p1", "attack grimnak brute")
    assert not eng.state.pending


def test_chomp_lists_friends_after_skip() -> None:
    eng = grimnak(fig("pal", "p1", (4, 2), DUMMY))
    eng.execute("p1", "attack grimnak target")
    assert eng.state.pending[0].options == ["target", "skip", "pal"]


# ---- Water Clone (Marro Warriors) ----------------------------------------------------------------


def marros(*, water: bool = False) -> Engine:
    """Two Marro Warriors on the battlefield (marro1 on water when asked), two destroyed."""
    field = build(hexes=[{"at": [1, 1], "level": 1, "terrain": "water"}]) if water else build()
    eng = sandbox(fig("marro1", "p1", (1, 1), MARRO, card_key="p1/marro"),
                  fig("marro2", "p1", (5, 5), MARRO, card_key="p1/marro"),
                  fig("marro3", "p1", (6, 0), MARRO, card_key="p1/marro"),
                  fig("marro4", "p1", (7, 0), MARRO, card_key="p1/marro"),
                  fig("foe", "p2", (3, 1), DUMMY), battlefield=field)
    for f in ("marro3", "marro4"):
        eng.destroy(eng.state.figures[f], "test")
    return eng


def test_water_clone_brings_back_a_destroyed_marro_on_15_instead_of_attacking() -> None:
    eng = marros()
    eng.execute("p1", "attack marro1 foe")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "water_clone", ["roll", "skip"])
    refused(eng, "p2", "choose roll")
    roll(eng, d20=[15, 14])  # marro1 succeeds, marro2 fails
    events = eng.execute("p1", "choose roll")
    assert powers(events)[0]["rolls"] == {"marro1": 15, "marro2": 14}
    assert "attack_cancelled" in kinds(events) and "attack" not in kinds(events)
    pend = eng.state.pending[0]
    bf = eng.state.battlefield
    beside = sorted((h for h in Hex(1, 1).neighbours() if h in bf), key=lambda h: (h.r, h.q))
    assert pend.kind == "water_clone" and pend.options == [bf.label(h) for h in beside]
    refused(eng, "p1", f"choose {bf.label(Hex(5, 5))}")  # not next to the Warrior that rolled
    events = eng.execute("p1", f"choose {pend.options[0]}")
    back = eng.state.figures["marro3"]
    assert back.on_battlefield and back.hex == beside[0] and back.wounds == 0
    assert [e.data["figure"] for e in events if e.kind == "entered"] == ["marro3"]
    assert eng.state.figures["marro4"].destroyed
    refused(eng, "p1", "attack marro1 foe", "HS-ATTACK-12")  # instead of attacking


def test_water_clone_needs_only_10_in_water() -> None:
    eng = marros(water=True)
    eng.execute("p1", "attack marro1 foe")
    roll(eng, d20=[10, 10])  # marro1 stands in water, marro2 on grass
    events = eng.execute("p1", "choose roll")
    assert powers(events)[0]["result"] == "1 success"
    assert eng.state.pending[0].prompt.endswith("next to marro1?")


def test_water_clone_is_not_offered_with_no_destroyed_marro() -> None:
    eng = sandbox(fig("marro1", "p1", (1, 1), MARRO, card_key="p1/marro"), fig("foe", "p2", (2, 1), DUMMY))
    roll(eng, [BLANK, BLANK])
    eng.execute("p1", "attack marro1 foe")
    assert not eng.state.pending


def test_water_clone_skipped_lets_the_marros_attack() -> None:
    eng = marros()
    eng.execute("p1", "attack marro1 foe")
    roll(eng, [SKULL, BLANK])
    events = eng.execute("p1", "choose skip")
    assert [e.data["wounds"] for e in events if e.kind == "attack"] == [1]


# ---- The Drop (Airborne Elite) -----------------------------------------------------------------


def drop_match(*d20: int) -> tuple[Match, list[Event]]:
    """p1: Airborne Elite and a Soldier; p2: an Archer. Round 1's Drop roll is ``d20[0]``.
    Returns the match and the events of the last placement (which starts round 1)."""
    m = full_match({"p1": [ELITE, "Soldier"], "p2": [card(name="Archer", range=7)]},
                   library=[card(name="Soldier")], place=False)
    m.apply("p1", "place-rest")  # the Elite are not placed: they start off the battlefield
    roll(m, d20=list(d20))
    return m, m.apply("p2", "place-rest")


def elite_of(m: Match) -> list[Any]:
    return sorted((f for f in m.state.figures.values() if f.card_key.endswith("airborne-elite")), key=lambda f: f.id)


def test_the_airborne_elite_start_off_the_battlefield() -> None:
    m = full_match({"p1": [ELITE, "Soldier"]}, library=[card(name="Soldier")], place=False)
    elite = [f for f in m.state.figures.values() if f.card_key.endswith("airborne-elite")]
    assert len(elite) == 4 and all(f.reserve and not f.hexes for f in elite)
    refused(m, "p1", f"place {elite[0].id} A1")
    m.apply("p1", "place-rest")
    assert m.state.phase is Phase.PLACEMENT and all(not f.hexes for f in elite)


def test_the_drop_on_13_lets_the_controller_parachute_all_four() -> None:
    m, events = drop_match(13)
    st = m.state
    assert st.phase is Phase.ORDERS and st.round == 1  # before Order Markers
    assert powers(events)[0]["d20"] == 13 and powers(events)[0]["success"]
    pend = st.pending[0]
    assert (pend.player, pend.kind) == ("p1", "the_drop") and pend.options[-1] == "stay"
    refused(m, "p2", f"choose {pend.options[0]}")
    refused(m, "p2", "orders " + markers("Archer"))  # Order Markers wait for the drop
    bf = st.battlefield
    a, b, c, d, e = (bf.label(Hex(q, 4)) for q in (1, 3, 5, 7, 8))
    err = refused(m, "p1", f"choose {a} {b} {d} {e}")  # 7,4 and 8,4 would be next to each other
    assert "next to another dropping figure" in str(err)
    refused(m, "p1", f"choose {a} {b} {c}")  # all four or none
    soldier = next(f for f in st.figures.values() if f.card_key.endswith("soldier"))
    beside = bf.label(next(h for h in soldier.hex.neighbours() if h in bf))
    assert "next to a figure" in str(refused(m, "p1", f"choose {a} {b} {c} {beside}"))
    refused(m, "p1", f"choose {a} {b} {c} {bf.label(soldier.hex)}")  # not empty
    m.apply("p1", f"choose {a} {b} {c} {d}")
    assert [bf.label(f.hex) for f in elite_of(m)] == [a, b, c, d]
    assert all(f.on_battlefield and not f.reserve for f in elite_of(m))
    assert not m.state.pending and m.state.phase is Phase.ORDERS  # (a refused command replaces the state)


def test_the_suggested_drop_is_legal_and_stay_keeps_them_off() -> None:
    m, _ = drop_match(20)
    suggestion = m.state.pending[0].options[0]
    m.apply("p1", f"choose {suggestion}")
    assert all(f.on_battlefield for f in elite_of(m))
    m, _ = drop_match(20)
    m.apply("p1", "choose stay")
    assert all(f.reserve and not f.on_battlefield for f in elite_of(m))


def test_the_drop_under_13_keeps_them_off_and_is_rolled_again_next_round() -> None:
    m, events = drop_match(12)
    st = m.state
    assert not st.pending and st.phase is Phase.ORDERS
    assert powers(events)[0]["d20"] == 12 and not powers(events)[0]["success"]
    assert all(f.reserve for f in elite_of(m))
    m.apply("p1", "orders " + markers("Soldier"))
    m.apply("p2", "orders " + markers("Archer"))
    roll(m, d20=[20, 1, 13])  # initiative, then round 2's drop
    m.apply("p1", "initiative")
    while m.state.round == 1:
        assert m.state.turn is not None
        m.apply(m.state.turn.player, "end-turn")
    assert m.state.round == 2 and m.state.pending[0].kind == "the_drop"


# ---- Double Attack (Syvarris) --------------------------------------------------------------------


def test_syvarris_attacks_twice_a_turn_and_no_more() -> None:
    eng = sandbox(fig("syvarris", "p1", (0, 2), SYVARRIS), fig("t", "p2", (4, 2), DUMMY))
    roll(eng, [SKULL, BLANK, BLANK])
    events = eng.execute("p1", "attack syvarris t")
    assert powers(events)[0]["result"] == "syvarris may attack again" and not eng.state.pending
    roll(eng, [SKULL, SKULL, BLANK])
    eng.execute("p1", "attack syvarris t")
    assert eng.state.figures["t"].wounds == 3
    refused(eng, "p1", "attack syvarris t", "HS-ATTACK-12")


def test_a_figure_without_double_attack_attacks_once() -> None:
    eng = sandbox(fig("archer", "p1", (0, 2), card(name="Archer", range=9)), fig("t", "p2", (4, 2), DUMMY))
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "attack archer t")
    refused(eng, "p1", "attack archer t", "HS-ATTACK-12")


def test_double_attack_waits_for_the_other_after_attacking_effects(effects: Any) -> None:
    # rule: HS-TIMING-04 (Queen Maladrix: the second attack waits)
    seen: list[bool] = []

    def given_back(engine: Engine) -> None:
        turn = engine.state.turn
        seen.append(turn is not None and "syvarris" in turn.attacked)  # not yet given back

    effects(recorder("test_other_after_attack", Window.AFTER_ATTACK, "p2", given_back))
    eng = sandbox(fig("syvarris", "p1", (0, 2), SYVARRIS), fig("t", "p2", (4, 2), DUMMY))
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "attack syvarris t")
    assert seen == [True]
    assert eng.state.turn is not None and "syvarris" not in eng.state.turn.attacked


def test_a_drop_answer_with_one_bad_space_names_that_space_and_the_battlefields_range() -> None:
    # rule: HS-ROUND-02 (The Drop is answered with one space per waiting figure)
    m, events = drop_match(13)
    bf = m.state.battlefield
    a, b, c = (bf.label(Hex(q, 4)) for q in (1, 3, 5))
    err = refused(m, "p1", f"choose {a} {b} {c} Z99", "HS-ROUND-02")
    assert f"Z99 is not a space on {bf.name} (its spaces run {bf.labels.extent()}" in str(err)
    assert "is not an answer here" not in str(err) and m.state.pending[0].options[0] not in str(err)
    assert "3 spaces named; name 4, one for each figure" in str(refused(m, "p1", f"choose {a} {b} {c}"))
    assert f"{a} is named twice" in str(refused(m, "p1", f"choose {a} {a} {b} {c}"))
    asked = next(e for e in events if e.kind == "pending")
    # The suggestion is shown once, as the first answer, not again inside the question.
    assert asked.data["options"][0] not in asked.data["prompt"] and "legal drop" in asked.data["prompt"]
