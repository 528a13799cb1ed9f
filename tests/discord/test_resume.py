"""Resuming after a crash or a deploy (issue 9): what was due is done and what was owed is shown,
once; a command issued before a turn change is refused; the same interaction delivered twice acts
once and answers as the first time; a decision's lost buttons can be had again."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import pytest
from bot_table import Table, make_bot
from crash_kit import Crash
from test_session_findings import _charge_pending, _vikings_next_to_syvarris

from bot.discord.client import STOPPING
from bot.discord.client import RefereeBot as HeroscapeBot
from bot.fakediscord import FakeDiscord, FakeMessage, FakeUser, InteractionRecord, driver
from bot.fakediscord.util import new_snowflake
from bot.rules.state import Phase

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import NewTable, StartBot, World


async def test_a_refusal_pointing_at_a_decisions_buttons_says_how_to_get_them_back(
        world: World, new_table: NewTable, field_map: None) -> None:
    """Defect 5: alice must decide (Berserker Charge) and runs another command: the refusal sends
    her to the decision's buttons and says `/match status` gives them back."""
    table = await new_table()
    await _charge_pending(table)
    answer = await table.reply(world.alice, "end-turn")
    assert answer.ephemeral
    assert answer.content.endswith("Use the decision's buttons (`/match status` gives them to you again).")


# --- helpers -------------------------------------------------------------------------------------


async def _pick_only(table: Table, user: FakeUser) -> FakeMessage:
    """Pick every Order Marker in ``user``'s controls without locking in; the controls message."""
    msg = table.controls_for(user)
    assert msg is not None, f"no Order Marker controls for {user.name}"
    prefix = f"hs:ord:{table.live.match_id}:{table.state.round}:"
    for marker, key in table.default_picks(msg, prefix).items():
        await (await table.fake.select(user, msg, prefix + marker, [key])).wait_ack()
        await table.settle()
        msg = table.fake.messages[msg.id]
    return msg


async def _restart(table: Table, crash: Crash, task: asyncio.Task[None], start_bot: StartBot,
                   db: Path) -> HeroscapeBot:
    """Kill the bot where ``crash`` froze it and start a new one on the same database."""
    await crash.kill(task)
    bot = make_bot(table.fake, db, table.channel.guild_id, render=None)
    await start_bot(bot)
    table.bot = bot
    return bot


def _public(table: Table) -> list[FakeMessage]:
    return [m for m in table.channel.history() if not m.ephemeral]


def _count(table: Table, text: str) -> int:
    """How many public messages of the channel carry ``text``."""
    return sum(1 for m in _public(table) if text in m.content)


async def _to_first_turn(table: Table) -> FakeUser:
    """Set the table up, place everyone's Order Markers as offered; the player whose turn it is."""
    await table.setup()
    for user in table.players:
        await table.place_markers(user)
    turn = table.state.turn
    assert turn is not None
    return table.user(turn.player)


async def _start(fake: FakeDiscord, world: World, start_bot: StartBot, db: Path) -> tuple[Table, asyncio.Task[None]]:
    bot = make_bot(fake, db, world.guild.id, render=None)  # no map images: quick on a busy machine
    task = await start_bot(bot)
    return Table(fake, bot, world.channel, [world.alice, world.bob]), task


# --- resume what was due -------------------------------------------------------------------------


