"""The one adapter between the rules-case runner and features being built elsewhere.

Glyph carrying, using and dropping (``Figure.carries``/``flipped``, the ``use`` verb, a move's
``drop``), destructible objects (``MatchState.objects``, the map's ``objects``), rope ladders (the
map's ``ladders``), Cannon Fire (the ``cannon`` verb, obstacle ids), glyph rules (the registries
``bot.rules.glyphs`` and ``bot.rules.treasure.catalogue``) and scenario trackers and
reinforcements: every touch of them by the runner is here and nowhere else, so that wiring a
feature after a merge is an edit of this module only.

Each function finds out whether the engine has the feature (a field, a verb, a module) and uses it;
when the engine lacks it, it raises :class:`Unbuilt` with a sentence saying which feature ("rope
ladders are not built yet"), which the runner reports as the failing step's reason, never as a
format error or a traceback. Features a case needs from its first step (a ladder on the map,
glyphs carried at the start) are listed by :func:`map_for_engine` and :func:`put_carried` as
*blocking* notes: the case then fails on its first step with that reason. Glyphs whose rules do not
exist yet are *waiting* notes (:func:`glyph_note`): the case runs, and a step that fails says what it
waits for.

Wiring after the merge (each seam finds the feature by itself when it has the name expected here;
otherwise change only the function named):

- treasure: ``Figure.carries``/``Figure.flipped`` (lists of glyph names) — :func:`put_carried`,
  :func:`carried`, :func:`flipped`; the verb ``use FIGURE GLYPH [TARGET]`` — :func:`use_command`;
  ``move ... drop GLYPH@SPACE`` (a ``drop`` parameter of ``bot.rules.actions.move.move``) —
  :func:`move_command`; traps (``MatchState.traps``) — :func:`put_glyph`; the glyph registry
  ``bot.rules.treasure.catalogue.describe`` — :func:`glyph_note`.
- glyphs: ``bot.rules.glyphs.describe`` — :func:`glyph_note`; a stat with glyphs applied
  (``modifiers.stat_value(state, fig, stat)``) — :func:`stat_value`; random picks (Oreld) call the
  dice source's ``pick(n)`` (:class:`bot.cases.dice.CaseDice`).
- field: ``MapSpec.ladders``/``objects`` and ``ObstacleSpec.id`` — :func:`map_for_engine`;
  ``MatchState.objects`` (id -> wounds/destroyed) filled by ``bot.rules.objects.start_objects`` —
  :func:`start_objects`, :func:`object_status`; object dice and targeting
  (``bot.rules.objects.attack_dice``/``defense_dice``/``can_attack``) — :func:`object_dice`,
  :func:`can_attack_object`; the verb ``cannon FIGURE CANNON TARGET`` — :func:`cannon_command`.
- scenarios: ``MatchState.trackers`` and ``MatchState.reinforcements`` (player -> number) —
  :func:`trackers`, :func:`reinforcements`; more scenario files in ``data/scenarios`` (id
  ``NAME-LEVEL`` or ``NAME``) are found by :mod:`bot.cases.setup` without any change here.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import shlex
from collections.abc import Callable, Sequence
from typing import Any

from bot.content.maps import MapSpec, ObstacleSpec
from bot.rules import modifiers
from bot.rules.commands import VERBS, Command
from bot.rules.errors import InvalidCommand
from bot.rules.state import Figure, MatchState

#: Power glyphs of the two rulebooks (issue 12), to say which feature a glyph waits for.
POWER_GLYPHS = frozenset({
    "astrid", "brandar", "crevcor", "dagmar", "erland", "felaron", "gerda", "haukeland", "ivor", "jalgard",
    "kelda", "lodin", "mitonsoul", "nilrend", "oreld", "proftaka", "quillivon", "rannveig", "thorian",
    "ulaniva", "valda", "wannok",
})
#: Tech glyphs (HS-TECH-*).
TECH_GLYPHS = frozenset({"jump_pack", "nanite_shielding", "nanotoxin_coating"})


class Unbuilt(Exception):
    """The engine lacks a feature a case needs; the message names the feature ("... is not built yet")."""


def _module(name: str) -> Any | None:
    """The module ``name`` when it exists in this checkout, else ``None`` (never raises)."""
    try:
        if importlib.util.find_spec(name) is None:
            return None
        return importlib.import_module(name)
    except ImportError:
        return None


def _has_field(obj: object, name: str) -> bool:
    """Whether a dataclass instance (or class) has the field ``name``."""
    return name in getattr(obj, "__dataclass_fields__", {})


def _field(obj: object, name: str) -> Any:
    """The field ``name`` of ``obj`` (one the engine may not have yet: check with :func:`_has_field`)."""
    return getattr(obj, name)


def _engine_knows(verb: str) -> bool:
    """Whether the engine dispatches the command verb ``verb``."""
    from bot.rules.engine import COMMANDS  # the engine imports much; only when asked

    return verb in VERBS and verb in COMMANDS


# ---- the map ------------------------------------------------------------------------------------------


def map_for_engine(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The part of a case's ``map`` the project's map format reads, and the blocking notes of v2 map
    features it cannot hold yet.

    ``ladders`` and ``objects`` are passed on when :class:`~bot.content.maps.MapSpec` knows them, else
    left out with a note ("rope ladders are not built yet (map.ladders)"); an obstacle's ``id`` is
    kept when :class:`~bot.content.maps.ObstacleSpec` knows it, else dropped (a step naming the
    cannon fails on its own); ``zones`` is the runner's business (start zones), already taken out.
    """
    out = dict(raw)
    notes: list[str] = []
    for key, what in (("ladders", "rope ladders"), ("objects", "destructible objects")):
        if key in out and key not in MapSpec.model_fields and out.pop(key):
            notes.append(f"{what} are not built yet (map.{key})")
    if "id" not in ObstacleSpec.model_fields:
        out["obstacles"] = [{k: v for k, v in o.items() if k != "id"} if isinstance(o, dict) else o
                            for o in out.get("obstacles", [])]
    return out, notes


