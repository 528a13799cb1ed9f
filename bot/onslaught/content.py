"""Onslaught content as data: character, item, monster and champion cards, maps and scenarios.

Pure: every loader takes an already-parsed ``dict`` (or JSON ``bytes``) and returns frozen dataclasses;
nothing here opens a file (the small :mod:`bot.onslaught.files` does). Formats are documented in
``data/onslaught/README.md`` (DEC-16..18). Every error is a :class:`ContentError` naming the item and
the field and saying what would be right.

Abilities are lists of reusable effect blocks (:data:`EFFECTS`): ``damage``, ``heal``, ``move``,
``teleport``, ``push``, ``pull``, ``exchange``, ``condition``, ``ac``, ``refresh``; the ability itself
carries its action cost, cooldown, attack shape (melee/ranged/area/cone) and, for a reaction, its trigger.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.onslaught.grid import Edge, Square, SquareError, edge, parse_square

ROLES = ("vanguard", "ranged damage", "healer", "tactician", "melee damage", "hybrid")  # DDO-PARTY-06
ACTIONS = ("standard", "move", "bonus", "free")  # DDO-ACTION-02
EFFECTS = ("damage", "heal", "move", "teleport", "push", "pull", "exchange", "condition", "ac", "refresh")
TRIGGERS = ("targeted", "enemy_adjacent")
ICONS = ("martial", "arcane", "divine")  # DDO-COND-19
ITEM_TYPES = ("weapon", "armor", "accessory")
BEHAVIOURS = ("closest", "hold", "weakest")
BONUS_XP = ("heal_to_max", "defeat", "critical", "loot")


class ContentError(ValueError):
    """Content that does not follow its documented format; the message names the item and field."""


@dataclass(frozen=True)
class Effect:
    """One effect block: ``kind`` in :data:`EFFECTS`, an ``amount`` (damage, heal, squares, AC) and for
    ``condition`` the condition's ``name``; ``on`` is ``"target"`` or ``"self"``."""

    kind: str
    amount: int = 0
    condition: str = ""
    on: str = "target"


@dataclass(frozen=True)
class Ability:
    """A card ability built from effect blocks.

    ``actions`` is the cost (one or more of :data:`ACTIONS`, DDO-ACTION-07); ``cooldown`` is ``None``
    (basic, no dial), a number (the dial is set to it) or ``0`` meaning exhausted-only (DDO-COOL-04);
    ``attack`` is ``"melee"``, ``"ranged"`` or ``""`` (no to-hit roll); ``to_hit`` the attack modifier;
    ``reach`` the (minimum, maximum) range; ``area``/``cone`` the shape size; ``trigger`` for reactions;
    ``once`` for level-up cards with the exhausted symbol (DDO-XP-08).
    """

    name: str
    actions: tuple[str, ...] = ("standard",)
    cooldown: int | None = None
    attack: str = ""
    to_hit: int = 0
    reach: tuple[int, int] = (1, 1)
    area: int = 0
    cone: int = 0
    icon: str = "martial"
    effects: tuple[Effect, ...] = ()
    trigger: str = ""
    once: bool = False
    targets: int = 1


@dataclass(frozen=True)
class Wheel:
    """A battle wheel (DDO-PARTY-08): hit points, speed and armor class, and the bloodied values used
    at or below ``bloodied_at`` hit points (DDO-DAMAGE-02)."""

    hp: int
    speed: int
    ac: int
    bloodied_at: int = 0
    bloodied_speed: int = 0
    bloodied_ac: int = 0


@dataclass(frozen=True)
class CharacterCard:
    """A character card (DDO-PARTY-10): name, faction, role, class (no effect, DDO-PARTY-05), basic
    attacks, critical effect, passive bonuses, wheel, 2 cooldown abilities, 1 reaction, bonus
    experience and 2 level-up cards."""

    name: str
    faction: str
    role: str
    klass: str
    wheel: Wheel
    melee: Ability | None
    ranged: Ability | None
    critical: tuple[Effect, ...]
    passive: Mapping[str, int]
    abilities: tuple[Ability, ...]
    reaction: Ability
    bonus_xp: tuple[str, int]
    level_ups: tuple[Ability, ...]
    invented: bool = True


