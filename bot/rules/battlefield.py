"""The battlefield: hex columns of stacked tiles, obstacles, start zones and glyph spots.

A *column* is what stands on one hex of the table: one or more solid *cells* (tile stacks),
each from a ``bottom`` level to a ``top`` level, with the terrain of its top tile. Most columns
have one cell from level 0; a bridge or overhang gives a column a second cell higher up, so that
the column has two standable levels (000 § Moving Through Overhangs). A figure's base stands on
the ``top`` of a cell, at that level; Height 0 tiles (water) sit on the level below, so their
cell's ``top`` is the level a figure's base is at.

Obstacles stand *on* hexes (trees, fortified walls, outcrops, cannons, destructible objects: a
prism from the cell top up ``height`` levels) or *between* two hexes (ruins, stone walls, ship
hulls: a thin wall on the shared edge). An obstacle may carry an ``id`` (a cannon that fires, an
obstacle a scenario turns into a destructible object). Rope ladders hang from a space's edge over
its neighbour (:class:`Ladder`); destructible objects are obstacles with Life and Defense
(:attr:`Battlefield.destructibles`); outcrops sit on holed tiles (:attr:`Battlefield.holed`).

The battlefield never changes during a match; what moves (figures, glyphs), an object's wounds and
the spaces a power changed (:class:`TerrainChange`, Create Water) are match state:
:meth:`Battlefield.without` gives the battlefield once objects are destroyed, and
:meth:`Battlefield.with_changes` the battlefield with the changed spaces' terrain
(:mod:`bot.rules.terrain_changes`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.rules.hexes import Hex, LabelGrid
from bot.rules.terrain import ObstacleKind, Terrain


@dataclass(frozen=True, slots=True)
class Cell:
    """A solid part of a column, from ``bottom`` to ``top`` (levels), topped by ``terrain``."""

    top: int
    terrain: Terrain
    bottom: int = 0


@dataclass(frozen=True, slots=True)
class TerrainChange:
    """A space whose top tile a power changed during the match (Create Water puts a water tile on it).

    ``level`` is the level of the surface changed (a Height 0 tile adds no height, HS-DOUBLE-03, so
    the level stays), ``terrain`` the tile now on it, ``was`` the tile it covered and ``cause`` the
    power's name. Kept in ``MatchState.terrain_changes`` by hex (:mod:`bot.rules.terrain_changes`).
    """

    level: int
    terrain: Terrain
    was: Terrain
    cause: str = ""


@dataclass(frozen=True, slots=True)
class Obstacle:
    """An obstacle on hexes (``hexes``) or on the edge between two hexes (``between``).

    ``level`` is the level its foot stands on and ``height`` its height in levels above that, so
    its top is ``level + height``. For an obstacle between spaces, ``level`` is the higher of the
    two spaces' levels unless the map says otherwise.
    """

    kind: ObstacleKind
    height: int
    level: int
    hexes: tuple[Hex, ...] = ()
    between: tuple[Hex, Hex] | None = None
    name: str = ""
    #: Left out of the repr so that fingerprints of battlefields made before ids stay as they were.
    id: str = field(default="", repr=False)

    @property
    def top(self) -> int:
        """The level of the obstacle's top."""
        return self.level + self.height


@dataclass(frozen=True, slots=True)
class Ladder:
    """A rope ladder hanging from the edge of space ``top`` over its neighbour ``bottom``, its
    lower end at level ``bottom_level`` (HS-LADDER-01, -02)."""

    top: Hex
    bottom: Hex
    bottom_level: int


@dataclass(frozen=True, slots=True)
class Destructible:
    """What makes an obstacle a destructible object: its ``life`` and ``defense`` (HS-DESTRUCT-01)."""

    life: int
    defense: int


@dataclass(frozen=True, slots=True)
class GlyphSpot:
    """A glyph's starting place: its name (``brandar``), hex, and ``power`` or ``symbol`` side up."""

    name: str
    at: Hex
    side: str = "power"


