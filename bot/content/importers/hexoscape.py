"""Hexoscape map editor JSON: ``{"hexMap": {...}, "boardPieces": {"alt~q~r~rot~piece": piece}}``.

Each key of ``boardPieces`` places one piece: its layer (``altitude``), the axial hex ``q, r`` the
piece is anchored at, its rotation 0-5 and its short piece id (``g24``, ``w1``, ``lwp``; the value
repeats the id). The file carries no glyphs and no start zones (a side file gives them, see
:mod:`bot.content.importers.sidefile`). ``hexMap.name`` is the map's name.

The text is size-limited before it is parsed, nesting deeper than a map ever needs is refused,
and every key and value is checked; a file that breaks any of it is refused whole, naming the key
and what was expected (:class:`~bot.content.importers.errors.MapImportError`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from bot.content.importers.build import Placement
from bot.content.importers.errors import MapImportError
from bot.content.importers.pieces import HX_PIECES, place

#: Most pieces a file may hold.
MAX_PIECES = 50_000
#: Deepest nesting of JSON arrays and objects accepted (a map needs 3).
MAX_DEPTH = 20
_KEY = re.compile(r"^(-?\d{1,4})~(-?\d{1,5})~(-?\d{1,5})~(-?\d{1,2})~([a-z0-9]{1,8})$")


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON ``text`` (strings skipped), without parsing it."""
    depth = best = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            best = max(best, depth)
        elif ch in "]}":
            depth -= 1
    return best


def parse_json(text: str, source: str) -> Any:
    """Parse JSON ``text`` with a nesting limit.

    :raises MapImportError: too deep, or not JSON (line and column named).
    """
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise MapImportError(source, "JSON", f"nested {depth} levels deep; a map file needs at most {MAX_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapImportError(source, "JSON", f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise MapImportError(source, "JSON", "nested too deeply") from None


class HexoscapeFile:
    """A decoded Hexoscape map: its name, id and the pieces as :class:`Placement` records."""

    def __init__(self, name: str, map_id: str, placements: list[Placement]) -> None:
        self.name = name
        self.map_id = map_id
        self.placements = placements


def read_hexoscape(doc: Any, source: str) -> HexoscapeFile:
    """Decode a parsed Hexoscape document (see the module docstring).

    :raises MapImportError: naming ``source``, the key and what was expected.
    """
    if not isinstance(doc, dict):
        raise MapImportError(source, "JSON", f"expected an object with \"hexMap\" and \"boardPieces\", found {type(doc).__name__}")
    info = doc.get("hexMap", {})
    if not isinstance(info, dict):
        raise MapImportError(source, "hexMap", f"expected an object, found {type(info).__name__}")
    name = info.get("name", "")
    if not isinstance(name, str) or len(name) > 200:
        raise MapImportError(source, "hexMap.name", "expected a text of at most 200 characters")
    map_id = str(info.get("id", "")) if isinstance(info.get("id", ""), str | int) else ""
    pieces = doc.get("boardPieces")
    if not isinstance(pieces, dict):
        raise MapImportError(source, "boardPieces", "expected an object of \"altitude~q~r~rotation~piece\": piece")
    if len(pieces) > MAX_PIECES:
        raise MapImportError(source, "boardPieces", f"holds {len(pieces)} pieces; at most {MAX_PIECES} are accepted")
    if not pieces:
        raise MapImportError(source, "boardPieces", "holds no pieces; a map needs at least one tile")
    out: list[Placement] = []
    for key, value in pieces.items():
        where = f'boardPieces["{key[:60]}"]'
        m = _KEY.match(key)
        if not m:
            raise MapImportError(source, where, "expected a key \"altitude~q~r~rotation~piece\" such as \"0~3~4~1~g24\"")
        alt, q, r, rot = (int(m.group(i)) for i in range(1, 5))
        pid = m.group(5)
        if not 0 <= alt <= 200:
            raise MapImportError(source, where, f"expected an altitude from 0 to 200, found {alt}")
        if not 0 <= rot <= 5:
            raise MapImportError(source, where, f"expected a rotation from 0 to 5, found {rot}")
        if value != pid:
            raise MapImportError(source, where, f"expected the value \"{pid}\" (the key's piece id), found {json.dumps(value)[:40]}")
        piece = HX_PIECES.get(pid)
        if piece is None:
            raise MapImportError(source, where, f"\"{pid}\" is no Hexoscape piece id this reader knows "
                                 "(land such as g24 r7 s3, water w1, trees tr10, Laur walls lwp, ...)")
        hexes = place(piece.shape, (q, r), rot, virtualscape=False)
        out.append(Placement(piece, tuple(hexes), alt, rot, where))
    return HexoscapeFile(name, map_id, out)
