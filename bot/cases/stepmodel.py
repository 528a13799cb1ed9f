"""The steps of a rules case and its ``expect`` objects, in formats v1 and v2 (FORMAT.md, "Steps").

Each step is read on its own (:func:`read_step`) by its ``query``, ``do`` or ``check`` key, into the
model of that query or action for the case's format, so an error names the step and its field
(``steps.3.path.0``) and a v2 step in a v1 case says to write ``"format": 2``. An ``expect`` checks
only the keys it writes (:meth:`Expect.has`).

:raises CaseError: (from :func:`read_step`) naming the file, the step's field and what was wrong.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

from bot.cases.model import CaseError, Coord, Dice, Dice2, Strict, loc

#: The statistics a ``stat`` query may ask for.
Stat = Literal["life", "move", "range", "attack", "defense"]


class FigureExpect(Strict):
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


class ObjectExpect(Strict):
    """Checks on one destructible object."""

    wounds: int | None = None
    destroyed: bool | None = None


class GlyphExpect(Strict):
    """One glyph on the battlefield."""

    name: str
    at: Coord
    side: Literal["power", "symbol"]


class PendingExpect(Strict):
    """The decision the rules wait on: whose it is."""

    player: str


class Expect(Strict):
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


class Step(Strict):
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


class Drop(Strict):
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


class CheckStep(Strict):
    """``{"check": {...}}`` (v1)."""

    check: Expect


class CheckStep2(Strict):
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
