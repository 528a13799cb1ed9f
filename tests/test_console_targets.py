"""The console's ``targets FIG``: each attack of the figure listed apart (normal attack, then each
special attack, with the dice against each target), and the image marking what they can hit."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from bot.console.local import Console
from bot.content.maps import MAPS_DIR_ENV, default_maps_dir
from bot.game import session as game_session
from bot.game.session import GameSession
from bot.rules.state import Phase


@pytest.fixture
def lane_map(tmp_path: Path) -> Iterator[None]:
    """Five grass spaces in a row; the start zones are its first space and its fourth."""
    folder = tmp_path / "maps"
    folder.mkdir()
    for f in default_maps_dir().glob("*.json"):
        (folder / f.name).write_text(f.read_text())
    (folder / "lane.json").write_text(json.dumps({
        "format": "heroscape-map/1", "id": "lane", "name": "Lane",
        "fill": [{"q": [0, 4], "r": [0, 0], "level": 1, "terrain": "grass"}], "hexes": [], "obstacles": [],
        "glyphs": [], "start_zones": {"red": [[0, 0]], "blue": [[3, 0]]}}))
    mp = pytest.MonkeyPatch()
    mp.setenv(MAPS_DIR_ENV, str(folder))
    game_session.maps.cache_clear()
    yield
    mp.undo()
    game_session.maps.cache_clear()


def test_targets_lists_the_normal_and_each_special_attack(tmp_path: Path, lane_map: None) -> None:
    # rule: HS-SPECIAL-09 (Thorian Speed forbids Drake's distant normal attackers, not special ones)
    out: list[str] = []
    session = GameSession.create("local", map_id="lane", seed=3)
    names = iter(["Alice", "Bob"])
    con = Console(session, tmp_path, read=lambda _prompt: next(names), write=out.append, tty=False, screen=False)
    assert con.seat_players(False)
    for line in ("army Deathwalker 9000", "Bob: army Sgt. Drake Alexander", "start", "place-rest",
                 "Bob: place-rest"):
        assert con.handle(line)
    st = session.state
    assert st.phase is Phase.ORDERS
    walker = next(f for f in st.figures.values() if f.card_key.endswith("deathwalker-9000"))
    drake = next(f for f in st.figures.values() if f is not walker)
    out.clear()
    con.cmd_targets(walker.id)
    label = st.battlefield.label(drake.hex)
    assert out[:4] == [
        f"{walker.id} can attack:",
        "  normal attack: no figure in reach",
        f"  Explosion Special Attack: {drake.id}",
        f"    {drake.id} at {label}: 3 attack vs 3 defense dice, 0.75 wounds expected",
    ], out
    image = tmp_path / f"targets-{walker.id}.png"
    assert out[4] == f"targets image: {image}"
    with Image.open(image) as img:
        assert img.format == "PNG"
