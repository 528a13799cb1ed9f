"""A server's own Onslaught character cards: checked, stored per server, never shared (issue 19)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bot import games
from bot.games.onslaught import server_cards
from bot.games.onslaught.discord import cards
from bot.games.ruleset import MatchSettings
from bot.onslaught.content import ContentError
from bot.onslaught.files import DATA
from bot.storage import SqliteStorage

SHIPPED = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))


def _file(*names: str, party: str = "") -> str:
    chars = []
    for i, n in enumerate(names):
        c = copy.deepcopy(SHIPPED["characters"][i])
        c["name"] = n
        chars.append(c)
    doc: dict[str, object] = {"game": "onslaught", "characters": chars}
    if party:
        doc["parties"] = {party: list(names)}
    return json.dumps(doc)


def test_a_card_file_is_checked_against_the_shipped_set() -> None:
    assert server_cards.is_card_file(_file("Aster")) and not server_cards.is_card_file('{"cards": []}')
    with pytest.raises(ContentError, match="mine.json: character 'Brask' is already there"):
        server_cards.check("mine.json", _file("Brask"))
    with pytest.raises(ContentError, match="bad.json: not JSON"):
        server_cards.check("bad.json", "{")
    with pytest.raises(ContentError, match="unknown key"):
        server_cards.check("odd.json", json.dumps({"game": "onslaught", "characters": [], "spells": []}))
    lib = server_cards.check("mine.json", _file("Aster"))
    assert "Aster" in lib.characters and "Brask" in lib.characters


async def test_uploaded_cards_are_stored_per_server_and_never_shared(tmp_path: Path) -> None:
    store = SqliteStorage(tmp_path / "db.sqlite")
    await store.open()
    try:
        names = ("Aster", "Birch", "Cobble", "Dunlin", "Ember")
        words = await cards.upload(store, 111, "heroes.json", _file(*names, party="Five Heroes"))
        assert "5 character(s)" in words
        mine = games.get("onslaught").new_match(MatchSettings("m", 1, {"format": {"lobby": True, "preset": "Five Heroes"}},
                                                               adapter="discord", server=111))
        assert "Aster" in mine.library.characters  # type: ignore[attr-defined]
        with pytest.raises(ValueError, match="no party 'Five Heroes'"):
            games.get("onslaught").new_match(MatchSettings("m", 1, {"format": {"lobby": True, "preset": "Five Heroes"}},
                                                           adapter="discord", server=222))
        server_cards._SERVERS.clear()  # a restart: loaded again from storage
        assert await cards.load_all(store) == 1
        assert "Aster" in server_cards.library_for(111).characters
        assert "Aster" not in server_cards.library_for(222).characters
        assert await cards.delete(store, 111, "heroes.json")
        assert "Aster" not in server_cards.library_for(111).characters
        assert not await cards.delete(store, 111, "heroes.json")
    finally:
        server_cards._SERVERS.clear()
        await store.close()
