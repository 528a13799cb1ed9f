"""Onslaught on Discord refuses what it must, privately, changing nothing (issue 19): a user who is not
a player, a square out of reach, stale secret controls and decision buttons, secret picks not
finished, Onslaught's commands in a Heroscape channel and Heroscape's options in an Onslaught one;
and the computer plays a party by itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")  # the generic Discord kernel (issue 18's seam on Discord)

from bot_table import make_bot  # noqa: E402
from os_table import LANTERN, OsTable  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord, FakeMessage


async def _table(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path, **new: object) -> OsTable:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3, render=None)
    await start_bot(bot)
    table = OsTable(fake, bot, world.channel, [world.alice, world.bob])
    await table.reply(world.alice, "match", "new", game="onslaught", **new)
    return table


async def _started(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> OsTable:
    table = await _table(fake, world, start_bot, tmp_path, party=LANTERN)
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "match", "start")
    return table


async def test_a_user_who_does_not_play_is_refused_privately(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                             tmp_path: Path) -> None:
    table = await _started(fake, world, start_bot, tmp_path)
    carol = fake.create_user("carol")
    version = table.live.version
    for name, options in (("act", {}), ("move", {"figure": "Kael", "to": "C3"}), ("loot", {})):
        answer = await table.reply(carol, name, **options)
        assert answer.ephemeral and "not playing in this match" in answer.content, answer.content
    assert table.live.version == version


async def test_a_square_out_of_reach_is_refused_and_changes_nothing(fake: FakeDiscord, world: World,
                                                                   start_bot: StartBot, tmp_path: Path) -> None:
    # rule: DDO-MOVE-02
    table = await _started(fake, world, start_bot, tmp_path)
    for user in (world.alice, world.bob):
        await table.assign(user)
    pid = table.game.waiting()[0].player
    user = table.user(pid)
    await table.reply(user, "act")  # activates the character whose card is up
    version = table.live.version
    mini = table.game.state.activation.mini  # type: ignore[union-attr]
    answer = await table.reply(user, "move", figure=mini, to="L9")
    assert answer.ephemeral and "cannot reach L9" in answer.content, answer.content
    answer = await table.reply(user, "move", figure=mini, to="nowhere")
    assert answer.ephemeral and "is not a square" in answer.content, answer.content
    other = world.bob if user is world.alice else world.alice
    answer = await table.reply(other, "move", figure=mini, to="C3")
    assert answer.ephemeral and "no character activating" in answer.content, answer.content
    assert table.live.version == version
    offered = await fake.autocomplete(user, world.channel, "move", options={"to": ""}, focused="to")
    legal = [t.split()[2] for t in table.game.legal(pid) if t.startswith("move ")]
    assert [c["value"] for c in offered] == legal[:25]


async def test_secret_picks_are_checked_and_stale_controls_refused(fake: FakeDiscord, world: World,
                                                                   start_bot: StartBot, tmp_path: Path) -> None:
    table = await _started(fake, world, start_bot, tmp_path)
    alice = world.alice
    msgs = table.controls(alice)
    mid = table.live.match_id
    # Lock in before every menu has a pick: told privately what is missing, nothing changes.
    version = table.live.version
    record = await table.click(alice, msgs[-1], f"sa:lock:{mid}:initiative:1")
    answer = await record.wait_reply()
    assert answer.ephemeral and "has no pick yet" in answer.content, answer.content
    assert table.live.version == version
    # The same card on every character is refused at Lock in (each card once).
    first = f"sa:pick:{mid}:initiative:1:0"
    value = msgs[0].find_component(first)["options"][0]["value"]  # type: ignore[index]
    for msg in msgs:
        for cid in [c for c in msg.custom_ids if c.startswith(f"sa:pick:{mid}:initiative:1:")]:
            await (await fake.select(alice, fake.messages[msg.id], cid, [value])).wait_ack()
            await table.settle()
    answer = await (await table.click(alice, fake.messages[msgs[-1].id], f"sa:lock:{mid}:initiative:1")).wait_reply()
    assert answer.ephemeral and "only once" in answer.content, answer.content
    # Locked in properly, the round-1 controls are refused from then on.
    await table.assign(alice)
    stale: FakeMessage = fake.messages[msgs[0].id]
    answer = await (await fake.select(alice, stale, first, [value])).wait_reply()
    assert answer.ephemeral and "nothing to choose in secret" in answer.content, answer.content
    # Only who locked in reaches the channel, never the cards.
    assert "has locked in" in fake.public_text() and "Initiative 2 on" not in fake.public_text()


async def test_onslaught_commands_in_a_heroscape_channel_and_back(fake: FakeDiscord, world: World,
                                                                  start_bot: StartBot, tmp_path: Path) -> None:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3, render=None)
    await start_bot(bot)
    heroscape = OsTable(fake, bot, world.channel, [world.alice, world.bob])
    await heroscape.reply(world.alice, "match", "new")
    answer = await heroscape.reply(world.alice, "act")
    assert answer.ephemeral and "D&D Onslaught command" in answer.content, answer.content
    other = fake.create_channel(world.guild, "dungeon")
    onslaught = OsTable(fake, bot, other, [world.alice, world.bob])
    await onslaught.reply(world.alice, "match", "new", game="onslaught")
    await onslaught.reply(world.bob, "match", "join")
    await onslaught.reply(world.alice, "match", "start")
    answer = await onslaught.reply(world.alice, "move", figure="syvarris", to="C3", via="C2")
    assert answer.ephemeral and "figure" in answer.content and "Nothing was done" in answer.content, answer.content


async def test_the_computer_plays_a_party(fake: FakeDiscord, world: World, start_bot: StartBot,
                                          tmp_path: Path) -> None:
    table = await _table(fake, world, start_bot, tmp_path, vs="computer")
    assert [s.name for s in table.game.seats()][1].startswith("Computer")
    await table.reply(world.alice, "match", "start")
    await table.assign(world.alice)  # the computer assigned its own cards, unseen
    assert table.game.state.phase == "action"
    for _ in range(60):
        if table.game.state.round > 1 or table.live.over:
            break
        await table.step()
    assert table.game.state.round > 1
    assert any(p == "2" and t.startswith("activate") for p, t in table.game.log)


async def test_nothing_private_to_say_sends_no_empty_message(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                             tmp_path: Path) -> None:
    """Defect: a command with no private line for a player (an empty list in ``Outcome.private``) sent
    that player an empty DM, which Discord refuses; the empty words were then kept as owed and broke the
    answer to their next command."""
    table = await _started(fake, world, start_bot, tmp_path)
    await table.assign(world.alice)  # bob is told nothing privately
    assert str(world.bob.id) not in table.live.owed
    answer = await table.reply(world.bob, "act")
    assert answer.ephemeral and "initiative cards in secret" in answer.content, answer.content
