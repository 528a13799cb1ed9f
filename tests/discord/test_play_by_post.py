"""Play by post (issue 16) through the fake Discord with a fake clock: days pass on the clock, the
due-work loop is run by the test (``bot.pace.tick()``), and every check reads what players saw."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot_table import Table, make_bot

from bot.discord.pace.clock import FakeClock
from bot.discord.pace.durations import HOUR
from bot.fakediscord import FakeDiscord, FakeMessage, FakeUser
from bot.rules.state import Phase

if TYPE_CHECKING:
    from conftest import StartBot, World

    from tests.backends import MakeStore

POST = {"pace": "post", "orders": "24h", "turn": "24h", "decision": "12h", "extend": "12h", "policy": "ai"}


async def post_table(fake: FakeDiscord, world: World, start_bot: StartBot, db: Path | str, clock: FakeClock,
                     everywhere: bool = False, **new: Any) -> Table:
    bot = make_bot(fake, db, None if everywhere else world.guild.id, clock=clock)
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
        fake: FakeDiscord, world: World, start_bot: StartBot, db_target: str) -> None:
    clock = FakeClock()  # on SQLite and on PostgreSQL (db_target)
    table = await post_table(fake, world, start_bot, db_target, clock)
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


async def test_away_pauses_deadlines_everywhere_tells_the_others_and_has_a_maximum(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock, away_max="5d")
    alice, bob = table.players
    before = {r.player: r.due for r in await table.bot.pace.current(table.live)}
    refused = await table.reply(bob, "me", "away", duration="6d", reason="holiday")
    assert "at most 5d" in refused.content and "Nothing was changed" in refused.content
    refused = await table.reply(bob, "me", "away", duration="a while")
    assert "could not read 'a while'" in refused.content
    assert {r.player: r.due for r in await table.bot.pace.current(table.live)} == before
    mark = last_id(fake)
    answer = await table.reply(bob, "me", "away", duration="3d", reason="holiday")
    assert "away until" in answer.content and answer.ephemeral
    told = [m for m in channel_msgs(table, mark) if "bob is away until" in m.content]
    assert len(told) == 1 and "(holiday)" in told[0].content and not pinged(told[0])
    after = {r.player: r.due for r in await table.bot.pace.current(table.live)}
    assert after[str(bob.id)] == before[str(bob.id)] + 3 * 86400
    assert after[str(alice.id)] == before[str(alice.id)]
    # Alice's deadline passes (extended), Bob's does not while he is away.
    await table.place_markers(alice)
    clock.advance(days=1, minutes=1)
    counts = await tick(table)
    assert counts["extended"] == 0 and counts["acted"] == 0 and counts["reminded"] == 0
    clock.advance(days=3)
    assert (await tick(table))["extended"] == 1


async def test_a_restart_across_a_deadline_acts_once_and_says_it_is_late(
        fake: FakeDiscord, world: World, start_bot: StartBot, db_target: str) -> None:
    from bot.fakediscord import stop_client

    clock = FakeClock()
    db = db_target  # on SQLite and on PostgreSQL
    table = await post_table(fake, world, start_bot, db, clock, extend="0")
    alice, bob = table.players
    await table.place_markers(alice)
    await stop_client(table.bot)
    clock.advance(days=2)  # the bot is down across Bob's deadline
    bot = make_bot(fake, db, world.guild.id, clock=clock)
    await start_bot(bot)
    table.bot = bot
    mark = last_id(fake)
    assert (await tick(table))["acted"] == 1
    late = [m for m in channel_msgs(table, mark) if "passed" in m.content]
    assert len(late) == 1 and "this happened late" in late[0].content
    assert table.state.phase is Phase.TURNS
    # A second process sharing the database finds nothing left to do.
    assert (await tick(table))["acted"] == 0


async def test_the_compare_and_set_lets_one_claimer_win(make_store: MakeStore) -> None:
    from bot.discord.pace.store import PaceStore

    one, two = make_store(), make_store()  # two processes on one database, SQLite or PostgreSQL
    await one.open()
    await two.open()
    a, b = PaceStore(one), PaceStore(two)
    did = await a.open_deadline("m", "p", "turn", "mark", "Your turn", 0.0, 10.0)
    seen_a, seen_b = await a.due_deadlines(20.0), await b.due_deadlines(20.0)
    assert [r.id for r in seen_a] == [r.id for r in seen_b] == [did]
    assert [await a.claim(seen_a[0], 20.0), await b.claim(seen_b[0], 20.0)] == [True, False]
    assert await b.due_deadlines(21.0) == []  # claimed: leased to the first
    # Two processes that see the same new wait open one deadline.
    assert await b.open_deadline("m", "p", "turn", "mark", "Your turn", 0.0, 10.0) == 0
    assert await a.open_deadline("m", "q", "turn", "mark", "Your turn", 0.0, 10.0) > did
    await one.close()
    await two.close()


async def test_undo_by_agreement_accepted_and_refused(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                      db_target: str) -> None:
    clock = FakeClock()  # on SQLite and on PostgreSQL (db_target)
    table = await post_table(fake, world, start_bot, db_target, clock)
    alice, bob = table.players
    for user in table.players:
        await table.place_markers(user)
    turn = table.state.turn
    assert turn is not None
    mover = table.user(turn.player)
    other = bob if mover is alice else alice
    nothing = await table.reply(other, "match", "undo")
    assert nothing.content.startswith("Nothing") and "undone" in nothing.content
    fig = next(f for f in table._acting(turn.player))
    where = fig.hex
    dest = table._step_toward_enemy(fig)
    assert dest is not None
    await table.reply(mover, "move", figure=fig.id, to=dest)
    moved_log = len(table.live.session.match.log)
    asked = await table.reply(mover, "match", "undo")
    assert "Asked" in asked.content
    question = [m for m in table.channel.history() if "asks to take back" in m.content][-1]
    assert pinged(question) == {other.id} and "`move" in question.content
    mine = await (await table.click(mover, question, next(c for c in question.custom_ids if c.endswith(":yes")))).wait_reply()
    assert "Only the other players" in mine.content
    await table.click(other, question, next(c for c in question.custom_ids if c.endswith(":yes")))
    assert len(table.live.session.match.log) == moved_log - 1
    assert table.state.figures[fig.id].hex == where
    undone = [m for m in table.channel.history() if "Undone by agreement" in m.content]
    assert len(undone) == 1 and undone[0].attachments
    # The same move again, and this time the other player refuses.
    await table.reply(mover, "move", figure=fig.id, to=dest)
    await table.reply(mover, "match", "undo")
    question = [m for m in table.channel.history() if "asks to take back" in m.content][-1]
    await table.click(other, question, next(c for c in question.custom_ids if c.endswith(":no")))
    assert table.state.figures[fig.id].hex != where
    assert [m for m in table.channel.history() if "refused to take back" in m.content]


async def test_me_games_lists_matches_in_two_servers_marking_those_waiting(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock, everywhere=True)
    alice, bob = table.players
    await table.place_markers(alice)
    guild2 = fake.create_guild("Second Club")
    fake.add_member(guild2, alice)
    fake.add_member(guild2, bob)
    channel2 = fake.create_channel(guild2, "slow-games")
    await table.settle()
    table2 = Table(fake, table.bot, channel2, [bob, alice])
    await table2.setup(**POST)
    listing = await table.reply(alice, "me", "games")
    lines = listing.content.split("\n")
    assert lines[0] == "Your matches (2):"
    assert "Second Club" in lines[1] and "your move" in lines[1] and f"/{channel2.id}" in lines[1]
    assert "Heroscape Club" in lines[2] and "waiting on others" in lines[2]
    assert listing.ephemeral


async def test_closed_dms_get_the_channel_mention_and_a_note_once(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    world.bob.dms_open = False
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    notes = [m for m in table.channel.history() if "I cannot DM you" in m.content]
    assert len(notes) == 1 and world.bob.id in pinged(notes[0])
    for user in table.players:
        await table.place_markers(user)
    for _ in range(3):
        await table.take_turn()
    assert len([m for m in table.channel.history() if "I cannot DM you" in m.content]) == 1


async def test_since_and_log_fit_discord_limits(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    alice, bob = table.players
    for user in table.players:
        await table.place_markers(user)
    for _ in range(4):
        await table.take_turn()
    for user in table.players:
        record = await table.send(user, "match", "since")
        replies = [m for m in table.channel.history(include_ephemeral=True)
                   if m.ephemeral and m.viewer_id == user.id and m.id > 0]
        assert replies and all(len(m.content) <= 2000 for m in replies)
        last = await record.wait_reply(timeout=120)
        assert "Since" in last.content or "Nothing happened" in last.content
        shown = [m for m in table.channel.history(include_ephemeral=True) if m.viewer_id == user.id and m.attachments]
        assert [a.filename for a in shown[-1].attachments] == ["before.png", "now.png"]
    log = await table.reply(alice, "match", "log")
    assert len(log.content) <= 2000 and "page" in log.content
    pages = int(log.content.rsplit("page ", 1)[1].split(" of ")[1].split(";")[0])
    first = await table.reply(alice, "match", "log", page=1)
    assert "page 1 of" in first.content
    bad = await table.reply(alice, "match", "log", page=pages + 1)
    assert f"has {pages} page" in bad.content


def test_split_words_never_cuts_a_word() -> None:
    from bot.discord.pace.texts import split_words

    text = " ".join(f"word{i:04d}" for i in range(900))
    parts = split_words(text, 2000)
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    assert " ".join(parts).split() == text.split()


async def test_a_post_match_plays_over_days_to_a_winner_with_the_computer_taking_over(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    start = clock.now()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    alice, bob = table.players
    taken_over = 0

    async def orders(t: Table) -> None:
        nonlocal taken_over
        # Alice places hers in the evening; Bob forgets: extended after a day, the computer places them.
        clock.advance(hours=8)
        await t.place_markers(alice)
        if t.state.round == 1:
            clock.advance(hours=16, minutes=1)
            assert (await tick(t))["extended"] == 1
            clock.advance(hours=12)
            assert (await tick(t))["acted"] == 1
            taken_over += 1

    rounds = 0
    while table.state.phase is not Phase.OVER:
        rounds += 1
        start_round = table.state.round
        if table.state.phase is Phase.ORDERS:
            await orders(table)
            for pid in list(table.live.waiting_for_orders()):
                clock.advance(hours=5)
                await table.place_markers(table.user(pid))
        while table.state.phase is Phase.TURNS and table.state.round == start_round:
            clock.advance(hours=7)
            await tick(table)
            await table.take_turn()
        assert rounds <= 12, "\n".join(table.log[-30:])
    assert taken_over == 1
    assert clock.now() - start > 3 * 86400, "days passed on the test clock"
    # Only the play-by-post lines ping, each the players it is about: results and maps ping nobody.
    pinging = [m for m in table.channel.history() if pinged(m)]
    assert pinging and all(m.content.startswith(("⏰", "⌛")) for m in pinging), [m.content for m in pinging][:5]
    assert all(pinged(m) == {int(u) for u in re.findall(r"<@(\d+)>", m.content)} for m in pinging)
    st = table.state
    assert st.winners and len(st.winners) == 1
    assert await table.bot.pace.current(table.live) == []  # nothing is due in a finished match
    clock.advance(days=30)
    assert await tick(table) == {"told": 0, "reminded": 0, "acted": 0, "extended": 0, "expired": 0}
    status = await table.reply(alice, "match", "status")
    stats = [line for line in status.content.split("\n") if line.startswith("Time to act: ")]
    assert len(stats) == 1 and "alice median" in stats[0] and "bob median" in stats[0] and "longest" in stats[0]
    replay = await table.send(alice, "match", "replay")
    shown = await replay.wait_reply(timeout=120)  # many pictures: slow on a busy machine
    assert shown.attachments and shown.attachments[0].data.startswith(b"GIF8")


def test_the_deadline_bench_acts_on_every_due_deadline_once() -> None:
    from bot.discord.pace.bench import deadlines_ms

    ms, acted = deadlines_ms(300)
    assert acted == 300 and ms > 0


async def test_a_migration_gap_is_filled_later(tmp_path: Path) -> None:
    """Migration 9 may run before 7 and 8 exist (written in parallel): the runner records which
    numbers ran, so a database migrated without one of them still gets it later."""
    import sqlite3

    import bot.storage.sqlite as sqlite_module
    from bot.storage import SqliteStorage, migrations

    missing = sorted(migrations.ALL)[-2]
    db = tmp_path / "gap.db"
    try:
        sqlite_module.ALL = {n: s for n, s in migrations.ALL.items() if n != missing}  # type: ignore[attr-defined]
        store = SqliteStorage(db)
        await store.open()
        await store.close()
        raw = sqlite3.connect(db)
        assert missing not in {r[0] for r in raw.execute("SELECT number FROM schema_migrations")}
        raw.close()
    finally:
        sqlite_module.ALL = migrations.ALL  # type: ignore[attr-defined]
    store = SqliteStorage(db)
    await store.open()
    await store.close()
    raw = sqlite3.connect(db)
    assert sorted(r[0] for r in raw.execute("SELECT number FROM schema_migrations")) == sorted(migrations.ALL)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == migrations.LATEST


async def test_an_undo_request_expires_with_the_deadline(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                         tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    for user in table.players:
        await table.place_markers(user)
    turn = table.state.turn
    assert turn is not None
    mover = table.user(turn.player)
    other = next(u for u in table.players if u is not mover)
    fig = table._acting(turn.player)[0]
    dest = table._step_toward_enemy(fig)
    assert dest is not None
    await table.reply(mover, "move", figure=fig.id, to=dest)
    moved = table.state.figures[fig.id].hex
    await table.reply(mover, "match", "undo")
    again = await table.reply(mover, "match", "undo")
    assert "already waiting" in again.content
    question = [m for m in table.channel.history() if "asks to take back" in m.content][-1]
    clock.advance(hours=24, minutes=1)
    assert (await tick(table))["expired"] == 1
    assert [m for m in table.channel.history() if "undo request expired" in m.content]
    late = await (await table.click(other, question, next(c for c in question.custom_ids if c.endswith(":yes")))).wait_reply()
    assert "no longer open" in late.content
    assert table.state.figures[fig.id].hex == moved


async def test_a_player_without_dms_is_reminded_in_the_channel(fake: FakeDiscord, world: World,
                                                                start_bot: StartBot, tmp_path: Path) -> None:
    clock = FakeClock()
    table = await post_table(fake, world, start_bot, tmp_path / "db.sqlite", clock)
    alice, bob = table.players
    answer = await table.reply(alice, "me", "dms", on=False)
    assert "No more DMs" in answer.content
    mark = last_id(fake)
    clock.advance(hours=12, minutes=1)
    assert (await tick(table))["reminded"] == 2
    assert not dm_since(fake, alice, mark, "Reminder") and len(dm_since(fake, bob, mark, "Reminder")) == 1
    in_channel = [m for m in channel_msgs(table, mark) if "Reminder" in m.content]
    assert len(in_channel) == 1 and pinged(in_channel[0]) == {alice.id}
