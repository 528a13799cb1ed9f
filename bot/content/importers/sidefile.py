"""Side files: start zones and glyph places for a map whose file has none, and proposed start zones.

A side file is JSON in the project's format, kept next to the map file as ``NAME.side.json`` (or
given with ``--side``)::

    {"format": "heroscape-map-side/1",
     "start_zones": {"red": [[0, 3], {"q": [0, 2], "r": [4, 5]}], "blue": [[12, 3]]},
     "glyphs": [{"name": "astrid", "at": [6, 4], "side": "power"}],
     "notes": "Where the places come from."}

Coordinates are the map's axial ``[q, r]`` (``maps show`` prints them beside the labels). Zones and
glyphs given here replace the map file's own; ``notes`` are added to the map's notes.

For a quick game on a map without start zones, :func:`propose_start_zones` picks two opposite
zones of a given size on the map's edges (west and east, or north and south on a tall map); the
caller tells the players they were proposed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from bot.content.importers.errors import MapImportError
from bot.content.importers.hexoscape import parse_json
from bot.content.library import validate
from bot.content.maps import GlyphSpec, MapFileError, ZoneItem, _zone_items
from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex

SIDE_FORMAT = "heroscape-map-side/1"
#: Largest side file read, in bytes.
MAX_SIDE_BYTES = 200_000


class SideFile(BaseModel):
    """A side file (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["heroscape-map-side/1"]
    start_zones: Annotated[dict[str, list[ZoneItem]], BeforeValidator(_zone_items)] | None = None
    glyphs: list[GlyphSpec] | None = None
    notes: str = Field(default="", max_length=2000)


def read_side_file(path: str | Path) -> SideFile:
    """Read and validate a side file.

    :raises MapImportError: unreadable, not JSON, or not a side file (field and what is expected).
    """
    p = Path(path)
    try:
        if p.stat().st_size > MAX_SIDE_BYTES:
            raise MapImportError(p.name, "file", f"a side file may have at most {MAX_SIDE_BYTES:,} bytes")
        data = p.read_bytes()
    except OSError as exc:
        raise MapImportError(str(p), "file", f"cannot be read ({exc.strerror or exc})") from None
    return parse_side_file(data, str(p))


def parse_side_file(data: bytes, source: str) -> SideFile:
    """Validate a side file's bytes (``source`` names it in errors).

    :raises MapImportError: too big, not JSON, or not a side file (field and what is expected).
    """
    if len(data) > MAX_SIDE_BYTES:
        raise MapImportError(source, "file", f"a side file may have at most {MAX_SIDE_BYTES:,} bytes")
    try:
        doc = parse_json(data.decode("utf-8"), source)
    except UnicodeDecodeError:
        raise MapImportError(source, "file", "expected UTF-8 JSON text") from None
    try:
        return validate(SideFile, doc, source, MapFileError)
    except MapFileError as exc:
        raise MapImportError(exc.source, exc.field, exc.problem) from None


def apply_side_file(doc: dict[str, Any], side: SideFile) -> dict[str, Any]:
    """``doc`` (a map document) with the side file's zones, glyphs and notes."""
    out = dict(doc)
    if side.start_zones is not None:
        out["start_zones"] = {zone: [list(i) if isinstance(i, tuple) else i.model_dump() for i in items]
                              for zone, items in side.start_zones.items()}
    if side.glyphs is not None:
        out["glyphs"] = [g.model_dump() for g in side.glyphs]
    if side.notes:
        out["notes"] = (str(out.get("notes", "")) + " " + side.notes).strip()
    return out


def propose_start_zones(bf: Battlefield, size: int) -> tuple[dict[str, list[Hex]], str]:
    """Two opposite start zones of ``size`` spaces each on the map's edges, and a sentence saying so.

    The zones lie along the map's longer axis (west and east, or north and south): ``red`` takes
    the ``size`` spaces nearest one edge, ``blue`` those nearest the opposite edge, leaving out
    spaces under obstacles and Height 0 tiles (a figure placed there would have to stop) while land
    is left.

    :raises ValueError: the map has fewer than ``2 * size`` spaces to give.
    """
    usable = [h for h in bf.hexes()
              if not bf.blocked(h, bf.columns[h][-1].top) and not bf.columns[h][-1].terrain.height_zero]
    if len(usable) < 2 * size:
        usable = [h for h in bf.hexes() if not bf.blocked(h, bf.columns[h][-1].top)]
    if len(usable) < 2 * size or size < 1:
        raise ValueError(f"the map has {len(usable)} free space{'' if len(usable) == 1 else 's'}; two start zones "
                         f"of {size} need {2 * size}")
    xs = [h.center()[0] for h in usable]
    ys = [h.center()[1] for h in usable]
    wide = (max(xs) - min(xs)) >= (max(ys) - min(ys))
    axis = 0 if wide else 1
    ordered = sorted(usable, key=lambda h: (h.center()[axis], h.center()[1 - axis]))
    red = ordered[:size]
    blue = ordered[-size:]
    names = ("west", "east") if wide else ("north", "south")
    text = (f"The map has no start zones: proposed red on the {names[0]} edge and blue on the "
            f"{names[1]} edge, {size} space{'' if size == 1 else 's'} each.")
    return {"red": red, "blue": blue}, text


def with_start_zones(bf: Battlefield, zones: dict[str, list[Hex]]) -> Battlefield:
    """``bf`` with these start zones (the rest unchanged: ladders, destructible objects and holed
    tiles too)."""
    return Battlefield.build(bf.name, bf.columns, bf.obstacles, zones, bf.glyphs, bf.description,
                             bf.ladders, bf.destructibles, bf.holed)


#: Start zones proposed for a map without any: this many spaces each, fewer on a small map.
ZONE_SIZE = 16


def with_proposed_zones(bf: Battlefield, size: int = ZONE_SIZE) -> tuple[Battlefield, str | None]:
    """``bf`` with two proposed start zones of ``size`` spaces (fewer on a small map: at most a
    quarter of its free spaces each) when it has none, and the sentence saying so (``None`` when it
    had zones)."""
    if bf.start_zones:
        return bf, None
    free = sum(1 for h in bf.hexes() if not bf.blocked(h, bf.columns[h][-1].top))
    try:
        zones, text = propose_start_zones(bf, max(1, min(size, free // 4)))
    except ValueError as exc:
        return bf, f"The map has no start zones, and none can be proposed: {exc}."
    return with_start_zones(bf, zones), text
