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
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import ValidationError

from bot.content.maps import MapLibrary, NameIndex, describe_validation_error, read_json_object
from bot.rules.scenario import Scenario

#: Environment variable that replaces the shipped scenario folder in :meth:`ScenarioLibrary.default`.
SCENARIOS_DIR_ENV = "HEROSCAPE_SCENARIOS_DIR"


class ScenarioFileError(ValueError):
    """A scenario cannot be used. The message names the file, the field and what is expected."""

    def __init__(self, source: str, field: str, problem: str) -> None:
        super().__init__(f"{source}: {field}: {problem}")
        self.source = source
        self.field = field
        self.problem = problem


class UnknownScenarioError(KeyError):
    """No scenario has this id or name; the message suggests the closest ones."""

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestions = suggestions or []

    def __str__(self) -> str:
        return self.message


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
    if not scenario.victory:
        raise ScenarioFileError(source, "victory", "lists no victory condition")
    for i, rule in enumerate(scenario.victory):
        field = f"victory[{i}]"
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
    try:
        scenario = Scenario.model_validate(doc)
    except ValidationError as exc:
        field, problem = describe_validation_error(exc)
        raise ScenarioFileError(source, field, problem) from None
    check_scenario(scenario, source)
    return scenario


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate a scenario file.

    :raises ScenarioFileError: the file is unreadable, not JSON, or not a valid scenario.
    """
    p = Path(path)
    return parse_scenario(read_json_object(p, ScenarioFileError), str(p))


def default_scenarios_dir() -> Path:
    """The shipped ``data/scenarios`` folder, or ``$HEROSCAPE_SCENARIOS_DIR`` when that is set."""
    override = os.environ.get(SCENARIOS_DIR_ENV)
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "data" / "scenarios"


class ScenarioLibrary:
    """The scenarios of a folder (``*.json``), by id; ids and names are looked up case-insensitively.

    Iterating yields the scenarios in id order.
    """

    def __init__(self, scenarios: Iterable[Scenario] = ()) -> None:
        #: Files skipped by a tolerant load, each as its error message.
        self.errors: list[str] = []
        self._items: dict[str, Scenario] = {}
        self._sources: dict[str, str] = {}
        self._index = NameIndex("scenario")
        for s in scenarios:
            self.add(s)

    def add(self, scenario: Scenario, source: str | None = None) -> None:
        """Add a scenario.

        :raises ScenarioFileError: its id or name is taken.
        """
        src = source or scenario.id
        clash = self._index.add(scenario.id, scenario.name)
        if clash is not None or scenario.id in self._items:
            raise ScenarioFileError(
                src, "id", f"'{scenario.id}' ({scenario.name}) clashes with the scenario '{clash or scenario.id}'"
            )
        self._items[scenario.id] = scenario
        self._sources[scenario.id] = src

    @classmethod
    def from_directory(cls, directory: str | os.PathLike[str], *, strict: bool = True) -> ScenarioLibrary:
        """Load every ``*.json`` scenario of ``directory``.

        With ``strict`` False a bad file is skipped and its message kept in :attr:`errors`.

        :raises ScenarioFileError: the folder is missing, or (strict) a file is not a valid scenario.
        """
        d = Path(directory)
        if not d.is_dir():
            raise ScenarioFileError(
                str(d), "folder", f"is not a folder of scenario files (set {SCENARIOS_DIR_ENV} to one)"
            )
        lib = cls()
        for path in sorted(d.glob("*.json")):
            try:
                lib.add(load_scenario(path), str(path))
            except ScenarioFileError as exc:
                if strict:
                    raise
                lib.errors.append(str(exc))
        return lib

    @classmethod
    def default(cls) -> ScenarioLibrary:
        """The scenarios of :func:`default_scenarios_dir`; bad files are skipped and listed in ``errors``."""
        return cls.from_directory(default_scenarios_dir(), strict=False)

    def get(self, id_or_name: str) -> Scenario:
        """The scenario with this id or name (any case; spaces, ``-`` and ``_`` alike).

        :raises UnknownScenarioError: no such scenario; the message suggests the closest names.
        """
        found = self._index.find(id_or_name)
        if found is None:
            message, ids = self._index.not_found(id_or_name)
            raise UnknownScenarioError(message, ids)
        return self._items[found]

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
                        src, f"sides[{i}].zone", f"'{side.zone}' is not a start zone of {scenario.map} ({known})"
                    )

    def ids(self) -> list[str]:
        """The scenario ids, sorted."""
        return sorted(self._items)

    def __iter__(self) -> Iterator[Scenario]:
        return iter([self._items[i] for i in self.ids()])

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, id_or_name: object) -> bool:
        return isinstance(id_or_name, str) and self._index.find(id_or_name) is not None
