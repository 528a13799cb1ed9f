"""Issue #14 on the fake Discord: a server's own card file (``/cards upload``) completes an incomplete
card for that server only, a bad file is refused naming the field, ``/card`` shows the card's picture,
``/army set`` autocompletes by set with points, and ``/match new format:`` names a format."""

from __future__ import annotations

import json
from pathlib import Path

from bot_table import make_bot
from conftest import StartBot

from bot.fakediscord import FakeDiscord
from bot.game.session import library_for, set_server_cards
from bot.games.heroscape.discord import server_cards

PNG = b"\x89PNG"
DUKE = {"id": "duke", "name": "Duke", "short": "Duke", "set": "House rules", "general": "Vydar", "species": "Human",
        "kind": "hero", "rarity": "unique", "class": "Soldier", "personality": "Valiant", "size": "medium",
        "height": 5, "base": 1, "figures": 1, "life": 5, "move": 5, "range": 5, "attack": 3, "defense": 4,
        "points": 120, "powers": [{"name": "Leader", "text": "Our house rule: no power.", "values": {}}]}


def card_file(*cards: dict[str, object]) -> bytes:
    return json.dumps({"format": "heroscape-cards/1", "set": "House rules", "cards": list(cards)}).encode()


async def test_server_card_files_stay_with_their_server(fake: FakeDiscord, start_bot: StartBot,
                                                        tmp_path: Path) -> None:
    home, other = fake.create_guild("Home Club"), fake.create_guild("Other Club")
    here, there = fake.create_channel(home, "battles"), fake.create_channel(other, "battles")
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = make_bot(fake, tmp_path / "db.sqlite", None)
    await start_bot(bot)
    try:
        async def run(user, channel, command, sub=None, /, **options):  # type: ignore[no-untyped-def]
            record = await fake.slash(user, channel, command, sub, options)
            await record.wait_ack()
            await fake.wait_until(lambda: bot.inflight == 0, description="the bot to be idle")
            return await record.wait_reply()

        # A bad file is refused, naming the file, the card and the field; nothing is stored.
        bad = await run(alice, here, "cards", "upload", file=("house.json", card_file({**DUKE, "life": "five"})))
        assert bad.ephemeral and "This card file was not stored: house.json: card #1 ('Duke'): field 'life'" in bad.content
        assert await bot.matches.storage.server_cards(home.id) == []
        # A good one completes Duke for this server.
        ok = await run(alice, here, "cards", "upload", file=("house.json", card_file(DUKE)))
        assert ok.ephemeral and "Stored `house.json` for this server: 1 Army Card (Duke); 1 complete." in ok.content
        assert [n for n, _ in await bot.matches.storage.server_cards(home.id)] == ["house.json"]
        assert await bot.matches.storage.server_cards(other.id) == []
        listed = await run(bob, here, "cards", "list")
        assert "`house.json`" in listed.content

        # /card shows the picture; Duke is complete here and incomplete on the other server.
        shown = await run(alice, here, "card", name="Duke")
        assert shown.attachments and shown.attachments[0].data.startswith(PNG) and "Life 5" in shown.content
        elsewhere = await run(alice, there, "card", name="Duke")
        assert "Incomplete card (missing rarity, life" in elsewhere.content

        # /army set: fielded here, refused there with the missing fields named.
        await run(alice, here, "match", "new")
        await run(bob, here, "match", "join")
        fielded = await run(alice, here, "army", "set", cards="Duke")
        assert "Duke" in fielded.content and "incomplete" not in fielded.content
        wrong = await run(alice, there, "match", "new", format="vintage")
        assert wrong.ephemeral and "No army format is called 'vintage'. Known formats: standard, delta" in wrong.content
        opened = await run(alice, there, "match", "new", format="delta")
        assert "(format delta: 500 Delta points, 12 rounds)" in opened.content
        refused = await run(alice, there, "army", "set", cards="Duke")
        assert refused.ephemeral and "Duke is incomplete (missing rarity, life, move" in refused.content

        # Autocomplete by set, with the match's points (Delta there).
        choices = await fake.autocomplete(alice, there, "army", "set", {"cards": "wellspring"}, focused="cards")
        names = [c["name"] for c in choices]
        assert len(names) == 6 and all(n.endswith(" pts, BftW)") for n in names)
        assert "Ewashia (95 pts, BftW)" in names  # Delta points in a Delta match (Standard: 115)
        standard = await fake.autocomplete(alice, here, "army", "set", {"cards": "Finn; carr"}, focused="cards")
        assert standard[0] == {"name": "Finn; Carr (100 pts, RotV)", "value": "Finn; Carr"}
        delta = await fake.autocomplete(alice, there, "army", "set", {"cards": "carr"}, focused="cards")
        assert delta[0] == {"name": "Carr (60 pts, RotV)", "value": "Carr"}

        # Removing the file gives the server the shipped cards back.
        gone = await run(alice, here, "cards", "delete", name="house.json")
        assert "Removed `house.json`" in gone.content and not library_for(home.id).get("Duke").complete
    finally:
        set_server_cards(home.id, [])


async def test_a_restarted_bot_loads_each_servers_cards(fake: FakeDiscord, start_bot: StartBot,
                                                        tmp_path: Path) -> None:
    home = fake.create_guild("Home Club")
    here = fake.create_channel(home, "battles")
    alice = fake.create_user("alice")
    bot = make_bot(fake, tmp_path / "db.sqlite", None)
    await start_bot(bot)
    try:
        record = await fake.slash(alice, here, "cards", "upload", {"file": ("house.json", card_file(DUKE))})
        await record.wait_ack()
        await fake.wait_until(lambda: bot.inflight == 0, description="the bot to be idle")
        set_server_cards(home.id, [])  # forget it in memory, as a new process would
        assert not library_for(home.id).get("Duke").complete
        assert await server_cards.load_all(bot.matches.storage) == 1  # what a start does before restoring
        assert library_for(home.id).get("Duke").complete
    finally:
        set_server_cards(home.id, [])
