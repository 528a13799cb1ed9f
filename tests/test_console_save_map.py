"""A saved match whose map file moved, or whose imported map's folder is not set, says which map is
missing and what to do; a log that no longer replays on a changed map says the map may have changed
(qa1 finding 9)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from test_console import Script, console

from bot.console.local import Console
from bot.game import mapsource
from bot.game.session import GameSession

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "data" / "maps" / "cobra-facility.json"


def _loader(tmp_path: Path) -> tuple[Console, Script]:
    return console(tmp_path / "other", "x")


def test_a_save_on_a_map_file_that_moved_names_the_file(tmp_path: Path) -> None:
    mine = tmp_path / "arena.json"
    shutil.copy(MAP, mine)
    session = GameSession.create("local", map_id=str(mine), seed=5)
    session.apply("alice", "join Alice")
    save = tmp_path / "save.json"
    save.write_text(json.dumps(session.to_record()))
    mine.rename(tmp_path / "elsewhere.json")
    mapsource.remove(str(mine))  # a new console process has not read the file
    con, script = _loader(tmp_path)
    assert not con.cmd_load(str(save))
    assert f"the match was played on the map file {mine}, which is not there now: put the file back" in script.text
    assert "Known maps" not in script.text


def test_a_save_on_an_imported_map_id_names_the_folder_setting(tmp_path: Path) -> None:
    session = GameSession.create("local", map_id="cobra-facility", seed=5)
    session.apply("alice", "join Alice")
    record = {**session.to_record(), "map_id": "my-arena"}
    save = tmp_path / "save.json"
    save.write_text(json.dumps(record))
    con, script = _loader(tmp_path)
    assert not con.cmd_load(str(save))
    assert "the match was played on the map 'my-arena', which no map folder holds now" in script.text
    assert "set HEROSCAPE_MAPS_DIR to the folder that holds my-arena.json" in script.text
