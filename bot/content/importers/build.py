"""Stacked pieces to a map document in the project's format (``heroscape-map/1``).

A reader (:mod:`.virtualscape`, :mod:`.hexoscape`) turns a file into :class:`Placement` records: a
piece, the hexes it covers (axial) and the layer it lies on (a piece on layer L rests on layer
L - 1, the table being below layer 0). :func:`assemble` stacks them hex by hex:

- a land piece on layer L is solid from level L to L + its height; touching or overlapping solid
  pieces of a hex merge into one *cell* topped by the highest piece's terrain. A gap between two
  solid pieces of a hex leaves two cells, so the column has two standable surfaces (an overhang
  or a bridge);
- a Height 0 piece on layer L gives the surface at level L its terrain (water on a level 1 grass
  tile is a water space at level 1); on the table it is a space at level 0;
- obstacles stand on the surface of their layer; edge pieces (ruins, walls, battlements) lie on
  edges of their hexes; glyphs and start areas mark the space they lie on;
- a ladder piece hangs over the space it is placed on from the neighbouring space it faces (the
  direction of its rotation, one step counter-clockwise of the anchor's first neighbour: checked on
  ``ladders.hsc``, where each ladder faces the tall stack beside it); pieces stacked on one space
  toward one neighbour are one ladder whose lower end is the lowest piece's layer (HS-LADDER-*).

What a map maker left that cannot stand (a tree with no tile under it, a glyph in mid-air) is left
out and said in the map's notes, with the piece's place in the file; nothing is dropped silently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.content.importers.errors import MapImportError
from bot.content.importers.pieces import GLYPH_LETTERS, OUR_HEIGHTS, Axial, Piece
from bot.content.maps import FLAT_TERRAINS
from bot.rules.hexes import DIRECTIONS
from bot.rules.terrain import ObstacleKind, Terrain

#: The format the importers write.
FORMAT = "heroscape-map/1"
#: Most hexes all pieces together may cover (a bound on the work a hostile file can ask for).
MAX_PLACED = 100_000
#: Most hexes a map may have (600+ spaces is a big community map).
MAX_COLUMNS = 5_000
#: Most rows or columns a map may span.
MAX_SPAN = 150


@dataclass(frozen=True)
class Placement:
    """One piece as the file places it: ``hexes`` (axial), ``layer``, ``rotation`` 0-5, ``where`` it
    is in the file (``tile #12``, a ``boardPieces`` key), and for glyphs and start areas their
    ``letter`` or ``zone``."""

    piece: Piece
    hexes: tuple[Axial, ...]
    layer: int
    rotation: int = 0
    where: str = ""
    letter: str = ""
    zone: str = ""


@dataclass
class _Solid:
    bottom: int
    top: int
    terrain: Terrain


@dataclass
class Assembly:
    """The result of :func:`assemble`: the map document and what was left out or chosen."""

    doc: dict[str, Any]
    left_out: list[str] = field(default_factory=list)
    extras: Counter[str] = field(default_factory=Counter)
    choices: list[str] = field(default_factory=list)


def _merge(solids: list[_Solid]) -> list[_Solid]:
    """Touching or overlapping solid pieces of one hex as cells, lowest first."""
    out: list[_Solid] = []
    for s in sorted(solids, key=lambda s: (s.bottom, s.top)):
        if out and s.bottom <= out[-1].top:
            last = out[-1]
            if s.top >= last.top:
                last.terrain = s.terrain
                last.top = s.top
        else:
            out.append(_Solid(s.bottom, s.top, s.terrain))
    return out


def _side_directions(rotation: int, count: int) -> tuple[int, ...]:
    """Indexes into :data:`DIRECTIONS` of the edges a thin piece of ``rotation`` lies on.

    A long piece (a road wall, a ruin) lies along the edges on the right of its length (south at
    rotation 0); a one-hex piece (a battlement) on the edge to the left of its facing (north-east at
    rotation 0). Both read from where Virtualscape maps put them against the tiles they stand by.
    """
    along = (6 - rotation) % 6  # rotation turns clockwise; DIRECTIONS go counter-clockwise from east
    return ((along + 1) % 6,) if count == 1 else ((along - 1) % 6, (along - 2) % 6)


def _cells_doc(cols: dict[Axial, list[_Solid]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for (q, r), cells in sorted(cols.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        for c in cells:
            entry: dict[str, Any] = {"at": [q, r], "level": c.top, "terrain": c.terrain.value}
            if c.bottom:
                entry["bottom"] = c.bottom
            out.append(entry)
    return out


def _foot(cells: list[_Solid], layer: int) -> _Solid | None:
    """The surface a piece on ``layer`` rests on: the top of a land tile of layer - 1 (level
    ``layer``) or a Height 0 tile of layer - 1 (level ``layer - 1``); ``None`` if it floats."""
    tops = [c for i, c in enumerate(cells) if i + 1 == len(cells) or cells[i + 1].bottom > c.top]
    return next((c for c in tops if c.top == layer), None) or next(
        (c for c in tops if c.top == layer - 1 and c.terrain in FLAT_TERRAINS), None)


def assemble(placements: Iterable[Placement], *, map_id: str, name: str, description: str = "",
             notes: Iterable[str] = (), source: str = "map") -> Assembly:
    """Stack ``placements`` into a ``heroscape-map/1`` document (see the module docstring).

    The document has no ``start_zones`` key when no start area was placed. A piece that cannot
    stand is left out and listed in :attr:`Assembly.left_out`, never an error.

    :raises MapImportError: the pieces cover more than :data:`MAX_PLACED` hexes in all, or the map
        more than :data:`MAX_COLUMNS` hexes (``source`` names the file).
    """
    placed = list(placements)
    covered = sum(len(p.hexes) for p in placed)
    if covered > MAX_PLACED:
        raise MapImportError(source, "tiles", f"the pieces cover {covered:,} hexes in all; a map may cover at most "
                             f"{MAX_PLACED:,} (the biggest community maps cover a few thousand)")
    solids: dict[Axial, list[_Solid]] = {}
    flats: list[tuple[Axial, int, Terrain]] = []
    used_notes: set[str] = set()
    extras: Counter[str] = Counter()
    for p in placed:
        pc = p.piece
        if pc.note in OUR_HEIGHTS:
            used_notes.add(pc.note)
        if pc.role == "land":
            assert pc.terrain is not None
            for h in p.hexes:
                solids.setdefault(h, []).append(_Solid(p.layer, p.layer + pc.height, pc.terrain))
        elif pc.role == "arch":
            assert pc.terrain is not None
            for i, h in enumerate(p.hexes):
                bottom = p.layer + 7 if i == 1 else p.layer
                solids.setdefault(h, []).append(_Solid(bottom, p.layer + pc.height, pc.terrain))
        elif pc.role == "flat":
            assert pc.terrain is not None
            flats.extend((h, p.layer, pc.terrain) for h in p.hexes)
        elif pc.role == "obstacle" and pc.base is not None:
            flats.extend((h, p.layer, pc.base) for h in p.hexes)
        elif pc.role == "extra":
            extras[pc.name] += 1
    cols = {h: _merge(s) for h, s in solids.items()}
    for h, level, terrain in flats:
        cells = cols.setdefault(h, [])
        top = next((c for c in cells if c.top == level), None)
        if top is not None:
            top.terrain = terrain
        elif any(c.bottom <= level < c.top for c in cells):
            continue  # inside a solid piece: covered
        else:
            cells.append(_Solid(max(level - 1, 0) if level else 0, level, terrain))
            cells.sort(key=lambda c: (c.bottom, c.top))
    cols = {h: c for h, c in cols.items() if c}
    if len(cols) > MAX_COLUMNS:
        raise MapImportError(source, "tiles", f"the map has {len(cols):,} hexes; at most {MAX_COLUMNS:,} are accepted")
    if cols:
        # Offset columns and rows, as the picture lays them out: far-flung tiles would make it huge.
        xs = [q + (r - (r & 1)) // 2 for q, r in cols]
        ys = [r for _, r in cols]
        span = max(max(xs) - min(xs), max(ys) - min(ys)) + 1
        if span > MAX_SPAN:
            raise MapImportError(source, "tiles", f"the map spans {span} rows or columns; at most {MAX_SPAN} are "
                                 "accepted (is a tile far away from the others?)")
    left_out: list[str] = []
    obstacles = _obstacles(placed, cols, left_out)
    glyphs = _glyphs(placed, cols, left_out)
    ladders = _ladders(placed, cols, left_out)
    zones = _zones(placed, cols, left_out)
    choices = [OUR_HEIGHTS[k] for k in sorted(used_notes)]
    doc: dict[str, Any] = {"format": FORMAT, "id": map_id, "name": name, "description": description}
    note_lines = list(notes)
    if choices:
        note_lines.append("Our choices where the rulebooks give no number: " + "; ".join(choices) + ".")
    if extras:
        note_lines.append("Not part of the battlefield: " + ", ".join(
            f"{n} {what}" for what, n in sorted(extras.items())) + ".")
    if left_out:
        note_lines.append("Left out: " + "; ".join(left_out[:20])
                          + (f"; and {len(left_out) - 20} more" if len(left_out) > 20 else "") + ".")
    doc["notes"] = " ".join(note_lines)
    doc["hexes"] = _cells_doc(cols)
    doc["obstacles"] = obstacles
    doc["glyphs"] = glyphs
    if ladders:
        doc["ladders"] = ladders
    if zones:
        doc["start_zones"] = zones
    return Assembly(doc, left_out, extras, choices)


def _obstacles(placed: list[Placement], cols: dict[Axial, list[_Solid]], left_out: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    seen_edges: set[tuple[frozenset[Axial], int, str]] = set()
    for p in placed:
        pc = p.piece
        if pc.role == "obstacle":
            assert pc.kind is not None
            fit = []
            foot = p.layer
            for h in p.hexes:
                surface = _foot(cols.get(h, []), p.layer)
                if surface is None:
                    left_out.append(f"{pc.name} ({p.where}) on {list(h)}: no tile beneath at level {p.layer}")
                elif pc.kind.needs_interlock and surface.terrain.height_zero:
                    left_out.append(f"{pc.name} ({p.where}) on {list(h)}: it cannot stand on "
                                    f"{surface.terrain.value.replace('_', ' ')}")
                else:
                    fit.append(h)
                    foot = surface.top
            if not fit:
                continue
            if pc.heights:
                for h, height in zip(p.hexes, pc.heights, strict=False):
                    if h in fit:
                        out.append({"kind": pc.kind.value, "at": [list(h)], "height": height,
                                    "level": foot, "name": pc.name})
            else:
                out.append({"kind": pc.kind.value, "at": [list(h) for h in fit], "height": pc.height,
                            "level": foot, "name": pc.name})
        elif pc.role == "edge":
            assert pc.kind is not None
            # Walls and battlements hang beside a tile of their own layer (their foot is that
            # tile's top); ruins stand on the tiles beneath them.
            level = p.layer + 1 if "beside" in pc.tags else p.layer
            for h in p.hexes:
                for d in _side_directions(p.rotation, len(p.hexes)):
                    dq, dr = DIRECTIONS[d]
                    n = (h[0] + dq, h[1] + dr)
                    key = (frozenset((h, n)), level, pc.kind.value)
                    if key in seen_edges:
                        continue
                    sides = [x for x in (h, n) if x in cols]
                    foot_ok = any(c.top == level for x in sides for c in cols[x])
                    if not sides or (pc.kind is ObstacleKind.STONE_WALL and not foot_ok):
                        left_out.append(f"{pc.name} ({p.where}) between {list(h)} and {list(n)}: "
                                        f"no tile to stand against at level {level}")
                        continue
                    seen_edges.add(key)
                    out.append({"kind": pc.kind.value, "between": [list(h), list(n)], "height": pc.height,
                                "level": level, "name": pc.name})
    return out


def _glyphs(placed: list[Placement], cols: dict[Axial, list[_Solid]], left_out: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    taken: set[Axial] = set()
    for p in placed:
        if p.piece.role != "glyph":
            continue
        h = p.hexes[0]
        name = GLYPH_LETTERS.get(p.letter.upper())
        if h not in cols or _foot(cols[h], p.layer) is None:
            left_out.append(f"glyph ({p.where}) on {list(h)}: no space at level {p.layer}")
        elif h in taken:
            left_out.append(f"glyph ({p.where}) on {list(h)}: a second glyph on one space")
        else:
            taken.add(h)
            out.append({"name": name or "unknown", "at": list(h), "side": "power" if name else "symbol"})
    return out


def _surface_top(cells: list[_Solid]) -> int | None:
    """The level of the highest surface of a column (``None``: no tile)."""
    return max((c.top for c in cells), default=None)


def _ladders(placed: list[Placement], cols: dict[Axial, list[_Solid]], left_out: list[str]) -> list[dict[str, Any]]:
    """The rope ladders of the map format: ``{"top", "bottom", "bottom_level"}`` (see the module doc).

    A ladder whose top space is not above its lower end, or whose lower end is below the space
    under it, is left out and said."""
    lowest: dict[tuple[Axial, Axial], tuple[int, str]] = {}
    for p in placed:
        if p.piece.role != "ladder":
            continue
        bottom = p.hexes[0]
        dq, dr = DIRECTIONS[(p.rotation + 5) % 6]
        top = (bottom[0] + dq, bottom[1] + dr)
        key = (bottom, top)
        if key not in lowest or p.layer < lowest[key][0]:
            lowest[key] = (p.layer, p.where)
    out: list[dict[str, Any]] = []
    for (bottom, top), (layer, where) in lowest.items():
        high, floor = _surface_top(cols.get(top, [])), _surface_top(cols.get(bottom, []))
        if high is None or floor is None or high <= max(layer, floor):
            left_out.append(f"ladder ({where}) on {list(bottom)}: no higher space to hang from at {list(top)}")
            continue
        out.append({"top": list(top), "bottom": list(bottom), "bottom_level": max(layer, floor)})
    return out


def _zones(placed: list[Placement], cols: dict[Axial, list[_Solid]], left_out: list[str]) -> dict[str, list[list[int]]]:
    zones: dict[str, list[list[int]]] = {}
    for p in placed:
        if p.piece.role != "start":
            continue
        for h in p.hexes:
            if h not in cols:
                left_out.append(f"start area ({p.where}) on {list(h)}: not a space")
                continue
            hexes = zones.setdefault(p.zone, [])
            if list(h) not in hexes:
                hexes.append(list(h))
    return zones
