"""An Onslaught match by post (issue 19 on issue 16's pace): deadlines on the initiative cards and on
activations, the computer playing for a player who missed one, and undo by agreement (a move can be
taken back, an attack that rolled dice cannot)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")  # the generic Discord kernel (issue 18's seam on Discord)

from bot_table import make_bot  # noqa: E402
from os_table import OsTable  # noqa: E402

from bot.discord.pace.clock import FakeClock  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord

POST = {"pace": "post", "orders": "24h", "turn": "24h", "decision": "12h", "extend": "0", "policy": "ai"}


async def _post_table(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path, clock: FakeClock) -> OsTable:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3, render=None, clock=clock)
    await start_bot(bot)
    table = OsTable(fake, bot, world.channel, [world.alice, world.bob])
    await table.reply(world.alice, "match", "new", game="onslaught", **POST)
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "match", "start")
    return table


async def test_a_missed_initiative_deadline_is_played_by_the_computer(fake: FakeDiscord, world: World,
                                                                      start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await _post_table(fake, world, start_bot, tmp_path, clock)
    await table.assign(world.alice)
    bob = str(world.bob.id)
    assert [w.player for w in table.game.waiting()] == [bob]
    clock.advance(hours=24, minutes=1)
    await table.bot.pace.tick()
    await table.settle()
    assert table.game.state.phase == "action", table.game.turn_words()
    assert any(p == bob and t.startswith("assign") for p, t in table.game.log)
    assert "assign" not in " ".join(m.content for m in world.channel.history() if "Brask=" in m.content)


async def test_undo_by_agreement_takes_back_a_move_but_not_a_roll(fake: FakeDiscord, world: World,
                                                                  start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await _post_table(fake, world, start_bot, tmp_path, clock)
    for user in (world.alice, world.bob):
        await table.assign(user)
    pid = table.game.waiting()[0].player
    mover = table.user(pid)
    other = world.bob if mover is world.alice else world.alice
    await table.reply(mover, "act")
    mini = table.game.state.activation.mini  # type: ignore[union-attr]
    where = table.game.state.minis[mini].square
    dest = next(t.split()[2] for t in table.game.legal(pid) if t.startswith("move "))
    await table.reply(mover, "move", figure=mini, to=dest)
    moved = len(table.game.log)
    asked = await table.reply(mover, "match", "undo")
    assert "Asked" in asked.content, asked.content
    question = [m for m in world.channel.history() if "asks to take back" in m.content][-1]
    assert f"`move {mini} {dest}`" in question.content
    await table.click(other, question, next(c for c in question.custom_ids if c.endswith(":yes")))
    assert len(table.game.log) == moved - 1 and table.game.state.minis[mini].square == where
    # A roll cannot be taken back: dice once seen stay rolled.
    for _ in range(12):
        attacks = [t for t in table.game.legal(pid) if t.startswith("attack ")]
        if attacks or table.game.waiting()[0].player != pid:
            break
        await table.step()
    if not attacks:
        pytest.skip("no attack came within reach this activation")  # pragma: no cover - the seed gives one
    words = attacks[0].split()
    preview = await table.reply(mover, "attack", attacker=words[1], target=words[2], **({"kind": words[3]} if len(words) > 3 else {}))
    await table.click(mover, preview, next(c for c in preview.custom_ids if c.startswith("os:roll:")))
    refused = await table.reply(mover, "match", "undo")
    assert "rolled dice" in refused.content, refused.content