async def test_killed_between_the_last_lock_in_and_initiative_the_restart_rolls_it(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """Defect 1: the last Lock-in is logged, the bot dies before rolling initiative; the restart
    rolls it (HS-ROUND-02), posts the Lock-in's public line once and says it caught up."""
    db = tmp_path / "db.sqlite"
    table, task = await _start(fake, world, start_bot, db)
    await table.setup()
    await table.place_markers(world.alice)
    crash = Crash(table.bot).after_apply(lambda a: a.phase is Phase.INITIATIVE)
    msg = await _pick_only(table, world.bob)
    await fake.click(world.bob, msg, f"hs:lock:{table.live.match_id}:1")
    assert (await crash.wait()).startswith("after orders")
    assert _count(table, "bob has locked in") == 0

    bot = await _restart(table, crash, task, start_bot, db)
    assert table.state.phase is Phase.TURNS and table.state.turn is not None
    assert bot.caught_up == 1
    restarted = [m for m in _public(table) if m.content.startswith("🔄 I was restarted")]
    assert len(restarted) == 1
    assert "bob's `orders`" in restarted[0].content and "the initiative roll" in restarted[0].content
    assert _count(table, "bob has locked in Order Markers.") == 1
    assert _count(table, "your turn with") == 1  # the initiative winner is told, once
    # ...and play goes on: the turn can be played and ended
    await table.take_turn()
    assert table.state.turn is not None and table.state.version > 0


async def test_a_result_applied_just_before_a_kill_is_shown_after_the_restart_once(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """Defect 3: `/end-turn` is logged, the bot dies before answering; the restart posts "turn ends"
    and the next player's "your turn" mention, once; a second restart posts nothing again."""
    db = tmp_path / "db.sqlite"
    table, task = await _start(fake, world, start_bot, db)
    first = await _to_first_turn(table)
    crash = Crash(table.bot).after_apply(lambda a: a.text == "end-turn")
    await fake.slash(first, world.channel, "end-turn", None, {})
    await crash.wait()
    nxt = table.state.turn
    assert nxt is not None and nxt.player != str(first.id)
    mention = f"<@{nxt.player}>: your turn with"
    assert _count(table, mention) == 0

    await _restart(table, crash, task, start_bot, db)
    assert _count(table, mention) == 1
    assert any(m.content.startswith("🔄 I was restarted") and f"{first.name}'s `end-turn`" in m.content
               for m in _public(table))
    assert [e for e in await table.bot.storage.outbox(table.live.match_id) if e.sent is None] == []
    before = len(_public(table))
    again = make_bot(fake, db, world.guild.id, render=None)
    await start_bot(again)
    table.bot = again
    assert again.caught_up == 0 and len(_public(table)) == before


async def test_a_result_posted_but_not_marked_sent_is_not_posted_again(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """The outbox's other edge: Discord took the message, the bot died before marking it sent; the
    restart recognises it in the channel and does not show it twice."""
    db = tmp_path / "db.sqlite"
    table, task = await _start(fake, world, start_bot, db)
    first = await _to_first_turn(table)
    seq = len(table.live.session.match.log)
    crash = Crash(table.bot).before_sent(lambda key: key == f"cmd:{seq}")
    await fake.slash(first, world.channel, "end-turn", None, {})
    await crash.wait()
    nxt = table.state.turn
    assert nxt is not None
    mention = f"<@{nxt.player}>: your turn with"
    assert _count(table, mention) == 1

    bot = await _restart(table, crash, task, start_bot, db)
    assert _count(table, mention) == 1 and bot.caught_up == 0
    assert not any(m.content.startswith("🔄") for m in _public(table))
    assert [e.key for e in await bot.storage.outbox(table.live.match_id) if e.sent is None] == []


async def test_killed_right_after_a_round_started_the_restart_opens_it(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """Defect 4: the command that ends round 1 is logged, the bot dies before opening round 2; the
    restart posts the public round message (naming `/match status`) and DMs every player the
    round's Order Marker controls."""
    db = tmp_path / "db.sqlite"
    table, task = await _start(fake, world, start_bot, db)
    await _to_first_turn(table)
    crash = Crash(table.bot).after_apply(lambda a: a.phase is Phase.ORDERS and a.round == 2)
    while not crash.hit.is_set():
        st = table.state
        assert st.phase is Phase.TURNS and st.turn is not None
        record = await fake.slash(table.user(st.turn.player), world.channel, "end-turn", None, {})
        await table.handled(record, unless=crash.hit, timeout=30)
    assert table.state.round == 2 and table.controls_for(world.alice) is None

    await _restart(table, crash, task, start_bot, db)
    assert table.state.phase is Phase.ORDERS and table.state.round == 2
    opened = [m for m in _public(table) if m.content.startswith("**Round 2**")]
    assert len(opened) == 1 and "`/match status`" in opened[0].content
    for user in (world.alice, world.bob):
        assert table.controls_for(user) is not None, user.name
    await table.play_round_or_end()
    assert table.state.round >= 2


async def test_killed_mid_decision_the_restart_posts_the_question_with_its_buttons(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path, field_map: None) -> None:
    """A decision asked just before a kill (Berserker Charge, HS-TURN-06): after the restart the
    question is in the channel once, with buttons that answer it."""
    db = tmp_path / "db.sqlite"
    table, task = await _start(fake, world, start_bot, db)
    crash = Crash(table.bot).after_apply(lambda a: a.pending is not None)
    viking = await _vikings_next_to_syvarris(table)
    preview = await table.reply(world.alice, "attack", attacker=viking, target="syvarris")
    roll = next(c for c in preview.custom_ids if c.startswith("hs:roll:"))
    await fake.click(world.alice, preview, roll)
    await crash.wait()
    assert _count(table, "alice must decide: Berserker Charge") == 0

    await _restart(table, crash, task, start_bot, db)
    asked = [m for m in _public(table) if "alice must decide: Berserker Charge" in m.content]
    assert len(asked) == 1
    buttons = [c for c in asked[0].custom_ids if c.startswith(f"hs:choose:{table.live.match_id}:{table.live.version}:")]
    assert len(buttons) == 2
    done = await (await table.click(world.alice, asked[0], buttons[1])).wait_reply()
    assert "alice chose skip" in done.content and not table.state.pending


# --- a retry never lands on the wrong turn -------------------------------------------------------


async def test_a_command_issued_before_the_turn_changed_is_refused_not_applied_to_the_next_turn(
        world: World, new_table: NewTable, monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect 3, second part: alice's `/end-turn` issued during her first turn (say, a retry of one
    she saw no answer to) arrives when her next turn is under way: it is refused with what
    happened meanwhile, and her turn goes on."""
    table = await new_table()
    first = await _to_first_turn(table)
    other = next(u for u in table.players if u is not first)
    issued_then = new_snowflake()  # the moment the retry was issued: first's turn, before it ended
    await table.reply(first, "end-turn")
    await table.reply(other, "end-turn")
    turn = table.state.turn
    assert turn is not None and turn.player == str(first.id) and turn.marker == "2"
    version = table.live.version
    monkeypatch.setattr(driver, "new_snowflake", lambda: issued_then)
    late = await table.reply(first, "end-turn")
    monkeypatch.undo()
    assert late.ephemeral and late.content.startswith("Not done: you sent this before the turn changed ("), late.content
    assert "Send it again if you still want it." in late.content
    assert table.live.version == version and table.state.turn == turn
    # a command issued now is taken
    assert not (await table.reply(first, "end-turn")).ephemeral
    assert table.state.turn is None or table.state.turn.player != str(first.id)


# --- the same interaction delivered twice --------------------------------------------------------


async def _deliver_again(fake: FakeDiscord, record: InteractionRecord) -> None:
    """Discord delivers an interaction a second time (same id and token, e.g. after a resume)."""
    await fake.gateway.dispatch_required("INTERACTION_CREATE", record.payload, record.channel.guild_id,
                                         fake.default_timeout)


async def test_a_lock_in_delivered_twice_is_applied_once_and_answered_as_the_first_time(
        world: World, new_table: NewTable) -> None:
    """Defect 10: the second delivery of an applied Lock-in says it is locked in (not "no longer
    being placed") and changes nothing."""
    table = await new_table()
    await table.setup()
    await table.place_markers(world.alice)
    msg = await _pick_only(table, world.bob)
    lock = await table.click(world.bob, table.fake.messages[msg.id], f"hs:lock:{table.live.match_id}:1")
    assert table.state.phase is Phase.TURNS
    log_len, version = len(table.live.session.match.log), table.live.version
    await _deliver_again(table.fake, lock)
    again = await lock.wait_followups(1)
    assert again[-1].ephemeral and again[-1].content.startswith("🔒 Round 1: locked in. Your markers: 1 → "), \
        again[-1].content
    assert (len(table.live.session.match.log), table.live.version) == (log_len, version)


async def test_a_menu_pick_delivered_twice_logs_no_traceback(
        world: World, new_table: NewTable, caplog: pytest.LogCaptureFixture) -> None:
    """Defect 10: a re-sent Order Marker pick is stored again (the same card) and the first answer
    stands; nothing is logged as an error."""
    table = await new_table()
    await table.setup()
    msg = await _pick_only(table, world.bob)
    pick = await fake_select_again(table, world.bob, msg, f"hs:ord:{table.live.match_id}:1:1")
    caplog.clear()
    await _deliver_again(table.fake, pick)
    await table.fake.wait_until(lambda: 40060 in pick.rejections)
    await table.settle()
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")], caplog.text
    await table.place_markers(world.bob)  # the controls still work
    assert not table.live.state.orders.get(str(world.alice.id)) and table.live.state.orders.get(str(world.bob.id))


async def test_interactions_arriving_while_stopping_are_turned_away_and_change_nothing(
        world: World, new_table: NewTable) -> None:
    """A graceful stop has begun: a new command is answered "restarting" and not applied."""
    table = await new_table()
    await table.setup()
    version = table.live.version
    table.bot.accepting = False
    record = await table.fake.slash(world.alice, world.channel, "match", "concede", {})
    answer = await record.wait_reply()
    assert answer.ephemeral and answer.content == STOPPING
    assert table.live.version == version and not any(p.conceded for p in table.state.players)


async def fake_select_again(table: Table, user: FakeUser, msg: FakeMessage, custom_id: str) -> InteractionRecord:
    """Pick the same card again in menu ``custom_id`` (the record, to deliver it twice later)."""
    component = msg.find_component(custom_id)
    assert component is not None
    value = next(o["value"] for o in component["options"] if o.get("default"))
    record = await table.fake.select(user, msg, custom_id, [value])
    await record.wait_ack()
    await table.settle()
    return record


async def test_the_result_that_ended_the_match_is_shown_after_a_kill(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """The command that ends a match (bob concedes, alice wins) is logged, the bot dies before
    showing it: the restart still posts it, once, though the match is no longer active."""
    db = tmp_path / "db.sqlite"
    table, task = await _start(fake, world, start_bot, db)
    await table.setup()
    crash = Crash(table.bot).after_apply(lambda a: a.phase is Phase.OVER)
    question = await table.reply(world.bob, "match", "concede")
    await fake.click(world.bob, question, next(c for c in question.custom_ids if c.endswith(":yes")))
    await crash.wait()
    assert _count(table, "bob concedes") == 0
    await _restart(table, crash, task, start_bot, db)
    assert _count(table, "bob concedes") == 1
    assert table.state.phase is Phase.OVER
    again = make_bot(fake, db, world.guild.id, render=None)
    await start_bot(again)
    assert again.restored == 0  # delivered: a finished match is not restored again
