"""``/match concede`` asks first (QA: Bob ran it during Alice's turn and got "Bob concedes. 🏆 Alice
wins" at once): an ephemeral question with **Concede** and **Keep playing**; nothing changes until
the conceding player presses **Concede**; the buttons work after a restart like the others."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot_table import Table, make_bot

from bot.discord.actions import KEEP_PLAYING
from bot.fakediscord import kill_client
from bot.games.heroscape.discord.face import CONCEDE_QUESTION
from bot.rules.state import Phase

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import NewTable, StartBot, World

    from bot.fakediscord import FakeDiscord


async def test_concede_asks_and_changes_nothing_until_confirmed(world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.setup()
    version = table.live.version
    question = await table.reply(world.bob, "match", "concede")
    assert question.ephemeral and question.content == CONCEDE_QUESTION
    match_id = table.live.match_id
    assert question.custom_ids == [f"hs:concede:{match_id}:{world.bob.id}:yes",
                                   f"hs:concede:{match_id}:{world.bob.id}:no"]
    assert table.live.version == version and not any(p.conceded for p in table.state.players)
    assert "concedes" not in "\n".join(m.content for m in world.channel.history())

    keep = await table.click(world.bob, question, question.custom_ids[1])
    await keep.wait_ack()
    assert table.fake.messages[question.id].content == KEEP_PLAYING
    assert table.fake.messages[question.id].custom_ids == []
    assert table.live.version == version and table.state.phase is not Phase.OVER

    gone = await table.concede(world.bob)
    assert "bob concedes" in gone.content and "🏆 alice wins" in gone.content
    assert table.state.phase is Phase.OVER


async def test_the_concede_button_works_after_a_restart(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    bot = make_bot(fake, db, world.guild.id, render=None)
    task = await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice, world.bob])
    await table.setup()
    question = await table.reply(world.bob, "match", "concede")
    await kill_client(task)
    again = make_bot(fake, db, world.guild.id, render=None)
    await start_bot(again)
    table.bot = again
    gone = await (await table.click(world.bob, question, question.custom_ids[0])).wait_reply()
    assert "bob concedes" in gone.content and table.state.phase is Phase.OVER
