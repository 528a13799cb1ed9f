"""QA2 findings on play by post (the fake Discord, a fake clock): the ``/me away`` reason is quoted as
plain text, and ``/me away duration:off`` ends an away early."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot_table import Table
from test_play_by_post import POST, channel_msgs, last_id, pinged, post_table, tick

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


async def test_dms_and_me_games_name_the_channel_in_a_masked_link_and_setup_is_no_round(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", FakeClock(), everywhere=True)
    alice, bob = table.players
    url = f"https://discord.com/channels/{world.guild.id}/{table.channel.id}"
    dms = [m.content for m in fake.dm_messages(alice) if "Your move" in m.content]
    assert dms and dms[-1].startswith(f"⏰ **Your move** in [#{table.channel.name}]({url}): ")
    # A second match of the same scenario, still in setup (nobody joined), in another channel.
    other = fake.create_channel(world.guild, "slow-games")
    await table.settle()
    await Table(fake, table.bot, other, [alice, bob]).reply(alice, "match", "new", **POST)
    lines = (await table.reply(alice, "me", "games")).content.split("\n")
    assert lines[0] == "Your matches (2):"
    setup = next(line for line in lines if "#slow-games" in line)
    assert ", setup — " in setup and "round -" not in setup and "your move" not in setup
    playing = next(line for line in lines if f"[#{table.channel.name}]({url})" in line)
    assert ", round 1 — ⏰ **your move**, deadline <t:" in playing


async def test_away_off_ends_an_away_early_and_the_deadline_runs_again(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    bob = table.players[1]
    answer = await table.reply(bob, "me", "away", duration="off")
    assert answer.content == "You are not away, so there is nothing to end. Nothing was changed."
    before = {r.player: r.due for r in await table.bot.pace.current(table.live)}[str(bob.id)]
    await table.reply(bob, "me", "away", duration="3d")
    clock.advance(days=1)
    mark = last_id(fake)
    answer = await table.reply(bob, "me", "away", duration="off")
    assert answer.content.startswith("Welcome back: you are no longer away and your deadlines run again.")
    after = {r.player: r.due for r in await table.bot.pace.current(table.live)}[str(bob.id)]
    assert after == before + 86400  # pushed 3 days, back after one: one day later than planned
    assert await table.bot.pace.store.away(str(bob.id)) == (clock.now(), "")
    told = [m.content for m in channel_msgs(table, mark) if "is back early" in m.content]
    assert told == ["👋 bob is back early: bob's deadlines in this match run again."]


async def test_a_decided_undo_request_has_its_buttons_off_and_the_acceptance_comes_first(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", FakeClock())
    alice, bob = table.players
    for user in table.players:
        await table.place_markers(user)
    turn = table.state.turn
    assert turn is not None
    mover = table.user(turn.player)
    other = bob if mover is alice else alice
    fig = next(f for f in table._acting(turn.player))
    dest = table._step_toward_enemy(fig)
    assert dest is not None
    for answer, told in ((":yes", "accepted."), (":no", "refused to take back")):
        await table.reply(mover, "move", figure=fig.id, to=dest)
        await table.reply(mover, "match", "undo")
        question = [m for m in table.channel.history() if "asks to take back" in m.content][-1]
        await table.click(other, question, next(c for c in question.custom_ids if c.endswith(answer)))
        await table.settle()
        buttons = [question.find_component(c) for c in question.custom_ids]
        assert len(buttons) == 2 and all(b is not None and b.get("disabled") for b in buttons), answer
        after = [m.content for m in table.channel.history() if m.id > question.id]
        assert told in after[0], after
    said = [m.content for m in table.channel.history()]
    accepted = next(i for i, c in enumerate(said) if c.endswith("accepted."))
    assert "Undone by agreement" in said[accepted + 1]


async def test_a_reminder_is_dated_and_none_comes_after_the_deadline(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock, extend="12h")
    alice = table.players[0]
    start = clock.now()
    mark = last_id(fake)
    clock.set(start + 12 * 3600 + 60)  # half time: one reminder each
    assert (await tick(table))["reminded"] == 2
    said = [m.content for m in fake.dm_messages(alice) if m.id > mark and "Reminder" in m.content]
    assert len(said) == 1 and said[0].endswith("; sent with 11h 59m left.")
    # The bot was down across the hour-before reminder and the deadline: no reminder comes late.
    mark = last_id(fake)
    clock.set(start + 24 * 3600 + 120)
    assert (await tick(table))["reminded"] == 0
    assert not [m for m in fake.dm_messages(alice) if m.id > mark and "Reminder" in m.content]


async def test_match_since_from_someone_not_in_the_match_is_refused(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", FakeClock())
    for user in table.players:
        await table.place_markers(user)
    carol = fake.create_user("carol")
    fake.add_member(world.guild, carol)
    answer = await table.reply(carol, "match", "since")
    assert answer.ephemeral and answer.content.startswith("You are not playing in this match")
    assert "`/match log`" in answer.content
