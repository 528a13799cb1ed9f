"""The state of an Onslaught match: minis, initiative, the activation under way, tokens, pending decisions.

Plain mutable dataclasses; :mod:`bot.onslaught.engine` is the only writer. Stat queries that depend on
the wheel, conditions and items (speed, armor class) live here so that every module reads them alike.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from bot.onslaught.conditions import SLOWED_SPEED
from bot.onslaught.content import (
    Ability,
    CharacterCard,
    ItemCard,
    Library,
    MapData,
    MonsterCard,
    Scenario,
    Wheel,
)
from bot.onslaught.grid import Square

SIDES = ("A", "B")
MONSTERS = "monsters"
READY = "ready"
EXHAUSTED = "exhausted"


def other(side: str) -> str:
    """The opposing party: ``"A"`` <-> ``"B"``."""
    return "B" if side == "A" else "A"


@dataclass
class Condition:
    """A condition token on a mini: ``given`` is the activation number during which it was applied
    (fading tokens given during the bearer's own activation survive its end, DDO-ACTION-01)."""

    name: str
    fading: bool
    source: str
    given: int


@dataclass
class Mini:
    """A character or monster on the map. ``side`` is ``"A"``, ``"B"`` or ``"monsters"``; ``squares``
    is one square, or four for a 2x2 large mini; ``dials`` maps ability names to a number,
    ``"ready"`` or ``"exhausted"`` (DDO-COOL-*)."""

    name: str
    side: str
    card: str
    squares: list[Square]
    hp: int
    dials: dict[str, Any] = field(default_factory=dict)
    xp: int = 0
    level_up: str = ""
    level_used: bool = False
    loot: list[str] = field(default_factory=list)
    equipped: list[str] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    defeated: bool = False
    group: int = -1

    @property
    def square(self) -> Square:
        """The mini's first (north-western) square."""
        return self.squares[0]

    def has(self, condition: str) -> bool:
        """Whether the mini bears this condition token."""
        return any(c.name == condition for c in self.conditions)

    def condition(self, condition: str) -> Condition | None:
        """The condition token of that name, if any."""
        return next((c for c in self.conditions if c.name == condition), None)


@dataclass
class Activation:
    """The activation under way: the mini, its number, and the actions left (DDO-ACTION-02)."""

    mini: str
    serial: int
    left: dict[str, int] = field(default_factory=lambda: {"standard": 1, "move": 1, "bonus": 1})
    moved_points: int = 0


@dataclass
class Decision:
    """A pending choice: ``kind`` (``levelup``, ``keep``, ``react``, ``target``), who answers, for which
    mini and among which options; ``data`` holds what the engine needs to resume."""

    kind: str
    player: str
    mini: str
    options: list[str]
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class GameState:
    """Everything about a match in progress. ``phase`` is ``initiative``, ``action`` or ``over``."""

    scenario: Scenario
    map: MapData
    library: Library
    minis: dict[str, Mini] = field(default_factory=dict)
    round: int = 1
    phase: str = "initiative"
    active: str = "A"
    hands: dict[str, list[int]] = field(default_factory=dict)
    assigned: dict[str, int] = field(default_factory=dict)
    set_aside: dict[str, list[int]] = field(default_factory=dict)
    revealed: set[str] = field(default_factory=set)
    slots: list[tuple[float, str]] = field(default_factory=list)
    slot: int = -1
    activation: Activation | None = None
    serial: int = 0
    pending: list[Decision] = field(default_factory=list)
    chests: list[Square] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    map_loot: dict[Square, list[tuple[str, bool]]] = field(default_factory=dict)
    open_doors: set[str] = field(default_factory=set)
    spikes: dict[Square, tuple[str, int]] = field(default_factory=dict)
    vp: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    winner: str = ""
    held: dict[str, list[str]] = field(default_factory=dict)
    awaiting: str = ""
    group_queue: list[str] = field(default_factory=list)
    group_stage: str = "move"

    def copy(self) -> GameState:
        """An independent copy sharing only the read-only content (library, map, scenario)."""
        twin = copy.copy(self)
        twin.minis = {k: copy.copy(m) for k, m in self.minis.items()}
        for m in twin.minis.values():
            m.squares, m.dials, m.loot = list(m.squares), dict(m.dials), list(m.loot)
            m.equipped, m.conditions = list(m.equipped), list(m.conditions)
        twin.hands = {k: list(v) for k, v in self.hands.items()}
        twin.assigned, twin.revealed = dict(self.assigned), set(self.revealed)
        twin.set_aside = {k: list(v) for k, v in self.set_aside.items()}
        twin.slots = list(self.slots)
        twin.activation = None if self.activation is None else copy.deepcopy(self.activation)
        twin.pending = copy.deepcopy(self.pending)
        twin.chests, twin.pool = list(self.chests), list(self.pool)
        twin.map_loot = {k: list(v) for k, v in self.map_loot.items()}
        twin.open_doors, twin.spikes, twin.vp = set(self.open_doors), dict(self.spikes), dict(self.vp)
        twin.held = {k: list(v) for k, v in self.held.items()}
        twin.group_queue = list(self.group_queue)
        return twin

    # --- cards and stats -------------------------------------------------------------------------
    def character_card(self, mini: Mini) -> CharacterCard:
        """The character card of a character mini."""
        return self.library.characters[mini.card]

    def monster_card(self, mini: Mini) -> MonsterCard:
        """The monster or champion card of a monster mini."""
        return self.library.monsters[mini.card]

    def items_of(self, mini: Mini) -> list[ItemCard]:
        """The item cards a character has equipped."""
        return [self.library.items[s] for s in mini.equipped]

    def bonus(self, mini: Mini, key: str) -> int:
        """The sum of passive and item bonuses named ``key`` (``to_hit``, ``damage``, ``ac``, ``speed``)."""
        if mini.side == MONSTERS:
            return 0
        total = self.character_card(mini).passive.get(key, 0)
        if not mini.has("wolf"):  # DDO-COND-18: no item cards in wolf form
            total += sum(i.bonuses.get(key, 0) for i in self.items_of(mini))
        return total

    def bloodied(self, mini: Mini) -> bool:
        """At or below the wheel's bloodied threshold (DDO-DAMAGE-02, DDO-CHAMPION-02)."""
        w = self.wheel(mini)
        return 0 < mini.hp <= int(w.bloodied_at)

    def wheel(self, mini: Mini) -> Wheel:
        """The battle wheel of the mini's card."""
        return (self.monster_card(mini) if mini.side == MONSTERS else self.character_card(mini)).wheel

    def speed(self, mini: Mini) -> int:
        """Current speed: the wheel (bloodied or not), items, Wolf +2; Slowed makes it 2 (DDO-COND-04)."""
        w = self.wheel(mini)
        base = int(w.bloodied_speed if self.bloodied(mini) else w.speed)
        base += self.bonus(mini, "speed") + (2 if mini.has("wolf") else 0)
        return SLOWED_SPEED if mini.has("slowed") else base

    def ac(self, mini: Mini) -> int:
        """Current armor class: wheel (bloodied or not), items, Wolf +2, Reckless -2 (DDO-COND-13/18)."""
        w = self.wheel(mini)
        base = int(w.bloodied_ac if self.bloodied(mini) else w.ac)
        return base + self.bonus(mini, "ac") + (2 if mini.has("wolf") else 0) - (2 if mini.has("reckless") else 0)

    def max_hp(self, mini: Mini) -> int:
        """The wheel's maximum hit points (DDO-HEAL-03)."""
        return int(self.wheel(mini).hp)

    def ability(self, mini: Mini, name: str) -> Ability | None:
        """The ability of that name the character can use: basic attacks, cooldown abilities, the
        reaction, its chosen level-up card, abilities of equipped items (case-insensitive)."""
        if mini.side == MONSTERS:
            a = self.monster_card(mini).attack
            return a if a.name.lower() == name.lower() else None
        for a in self.abilities(mini):
            if a.name.lower() == name.lower():
                return a
        return None

    def abilities(self, mini: Mini) -> list[Ability]:
        """Every ability a character has now (see :meth:`ability`)."""
        card = self.character_card(mini)
        out = [a for a in (card.melee, card.ranged) if a is not None]
        out += list(card.abilities) + [card.reaction]
        out += [a for a in card.level_ups if a.name == mini.level_up]
        out += [i.ability for i in self.items_of(mini) if i.ability is not None]
        return out

    # --- map queries -----------------------------------------------------------------------------
    def living(self) -> list[Mini]:
        """Every mini still on the map, in name order."""
        return [m for m in self.minis.values() if not m.defeated]

    def at(self, sq: Square) -> Mini | None:
        """The mini occupying a square, if any."""
        for m in self.living():
            if sq in m.squares:
                return m
        return None

    def enemies(self, a: Mini, b: Mini) -> bool:
        """Whether two minis are enemies: opposing parties, or a character and a monster (DDO-PARTY-07)."""
        return a.side != b.side

    def elevation(self, sq: Square) -> int:
        """The elevation of a square (0 when unmarked)."""
        return self.map.elevation.get(sq, 0)

    def blocking(self, sq: Square) -> bool:
        """Blocking terrain: printed, off the map, or a Spike Growth token (DDO-TERRAIN-02, DDO-COND-16)."""
        if not (0 <= sq[0] < self.map.width and 0 <= sq[1] < self.map.height):
            return True
        return self.map.terrain.get(sq) == "blocking" or sq in self.spikes

    def hindering(self, sq: Square) -> bool:
        """Hindering terrain (DDO-TERRAIN-04/05)."""
        return self.map.terrain.get(sq) == "hindering"

    def walls(self) -> set[frozenset[Square]]:
        """Barriers plus closed doors (DDO-TERRAIN-03, DDO-DOOR-01)."""
        out = set(self.map.barriers)
        out |= {e for d, e in self.map.doors.items() if d not in self.open_doors}
        return out
