"""Scenario files (``data/scenarios/*.json``) and the scenario library.

A scenario file is one :class:`bot.rules.scenario.Scenario` written as JSON (its ``format`` key is
the army format, HS-ARMY-01)::

    {"id": "last-army-standing", "name": "Last army standing", "level": "master",
     "map": "practice-field", "min_players": 2, "max_players": 4,
     "format": {"points": 500, "figures": null, "spaces": null, "round_limit": 12},
     "victory": [{"kind": "last_standing"}, {"kind": "round_limit_score"}],
     "notes": "..."}

The army format in a file holds the defaults a match starts from; the bot lets players change
points, figures, spaces and round limit when they create a match. Besides the model's own checks,
a file is refused when its players range is empty, a limit is not positive, a
``round_limit_side`` rule has no round or names no side of the scenario, or a
``round_limit_score`` rule has no round and the format no round limit.

Errors raise :class:`ScenarioFileError` naming the file, the field and what is expected.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from bot.content.library import (
    ContentFileError,
    FolderLibrary,
    UnknownNameError,
    item_label,
    read_json_object,
    validate,
)
from bot.content.maps import MapLibrary
from bot.rules.scenario import Scenario

#: Environment variable naming a user folder whose scenarios add to the shipped ones (:meth:`ScenarioLibrary.default`).
SCENARIOS_DIR_ENV = "HEROSCAPE_SCENARIOS_DIR"


class ScenarioFileError(ContentFileError):
    """A scenario cannot be used. The message names the file, the field and what is expected."""


class UnknownScenarioError(UnknownNameError):
    """No scenario has this id or name; the message suggests the closest ones."""


def check_scenario(scenario: Scenario, source: str) -> None:
    """The checks a scenario file needs beyond its model.

    :raises ScenarioFileError: naming the field and what is expected.
    """
    if scenario.min_players < 1:
        raise ScenarioFileError(source, "min_players", "must be at least 1")
    if scenario.max_players < scenario.min_players:
        raise ScenarioFileError(
            source, "max_players", f"{scenario.max_players} is less than min_players {scenario.min_players}"
        )
    if scenario.sides and len(scenario.sides) > scenario.max_players:
        raise ScenarioFileError(source, "sides", f"{len(scenario.sides)} sides for at most {scenario.max_players} players")
    names = [s.name for s in scenario.sides]
    if len(set(names)) != len(names):
        raise ScenarioFileError(source, "sides", "two sides share a name")
    for limit in ("points", "figures", "spaces", "round_limit"):
        value = getattr(scenario.format, limit)
        if value is not None and value < 1:
            raise ScenarioFileError(source, f"format.{limit}", f"{value} is not a limit: write a positive number or null")
    from bot.rules.scenarios.registry import unknown_rules  # the plug-ins register on import of bot.rules

    for rid in unknown_rules(scenario):
        raise ScenarioFileError(source, f"rules.{rid}", "is not a special rule the bot knows")
    if not scenario.victory:
        raise ScenarioFileError(source, "victory", "lists no victory condition")
    for i, rule in enumerate(scenario.victory):
        field = item_label("victory", i)
        if rule.round is not None and rule.round < 1:
            raise ScenarioFileError(source, f"{field}.round", f"{rule.round} is not a round number")
        if rule.kind == "round_limit_side":
            if rule.round is None and scenario.format.round_limit is None:
                raise ScenarioFileError(source, f"{field}.round", "round_limit_side needs a round (or format.round_limit)")
            if rule.side is None:
                raise ScenarioFileError(source, f"{field}.side", "round_limit_side needs the side that wins")
            if rule.side not in names:
                known = ", ".join(names) or "none"
                raise ScenarioFileError(source, f"{field}.side", f"'{rule.side}' is not one of the sides ({known})")
        elif rule.kind == "round_limit_score" and rule.round is None and scenario.format.round_limit is None:
            raise ScenarioFileError(source, f"{field}.round", "round_limit_score needs a round (or format.round_limit)")


def parse_scenario(doc: object, source: str = "scenario") -> Scenario:
    """Validate a decoded scenario.

    :raises ScenarioFileError: naming ``source``, the field and what is expected.
    """
    scenario = validate(Scenario, doc, source, ScenarioFileError)
    check_scenario(scenario, source)
    return scenario


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate a scenario file.

    :raises ScenarioFileError: the file is unreadable, not JSON, or not a valid scenario.
    """
    p = Path(path)
    return parse_scenario(read_json_object(p, ScenarioFileError), str(p))


class ScenarioLibrary(FolderLibrary[Scenario]):
    """The scenarios of a folder (``*.json``), by id; ids and names are looked up case-insensitively.

    Iterating yields the scenarios in id order.
    """

    what = "scenario"
    file_error = ScenarioFileError
    unknown_error = UnknownScenarioError
    env = SCENARIOS_DIR_ENV
    folder = "scenarios"

    def __init__(self, scenarios: Iterable[Scenario] = ()) -> None:
        super().__init__()
        for s in scenarios:
            self.add(s)

    def add(self, scenario: Scenario, source: str | None = None) -> None:
        """Add a scenario.

        :raises ScenarioFileError: its id or name is taken.
        """
        src = source or scenario.id
        self._store(scenario.id, scenario.name, scenario, src)

    def add_file(self, path: Path) -> None:
        """Read, validate and add one scenario file.

        :raises ScenarioFileError: see :func:`load_scenario` and :meth:`add`.
        """
        self.add(load_scenario(path), str(path))

    def get(self, id_or_name: str) -> Scenario:
        """The scenario with this id or name (any case; spaces, ``-`` and ``_`` alike).

        :raises UnknownScenarioError: no such scenario; the message suggests the closest names.
        """
        return self._items[self._id(id_or_name)]

    def check_maps(self, maps: MapLibrary) -> None:
        """Check every scenario's map is in ``maps`` and each side's zone is a start zone of it.

        :raises ScenarioFileError: naming the scenario file and the field.
        """
        for sid in self.ids():
            scenario, src = self._items[sid], self._sources[sid]
            if scenario.map is None:
                continue
            if scenario.map not in maps:
                raise ScenarioFileError(src, "map", maps.not_found_message(scenario.map))
            zones = maps.get(scenario.map).start_zones
            for i, side in enumerate(scenario.sides):
                if side.zone not in zones:
                    known = ", ".join(sorted(zones)) or "none"
                    raise ScenarioFileError(
                        src, f"{item_label('sides', i)}.zone", f"'{side.zone}' is not a start zone of {scenario.map} ({known})"
                    )


def default_scenarios_dir() -> Path:
    """The shipped ``data/scenarios`` folder (``$HEROSCAPE_SCENARIOS_DIR`` adds a folder of the user's)."""
    return ScenarioLibrary.default_dir()
