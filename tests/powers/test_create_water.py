"""Create Water (Ewashia, Master of Tides; ``bot/rules/powers/turn_create_water.py``) and the
terrain that changes with it (``bot/rules/terrain_changes.py``): a decision as her turn ends, the
space water for the rest of the match for every terrain question, saved and replayed with it.
"""

from __future__ import annotations

import pickle

import pytest

from bot.game.ai import next_command
from bot.rules import combat
from bot.rules.battlefield import TerrainChange
from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.legal import LegalCommands
from bot.rules.match import Match
from bot.rules.movement import field_of, move_cost
from bot.rules.powers import enforcement, turn_create_water
from bot.rules.terrain import Terrain
from bot.rules.terrain_changes import tile_spots, why_no_tile
from tests.powers.conftest import F
from tests.rules.conftest import (
    DUMMY,
    LIB,
    begin_round,
    build,
    card,
    fig,
    full_match,
    markers,
    roll,
    sandbox,
)

EWASHIA = LIB.get("Ewashia, Master of Tides")
HERE = Hex(2, 2)


def _ewashia(*others: object, battlefield: object = None) -> Engine:
    """Ewashia at (2, 2) on a grass field, a Dummy of p2's far away, p1 first in round 1."""
    figs = [fig("ew", "p1", (2, 2), EWASHIA), fig("d", "p2", (7, 7), DUMMY), *others]
    eng = sandbox(*figs, battlefield=battlefield) if battlefield is not None else sandbox(*figs)  # type: ignore[arg-type]
    begin_round(eng, [20, 1], p1=markers(EWASHIA.name), p2=markers("Dummy"))
    return eng


def _label(eng: Engine, h: Hex) -> str:
    return eng.state.battlefield.label(h)


def test_create_water_is_enforced_from_the_card_data() -> None:
    power = EWASHIA.power("place_terrain")
    assert power is not None and enforcement(power) is None
    assert turn_create_water.check({"terrain": "lava tile", "count": 3, "window": "end of this figure's turn"}) \
        == "putting 'lava tile' on the battlefield is not built yet"


def test_as_her_turn_ends_she_may_put_water_on_her_space_which_is_offered_first() -> None:
    eng = _ewashia()
    eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.kind == "place_terrain" and pend.player == "p1"
    here = _label(eng, HERE)
    # Her own space first, then the six around her, then skip: every one a legal answer.
    assert pend.options[0] == here and pend.options[-1] == "skip" and len(pend.options) == 8
    assert {c.command for c in LegalCommands(eng.state, "p1").choices()} == {f"choose {o}" for o in pend.options}
    events = eng.execute("p1", f"choose {here}")
    changed = next(e for e in events if e.kind == "terrain_changed")
    assert changed.data == {"at": [2, 2], "level": 1, "terrain": "water", "was": "grass", "cause": "Create Water",
                            "figure": "ew", "player": "p1", "left": 2}
    assert eng.state.terrain_changes == {HERE: TerrainChange(1, Terrain.WATER, Terrain.GRASS, "Create Water")}
    assert field_of(eng.state).terrain(HERE, 1) is Terrain.WATER
    assert eng.state.battlefield.terrain(HERE, 1) is Terrain.GRASS  # the map itself never changes


def test_skip_changes_nothing_and_keeps_the_tiles() -> None:
    eng = _ewashia()
    eng.execute("p1", "end-turn")
    eng.execute("p1", "choose skip")
    assert eng.state.terrain_changes == {}
    assert eng.state.pending == [] and eng.state.turn is not None and eng.state.turn.player == "p2"


def test_an_answer_that_is_not_a_listed_space_is_refused() -> None:
    eng = _ewashia()
    eng.execute("p1", "end-turn")
    far = _label(eng, Hex(5, 5))
    with pytest.raises(IllegalCommand):
        eng.execute("p1", f"choose {far}")
    assert eng.state.terrain_changes == {} and eng.state.pending[0].kind == "place_terrain"


def test_three_tiles_then_the_card_is_empty() -> None:
    # Rounds 1-3: one tile each; in round 4 the power is no longer offered.
    m = full_match({"p1": [EWASHIA.id], "p2": [DUMMY]}, library=[EWASHIA])
    for n in range(4):
        begin_round(m, [20, 1], p1=markers(EWASHIA.name), p2=markers("Dummy"))
        ew = next(f for f in m.state.figures.values() if f.card_key.endswith("ewashia-master-of-tides"))
        for _ in range(3):  # markers 1, 2, 3 of p1 (X is not revealed)
            assert m.state.turn is not None
            who = m.state.turn.player
            m.apply(who, "end-turn")
            if m.state.pending:
                assert n < 3, "a fourth tile was offered"
                spots = [o for o in m.state.pending[0].options if o != "skip"]
                m.apply("p1", f"choose {spots[-1] if len(m.state.terrain_changes) == n else 'skip'}")
        while m.state.turn is not None:
            m.apply(m.state.turn.player, "end-turn")
            if m.state.pending:
                m.apply(m.state.pending[0].player, "choose skip")
        assert len(m.state.terrain_changes) == min(n + 1, 3)
    assert ew is not None and len(m.state.terrain_changes) == 3


