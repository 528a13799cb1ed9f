"""The one adapter between the rules-case runner and the features the cases exercise.

Glyph carrying, using and dropping (``Figure.carries``/``flipped``, the ``use`` verb, a move's
``drop``; :mod:`bot.rules.treasure`), traps (:func:`bot.rules.treasure.carry.set_traps`),
destructible objects (:mod:`bot.rules.objects`, :mod:`bot.rules.object_attacks`), rope ladders and
obstacle ids (the map format), Cannon Fire (the ``cannon`` verb), glyph rules (the registry
:func:`bot.rules.glyphs.describe`), a figure's current statistics (:func:`bot.rules.modifiers.stat_value`)
and scenario trackers and reinforcements: every touch of them by the runner is here and nowhere else.

A feature the engine still lacks (scenario trackers and reinforcements, issue 15) raises
:class:`Unbuilt` with a sentence saying which feature ("scenario trackers are not built yet"),
which the runner reports as the failing step's reason, never as a format error or a traceback.
Features a case needs from its first step are listed by :func:`map_for_engine` and
:func:`put_carried` as *blocking* notes; glyphs no registry knows are *waiting* notes
(:func:`glyph_note`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.content.maps import MapSpec, ObstacleSpec
from bot.rules import modifiers, object_attacks, objects
from bot.rules.commands import Command
from bot.rules.glyphs import describe
from bot.rules.glyphs.catalogue import POWER_GLYPHS
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState
from bot.rules.treasure import carry

#: Tech glyphs (HS-TECH-*).
TECH_GLYPHS = frozenset({"jump_pack", "nanite_shielding", "nanotoxin_coating"})


class Unbuilt(Exception):
    """The engine lacks a feature a case needs; the message names the feature ("... is not built yet")."""


def _has_field(obj: object, name: str) -> bool:
    """Whether a dataclass instance (or class) has the field ``name``."""
    return name in getattr(obj, "__dataclass_fields__", {})


# ---- the map ------------------------------------------------------------------------------------------


def map_for_engine(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The part of a case's ``map`` the project's map format reads, and the blocking notes of v2 map
    features it cannot hold.

    ``ladders`` and ``objects`` are map fields (:class:`~bot.content.maps.MapSpec`); an obstacle's
    ``id`` is an :class:`~bot.content.maps.ObstacleSpec` field. Should a map format lack one (an older
    checkout), the piece is left out with a note ("rope ladders are not built yet (map.ladders)").
    ``zones`` is the runner's business (start zones), already taken out.
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
    """Nothing to do: the rules read a destructible object's Life and Defense from the battlefield
    (or the scenario's rule) until its first wound (:func:`bot.rules.objects.find`). Kept so that
    the set-up reads the same whatever the engine keeps."""
    objects.states(state)


# ---- glyphs -----------------------------------------------------------------------------------------


def glyph_family(name: str) -> str:
    """Which family a glyph name belongs to, in words: power, tech, or treasure glyphs."""
    if name in POWER_GLYPHS:
        return "power glyphs"
    if name in TECH_GLYPHS:
        return "tech glyphs"
    return "treasure glyphs"


def glyph_note(name: str) -> str | None:
    """``None`` when the engine has rules for the glyph ``name`` (:func:`bot.rules.glyphs.describe`
    knows it: power, treasure, tech glyphs and artifacts); else what it waits for ("power glyphs (x)")."""
    return None if describe(name) is not None else f"{glyph_family(name)} ({name})"


def put_glyph(state: MatchState, at: Hex, name: str, side: str, trap: bool) -> str | None:
    """Put a glyph on the battlefield (``MatchState.glyphs``); a trapped one is added to the spaces
    whose Treasure Glyphs are trapped (:func:`bot.rules.treasure.carry.set_traps`, HS-TREASURE-11).
    Returns ``None`` (no waiting note: traps are built)."""
    state.glyphs[at] = (name, side)
    if trap:
        eff = state.effects.get(carry.TRAPS)
        spaces = [Hex(q, r) for q, r in getattr(eff, "data", {}).get("spaces", [])] if eff is not None else []
        carry.set_traps(state, True, [*spaces, at])
    return None


def put_carried(fig: Figure, carries: Sequence[str], flipped: Sequence[str]) -> str | None:
    """Give ``fig`` its carried and flipped glyphs at the start (``Figure.carries``/``flipped``,
    HS-TREASURE-05, HS-TECH-04); returns ``None`` (no blocking note)."""
    fig.carries[:] = list(carries)
    fig.flipped[:] = list(flipped)
    return None


def carried(fig: Figure) -> list[str]:
    """The glyphs ``fig`` carries now."""
    return list(fig.carries)


def flipped(fig: Figure) -> list[str]:
    """The tech glyphs ``fig`` has flipped symbol side up this round (HS-TECH-04)."""
    return list(fig.flipped)


def use_command(figure: str, what: str, target: str | None) -> Command:
    """``use FIGURE GLYPH [TARGET]`` (HS-TREASURE-31, HS-TECH-03); the engine refuses a glyph the
    figure does not carry, or may not use now."""
    args: dict[str, Any] = {"figure": figure.lower(), "glyph": what}
    if target is not None:
        args["target"] = target
    return Command("use", args)


def move_command(figure: str, path: Sequence[str], fly: bool | None, drops: Sequence[tuple[str, str]]) -> Command:
    """A move along ``path``; with ``drops`` (glyph, space) it drops those carried glyphs on the way,
    ``move ... drop GLYPH@SPACE`` (HS-TREASURE-07)."""
    args: dict[str, Any] = {"figure": figure, "path": list(path), "fly": fly}
    if drops:
        args["drop"] = [f"{g}@{s}" for g, s in drops]
    return Command("move", args)


# ---- choices ----------------------------------------------------------------------------------------


def _is_hex(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in value))


def _is_move(value: Any) -> bool:
    """``[figure, [q, r]]`` or ``[figure, [[q, r], ...]]``: a decision that moves a figure."""
    return (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)
            and (_is_hex(value[1]) or (isinstance(value[1], list) and bool(value[1]) and all(map(_is_hex, value[1])))))


def answer_parts(value: Any) -> tuple[list[Any], bool]:
    """The answers a ``choose`` step gives, one per decision the rules ask in turn, and whether the
    answer is a whole list of moves (FORMAT.md "Answers with several parts").

    A move ``[figure, [q, r]]`` (or its path ``[figure, [[q, r], ...]]``) is two answers: the figure,
    then its end space (the glyphs that move figures, Erland and Quillivon, ask them one after the
    other, HS-GLYPH-20, -30). A list of moves is each move's answers in order; any other answer is
    one answer (a list of figure ids for wounds removed stays one: the decision reads them together).
    """
    if _is_move(value):
        return [value[0], value[1] if _is_hex(value[1]) else value[1][-1]], False
    if isinstance(value, list) and value and all(map(_is_move, value)):
        return [part for move in value for part in answer_parts(move)[0]], True
    return [value], False


# ---- objects and cannons ----------------------------------------------------------------------------


def has_objects(state: MatchState) -> bool:
    """Whether the engine keeps destructible objects (it does: :mod:`bot.rules.objects`)."""
    return _has_field(state, "objects")


def is_object(state: MatchState, name: str) -> bool:
    """Whether ``name`` is a destructible object's id (destroyed or not)."""
    return objects.find(state, name) is not None


def _object(state: MatchState, oid: str) -> objects.PlacedObject:
    found = objects.find(state, oid)
    if found is None:
        raise AssertionError(f"there is no destructible object '{oid}' on the battlefield")
    return found


def object_status(state: MatchState, oid: str) -> tuple[int, bool]:
    """``(wounds, destroyed)`` of the object ``oid`` (HS-DESTRUCT-01).

    :raises AssertionError: no destructible object has that id (the check fails, saying so).
    """
    obj = _object(state, oid)
    return obj.wounds, obj.destroyed


def cannon_command(figure: str, cannon: str, target: str) -> Command:
    """``cannon FIGURE CANNON TARGET``: Cannon Fire with the cannon of that obstacle id or space
    (HS-OBSTACLE-04)."""
    return Command("cannon", {"figure": figure.lower(), "cannon": cannon, "target": target.lower()})


def object_dice(state: MatchState, attacker: Figure, oid: str, which: str, power: str | None) -> int:
    """Attack (``which`` ``attack_dice``) or defense dice (``defense_dice``) of an attack by
    ``attacker`` on the object ``oid``: a normal attack (HS-DESTRUCT-06, -07, HS-HEIGHT-05), or the
    special attack ``power`` (its own dice, HS-SPECIAL-02).

    :raises AssertionError: no such object. :raises bot.rules.errors.InvalidCommand: no such power
        on the card.
    """
    obj = _object(state, oid)
    if which == "defense_dice":
        return object_attacks.defense_dice_of(attacker, obj)[0]
    if power:
        return int(object_attacks.power_named(state, attacker, power).values.get("attack", 0))
    return object_attacks.attack_dice(state, attacker, obj)[0]


def can_attack_object(state: MatchState, attacker: Figure, oid: str) -> bool:
    """Whether ``attacker``'s normal attack may target the object ``oid`` from where it stands."""
    return bool(object_attacks.check_object(state, attacker, _object(state, oid)))


# ---- statistics ----------------------------------------------------------------------------------------


def stat_value(state: MatchState, fig: Figure, stat: str) -> int:
    """``fig``'s current value of ``stat`` with every lasting effect, aura and glyph applied, as the
    rules' own hooks give it (:func:`bot.rules.modifiers.stat_value`)."""
    return modifiers.stat_value(state, fig, stat)


# ---- scenarios ---------------------------------------------------------------------------------------


def trackers(state: MatchState) -> dict[str, int]:
    """A scenario's tracks by player (Mission Critical). :raises Unbuilt: until scenarios keep them
    (``MatchState.trackers``, issue 15)."""
    if not _has_field(state, "trackers"):
        raise Unbuilt("scenario trackers are not built yet")
    return {str(k): int(v) for k, v in dict(getattr(state, "trackers")).items()}  # noqa: B009 (not a field yet)


def reinforcements(state: MatchState) -> dict[str, int]:
    """Points of reinforcements each player may bring in now. :raises Unbuilt: until scenarios keep
    them (``MatchState.reinforcements``, issue 15)."""
    if not _has_field(state, "reinforcements"):
        raise Unbuilt("scenario reinforcements are not built yet")
    return {str(k): int(v) for k, v in dict(getattr(state, "reinforcements")).items()}  # noqa: B009 (not a field yet)

