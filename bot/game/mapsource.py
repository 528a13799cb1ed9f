"""Where a match's battlefield comes from: the map library, a Discord server's own maps, or a file.

A match record names its map by id (:attr:`GameSession.map_id`). :func:`lookup` answers for a
map added at run time (:func:`add`: a server's uploaded maps, registered by the Discord bot at
start and on upload) and for a map file named by its path (``--map maps/arena.hsc`` in the console:
read with :mod:`bot.content.importers`; a save file of that match names the same path); any other
id is a map of the shipped and user library (:func:`bot.game.session.battlefield_for`).

A map without start zones is given two proposed ones (:func:`with_proposed_zones`), and
:func:`notice` keeps the sentence that says so, for the adapter to tell the players.
"""

from __future__ import annotations

import threading
from pathlib import Path

from bot.content.importers.sidefile import ZONE_SIZE, with_proposed_zones
from bot.rules.battlefield import Battlefield

__all__ = ["ZONE_SIZE", "add", "added", "is_file", "lookup", "notice", "remove", "with_proposed_zones"]

MAP_SUFFIXES = (".hsc", ".json")

_added: dict[str, Battlefield] = {}
_notices: dict[str, str] = {}
_lock = threading.Lock()


def add(map_id: str, bf: Battlefield, notice: str | None = None) -> None:
    """Make ``bf`` the battlefield of ``map_id`` (a server map, an imported file)."""
    with _lock:
        _added[map_id] = bf
        if notice:
            _notices[map_id] = notice
        else:
            _notices.pop(map_id, None)


def remove(map_id: str) -> None:
    """Forget a map added with :func:`add` (nothing when there is none)."""
    with _lock:
        _added.pop(map_id, None)
        _notices.pop(map_id, None)


def added(map_id: str) -> Battlefield | None:
    """The map added under ``map_id``, if any."""
    return _added.get(map_id)


def notice(map_id: str) -> str | None:
    """What the players should be told about the map (its start zones were proposed), if anything."""
    return _notices.get(map_id)


def is_file(map_id: str) -> bool:
    """Whether ``map_id`` names a map file (a path ending in ``.hsc`` or ``.json`` that exists)."""
    return map_id.lower().endswith(MAP_SUFFIXES) and Path(map_id).is_file()


def lookup(map_id: str) -> Battlefield | None:
    """The battlefield of a map added under ``map_id`` or of the map file ``map_id`` names (read,
    given proposed start zones when it has none, and kept); ``None`` for any other id (a library
    map: :func:`bot.game.session.battlefield_for` asks the library).

    :raises bot.content.maps.MapFileError: the file named cannot be read.
    """
    hit = _added.get(map_id)
    if hit is not None:
        return hit
    if is_file(map_id):
        from bot.content.importers import read_map_file

        bf, text = with_proposed_zones(read_map_file(map_id).battlefield)
        add(map_id, bf, text)
        return bf
    return None
