"""``/cards upload`` of a D&D Onslaught card file on the fake Discord: found by its format, checked,
stored for that server only, and its characters make a party there (issue 19)."""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")  # the generic Discord kernel (issue 18's seam on Discord)

from bot_table import make_bot  # noqa: E402
from os_table import run_in  # noqa: E402

from bot.games.onslaught import server_cards  # noqa: E402
from bot.onslaught.files import DATA  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot

    from bot.fakediscord import FakeDiscord

SHIPPED = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
HEROES = ("Aster", "Birch", "Cobble", "Dunlin", "Ember")


def card_file(*names: str) -> bytes:
    chars = []
    for i, n in enumerate(names):
        c = copy.deepcopy(SHIPPED["characters"][i])
        c["name"] = n
        chars.append(c)
    return json.dumps({"game": "onslaught", "characters": chars, "parties": {"Five Heroes": list(names)}}).encode()


async def test_an_onslaught_card_file_is_stored_per_server_and_makes_a_party(
        fake: FakeDiscord, start_bot: StartBot, tmp_path: Path) -> None:
    home, other = fake.create_guild("Home Club"), fake.create_guild("Other Club")
    here, there = fake.create_channel(home, "dungeon"), fake.create_channel(other, "dungeon")
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = make_bot(fake, tmp_path / "db.sqlite", None, render=None)
    await start_bot(bot)
    try:
        async def run(user, channel, command, sub=None, /, **options):  # type: ignore[no-untyped-def]
            return await run_in(fake, bot, user, channel, command, sub, **options)

        bad = await run(alice, here, "cards", "upload", file=("heroes.json", card_file("Brask", *HEROES[1:])))
        assert bad.ephemeral and "was not stored: heroes.json: character 'Brask' is already there" in bad.content
        ok = await run(alice, here, "cards", "upload", file=("heroes.json", card_file(*HEROES)))
        assert ok.ephemeral and "Stored the D&D Onslaught card file **heroes.json**" in ok.content, ok.content
        listed = await run(bob, here, "cards", "list")
        assert "`heroes.json` (onslaught)" in listed.content
        # The server's party makes a match here; another server does not know it.
        new = await run(alice, here, "match", "new", game="onslaught", party="Five Heroes")
        assert "New D&D Onslaught match" in new.content, new.content
        refused = await run(alice, there, "match", "new", game="onslaught", party="Five Heroes")
        assert refused.ephemeral and "no party 'Five Heroes'" in refused.content, refused.content
        await run(bob, here, "match", "join")
        await run(alice, here, "match", "start")
        live = bot.matches.in_channel(here.id)
        assert live is not None and live.game.state.held["A"] == list(HEROES)
        gone = await run(alice, here, "cards", "delete", name="heroes.json")
        assert "Removed `heroes.json` (onslaught)" in gone.content
    finally:
        server_cards._SERVERS.clear()
