"""Moves powers give outside the normal move (``bot/rules/powers/move_free.py``), with real cards
built from the shared card file's params: Eisenek Advance (Hellforge Mandukor, once Order Markers
are placed) and Hyper Speed 5 (Silver Surfer, after his turn).
"""

from __future__ import annotations

from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.match import Match
from bot.rules.powers import move_free
from tests.powers.conftest import F
from tests.powers.shared_cards import shared_card, shared_powers
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

MANDUKOR = shared_card("Hellforge Mandukor")
SOLDIER = card(name="Soldier")


def mandukor_match(**orders: str) -> Match:
    m = full_match({"p1": [MANDUKOR, SOLDIER], "p2": [DUMMY]})
    begin_round(m, None, **orders)
    return m


def test_hellforge_advances_4_spaces_when_every_order_marker_is_on_an_eisenek_card() -> None:
    m = mandukor_match(p1=markers(MANDUKOR.name), p2=markers("Dummy"))
    pend = m.state.pending[0]
    assert pend.kind == "pre_round_move" and pend.options[-1] == "stay"
    fig = next(f for f in m.state.figures.values() if f.card_key.endswith("mandukor"))
    start = fig.hexes[0]
    far = next(h for h in m.state.battlefield.hexes() if h.distance(start) == 5)
    try:
        m.apply("p1", f"choose {m.state.battlefield.label(far)}")
        raise AssertionError("5 spaces is beyond Eisenek Advance")
    except IllegalCommand as err:
        assert "cannot reach" in str(err)
    m.apply("p1", f"choose {pend.options[0]}")
    fig = m.state.figures[fig.id]  # a refused command leaves the match as it was: look the figure up again
    assert fig.hexes[0] == m.state.battlefield.parse_space(pend.options[0]) and fig.hexes[0] != start
    assert 1 <= fig.hexes[0].distance(start) <= 4


def test_eisenek_advance_needs_every_order_marker_on_an_eisenek_card() -> None:
    m = mandukor_match(p1=markers(MANDUKOR.name, SOLDIER.name), p2=markers("Dummy"))
    assert not m.state.pending or m.state.pending[0].kind != "pre_round_move"


def test_silver_surfer_hyper_speed_moves_him_after_his_turn() -> None:
    surfer = shared_card("Silver Surfer")
    m = full_match({"p1": [surfer], "p2": [DUMMY]}, orders={"p1": markers(surfer.name), "p2": markers("Dummy")},
                   initiative=[20, 1])
    fig = next(f for f in m.state.figures.values() if f.card_key.endswith("silver-surfer"))
    start = fig.hexes
    m.apply("p1", "end-turn")
    pend = m.state.pending[0]
    assert pend.kind == "post_turn_move"
    m.apply("p1", f"choose {pend.options[0]}")
    assert fig.hexes != start and m.state.turn is not None and m.state.turn.player == "p2"


def test_free_move_checks_over_the_shared_file() -> None:
    gained = {n for k in ("pre_round_move", "post_turn_move", "move_other") for n, _, v in shared_powers(k)
              if move_free.CHECKS[k](v) is None}
    assert {"Hellforge Mandukor", "Death Chasers of Thesk", "Silver Surfer", "Blastatrons"} <= gained
    assert "Granite Guardians" in gained and "Gelryie Vanguards" not in gained


# ---- move_other after an attack (Cover Fire, Scatter) ---------------------------------------------------------


def test_agent_skahen_cover_fire_moves_a_tricky_vydar_figure_after_wounding() -> None:
    skahen, carr = shared_card("Agent Skahen"), shared_card("Agent Carr")
    eng = sandbox(fig("sk", "p1", (2, 2), skahen), fig("carr", "p1", (2, 5), carr),
                  fig("soldier", "p1", (3, 5), card(name="Soldier")), fig("dummy", "p2", (3, 2), DUMMY))
    roll(eng, [SKULL] + [BLANK] * 20)
    eng.execute("p1", "attack sk dummy")
    while eng.state.pending and eng.state.pending[0].kind != "move_other_after_attack":
        eng.execute("p1", "choose skip")  # Double Attack: no second attack
    pend = eng.state.pending[0]
    assert pend.options == ["carr", "skip"]  # Tricky and follows Vydar; not Skahen herself nor the Soldier
    eng.execute("p1", "choose carr")
    to = eng.state.pending[0]
    assert to.kind == "move_other_to" and to.options[-1] == "stay"
    eng.execute("p1", f"choose {to.options[0]}")
    assert F(eng, "carr").hexes != (Hex(2, 5),)


def test_cover_fire_needs_a_wound() -> None:
    skahen, carr = shared_card("Agent Skahen"), shared_card("Agent Carr")
    eng = sandbox(fig("sk", "p1", (2, 2), skahen), fig("carr", "p1", (2, 5), carr), fig("dummy", "p2", (3, 2), DUMMY))
    roll(eng, [BLANK] * 20)
    eng.execute("p1", "attack sk dummy")
    assert all(p.kind != "move_other_after_attack" for p in eng.state.pending)


def test_deathreavers_scatter_two_of_them_after_defending() -> None:
    reavers = shared_card("Deathreavers")
    key = "p1/reavers"
    eng = sandbox(fig("d1", "p1", (2, 2), reavers, card_key=key), fig("d2", "p1", (5, 5), reavers, card_key=key),
                  fig("d3", "p1", (6, 6), reavers, card_key=key), fig("orc", "p2", (3, 2), card(name="Orc")))
    roll(eng, [BLANK] * 3 + [BLANK] * 4)
    eng.execute("p2", "attack orc d1")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "move_other_after_attack", ["d1", "d2", "d3", "skip"])
    eng.execute("p1", "choose d2")
    assert eng.state.pending[0].options == ["d1", "d3", "done"]
    eng.execute("p1", "choose d3")
    for moved in ("d2", "d3"):
        start = F(eng, moved).hexes
        eng.execute("p1", f"choose {eng.state.pending[0].options[0]}")
        assert F(eng, moved).hexes != start
    assert not eng.state.pending


def test_tul_bak_ra_teleports_a_marro_squad_figure_next_to_him_per_wound() -> None:
    tul = shared_card("Tul-Bak-Ra")
    marro = card(name="Marro Warriors", kind="squad", rarity="common", species="Marro")
    eng = sandbox(fig("tul", "p1", (2, 2), tul), fig("m1", "p1", (6, 6), marro, card_key="p1/marro"),
                  fig("s", "p1", (6, 4), card(name="Soldier")), fig("orc", "p2", (3, 2), card(name="Orc", attack=3)))
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK] * (tul.defense or 0))
    eng.execute("p2", "attack orc tul")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "reinforce_when_wounded", ["m1", "skip"])  # not the Soldier
    eng.execute("p1", "choose m1")
    eng.execute("p1", f"choose {eng.state.pending[0].options[0]}")
    assert any(F(eng, "m1").hexes[0].is_adjacent(h) for h in F(eng, "tul").hexes) and not eng.state.pending


def test_no_reinforcements_without_a_wound() -> None:
    tul = shared_card("Tul-Bak-Ra")
    marro = card(name="Marro Warriors", kind="squad", rarity="common", species="Marro")
    eng = sandbox(fig("tul", "p1", (2, 2), tul), fig("m1", "p1", (6, 6), marro, card_key="p1/marro"),
                  fig("orc", "p2", (3, 2), card(name="Orc", attack=3)))
    roll(eng, [BLANK, BLANK, BLANK] + [BLANK] * (tul.defense or 0))
    eng.execute("p2", "attack orc tul")
    assert not eng.state.pending
