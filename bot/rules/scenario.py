"""Scenarios as data: the format (points, figures, spaces, rounds, drafting), sides and victory conditions.

A scenario is validated by pydantic so that ``data/scenarios/*.json`` and user files load the
same way (HS-ARMY-01, HS-VICTORY-*, HS-SCORE-*, HS-SCEN-*).

Drafting (HS-SCEN-BRIDGE-MASTER-03..05, HS-SCEN-DUMUTEF-MASTER-03..04): a format with ``draft``
set has the players take Army Cards one at a time in turn instead of naming whole armies; the
format may name the side that picks first and the card its first pick must be (the procedure is
DEC-13 in :mod:`bot.rules.decisions`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bot.rules.glyphs import known_name
from bot.rules.terrain import ObstacleKind, Terrain

Level = Literal["rookie", "seasoned", "veteran", "master"]


class Spend(BaseModel):
    """An army must spend at least ``points`` points on copies of the Army Card ``card`` (name or id)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card: str
    points: int = Field(ge=1)


class Format(BaseModel):
    """Army limits and length (HS-ARMY-01). ``None`` means no limit. ``round_limit`` in rounds.

    ``points_system`` says which cost of a card counts against ``points`` (Standard or Delta);
    ``lines`` which product lines may be fielded (:data:`bot.rules.cards.Line`).

    ``draft``: armies are drafted, one Army Card per pick in turn (DEC-13), instead of chosen whole.
    ``draft_first``: the side (a :class:`Side` name) that picks first, instead of a d20 roll;
    ``draft_first_card``: the Army Card (name or id) that side's first pick must be
    (HS-SCEN-BRIDGE-MASTER-05: Player 2 drafts first and must pick a Dumutef Guard).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    points: int | None = None
    figures: int | None = None
    spaces: int | None = None
    round_limit: int | None = None
    draft: bool = False
    #: The named army format this one comes from (:mod:`bot.content.formats`), for display.
    name: str | None = None
    #: Which points an Army Card costs: its Standard points or its Delta (Valhalla Committee) points.
    points_system: Literal["standard", "delta"] = "standard"
    #: The product lines whose cards may be fielded (``None``: every line).
    lines: tuple[str, ...] | None = None
    draft_first: str | None = None
    draft_first_card: str | None = None
    #: Army Cards an army must spend points on: ``[{"card": "Dumutef Guard", "points": 25}]``
    #: (HS-SCEN-BRIDGE-MASTER-04, HS-SCEN-DUMUTEF-MASTER-03). Checked on a whole army.
    spend: list[Spend] = Field(default_factory=list)

    @model_validator(mode="after")
    def _first_card_needs_a_side(self) -> Format:
        if self.draft_first_card is not None and self.draft_first is None:
            raise ValueError("draft_first_card needs draft_first: name the side whose first pick it is")
        return self


class Side(BaseModel):
    """A scenario side: its name (``COBRA``), start zone on the map, and fixed army if any.

    ``points`` and ``spend`` replace the format's for this side's army (uneven points: 425 against
    525 and "spend 25 points on Dumutef Guards", HS-SCEN-BRIDGE-MASTER-03/04).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    zone: str
    army: list[str] = Field(default_factory=list)
    points: int | None = None
    spend: list[Spend] = Field(default_factory=list)


class ScenarioRule(BaseModel):
    """A special rule of a scenario, done by a plug-in of :mod:`bot.rules.scenarios` that handles
    rules of this ``kind`` (``water_survival``, ``hold_zone``, ``reinforcements``...); the other
    keys are that plug-in's parameters, read by it. The engine never names a scenario."""

    model_config = ConfigDict(extra="allow", frozen=True)

    kind: str


class VictoryRule(BaseModel):
    """One victory condition.

    - ``last_standing``: a side wins when no opponent has figures on the battlefield (HS-VICTORY-05).
    - ``round_limit_score``: at the end of ``round`` (default the format's limit), the highest score
      wins and equal top scores draw (HS-SCORE-*).
    - ``round_limit_side``: at the end of ``round``, the side named ``side`` wins (HS-SCEN-RIFT1-ALL-04).
    - ``tracker``: a player whose tracker (:attr:`Scenario.trackers`) is on space ``reach`` wins,
      checked with the others at the end of each Player Turn and round (HS-SCEN-CRIT2-ALL-04).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["last_standing", "round_limit_score", "round_limit_side", "tracker"]
    round: int | None = None
    side: str | None = None
    #: ``tracker``: a player whose scenario tracker reaches this space wins (HS-SCEN-CRIT2-ALL-04).
    reach: int | None = None


class ScenarioGlyph(BaseModel):
    """A glyph the scenario puts on the battlefield, on a map that may have none (HS-GLYPH-01):
    ``{"name": "astrid", "at": [3, 2], "side": "symbol"}``. ``name`` as in map files (lower case,
    no "Glyph of"). The Glyph of Kelda is never placed symbol side up (HS-GLYPH-26)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    at: tuple[int, int]
    side: Literal["power", "symbol"] = "power"

    @field_validator("name")
    @classmethod
    def _known(cls, name: str) -> str:
        # A misspelt glyph would lie on the map and do nothing; refuse it, listing the names.
        return known_name(name)

    @model_validator(mode="after")
    def _kelda_power_side(self) -> ScenarioGlyph:
        if self.name.lower() == "kelda" and self.side == "symbol":
            raise ValueError("the Glyph of Kelda is never placed symbol side up (HS-GLYPH-26); use side 'power'")
        return self


