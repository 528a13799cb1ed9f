"""A user's content folder adds to the shipped content, and never takes any of it away (issue 10).

User card, map and scenario files whose id (or name) clashes with a shipped one are refused,
naming both files, and the shipped item stays; a copy of a shipped file is skipped quietly;
clashes between shipped files are reported the same way; list entries in messages count from 1.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from bot.content import cards as cards_mod
from bot.content import library as library_mod
from bot.content.cards import CARDS_DIR_ENV, CardFileError, CardLibrary, default_cards_dir, load_card_file
from bot.content.maps import MAPS_DIR_ENV, MapLibrary
from bot.content.scenarios import SCENARIOS_DIR_ENV, ScenarioLibrary

SHIPPED_CARDS = default_cards_dir()
VALKYRIE = SHIPPED_CARDS / "rise-of-the-valkyrie.json"


def _finn_copy() -> dict[str, Any]:
    doc = json.loads(VALKYRIE.read_text(encoding="utf-8"))
    finn = next(c for c in doc["cards"] if c["name"] == "Finn the Viking Champion")
    finn.pop("id", None)  # the id follows the name
    return {**finn, "name": "Finn the Homebrew Champion", "short": "Homebrew Finn"}


def _write(folder: Path, name: str, doc: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_user_card_reusing_a_shipped_id_is_refused_and_the_shipped_set_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "a.json" sorts before every shipped file: by name order alone it would have won.
    mine = _write(tmp_path, "a.json", {"format": "heroscape-cards/1", "set": "Homebrew",
                                       "cards": [{**_finn_copy(), "id": "finn-the-viking-champion"}]})
    monkeypatch.setenv(CARDS_DIR_ENV, str(tmp_path))
    lib = CardLibrary.default()
    shipped = CardLibrary.from_paths(SHIPPED_CARDS)
    assert sorted(c.id for c in lib) == sorted(c.id for c in shipped)
    assert lib.get("Finn").name == "Finn the Viking Champion"
    assert {c.name for c in load_card_file(VALKYRIE)} <= {c.name for c in lib}
    assert len(lib.errors) == 1
    assert lib.errors[0].startswith(f"{mine}: card 'Finn the Homebrew Champion': id 'finn-the-viking-champion' "
                                    f"is already used by 'Finn the Viking Champion' in {VALKYRIE}, which stays")


def test_a_user_card_reusing_a_shipped_short_name_is_refused_naming_both_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = _write(tmp_path, "mine.json", {"format": "heroscape-cards/1", "set": "Homebrew",
                                          "cards": [{**_finn_copy(), "short": "Finn"}]})
    monkeypatch.setenv(CARDS_DIR_ENV, str(tmp_path))
    lib = CardLibrary.default()
    assert "Finn the Homebrew Champion" not in lib and lib.get("Finn").name == "Finn the Viking Champion"
    assert len(lib.errors) == 1 and str(mine) in lib.errors[0] and str(VALKYRIE) in lib.errors[0]


def test_a_copy_of_a_shipped_card_file_in_the_user_folder_is_skipped_quietly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(VALKYRIE, tmp_path / VALKYRIE.name)
    _write(tmp_path, "mine.json", {"format": "heroscape-cards/1", "cards": [_finn_copy()]})
    monkeypatch.setenv(CARDS_DIR_ENV, str(tmp_path))
    lib = CardLibrary.default()
    assert lib.errors == []
    assert lib.get("Homebrew Finn").name == "Finn the Homebrew Champion"


def test_a_missing_user_card_folder_is_reported_and_the_shipped_cards_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CARDS_DIR_ENV, str(tmp_path / "nowhere"))
    lib = CardLibrary.default()
    assert lib.get("Finn").life == 4
    assert lib.errors == [f"{tmp_path / 'nowhere'}: is not a folder of card files (set {CARDS_DIR_ENV} to one)"]


def test_a_clash_between_shipped_card_files_is_an_error_naming_both(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    shutil.copytree(SHIPPED_CARDS, data / "cards")
    twin = _write(data / "cards", "zz-twin.json", {"format": "heroscape-cards/1",
                                                   "cards": [{**_finn_copy(), "short": "Finn"}]})
    monkeypatch.setattr(cards_mod, "DATA_DIR", data)
    lib = CardLibrary.default()
    assert len(lib.errors) == 1
    assert str(twin) in lib.errors[0] and str(data / "cards" / VALKYRIE.name) in lib.errors[0]


def test_card_positions_in_messages_count_from_one(tmp_path: Path) -> None:
    path = _write(tmp_path, "mine.json", {"format": "heroscape-cards/1", "cards": [_finn_copy(), {"name": 5}]})
    with pytest.raises(CardFileError, match=r"mine\.json: card #2: field 'name'"):
        load_card_file(path)
    path = _write(tmp_path, "two.json", {"format": "heroscape-cards/1",
                                         "cards": [{**_finn_copy(), "powers": [{"name": "X"}]}]})
    with pytest.raises(CardFileError, match=r"card #1 \('Finn the Homebrew Champion'\): field 'powers #1\.text'"):
        load_card_file(path)


# --- maps and scenarios --------------------------------------------------------------------------

SHIPPED_MAP = library_mod.DATA_DIR / "maps" / "practice-field.json"
SHIPPED_SCENARIO = library_mod.DATA_DIR / "scenarios" / "last-army-standing.json"


@pytest.mark.parametrize(("library", "env", "shipped"), [
    pytest.param(MapLibrary, MAPS_DIR_ENV, SHIPPED_MAP, id="maps"),
    pytest.param(ScenarioLibrary, SCENARIOS_DIR_ENV, SHIPPED_SCENARIO, id="scenarios"),
])
def test_a_user_file_reusing_a_shipped_id_is_refused_and_the_shipped_one_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, library: Any, env: str, shipped: Path) -> None:
    doc = json.loads(shipped.read_text(encoding="utf-8"))
    item_id = doc["id"]
    mine = _write(tmp_path, "a.json", {**doc, "name": "My own"})
    _write(tmp_path, "b.json", {**doc, "id": "my-other", "name": "My other"})
    monkeypatch.setenv(env, str(tmp_path))
    lib = library.default()
    assert item_id in lib.ids() and "my-other" in lib.ids()
    assert len(lib) == len(library.from_directory(shipped.parent)) + 1
    assert lib.get(item_id).name != "My own"
    assert lib.errors == [f"{mine}: id: '{item_id}' (My own) clashes with the {library.what} '{item_id}' of "
                          f"{shipped}, which stays; give this {library.what} another id and name"]


@pytest.mark.parametrize(("library", "env", "shipped"), [
    pytest.param(MapLibrary, MAPS_DIR_ENV, SHIPPED_MAP, id="maps"),
    pytest.param(ScenarioLibrary, SCENARIOS_DIR_ENV, SHIPPED_SCENARIO, id="scenarios"),
])
def test_a_copy_of_a_shipped_file_and_a_missing_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, library: Any, env: str, shipped: Path) -> None:
    shutil.copy(shipped, tmp_path / shipped.name)
    monkeypatch.setenv(env, str(tmp_path))
    lib = library.default()
    assert lib.errors == [] and lib.ids() == library.from_directory(shipped.parent).ids()
    monkeypatch.setenv(env, str(tmp_path / "nowhere"))
    lib = library.default()
    assert lib.ids() == library.from_directory(shipped.parent).ids()
    assert lib.errors == [f"{tmp_path / 'nowhere'}: folder: is not a folder of {library.what} files (set {env} to one)"]


def test_a_clash_between_shipped_maps_is_an_error_naming_both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(SHIPPED_MAP.parent, tmp_path / "maps")
    doc = json.loads(SHIPPED_MAP.read_text(encoding="utf-8"))
    twin = _write(tmp_path / "maps", "zz.json", {**doc, "id": "zz"})  # a new id, the same name
    monkeypatch.setattr(library_mod, "DATA_DIR", tmp_path)
    lib = MapLibrary.default()
    assert lib.errors == [f"{twin}: id: 'zz' (Practice Field) clashes with the map 'practice-field' of "
                          f"{tmp_path / 'maps' / 'practice-field.json'}, which stays; give this map another id and name"]


def test_the_shipped_content_loads_without_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    for env in (CARDS_DIR_ENV, MAPS_DIR_ENV, SCENARIOS_DIR_ENV):
        monkeypatch.delenv(env, raising=False)
    assert CardLibrary.default().errors == MapLibrary.default().errors == ScenarioLibrary.default().errors == []


def test_map_positions_in_messages_count_from_one() -> None:
    from bot.content.maps import MapFileError, parse_map_spec

    doc = {"format": "heroscape-map/1", "fill": [{"q": [0, 3], "r": [0, 3], "level": 1, "terrain": "grass"}],
           "start_zones": {"red": [[0, 0], "A1"]}}
    with pytest.raises(MapFileError, match=r"zone 'red' entry #2 is \"A1\""):
        parse_map_spec(doc, "x.json")
