"""Map files: the project's own battlefield format (``heroscape-map/1``) and the map library.

The format is a superset of the ``map`` block of a rules case (``shared/rules-cases/FORMAT.md``), so
the same code builds both. Every key but the spaces is optional; a rules-case block has no
``format``, ``id``, ``name`` or ``start_zones``::

    {
      "format": "heroscape-map/1",
      "id": "practice-field",                     # defaults to the file name without .json
      "name": "Practice Field",                   # defaults to the id
      "description": "What players are told about the map.",
      "notes": "Design notes for map makers (how it was built, what counts).",
      "fill":  [{"q": [0, 9], "r": [0, 7], "level": 1, "terrain": "grass"}],
      "hexes": [{"at": [2, 2], "level": 3, "terrain": "rock"},
                {"at": [4, 4], "level": 6, "terrain": "wood", "bottom": 5}],
      "obstacles": [{"kind": "tree", "at": [[3, 3]], "height": 10},
                    {"kind": "ruin", "between": [[5, 1], [6, 1]], "height": 6, "level": 1}],
      "glyphs": [{"name": "astrid", "at": [1, 1], "side": "power"}],
      "ladders": [{"top": [2, 2], "bottom": [3, 2], "bottom_level": 2}],
      "objects": [{"id": "shroom1", "at": [[6, 6]], "height": 10, "life": 3, "defense": 2}],
      "start_zones": {"red": [[0, 0], [1, 0], {"q": [0, 3], "r": [7, 7]}]}
    }

Coordinates are axial ``[q, r]`` (see :mod:`bot.rules.hexes`); labels such as ``F7`` are derived
from them, the battlefield's top-left space being ``A1``.

**Spaces.** Each ``fill`` rectangle (inclusive ranges of q and r) and each ``hexes`` entry describes
one *cell* per hex: solid from ``bottom`` (default 0, the table) up to ``level``, topped by
``terrain``. ``level`` is where a figure's base stands; a Height 0 tile (water) written with
``level`` L lies on level L - 1. Fills are applied in order, then hexes in order. A hex that no
entry names is no space at all. For each entry and each hex it names:

- ``bottom`` 0 (the usual case): the cell replaces the cells of that hex it overlaps, i.e. the
  ground, so a later entry replaces an earlier one, as in rules cases. Cells higher up that it
  does not reach (a bridge) are kept.
- ``bottom`` > 0: the cell is *added* to the hex, above or below the cells already there (an
  overhang or a bridge deck: the column then has two standable surfaces). It must not overlap a
  cell already there; that is an error ("overlapping cells"), never a silent replacement.

**Obstacles.** ``kind`` is an :class:`~bot.rules.terrain.ObstacleKind` value. ``at`` lists the
spaces it stands on; ``between`` names two adjacent hexes, at least one a space, with a thin
obstacle (ruin, wall) on their shared edge. ``height`` is in levels above its foot. ``level``, the
level of its foot, defaults to the top of the highest of its spaces (for ``between``, the higher
of the two). ``name`` is optional. ``height`` may be left out for a kind with one standard height
(a cannon is 2, a fortified wall 7, underbrush 10, a Laur wall 9, a stone wall 2, a ship hull 9).
``id`` names the piece for the rules: a ``cannon`` with an id can fire (``cannon FIGURE ID
TARGET``, HS-OBSTACLE-04), and a scenario rule may turn an obstacle with an id into a destructible
object (Crumbling Architecture). A ``ship`` is a hull between spaces, 9 above the ground outside:
its lower deck is a tile 1 level up inside, its upper deck a tile 7 levels up (HS-OBSTACLE-16,
-17). An ``outcrop`` or ``glacier`` of 3 spaces covers 3 that touch each other; its spaces are
holed tiles; ``"holed": true`` on a ``hexes`` entry marks a holed tile used without an outcrop
(it plays as its terrain, HS-OBSTACLE-18, -19).

**Ladders** hang from the edge of space ``top`` over its neighbour ``bottom``, their lower end at
level ``bottom_level`` (HS-LADDER-*). **Objects** are destructible objects: ``id``, the spaces
``at``, ``height``, ``life`` and ``defense`` (and an optional ``level`` and ``name``); they stand
like obstacles until destroyed and are targeted by their id (HS-DESTRUCT-*).

**Glyphs** stand on a space: ``name`` in lower case without "Glyph of", ``side`` ``power`` or
``symbol``. **Start zones** map a zone name (a colour) to single hexes ``[q, r]`` and rectangles
``{"q": [q0, q1], "r": [r0, r1]}``; every hex must be a space.

A file that breaks any of this raises :class:`MapFileError` naming the file, the field
(``hexes #4.terrain``: list entries are counted from 1) and what is expected; nothing is half loaded.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from bot.content.library import (
    UNION_TAGS,
    ContentFileError,
    FolderLibrary,
    UnknownNameError,
    item_label,
    read_json_object,
    validate,
)
from bot.content.map_checks import piece_clash, zone_clash
from bot.rules.battlefield import Battlefield, Cell, Destructible, GlyphSpot, Ladder, Obstacle
from bot.rules.glyphs import known_name
from bot.rules.hexes import Hex
from bot.rules.terrain import STANDARD_HEIGHTS, ObstacleKind, Terrain

FORMAT = "heroscape-map/1"
#: Environment variable naming a user folder whose maps add to the shipped ones (:meth:`MapLibrary.default`).
MAPS_DIR_ENV = "HEROSCAPE_MAPS_DIR"
#: Largest number of hexes a map (or one fill rectangle) may name: a guard against typos such as
#: ``"q": [0, 10000]`` in user files, far above any real battlefield.
MAX_SPACES = 20_000


class MapFileError(ContentFileError):
    """A map cannot be used. The message names the file (or map), the field and what is expected."""


class UnknownMapError(UnknownNameError):
    """No map has this id or name; the message suggests the closest ones."""


# --- the file format --------------------------------------------------------------------------

def _one_of(names: type[StrEnum], what: str) -> Callable[[object], object]:
    """A validator refusing a string that is not a value of ``names``, listing the values it takes."""
    known = ", ".join(n.value for n in names)

    def check(value: object) -> object:
        """Return ``value`` unchanged; raise ``ValueError`` naming the accepted values if it is a
        string that is not one of them."""
        if isinstance(value, str) and value not in names._value2member_map_:
            raise ValueError(f"'{value}' is not {what}; expected one of: {known}")
        return value

    return check


TerrainName = Annotated[Terrain, BeforeValidator(_one_of(Terrain, "a terrain"))]
KindName = Annotated[ObstacleKind, BeforeValidator(_one_of(ObstacleKind, "an obstacle kind"))]
Coord = tuple[int, int]
Range = tuple[int, int]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_range(name: str, bounds: Range) -> None:
    if bounds[0] > bounds[1]:
        raise ValueError(f"{name} range [{bounds[0]}, {bounds[1]}] is empty: write [low, high]")


class Rect(_Spec):
    """A rectangle of axial coordinates, both ranges inclusive."""

    q: Range
    r: Range

    @model_validator(mode="after")
    def _ranges(self) -> Rect:
        _check_range("q", self.q)
        _check_range("r", self.r)
        if self.area > MAX_SPACES:
            raise ValueError(f"the rectangle names {self.area} hexes, more than the {MAX_SPACES} allowed")
        return self

    @property
    def area(self) -> int:
        """How many hexes the rectangle covers (both ranges inclusive)."""
        return (self.q[1] - self.q[0] + 1) * (self.r[1] - self.r[0] + 1)

    def hexes(self) -> Iterator[Hex]:
        """Its hexes, row by row."""
        for r in range(self.r[0], self.r[1] + 1):
            for q in range(self.q[0], self.q[1] + 1):
                yield Hex(q, r)


#: Height 0 tiles (they add no level): only these may lie on the table as a space at level 0.
FLAT_TERRAINS = frozenset({
    Terrain.WATER, Terrain.SWAMP_WATER, Terrain.TOXIC_WATER, Terrain.WELLSPRING_WATER, Terrain.ICE,
    Terrain.SLIPPERY_ICE, Terrain.THIN_ICE, Terrain.MOLTEN_LAVA, Terrain.COOLING_LAVA, Terrain.SHADOW,
})


class _CellSpec(_Spec):
    # terrain and bottom come first: the level's check reads them.
    terrain: TerrainName
    bottom: int = Field(default=0, ge=0, le=1000)
    level: int = Field(ge=0, le=1000)

    @field_validator("level")
    @classmethod
    def _level(cls, level: int, info: ValidationInfo) -> int:
        flat_on_table = info.data.get("bottom", 0) == 0 and info.data.get("terrain") in FLAT_TERRAINS
        if level < 1 and not flat_on_table:
            # Level 0 is a Height 0 tile straight on the table (imported maps): a space at level 0.
            raise ValueError("Input should be greater than or equal to 1 (level 0 is only for a Height 0 "
                             "tile on the table: water, ice, molten lava, shadow)")
        return level

    @model_validator(mode="after")
    def _thickness(self) -> _CellSpec:
        if self.level <= self.bottom and not (self.level == 0 and self.bottom == 0):
            raise ValueError(f"level {self.level} must be above bottom {self.bottom}")
        return self

    def cell(self) -> Cell:
        """The :class:`Cell` this spec describes (top level, terrain, bottom)."""
        return Cell(top=self.level, terrain=self.terrain, bottom=self.bottom)


class FillSpec(_CellSpec, Rect):
    """A rectangle of spaces sharing one cell: ``{"q": [0, 9], "r": [0, 7], "level": 1, "terrain": "grass"}``."""


class HexSpec(_CellSpec):
    """One space (or one more cell of it): ``{"at": [2, 2], "level": 3, "terrain": "rock"}``;
    ``"holed": true`` marks a holed outcrop tile (HS-OBSTACLE-18)."""

    at: Coord
    holed: bool = False


class ObstacleSpec(_Spec):
    """An obstacle on spaces (``at``) or on the edge between two hexes (``between``)."""

    kind: KindName
    height: int | None = Field(default=None, ge=1, le=1000)
    at: list[Coord] | None = None
    between: tuple[Coord, Coord] | None = None
    level: int | None = Field(default=None, ge=0, le=1000)
    name: str = ""
    id: str = Field(default="", pattern=r"^[A-Za-z0-9_\-]*$", max_length=40)

    @model_validator(mode="after")
    def _placed(self) -> ObstacleSpec:
        if self.height is None:
            heights = STANDARD_HEIGHTS.get(ObstacleKind(self.kind), ())
            if len(heights) != 1:
                shown = " or ".join(map(str, heights)) or "its height in levels"
                raise ValueError(f'give the {self.kind} a "height" ({shown})')
        if (self.at is None) == (self.between is None):
            raise ValueError('give exactly one of "at": [[q, r], ...] or "between": [[q1, r1], [q2, r2]]')
        if self.at is not None:
            if not self.at:
                raise ValueError('"at" lists no hexes')
            if len(set(self.at)) != len(self.at):
                raise ValueError('"at" lists a hex twice')
        if self.between is not None:
            a, b = Hex(*self.between[0]), Hex(*self.between[1])
            if not a.is_adjacent(b):
                raise ValueError(f'"between": {a} and {b} are not adjacent hexes')
        return self


class LadderSpec(_Spec):
    """A rope ladder: ``{"top": [2, 2], "bottom": [3, 2], "bottom_level": 2}`` (HS-LADDER-*)."""

    top: Coord
    bottom: Coord
    bottom_level: int = Field(ge=0, le=1000)


class ObjectSpec(_Spec):
    """A destructible object: ``{"id": "fort1", "at": [[3, 2]], "height": 7, "life": 3, "defense": 3}``."""

    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_\-]+$")
    at: list[Coord] = Field(min_length=1)
    height: int = Field(ge=1, le=1000)
    life: int = Field(ge=1, le=100)
    defense: int = Field(ge=0, le=100)
    level: int | None = Field(default=None, ge=0, le=1000)
    name: str = ""


class GlyphSpec(_Spec):
    """A glyph's starting space: ``{"name": "astrid", "at": [1, 1], "side": "power"}``."""

    name: str = Field(min_length=1)
    at: Coord
    side: Literal["power", "symbol"] = "power"

    @field_validator("name")
    @classmethod
    def _known(cls, name: str) -> str:
        # A misspelt glyph would lie on the map and do nothing; refuse it, listing the names.
        return known_name(name)