class DestructibleRule(BaseModel):
    """A scenario rule that makes obstacles destructible objects with ``life`` Life and ``defense``
    Defense: those whose ids are listed in ``ids``, and every obstacle of ``kind`` that has an id
    (Crumbling Architecture: each COBRA Fortification, 3 and 3; HS-SCEN-RIFT1-VET-02, HS-DESTRUCT-01).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    ids: list[str] = Field(default_factory=list)
    kind: ObstacleKind | None = None
    life: int = Field(ge=1)
    defense: int = Field(ge=0)

    def covers(self, oid: str, kind: ObstacleKind) -> bool:
        """True when the obstacle ``oid`` of ``kind`` is one this rule makes destructible."""
        return oid.lower() in {i.lower() for i in self.ids} or (self.kind is not None and kind is self.kind)


class Scenario(BaseModel):
    """A scenario at one complexity level (HS-SCEN-BOOK-01..05).

    Rookie needs the Basic Game, which the seeds do not give (DEC-06): a scenario file may list
    it, but the engine refuses it with that reason.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    description: str = ""
    #: One line for menus (``/match new`` autocomplete): the goal and what this level adds.
    summary: str = ""
    level: Level = "master"
    map: str | None = None
    min_players: int = 2
    max_players: int = 2
    format: Format = Field(default_factory=Format)
    sides: list[Side] = Field(default_factory=list)
    victory: list[VictoryRule] = Field(default_factory=lambda: [VictoryRule(kind="last_standing")])
    #: Terrain designated as a variant by the scenario (ice -> slippery_ice, wood -> road ...).
    terrain_variants: dict[Terrain, Terrain] = Field(default_factory=dict)
    #: Obstacles the scenario makes destructible objects (:class:`DestructibleRule`).
    destructible: list[DestructibleRule] = Field(default_factory=list)
    notes: str = ""
    #: Glyphs the scenario places, besides (or instead of) the map's own; a scenario glyph on a
    #: space where the map has one replaces it (HS-GLYPH-01).
    glyphs: list[ScenarioGlyph] = Field(default_factory=list)
    #: What the Glyph of Brandar does in this scenario (HS-GLYPH-07): ``none`` (a figure moving onto
    #: it only stops), ``swept_away`` (the figure is removed from the battlefield: The Rift) or
    #: ``picked_up`` (a figure ending its move on it puts it on its Army Card: the Nanite Vial).
    brandar: Literal["none", "swept_away", "picked_up"] = "none"
    #: Trackers the scenario gives sides: side name -> tracker name (``{"COBRA": "Activation"}``);
    #: each such player's tracker starts on space 0 (``MatchState.trackers``, HS-SCEN-CRIT2-ALL-03).
    trackers: dict[str, str] = Field(default_factory=dict)
    #: Special rules done by the scenario plug-ins (:class:`ScenarioRule`, :mod:`bot.rules.scenarios`),
    #: each a ``kind`` (the rule's id: ``water_survival``, ``the_rift``) and its parameters. A file
    #: may write them as a list (``[{"kind": "water_survival", ...}]``) or as a table of rule id ->
    #: parameters (``{"the_rift": {}}``); both read the same. No scenario name is in the engine.
    rules: list[ScenarioRule] = Field(default_factory=list)
    #: Teams fixed by the scenario: lists of side names whose players are unbreakable allies
    #: (HS-SCEN-DUMUTEF-MASTER-08).
    teams: list[list[str]] = Field(default_factory=list)
    #: The book scenario this file is one level of (``rumble-at-the-rift``): files of one family are
    #: offered together, one per level, when a match is created (empty: a scenario on its own).
    family: str = ""

    @field_validator("rules", mode="before")
    @classmethod
    def _rules_as_list(cls, value: Any) -> Any:
        """A table of rule id -> parameters, read as the list of rules it names."""
        if isinstance(value, dict):
            return [{**(params or {}), "kind": kind} for kind, params in value.items()]
        return value

    @model_validator(mode="after")
    def _draft_first_is_a_side(self) -> Scenario:
        first = self.format.draft_first
        names = [s.name for s in self.sides]
        if first is not None and first not in names:
            raise ValueError(f"format.draft_first is {first!r}, which is not a side of this scenario "
                             f"(sides: {', '.join(names) or 'none'})")
        return self

    def side_named(self, name: str) -> Side | None:
        """The side called ``name`` (as written in the file), or ``None``."""
        return next((s for s in self.sides if s.name == name), None)

    def format_for(self, side: str) -> Format:
        """The format an army of ``side`` is built to: the scenario's, with the side's own points and
        spending rules when it has them (HS-SCEN-BRIDGE-MASTER-03/04)."""
        found = self.side_named(side)
        if found is None or (found.points is None and not found.spend):
            return self.format
        update: dict[str, object] = {}
        if found.points is not None:
            update["points"] = found.points
        if found.spend:
            update["spend"] = [*self.format.spend, *found.spend]
        return self.format.model_copy(update=update)

    def rules_of(self, kind: str) -> list[ScenarioRule]:
        """The scenario's special rules of ``kind``."""
        return [r for r in self.rules if r.kind == kind]

    def rule_params(self) -> dict[str, dict[str, Any]]:
        """Rule id -> its parameters (the first rule of each kind), for the plug-ins that read one
        rule of a kind (:func:`bot.rules.scenarios.registry.params`)."""
        out: dict[str, dict[str, Any]] = {}
        for r in self.rules:
            out.setdefault(r.kind, dict(r.model_extra or {}))
        return out

    @property
    def round_limit(self) -> int | None:
        """The last round, if the scenario has one."""
        limits = [v.round for v in self.victory if v.round is not None]
        if self.format.round_limit is not None:
            limits.append(self.format.round_limit)
        return min(limits) if limits else None


#: A sandbox scenario: no limits, last army standing. Used by rules cases and practice.
SANDBOX = Scenario(id="sandbox", name="Sandbox", max_players=8)