def test_water_does_not_go_on_water_or_under_an_obstacle() -> None:
    bf = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
               hexes=[{"at": [3, 2], "level": 1, "terrain": "water"}],
               obstacles=[{"kind": "tree", "at": [[1, 2]], "height": 10}])
    eng = _ewashia(battlefield=bf)
    st = eng.state
    assert why_no_tile(st, Hex(3, 2), 1) == "D3 is water, a Height 0 tile: a new tile goes only on a land tile" \
        .replace("D3", _label(eng, Hex(3, 2)))
    assert why_no_tile(st, Hex(1, 2), 1) == f"an obstacle stands on {_label(eng, Hex(1, 2))}: a tile cannot go under it"
    spots = tile_spots(st, F(eng, "ew"))
    assert Hex(3, 2) not in spots and Hex(1, 2) not in spots and spots[0] == HERE and len(spots) == 5


def test_a_space_watered_once_is_not_offered_again() -> None:
    eng = _ewashia()
    eng.execute("p1", "end-turn")
    eng.execute("p1", f"choose {_label(eng, HERE)}")
    assert HERE not in tile_spots(eng.state, F(eng, "ew"))


def test_new_water_stops_a_walking_figure() -> None:
    # rule: HS-TERRAIN-17
    walker = fig("w", "p2", (2, 4), card(name="Walker", move=6))
    eng = _ewashia(walker)
    eng.execute("p1", "end-turn")
    water = Hex(2, 3)
    eng.execute("p1", f"choose {_label(eng, water)}")
    w = F(eng, "w")
    assert move_cost(eng.state, w, [water]) == 1
    assert move_cost(eng.state, w, [water, Hex(3, 2)]) is None  # it must stop on the new water
    assert move_cost(eng.state, w, [Hex(3, 3), Hex(3, 2)]) == 2  # around it is fine


def test_without_the_tile_the_same_path_goes_through() -> None:
    # rule: HS-TERRAIN-17
    walker = fig("w", "p2", (2, 4), card(name="Walker", move=6))
    eng = _ewashia(walker)
    assert move_cost(eng.state, F(eng, "w"), [Hex(2, 3), Hex(3, 2)]) == 2


def test_aegis_of_the_river_counts_the_water_she_made() -> None:
    eng = _ewashia(fig("a", "p2", (3, 2), card(name="Axer")))
    ew, axer = F(eng, "ew"), F(eng, "a")
    assert combat.defense_dice(eng.state, axer, ew)[0] == 4
    eng.execute("p1", "end-turn")
    eng.execute("p1", f"choose {_label(eng, HERE)}")
    assert combat.defense_dice(eng.state, axer, ew)[0] == 5


def test_twister_needs_water_and_the_made_water_counts() -> None:
    eng = _ewashia(fig("t", "p2", (2, 6), DUMMY.model_copy(update={"name": "Target"})))
    with pytest.raises(IllegalCommand, match="water"):
        eng.execute("p1", "special ew Twister t")
    eng.execute("p1", "end-turn")
    eng.execute("p1", f"choose {_label(eng, HERE)}")
    eng.execute("p2", "end-turn")  # Dummy's turn
    assert eng.state.turn is not None and eng.state.turn.player == "p1"
    roll(eng, ["blank"] * 4 + ["blank"] * 9)
    events = eng.execute("p1", "special ew Twister t")
    assert any(e.kind == "special_roll" for e in events)


def test_the_computer_puts_the_water_under_ewashia() -> None:
    eng = _ewashia()
    eng.execute("p1", "end-turn")
    assert next_command(eng.state, "p1") == f"choose {_label(eng, HERE)}"


def _water_match(seed: int = 7) -> Match:
    m = full_match({"p1": [EWASHIA.id], "p2": [DUMMY]}, library=[EWASHIA], seed=seed)
    begin_round(m, None, p1=markers(EWASHIA.name), p2=markers("Dummy"))
    m.apply("p1", "initiative")
    while not m.state.pending:
        assert m.state.turn is not None
        m.apply(m.state.turn.player, "end-turn")
    m.apply("p1", f"choose {m.state.pending[0].options[0]}")
    assert len(m.state.terrain_changes) == 1
    return m


def test_replay_from_seed_and_log_rebuilds_the_changed_terrain() -> None:
    m = _water_match()
    again = Match.replay(m.battlefield, m.scenario, m.seed, m.log, m.cards)
    assert again.state.terrain_changes == m.state.terrain_changes
    assert again.state_json() == m.state_json()
    assert '"terrain_changes":{' in m.state_json()


def test_a_snapshot_keeps_the_changed_terrain_and_an_older_one_loads_without() -> None:
    m = _water_match()
    back = Match.from_snapshot(m.battlefield, m.scenario, m.seed, m.snapshot(), m.log, m.cards)
    assert back.state.terrain_changes == m.state.terrain_changes
    h = next(iter(m.state.terrain_changes))
    assert field_of(back.state).terrain(h, m.state.terrain_changes[h].level) is Terrain.WATER
    # A snapshot from before the field existed: the state lacks it, and it loads with no changes.
    fresh = full_match({"p1": [EWASHIA.id], "p2": [DUMMY]}, library=[EWASHIA], seed=7)
    object.__delattr__(fresh.state, "terrain_changes")
    old = fresh.snapshot()
    loaded = Match.from_snapshot(fresh.battlefield, fresh.scenario, fresh.seed, old, fresh.log, fresh.cards)
    assert loaded.state.terrain_changes == {}
    assert pickle.loads(pickle.dumps(m.state.terrain_changes)) == m.state.terrain_changes
