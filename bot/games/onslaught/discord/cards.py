"""A server's own Onslaught character-card files on Discord: checked, stored per server (the storage's
key-value rows, one per server, and an index of the servers that have some) and loaded into that
server's library (:mod:`bot.games.onslaught.server_cards`), never shared with another server.

``/cards upload`` hands a file here when :func:`bot.games.onslaught.server_cards.is_card_file` says it is
Onslaught's (``"game": "onslaught"``); ``/cards list`` and ``/cards delete`` show and drop them.
"""

from __future__ import annotations

import json
import logging

from bot.discord.outgoing import cap
from bot.games.onslaught.server_cards import check, set_files
from bot.onslaught.content import ContentError
from bot.storage.base import Storage

log = logging.getLogger(__name__)

#: The key of a server's files (``{name: JSON text}``) and of the list of servers with files.
FILES_KEY = "onslaught-cards:{guild}"
INDEX_KEY = "onslaught-cards:servers"


async def files_of(storage: Storage, guild_id: int) -> dict[str, str]:
    """Server ``guild_id``'s stored Onslaught card files by name, oldest first."""
    raw = await storage.get_value(FILES_KEY.format(guild=guild_id))
    return dict(json.loads(raw)) if raw else {}


async def _servers(storage: Storage) -> list[int]:
    raw = await storage.get_value(INDEX_KEY)
    return [int(g) for g in json.loads(raw)] if raw else []


async def upload(storage: Storage, guild_id: int, name: str, body: str) -> str:
    """Check file ``name`` against the shipped set and the server's other files, store it and load it.

    :raises ContentError: the file breaks the format or clashes (the message names the file and item).
    """
    files = await files_of(storage, guild_id)
    lib = check(name, body, files.items())
    # The answer is written before anything is stored: a failure after storing would tell the uploader
    # the file was refused while it stays (and blocks the names it holds).
    added = json.loads(body)
    chars = [str(c.get("name")) for c in added.get("characters", []) if isinstance(c, dict)]
    shown = ", ".join(chars[:10]) + (f" and {len(chars) - 10} more" if len(chars) > 10 else "")
    answer = cap(f"Stored the D&D Onslaught card file **{name}** for this server: "
                 f"{len(chars)} character(s) ({shown}), {len(lib.characters)} in all, "
                 f"{len(lib.parties)} parties. Build a party with `/party` or `/match new game:onslaught party:`.")
    files.pop(name, None)
    files[name] = body
    await storage.set_value(FILES_KEY.format(guild=guild_id), json.dumps(files))
    servers = await _servers(storage)
    if guild_id not in servers:
        await storage.set_value(INDEX_KEY, json.dumps([*servers, guild_id]))
    set_files(guild_id, files.items())
    return answer


async def delete(storage: Storage, guild_id: int, name: str) -> bool:
    """Forget file ``name`` of the server; ``False`` when it has none by that name."""
    files = await files_of(storage, guild_id)
    if name not in files:
        return False
    del files[name]
    await storage.set_value(FILES_KEY.format(guild=guild_id), json.dumps(files))
    set_files(guild_id, files.items())
    return True


async def load_all(storage: Storage) -> int:
    """Load every server's files into its library; return how many servers have some. A server whose
    files no longer load keeps the shipped set, and the problem is logged."""
    count = 0
    for guild_id in await _servers(storage):
        files = await files_of(storage, guild_id)
        if not files:
            continue
        try:
            set_files(guild_id, files.items())
            count += 1
        except ContentError as exc:
            log.warning("server %s: its Onslaught card files do not load, so it plays the shipped set: %s",
                        guild_id, exc)
    return count