def _zone_items(value: object) -> object:
    """Clear message for a start zone entry that is neither ``[q, r]`` nor a rectangle."""
    if isinstance(value, dict):
        for zone, items in value.items():
            if not isinstance(items, list):
                raise ValueError(f"zone '{zone}' must be a list of [q, r] and {{\"q\": [q0, q1], \"r\": [r0, r1]}}")
            for i, item in enumerate(items):
                ok = (isinstance(item, list) and len(item) == 2) or isinstance(item, dict)
                if not ok:
                    raise ValueError(
                        f"zone '{zone}' entry #{i + 1} is {json.dumps(item)[:40]}; expected [q, r] "
                        'or a rectangle {"q": [q0, q1], "r": [r0, r1]}'
                    )
    return value


def _zone_tag(value: object) -> str:
    return UNION_TAGS[1] if isinstance(value, dict | Rect) else UNION_TAGS[0]


ZoneItem = Annotated[
    Annotated[Coord, Tag(UNION_TAGS[0])] | Annotated[Rect, Tag(UNION_TAGS[1])], Discriminator(_zone_tag)
]


class MapSpec(_Spec):
    """A map file (``heroscape-map/1``) or a rules case's ``map`` block; see the module docstring."""

    format: Literal["heroscape-map/1"] | None = None
    id: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9_\-]*$", max_length=60)
    name: str | None = Field(default=None, min_length=1, max_length=100)
    description: str = ""
    notes: str = ""
    fill: list[FillSpec] = Field(default_factory=list)
    hexes: list[HexSpec] = Field(default_factory=list)
    obstacles: list[ObstacleSpec] = Field(default_factory=list)
    glyphs: list[GlyphSpec] = Field(default_factory=list)
    ladders: list[LadderSpec] = Field(default_factory=list)
    objects: list[ObjectSpec] = Field(default_factory=list)
    start_zones: Annotated[dict[str, list[ZoneItem]], BeforeValidator(_zone_items)] = Field(
        default_factory=dict
    )

    @property
    def title(self) -> str:
        """The name players see: ``name``, else ``id``, else ``"Battlefield"``."""
        return self.name or self.id or "Battlefield"


