"""Match state: players, Army Cards in play, figures, the round, the Player Turn, pending decisions.

The state is plain data, open timing windows and pending decisions included. Only the engine
(:mod:`bot.rules.engine` and the modules it dispatches to) changes it, one command at a time; everyone
else (renderer, Discord, console) reads it, through :func:`bot.rules.views.player_view` when the
reader is one player, so that hidden Order Markers stay hidden.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.rules.battlefield import Battlefield, TerrainChange
from bot.rules.cards import ArmyCard
from bot.rules.hexes import Hex
from bot.rules.moments import WindowRun
from bot.rules.scenario import Scenario

MARKERS: tuple[str, ...] = ("1", "2", "3", "X")
NUMBERED: tuple[str, ...] = ("1", "2", "3")


class Phase(StrEnum):
    """Where the match is. ``FREE`` is the sandbox of rules cases: any figure may act."""

    SETUP = "setup"  # armies being chosen
    PLACEMENT = "placement"  # figures placed in start zones
    ORDERS = "orders"  # Order Markers being placed (HS-ROUND-02 step 1)
    INITIATIVE = "initiative"  # all markers placed, waiting for the roll
    TURNS = "turns"  # Player Turns (step 3)
    OVER = "over"
    FREE = "free"


class Stage(StrEnum):
    """Steps of an Army Card turn (HS-TURN-02): move figures, then attack with figures."""

    MOVE = "move"
    ATTACK = "attack"
    DONE = "done"


@dataclass(slots=True)
class Player:
    """A seat at the table. ``team`` groups teammates (DEC-04); ``role`` is a scenario side (``COBRA``)."""

    id: str
    name: str
    seat: int
    team: str = ""
    role: str = ""
    zone: str = ""
    conceded: bool = False

    @property
    def side(self) -> str:
        """The team this player wins with (their own id when they have no teammates)."""
        return self.team or self.id


@dataclass(slots=True)
class CardInPlay:
    """An Army Card in a player's army (HS-ARMY-06, -08: one per Unique/Uncommon copy, one per Common name).

    ``key`` is unique in the match (``p1/finn``); ``controller`` changes with powers such as Mind
    Shackle (HS-ARMY-10).
    """

    key: str
    card: ArmyCard
    owner: str
    controller: str
    figure_ids: list[str] = field(default_factory=list)
    #: Figures activated this round per marker (not needed by the core rules; kept for powers).
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Figure:
    """One figure. ``hexes`` is empty while it is off the battlefield; for a double-space figure
    the leading end is first. ``level`` is the level its base stands on. ``controller`` changes
    with its card's (Mind Shackle); ``reserve`` marks a figure that starts the battle off the
    battlefield and enters by its power (The Drop).
    """

    id: str
    card_key: str
    owner: str
    controller: str
    hexes: tuple[Hex, ...] = ()
    level: int = 0
    wounds: int = 0
    destroyed: bool = False
    set_aside: bool = False
    reserve: bool = False
    #: Treasure, Artifact and Tech Glyphs on this figure's Army Card, by name (HS-TREASURE-06).
    carries: list[str] = field(default_factory=list)
    #: The carried Tech Glyphs turned symbol side up this round (HS-TECH-03).
    flipped: list[str] = field(default_factory=list)

    def __setstate__(self, state: Any) -> None:
        # A snapshot taken before ``carries``/``flipped`` existed lacks them: they start empty.
        dict_part, slot_part = state if isinstance(state, tuple) else (state, None)
        for part in (dict_part, slot_part):
            for k, v in (part or {}).items():
                object.__setattr__(self, k, v)
        for name in ("carries", "flipped"):
            try:
                getattr(self, name)
            except AttributeError:
                object.__setattr__(self, name, [])

    @property
    def on_battlefield(self) -> bool:
        """True while the figure stands on the battlefield."""
        return bool(self.hexes) and not self.destroyed and not self.set_aside

    @property
    def hex(self) -> Hex:
        """The (leading) hex of the figure.

        :raises ValueError: when the figure is off the battlefield.
        """
        if not self.hexes:
            raise ValueError(f"{self.id} is not on the battlefield")
        return self.hexes[0]


@dataclass(slots=True)
class ObjectState:
    """A destructible object's Life, Defense and Wound Markers (HS-DESTRUCT-01); ``destroyed`` once
    its wounds reach its Life (it has then left the battlefield). See :mod:`bot.rules.objects`."""

    life: int
    defense: int
    wounds: int = 0
    destroyed: bool = False


@dataclass(slots=True)
class TurnState:
    """The Player Turn under way (HS-TURN-01, -02).

    It exists from just before its Order Marker is revealed (``marker`` and ``card_key`` are
    ``None`` until then, HS-TURN-04); ``card_key`` is the card of the current Army Card turn.
    """

    player: str
    card_key: str | None
    marker: str | None
    stage: Stage = Stage.MOVE
    moved: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)
    #: Figures whose move is under way (a multi-part move, e.g. waiting for a decision).
    moving: str | None = None
    #: Army Card turns still to take in this Player Turn, added by powers (HS-TURN-05).
    card_turns: list[str] = field(default_factory=list)
    #: Extra per-turn data for powers and terrain (used cannons, once-per-turn flags).
    data: dict[str, Any] = field(default_factory=dict)
    #: Figures a power lets move or attack again (Berserker Charge, Double Attack): taken out of
    #: ``moved``/``attacked`` so they may act again, they still count as activated.
    spent: list[str] = field(default_factory=list)

    @property
    def activated(self) -> list[str]:
        """Figures moved or attacking this turn, each once (HS-ATTACK-03)."""
        seen = list(self.moved)
        seen.extend(f for f in self.attacked if f not in seen)
        seen.extend(f for f in self.spent if f not in seen)
        return seen


@dataclass(slots=True)
class Pending:
    """A decision the engine waits for (a rule says "may", or an order to choose).

    ``player`` must answer with one of ``options`` (``choose <option>``; the option is the value the
    rules read, e.g. a card key); ``labels`` are the same options as people are shown them (card and
    figure names), one per option, or empty when the options read well as they are; ``kind`` names
    the rule that asks, ``prompt`` says it in words; ``context`` carries what the engine needs to go on.
    """

    player: str
    kind: str
    prompt: str
    options: list[str]
    context: dict[str, Any] = field(default_factory=dict)
    rule: str = ""
    labels: list[str] = field(default_factory=list)

    @property
    def shown(self) -> list[str]:
        """The options as people see them: ``labels`` when there is one per option, else ``options``."""
        return list(self.labels) if len(self.labels) == len(self.options) else list(self.options)

    def label(self, option: str) -> str:
        """How ``option`` is shown (itself when it is not one of the options)."""
        return self.shown[self.options.index(option)] if option in self.options else option


@dataclass(slots=True)
class DraftState:
    """A draft under way or finished (DEC-13): Army Cards picked one at a time, in turn.

    ``order`` is the pick order (player ids, the first drafter first); ``rolls`` the d20 results
    that set it ({player: [d20, ...]}, re-rolls of ties appended; empty when the scenario names
    the first drafter); ``picks`` every pick so far as ``(player, card id)``, in order; ``out``
    the players who passed or can add no more cards; ``next`` whose pick it is (``None`` once
    everyone is out: the draft is over); ``first_card`` the id of the card the first drafter's
    first pick must be, when the scenario names one (HS-SCEN-BRIDGE-MASTER-05).
    """

    order: list[str]
    rolls: dict[str, list[int]] = field(default_factory=dict)
    picks: list[tuple[str, str]] = field(default_factory=list)
    out: list[str] = field(default_factory=list)
    next: str | None = None
    first_card: str | None = None

    @property
    def over(self) -> bool:
        """True once every player is out of the draft."""
        return self.next is None

    def picks_of(self, player: str) -> list[str]:
        """The card ids ``player`` picked, in pick order."""
        return [card for who, card in self.picks if who == player]


def starting_glyphs(bf: Battlefield, scenario: Scenario) -> dict[Hex, tuple[str, str]]:
    """The glyphs at the start of a match: the map's, then the scenario's (a scenario glyph on a space
    of the map's replaces it; one off the battlefield is left out; one the map already places, by
    name, stays where the map has it, as a map made for the scenario shows its place): hex -> (name, side)."""
    out = {g.at: (g.name.lower(), g.side) for g in bf.glyphs}
    on_map = {g.name.lower() for g in bf.glyphs}
    for sg in scenario.glyphs:
        h = Hex(*sg.at)
        if h in bf and sg.name.lower() not in on_map:
            out[h] = (sg.name.lower(), sg.side)
    return out


@dataclass(slots=True)
class MatchState:
    """Everything about a match that the rules read and change.

    ``orders`` holds each player's Order Markers (marker -> card key); they are hidden from other
    players until revealed (HS-ORDER-05); ``revealed`` lists the markers turned face up.
    """

    battlefield: Battlefield
    scenario: Scenario
    players: list[Player] = field(default_factory=list)
    cards: dict[str, CardInPlay] = field(default_factory=dict)
    figures: dict[str, Figure] = field(default_factory=dict)
    phase: Phase = Phase.SETUP
    round: int = 0
    orders: dict[str, dict[str, str]] = field(default_factory=dict)
    revealed: dict[str, list[str]] = field(default_factory=dict)
    #: Order Markers taken off a card this round because another player took control of it
    #: (Mind Shackle): player -> marker -> card key. Their turns are lost; secret like ``orders``.
    lost_orders: dict[str, dict[str, str]] = field(default_factory=dict)
    initiative: list[str] = field(default_factory=list)
    #: Player Turns taken this round, in order: player ids.
    turns_taken: list[str] = field(default_factory=list)
    turn: TurnState | None = None
    pending: list[Pending] = field(default_factory=list)
    #: Timing windows under way, innermost last (:mod:`bot.rules.windows`): non-empty only while a
    #: decision is pending, so a state (and a snapshot of it) is the whole position.
    windows: list[WindowRun] = field(default_factory=list)
    winners: list[str] | None = None
    result: str = ""
    scores: dict[str, float] = field(default_factory=dict)
    #: Glyphs on the battlefield now: hex -> (name, side).
    glyphs: dict[Hex, tuple[str, str]] = field(default_factory=dict)
    #: Lasting effects (:class:`bot.rules.timing.Lasting`: powers with a stated duration), keyed by
    #: name; the engine ends each at its expiry, not when its source is destroyed (HS-DESTROY-06).
    effects: dict[str, Any] = field(default_factory=dict)
    #: The draft, when the format drafts armies (DEC-13): ``None`` until ``start`` opens it.
    draft: DraftState | None = None
    #: Destructible objects touched so far or made by a scenario rule: obstacle id -> wounds
    #: (:mod:`bot.rules.objects`); the others are as the battlefield lists them, unwounded.
    objects: dict[str, ObjectState] = field(default_factory=dict)
    #: Points of reinforcements each player may still bring in now (player -> points), while a
    #: scenario's reinforcement choice is under way (:mod:`bot.rules.scenarios.reinforcements`).
    reinforcements: dict[str, int] = field(default_factory=dict)
    #: Bumped by every applied command; a stale button carries an old version (boardgame.io _stateID).
    version: int = 0
    # (Kept last: fields added later go after the older ones, so older pickles keep their order.)
    #: Scenario trackers: player -> space (Mission Critical's Activation and Deactivation, 0-4;
    #: :attr:`bot.rules.scenario.Scenario.trackers`), shown to everyone (HS-SCEN-CRIT2-ALL-03).
    trackers: dict[str, int] = field(default_factory=dict)
    #: What scenario special rules remember between windows (:mod:`bot.rules.scenarios`): rule id -> data.
    scenario_data: dict[str, Any] = field(default_factory=dict)
    #: Spaces whose top tile a power changed (Create Water): hex -> change. Every terrain question
    #: reads the battlefield through :func:`bot.rules.objects.field_now`, which applies them; only
    #: :func:`bot.rules.terrain_changes.change_terrain` adds one, with its event. A snapshot from
    #: before this field gets it empty (:func:`bot.rules.match._backfill`).
    terrain_changes: dict[Hex, TerrainChange] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # The glyphs start where the map and the scenario put them, on the side they say (HS-GLYPH-01).
        if not self.glyphs:
            self.glyphs = starting_glyphs(self.battlefield, self.scenario)

    # --- look-ups -----------------------------------------------------------------------------

    def player(self, pid: str) -> Player:
        """The player ``pid``.

        :raises KeyError: when no such player sits at the table.
        """
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def card_of(self, fig: Figure) -> ArmyCard:
        """The Army Card a figure belongs to."""
        return self.cards[fig.card_key].card

    def figures_of(self, card_key: str) -> list[Figure]:
        """The figures of one card in play (destroyed ones included)."""
        return [self.figures[f] for f in self.cards[card_key].figure_ids]

    def on_battlefield(self) -> list[Figure]:
        """Figures standing on the battlefield."""
        return [f for f in self.figures.values() if f.on_battlefield]

    def occupant(self, h: Hex, level: int | None = None) -> Figure | None:
        """The figure on ``h`` (at ``level`` when given), if any."""
        for f in self.figures.values():
            if f.on_battlefield and h in f.hexes and (level is None or f.level == level):
                return f
        return None

    def occupancy(self) -> dict[Hex, Figure]:
        """Map of every occupied hex to its figure (one level per hex is the common case)."""
        occ: dict[Hex, Figure] = {}
        for f in self.figures.values():
            if f.on_battlefield:
                for h in f.hexes:
                    occ[h] = f
        return occ

    def is_enemy(self, a: Figure, b: Figure) -> bool:
        """True when ``b`` is an enemy of ``a``'s controller (HS-ARMY-12, -13)."""
        if a.controller == b.controller:
            return False
        try:
            return self.player(a.controller).side != self.player(b.controller).side
        except KeyError:
            return True

    def living_cards(self, pid: str) -> list[str]:
        """Keys of the cards ``pid`` controls that still have figures on the battlefield."""
        return [
            k for k, c in self.cards.items()
            if c.controller == pid and any(self.figures[f].on_battlefield for f in c.figure_ids)
        ]

    def clone(self) -> MatchState:
        """A deep copy that shares the immutable battlefield, scenario and cards."""
        memo: dict[int, Any] = {id(self.battlefield): self.battlefield, id(self.scenario): self.scenario}
        for c in self.cards.values():
            memo[id(c.card)] = c.card
        return copy.deepcopy(self, memo)
