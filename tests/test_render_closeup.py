"""Turn pictures of big maps come with a close-up of the action that reads at phone width (qa1
finding 4): on a 600-space map the close-up shows the turn's spaces at least twice as large; a small
map gets none."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.console.demo import TurnRecorder
from bot.game.session import GameSession
from bot.render import layout_for, render_map
from bot.render.closeup import BIG_MAP_SPACES, CLOSE_WIDTH, action_hexes, closeup
from bot.rules.battlefield import Battlefield, Cell
from bot.rules.events import Event
from bot.rules.state import MatchState
from bot.rules.terrain import Terrain
from tests.test_render import at, small_state


def _big_state() -> MatchState:
    state = small_state()
    columns = {at(c, r): [Cell(top=1, terrain=Terrain.GRASS)] for c in range(30) for r in range(20)}
    state.battlefield = Battlefield.build("big", columns)
    return state


def test_a_big_map_turn_gets_an_enlarged_closeup_of_the_action() -> None:
    state = _big_state()
    assert len(state.battlefield) >= BIG_MAP_SPACES
    finn = state.figures["finn"]
    events = [Event("moved", {"figure": "finn", "path": [[h.q, h.r] for h in (at(1, 2), at(2, 2))]})]
    assert set(finn.hexes) <= set(action_hexes(state, events))
    whole = render_map(state, events=events)
    part = closeup(state, events, whole)
    assert part is not None
    assert part.width == CLOSE_WIDTH
    # a 400-pixel part of a map over 1000 pixels wide, enlarged 2.5 times: each space reads 2.5
    # times larger than in the whole picture at the same display width
    assert layout_for(state.battlefield).map_w > CLOSE_WIDTH
    assert part.height <= part.width


def test_small_maps_and_empty_turns_get_no_closeup() -> None:
    state = small_state()
    events = [Event("moved", {"figure": "finn", "path": [[0, 0]]})]
    assert closeup(state, events, render_map(state, events=events)) is None
    big = _big_state()
    assert closeup(big, [], render_map(big)) is None


def test_the_recorder_writes_the_closeup_beside_the_turn_picture(tmp_path: Path) -> None:
    state = _big_state()
    session = GameSession.create("local", map_id="cobra-facility", seed=1)
    recorder = TurnRecorder(session, tmp_path)
    path = tmp_path / "turn-001.png"
    render_map(state).save(path)
    close = recorder.write_closeup(state, [Event("moved", {"figure": "finn", "path": [[2, 2]]})], path)
    assert close == tmp_path / "turn-001-close.png"
    with Image.open(close) as img:
        assert img.width == CLOSE_WIDTH