# --- building ---------------------------------------------------------------------------------


def _span(cell: Cell) -> str:
    return f"levels {cell.bottom}-{cell.top}"


def _place(columns: dict[Hex, list[Cell]], h: Hex, cell: Cell, source: str, field: str) -> None:
    """Apply one entry's cell to hex ``h`` (rules in the module docstring)."""
    cells = columns.setdefault(h, [])
    clashes = [c for c in cells if c.bottom < cell.top and cell.bottom < c.top]
    if cell.bottom == 0:
        cells[:] = [c for c in cells if c not in clashes]
    elif clashes:
        raise MapFileError(
            source,
            field,
            f"overlapping cells at {list(h)}: the new cell ({_span(cell)}) overlaps the cell already there "
            f"({_span(clashes[0])}); a cell with a bottom above 0 is added and must lie clear of the others "
            f"(give it a bottom at or above {clashes[-1].top}, or leave bottom out to replace the space)",
        )
    cells.append(cell)


def _columns(spec: MapSpec, source: str) -> dict[Hex, tuple[Cell, ...]]:
    columns: dict[Hex, list[Cell]] = {}
    total = 0
    for i, f in enumerate(spec.fill):
        total += f.area
        if total > MAX_SPACES:
            raise MapFileError(source, item_label("fill", i), f"the fills name more than {MAX_SPACES} hexes")
        cell = f.cell()
        for h in f.hexes():
            _place(columns, h, cell, source, item_label("fill", i))
    for i, e in enumerate(spec.hexes):
        _place(columns, Hex(*e.at), e.cell(), source, item_label("hexes", i))
    out = {h: tuple(sorted(cells, key=lambda c: c.bottom)) for h, cells in columns.items() if cells}
    if not out:
        raise MapFileError(source, "fill", 'the map has no spaces: give "fill" rectangles or "hexes"')
    return out


