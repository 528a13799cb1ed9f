"""Reading a rules case: the file's shape in formats v1 and v2 (``shared/rules-cases/FORMAT.md``).

A case without ``"format"`` is v1 and is read exactly as v1 says; ``"format": 2`` adds the v2 fields
(map ladders, objects and zones; library cards; copies, carried glyphs and figures off the
battlefield; scenario, round and teams; the new steps, queries and checks). Every model forbids
unknown keys, so a typo is named instead of ignored, and a v2 field in a v1 case says to add
``"format": 2``.

Steps are kept as read and read one by one later (:mod:`bot.cases.stepmodel`). Nothing here
touches the rules engine.

:raises CaseError: (from :func:`load_case`) naming the file, the field and what was wrong.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

#: An axial coordinate ``[q, r]``.
Coord = tuple[int, int]
#: The faces of a combat die as cases write them.
Face = Literal["skull", "shield", "blank"]
#: The seed scenarios a v2 case may name (FORMAT.md, "Scenario").
SCENARIOS = ("rumble-at-the-rift", "mission-critical", "wherever-theres-trouble",
             "bridge-to-the-forgotten-forest", "fall-of-the-dumutef-bridge")


class CaseError(Exception):
    """A case file that cannot be read or run: the message names the file and field."""


class Strict(BaseModel):
    """A part of a case: unknown keys are refused (a typo is named, never ignored)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


def hexes_of(at: Coord | list[Coord]) -> list[Coord]:
    """The hexes of a figure's ``at``: one ``[q, r]`` or a list of them (double-space)."""
    items: list[Any] = list(at)
    if items and isinstance(items[0], list | tuple):
        return [(int(c[0]), int(c[1])) for c in items]
    return [(int(items[0]), int(items[1]))]


# ---- dice ------------------------------------------------------------------------------------------


class Dice(Strict):
    """A step's scripted dice (v1): combat faces and d20 results, consumed in order."""

    combat: list[Face] = Field(default_factory=list)
    d20: list[int] = Field(default_factory=list)

    @field_validator("d20")
    @classmethod
    def _d20(cls, value: list[int]) -> list[int]:
        for v in value:
            if not 1 <= v <= 20:
                raise ValueError(f"{v} is not a d20 result; use 1-20")
        return value


class Dice2(Dice):
    """v2 dice: also ``pick``, 0-based indexes for random choices the rulebooks leave to chance."""

    pick: list[int] = Field(default_factory=list)

    @field_validator("pick")
    @classmethod
    def _pick(cls, value: list[int]) -> list[int]:
        for v in value:
            if v < 0:
                raise ValueError(f"{v} is not an index; picks count from 0")
        return value


# ---- figures ----------------------------------------------------------------------------------------


class FigureSpec(Strict):
    """One figure of a v1 case: id, card name, owner, one hex or two (double-space), wounds."""

    id: str
    card: str
    owner: str
    at: Coord | list[Coord]
    wounds: int = Field(default=0, ge=0)


class FigureSpec2(FigureSpec):
    """A v2 figure: also ``copy`` (the second copy of a card), carried and flipped glyphs, and
    ``off_battlefield`` (then ``at`` is left out)."""

    at: Coord | list[Coord] | None = None  # type: ignore[assignment]
    copy_: int = Field(default=1, ge=1, le=9, alias="copy")
    carries: list[str] = Field(default_factory=list)
    flipped: list[str] = Field(default_factory=list)
    off_battlefield: bool = False


# ---- map extras (v2) ---------------------------------------------------------------------------------


class LadderSpec(Strict):
    """A rope ladder hanging from ``top`` over the neighbouring ``bottom``, its lower end at ``bottom_level``."""

    top: Coord
    bottom: Coord
    bottom_level: int = Field(ge=0, le=1000)


class ObjectSpec(Strict):
    """A destructible object: id, spaces, height, Life and Defense."""

    id: str = Field(min_length=1)
    at: list[Coord] = Field(min_length=1)
    height: int = Field(ge=1, le=1000)
    life: int = Field(ge=1)
    defense: int = Field(ge=0)


class MapExtras(Strict):
    """The v2 keys of a case's ``map`` that the project's map format may not know (yet)."""

    ladders: list[LadderSpec] = Field(default_factory=list)
    objects: list[ObjectSpec] = Field(default_factory=list)
    zones: dict[str, list[Coord]] = Field(default_factory=dict)