@dataclass(frozen=True)
class Battlefield:
    """An immutable battlefield. Build it with :meth:`build`.

    ``columns`` maps each hex that is a space to its cells, lowest first. ``start_zones`` maps a
    zone name (a colour such as ``red``) to its hexes.
    """

    name: str
    columns: Mapping[Hex, tuple[Cell, ...]]
    obstacles: tuple[Obstacle, ...] = ()
    start_zones: Mapping[str, frozenset[Hex]] = field(default_factory=dict)
    glyphs: tuple[GlyphSpot, ...] = ()
    description: str = ""
    ladders: tuple[Ladder, ...] = ()
    #: Destructible objects by obstacle id (HS-DESTRUCT-01).
    destructibles: Mapping[str, Destructible] = field(default_factory=dict)
    #: Spaces whose tile is a holed Height 0 outcrop tile (HS-OBSTACLE-18).
    holed: frozenset[Hex] = frozenset()
    _on: Mapping[Hex, tuple[Obstacle, ...]] = field(default_factory=dict, repr=False, compare=False)
    _edges: Mapping[frozenset[Hex], tuple[Obstacle, ...]] = field(default_factory=dict, repr=False, compare=False)
    _edges_at: Mapping[Hex, tuple[Obstacle, ...]] = field(default_factory=dict, repr=False, compare=False)
    _labels: LabelGrid | None = field(default=None, repr=False, compare=False)
    #: Memo of :func:`bot.rules.steps.walk_step` answers; the battlefield never changes.
    _walk_memo: dict[tuple[Hex, int, Hex, int], Any] = field(default_factory=dict, repr=False, compare=False)
    _variants: dict[frozenset[tuple[Terrain, Terrain]], Battlefield] = field(
        default_factory=dict, repr=False, compare=False
    )
    _without: dict[frozenset[str], Battlefield] = field(default_factory=dict, repr=False, compare=False)
    _without_piece: dict[Obstacle, Battlefield] = field(default_factory=dict, repr=False, compare=False)
    _changed: dict[frozenset[tuple[Hex, TerrainChange]], Battlefield] = field(
        default_factory=dict, repr=False, compare=False
    )

    @classmethod
    def build(
        cls,
        name: str,
        columns: Mapping[Hex, Iterable[Cell]],
        obstacles: Iterable[Obstacle] = (),
        start_zones: Mapping[str, Iterable[Hex]] | None = None,
        glyphs: Iterable[GlyphSpot] = (),
        description: str = "",
        ladders: Iterable[Ladder] = (),
        destructibles: Mapping[str, Destructible] | None = None,
        holed: Iterable[Hex] = (),
    ) -> Battlefield:
        """Build a battlefield and its look-up indexes.

        :raises ValueError: when a column is empty, its cells overlap, an obstacle stands off the
            battlefield or on a tile without a hex interlock (HS-TREE-01, HS-OBSTACLE-10), an
            obstacle between hexes has no space beside it, a stone wall is not attached to a space
            at its foot (HS-WALL-03), a ship hull is not attached to tiles at its lower level
            (HS-OBSTACLE-16), a 3-hex outcrop's spaces do not touch each other (HS-OBSTACLE-19),
            two obstacles share an id, a destructible object names no obstacle, a ladder's ends
            are not neighbouring spaces or its lower end is not between their levels, or a start
            zone names a hex that is not a space.
        """
        cols: dict[Hex, tuple[Cell, ...]] = {}
        for h, cells in columns.items():
            ordered = tuple(sorted(cells, key=lambda c: c.bottom))
            if not ordered:
                raise ValueError(f"space {h} has no tiles")
            for low, high in zip(ordered, ordered[1:], strict=False):
                if high.bottom < low.top:
                    raise ValueError(f"space {h}: tiles at levels {low.bottom}-{low.top} and {high.bottom}-{high.top} overlap")
            cols[Hex(*h)] = ordered
        on: dict[Hex, list[Obstacle]] = {}
        edges: dict[frozenset[Hex], list[Obstacle]] = {}
        edges_at: dict[Hex, list[Obstacle]] = {}
        obs = tuple(obstacles)
        for o in obs:
            if o.between is not None:
                a, b = o.between
                if not a.is_adjacent(b):
                    raise ValueError(f"{o.kind} between {a} and {b}: the two hexes are not adjacent")
                _check_between(o, cols)
                edges.setdefault(frozenset((a, b)), []).append(o)
                edges_at.setdefault(a, []).append(o)
                edges_at.setdefault(b, []).append(o)
            for h in o.hexes:
                if h not in cols:
                    raise ValueError(f"{o.kind} at {h}: that hex is not a space of the battlefield")
                if o.kind.needs_interlock:
                    foot = next((c for c in cols[h] if c.top == o.level), None)
                    if foot is not None and foot.terrain.height_zero:
                        raise ValueError(
                            f"{o.kind} at {h}: it must stand on a tile with a hex interlock, "
                            f"not on {foot.terrain.value.replace('_', ' ')}"
                        )
                on.setdefault(h, []).append(o)
        _check_ids(obs, destructibles or {})
        lads = tuple(ladders)
        for lad in lads:
            _check_ladder(lad, cols)
        zones = {k: frozenset(v) for k, v in (start_zones or {}).items()}
        for zone, hexes in zones.items():
            off = [h for h in hexes if h not in cols]
            if off:
                raise ValueError(f"start zone {zone}: {off[0]} is not a space of the battlefield")
        return cls(
            name=name,
            columns=cols,
            obstacles=obs,
            start_zones=zones,
            glyphs=tuple(glyphs),
            description=description,
            ladders=lads,
            destructibles=dict(destructibles or {}),
            # An outcrop brings its holed tiles (HS-OBSTACLE-18): its spaces are holed ones.
            holed=frozenset(holed) | {h for o in obs if o.kind.is_outcrop for h in o.hexes},
            _on={k: tuple(v) for k, v in on.items()},
            _edges={k: tuple(v) for k, v in edges.items()},
            _edges_at={k: tuple(v) for k, v in edges_at.items()},
            _labels=LabelGrid(cols),
        )

    def with_variants(self, variants: Mapping[Terrain, Terrain]) -> Battlefield:
        """This battlefield with the scenario's terrain variants applied (HS-TERRAIN-25, HS-ROAD-05).

        A scenario may make ice slippery or thin, snow heavy, molten lava cooling, or wood tiles
        road (``Scenario.terrain_variants``, e.g. ``{wood: road}``); every cell whose terrain is a
        key gets the value instead. The result is built once per mapping and kept, so callers may
        ask for it on every query. An empty mapping returns this battlefield itself.
        """
        if not variants:
            return self
        key = frozenset(variants.items())
        done = self._variants.get(key)
        if done is None:
            cols = {
                h: tuple(Cell(c.top, variants.get(c.terrain, c.terrain), c.bottom) for c in cells)
                for h, cells in self.columns.items()
            }
            done = Battlefield.build(
                self.name, cols, self.obstacles, self.start_zones, self.glyphs, self.description,
                self.ladders, self.destructibles, self.holed,
            )
            self._variants[key] = done
        return done

    def with_changes(self, changes: Mapping[Hex, TerrainChange]) -> Battlefield:
        """This battlefield with the spaces a power changed (``changes``, hex -> :class:`TerrainChange`):
        the cell of each hex whose top is the change's ``level`` gets the change's terrain. Built once
        per set of changes and kept; no changes returns this battlefield itself. A change whose hex
        or level is not a surface here is left out (the caller checked it when it was made).
        """
        if not changes:
            return self
        key = frozenset(changes.items())
        done = self._changed.get(key)
        if done is None:
            cols = dict(self.columns)
            for h, ch in changes.items():
                if h in cols:
                    cols[h] = tuple(Cell(c.top, ch.terrain, c.bottom) if c.top == ch.level else c for c in cols[h])
            done = Battlefield.build(
                self.name, cols, self.obstacles, self.start_zones, self.glyphs, self.description,
                self.ladders, self.destructibles, self.holed,
            )
            self._changed[key] = done
        return done

    def without(self, ids: frozenset[str]) -> Battlefield:
        """This battlefield without the obstacles whose ids are in ``ids`` (destroyed objects leave
        the battlefield, HS-DESTRUCT-01); built once per set and kept. An empty set returns self."""
        if not ids:
            return self
        done = self._without.get(ids)
        if done is None:
            done = Battlefield.build(
                self.name, self.columns, tuple(o for o in self.obstacles if not o.id or o.id not in ids),
                self.start_zones, self.glyphs, self.description, self.ladders,
                {k: v for k, v in self.destructibles.items() if k not in ids}, self.holed,
            )
            self._without[ids] = done
        return done

    def without_piece(self, piece: Obstacle) -> Battlefield:
        """This battlefield without the one obstacle ``piece``, built once and kept: for a view that
        the piece must not block (the object being targeted, the cannon a shot leaves from)."""
        done = self._without_piece.get(piece)
        if done is None:
            done = Battlefield.build(
                self.name, self.columns, tuple(o for o in self.obstacles if o is not piece), self.start_zones,
                self.glyphs, self.description, self.ladders,
                {k: v for k, v in self.destructibles.items() if k != piece.id}, self.holed,
            )
            self._without_piece[piece] = done
        return done

    def obstacle(self, oid: str) -> Obstacle | None:
        """The obstacle whose ``id`` is ``oid`` (case-insensitive), or ``None``."""
        key = oid.lower()
        return next((o for o in self.obstacles if o.id and o.id.lower() == key), None)

    def ladders_at(self, h: Hex) -> tuple[Ladder, ...]:
        """The rope ladders with an end (top or bottom space) on ``h``."""
        return tuple(lad for lad in self.ladders if h in (lad.top, lad.bottom))

    # --- spaces -------------------------------------------------------------------------------

    def __contains__(self, h: object) -> bool:
        return h in self.columns

    def hexes(self) -> Iterator[Hex]:
        """Every hex that is a space."""
        return iter(self.columns)

    def __len__(self) -> int:
        return len(self.columns)

    def cells(self, h: Hex) -> tuple[Cell, ...]:
        """The cells of ``h``'s column, lowest first (empty when ``h`` is not a space)."""
        return self.columns.get(h, ())

    def surfaces(self, h: Hex) -> tuple[Cell, ...]:
        """The cells of ``h`` a figure can stand on (their top is not covered by the next cell)."""
        cells = self.columns.get(h, ())
        return tuple(c for i, c in enumerate(cells) if i + 1 == len(cells) or cells[i + 1].bottom > c.top)

    def top_cell(self, h: Hex) -> Cell | None:
        """The highest cell of ``h``, or ``None`` when ``h`` is not a space."""
        cells = self.columns.get(h)
        return cells[-1] if cells else None

    def surface(self, h: Hex, level: int) -> Cell | None:
        """The cell of ``h`` whose top is ``level``, if a figure can stand there."""
        for c in self.surfaces(h):
            if c.top == level:
                return c
        return None

    def headroom(self, h: Hex, level: int) -> int | None:
        """Levels free above ``level`` in ``h`` before the next cell (``None``: open sky).

        A figure taller than the headroom cannot stand or pass there (HS-MOVE-12, -13).
        """
        for c in self.columns.get(h, ()):
            if c.bottom >= level and c.top > level:
                return c.bottom - level
        return None

    def terrain(self, h: Hex, level: int) -> Terrain | None:
        """The terrain a figure standing on ``h`` at ``level`` stands on."""
        c = self.surface(h, level)
        return c.terrain if c else None

    # --- obstacles ----------------------------------------------------------------------------

    def obstacles_on(self, h: Hex) -> tuple[Obstacle, ...]:
        """Obstacles standing on ``h``."""
        return self._on.get(h, ())

    def obstacles_between(self, a: Hex, b: Hex) -> tuple[Obstacle, ...]:
        """Obstacles on the edge between adjacent hexes ``a`` and ``b``."""
        return self._edges.get(frozenset((a, b)), ())

    def blocked(self, h: Hex, level: int) -> bool:
        """True when an obstacle on ``h`` stands at ``level`` (a figure cannot enter, HS-OBSTACLE-01)."""
        return any(o.level <= level < o.top or o.level == level for o in self._on.get(h, ()))

    def obstacles_touching(self, h: Hex) -> tuple[Obstacle, ...]:
        """Obstacles on any of the six edges of ``h`` (each once)."""
        return self._edges_at.get(h, ())

    @property
    def edge_obstacles(self) -> Mapping[frozenset[Hex], tuple[Obstacle, ...]]:
        """All obstacles between spaces, by edge."""
        return self._edges

    # --- labels -------------------------------------------------------------------------------

    @property
    def labels(self) -> LabelGrid:
        """Label grid of this battlefield (``F7`` and back)."""
        assert self._labels is not None
        return self._labels

    def label(self, h: Hex) -> str:
        """The human label of ``h``, e.g. ``'F7'``."""
        return self.labels.label(h)

    def parse_space(self, text: str) -> Hex:
        """The space a label or axial pair names.

        :raises ValueError: when the text is not a label, or names no space of this battlefield;
            the message says what is expected.
        """
        h = self.labels.parse(text)
        if h not in self.columns:
            raise ValueError(self.not_a_space(text.strip()))
        return h

    def not_a_space(self, what: str) -> str:
        """Why ``what`` (a label or coordinates naming no space) is refused, with the labels' range."""
        return (f"{what} is not a space on {self.name} (its spaces run {self.labels.extent()}; "
                "the map image shows which exist)")