def _off(source: str, field: str, h: Hex, what: str) -> MapFileError:
    return MapFileError(source, field, f"{list(h)} is not a space of the battlefield; {what}")


def _obstacles(spec: MapSpec, columns: Mapping[Hex, tuple[Cell, ...]], source: str) -> list[Obstacle]:
    out: list[Obstacle] = []
    for i, o in enumerate(spec.obstacles):
        field = item_label("obstacles", i)
        if o.at is not None:
            hexes = tuple(Hex(*c) for c in o.at)
            for j, h in enumerate(hexes):
                if h not in columns:
                    raise _off(source, f"{field}.at #{j + 1}", h, "an obstacle must stand on spaces")
            level = o.level if o.level is not None else max(columns[h][-1].top for h in hexes)
            out.append(Obstacle(kind=o.kind, height=o.height or STANDARD_HEIGHTS[ObstacleKind(o.kind)][0], level=level, hexes=hexes, name=o.name, id=o.id))
        else:
            assert o.between is not None
            a, b = Hex(*o.between[0]), Hex(*o.between[1])
            sides = [h for h in (a, b) if h in columns]
            if not sides:
                raise MapFileError(
                    source,
                    f"{field}.between",
                    f"neither {list(a)} nor {list(b)} is a space of the battlefield; "
                    "an obstacle between hexes needs a space on at least one side",
                )
            level = o.level if o.level is not None else max(columns[h][-1].top for h in sides)
            out.append(Obstacle(kind=o.kind, height=o.height or STANDARD_HEIGHTS[ObstacleKind(o.kind)][0], level=level, between=(a, b), name=o.name, id=o.id))
    for i, ob in enumerate(spec.objects):
        hexes = tuple(Hex(*c) for c in ob.at)
        for j, h in enumerate(hexes):
            if h not in columns:
                raise _off(source, f"{item_label('objects', i)}.at #{j + 1}", h, "an object must stand on spaces")
        level = ob.level if ob.level is not None else max(columns[h][-1].top for h in hexes)
        out.append(Obstacle(kind=ObstacleKind.OBJECT, height=ob.height, level=level, hexes=hexes, name=ob.name, id=ob.id))
    return out


