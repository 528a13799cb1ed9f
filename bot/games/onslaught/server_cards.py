"""Each Discord server's own Onslaught character cards (``/cards upload`` of an Onslaught card file),
merged over the shipped practice set, never shared between servers (issue 19).

An Onslaught card file is a JSON document in the format of ``cards.json`` (``data/onslaught/README.md``)
with ``"game": "onslaught"``: ``characters``, and optionally ``items``, ``monsters`` and ``parties``.
:func:`check` reads one file against the shipped set and the server's other files (a name the shipped
set or another file already uses is refused, naming it); :func:`set_files` makes a server's library
(:func:`library_for`) the shipped set plus its files. The files themselves are stored by the Discord
face (:mod:`bot.games.onslaught.discord.cards`); this module only reads and merges.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from bot.onslaught.content import ContentError, Library, library
from bot.onslaught.files import DATA, load

#: The value of a card file's ``game`` key that marks it as Onslaught's.
GAME = "onslaught"
#: The lists and mapping a card file may add to.
PARTS = ("characters", "items", "monsters")

_SERVERS: dict[int, Library] = {}


@cache
def shipped() -> Library:
    """The shipped (invented) Onslaught content, loaded once."""
    return load()


@cache
def _shipped() -> tuple[dict[str, Any], bytes, bytes]:
    cards = json.loads((DATA / "cards.json").read_bytes())
    return cards, (DATA / "maps.json").read_bytes(), (DATA / "scenarios.json").read_bytes()


def is_card_file(body: str) -> bool:
    """Whether ``body`` is JSON whose top-level ``game`` is ``onslaught`` (other games' files are not)."""
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError):  # not JSON, or nested too deeply to read (a hostile file)
        return False
    return isinstance(doc, dict) and str(doc.get("game", "")).lower() == GAME


def _key(part: str) -> str:
    return "symbol" if part == "items" else "name"


def merged(files: Iterable[tuple[str, str]]) -> Library:
    """The shipped set plus the card files ``(file name, JSON text)``, in order.

    :raises ContentError: a file that is not JSON, not an Onslaught card file, breaks the format, or
        names a character, item, monster or party already there (the file and the name are said).
    """
    cards, maps, scenarios = _shipped()
    doc: dict[str, Any] = {k: list(cards.get(k, [])) for k in PARTS}
    doc["parties"] = dict(cards.get("parties", {}))
    for fname, body in files:
        try:
            extra = json.loads(body)
        except ValueError as exc:
            raise ContentError(f"{fname}: not JSON ({exc})") from None
        except RecursionError:
            raise ContentError(f"{fname}: the JSON is nested too deeply to read") from None
        if not isinstance(extra, dict) or str(extra.get("game", "")).lower() != GAME:
            raise ContentError(f"{fname}: an Onslaught card file is a JSON object with \"game\": \"onslaught\"")
        unknown = sorted(set(extra) - {"game", "about", "parties", *PARTS})
        if unknown:
            raise ContentError(f"{fname}: unknown key(s) {', '.join(unknown)}; the keys are game, about, "
                               f"characters, items, monsters, parties")
        if not extra.get("characters") and not extra.get("items") and not extra.get("monsters"):
            raise ContentError(f"{fname}: the file has no characters, items or monsters")
        for part in PARTS:
            have = {str(x.get(_key(part))) for x in doc[part] if isinstance(x, Mapping)}
            for x in extra.get(part, []) or []:
                name = str(x.get(_key(part))) if isinstance(x, Mapping) else "?"
                if name in have:
                    raise ContentError(f"{fname}: {part[:-1]} {name!r} is already there; give it another name")
                have.add(name)
                doc[part].append(x)
        for pname, members in dict(extra.get("parties") or {}).items():
            if pname in doc["parties"]:
                raise ContentError(f"{fname}: party {pname!r} is already there; give it another name")
            doc["parties"][pname] = members
    try:
        return library(doc, maps, scenarios)
    except ContentError as exc:
        raise ContentError(f"{', '.join(n for n, _ in files) or 'the shipped cards'}: {exc}") from None


def check(name: str, body: str, others: Iterable[tuple[str, str]] = ()) -> Library:
    """The library a server would have with file ``name`` added to (or replacing) its ``others``.

    :raises ContentError: see :func:`merged`.
    """
    return merged([*((n, b) for n, b in others if n != name), (name, body)])


def set_files(guild_id: int, files: Iterable[tuple[str, str]]) -> Library:
    """Make server ``guild_id``'s library the shipped set plus ``files`` (none: the shipped set).

    :raises ContentError: see :func:`merged` (the server's library is then unchanged).
    """
    files = list(files)
    if not files:
        _SERVERS.pop(guild_id, None)
        return shipped()
    lib = merged(files)
    _SERVERS[guild_id] = lib
    return lib


def library_for(guild_id: int | None) -> Library:
    """Server ``guild_id``'s library (``None``, or a server without files: the shipped set)."""
    if guild_id is not None and guild_id in _SERVERS:
        return _SERVERS[guild_id]
    return shipped()
