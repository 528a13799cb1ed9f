"""QA of the sandbox (notes/qa-ddod-findings.md F7): its plain members could upload and delete the
server's card files, because the fake Discord gave every member every permission. In a guild whose
permissions follow roles (the sandbox's), a member has what Discord would compute: the owner and the
Manage Server role may change the card files, a plain member is refused and nothing changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")

from bot_table import make_bot  # noqa: E402
from os_table import run_in  # noqa: E402
from test_onslaught_cards import HEROES, card_file  # noqa: E402

from bot.games.onslaught import server_cards  # noqa: E402
from bot.sandbox.world import MANAGE_GUILD, build_world  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot

    from bot.fakediscord import FakeDiscord


def test_member_permissions_follow_roles_in_such_a_guild(fake: FakeDiscord) -> None:
    world = build_world(fake)
    alice, bob, carol, _ = world.players
    guild = world.guild
    assert guild.member_permissions(alice.id) & MANAGE_GUILD  # the owner
    assert not guild.member_permissions(carol.id) & MANAGE_GUILD  # a plain member
    assert not guild.member_permissions(bob.id) & MANAGE_GUILD  # League organisers has no permission bits
    fake.add_member(guild, carol, roles=[world.roles["Moderators"]])
    assert guild.member_permissions(carol.id) & MANAGE_GUILD
    plain = fake.create_guild("Tests")  # a guild that does not follow roles: every bit, as before
    assert plain.member_permissions(carol.id) & MANAGE_GUILD


async def test_a_plain_member_of_the_sandbox_cannot_change_the_card_files(
        fake: FakeDiscord, start_bot: StartBot, tmp_path: Path) -> None:
    world = build_world(fake)
    alice, _, carol, dave = world.players
    tavern = world.channels["tavern"]
    bot = make_bot(fake, tmp_path / "db.sqlite", None, render=None)
    await start_bot(bot)
    try:
        refused = await run_in(fake, bot, carol, tavern, "cards", "upload", file=("carol.json", card_file(*HEROES)))
        assert refused.ephemeral and "Manage Server" in refused.content, refused.content
        stored = await run_in(fake, bot, alice, tavern, "cards", "upload", file=("heroes.json", card_file(*HEROES)))
        assert "Stored the D&D Onslaught card file **heroes.json**" in stored.content, stored.content
        refused = await run_in(fake, bot, dave, tavern, "cards", "delete", name="heroes.json")
        assert refused.ephemeral and "Manage Server" in refused.content, refused.content
        listed = await run_in(fake, bot, dave, tavern, "cards", "list")
        assert "`heroes.json` (onslaught)" in listed.content and "carol.json" not in listed.content
    finally:
        server_cards._SERVERS.clear()