# ---- scenario (v2) -------------------------------------------------------------------------------------


class ScenarioSpec(Strict):
    """The seed scenario a case plays under: its name, level and each player's side."""

    name: Literal[SCENARIOS]  # type: ignore[valid-type]
    level: Literal["seasoned", "veteran"] | None = None
    roles: dict[str, str] = Field(default_factory=dict)


# ---- the case ----------------------------------------------------------------------------------------


class CaseSpec(Strict):
    """A whole case file (format v1). ``steps`` are read one by one by :func:`read_step`."""

    id: str
    rules: list[str] = Field(default_factory=list)
    about: str = ""
    map: dict[str, Any]
    cards: list[dict[str, Any]]
    players: list[str] = Field(min_length=1)
    figures: list[FigureSpec]
    steps: list[Any] = Field(default_factory=list)

    @property
    def version(self) -> int:
        """The case format: 1 or 2."""
        return 1


class CaseSpec2(CaseSpec):
    """A format v2 case."""

    format: Literal[2]
    figures: list[FigureSpec2]  # type: ignore[assignment]
    scenario: ScenarioSpec | None = None
    round: int = Field(default=1, ge=1)
    teams: list[list[str]] = Field(default_factory=list)

    @property
    def version(self) -> int:
        """The case format: 2."""
        return 2


# ---- reading -------------------------------------------------------------------------------------------


_UNION_MEMBER = re.compile(r"^(str|int|bool|float|none|list\[.*\]|tuple\[.*\]|dict\[.*\])$")


def loc(err: ValidationError, prefix: str = "") -> str:
    """``field.path: message`` of a validation error's first problem (prefixed with ``prefix``)."""
    e = err.errors()[0]
    # pydantic names the member of a union it tried (``target.str``): not a field of the case.
    parts = [str(p) for p in e["loc"] if not _UNION_MEMBER.match(str(p))]
    path = ".".join((prefix.split(".") if prefix else []) + parts)
    msg = e["msg"]
    if len(parts) < len(e["loc"]):
        msg = f"not one of the forms this field takes ({msg.lower()})"
    if e["type"] == "extra_forbidden":
        msg = "this key is not part of the case format (check FORMAT.md for its spelling)"
    elif e["type"] == "literal_error":
        msg = msg.replace("Input should be", "expected")
    return f"{path}: {msg}"


def _v2_hint(data: dict[str, Any], err: ValidationError) -> str:
    """For a v1 case that uses a v2 key: the advice to add ``"format": 2``, else ``""``."""
    e = err.errors()[0]
    if e["type"] != "extra_forbidden":
        return ""
    try:
        CaseSpec2.model_validate({**data, "format": 2})
    except ValidationError as exc2:
        if exc2.errors()[0]["loc"] == e["loc"]:
            return ""
    return ' (a format v2 key: write "format": 2 at the top of the case)'


def load_case(path: Path) -> CaseSpec:
    """Read and validate one case file (v1, or v2 when it says ``"format": 2``); steps are read later.

    :raises CaseError: naming the file and field when it is not a valid case.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(f"{path}: cannot read the file ({exc})") from None
    except json.JSONDecodeError as exc:
        raise CaseError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise CaseError(f"{path}: not a case: the JSON is nested too deeply") from None
    if not isinstance(data, dict):
        raise CaseError(f"{path}: a case is a JSON object with id, map, cards, players, figures, steps")
    fmt = data.get("format", 1)
    if fmt not in (1, 2) or isinstance(fmt, bool):
        raise CaseError(f"{path}: field format: {json.dumps(fmt)[:40]} is not a case format; write 2 for "
                        "format v2, or leave it out for v1")
    if fmt == 1:
        data = {k: v for k, v in data.items() if k != "format"}
    model: type[CaseSpec] = CaseSpec2 if fmt == 2 else CaseSpec
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        if fmt == 1 and _v2_hint(data, exc):
            field_ = loc(exc).split(":", 1)[0]
            raise CaseError(f"{path}: field {field_}: a format v2 key; write \"format\": 2 at the top of the "
                            "case to use it") from None
        raise CaseError(f"{path}: field {loc(exc)}") from None
