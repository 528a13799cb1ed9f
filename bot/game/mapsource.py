"""Where a match's battlefield comes from: the map library, a Discord server's own maps, or a file.

A match record names its map by id (:attr:`GameSession.map_id`). :func:`battlefield` answers for
any id: a map added at run time (:func:`add`: a server's uploaded maps, registered by the Discord
bot at start and on upload), a map file named by its path (``--map maps/arena.hsc`` in the
console: read with :mod:`bot.content.importers`, and a save file of that match names the same
path), or a map of the shipped and user library.

A map without start zones is given two proposed ones (:func:`with_proposed_zones`), and
:func:`notice` keeps the sentence that says so, for the adapter to tell the players.
"""

from __future__ import annotations

import threading
from pathlib import Path

from bot.rules.battlefield import Battlefield

#: Start zones proposed for a map without any: this many spaces each, fewer on a small map.
ZONE_SIZE = 16
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


def with_proposed_zones(bf: Battlefield, size: int = ZONE_SIZE) -> tuple[Battlefield, str | None]:
    """``bf`` with two proposed start zones when it has none, and the sentence saying so."""
    if bf.start_zones:
        return bf, None
    from bot.content.importers.sidefile import propose_start_zones, with_start_zones

    free = sum(1 for h in bf.hexes() if not bf.blocked(h, bf.columns[h][-1].top))
    try:
        zones, text = propose_start_zones(bf, max(1, min(size, free // 4)))
    except ValueError as exc:
        return bf, f"The map has no start zones, and none can be proposed: {exc}."
    return with_start_zones(bf, zones), text


def is_file(map_id: str) -> bool:
    """Whether ``map_id`` names a map file (a path ending in ``.hsc`` or ``.json`` that exists)."""
    return map_id.lower().endswith(MAP_SUFFIXES) and Path(map_id).is_file()


def battlefield(map_id: str) -> Battlefield:
    """The battlefield ``map_id`` names (see the module docstring).

    :raises bot.content.maps.UnknownMapError: no map has that id (suggestions in the message).
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
    from bot.game.session import maps

    return maps().get(map_id)
