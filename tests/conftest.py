"""Fixtures for every test folder: maps of a test's own next to the shipped ones.

- ``extra_maps``: ``extra_maps(spec, ...)`` adds maps (each a ``heroscape-map/1`` dict, the format
  of ``data/maps/README.md``) to the shipped maps through a user map folder until the test ends, so ``/match new map:ID``, ``GameSession.create(map_id=ID)`` and the console
  find them by their ``id``.
- ``lane_map``: the map ``lane``, five grass spaces in a row, for attacks whose reach is one line.
- ``db_target``, ``make_store``: a storage test's database, on SQLite and on PostgreSQL (``tests/backends.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.content.maps import MAPS_DIR_ENV
from bot.game import session as game_session
from tests.backends import BACKENDS, MakeStore, maker, store_target

AddMaps = Callable[..., None]

#: Five grass spaces in a row at level 1 (axial q 0-4, r 0); the start zones are its first space and its fourth.
LANE: dict[str, Any] = {
    "format": "heroscape-map/1", "id": "lane", "name": "Lane",
    "fill": [{"q": [0, 4], "r": [0, 0], "level": 1, "terrain": "grass"}], "hexes": [], "obstacles": [],
    "glyphs": [], "start_zones": {"red": [[0, 0]], "blue": [[3, 0]]}}


@pytest.fixture
def extra_maps(tmp_path: Path) -> Iterator[AddMaps]:
    """``extra_maps(spec, ...)``: the shipped maps plus ``spec`` (written as ``ID.json`` in the user
    map folder ``tmp_path/maps``) become the game's maps; on teardown the shipped maps alone are back."""
    folder = tmp_path / "maps"
    mp = pytest.MonkeyPatch()

    def add(*specs: dict[str, Any]) -> None:
        folder.mkdir(exist_ok=True)
        for spec in specs:
            (folder / f"{spec['id']}.json").write_text(json.dumps(spec))
        mp.setenv(MAPS_DIR_ENV, str(folder))
        game_session.maps.cache_clear()  # the library is cached: read the folder again

    yield add
    mp.undo()
    game_session.maps.cache_clear()


@pytest.fixture
def lane_map(extra_maps: AddMaps) -> None:
    """The shipped maps plus :data:`LANE` (map id ``lane``)."""
    extra_maps(LANE)


#: Eight by four grass spaces, start zones at the two short ends (map id ``field``).
FIELD: dict[str, Any] = {
    "format": "heroscape-map/1", "id": "field", "name": "Field",
    "fill": [{"q": [0, 7], "r": [0, 3], "level": 1, "terrain": "grass"}], "hexes": [], "obstacles": [],
    "glyphs": [], "start_zones": {"red": [{"q": [0, 1], "r": [0, 3]}], "blue": [{"q": [6, 7], "r": [0, 3]}]}}


@pytest.fixture
def field_map(extra_maps: AddMaps) -> None:
    """The shipped maps plus :data:`FIELD` (map id ``field``)."""
    extra_maps(FIELD)


@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """This test's own database, once a SQLite file and once a PostgreSQL URL (see
    ``tests/backends.py``: skipped without a server, failed in CI); give it to a bot as its
    ``database_path``."""
    target, cleanup = store_target(request.param, tmp_path)
    yield target
    cleanup()


@pytest.fixture
def make_store(db_target: str) -> MakeStore:
    """``make_store()``: a new, unopened storage on :func:`db_target` (the same database each call,
    as a restarted bot opens it)."""
    return maker(db_target)