def _ladders(spec: MapSpec) -> list[Ladder]:
    return [Ladder(Hex(*lad.top), Hex(*lad.bottom), lad.bottom_level) for lad in spec.ladders]


def _glyphs(spec: MapSpec, columns: Mapping[Hex, tuple[Cell, ...]], source: str) -> list[GlyphSpot]:
    out: list[GlyphSpot] = []
    seen: dict[Hex, int] = {}
    for i, g in enumerate(spec.glyphs):
        h = Hex(*g.at)
        if h not in columns:
            raise _off(source, f"{item_label('glyphs', i)}.at", h, "a glyph must lie on a space")
        if h in seen:
            raise MapFileError(source, f"{item_label('glyphs', i)}.at",
                               f"{list(h)} already holds {item_label('glyphs', seen[h])}; one glyph per space")
        if g.name.lower() == "kelda" and g.side == "symbol":
            raise MapFileError(source, f"{item_label('glyphs', i)}.side",
                               "the Glyph of Kelda is never placed symbol side up (HS-GLYPH-26); use side 'power'")
        seen[h] = i
        out.append(GlyphSpot(name=g.name.lower(), at=h, side=g.side))
    return out


def _zones(spec: MapSpec, columns: Mapping[Hex, tuple[Cell, ...]], source: str) -> dict[str, list[Hex]]:
    out: dict[str, list[Hex]] = {}
    for zone, items in spec.start_zones.items():
        hexes: list[Hex] = []
        for j, item in enumerate(items):
            field = item_label(f"start_zones.{zone}", j)
            named = list(item.hexes()) if isinstance(item, Rect) else [Hex(*item)]
            for h in named:
                if h not in columns:
                    raise _off(source, field, h, "a start zone may hold only spaces")
                if h not in hexes:
                    hexes.append(h)
        if not hexes:
            raise MapFileError(source, f"start_zones.{zone}", "the zone has no spaces")
        out[zone] = hexes
    return out


