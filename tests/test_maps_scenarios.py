"""Map and scenario files: the shipped data, the map format's rules, and the errors bad files give."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.content.maps import (
    MapFileError,
    MapLibrary,
    UnknownMapError,
    build_battlefield,
    load_map,
    parse_map_spec,
)
from bot.content.scenarios import (
    ScenarioFileError,
    ScenarioLibrary,
    UnknownScenarioError,
    load_scenario,
)
from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex, offset_of
from bot.rules.terrain import ObstacleKind, Terrain

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "data" / "maps"
SCENARIOS = ROOT / "data" / "scenarios"
RULES_CASES = ROOT.parent / "shared" / "rules-cases"

#: Rumble at the Rift's tiles (HS-SCEN-BOOK-08), in spaces: 2 x 24 asphalt, 5 x 7 + 6 x 3 concrete, ...
RIFT_BOX_SPACES = {
    Terrain.ASPHALT: 2 * 24,
    Terrain.CONCRETE: 5 * 7 + 6 * 3,
    Terrain.TOXIC_LAND: 6,
    Terrain.TOXIC_WATER: 5,
    Terrain.SHADOW: 5,
}


@pytest.fixture(scope="module")
def practice() -> Battlefield:
    return load_map(MAPS / "practice-field.json")


@pytest.fixture(scope="module")
def cobra() -> Battlefield:
    return load_map(MAPS / "cobra-facility.json")


def top(bf: Battlefield, h: Hex) -> int:
    cell = bf.top_cell(h)
    assert cell is not None
    return cell.top


def terrain_of(bf: Battlefield, h: Hex) -> Terrain:
    cell = bf.top_cell(h)
    assert cell is not None
    return cell.terrain


def columns_of(hexes: frozenset[Hex]) -> set[int]:
    return {offset_of(h)[0] for h in hexes}


# --- the shipped maps -------------------------------------------------------------------------


#: The Rumble at the Rift book's maps 2 and 3, reconstructed from the box's tiles (DEC-08).
BOOK_MAPS = ["toxic-pool", "waypoint-waylay"]
OFFICIAL = ["heshva-basin", "howling-pass", "shattered-table", "spire-at-mount-tildept", "vengalla-gulch"]


def test_library_holds_the_shipped_maps() -> None:
    lib = MapLibrary.from_directory(MAPS)
    assert lib.ids() == sorted(["cobra-facility", "forgotten-forest", "practice-field", *OFFICIAL, *BOOK_MAPS])
    assert [spec.name for spec in lib] == ["COBRA Facility", "The Forgotten Forest", "Heshva Basin", "The Howling Pass",
                                           "Practice Field", "The Shattered Table", "Spire at Mount Tildept",
                                           "Toxic Pool", "Vengalla Gulch", "Waypoint Waylay"]
    assert lib.get("Practice Field").name == "Practice Field"
    assert lib.get("COBRA_FACILITY") is lib.get("cobra-facility")
    assert "practice field" in lib and "nowhere" not in lib


def test_practice_field_features(practice: Battlefield) -> None:
    assert 300 <= len(practice) <= 400
    levels = Counter(top(practice, h) for h in practice.hexes())
    assert max(levels) == 4 and min(levels) == 1
    assert levels[1] > len(practice) * 0.75  # mostly level 1
    terrains = Counter(terrain_of(practice, h) for h in practice.hexes())
    assert terrains.most_common(1)[0][0] is Terrain.GRASS
    assert {Terrain.ROCK, Terrain.SAND, Terrain.DIRT, Terrain.WATER} <= set(terrains)
    # A cliff: neighbouring spaces 2 or more levels apart.
    cliffs = [
        (h, n) for h in practice.hexes() for n in h.neighbours() if n in practice and top(practice, h) - top(practice, n) >= 2
    ]
    assert cliffs
    # The stream is one connected run of water.
    water = {h for h in practice.hexes() if terrain_of(practice, h) is Terrain.WATER}
    assert 3 <= len(water) <= 8
    seen: set[Hex] = set()
    todo = [next(iter(water))]
    while todo:
        h = todo.pop()
        seen.add(h)
        todo.extend(n for n in h.neighbours() if n in water and n not in seen)
    assert seen == water
    trees = [o for o in practice.obstacles if o.kind is ObstacleKind.TREE]
    assert len(trees) == 2 and all(o.height == 10 and o.level == 1 for o in trees)
    ruins = [o for o in practice.obstacles if o.kind is ObstacleKind.RUIN]
    assert len(ruins) == 1 and ruins[0].between is not None
    assert practice.obstacles_between(*ruins[0].between) == (ruins[0],)


def test_practice_field_start_zones(practice: Battlefield) -> None:
    zones = practice.start_zones
    assert {"red", "blue"} <= set(zones)
    for name, hexes in zones.items():
        assert 12 <= len(hexes) <= 16, name
        assert all(top(practice, h) == 1 and not practice.obstacles_on(h) for h in hexes)
    width = max(offset_of(h)[0] for h in practice.hexes()) + 1
    # Red and blue on opposite (west and east) edges.
    assert columns_of(zones["red"]) == {0, 1}
    assert columns_of(zones["blue"]) == {width - 2, width - 1}
    assert not zones["red"] & zones["blue"]


def test_cobra_facility_features(cobra: Battlefield) -> None:
    assert {top(cobra, h) for h in cobra.hexes()} == {1, 2, 3}
    terrains = {c.terrain for h in cobra.hexes() for c in cobra.cells(h)}
    assert terrains == set(RIFT_BOX_SPACES)
    forts = [o for o in cobra.obstacles if o.kind is ObstacleKind.FORTIFIED_WALL]
    assert len(forts) == 2 == len(cobra.obstacles)
    for fort in forts:
        assert fort.height == 7 and fort.top == fort.level + 7  # HS-OBSTACLE-11
        assert 2 <= len(fort.hexes) <= 4
    # Near the middle: every fortification space is at least 3 columns from either edge.
    width = max(offset_of(h)[0] for h in cobra.hexes()) + 1
    assert all(3 <= offset_of(h)[0] <= width - 4 for fort in forts for h in fort.hexes)
    assert "reconstruction" in cobra.description and "not available" in cobra.description


def test_cobra_facility_start_zones(cobra: Battlefield) -> None:
    zones = cobra.start_zones
    assert set(zones) == {"red", "blue"}
    assert len(zones["red"]) >= 12 and len(zones["blue"]) >= 12
    width = max(offset_of(h)[0] for h in cobra.hexes()) + 1
    assert max(columns_of(zones["red"])) < width / 2 < min(columns_of(zones["blue"]))
    for hexes in zones.values():
        assert all(top(cobra, h) == 1 and not cobra.obstacles_on(h) for h in hexes)


def tile_spaces(bf: Battlefield) -> Counter[Terrain]:
    """Tile spaces a map uses, by the count its notes define.

    A space whose top is at level L uses its top tile plus L - 1 tiles beneath; the lowest tile
    beneath is asphalt and the others concrete (level 3 concrete = 1 asphalt + 2 concrete). A
    water tile written at level L lies on level L - 1, so it too has L - 1 tiles beneath.
    """
    used: Counter[Terrain] = Counter()
    for h in bf.hexes():
        (cell,) = bf.cells(h)  # the facility has no overhangs
        assert cell.bottom == 0
        used[cell.terrain] += 1
        beneath = cell.top - 1
        if beneath:
            used[Terrain.ASPHALT] += 1
            used[Terrain.CONCRETE] += beneath - 1
    return used


def test_tile_budget_counts_stacks() -> None:
    bf = build_battlefield(
        parse_map_spec(
            {
                "hexes": [
                    {"at": [0, 0], "level": 3, "terrain": "concrete"},
                    {"at": [1, 0], "level": 1, "terrain": "toxic_water"},
                    {"at": [2, 0], "level": 2, "terrain": "shadow"},
                ]
            }
        )
    )
    # level-3 concrete: 1 asphalt + 2 concrete; level-2 shadow: 1 asphalt + 1 shadow
    assert tile_spaces(bf) == {Terrain.CONCRETE: 2, Terrain.ASPHALT: 2, Terrain.TOXIC_WATER: 1, Terrain.SHADOW: 1}


def test_cobra_facility_fits_the_box(cobra: Battlefield) -> None:
    used = tile_spaces(cobra)
    assert set(used) <= set(RIFT_BOX_SPACES)
    for terrain, spaces in used.items():
        assert spaces <= RIFT_BOX_SPACES[terrain], f"{terrain}: {spaces} spaces, the box has {RIFT_BOX_SPACES[terrain]}"
    # The figures the map's notes state.
    assert used == {
        Terrain.ASPHALT: 48,
        Terrain.CONCRETE: 50,
        Terrain.TOXIC_LAND: 6,
        Terrain.TOXIC_WATER: 5,
        Terrain.SHADOW: 4,
    }


@pytest.mark.parametrize("name", ["practice-field.json", "cobra-facility.json"])
def test_labels_round_trip_on_every_space(name: str) -> None:
    bf = load_map(MAPS / name)
    labels = {bf.label(h) for h in bf.hexes()}
    assert len(labels) == len(bf)
    assert "A1" in labels
    for h in bf.hexes():
        assert bf.parse_space(bf.label(h)) == h


def test_rules_case_map_blocks_build() -> None:
    files = sorted(RULES_CASES.glob("*.json"))
    if not files:
        pytest.skip("shared rules cases not present")
    for path in files:
        block = json.loads(path.read_text(encoding="utf-8"))["map"]
        bf = build_battlefield(parse_map_spec(block, str(path)))
        assert len(bf) > 0 and bf.start_zones == {}
        for h in bf.hexes():
            assert bf.parse_space(bf.label(h)) == h


# --- the format's rules -----------------------------------------------------------------------

GROUND = {"q": [0, 3], "r": [0, 3], "level": 1, "terrain": "grass"}


def build(**block: Any) -> Battlefield:
    return build_battlefield(parse_map_spec({"fill": [GROUND], **block}, "test.json"), source="test.json")


def test_later_ground_entry_replaces_earlier() -> None:
    bf = build(hexes=[{"at": [1, 1], "level": 3, "terrain": "rock"}, {"at": [1, 1], "level": 2, "terrain": "sand"}])
    assert [(c.bottom, c.top, c.terrain) for c in bf.cells(Hex(1, 1))] == [(0, 2, Terrain.SAND)]
    assert len(bf) == 16


def test_overhang_gives_two_surfaces_in_one_column() -> None:
    bf = build(hexes=[{"at": [1, 1], "level": 5, "terrain": "wood", "bottom": 4}])
    h = Hex(1, 1)
    assert [(c.bottom, c.top) for c in bf.surfaces(h)] == [(0, 1), (4, 5)]
    assert bf.terrain(h, 1) is Terrain.GRASS and bf.terrain(h, 5) is Terrain.WOOD
    assert bf.headroom(h, 1) == 3 and bf.headroom(h, 5) is None


def test_ground_entry_under_a_bridge_keeps_the_bridge() -> None:
    bf = build(
        hexes=[
            {"at": [1, 1], "level": 6, "terrain": "rock", "bottom": 5},
            {"at": [1, 1], "level": 1, "terrain": "water"},
        ]
    )
    assert [(c.bottom, c.top, c.terrain) for c in bf.cells(Hex(1, 1))] == [
        (0, 1, Terrain.WATER),
        (5, 6, Terrain.ROCK),
    ]


def test_obstacle_levels_default_to_the_ground_they_stand_on() -> None:
    bf = build(
        hexes=[{"at": [1, 1], "level": 3, "terrain": "rock"}],
        obstacles=[
            {"kind": "tree", "at": [[1, 1]], "height": 10},
            {"kind": "ruin", "between": [[1, 1], [2, 1]], "height": 4},
            {"kind": "wall", "between": [[3, 3], [4, 3]], "height": 2, "level": 5},
        ],
    )
    tree, ruin, wall = bf.obstacles
    assert (tree.level, tree.top) == (3, 13)
    assert (ruin.level, ruin.top) == (3, 7)  # the higher of the two spaces
    assert wall.level == 5  # given; [4, 3] is off the battlefield, [3, 3] is a space


# --- bad map files ----------------------------------------------------------------------------


def write(tmp_path: Path, doc: Any, name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def map_doc(**extra: Any) -> dict[str, Any]:
    return {"format": "heroscape-map/1", "fill": [dict(GROUND)], **extra}


@pytest.mark.parametrize(
    ("doc", "field", "words"),
    [
        ('{"format": "heroscape-map/1", "fill": [', "JSON", "not valid JSON"),
        ("[1, 2]", "(top level)", "expected a JSON object"),
        ({"fill": [GROUND]}, "format", "heroscape-map/1"),
        (map_doc(format="heroscape-map/9"), "format", "heroscape-map/1"),
        (map_doc(hexes=[{"at": [1, 1], "level": 1, "terrain": "lava"}]), "hexes #1.terrain", "molten_lava"),
        (map_doc(hexes=[{"at": [1, 1], "level": 1, "terain": "rock"}]), "hexes #1.terrain", "hexes #1.terain: is not a known"),
        (map_doc(hexes=[{"at": [1, 1], "level": 0, "terrain": "rock"}]), "hexes #1.level", "greater than or equal to 1"),
        (map_doc(fill=[{"q": [3, 0], "r": [0, 3], "level": 1, "terrain": "grass"}]), "fill #1", "empty"),
        (map_doc(obstacles=[{"kind": "tree", "at": [[9, 9]], "height": 10}]), "obstacles #1.at #1", "[9, 9]"),
        (map_doc(obstacles=[{"kind": "bush", "at": [[1, 1]], "height": 10}]), "obstacles #1.kind", "fortified_wall"),
        (map_doc(obstacles=[{"kind": "ruin", "between": [[0, 0], [2, 0]], "height": 4}]), "obstacles #1", "adjacent"),
        (map_doc(obstacles=[{"kind": "ruin", "between": [[8, 8], [9, 8]], "height": 4}]), "obstacles #1.between", "neither"),
        (map_doc(obstacles=[{"kind": "tree", "height": 10}]), "obstacles #1", '"at"'),
        (map_doc(start_zones={"red": [[0, 0], [7, 7]]}), "start_zones.red #2", "[7, 7]"),
        (map_doc(start_zones={"red": [{"q": [2, 5], "r": [0, 0]}]}), "start_zones.red #1", "[4, 0]"),
        (map_doc(start_zones={"red": ["A1"]}), "start_zones", "[q, r]"),
        (map_doc(glyphs=[{"name": "astrid", "at": [5, 5]}]), "glyphs #1.at", "not a space"),
        (
            map_doc(hexes=[{"at": [1, 1], "level": 4, "terrain": "rock", "bottom": 3},
                           {"at": [1, 1], "level": 5, "terrain": "wood", "bottom": 2}]),
            "hexes #2",
            "overlapping cells",
        ),
        (map_doc(hexes=[{"at": [1, 1], "level": 3, "terrain": "rock", "bottom": 3}]), "hexes #1", "above bottom"),
        ({"format": "heroscape-map/1"}, "fill", "no spaces"),
        (map_doc(id="Bad Id!"), "id", "pattern"),
    ],
)
def test_bad_map_file_names_file_and_field(tmp_path: Path, doc: Any, field: str, words: str) -> None:
    path = write(tmp_path, doc)
    with pytest.raises(MapFileError) as info:
        load_map(path)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.source == str(path) and err.field == field
    assert str(err).startswith(f"{path}: {field}: ")
    assert words in err.problem


def test_unreadable_map_file(tmp_path: Path) -> None:
    with pytest.raises(MapFileError, match="cannot be read") as info:
        load_map(tmp_path / "missing.json")
    assert "missing.json" in str(info.value)


def test_library_refuses_a_folder_with_a_bad_map(tmp_path: Path) -> None:
    write(tmp_path, map_doc(name="Good"), "good.json")
    write(tmp_path, map_doc(hexes=[{"at": [1, 1], "level": 1, "terrain": "mud"}]), "worse.json")
    with pytest.raises(MapFileError, match=r"worse\.json: hexes #1\.terrain"):
        MapLibrary.from_directory(tmp_path)


def test_library_refuses_duplicate_names(tmp_path: Path) -> None:
    write(tmp_path, map_doc(name="Same"), "one.json")
    write(tmp_path, map_doc(name="same"), "two.json")
    with pytest.raises(MapFileError, match=r"two\.json: id: .*clashes with the map 'one'"):
        MapLibrary.from_directory(tmp_path)


def test_map_id_defaults_to_file_name_and_env_folder_adds_maps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, map_doc(name="Little Square"), "little-square.json")
    monkeypatch.setenv("HEROSCAPE_MAPS_DIR", str(tmp_path))
    lib = MapLibrary.default()
    assert lib.ids() == sorted(["cobra-facility", "forgotten-forest", "little-square", "practice-field", *OFFICIAL,
                                *BOOK_MAPS])
    assert len(lib.get("little square")) == 16


def test_unknown_map_name_suggests_the_close_one() -> None:
    lib = MapLibrary.from_directory(MAPS)
    with pytest.raises(UnknownMapError) as info:
        lib.get("cobra facilty")
    assert info.value.suggestions == ["cobra-facility"]
    assert "Did you mean cobra-facility (COBRA Facility)?" in str(info.value)
    with pytest.raises(KeyError):
        lib.get("Pratice Feild")


# --- scenarios --------------------------------------------------------------------------------


def test_scenarios_load() -> None:
    lib = ScenarioLibrary.from_directory(SCENARIOS)
    # Every level of the Rumble at the Rift book and both Forgotten Forest scenarios.
    assert lib.ids() == ["bridge-to-the-forgotten-forest", "fall-of-the-dumutef-bridge", "last-army-standing",
                         "mission-critical-rookie", "mission-critical-seasoned", "mission-critical-veteran",
                         "rumble-at-the-rift-rookie", "rumble-at-the-rift-seasoned", "rumble-at-the-rift-veteran",
                         "wherever-theres-trouble-rookie", "wherever-theres-trouble-seasoned",
                         "wherever-theres-trouble-veteran"]
    lib.check_maps(MapLibrary.from_directory(MAPS))

    las = lib.get("Last army standing")
    assert (las.min_players, las.max_players, las.map) == (2, 4, "practice-field")
    assert las.format.points == 500 and las.format.round_limit == 12 and las.round_limit == 12
    assert [v.kind for v in las.victory] == ["last_standing", "round_limit_score"]


def test_rumble_at_the_rift_seasoned() -> None:
    rift = load_scenario(SCENARIOS / "rumble-at-the-rift-seasoned.json")
    assert rift.level == "seasoned" and rift.map == "cobra-facility"
    assert rift.min_players == rift.max_players == 2
    assert rift.round_limit == 5  # HS-SCEN-RIFT1-ALL-04
    assert {(s.name, s.zone) for s in rift.sides} == {("G.I. JOE", "blue"), ("COBRA", "red")}
    assert all(s.army == [] for s in rift.sides)  # DEC-07: stand-in cards until the real ones exist
    kinds = {(v.kind, v.round, v.side) for v in rift.victory}
    assert kinds == {("last_standing", None, None), ("round_limit_side", 5, "COBRA")}
    assert "DEC-06" in rift.notes and "DEC-07" in rift.notes and "stand-in" in rift.notes


def scenario_doc(**extra: Any) -> dict[str, Any]:
    return {"id": "x", "name": "X", **extra}


@pytest.mark.parametrize(
    ("doc", "field", "words"),
    [
        ("{oops", "JSON", "not valid JSON"),
        ({"name": "X"}, "id", "required"),
        (scenario_doc(level="expert"), "level", "rookie"),
        (scenario_doc(formatt={}), "formatt", "not a known field"),
        (scenario_doc(min_players=3, max_players=2), "max_players", "less than min_players"),
        (scenario_doc(format={"points": 0}), "format.points", "positive"),
        (
            scenario_doc(sides=[{"name": "A", "zone": "red"}], victory=[{"kind": "round_limit_side", "round": 5, "side": "B"}]),
            "victory #1.side",
            "'B' is not one of the sides",
        ),
        (scenario_doc(victory=[{"kind": "round_limit_score"}]), "victory #1.round", "needs a round"),
        (scenario_doc(victory=[{"kind": "sudden_death"}]), "victory #1.kind", "last_standing"),
    ],
)
def test_bad_scenario_file_names_file_and_field(tmp_path: Path, doc: Any, field: str, words: str) -> None:
    path = write(tmp_path, doc)
    with pytest.raises(ScenarioFileError) as info:
        load_scenario(path)
    assert info.value.field == field
    assert str(info.value).startswith(f"{path}: {field}: ")
    assert words in info.value.problem


def test_scenario_library_suggestions_and_map_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, scenario_doc(id="skirmish", name="Skirmish", map="cobra-facilty"), "skirmish.json")
    monkeypatch.setenv("HEROSCAPE_SCENARIOS_DIR", str(tmp_path))
    lib = ScenarioLibrary.default()
    with pytest.raises(UnknownScenarioError) as info:
        lib.get("skirmsh")
    assert info.value.suggestions == ["skirmish"]
    with pytest.raises(ScenarioFileError, match=r"skirmish\.json: map: .*Did you mean cobra-facility"):
        lib.check_maps(MapLibrary.from_directory(MAPS))


# --- what the map and scenario libraries share (bot.content.library.FolderLibrary) ------------


LIBRARIES = [
    pytest.param(MapLibrary, MapFileError, "HEROSCAPE_MAPS_DIR", lambda i, name: map_doc(id=i, name=name), id="maps"),
    pytest.param(ScenarioLibrary, ScenarioFileError, "HEROSCAPE_SCENARIOS_DIR",
                 lambda i, name: scenario_doc(id=i, name=name, victory=[{"kind": "last_standing"}]), id="scenarios"),
]


@pytest.mark.parametrize(("library", "error", "env", "doc"), LIBRARIES)
def test_a_missing_folder_is_refused_naming_the_variable_that_sets_it(
    tmp_path: Path, library: Any, error: type[Exception], env: str, doc: Any
) -> None:
    with pytest.raises(error) as info:
        library.from_directory(tmp_path / "nowhere")
    assert str(info.value) == f"{tmp_path / 'nowhere'}: folder: is not a folder of {library.what} files (set {env} to one)"


@pytest.mark.parametrize(("library", "error", "env", "doc"), LIBRARIES)
def test_a_tolerant_load_skips_bad_and_clashing_files_and_keeps_their_messages(
    tmp_path: Path, library: Any, error: type[Exception], env: str, doc: Any
) -> None:
    write(tmp_path, doc("alpha", "Alpha"), "a.json")
    write(tmp_path, "{oops", "b.json")
    write(tmp_path, doc("beta", "ALPHA"), "c.json")  # another id, but the same name in another case
    write(tmp_path, doc("gamma", "Gamma"), "d.json")
    with pytest.raises(error, match=r"b\.json: JSON: not valid JSON"):
        library.from_directory(tmp_path)
    lib = library.from_directory(tmp_path, strict=False)
    assert lib.ids() == ["alpha", "gamma"] and len(lib) == 2
    assert [item.id for item in lib] == ["alpha", "gamma"]
    assert "Gamma" in lib and "beta" not in lib and 3 not in lib
    assert [e.split(": ")[0] for e in lib.errors] == [str(tmp_path / "b.json"), str(tmp_path / "c.json")]
    assert lib.errors[1].endswith(f"id: 'beta' (ALPHA) clashes with the {library.what} 'alpha' of "
                                  f"{tmp_path / 'a.json'}, which stays; give this {library.what} another id and name")
