"""Reading a rules case: the file's shape in formats v1 and v2 (``shared/rules-cases/FORMAT.md``).

A case without ``"format"`` is v1 and is read exactly as v1 says; ``"format": 2`` adds the v2 fields
(map ladders, objects and zones; library cards; copies, carried glyphs and figures off the
battlefield; scenario, round and teams; the new steps, queries and checks). Every model forbids
unknown keys, so a typo is named instead of ignored, and a v2 field in a v1 case says to add
``"format": 2``.

Steps are read one by one (:func:`read_step`) by their ``do``, ``query`` or ``check`` key, so an
error names the step and its field (``steps.3.path.0``). Nothing here touches the rules engine.

:raises CaseError: (from :func:`load_case`, :func:`read_step`) naming the file, the field and what
    was wrong.
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
#: The statistics a ``stat`` query may ask for.
Stat = Literal["life", "move", "range", "attack", "defense"]


class CaseError(Exception):
    """A case file that cannot be read or run: the message names the file and field."""


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


def hexes_of(at: Coord | list[Coord]) -> list[Coord]:
    """The hexes of a figure's ``at``: one ``[q, r]`` or a list of them (double-space)."""
    items: list[Any] = list(at)
    if items and isinstance(items[0], list | tuple):
        return [(int(c[0]), int(c[1])) for c in items]
    return [(int(items[0]), int(items[1]))]


# ---- dice ------------------------------------------------------------------------------------------


class Dice(_M):
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


class FigureSpec(_M):
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


class LadderSpec(_M):
    """A rope ladder hanging from ``top`` over the neighbouring ``bottom``, its lower end at ``bottom_level``."""

    top: Coord
    bottom: Coord
    bottom_level: int = Field(ge=0, le=1000)


class ObjectSpec(_M):
    """A destructible object: id, spaces, height, Life and Defense."""

    id: str = Field(min_length=1)
    at: list[Coord] = Field(min_length=1)
    height: int = Field(ge=1, le=1000)
    life: int = Field(ge=1)
    defense: int = Field(ge=0)


class MapExtras(_M):
    """The v2 keys of a case's ``map`` that the project's map format may not know (yet)."""

    ladders: list[LadderSpec] = Field(default_factory=list)
    objects: list[ObjectSpec] = Field(default_factory=list)
    zones: dict[str, list[Coord]] = Field(default_factory=dict)


# ---- scenario (v2) -------------------------------------------------------------------------------------


class ScenarioSpec(_M):
    """The seed scenario a case plays under: its name, level and each player's side."""

    name: Literal[SCENARIOS]  # type: ignore[valid-type]
    level: Literal["seasoned", "veteran"] | None = None
    roles: dict[str, str] = Field(default_factory=dict)


# ---- the case ----------------------------------------------------------------------------------------


class CaseSpec(_M):
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


# ---- steps ---------------------------------------------------------------------------------------------


class FigureExpect(_M):
    """Checks on one figure (v1)."""

    at: Coord | list[Coord] | None = None
    wounds: int | None = None
    destroyed: bool | None = None


class FigureExpect2(FigureExpect):
    """Checks on one figure (v2): also carried and flipped glyphs, controller, off the battlefield."""

    carries: list[str] | None = None
    flipped: list[str] | None = None
    controller: str | None = None
    off_battlefield: bool | None = None


class ObjectExpect(_M):
    """Checks on one destructible object."""

    wounds: int | None = None
    destroyed: bool | None = None


class GlyphExpect(_M):
    """One glyph on the battlefield."""

    name: str
    at: Coord
    side: Literal["power", "symbol"]


class PendingExpect(_M):
    """The decision the rules wait on: whose it is."""

    player: str


class Expect(_M):
    """An action's ``expect`` or a ``check`` step (v1). Only the keys written are checked."""

    ok: bool | None = None
    figures: dict[str, FigureExpect] = Field(default_factory=dict)
    first_player: str | None = None
    winner: Any = None

    def has(self, key: str) -> bool:
        """Whether the case wrote ``key`` (a check of ``null`` is a check)."""
        return key in self.model_fields_set


