"""A whole D&D Onslaught match through the fake Discord with real discord.py (issue 19): the table and
the party choice, initiative by DM (bob's DMs are closed: his controls come ephemerally in the
channel), activations by slash command with a reaction and a level-up taken with buttons, a looted
chest, a monster activation, pictures after activations, two restarts (one owing bob his initiative
controls, one mid-activation), to a winner."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")  # the generic Discord kernel (issue 18's seam on Discord)

from bot_table import make_bot  # noqa: E402
from os_table import LANTERN, THORN, OsTable  # noqa: E402

from bot.fakediscord import stop_client  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord

#: The dice seed of the match (a match with every kind of step the test checks, in 8 rounds at most).
SEED = 3


async def _restart(table: OsTable, start_bot: StartBot, db: Path) -> None:
    """Stop the bot and start a new one on the same database (the process state rebuilt from storage)."""
    before = (table.live.match_id, table.live.version, list(table.game.log))
    await stop_client(table.bot, table.bot_task)
    bot = make_bot(table.fake, db, table.channel.guild_id, seed=SEED)
    table.bot_task = await start_bot(bot)
    table.bot = bot
    await table.settle()
    assert (table.live.match_id, table.live.version, list(table.game.log)) == before


async def test_a_whole_onslaught_match_on_discord(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                  tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    bot = make_bot(fake, db, world.guild.id, seed=SEED)
    task = await start_bot(bot)
    table = OsTable(fake, bot, world.channel, [world.alice, world.bob], bot_task=task)
    alice, bob = world.alice, world.bob
    fake.close_dms(bob)

    # The table: alice opens it with her party, bob joins and chooses his (DDO-PARTY-01).
    new = await table.reply(alice, "match", "new", game="onslaught", party=LANTERN)
    assert "D&D Onslaught" in new.content and "/party" in new.content
    await table.reply(bob, "match", "join")
    chosen = await table.reply(bob, "party", party=THORN)
    assert "Thorn Circle (invented)" in chosen.content
    started = await table.reply(alice, "match", "start")
    assert "The match starts." in started.content
    game = table.game
    assert game.state.held["A"][0] == "Brask" and game.state.held["B"][0] == "Grell"

    # Initiative by DM: alice's controls came by DM, bob's cannot (closed DMs): the public message
    # has a button that shows them to him ephemerally; the channel learns only who locked in.
    dm = [m for m in fake.dm_messages(alice) if any(c.startswith("sa:pick:") for c in m.custom_ids)]
    assert dm and "Round 1" in dm[0].content, [m.content for m in fake.dm_messages(alice)]
    assert len(dm) == 2  # five characters: four menus and Lock in, then the fifth with Lock in
    public = table.newest_with(bob, "sa:open:")
    assert public is not None and not public.ephemeral and f"<@{bob.id}>" in public.content
    await table.click(bob, public, next(c for c in public.custom_ids if c.startswith("sa:open:")))
    assert all(m.ephemeral and m.viewer_id == bob.id for m in table.controls(bob))
    await table.assign(alice)
    assert "Alice has locked in" in fake.public_text().replace("alice", "Alice")
    await table.assign(bob)
    assert game.state.phase == "action"

    restarts = 0
    for _ in range(600):
        if table.live.over:
            break
        st = table.game.state
        if restarts == 0 and st.phase == "initiative" and str(bob.id) in table.live.owed_controls:
            # Bob owes his round-2 cards and cannot get DMs: the debt survives a restart.
            await _restart(table, start_bot, db)
            restarts += 1
            assert str(bob.id) in table.live.owed_controls
            await table.send(bob, "match", "status")
            await fake.wait_until(lambda: bool(table.controls(bob)), description="bob's owed controls after the restart")
        elif restarts == 1 and st.activation is not None and not st.pending and table.acted == 2:
            await _restart(table, start_bot, db)  # mid-activation
            restarts += 1
        await table.step()
    assert table.live.over, "\n".join(table.log[-20:])
    assert restarts == 2

    history = {e.kind for e in table.game.match.history}
    assert {"reaction", "levelled up", "looted", "monsters activate"} <= history, history
    assert {"react", "levelup", "loot", "attack", "move", "activate"} <= table.seen, table.seen
    result = table.game.result()
    assert result is not None
    public = [m for m in world.channel.history() if not m.ephemeral]
    assert any(m.attachments for m in public), "no picture after an activation"
    assert any("wins" in m.content or "draw" in m.content for m in public[-3:]), [m.content for m in public[-3:]]
    said = "\n".join(m.content for m in public)
    for words in ("Initiative 1 is face up on", "monsters activate", "loots the chest on", " reacts with ",
                  " levels up: "):
        assert words in said, words
    # The secret initiative assignments never reached the channel.
    text = fake.public_text()
    assert not re.search(r"assign \w+=\d", text) and "you assigned" not in text
