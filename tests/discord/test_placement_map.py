"""The map is posted when placement completes and round 1 opens (QA: the sandbox's first map was
posted at ``start``, "Armies are set…", an empty battlefield; the next only after the first Player
Turn, so nobody saw where figures were placed without ``/map``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.state import Phase

if TYPE_CHECKING:
    from conftest import NewTable, World

PNG = b"\x89PNG\r\n\x1a\n"


async def test_the_placement_that_opens_round_1_posts_the_map(world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.reply(world.alice, "match", "new")
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "army", "set", cards="Syvarris")
    await table.reply(world.bob, "army", "set", cards="Tarn Vikings")
    await table.reply(world.alice, "match", "start")
    first = await table.reply(world.alice, "place", "rest")
    assert not first.ephemeral and not first.attachments  # Bob still places: no round yet, no map
    last = await table.reply(world.bob, "place", "rest")
    assert table.state.phase is Phase.ORDERS and table.state.round == 1
    assert not last.ephemeral and last.content.startswith("Placed: tarn")
    assert len(last.attachments) == 1 and last.attachments[0].data.startswith(PNG)
    assert last.attachments[0].filename.startswith("round1-")