def _check_ids(obs: tuple[Obstacle, ...], destructibles: Mapping[str, Destructible]) -> None:
    """Obstacle ids are unique; each destructible object names an obstacle; a 3-hex outcrop's
    spaces touch each other (HS-OBSTACLE-19: 3 holed tiles with the holes at the outer points)."""
    seen: set[str] = set()
    for o in obs:
        if o.id:
            if o.id.lower() in seen:
                raise ValueError(f"two obstacles have the id '{o.id}'; each id names one piece")
            seen.add(o.id.lower())
        if o.kind.is_outcrop and len(o.hexes) == 3 and not all(
                a.is_adjacent(b) for a in o.hexes for b in o.hexes if a != b):
            raise ValueError(f"{o.kind} at {list(o.hexes)}: a 3-hex outcrop sits on 3 holed tiles that "
                             "all touch each other")
    for oid in destructibles:
        if oid.lower() not in seen:
            raise ValueError(f"destructible object '{oid}' names no obstacle of the battlefield")


def _check_ladder(lad: Ladder, cols: Mapping[Hex, tuple[Cell, ...]]) -> None:
    """A ladder hangs from one space over a neighbouring space, its lower end between their levels."""
    for h in (lad.top, lad.bottom):
        if h not in cols:
            raise ValueError(f"rope ladder {lad.top}-{lad.bottom}: {h} is not a space of the battlefield")
    if not lad.top.is_adjacent(lad.bottom):
        raise ValueError(f"rope ladder {lad.top}-{lad.bottom}: the two spaces are not neighbours")
    top, low = cols[lad.top][-1].top, cols[lad.bottom][-1].top
    if not low <= lad.bottom_level < top:
        raise ValueError(f"rope ladder {lad.top}-{lad.bottom}: its lower end (level {lad.bottom_level}) must be "
                         f"at or above the space below (level {low}) and below the top space (level {top})")


def _check_between(o: Obstacle, cols: Mapping[Hex, tuple[Cell, ...]]) -> None:
    """An obstacle between hexes needs a space beside it; a stone wall must be attached at its foot.

    A stone wall is legal only with all its connecting faces on hex tiles (HS-WALL-03). Walls are
    kept edge by edge here, so the check is per edge: the wall's foot (``level``) must be the top
    of a space on one side, its inside (HS-WALL-04).
    """
    assert o.between is not None
    a, b = o.between
    sides = [h for h in (a, b) if h in cols]
    if not sides:
        raise ValueError(f"{o.kind} between {a} and {b}: neither hex is a space of the battlefield")
    if o.kind in (ObstacleKind.STONE_WALL, ObstacleKind.SHIP) and not any(
            c.top == o.level for h in sides for c in cols[h]):
        raise ValueError(
            f"{o.kind.value.replace('_', ' ')} between {a} and {b}: its foot (level {o.level}) is not attached to a space; "
            "every connecting face must sit on a hex tile"
        )