def build_battlefield(spec: MapSpec, name: str | None = None, *, source: str | None = None) -> Battlefield:
    """Build the battlefield a map spec (or rules-case ``map`` block) describes.

    ``name`` overrides the spec's name; ``source`` is what error messages call the map (a file
    name; by default the map's id or name).

    :raises MapFileError: overlapping cells, an obstacle, glyph or start zone off the battlefield,
        or a map without spaces; the message names the field and what is expected.
    """
    src = source or spec.id or spec.name or "map"
    columns = _columns(spec, src)
    obstacles = _obstacles(spec, columns, src)
    glyphs = _glyphs(spec, columns, src)
    zones = _zones(spec, columns, src)
    try:
        bf = Battlefield.build(
            name=name or spec.title,
            columns=columns,
            obstacles=obstacles,
            start_zones=zones,
            glyphs=glyphs,
            description=spec.description,
            ladders=_ladders(spec),
            destructibles={o.id: Destructible(o.life, o.defense) for o in spec.objects},
            holed=[Hex(*h.at) for h in spec.hexes if h.holed],
        )
    except ValueError as exc:  # ids, ladders, outcrops and walls are checked there
        raise MapFileError(src, "map", str(exc)) from None
    clash = piece_clash(obstacles, glyphs) or zone_clash(bf, zones)
    if clash is not None:
        raise MapFileError(src, *clash)
    return bf


def parse_map_spec(doc: object, source: str = "map") -> MapSpec:
    """Validate a decoded JSON map (file or rules-case block).

    :raises MapFileError: naming ``source``, the field and what is expected.
    """
    return validate(MapSpec, doc, source, MapFileError)


def load_map_spec(path: str | os.PathLike[str]) -> MapSpec:
    """Read and validate a map file; its ``id`` defaults to the file name without ``.json``.

    :raises MapFileError: the file is unreadable, not JSON, or not a valid map.
    """
    p = Path(path)
    doc = read_json_object(p, MapFileError)
    if "format" not in doc:
        raise MapFileError(str(p), "format", f'is required in a map file: write "format": "{FORMAT}"')
    spec = parse_map_spec(doc, str(p))
    if spec.id is None:
        try:
            spec = spec.model_copy(update={"id": MapSpec.model_validate({"id": p.stem.lower()}).id})
        except ValidationError:
            raise MapFileError(str(p), "id", "missing, and the file name is not a usable id (a-z, 0-9, -, _)") from None
    return spec


def load_map(path: str | os.PathLike[str]) -> Battlefield:
    """Read, validate and build a map file.

    :raises MapFileError: see :func:`load_map_spec` and :func:`build_battlefield`.
    """
    p = Path(path)
    return build_battlefield(load_map_spec(p), source=str(p))


# --- the library ------------------------------------------------------------------------------


class MapLibrary(FolderLibrary[MapSpec]):
    """The maps of a folder (``*.json``), by id; names and ids are looked up case-insensitively.

    Every map is validated and built when the library loads, so a bad file is reported at once.
    Iterating yields the :class:`MapSpec` of each map in id order.
    """

    what = "map"
    file_error = MapFileError
    unknown_error = UnknownMapError
    env = MAPS_DIR_ENV
    folder = "maps"

    def __init__(self, maps: Iterable[tuple[MapSpec, Battlefield]] = ()) -> None:
        super().__init__()
        self._fields: dict[str, Battlefield] = {}
        for spec, bf in maps:
            self.add(spec, bf)

    def add(self, spec: MapSpec, battlefield: Battlefield | None = None, source: str | None = None) -> None:
        """Add a map (building it when ``battlefield`` is not given).

        :raises MapFileError: the map is invalid, has no id, or its id or name is taken.
        """
        src = source or spec.id or "map"
        if spec.id is None:
            raise MapFileError(src, "id", "a library map needs an id")
        bf = battlefield or build_battlefield(spec, source=src)
        self._store(spec.id, spec.title, spec, src)
        self._fields[spec.id] = bf

    def add_file(self, path: Path) -> None:
        """Read, validate, build and add one map file.

        :raises MapFileError: see :func:`load_map_spec` and :meth:`add`.
        """
        spec = load_map_spec(path)
        self.add(spec, build_battlefield(spec, source=str(path)), source=str(path))

    def get(self, id_or_name: str) -> Battlefield:
        """The battlefield with this id or name (any case; spaces, ``-`` and ``_`` alike).

        :raises UnknownMapError: no such map; the message suggests the closest names.
        """
        return self._fields[self._id(id_or_name)]

    def spec(self, id_or_name: str) -> MapSpec:
        """The map spec with this id or name (see :meth:`get`)."""
        return self._items[self._id(id_or_name)]


def default_maps_dir() -> Path:
    """The shipped ``data/maps`` folder (``$HEROSCAPE_MAPS_DIR`` adds a folder of the user's)."""
    return MapLibrary.default_dir()
