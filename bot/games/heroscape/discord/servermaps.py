"""Each Discord server's own maps: uploads checked and stored, registered for matches, looked up.

A server's map plays under the match map id ``"<guild id>:<map id>"`` (:func:`key`), which no
shipped or user map id can take (those have no ``:``), so a match record names it exactly and a
restart finds it again: :func:`register_all` registers every stored map with
:mod:`bot.game.mapsource` before the matches are restored.

:func:`resolve` turns what a player typed or picked in ``/match new map:`` into a map id, and
refuses another server's map: a server never sees, plays or replaces another's maps.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass

from bot.content.importers import ImportedMap, read_map_bytes, slug
from bot.content.importers.sidefile import parse_side_file
from bot.content.maps import MapFileError, build_battlefield, parse_map_spec
from bot.discord.errors import UserError
from bot.game import mapsource
from bot.rules.battlefield import Battlefield
from bot.storage.base import Storage
from bot.storage.maps import MAX_SERVER_MAPS, ServerMap

log = logging.getLogger(__name__)

#: Largest upload read, in bytes (Discord itself allows far more; a map file is a few tens of KB).
MAX_UPLOAD = 1_000_000
SUFFIXES = (".hsc", ".json")


@dataclass(frozen=True)
class Known:
    """A registered server map: its match map id, id on the server, name, and who added it."""

    key: str
    map_id: str
    name: str
    added_by: int


_by_guild: dict[int, dict[str, Known]] = {}


def key(guild_id: int, map_id: str) -> str:
    """The match map id of a server's map."""
    return f"{guild_id}:{map_id}"


def known(guild_id: int | None) -> list[Known]:
    """One server's registered maps, by id (none outside a server)."""
    if guild_id is None:
        return []
    return sorted(_by_guild.get(guild_id, {}).values(), key=lambda k: k.map_id)


def _register(m: ServerMap) -> Battlefield:
    spec = parse_map_spec(json.loads(m.doc), m.source)
    bf, notice = mapsource.with_proposed_zones(build_battlefield(spec, source=m.source))
    mapsource.add(key(m.guild_id, m.map_id), bf, notice)
    _by_guild.setdefault(m.guild_id, {})[m.map_id] = Known(key(m.guild_id, m.map_id), m.map_id, m.name, m.added_by)
    return bf


async def register_all(storage: Storage) -> int:
    """Register every server's stored maps (at start, before matches are restored); return how many.
    A stored map that no longer builds is logged and skipped, never fatal."""
    count = 0
    for m in await storage.all_server_maps():
        try:
            _register(m)
            count += 1
        except (MapFileError, ValueError) as exc:
            log.warning("server %s map %s not registered: %s", m.guild_id, m.map_id, exc)
    return count


def resolve(guild_id: int | None, typed: str | None) -> str | None:
    """The match map id for ``/match new map:`` (``None``: the scenario's map).

    A server map is found by its key, id or name (any case); anything else is passed on as a
    shipped map id (the session then suggests close names).

    :raises UserError: the value names another server's map.
    """
    if typed is None or not typed.strip():
        return None
    text = typed.strip()
    mine = known(guild_id)
    for k in mine:
        if text == k.key or text.casefold() in (k.map_id, k.name.casefold()):
            return k.key
    if ":" in text:
        raise UserError(f"There is no map {text[:60]!r} on this server: `/maps list` shows the shipped maps and "
                        "this server's own.")
    return text


def check_upload(filename: str, size: int) -> None:
    """Refuse an upload before reading it: a map file is ``.hsc`` or ``.json`` and small.

    :raises UserError: saying what is accepted.
    """
    if not filename.lower().endswith(SUFFIXES):
        raise UserError(f"`{filename[:80]}` is not a map file I read: attach a Virtualscape `.hsc` file or a "
                        "Hexoscape (or this bot's) `.json` map.")
    if size > MAX_UPLOAD:
        raise UserError(f"`{filename[:80]}` is {size:,} bytes; a map file may have at most {MAX_UPLOAD:,} bytes "
                        "(community maps are a few tens of KB). Nothing was added.")


def read_upload(data: bytes, filename: str, name: str | None, side: tuple[bytes, str] | None = None) -> ImportedMap:
    """Read an uploaded map (see :mod:`bot.content.importers`); ``name`` renames it; ``side`` is a
    side file's bytes and name (start zones and glyph places).

    :raises UserError: a file cannot be read; the message says where and what was expected.
    """
    map_id = slug(name or filename.rsplit(".", 1)[0])
    try:
        extra = parse_side_file(*side) if side is not None else None
        imp = read_map_bytes(data, filename, map_id=map_id, side=extra)
    except MapFileError as exc:
        raise UserError(f"I could not read that map, so nothing was added: {str(exc)[:600]}") from None
    if name:
        imp.doc["name"] = name.strip()[:100]
    return imp


async def add_upload(storage: Storage, guild_id: int, user_id: int, imp: ImportedMap, filename: str) -> tuple[Known, Battlefield]:
    """Store and register an uploaded map on its server (proposed start zones when it has none).

    :raises UserError: the id is another member's map, or the server has too many maps.
    """
    assert imp.spec.id is not None
    current = await storage.server_maps(guild_id)
    same = next((m for m in current if m.map_id == imp.spec.id), None)
    if same is not None and same.added_by != user_id:
        raise UserError(f"This server already has a map `{same.map_id}` ({same.name}), added by <@{same.added_by}>; "
                        "give yours another name with the `name` option. Nothing was added.")
    if same is None and len(current) >= MAX_SERVER_MAPS:
        raise UserError(f"This server has {len(current)} maps, the most it may keep. Nothing was added.")
    doc = dict(imp.doc)
    bf, notice = mapsource.with_proposed_zones(imp.battlefield)
    if notice and bf.start_zones:
        doc["start_zones"] = {z: [[h.q, h.r] for h in sorted(hx, key=lambda h: (h.r, h.q))]
                              for z, hx in bf.start_zones.items()}
        doc["notes"] = (str(doc.get("notes", "")) + " Start zones proposed by the bot (the file has none).").strip()
    m = ServerMap(guild_id, imp.spec.id, str(doc.get("name") or imp.spec.id), json.dumps(doc, ensure_ascii=False),
                  filename[:200], user_id, time.time())
    await storage.save_server_map(m)
    bf = _register(m)
    return _by_guild[guild_id][m.map_id], bf


def forget_all() -> None:
    """Forget every registered server map (tests; a fresh bot registers them again at start)."""
    for maps in _by_guild.values():
        for k in maps.values():
            mapsource.remove(k.key)
    _by_guild.clear()