class Expect2(Expect):
    """An ``expect``/``check`` object in v2."""

    figures: dict[str, FigureExpect2] = Field(default_factory=dict)  # type: ignore[assignment]
    objects: dict[str, ObjectExpect] = Field(default_factory=dict)
    glyphs: list[GlyphExpect] = Field(default_factory=list)
    trackers: dict[str, int] = Field(default_factory=dict)
    round: int | None = None
    pending: PendingExpect | None = None
    orders: dict[str, dict[str, str]] = Field(default_factory=dict)
    reinforcements: dict[str, int] = Field(default_factory=dict)

    @field_validator("winner")
    @classmethod
    def _winner(cls, value: Any) -> Any:
        ok = value is None or isinstance(value, str) or (
            isinstance(value, list) and all(isinstance(v, str) for v in value))
        if not ok:
            raise ValueError('a winner is a player id, a list of player ids, "draw" or null')
        return value


class Step(_M):
    """Fields every step may have."""

    expect: Any = None

    def expects(self) -> bool:
        """Whether the step wrote an ``expect``."""
        return "expect" in self.model_fields_set


# -- queries


class RangeQ(Step):
    """``{"query": "range", "from": a, "to": b}``."""

    query: Literal["range"]
    from_: str = Field(alias="from")
    to: str


class PairQ(Step):
    """``adjacent``, ``engaged``, ``height_advantage`` between ``a`` and ``b``."""

    query: Literal["adjacent", "engaged", "height_advantage"]
    a: str
    b: str


class MoveCostQ(Step):
    """``move_cost`` of a path."""

    query: Literal["move_cost"]
    figure: str
    path: list[Coord]
    fly: bool | None = None


class AttackQ(Step):
    """``can_attack``, ``attack_dice``, ``defense_dice`` (v1)."""

    query: Literal["can_attack", "attack_dice", "defense_dice"]
    attacker: str
    target: str


class AttackQ2(AttackQ):
    """v2: the dice of a special attack when ``power`` is given."""

    power: str | None = None


class StatQ(Step):
    """``stat``: a figure's current value of one statistic (v2)."""

    query: Literal["stat"]
    figure: str
    stat: Stat


class PendingQ(Step):
    """``pending``: the decision the rules wait on (v2)."""

    query: Literal["pending"]


# -- actions


class Action(Step):
    """An action: its dice and the ``expect`` checked after it."""

    dice: Dice = Field(default_factory=Dice)
    expect: Expect = Field(default_factory=Expect)


class Action2(Action):
    """A v2 action: dice with ``pick``, checks of v2."""

    dice: Dice2 = Field(default_factory=Dice2)
    expect: Expect2 = Field(default_factory=Expect2)


class Move(Action):
    """``move`` along a path (v1)."""

    do: Literal["move"]
    figure: str
    path: list[Coord] = Field(min_length=1)
    fly: bool | None = None


class Drop(_M):
    """A carried glyph dropped on a space of the path."""

    glyph: str
    at: Coord


class Move2(Action2):
    """``move`` (v2): also ``player`` and ``drop``."""

    do: Literal["move"]
    figure: str
    path: list[Coord] = Field(min_length=1)
    fly: bool | None = None
    player: str | None = None
    drop: list[Drop] = Field(default_factory=list)


class Attack(Action):
    """A normal ``attack``."""

    do: Literal["attack"]
    attacker: str
    target: str


class Attack2(Action2):
    """A normal ``attack`` (v2): ``target`` may be an object; ``player`` may be given."""

    do: Literal["attack"]
    attacker: str
    target: str
    player: str | None = None


class Bare(Action):
    """``end_turn``, ``end_round``, ``roll_initiative``."""

    do: Literal["end_turn", "end_round", "roll_initiative"]


class Bare2(Action2):
    """``end_turn``, ``end_round``, ``roll_initiative``, ``end_moves`` (v2)."""

    do: Literal["end_turn", "end_round", "roll_initiative", "end_moves"]


class PlaceOrders(Action):
    """``place_orders``: a player's four Order Markers."""

    do: Literal["place_orders"]
    player: str
    markers: dict[str, str]


class PlaceOrders2(Action2):
    """``place_orders`` (v2): a second copy is named ``Card#2``."""

    do: Literal["place_orders"]
    player: str
    markers: dict[str, str]


