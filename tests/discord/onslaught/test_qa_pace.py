"""QA of Onslaught played by post (notes/qa-ddod-findings.md F15): with the policy ``skip``, a missed
initiative deadline said "the turn is skipped" although the computer assigned the cards (a secret
phase cannot be skipped)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")

from bot_table import make_bot  # noqa: E402
from os_table import OsTable  # noqa: E402
from test_onslaught_by_post import POST  # noqa: E402

from bot.discord.pace.durations import UNSKIPPABLE  # noqa: E402
from bot.discord.pace.clock import FakeClock  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord


async def test_skip_says_the_computer_assigns_initiative_cards_it_cannot_skip(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3, render=None, clock=clock)
    await start_bot(bot)
    table = OsTable(fake, bot, world.channel, [world.alice, world.bob])
    await table.reply(world.alice, "match", "new", game="onslaught", **{**POST, "policy": "skip", "extend": "0"})
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "match", "start")
    await table.assign(world.alice)
    clock.advance(hours=24, minutes=1)
    await table.bot.pace.tick()
    await table.settle()
    assert table.game.state.phase == "action", table.game.turn_words()
    passed = [m.content for m in world.channel.history() if "deadline for" in m.content and "passed" in m.content]
    assert passed and passed[-1].endswith(f": {UNSKIPPABLE}."), passed
    assert "the turn is skipped" not in " ".join(passed)
