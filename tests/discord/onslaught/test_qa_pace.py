"""QA of Onslaught played by post (notes/qa-ddod-findings.md F15): with the policy ``skip``, a missed
initiative deadline said "the turn is skipped" although the computer assigned the cards (a secret
phase cannot be skipped)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")

from bot_table import make_bot  # noqa: E402
from os_table import OsTable, assigned_table  # noqa: E402
from test_onslaught_by_post import POST  # noqa: E402

from bot.discord.pace.clock import FakeClock  # noqa: E402
from bot.discord.pace.durations import UNSKIPPABLE  # noqa: E402

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


async def test_an_undo_posts_the_buttons_of_a_decision_pending_again(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA F12: after ``/match undo`` back to a pending decision (a level-up), the channel showed no
    buttons, and the old ones answered "already made". The undo's message now carries the face's
    decision buttons for the rebuilt match (here every state is made to have a decision, so that the
    plain move-and-undo of the by-post match shows the wiring)."""
    from bot.discord.components import view_of
    from bot.games.onslaught.discord.buttons import DecisionButton
    from bot.games.onslaught.discord.face import OnslaughtFace

    table = await assigned_table(fake, world, start_bot, tmp_path, clock=FakeClock(), **POST)
    pid = table.game.waiting()[0].player
    mover = table.user(pid)
    other = world.bob if mover is world.alice else world.alice
    await table.reply(mover, "act")
    mini = table.game.state.activation.mini  # type: ignore[union-attr]
    dest = next(t.split()[2] for t in table.game.legal(pid) if t.startswith("move "))
    await table.reply(mover, "move", figure=mini, to=dest)
    monkeypatch.setattr(OnslaughtFace, "decision_view",
                        lambda self, live, version, pending: view_of(DecisionButton(live.match_id, version, 0, "Again")))
    await table.reply(mover, "match", "undo")
    question = [m for m in world.channel.history() if "asks to take back" in m.content][-1]
    await table.click(other, question, next(c for c in question.custom_ids if c.endswith(":yes")))
    undone = [m for m in world.channel.history() if "Undone by agreement" in m.content][-1]
    assert f"os:dec:{table.live.match_id}:{table.live.version}:0" in undone.custom_ids, undone.custom_ids


async def test_a_decision_button_after_a_concession_says_the_match_is_over(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA F18: after a concession an old decision button answered "This decision was already made."."""
    table = await assigned_table(fake, world, start_bot, tmp_path)
    for _ in range(300):
        st = table.game.state
        if st.pending and st.pending[0].kind != "keep":
            break
        await table.step()
    else:
        pytest.fail("no decision came up")
    pid = table.game.waiting()[0].player
    user = table.user(pid)
    prefix = f"os:dec:{table.live.match_id}:{table.live.version}:"
    msg = table.newest_with(user, prefix)
    assert msg is not None
    button = next(c for c in msg.custom_ids if c.startswith(prefix))
    await table.concede(user)
    assert table.live.over
    late = await (await table.click(user, msg, button)).wait_reply()
    assert late.ephemeral and "The match is over" in late.content, late.content