def obstacle_ids(raw: dict[str, Any]) -> dict[str, int]:
    """Obstacle ids the case gives, each to its index in ``map.obstacles`` (for Cannon Fire)."""
    return {o["id"]: i for i, o in enumerate(raw.get("obstacles", []))
            if isinstance(o, dict) and isinstance(o.get("id"), str)}


def start_objects(state: MatchState) -> None:
    """Put the map's destructible objects into the state, once the engine has them
    (``MatchState.objects``, field's work; the integrator wires the call that fills it here)."""
    builder: Callable[[MatchState], None] | None = getattr(_module("bot.rules.objects"), "start_objects", None)
    if builder is not None and _has_field(state, "objects"):
        builder(state)


# ---- glyphs -----------------------------------------------------------------------------------------


def glyph_family(name: str) -> str:
    """Which family a glyph name belongs to, in words: power, tech, or treasure glyphs."""
    if name in POWER_GLYPHS:
        return "power glyphs"
    if name in TECH_GLYPHS:
        return "tech glyphs"
    return "treasure glyphs"


def glyph_note(name: str) -> str | None:
    """``None`` when the engine has rules for the glyph ``name``; else what it waits for
    ("power glyphs (kelda)"). Asks the registries ``bot.rules.glyphs.describe`` and
    ``bot.rules.treasure.catalogue.describe`` (glyphs' and treasure's work)."""
    for module in ("bot.rules.glyphs", "bot.rules.treasure.catalogue"):
        describe = getattr(_module(module), "describe", None)
        if describe is not None and describe(name) is not None:
            return None
    return f"{glyph_family(name)} ({name})"


def put_glyph(state: MatchState, at: Any, name: str, side: str, trap: bool) -> str | None:
    """Put a glyph on the battlefield (``MatchState.glyphs``); a trap is marked where the engine
    keeps traps (``MatchState.traps``, treasure's work). Returns a waiting note when the case plays
    with a trap the engine cannot hold."""
    state.glyphs[at] = (name, side)
    if not trap:
        return None
    if _has_field(state, "traps"):
        traps = _field(state, "traps")
        if isinstance(traps, set):
            traps.add(at)
        else:
            traps.append(at)
        return None
    return f"glyph traps ({name})"


def put_carried(fig: Figure, carries: Sequence[str], flipped: Sequence[str]) -> str | None:
    """Give ``fig`` its carried and flipped glyphs at the start; returns a blocking note when the
    engine does not carry glyphs yet (``Figure.carries``/``flipped``, treasure's work)."""
    if not carries and not flipped:
        return None
    if not _has_field(fig, "carries") or not _has_field(fig, "flipped"):
        return "glyph carrying is not built yet (figures.carries / figures.flipped)"
    _field(fig, "carries")[:] = list(carries)
    _field(fig, "flipped")[:] = list(flipped)
    return None


def carried(fig: Figure) -> list[str]:
    """The glyphs ``fig`` carries now. :raises Unbuilt: when the engine carries no glyphs."""
    if not _has_field(fig, "carries"):
        raise Unbuilt("glyph carrying is not built yet (check figures.carries)")
    return list(_field(fig, "carries"))


def flipped(fig: Figure) -> list[str]:
    """The tech glyphs ``fig`` has flipped. :raises Unbuilt: when the engine has no tech glyphs."""
    if not _has_field(fig, "flipped"):
        raise Unbuilt("tech glyphs are not built yet (check figures.flipped)")
    return list(_field(fig, "flipped"))


def _parse(text: str, what: str) -> Command:
    """The command ``text`` as the engine reads it. :raises Unbuilt: when it cannot read it."""
    try:
        return Command.parse(text)
    except InvalidCommand as exc:
        raise Unbuilt(f"{what}: the engine cannot read '{text}' ({exc})") from None


def use_command(figure: str, what: str, target: str | None) -> Command:
    """``use FIGURE GLYPH [TARGET]`` (treasure's verb). :raises Unbuilt: when the engine has no ``use``."""
    if not _engine_knows("use"):
        raise Unbuilt("using carried glyphs and optional powers (the use command) is not built yet")
    words = ["use", figure, what] + ([target] if target is not None else [])
    return _parse(" ".join(shlex.quote(w) for w in words), "use")


