"""Rules cases for Onslaught: small text files that set up a square map, minis and scripted d20s,
run commands and check values. The format is in ``docs/onslaught-cases.md``.

:func:`run_case` returns the list of failures (empty when the case passes); :func:`run_folder` runs
every ``*.case`` file of a folder. Cases use the shipped practice cards (``data/onslaught/``) or a
library given by the caller; the map, minis, tokens and dice come from the case.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.onslaught.content import Library, MonsterGroup, Scenario, game_map
from bot.onslaught.dice import ScriptedDice
from bot.onslaught.engine import Game
from bot.onslaught.events import Event, ParseError, RulesError
from bot.onslaught.grid import name, parse_square
from bot.onslaught.match import clone
from bot.onslaught.state import Condition

_KEYS = ("title", "rules", "map", "elevation", "barriers", "doors", "portals", "A", "B", "monster", "chests",
         "pool", "events", "control", "active", "set", "d20", "do", "refuse", "expect", "activate", "rounds")


class CaseError(ValueError):
    """A case file that does not follow the format; the message names the file and line."""


@dataclass
class Case:
    """A parsed case: set-up lines and the ordered steps (``do``/``refuse``/``expect``/``d20``/``set``)."""

    path: str
    title: str = ""
    rules: list[str] = field(default_factory=list)
    setup: dict[str, list[str]] = field(default_factory=dict)
    rows: list[str] = field(default_factory=list)
    elevation: list[str] = field(default_factory=list)
    steps: list[tuple[int, str, str]] = field(default_factory=list)


def parse_case(text: str, path: str = "<case>") -> Case:
    """Read a case's text.

    :raises CaseError: an unknown key or a line that is not ``key: value`` or a map row.
    """
    case = Case(path)
    block = ""
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if raw.startswith((" ", "\t")) and block in ("map", "elevation"):
            (case.rows if block == "map" else case.elevation).append(line.strip())
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        head = key.split()[0] if key else ""
        if not sep or head not in _KEYS:
            raise CaseError(f"{path} line {no}: {line!r} is not 'key: value' with a key among {', '.join(_KEYS)}")
        value = value.strip()
        block = head
        if head == "title":
            case.title = value
        elif head == "rules":
            case.rules += value.split()
        elif head in ("do", "refuse", "expect", "d20", "set", "activate"):
            case.steps.append((no, key, value))
        elif head not in ("map", "elevation"):
            case.setup.setdefault(head, []).append(value)
    if not case.rows:
        raise CaseError(f"{path}: a case needs a 'map:' with at least one row")
    return case


def _pairs(values: list[str]) -> list[list[str]]:
    return [v.split("/") for line in values for v in line.split()]


def build(case: Case, library: Library) -> Game:
    """Set up the game a case describes: its map, parties on their squares, monsters, tokens."""
    s = case.setup
    m = game_map({"id": "case", "rows": case.rows, "elevation": case.elevation,
                  "barriers": _pairs(s.get("barriers", [])),
                  "doors": {k: v.split("/") for line in s.get("doors", []) for k, _, v in [w.partition("=") for w in line.split()]},
                  "portals": {k: v.split("/") for line in s.get("portals", []) for k, _, v in [w.partition("=") for w in line.split()]}})
    parties: dict[str, list[str]] = {}
    starts: dict[str, tuple[Any, ...]] = {}
    for side in ("A", "B"):
        placed = [w.split("@") for line in s.get(side, []) for w in line.split()]
        parties[side] = [p[0] for p in placed]
        starts[side] = tuple(parse_square(p[1]) for p in placed)
    groups = []
    for line in s.get("monster", []):
        words = line.split()
        nm, _, at = words[0].partition("@")
        count = int(words[2]) if len(words) > 2 else 0
        groups.append(MonsterGroup(nm.replace("_", " "), float(words[1]), tuple(parse_square(a) for a in at.split(",")), count))
    events = {}
    for line in s.get("events", []):
        ev, _, rest = line.partition(" ")
        k, _, v = rest.partition("=")
        events[ev] = {k: int(v)}
    size = len(parties["A"])
    sc = Scenario("case", case.title, "case", size, starts, (s.get("active") or ["A"])[0],
                  int((s.get("rounds") or ["8"])[0]), tuple(groups),
                  tuple(parse_square(w) for line in s.get("chests", []) for w in line.split()),
                  tuple(w for line in s.get("pool", []) for w in line.split()), events,
                  tuple(parse_square(w) for line in s.get("control", []) for w in line.split()))
    lib = replace(library, maps={**library.maps, "case": m}, scenarios={**library.scenarios, "case": sc})
    return _unchecked_game(lib, parties)


def _unchecked_game(lib: Library, parties: dict[str, list[str]]) -> Game:
    """A game whose parties skip the party-building checks (cases place any characters they like)."""
    return Game(lib, "case", parties, ScriptedDice(), check_parties=False)


def _set(g: Game, words: list[str]) -> None:
    st = g.st
    mini = st.minis[words[0]]
    for w in words[1:]:
        k, _, v = w.partition("=")
        if k == "hp":
            mini.hp = int(v)
        elif k == "defeated":
            mini.defeated = v == "true"
        elif k == "xp":
            mini.xp = int(v)
        elif k == "at":
            mini.squares = [parse_square(v)]
        elif k == "condition":
            for c in v.split(","):
                from bot.onslaught.conditions import CONDITIONS

                cname, _, src = c.replace("_", " ").partition("@")
                mini.conditions.append(Condition(cname, CONDITIONS[cname], src or mini.name, -1))
        elif k == "loot":
            mini.loot += v.split(",")
        elif k == "equipped":
            mini.equipped += v.split(",")
        elif k == "level_up":
            mini.level_up = v.replace("-", " ")
        elif k.startswith("dial."):
            mini.dials[k[5:].replace("-", " ")] = int(v) if v.isdigit() else v
        elif k == "left":
            assert st.activation is not None
            st.activation.left = dict(zip(("standard", "move", "bonus"), (int(x) for x in v.split(",")), strict=True))
        else:
            raise CaseError(f"set: unknown field {k!r}")


def _activate(g: Game, who: str) -> None:
    st = g.st
    st.phase = "action"
    st.assigned.setdefault(who, 1)
    st.slots, st.slot, st.awaiting, st.pending = [(1.0, who)], 0, "", []
    g.events = []
    g.start_activation(st.minis[who])


def value(g: Game, key: str, last: list[Event]) -> str:
    """The value an ``expect`` key names, as text (see the format)."""
    st = g.st
    if key in ("winner", "round", "active", "phase", "awaiting"):
        return str(getattr(st, key))
    if key.startswith("vp."):
        return str(st.vp[key[3:]])
    if key == "pending":
        return ",".join(d.kind for d in st.pending) or "none"
    if key == "options":
        return ",".join(o.replace(" ", "_") for o in st.pending[0].options) if st.pending else ""
    if key == "chests":
        return ",".join(name(c) for c in st.chests) or "none"
    if key == "pool":
        return str(len(st.pool))
    if key == "events":
        return ",".join(e.kind.replace(" ", "_") for e in last)
    if key == "hand.A" or key == "hand.B":
        return ",".join(str(c) for c in sorted(st.hands[key[5:]]))
    if key == "order":
        return ",".join(w for _, w in st.slots)
    if key.startswith("door."):
        return "open" if key[5:] in st.open_doors else "closed"
    if key.startswith("loot@"):
        return ",".join(f"{t}{'+' if up else '-'}" for t, up in st.map_loot.get(parse_square(key[5:]), [])) or "none"
    if key.startswith("spike@"):
        return str(parse_square(key[6:]) in st.spikes).lower()
    if key.startswith("attack.") or key.startswith("attack#"):
        idx = 0
        if key.startswith("attack#"):
            idx = int(key[7]) - 1
            key = "attack." + key.split(".", 1)[1]
        found = [e for e in last if e.kind == "attack"]
        if len(found) <= idx:
            return "no attack"
        v = found[idx].data.get(key[7:])
        return ",".join(map(str, v)) if isinstance(v, list) else str(v).lower() if isinstance(v, bool) else str(v)
    nm, _, field_ = key.partition(".")
    m = st.minis[nm]
    simple: dict[str, Any] = {
        "hp": m.hp, "xp": m.xp, "defeated": str(m.defeated).lower(), "square": name(m.square),
        "squares": ",".join(name(s) for s in m.squares), "speed": st.speed(m), "ac": st.ac(m),
        "bloodied": str(st.bloodied(m)).lower(), "level_up": m.level_up.replace(" ", "_") or "none",
        "conditions": ",".join(sorted(c.name for c in m.conditions)) or "none",
        "loot": ",".join(m.loot) or "none", "equipped": ",".join(m.equipped) or "none",
    }
    if field_ in simple:
        return str(simple[field_])
    if field_.startswith("dial."):
        return str(m.dials.get(field_[5:].replace("-", " ")))
    if field_.startswith("left."):
        assert st.activation is not None
        return str(st.activation.left[field_[5:]])
    raise CaseError(f"expect: unknown key {key!r}")


def run_case(case: Case, library: Library) -> list[str]:
    """Run a case; return its failures as sentences (an empty list means it passed)."""
    g = build(case, library)
    dice = g.dice
    if not isinstance(dice, ScriptedDice):
        raise CaseError("a case runs on scripted dice")
    failures: list[str] = []
    last: list[Event] = list(g.events)
    for no, key, val in case.steps:
        where = f"{case.path} line {no}"
        head = key.split()[0]
        try:
            if head == "d20":
                dice.faces += [int(x) for x in val.split()]
            elif head == "set":
                _set(g, val.split())
            elif head == "activate":
                _activate(g, val)
                last = list(g.events)
            elif head == "do":
                trial = clone(g)
                last = trial.apply(key.split()[1], val)
                g = trial
                if isinstance(g.dice, ScriptedDice):
                    dice = g.dice
            elif head == "refuse":
                text, _, why = val.partition("::")
                try:
                    clone(g).apply(key.split()[1], text.strip())
                    failures.append(f"{where}: {text.strip()!r} was accepted but should be refused")
                except (RulesError, ParseError) as exc:
                    if why.strip() and why.strip().lower() not in str(exc).lower():
                        failures.append(f"{where}: refused with {str(exc)!r}, expected it to mention {why.strip()!r}")
            elif head == "expect":
                for pair in val.split():
                    k, _, want = pair.partition("=")
                    got = value(g, k, last)
                    if got != want:
                        failures.append(f"{where}: {k} is {got!r}, expected {want!r}")
        except (RulesError, ParseError, LookupError, KeyError) as exc:
            failures.append(f"{where}: {key}: {val}: {type(exc).__name__}: {exc}")
    return failures


def run_folder(folder: Path, library: Library) -> dict[str, list[str]]:
    """Run every ``*.case`` file of ``folder``; file name -> failures."""
    return {p.name: run_case(parse_case(p.read_text(encoding="utf-8"), p.name), library)
            for p in sorted(folder.glob("*.case"))}