class Special(Action2):
    """``special``: a special attack named as on the card, at a figure, object or hex."""

    do: Literal["special"]
    attacker: str
    power: str
    target: str | Coord
    player: str | None = None


class Choose(Action2):
    """``choose``: the answer to the decision the rules wait on."""

    do: Literal["choose"]
    player: str
    answer: Any


class Use(Action2):
    """``use``: a carried glyph or an optional power, at a time its owner chooses."""

    do: Literal["use"]
    figure: str
    what: str
    target: Any = None


class Cannon(Action2):
    """``cannon``: Cannon Fire by ``figure`` with the cannon whose obstacle id is ``cannon``."""

    do: Literal["cannon"]
    figure: str
    cannon: str
    target: str | Coord


class CheckStep(_M):
    """``{"check": {...}}`` (v1)."""

    check: Expect


class CheckStep2(_M):
    """``{"check": {...}}`` (v2)."""

    check: Expect2


QUERIES_V1: dict[str, type[Step]] = {"range": RangeQ, "adjacent": PairQ, "engaged": PairQ,
                                     "height_advantage": PairQ, "move_cost": MoveCostQ,
                                     "can_attack": AttackQ, "attack_dice": AttackQ, "defense_dice": AttackQ}
QUERIES_V2: dict[str, type[Step]] = {**QUERIES_V1, "can_attack": AttackQ2, "attack_dice": AttackQ2,
                                     "defense_dice": AttackQ2, "stat": StatQ, "pending": PendingQ}
ACTIONS_V1: dict[str, type[Step]] = {"move": Move, "attack": Attack, "end_turn": Bare, "end_round": Bare,
                                     "roll_initiative": Bare, "place_orders": PlaceOrders}
ACTIONS_V2: dict[str, type[Step]] = {"move": Move2, "attack": Attack2, "end_turn": Bare2, "end_round": Bare2,
                                     "roll_initiative": Bare2, "place_orders": PlaceOrders2, "end_moves": Bare2,
                                     "special": Special, "choose": Choose, "use": Use, "cannon": Cannon}

#: Every step the case reads: a query, an action, or a check.
AnyStep = Step | CheckStep | CheckStep2


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
        hint = _v2_hint(data, exc) if fmt == 1 else ""
        raise CaseError(f"{path}: field {loc(exc)}{hint}") from None


def read_step(raw: object, i: int, version: int, source: str) -> AnyStep:
    """Read step ``i`` by its ``query``, ``do`` or ``check`` key.

    :raises CaseError: naming ``steps.i`` and the field when the step is not one of the format.
    """
    where = f"steps.{i}"
    if not isinstance(raw, dict):
        raise CaseError(f"{source}: field {where}: a step is an object with 'query', 'do' or 'check'")
    kinds = [k for k in ("query", "do", "check") if k in raw]
    if len(kinds) != 1:
        what = "needs one of" if not kinds else "has more than one of"
        raise CaseError(f"{source}: field {where}: a step {what} 'query', 'do' or 'check'")
    kind = kinds[0]
    model: type[BaseModel]
    if kind == "check":
        model = CheckStep2 if version == 2 else CheckStep
    else:
        table = (QUERIES_V2 if kind == "query" else ACTIONS_V2) if version == 2 else (
            QUERIES_V1 if kind == "query" else ACTIONS_V1)
        name = raw[kind]
        if not isinstance(name, str) or name not in table:
            what = "query" if kind == "query" else "action"
            later = (QUERIES_V2 if kind == "query" else ACTIONS_V2) if version == 1 else {}
            hint = ' (a format v2 step: write "format": 2 at the top of the case)' if name in later else ""
            known = ", ".join(sorted(table))
            raise CaseError(f"{source}: field {where}.{kind}: unknown {what} {json.dumps(name)[:40]}{hint}; "
                            f"known: {known}")
        model = table[name]
    try:
        step = model.model_validate(raw)
    except ValidationError as exc:
        raise CaseError(f"{source}: field {loc(exc, where)}") from None
    assert isinstance(step, Step | CheckStep | CheckStep2)
    return step
