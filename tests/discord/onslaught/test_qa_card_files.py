"""QA of ``/cards upload`` with Onslaught card files (notes/qa-ddod-findings.md F3, F6): a name longer
than the format allows is refused naming the field and the limit, and nothing is stored (it used to
be stored while the uploader read "Something went wrong"); a file nested too deeply is refused
plainly (it used to crash the handler); every answer fits Discord's 2,000 characters."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")

from bot_table import make_bot  # noqa: E402
from os_table import run_in  # noqa: E402
from test_onslaught_cards import HEROES, card_file  # noqa: E402

from bot.games.onslaught import server_cards  # noqa: E402
from bot.onslaught.content import MAX_NAME, MAX_PARTY_NAME  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot

    from bot.fakediscord import FakeDiscord


async def test_over_long_names_and_deep_nesting_are_refused_plainly_and_nothing_is_stored(
        fake: FakeDiscord, start_bot: StartBot, tmp_path: Path) -> None:
    home = fake.create_guild("Home Club")
    here = fake.create_channel(home, "dungeon")
    alice = fake.create_user("alice")
    bot = make_bot(fake, tmp_path / "db.sqlite", None, render=None)
    await start_bot(bot)
    try:
        async def run(command: str, sub: str | None = None, /, **options: object):  # type: ignore[no-untyped-def]
            return await run_in(fake, bot, alice, here, command, sub, **options)

        long_name = "@everyone <@&1> **bold** " + "A" * 3000
        answer = await run("cards", "upload", file=("long.json", card_file(long_name, *HEROES[1:])))
        assert answer.ephemeral and len(answer.content) <= 2000, len(answer.content)
        assert "was not stored" in answer.content and "'name'" in answer.content, answer.content
        assert f"at most {MAX_NAME}" in answer.content and "@everyone" not in answer.content, answer.content
        party = json.loads(card_file(*HEROES))
        party["parties"] = {"P" * 500: list(HEROES)}
        answer = await run("cards", "upload", file=("party.json", json.dumps(party).encode()))
        assert "was not stored" in answer.content and f"at most {MAX_PARTY_NAME}" in answer.content, answer.content
        nested = b'{"game": "onslaught", "characters": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
        answer = await run("cards", "upload", file=("nest.json", nested))
        assert answer.ephemeral and "nest.json" in answer.content and "nested" in answer.content, answer.content
        assert "went wrong" not in answer.content
        listed = await run("cards", "list")
        assert "long.json" not in listed.content and "party.json" not in listed.content and "nest.json" not in listed.content
        # Nothing was kept, so the proper file with the same characters is stored.
        ok = await run("cards", "upload", file=("heroes.json", card_file(*HEROES)))
        assert "Stored the D&D Onslaught card file **heroes.json**" in ok.content, ok.content
    finally:
        server_cards._SERVERS.clear()
