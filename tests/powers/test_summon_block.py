"""The summon building block (``bot/rules/powers/turn_summon.py``) with real cards built from the
shared card file's params: Summon Elemental (Kurrok, after moving, on 11), Zombies Rise Again (into
the destroyed figure's space), Marro Rebirth's exceptions (Grok Training, Self-Replicating).
"""

from __future__ import annotations

import json

from bot.rules.cards import Power
from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.powers import turn_summon
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import SHARED, shared_card
from tests.rules.conftest import (
    BLANK,
    DUMMY,
    SKULL,
    begin_round,
    card,
    fig,
    full_match,
    markers,
    roll,
    sandbox,
)

KURROK = shared_card("Kurrok the Elementalist")
EARTH = shared_card("Earth Elemental")


def kurrok() -> Engine:
    eng = sandbox(fig("k", "p1", (2, 2), KURROK), fig("ee", "p1", (5, 5), EARTH), fig("dummy", "p2", (3, 2), DUMMY))
    eng.destroy(F(eng, "ee"), "earlier")
    return eng


def test_kurrok_summons_a_destroyed_elemental_within_3_spaces_on_11() -> None:
    eng = kurrok()
    roll(eng, [BLANK] * 12, d20=[11])
    eng.execute("p1", "attack k dummy")  # the after-moving window opens first
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("summon_after_moving", ["roll", "skip"])
    eng.execute("p1", "choose roll")
    place = eng.state.pending[0]
    assert all(eng.state.battlefield.parse_space(o).distance(Hex(2, 2)) <= 3 for o in place.options)
    eng.execute("p1", f"choose {place.options[0]}")
    assert F(eng, "ee").on_battlefield and F(eng, "ee").wounds == 0


def test_summon_elemental_fails_under_11() -> None:
    eng = kurrok()
    roll(eng, [BLANK] * 12, d20=[10])
    eng.execute("p1", "attack k dummy")
    events = eng.execute("p1", "choose roll")
    assert not powers(events)[0]["success"] and F(eng, "ee").destroyed


def test_zombies_rise_again_into_the_space_of_the_figure_they_destroy() -> None:
    zombies = shared_card("Zombies of Morindan")
    key = "p1/zombies"
    eng = sandbox(fig("z1", "p1", (2, 2), zombies, card_key=key), fig("z2", "p1", (6, 6), zombies, card_key=key),
                  fig("pawn", "p2", (3, 2), card(name="Pawn", life=1, defense=0)))
    eng.destroy(F(eng, "z2"), "earlier")
    roll(eng, [SKULL] + [BLANK] * 6)
    eng.execute("p1", "attack z1 pawn")
    assert F(eng, "pawn").destroyed and F(eng, "z2").hexes == (Hex(3, 2),)


def test_zombies_do_not_rise_for_an_undead_victim() -> None:
    zombies = shared_card("Zombies of Morindan")
    key = "p1/zombies"
    undead = card(name="Ghoul", life=1, defense=0, species="Undead")
    eng = sandbox(fig("z1", "p1", (2, 2), zombies, card_key=key), fig("z2", "p1", (6, 6), zombies, card_key=key),
                  fig("ghoul", "p2", (3, 2), undead))
    eng.destroy(F(eng, "z2"), "earlier")
    roll(eng, [SKULL] + [BLANK] * 6)
    eng.execute("p1", "attack z1 ghoul")
    assert F(eng, "ghoul").destroyed and F(eng, "z2").destroyed


def test_marro_rebirth_never_brings_back_grok_riders_or_marro_dividers() -> None:
    # The Marro Hive's own card does not load here (a 6-space base): its power on a stand-in.
    hive = next(c for c in json.loads(SHARED.read_text(encoding="utf-8")) if c["name"] == "Marro Hive")
    rebirth = next(p for p in hive["powers"] if p["name"] == "Marro Rebirth")
    power = Power(name="Marro Rebirth", text="", kind="summon",
                  values={k: v for k, v in rebirth["params"].items() if k != "pattern"})
    stand_in = card(name="Hive", powers=[power.model_dump()])
    warriors = card(name="Marro Warriors", kind="squad", rarity="common", species="Marro")
    eng = sandbox(fig("h", "p1", (2, 2), stand_in), fig("w", "p1", (5, 5), warriors),
                  fig("g", "p1", (6, 5), shared_card("Grok Riders")), fig("d", "p1", (6, 6), shared_card("Marro Dividers")))
    for f in ("w", "g", "d"):
        eng.destroy(F(eng, f), "earlier")
    assert [f.id for f in turn_summon.returnable(eng.state, F(eng, "h"), power)] == ["w"]


def test_iskra_summons_the_rechets_on_14_and_they_may_take_a_turn() -> None:
    iskra, rechets = shared_card("Iskra Esenwein"), shared_card("Rechets of Bogdan")
    m = full_match({"p1": [iskra, rechets], "p2": [DUMMY]})
    bats = sorted(f.id for f in m.state.figures.values() if f.card_key.endswith("rechets-of-bogdan"))
    assert len(bats) == 3 and all(m.state.figures[b].reserve for b in bats)  # they start off the battlefield
    begin_round(m, [20, 1], p1=markers(iskra.name), p2=markers("Dummy"))
    m.apply("p1", "end-turn")
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("summon_after_turn", ["roll", "skip"])
    roll(m, d20=[14])
    m.apply("p1", "choose roll")
    for _ in bats:
        m.apply("p1", f"choose {m.state.pending[0].options[0]}")
    assert all(m.state.figures[b].on_battlefield for b in bats)
    pend = m.state.pending[0]
    assert pend.options == ["p1/rechets-of-bogdan", "skip"]
    m.apply("p1", "choose p1/rechets-of-bogdan")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/rechets-of-bogdan"


def test_iskra_rolling_under_14_leaves_the_rechets_off_the_battlefield() -> None:
    iskra, rechets = shared_card("Iskra Esenwein"), shared_card("Rechets of Bogdan")
    m = full_match({"p1": [iskra, rechets], "p2": [DUMMY]})
    begin_round(m, [20, 1], p1=markers(iskra.name), p2=markers("Dummy"))
    m.apply("p1", "end-turn")
    roll(m, d20=[13])
    m.apply("p1", "choose roll")
    assert all(f.reserve for f in m.state.figures.values() if f.card_key.endswith("rechets-of-bogdan"))
    assert m.state.turn is not None and m.state.turn.player == "p2"


def test_the_drop_read_from_the_shared_params_lands_on_13_and_waits_on_12() -> None:
    elite = shared_card("Airborne Elite")  # The Drop as pattern deploy_delayed
    for need, lands in ((13, True), (12, False)):
        m = full_match({"p1": [elite, card(name="Soldier")], "p2": [card(name="Archer", range=7)]}, place=False)
        m.apply("p1", "place-rest")  # the Elite start off the battlefield
        roll(m, d20=[need])
        events = m.apply("p2", "place-rest")
        assert powers(events)[0]["needed"] == 13 and powers(events)[0]["success"] is lands
        assert bool(m.state.pending) is lands and (not lands or m.state.pending[0].kind == "the_drop")
