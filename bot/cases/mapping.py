"""A case's battlefield: the ``map`` block built with the project's map format.

The v1 block is a :class:`~bot.content.maps.MapSpec` as it is. In v2 the runner also reads
``zones`` (named sets of hexes a scenario refers to; they become the battlefield's start zones,
where scenario rules look for areas), gives a ``cannon`` obstacle its Height 2 when none is written
(FORMAT.md, "Map"), and hands ``ladders``, ``objects`` and obstacle ids to
:mod:`bot.cases.features`, which passes them on when the map format holds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bot.cases import features
from bot.cases.model import CaseError, MapExtras, loc
from bot.content.maps import MapFileError, MapSpec, build_battlefield
from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex

#: The Height of a cannon obstacle written without one (HS-OBSTACLE-09).
CANNON_HEIGHT = 2


@dataclass
class CaseMap:
    """A case's battlefield, the blocking notes of v2 map features the engine cannot hold
    (:func:`bot.cases.features.map_for_engine`), the glyphs placed as traps, and obstacle ids."""

    battlefield: Battlefield
    notes: list[str] = field(default_factory=list)
    traps: set[Hex] = field(default_factory=set)
    obstacle_ids: dict[str, int] = field(default_factory=dict)


def build_map(raw: dict[str, Any], version: int, name: str, source: str) -> CaseMap:
    """The battlefield of a case's ``map``, with what the engine cannot hold of it.

    :raises CaseError: naming ``map`` and the field when the block is not a valid map.
    """
    notes: list[str] = []
    traps: set[Hex] = set()
    ids: dict[str, int] = {}
    data = dict(raw)
    if version == 2:
        data["glyphs"], traps = _traps(data.get("glyphs", []), source)
        ids = features.obstacle_ids(data)
        extras = {k: data.pop(k) for k in ("ladders", "objects", "zones") if k in data}
        try:
            zones = MapExtras.model_validate(extras).zones
        except ValidationError as exc:
            raise CaseError(f"{source}: field {loc(exc, 'map')}") from None
        data["obstacles"] = [_cannon_height(o) for o in data.get("obstacles", [])]
        for key in ("ladders", "objects"):
            if key in extras:
                data[key] = extras[key]
        data, notes = features.map_for_engine(data)
        if zones:
            taken = data.get("start_zones", {})
            data["start_zones"] = {**taken, **{k: [list(h) for h in v] for k, v in zones.items()}}
    try:
        bf = build_battlefield(MapSpec.model_validate(data), name=name)
    except ValidationError as exc:
        raise CaseError(f"{source}: field {loc(exc, 'map')}") from None
    except MapFileError as exc:
        field_ = exc.field
        if version == 2 and field_.startswith("start_zones."):
            field_ = "zones." + field_.removeprefix("start_zones.")  # the case's name for them
        raise CaseError(f"{source}: field map.{field_}: {exc.problem}") from None
    except ValueError as exc:
        raise CaseError(f"{source}: field map: {exc}") from None
    return CaseMap(bf, notes, traps, ids)


def _traps(glyphs: Any, source: str) -> tuple[Any, set[Hex]]:
    """The glyph entries without their ``trap`` flags, and the hexes of the glyphs set as traps."""
    if not isinstance(glyphs, list):
        return glyphs, set()
    out, traps = [], set()
    for i, g in enumerate(glyphs):
        if isinstance(g, dict) and "trap" in g:
            if not isinstance(g["trap"], bool):
                raise CaseError(f"{source}: field map.glyphs.{i}.trap: write true or false")
            at = g.get("at")
            if g["trap"] and isinstance(at, list) and len(at) == 2 and all(isinstance(c, int) for c in at):
                traps.add(Hex(at[0], at[1]))
            g = {k: v for k, v in g.items() if k != "trap"}
        out.append(g)
    return out, traps


def _cannon_height(obstacle: Any) -> Any:
    """A ``cannon`` obstacle with its default Height when the case gives none."""
    if isinstance(obstacle, dict) and obstacle.get("kind") == "cannon" and "height" not in obstacle:
        return {**obstacle, "height": CANNON_HEIGHT}
    return obstacle