@dataclass(frozen=True)
class ItemCard:
    """An item card: its loot ``symbol``, ``type`` (one of each equipped, DDO-ITEM-02), passive bonuses
    (``to_hit``, ``damage``, ``ac``, ``speed``, ``crit_from``) and an optional ability."""

    symbol: str
    name: str
    type: str
    bonuses: Mapping[str, int]
    ability: Ability | None = None


@dataclass(frozen=True)
class MonsterCard:
    """A monster or champion card: wheel, attack (``to_hit`` ``None`` = hits automatically,
    DDO-MONSTER-08), ``size`` 1 or 2 (a 2x2 large mini), behaviour and, for a champion, a
    bloodied behaviour (DDO-CHAMPION-02)."""

    name: str
    wheel: Wheel
    attack: Ability
    to_hit: int | None
    size: int = 1
    behaviour: str = "closest"
    bloodied_behaviour: str = ""
    champion: bool = False
    xp: int = 0


@dataclass(frozen=True)
class MapData:
    """A square-grid map (DEC-17): size, elevation and terrain per square, barriers, doors, portals."""

    id: str
    name: str
    width: int
    height: int
    elevation: Mapping[Square, int]
    terrain: Mapping[Square, str]
    barriers: frozenset[Edge]
    doors: Mapping[str, Edge]
    portals: Mapping[str, tuple[Square, Square]]
    invented: bool = True


@dataclass(frozen=True)
class MonsterGroup:
    """A scenario's monster group: card name, decimal initiative (DDO-MONSTER-02), start squares and
    how many monsters spawn there (``count`` below the number of squares: the non-active player
    chooses the squares, DDO-MONSTER-03; 0 means one on every square)."""

    monster: str
    initiative: float
    at: tuple[Square, ...]
    count: int = 0


@dataclass(frozen=True)
class Scenario:
    """A scenario (DEC-16): map, party size, start areas, who is active in round 1, rounds, monsters,
    chests, loot pool, events, control points and victory points."""

    id: str
    name: str
    map: str
    party_size: int
    starts: Mapping[str, tuple[Square, ...]]
    first_active: str
    rounds: int
    monsters: tuple[MonsterGroup, ...]
    chests: tuple[Square, ...]
    loot_pool: tuple[str, ...]
    events: Mapping[str, Mapping[str, Any]]
    control_points: tuple[Square, ...]
    vp_defeat: int = 1
    vp_control: int = 1
    invented: bool = True


