"""``python -m bot maps import FILE... [--out DIR]`` and ``python -m bot maps show FILE``.

``import`` converts Virtualscape ``.hsc`` and Hexoscape JSON files (or checks project-format
files) into ``heroscape-map/1`` files in ``--out`` (default ``renders/maps``); a map without start
zones gets two proposed ones (``--zone-size``, said so on the terminal and in the map's notes).
``show`` prints the summary (:mod:`.summary`) of a file or a map id and writes the map's picture
(``--png``; with ``--area F7`` a close-up around that space).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.content.importers import ImportedMap, MapImportError, read_map_file
from bot.content.importers.sidefile import ZONE_SIZE, with_proposed_zones
from bot.content.importers.summary import summary_lines
from bot.content.maps import MapFileError, MapLibrary
from bot.rules.battlefield import Battlefield


def _at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low`` (else a one-line usage error)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if n < low:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least {low}, got {n}")
        return n
    return parse


def add_arguments(sub: Any) -> None:
    """Add the ``maps`` command and its ``import`` and ``show`` subcommands to ``sub``."""
    maps = sub.add_parser("maps", help="import community maps (.hsc, Hexoscape .json) and show maps")
    msub = maps.add_subparsers(dest="maps_cmd", required=True)
    imp = msub.add_parser("import", help="convert map files to this project's format")
    imp.add_argument("files", nargs="+", help="Virtualscape .hsc or Hexoscape .json files")
    imp.add_argument("--out", default="renders/maps", help="folder for the converted maps (default renders/maps)")
    imp.add_argument("--side", default=None, help="a side file with start zones and glyphs (one FILE only; "
                     "default: NAME.side.json next to each file)")
    imp.add_argument("--zone-size", type=_at_least(1), default=ZONE_SIZE,
                     help=f"spaces per proposed start zone for a map without any (default {ZONE_SIZE})")
    show = msub.add_parser("show", help="print a map's spaces, levels, terrain, ... and write its picture")
    show.add_argument("file", help="a map file (.hsc, .json) or a map id (data/maps)")
    show.add_argument("--png", default=None, help="where to write the picture (default renders/maps/ID.png; 'none': no picture)")
    show.add_argument("--area", default=None, help="a close-up around this space (F7) instead of the whole map")
    show.add_argument("--radius", type=_at_least(0), default=None,
                      help="the close-up's radius in spaces, with --area (default 5)")
    show.add_argument("--zone-size", type=_at_least(1), default=ZONE_SIZE, help="spaces per proposed start zone")


def proposed(bf: Battlefield, size: int) -> tuple[Battlefield, str | None]:
    """``bf`` with proposed start zones when it has none, and the sentence saying so (else ``None``)."""
    return with_proposed_zones(bf, size)


def _doc_with_zones(imp: ImportedMap, bf: Battlefield, text: str) -> dict[str, Any]:
    doc = dict(imp.doc)
    if not bf.start_zones:
        return doc
    doc["start_zones"] = {z: [[h.q, h.r] for h in sorted(hx, key=lambda h: (h.r, h.q))] for z, hx in bf.start_zones.items()}
    doc["notes"] = (str(doc.get("notes", "")) + " " + text.replace("The map has no start zones: proposed",
                    "Start zones proposed by the bot (the file has none):")).strip()
    return doc


def _import(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if args.side and len(args.files) > 1:
        print("--side goes with one FILE only: give one map file, or put NAME.side.json next to each", file=sys.stderr)
        return 2
    if out.exists() and not out.is_dir():
        print(f"--out {out} is a file; --out names the folder the converted maps go to", file=sys.stderr)
        return 2
    status = 0
    for f in args.files:
        try:
            imp = read_map_file(f, side_path=args.side)
        except MapFileError as exc:
            print(f"refused: {exc}", file=sys.stderr)
            status = 1
            continue
        bf, text = proposed(imp.battlefield, args.zone_size)
        doc = _doc_with_zones(imp, bf, text) if text else imp.doc
        target = out / f"{imp.spec.id}.json"
        replaced = target.is_file()
        try:
            out.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"cannot write {target}: {exc.strerror or exc}; --out must name a folder you may write to",
                  file=sys.stderr)
            return 1
        lines = summary_lines(bf)
        again = " (replaced the earlier import)" if replaced else ""
        print(f"{f} -> {target}{again} ({imp.source_format}): {lines[1]}, {lines[2]}")
        if text:
            print(f"  {text}")
        for line in _dropped(imp):
            print(f"  {line}")
    return status


def _dropped(imp: ImportedMap) -> list[str]:
    """What the import of a map file left out, one line each (``left out: ladder (tile #183) ...``)."""
    return ([f"left out: {what}" for what in imp.left_out]
            + [f"not part of the battlefield: {n} {what}" for what, n in sorted(imp.extras.items())])


def load_any(what: str) -> tuple[Battlefield, str, list[str]]:
    """A map file (imported) or a shipped or user map id: its battlefield, id and what the import
    left out (one line each, empty for a library map).

    :raises MapFileError: the file cannot be read; :raises KeyError: no map has that id.
    """
    p = Path(what)
    if p.suffix.lower() in (".hsc", ".json") or p.exists():
        imp = read_map_file(p)
        assert imp.spec.id is not None
        return imp.battlefield, imp.spec.id, _dropped(imp)
    lib = MapLibrary.default()
    spec = lib.spec(what)
    assert spec.id is not None
    return lib.get(what), spec.id, []


def _show(args: argparse.Namespace) -> int:
    try:
        bf, map_id, dropped = load_any(args.file)
    except MapFileError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 1
    except KeyError as exc:
        print(str(exc.args[0]) if exc.args else str(exc), file=sys.stderr)
        return 1
    if args.radius is not None and not args.area:
        print("--radius goes with --area: give the space to centre the close-up on, e.g. --area F7 --radius 3",
              file=sys.stderr)
        return 2
    for line in summary_lines(bf):
        print(line)
    for line in dropped:
        print(line)
    shown, text = proposed(bf, args.zone_size)
    if text:
        print(f"proposed: {text}")
    if args.png == "none":
        return 0
    from bot.render.mapview import area_picture, map_picture, write_png

    if args.area:
        try:
            img = area_picture(shown, bf.parse_space(args.area), 5 if args.radius is None else args.radius)
        except ValueError as exc:
            print(str(exc), file=sys.stderr)
            return 1
    else:
        img = map_picture(shown, [text] if text else [])
    target = Path(args.png) if args.png else Path("renders/maps") / f"{map_id}{'-' + args.area.lower() if args.area else ''}.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    write_png(img, str(target))
    print(f"picture: {target}")
    return 0


def main(args: argparse.Namespace) -> int:
    """Run ``maps import`` or ``maps show``; returns the exit status."""
    try:
        return _import(args) if args.maps_cmd == "import" else _show(args)
    except MapImportError as exc:  # a side file
        print(f"refused: {exc}", file=sys.stderr)
        return 1
