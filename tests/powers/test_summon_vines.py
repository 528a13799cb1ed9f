"""Summon Vines (Xenithrax the Vineweaver; ``bot/rules/powers/turn_summon_vines.py``) and the Vines
Glyph it puts down (``bot/rules/glyphs/catalogue.py``: a power glyph with no power of its own,
which stops a figure walking onto it, HS-GLYPH-03, and not one flying over it, HS-FLY-06).
"""

from __future__ import annotations

import pytest

from bot.game.ai import next_command
from bot.render.glyph_key import glyph_lines
from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from bot.rules.glyphs import describe
from bot.rules.hexes import Hex
from bot.rules.legal import LegalCommands
from bot.rules.movement import move_cost
from bot.rules.powers import enforcement, turn_summon_vines
from tests.powers.conftest import F
from tests.rules.conftest import DUMMY, LIB, begin_round, card, fig, sandbox

XENITHRAX = LIB.get("Xenithrax the Vineweaver")
VINES = "xenithrax_vines"


def _xenithrax(*others: object) -> Engine:
    """Xenithrax on (2, 2)-(3, 2), a Dummy of p2's at (7, 2); p1 first in round 1."""
    eng = sandbox(fig("x", "p1", [(2, 2), (3, 2)], XENITHRAX), fig("d", "p2", (7, 2), DUMMY), *others)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers_for(XENITHRAX.name), p2=markers_for("Dummy"))
    return eng


def markers_for(name: str) -> str:
    """All four markers on ``name``; only 1-3 are revealed, so Xenithrax gets three turns a round."""
    return f'1="{name}" 2="{name}" 3="{name}" X="{name}"'


def _label(eng: Engine, h: Hex) -> str:
    return eng.state.battlefield.label(h)


def test_summon_vines_is_enforced_from_the_card_data() -> None:
    power = XENITHRAX.power("place_object")
    assert power is not None and enforcement(power) is None
    assert turn_summon_vines.check({"object": "Wall of Fire", "count": 3, "distance": 4,
                                    "window": "after move, before attack"}) \
        == "putting 'Wall of Fire' on the battlefield is not built yet"


def test_after_moving_he_may_put_a_vines_glyph_within_4_spaces_nearest_the_enemy_first() -> None:
    # rule: HS-TURN-06 (offered even though nothing moved)
    eng = _xenithrax()
    eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.kind == "place_object" and pend.options[-1] == "skip"
    spaces = [eng.state.battlefield.parse_space(o) for o in pend.options[:-1]]
    x = F(eng, "x")
    assert all(min(h.distance(s) for s in x.hexes) <= 4 for h in spaces)
    assert Hex(7, 2) not in spaces and not set(x.hexes) & set(spaces)  # occupied spaces are not empty
    assert spaces[0].distance(Hex(7, 2)) == 1  # next to the enemy first
    assert {c.command for c in LegalCommands(eng.state, "p1").choices()} == {f"choose {o}" for o in pend.options}
    events = eng.execute("p1", f"choose {pend.options[0]}")
    placed = next(e for e in events if e.kind == "glyph_placed")
    assert placed.data["glyph"] == VINES and placed.data["left"] == 2 and placed.data["cause"] == "Summon Vines"
    assert eng.state.glyphs[spaces[0]] == (VINES, "power")


def test_only_once_a_round() -> None:
    eng = _xenithrax()
    eng.execute("p1", "end-turn")
    eng.execute("p1", f"choose {eng.state.pending[0].options[0]}")
    eng.execute("p2", "end-turn")  # the Dummy's turn
    assert eng.state.turn is not None and eng.state.turn.player == "p1" and eng.state.turn.marker == "2"
    eng.execute("p1", "end-turn")
    assert not eng.state.pending and len([g for g in eng.state.glyphs.values() if g[0] == VINES]) == 1


def test_skip_leaves_the_glyphs_on_the_card_for_a_later_turn() -> None:
    eng = _xenithrax()
    eng.execute("p1", "end-turn")
    eng.execute("p1", "choose skip")
    assert eng.state.glyphs == {}
    eng.execute("p2", "end-turn")
    eng.execute("p1", "end-turn")  # his second turn this round: still unused, so offered again
    assert eng.state.pending and eng.state.pending[0].kind == "place_object"


def test_a_space_out_of_reach_is_refused_and_a_typed_one_in_reach_is_taken() -> None:
    eng = _xenithrax()
    eng.execute("p1", "end-turn")
    with pytest.raises(IllegalCommand):
        eng.execute("p1", f"choose {_label(eng, Hex(9, 9))}")  # far beyond 4 spaces
    assert eng.state.glyphs == {}
    eng.execute("p1", f"choose {_label(eng, Hex(2, 4)).lower()}")
    assert eng.state.glyphs == {Hex(2, 4): (VINES, "power")}


def test_no_glyph_left_no_offer() -> None:
    eng = _xenithrax()
    cip = eng.state.cards[F(eng, "x").card_key]
    cip.data["supply:Summon Vines"] = 3
    eng.execute("p1", "end-turn")
    assert not eng.state.pending


def test_a_walking_figure_stops_on_the_vines_and_a_flying_one_passes_over() -> None:
    # rule: HS-GLYPH-03, HS-FLY-06
    walker = fig("w", "p2", (2, 6), card(name="Walker", move=6))
    flier = fig("f", "p2", (3, 5), card(name="Flier", move=6, keywords=["flying"]))
    eng = _xenithrax(walker, flier)
    eng.execute("p1", "end-turn")
    eng.execute("p1", f"choose {_label(eng, Hex(2, 5))}")
    w, f = F(eng, "w"), F(eng, "f")
    assert move_cost(eng.state, w, [Hex(2, 5)]) == 1
    assert move_cost(eng.state, w, [Hex(2, 5), Hex(2, 4)]) is None  # caught: it must stop on the vines
    assert move_cost(eng.state, f, [Hex(2, 5), Hex(1, 5)], fly=True) == 2  # flying over does not stop


def test_without_vines_the_walker_goes_on() -> None:
    # rule: HS-GLYPH-03
    walker = fig("w", "p2", (2, 6), card(name="Walker", move=6))
    eng = _xenithrax(walker)
    assert move_cost(eng.state, F(eng, "w"), [Hex(2, 5), Hex(2, 4)]) == 2


def test_the_vines_say_what_they_are_and_work_for_nobody() -> None:
    info = describe("Xenithrax Vines Glyph")
    assert info is not None and info.name == VINES and "must stop" in info.text
    eng = _xenithrax()
    eng.execute("p1", "end-turn")
    eng.execute("p1", f"choose {_label(eng, Hex(2, 4))}")
    assert glyph_lines(eng.state) == [("XV", "power", f"{_label(eng, Hex(2, 4))} Xenithrax Vines Glyph (Stops movement)")]


def test_the_computer_puts_the_vines_next_to_an_enemy() -> None:
    eng = _xenithrax()
    eng.execute("p1", "end-turn")
    assert next_command(eng.state, "p1") == f"choose {eng.state.pending[0].options[0]}"
    h = eng.state.battlefield.parse_space(eng.state.pending[0].options[0])
    assert h.distance(Hex(7, 2)) == 1