def _need(d: Mapping[str, Any], key: str, where: str, kind: type | tuple[type, ...]) -> Any:
    if key not in d:
        raise ContentError(f"{where}: the field {key!r} is missing")
    value = d[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise ContentError(f"{where}: {key!r} should be {getattr(kind, '__name__', kind)}, not {value!r}")
    return value


#: The longest name of a character, monster, item or ability (a name is written in commands, menus and
#: the picture's panel; the shipped ones have at most 27 characters).
MAX_NAME = 40
#: The longest party name (the shipped ones have at most 26 characters).
MAX_PARTY_NAME = 60
#: Characters a name may not hold: they would mention, format or break a Discord message.
_UNSAFE = set("@<>`*_~|\\#\n\r\t")


def name_problem(value: str, limit: int = MAX_NAME) -> str:
    """Why ``value`` cannot be a name, or ``""`` (1 to ``limit`` characters, none of ``@ < > ` * _ ~ | \\ #``
    nor line breaks: names are shown in Discord messages and menus as they are)."""
    if not value.strip():
        return "is empty"
    if len(value) > limit:
        return f"has {len(value):,} characters; a name may have at most {limit}"
    bad = sorted({ch for ch in value if ch in _UNSAFE or not ch.isprintable()})
    if bad:
        return f"holds {', '.join(repr(ch) for ch in bad)}; a name may not hold @ < > ` * _ ~ | \\ # or line breaks"
    return ""


def _shown(value: str) -> str:
    """A refused name as a message quotes it: its first 30 characters without the unsafe ones."""
    safe = "".join(ch for ch in value[:30] if ch not in _UNSAFE and ch.isprintable())
    return repr(safe + ("..." if len(value) > 30 else ""))


def _name(d: Mapping[str, Any], key: str, where: str, limit: int = MAX_NAME) -> str:
    """The name field ``key`` of ``d`` (see :func:`name_problem`).

    :raises ContentError: missing, not text, or not a name (the field and the limit are said).
    """
    value: str = _need(d, key, where, str)
    problem = name_problem(value, limit)
    if problem:
        raise ContentError(f"{where}: the field {key!r} ({_shown(value)}) {problem}")
    return value


#: Sane bounds of the numbers a card may give (QA F16: a card file with damage 999999999 or range
#: [0, 999] was accepted): far above any printed card, low enough to keep a hostile file harmless.
BOUNDS = {"amount": (0, 99), "cooldown": (0, 20), "range": (0, 30), "to_hit": (-20, 30), "area": (0, 5),
          "cone": (0, 5), "targets": (1, 10), "hp": (1, 500), "speed": (0, 30), "ac": (0, 50)}


def _bounded(value: Any, key: str, where: str) -> int:
    """``value`` as a whole number within :data:`BOUNDS` ``[key]``.

    :raises ContentError: not a whole number, or out of bounds (the field and the bounds are said).
    """
    lo, hi = BOUNDS[key]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ContentError(f"{where}: {key!r} is a whole number from {lo} to {hi}, not {str(value)[:30]}")
    return value


def _square(text: Any, where: str) -> Square:
    try:
        return parse_square(str(text))
    except SquareError as exc:
        raise ContentError(f"{where}: {exc}") from None


def effect(d: Mapping[str, Any], where: str) -> Effect:
    """Read one effect block ``{"do": KIND, "amount": N, "condition": NAME, "on": "target"|"self"}``."""
    kind = _need(d, "do", where, str)
    if kind not in EFFECTS:
        raise ContentError(f"{where}: unknown effect {kind!r}; known effects: {', '.join(EFFECTS)}")
    if kind == "condition":
        from bot.onslaught.conditions import CONDITIONS

        cname = _need(d, "condition", where, str)
        if cname not in CONDITIONS:
            raise ContentError(f"{where}: unknown condition {cname!r}; known: {', '.join(sorted(CONDITIONS))}")
    on = d.get("on", "target")
    if on not in ("target", "self"):
        raise ContentError(f"{where}: 'on' is 'target' or 'self', not {on!r}")
    return Effect(kind, _bounded(d.get("amount", 0), "amount", where), str(d.get("condition", "")), on)


def ability(d: Mapping[str, Any], where: str) -> Ability:
    """Read an ability (see :class:`Ability`; format in ``data/onslaught/README.md``)."""
    nm = _name(d, "name", where)
    where = f"{where} {nm!r}"
    acts = d.get("actions", "standard")
    actions = tuple(a.strip() for a in str(acts).split("+"))
    for a in actions:
        if a not in ACTIONS:
            raise ContentError(f"{where}: action {a!r} is not one of {', '.join(ACTIONS)}")
    cooldown = d.get("cooldown")
    if cooldown == "exhausted":
        cooldown = 0
    if cooldown is not None and (not isinstance(cooldown, int) or cooldown < 0):
        raise ContentError(f"{where}: cooldown is a whole number or 'exhausted', not {cooldown!r}")
    attack = d.get("attack", "")
    if attack not in ("", "melee", "ranged"):
        raise ContentError(f"{where}: attack is 'melee', 'ranged' or absent, not {attack!r}")
    reach = d.get("range", [1, 1] if attack != "ranged" else [1, 6])
    if not (isinstance(reach, list) and len(reach) == 2 and all(isinstance(r, int) for r in reach)):
        raise ContentError(f"{where}: range is [minimum, maximum], like [2, 6], not {str(reach)[:40]}")
    for r in reach:
        _bounded(r, "range", where)
    if reach[0] > reach[1]:
        raise ContentError(f"{where}: range is [minimum, maximum], the minimum first, not {reach!r}")
    for key in ("to_hit", "area", "cone", "targets"):
        if key in d:
            _bounded(d[key], key, where)
    if isinstance(cooldown, int) and not isinstance(cooldown, bool):
        _bounded(cooldown, "cooldown", where)
    trigger = d.get("trigger", "")
    if trigger and trigger not in TRIGGERS:
        raise ContentError(f"{where}: trigger {trigger!r} is not one of {', '.join(TRIGGERS)}")
    icon = d.get("icon", "martial")
    if icon not in ICONS:
        raise ContentError(f"{where}: icon {icon!r} is not one of {', '.join(ICONS)}")
    effects = tuple(effect(e, f"{where} effect {i + 1}") for i, e in enumerate(d.get("effects", [])))
    return Ability(nm, actions, cooldown, attack, int(d.get("to_hit", 0)), (reach[0], reach[1]),
                   int(d.get("area", 0)), int(d.get("cone", 0)), icon, effects, trigger,
                   bool(d.get("once", False)), int(d.get("targets", 1)))


def wheel(d: Mapping[str, Any], where: str) -> Wheel:
    """Read a battle wheel ``{"hp", "speed", "ac", "bloodied_at", "bloodied_speed", "bloodied_ac"}``."""
    hp, sp, ac = (_bounded(_need(d, k, f"{where} wheel", int), k, f"{where} wheel") for k in ("hp", "speed", "ac"))
    return Wheel(hp, sp, ac, int(d.get("bloodied_at", 0)), int(d.get("bloodied_speed", sp)),
                 int(d.get("bloodied_ac", ac)))


def character(d: Mapping[str, Any]) -> CharacterCard:
    """Read a character card; see ``data/onslaught/README.md``.

    :raises ContentError: a missing or wrong field, an unknown role, not exactly 2 cooldown abilities,
        2 level-up cards and 1 reaction with a trigger (DDO-COOL-01, DDO-PARTY-10).
    """
    nm = _name(d, "name", "character")
    w = f"character {nm!r}"
    role = _need(d, "role", w, str)
    if role not in ROLES:
        raise ContentError(f"{w}: role {role!r} is not one of {', '.join(ROLES)}")
    melee = ability({**d["melee"], "attack": "melee"}, f"{w} melee") if d.get("melee") else None
    ranged = ability({**d["ranged"], "attack": "ranged"}, f"{w} ranged") if d.get("ranged") else None
    if melee is None and ranged is None:
        raise ContentError(f"{w}: a character needs a melee or a ranged basic attack (DDO-ATTACK-01)")
    abilities = tuple(ability(a, f"{w} ability") for a in d.get("abilities", []))
    if len(abilities) != 2 or any(a.cooldown is None for a in abilities):
        raise ContentError(f"{w}: give exactly 2 cooldown abilities, each with a cooldown (DDO-COOL-01)")
    reaction = ability(_need(d, "reaction", w, dict), f"{w} reaction")
    if not reaction.trigger or reaction.cooldown is None:
        raise ContentError(f"{w}: the reaction needs a trigger and a cooldown (DDO-REACT-01)")
    levels = tuple(ability(a, f"{w} level up") for a in d.get("level_ups", []))
    if len(levels) != 2:
        raise ContentError(f"{w}: give exactly 2 level up cards (DDO-PARTY-10)")
    bonus = d.get("bonus_xp", {"when": "critical", "xp": 1})
    if bonus.get("when") not in BONUS_XP:
        raise ContentError(f"{w}: bonus_xp 'when' is one of {', '.join(BONUS_XP)}")
    critical = tuple(effect(e, f"{w} critical") for e in d.get("critical", []))
    passive = {str(k): int(v) for k, v in d.get("passive", {}).items()}
    return CharacterCard(nm, _need(d, "faction", w, str), role, str(d.get("class", "")), wheel(d.get("wheel", {}), w),
                         melee, ranged, critical, passive, abilities, reaction,
                         (bonus["when"], int(bonus.get("xp", 1))), levels, bool(d.get("invented", False)))


def item(d: Mapping[str, Any]) -> ItemCard:
    """Read an item card ``{"symbol", "name", "type", "bonuses": {...}, "ability": {...}}``."""
    sym = _name(d, "symbol", "item")
    w = f"item {sym!r}"
    typ = _need(d, "type", w, str)
    if typ not in ITEM_TYPES:
        raise ContentError(f"{w}: type {typ!r} is not one of {', '.join(ITEM_TYPES)}")
    known = {"to_hit", "damage", "ac", "speed", "crit_from"}
    bonuses = {str(k): int(v) for k, v in d.get("bonuses", {}).items()}
    for k in bonuses:
        if k not in known:
            raise ContentError(f"{w}: bonus {k!r} is not one of {', '.join(sorted(known))}")
    ab = ability(d["ability"], f"{w} ability") if d.get("ability") else None
    return ItemCard(sym, _name(d, "name", w), typ, bonuses, ab)


def monster(d: Mapping[str, Any]) -> MonsterCard:
    """Read a monster or champion card (``"champion": true``); see ``data/onslaught/README.md``."""
    nm = _name(d, "name", "monster")
    w = f"monster {nm!r}"
    beh = d.get("behaviour", "closest")
    bl = d.get("bloodied_behaviour", "")
    for b in (beh, bl or beh):
        if b not in BEHAVIOURS:
            raise ContentError(f"{w}: behaviour {b!r} is not one of {', '.join(BEHAVIOURS)}")
    size = int(d.get("size", 1))
    if size not in (1, 2):
        raise ContentError(f"{w}: size is 1 (one square) or 2 (2x2 squares), not {size}")
    att = ability({**_need(d, "attack", w, dict), "name": d["attack"].get("name", "attack")}, f"{w} attack")
    to_hit = d["attack"].get("to_hit")
    return MonsterCard(nm, wheel(d.get("wheel", {}), w), att, None if to_hit is None else int(to_hit), size,
                       beh, bl, bool(d.get("champion", False)), int(d.get("xp", 0)))


def game_map(d: Mapping[str, Any]) -> MapData:
    """Read a map: ``rows`` of terrain letters (``.`` clear, ``h`` hindering, ``#`` blocking), optional
    ``elevation`` rows of digits, ``barriers`` [[A,B]...], ``doors`` {id: [A,B]}, ``portals`` {id: [A,B]}.

    :raises ContentError: ragged rows, unknown letters, or sides between squares that do not touch.
    """
    mid = _need(d, "id", "map", str)
    w = f"map {mid!r}"
    rows = _need(d, "rows", w, list)
    width = len(rows[0]) if rows else 0
    if not rows or any(len(r) != width for r in rows):
        raise ContentError(f"{w}: rows must all have the same length")
    letters = {".": "clear", "h": "hindering", "#": "blocking"}
    terrain: dict[Square, str] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch not in letters:
                raise ContentError(f"{w}: row {y + 1} has {ch!r}; use '.', 'h' or '#'")
            if ch != ".":
                terrain[(x, y)] = letters[ch]
    elevation: dict[Square, int] = {}
    erows = d.get("elevation", [])
    if erows and (len(erows) != len(rows) or any(len(r) != width for r in erows)):
        raise ContentError(f"{w}: elevation rows must match the terrain rows in size")
    for y, row in enumerate(erows):
        for x, ch in enumerate(row):
            if not ch.isdigit():
                raise ContentError(f"{w}: elevation row {y + 1} has {ch!r}; use digits 0-9")
            if ch != "0":
                elevation[(x, y)] = int(ch)

    def side(pair: Any, what: str) -> Edge:
        a, b = (_square(s, f"{w} {what}") for s in pair)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise ContentError(f"{w} {what}: {pair} are not two squares side by side")
        return edge(a, b)

    barriers = frozenset(side(p, "barrier") for p in d.get("barriers", []))
    doors = {str(k): side(v, f"door {k}") for k, v in d.get("doors", {}).items()}
    portals = {str(k): (_square(v[0], w), _square(v[1], w)) for k, v in d.get("portals", {}).items()}
    return MapData(mid, str(d.get("name", mid)), width, len(rows), elevation, terrain, barriers, doors, portals,
                   bool(d.get("invented", False)))


def scenario(d: Mapping[str, Any]) -> Scenario:
    """Read a scenario (DEC-16); see ``data/onslaught/README.md``."""
    sid = _need(d, "id", "scenario", str)
    w = f"scenario {sid!r}"
    starts = {str(k): tuple(_square(s, w) for s in v) for k, v in _need(d, "starts", w, dict).items()}
    if sorted(starts) != ["A", "B"]:
        raise ContentError(f"{w}: starts needs the two parties 'A' and 'B'")
    first = d.get("first_active", "A")
    if first not in ("A", "B"):
        raise ContentError(f"{w}: first_active is 'A' or 'B', not {first!r}")
    groups = tuple(MonsterGroup(str(g["monster"]), float(g["initiative"]), tuple(_square(s, w) for s in g["at"]),
                                int(g.get("count", 0)))
                   for g in d.get("monsters", []))
    for g in groups:
        if g.initiative == int(g.initiative):
            raise ContentError(f"{w}: monster initiative {g.initiative} must have a decimal, like 5.5 (DDO-INIT-07)")
    vp = d.get("victory_points", {})
    return Scenario(sid, str(d.get("name", sid)), _need(d, "map", w, str), int(d.get("party_size", 5)), starts, first,
                    int(d.get("rounds", 8)), groups, tuple(_square(s, w) for s in d.get("chests", [])),
                    tuple(str(t) for t in d.get("loot_pool", [])), dict(d.get("events", {})),
                    tuple(_square(s, w) for s in d.get("control_points", [])),
                    int(vp.get("defeat", 1)), int(vp.get("control_point", 1)), bool(d.get("invented", False)))


@dataclass(frozen=True)
class Library:
    """Every card, map and scenario by name."""

    characters: Mapping[str, CharacterCard] = field(default_factory=dict)
    items: Mapping[str, ItemCard] = field(default_factory=dict)
    monsters: Mapping[str, MonsterCard] = field(default_factory=dict)
    maps: Mapping[str, MapData] = field(default_factory=dict)
    scenarios: Mapping[str, Scenario] = field(default_factory=dict)
    parties: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def library(cards: Mapping[str, Any] | bytes, maps: list[Any] | bytes, scenarios: list[Any] | bytes) -> Library:
    """Build a :class:`Library` from a cards document ``{"characters", "items", "monsters", "parties"}``,
    a list of maps and a list of scenarios (dicts or JSON bytes).

    :raises ContentError: any format error, or a scenario naming a map, monster or loot token that
        does not exist, or a party breaking DDO-PARTY-01/03/04.
    """
    c: Any = json.loads(cards) if isinstance(cards, bytes) else cards
    m: Any = json.loads(maps) if isinstance(maps, bytes) else maps
    s: Any = json.loads(scenarios) if isinstance(scenarios, bytes) else scenarios
    chars = {x.name: x for x in (character(d) for d in c.get("characters", []))}
    items = {x.symbol: x for x in (item(d) for d in c.get("items", []))}
    mons = {x.name: x for x in (monster(d) for d in c.get("monsters", []))}
    maps_ = {x.id: x for x in (game_map(d) for d in m)}
    scens = {x.id: x for x in (scenario(d) for d in s)}
    parties = {str(k): tuple(v) for k, v in c.get("parties", {}).items()}
    for pname, members in parties.items():
        problem = name_problem(pname, MAX_PARTY_NAME)
        if problem:
            raise ContentError(f"party {_shown(pname)}: its name {problem}")
        problem = party_problem([chars[n] for n in members if n in chars], 5)
        missing = [n for n in members if n not in chars]
        if missing or problem:
            raise ContentError(f"party {pname!r}: " + (f"unknown characters {missing}" if missing else problem))
    for sc in scens.values():
        if sc.map not in maps_:
            raise ContentError(f"scenario {sc.id!r}: map {sc.map!r} is not in the maps")
        for g in sc.monsters:
            if g.monster not in mons:
                raise ContentError(f"scenario {sc.id!r}: monster {g.monster!r} is not in the cards")
        for t in sc.loot_pool:
            if not t.startswith("event:") and t not in items:
                raise ContentError(f"scenario {sc.id!r}: loot token {t!r} is no item symbol and no 'event:NAME'")
            if t.startswith("event:") and t[6:] not in sc.events:
                raise ContentError(f"scenario {sc.id!r}: event token {t!r} has no entry in 'events'")
    return Library(chars, items, mons, maps_, scens, parties)


def party_problem(cards: list[CharacterCard], size: int) -> str:
    """Why a party is not legal, or ``""``: ``size`` characters (DDO-PARTY-01), distinct names
    (DDO-PARTY-03), one faction (DDO-PARTY-04), distinct roles in a standard 5-character party.

    >>> party_problem([], 5)
    'a party has 5 characters, not 0'
    """
    if len(cards) != size:
        return f"a party has {size} characters, not {len(cards)}"
    if len({c.name for c in cards}) != len(cards):
        return "a party may include only one character of each name"
    if len({c.faction for c in cards}) > 1:
        return "every character of a party must be from the same faction"
    if size == 5 and len({c.role for c in cards}) != 5:
        return "each character of a standard party has a different role"
    return ""
