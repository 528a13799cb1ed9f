"""Play by post (issue 16) through the fake Discord with a fake clock: days pass on the clock, the
due-work loop is run by the test (``bot.pace.tick()``), and every check reads what players saw."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from bot_table import Table, make_bot

from bot.discord.pace.clock import FakeClock
from bot.discord.pace.durations import HOUR
from bot.fakediscord import FakeDiscord, FakeMessage, FakeUser
from bot.rules.state import Phase

if TYPE_CHECKING:
    from conftest import StartBot, World

POST = {"pace": "post", "orders": "24h", "turn": "24h", "decision": "12h", "extend": "12h", "policy": "ai"}


async def post_table(fake: FakeDiscord, world: World, start_bot: StartBot, db: Path, clock: FakeClock,
                     **new: Any) -> Table:
    bot = make_bot(fake, db, world.guild.id, clock=clock)
    await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice, world.bob])
    await table.setup(**{**POST, **new})
    return table


def pinged(msg: FakeMessage) -> set[int]:
    return {int(u) for u in msg.pings.users}


def channel_msgs(table: Table, since: int = 0) -> list[FakeMessage]:
    return [m for m in table.channel.history() if m.id > since]


def your_move_msgs(table: Table, user: FakeUser, since: int = 0) -> list[FakeMessage]:
    return [m for m in channel_msgs(table, since) if user.id in pinged(m)]


async def tick(table: Table) -> dict[str, int]:
    counts = await table.bot.pace.tick()
    await table.settle()
    return counts


async def test_a_post_match_tells_each_player_once_with_a_deadline(fake: FakeDiscord, world: World,
                                                                    start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    assert table.state.phase is Phase.ORDERS
    rows = await table.bot.pace.current(table.live)
    assert sorted(r.player for r in rows) == sorted(str(u.id) for u in table.players)
    assert all(r.kind == "orders" and r.due == clock.now() + 24 * HOUR for r in rows)
    for user in table.players:
        pings = [m for m in your_move_msgs(table, user) if "Order Markers" in m.content]
        assert len(pings) == 1, [m.content for m in pings]  # one message per player per event
        assert f"<t:{int(clock.now() + 24 * HOUR)}:f>" in pings[0].content
        dms = [m for m in fake.dm_messages(user) if "Your move" in m.content and "Order Markers" in m.content]
        assert len(dms) == 1 and "Place your Order Markers for round 1" in dms[0].content
        assert dms[0].attachments, "the DM carries the map"


def dm_since(fake: FakeDiscord, user: FakeUser, since: int, word: str) -> list[FakeMessage]:
    return [m for m in fake.dm_messages(user) if m.id > since and word in m.content]


def last_id(fake: FakeDiscord) -> int:
    return max(fake.messages) if fake.messages else 0


async def test_reminders_come_at_half_time_and_an_hour_before_never_in_quiet_hours(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    # The clock starts on Monday 12:00 UTC; Order Markers are due Tuesday 12:00 UTC.
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    alice, bob = table.players
    answer = await table.reply(alice, "me", "quiet-hours", hours="23:00-08:00", timezone="Europe/London")
    assert "23:00-08:00 (Europe/London)" in answer.content
    start = clock.now()
    mark = last_id(fake)
    # Monday 18:00: nothing is due yet.
    clock.set(start + 6 * HOUR)
    assert (await tick(table))["reminded"] == 0
    # Half time is Tuesday 00:00, inside Alice's quiet hours: hers comes at 22:55 on Monday instead.
    clock.set(start + 10 * HOUR + 56 * 60)
    assert (await tick(table))["reminded"] == 1
    assert len(dm_since(fake, alice, mark, "Reminder")) == 1 and not dm_since(fake, bob, mark, "Reminder")
    clock.set(start + 12 * HOUR + 60)
    assert (await tick(table))["reminded"] == 1
    assert len(dm_since(fake, bob, mark, "Reminder")) == 1 and len(dm_since(fake, alice, mark, "Reminder")) == 1
    # Through the night nothing reaches Alice; one hour before the deadline both are reminded once.
    for hour in range(13, 23):
        clock.set(start + hour * HOUR)
        await tick(table)
    assert len(dm_since(fake, alice, mark, "Reminder")) == 1
    clock.set(start + 23 * HOUR + 60)
    assert (await tick(table))["reminded"] == 2
    for user in (alice, bob):
        reminders = dm_since(fake, user, mark, "Reminder")
        assert len(reminders) == (2 if user is alice else 2)
        assert "Place your Order Markers" in reminders[-1].content and "59m left" in reminders[-1].content
    # No pings in the channel for reminders that went by DM.
    assert not [m for m in channel_msgs(table, mark) if pinged(m)]


async def test_a_player_can_change_or_mute_reminders_and_bad_input_changes_nothing(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    alice, bob = table.players
    muted = await table.reply(bob, "me", "reminders", when="off")
    assert "muted" in muted.content
    changed = await table.reply(alice, "me", "reminders", when="6h")
    assert "6h before" in changed.content
    for bad, words in ((dict(when="soon"), "could not read 'soon'"),):
        refused = await table.reply(alice, "me", "reminders", **bad)
        assert words in refused.content
    refused = await table.reply(alice, "me", "quiet-hours", hours="23:00-08:00")
    assert "time zone" in refused.content
    refused = await table.reply(alice, "me", "quiet-hours", hours="late", timezone="UTC")
    assert "HH:MM-HH:MM" in refused.content
    refused = await table.reply(alice, "me", "quiet-hours", hours="23:00-08:00", timezone="Mars/Olympus")
    assert "do not know the time zone" in refused.content
    mark = last_id(fake)
    clock.advance(hours=12, minutes=1)
    assert (await tick(table))["reminded"] == 0  # half time is no longer one of Alice's; Bob muted his
    clock.advance(hours=6)
    assert (await tick(table))["reminded"] == 1
    assert dm_since(fake, alice, mark, "Reminder") and not dm_since(fake, bob, mark, "Reminder")


async def test_pace_options_out_of_range_are_refused_and_nothing_is_made(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, clock=FakeClock())
    await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice, world.bob])
    for options, words in ((dict(pace="post", turn="5m"), "between 10 minutes and 14 days"),
                           (dict(pace="post", turn="15d"), "between 10 minutes and 14 days"),
                           (dict(pace="post", orders="tomorrow"), "could not read 'tomorrow'"),
                           (dict(pace="post", away_max="90d"), "at most 60 days")):
        refused = await table.reply(world.alice, "match", "new", **options)
        assert words in refused.content, refused.content
        assert bot.matches.in_channel(world.channel.id) is None
    # The creator may change the pace before the start, and only then.
    await table.reply(world.alice, "match", "new", pace="post")
    changed = await table.reply(world.alice, "match", "pace", turn="2d", policy="skip")
    assert "Player Turn 2d" in changed.content and "the turn is skipped" in changed.content
    other = await table.reply(world.bob, "match", "pace", turn="3d")
    assert "Only the player who created the match" in other.content
    await table.join_and_place()
    late = await table.reply(world.alice, "match", "pace", turn="3d")
    assert "only before the match starts" in late.content
    status = await table.reply(world.alice, "match", "status")
    assert "Player Turn 2d" in status.content and "<t:" in status.content


async def test_a_missed_deadline_is_extended_once_then_the_computer_plays_and_the_log_says_why(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    alice, bob = table.players
    await table.place_markers(alice)
    mark = last_id(fake)
    clock.advance(hours=24, minutes=1)
    assert (await tick(table))["extended"] == 1
    extended = [m for m in channel_msgs(table, mark) if "extended once" in m.content]
    assert len(extended) == 1 and pinged(extended[0]) == {bob.id}
    assert table.state.phase is Phase.ORDERS
    clock.advance(hours=12)
    counts = await tick(table)
    assert counts["acted"] == 1
    assert table.state.phase is Phase.TURNS
    assert table.state.orders.get(str(bob.id)), "the computer placed Bob's Order Markers"
    assert (await tick(table))["acted"] == 0  # exactly once
    page = await table.reply(alice, "match", "log")
    assert "[deadline passed (orders) — the computer player makes the move for bob]" in page.content
    assert "page 1 of 1" in page.content


async def test_skip_and_forfeit_policies(fake: FakeDiscord, world: World, start_bot: StartBot,
                                         tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock, extend="0", policy="skip")
    for user in table.players:
        await table.place_markers(user)
    turn = table.state.turn
    assert turn is not None
    before = (turn.player, turn.marker)
    clock.advance(hours=24, minutes=1)
    assert (await tick(table))["acted"] == 1
    after = table.state.turn
    assert after is not None and (after.player, after.marker) != before
    assert table.live.session.match.log[-1] == (before[0], "end-turn") or any(
        t == "end-turn" and p == before[0] for p, t in table.live.session.match.log[-3:])
    # The creator cannot change the pace now; a new match with forfeit ends at the first missed turn.
    await table.reply(table.players[0], "match", "end")
    await table.setup(**{**POST, "extend": "0", "policy": "forfeit"})
    for user in table.players:
        await table.place_markers(user)
    turn = table.state.turn
    assert turn is not None
    clock.advance(hours=24, minutes=1)
    assert (await tick(table))["acted"] == 1
    assert table.state.phase is Phase.OVER
    assert table.state.winners and turn.player not in table.state.winners
