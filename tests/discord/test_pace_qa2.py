"""QA2 findings on play by post (the fake Discord, a fake clock): the ``/me away`` reason is quoted as
plain text, and ``/me away duration:off`` ends an away early."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from test_play_by_post import channel_msgs, last_id, pinged, post_table

from bot.discord.pace.clock import FakeClock

if TYPE_CHECKING:
    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord


async def test_the_away_reason_is_quoted_as_typed(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                  tmp_path: Path) -> None:
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", FakeClock())
    bob = table.players[1]
    role = "<@&157700000000000001>"
    mark = last_id(fake)
    await table.reply(bob, "me", "away", duration="2h", reason=f"@everyone **bold** {role} ||spoiler||")
    told = [m for m in channel_msgs(table, mark) if "bob is away until" in m.content]
    assert len(told) == 1
    assert r"(@​everyone \*\*bold\*\* <@​&157700000000000001> \|\|spoiler\|\|)" in told[0].content
    assert not pinged(told[0]) and not told[0].pings.roles
