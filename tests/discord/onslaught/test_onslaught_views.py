"""What an Onslaught player reads on Discord (issue 19): ``/act``'s options, ``/map``'s private views of
where a character can move and whom it can attack, autocomplete of abilities, and a decision button
pressed after the decision was made (refused as stale)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")  # the generic Discord kernel (issue 18's seam on Discord)

from bot_table import make_bot  # noqa: E402
from os_table import LANTERN, OsTable  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord


async def _activating(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> tuple[OsTable, str]:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3)
    await start_bot(bot)
    table = OsTable(fake, bot, world.channel, [world.alice, world.bob])
    await table.reply(world.alice, "match", "new", game="onslaught", party=LANTERN)
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "match", "start")
    for user in (world.alice, world.bob):
        await table.assign(user)
    pid = table.game.waiting()[0].player
    return table, pid


async def test_act_shows_the_options_and_map_frames_them(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                         tmp_path: Path) -> None:
    table, pid = await _activating(fake, world, start_bot, tmp_path)
    user = table.user(pid)
    revealed = await table.reply(user, "act")  # reveals the card and activates
    assert "reveals initiative" in revealed.content and not revealed.ephemeral
    mini = table.game.state.activation.mini  # type: ignore[union-attr]
    shown = await table.reply(user, "act")
    assert shown.ephemeral and f"**{mini}**" in shown.content and "Actions left: standard 1, move 1, bonus 1" in shown.content
    assert "• Move (`/move to:`)" in shown.content and "• Reaction:" in shown.content
    other = world.bob if user is world.alice else world.alice
    theirs = await table.reply(other, "act")
    assert theirs.ephemeral and "It is not your activation" in theirs.content
    view = await table.reply(user, "map", reach=mini)
    assert view.ephemeral and view.attachments and f"{mini} can move to" in view.content
    abilities = await fake.autocomplete(user, world.channel, "ability", options={"name": ""}, focused="name")
    words = {t.split()[2] for t in table.game.legal(pid) if t.startswith("use ")}
    assert {c["value"] for c in abilities} == words


async def test_a_decision_button_pressed_after_the_decision_is_refused(fake: FakeDiscord, world: World,
                                                                       start_bot: StartBot, tmp_path: Path) -> None:
    table, _ = await _activating(fake, world, start_bot, tmp_path)
    for _ in range(300):
        st = table.game.state
        if st.pending and st.pending[0].kind in ("react", "levelup"):
            break
        await table.step()
    else:
        pytest.fail("no reaction or level-up offered")
    pid = table.game.waiting()[0].player
    user = table.user(pid)
    prefix = f"os:dec:{table.live.match_id}:{table.live.version}:"
    msg = table.newest_with(user, prefix)
    assert msg is not None and not msg.ephemeral and f"<@{pid}>" in msg.content
    button = next(c for c in msg.custom_ids if c.startswith(prefix))
    other = world.bob if user is world.alice else world.alice
    refused = await (await table.click(other, msg, button)).wait_reply()
    assert refused.ephemeral and "to make" in refused.content, refused.content
    await table.click(user, msg, button)
    again = await (await table.click(user, msg, button)).wait_reply()
    assert again.ephemeral and "already made" in again.content, again.content
