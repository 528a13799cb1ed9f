"""Community map files into the project's map format: Virtualscape ``.hsc`` and Hexoscape JSON.

:func:`read_map_bytes` (and :func:`read_map_file`) take a file's bytes and name, pick the reader by
content (a ``.hsc`` file, a Hexoscape ``boardPieces`` document, or a map already in the project's
format ``heroscape-map/1``), stack the pieces (:mod:`.build`), add a side file's start zones and
glyphs when given (:mod:`.sidefile`), and build the battlefield. Either the whole map loads or
:class:`MapImportError` (or :class:`~bot.content.maps.MapFileError` for a project file) says which
file, where (byte offset or key) and what was expected; nothing is ever half loaded.

Limits keep a hostile upload harmless: :data:`MAX_FILE_BYTES`, tile and piece counts bounded by the
bytes present, nesting depth, string lengths, coordinates and layers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.content.importers.build import assemble
from bot.content.importers.errors import MapImportError
from bot.content.importers.hexoscape import parse_json, read_hexoscape
from bot.content.importers.sidefile import SideFile, apply_side_file, read_side_file
from bot.content.importers.virtualscape import read_virtualscape
from bot.content.maps import MapSpec, build_battlefield, parse_map_spec
from bot.rules.battlefield import Battlefield

__all__ = ["MAX_FILE_BYTES", "ImportedMap", "MapImportError", "read_map_bytes", "read_map_file", "slug"]

#: Largest map file read (an upload or a file given on the command line), in bytes.
MAX_FILE_BYTES = 2_000_000


@dataclass
class ImportedMap:
    """A map read from a file: its document in the project's format, the validated spec, the
    battlefield, which format it came from (``virtualscape``, ``hexoscape``, ``heroscape-map``) and
    what the import left out or chose (also written in the document's ``notes``)."""

    doc: dict[str, Any]
    spec: MapSpec
    battlefield: Battlefield
    source_format: str
    left_out: list[str] = field(default_factory=list)
    extras: dict[str, int] = field(default_factory=dict)


def slug(text: str) -> str:
    """A map id from a file name or title: lower case, ``a-z0-9`` and ``-``, at most 60 characters."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60].strip("-")
    return s or "map"


def read_map_bytes(data: bytes, filename: str, *, map_id: str | None = None,
                   side: SideFile | None = None) -> ImportedMap:
    """Read a map from ``data``, the content of a file named ``filename`` (its suffix and stem).

    ``map_id`` overrides the id (by default the file's stem as a :func:`slug`); ``side`` adds a side
    file's start zones and glyphs.

    :raises MapImportError: too big, not a map file, or unreadable (where and what was expected).
    :raises bot.content.maps.MapFileError: a project-format file with a mistake.
    """
    source = Path(filename).name or "map"
    if len(data) > MAX_FILE_BYTES:
        raise MapImportError(source, "file", f"is {len(data):,} bytes; a map file may have at most {MAX_FILE_BYTES:,}")
    stem = Path(source).stem
    mid = map_id or slug(stem)
    is_json = data.lstrip()[:1] in (b"{", b"[")
    if not source.lower().endswith(".hsc") and not is_json:
        raise MapImportError(source, "file", "expected a Virtualscape .hsc file or a JSON map (.json)")
    if source.lower().endswith(".hsc"):
        vs = read_virtualscape(data, source)
        title = vs.name.strip() or stem.replace("_", " ")
        desc = " ".join(x for x in (
            f"By {vs.author.strip()}." if vs.author.strip() else "",
            f"For {vs.players.strip()} players." if vs.players.strip() else "",
            vs.scenario.strip()[:1500],
        ) if x)
        notes = [f"Imported from the Virtualscape file {source} (document version 0.000{vs.version})."]
        asm = assemble(vs.placements, map_id=mid, name=title[:100], description=desc, notes=notes, source=source)
        fmt = "virtualscape"
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MapImportError(source, f"byte {exc.start}", "expected UTF-8 text (a JSON map)") from None
        doc = parse_json(text, source)
        if isinstance(doc, dict) and "boardPieces" in doc:
            hx = read_hexoscape(doc, source)
            title = hx.name.strip() or stem.replace("_", " ")
            notes = [f"Imported from the Hexoscape file {source}."]
            asm = assemble(hx.placements, map_id=mid, name=title[:100], notes=notes, source=source)
            fmt = "hexoscape"
        elif isinstance(doc, dict) and "format" in doc:
            doc = dict(doc)
            doc.setdefault("id", mid)
            if map_id:
                doc["id"] = map_id
            return _finish(doc, source, "heroscape-map", side, [], {})
        else:
            raise MapImportError(source, "JSON", 'expected a Hexoscape map ("hexMap" and "boardPieces") '
                                 'or a map in this project\'s format ("format": "heroscape-map/1")')
    return _finish(asm.doc, source, fmt, side, asm.left_out, dict(asm.extras))


def _finish(doc: dict[str, Any], source: str, fmt: str, side: SideFile | None, left_out: list[str],
            extras: dict[str, int]) -> ImportedMap:
    if side is not None:
        doc = apply_side_file(doc, side)
    spec = parse_map_spec(doc, source)
    battlefield = build_battlefield(spec, source=source)
    return ImportedMap(doc, spec, battlefield, fmt, left_out, extras)


def read_map_file(path: str | Path, *, side_path: str | Path | None = None, map_id: str | None = None) -> ImportedMap:
    """Read a map file from disk; a side file ``side_path`` (or, when not given, ``NAME.side.json``
    next to the file, if there is one) adds start zones and glyphs.

    :raises MapImportError: the file cannot be read (see :func:`read_map_bytes`).
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise MapImportError(p.name, "file", f"is {size:,} bytes; a map file may have at most {MAX_FILE_BYTES:,}")
        data = p.read_bytes()
    except OSError as exc:
        raise MapImportError(str(p), "file", f"cannot be read ({exc.strerror or exc})") from None
    side = None
    sp = Path(side_path) if side_path else p.with_name(p.stem + ".side.json")
    if side_path or sp.exists():
        side = read_side_file(sp)
    return read_map_bytes(data, p.name, map_id=map_id, side=side)