def move_command(figure: str, path: Sequence[str], fly: bool | None, drops: Sequence[tuple[str, str]]) -> Command:
    """A move along ``path``; with ``drops`` (glyph, space) it is ``move ... drop GLYPH@SPACE``
    (treasure's option). :raises Unbuilt: when the engine's move cannot drop glyphs."""
    if not drops:
        return Command("move", {"figure": figure, "path": list(path), "fly": fly})
    from bot.rules.actions import move

    if "drop" not in inspect.signature(move.move).parameters:
        raise Unbuilt("dropping carried glyphs during a move is not built yet")
    words = ["move", figure, "path", *path] + ([] if fly is None else ["fly" if fly else "walk"])
    words += ["drop", *(f"{g}@{s}" for g, s in drops)]
    return _parse(" ".join(words), "move with drop")


# ---- objects and cannons ----------------------------------------------------------------------------


def has_objects(state: MatchState) -> bool:
    """Whether the engine keeps destructible objects (``MatchState.objects``, field's work)."""
    return _has_field(state, "objects")


def is_object(state: MatchState, name: str) -> bool:
    """Whether ``name`` is a destructible object's id (``False`` while objects are not built)."""
    return has_objects(state) and name in _field(state, "objects")


def object_status(state: MatchState, oid: str) -> tuple[int, bool]:
    """``(wounds, destroyed)`` of the object ``oid``.

    :raises Unbuilt: when the engine has no destructible objects. :raises KeyError: no such object.
    """
    if not has_objects(state):
        raise Unbuilt("destructible objects are not built yet")
    obj = _field(state, "objects")[oid]
    if isinstance(obj, dict):
        return int(obj.get("wounds", 0)), bool(obj.get("destroyed", False))
    return int(getattr(obj, "wounds", 0)), bool(getattr(obj, "destroyed", False))


def cannon_command(figure: str, cannon: str, target: str) -> Command:
    """``cannon FIGURE CANNON TARGET`` (field's verb). :raises Unbuilt: when there is no Cannon Fire."""
    if not _engine_knows("cannon"):
        raise Unbuilt("Cannon Fire (the cannon command) is not built yet")
    return _parse(f"cannon {figure} {cannon} {target}", "cannon")


def object_dice(state: MatchState, attacker: Figure, oid: str, which: str, power: str | None) -> int:
    """Attack or defense dice of an attack on the object ``oid``. :raises Unbuilt: until objects
    are built and ``bot.rules.objects`` answers ``attack_dice``/``defense_dice``."""
    if not has_objects(state):
        raise Unbuilt("destructible objects are not built yet")
    fn = getattr(_module("bot.rules.objects"), which, None)
    if fn is None:
        raise Unbuilt(f"{which.replace('_', ' ')} against destructible objects are not built yet")
    return int(fn(state, attacker, oid, power) if power else fn(state, attacker, oid))


def can_attack_object(state: MatchState, attacker: Figure, oid: str) -> bool:
    """Whether a normal attack on the object ``oid`` is legal now. :raises Unbuilt: as :func:`object_dice`."""
    if not has_objects(state):
        raise Unbuilt("destructible objects are not built yet")
    fn = getattr(_module("bot.rules.objects"), "can_attack", None)
    if fn is None:
        raise Unbuilt("attacking destructible objects is not built yet")
    return bool(fn(state, attacker, oid))


# ---- statistics ----------------------------------------------------------------------------------------


def stat_value(state: MatchState, fig: Figure, stat: str) -> int:
    """``fig``'s current value of ``stat`` with lasting effects, auras and glyphs applied: the
    engine's ``modifiers.stat_value`` when it has one (powers-a and glyphs' work), else Move and
    Range after their hooks and the card's printed Life, Attack and Defense."""
    general = getattr(modifiers, "stat_value", None)
    if general is not None:
        return int(general(state, fig, stat))
    if stat == "move":
        return modifiers.move_value(state, fig)
    if stat == "range":
        return modifiers.range_value(state, fig)
    return state.card_of(fig).stat(stat)


# ---- scenarios ---------------------------------------------------------------------------------------


def trackers(state: MatchState) -> dict[str, int]:
    """A scenario's tracks by player (Mission Critical). :raises Unbuilt: until scenarios keep them
    (``MatchState.trackers``)."""
    if not _has_field(state, "trackers"):
        raise Unbuilt("scenario trackers are not built yet")
    return {str(k): int(v) for k, v in dict(_field(state, "trackers")).items()}


def reinforcements(state: MatchState) -> dict[str, int]:
    """Points of reinforcements each player may bring in now. :raises Unbuilt: until scenarios keep
    them (``MatchState.reinforcements``)."""
    if not _has_field(state, "reinforcements"):
        raise Unbuilt("scenario reinforcements are not built yet")
    return {str(k): int(v) for k, v in dict(_field(state, "reinforcements")).items()}
