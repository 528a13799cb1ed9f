"""What goes wrong on Discord, and what the bot does about it: closed DMs, expired interactions,
double clicks, strangers, a crash mid-round or mid-turn (snapshots, owed lines, the turn's events),
and never leaking hidden Order Markers."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from bot_table import Table, make_bot, marker_words

from bot.discord.publish import send_private
from bot.discord.respond import Responder
from bot.fakediscord import FakeDiscord, FakeUser, kill_client
from bot.game.session import GameSession
from bot.render import render_png
from bot.rules.events import Event
from bot.rules.state import MatchState, Phase
from bot.rules.views import public_view

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World


async def _table(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path, **kw: object) -> Table:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, **kw)  # type: ignore[arg-type]
    await start_bot(bot)
    return Table(fake, bot, world.channel, [world.alice, world.bob])


async def _to_turns(table: Table) -> None:
    await table.setup()
    for pid in table.live.waiting_for_orders():
        await table.place_markers(table.user(pid))
    assert table.state.phase is Phase.TURNS


async def _walk_to_an_attack(table: Table) -> tuple[FakeUser, tuple[str, str]]:
    """End turns (moving toward the enemy) until the acting player has an attack; return it."""
    for _ in range(30):
        st = table.state
        assert st.turn is not None and st.phase is Phase.TURNS
        user = table.user(st.turn.player)
        mine = table._acting(st.turn.player)
        for fig in mine:
            offered = await table.fake.autocomplete(user, table.channel, "attack",
                                                    options={"attacker": fig.id, "target": ""}, focused="target")
            if offered:
                return user, (fig.id, offered[0]["value"])
        dest = table._step_toward_enemy(mine[0]) if mine else None
        if dest:
            await table.reply(user, "move", figure=mine[0].id, to=dest)
        await table.reply(user, "end-turn")
        if table.state.phase is Phase.ORDERS:
            for pid in table.live.waiting_for_orders():
                await table.place_markers(table.user(pid))
    raise AssertionError("nobody came into range")


async def test_closed_dms_fall_back_to_private_controls_in_the_channel(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await _table(fake, world, start_bot, tmp_path)
    fake.close_dms(world.alice)  # alice does not start the round: she gets the button
    fake.close_dms(world.bob)  # bob's placement starts it: he gets the controls at once
    await table.setup()
    assert table.state.phase is Phase.ORDERS
    assert fake.dm_messages(world.alice) == [] and fake.dm_messages(world.bob) == []
    bob_controls = table.controls_for(world.bob)
    assert bob_controls is not None and bob_controls.ephemeral and bob_controls.viewer_id == world.bob.id
    assert table.controls_for(world.alice) is None
    round_msg = next(m for m in world.channel.history() if any(c.startswith("hs:markers:") for c in m.custom_ids))
    assert f"<@{world.alice.id}>" in round_msg.content and "Place my markers" in round_msg.content
    opened = await table.click(world.alice, round_msg, round_msg.custom_ids[0])
    alice_controls = await opened.wait_reply()
    assert alice_controls.ephemeral and alice_controls.viewer_id == world.alice.id
    await table.place_markers(world.alice)
    await table.place_markers(world.bob)
    assert table.state.phase is Phase.TURNS


async def test_controls_owed_to_a_closed_dm_come_with_the_next_command(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await _table(fake, world, start_bot, tmp_path)
    fake.close_dms(world.alice)
    await table.setup()
    assert table.controls_for(world.alice) is None
    record = await table.send(world.alice, "match", "status")
    followups = await record.wait_followups(1)
    assert any(f"hs:lock:{table.live.match_id}:1" in m.custom_ids and m.ephemeral for m in followups)
    await table.place_markers(world.alice)
    assert table.state.orders[str(world.alice.id)]


async def test_an_expired_interaction_loses_nothing(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await _table(fake, world, start_bot, tmp_path)
    await _to_turns(table)
    turn = table.state.turn
    assert turn is not None
    user = table.user(turn.player)
    version = table.live.version
    fake.expire_next_interaction()
    record = await fake.slash(user, world.channel, "end-turn")
    await record.wait_rejection(10062)
    await table.settle()
    assert table.live.version > version  # applied once...
    posted = await fake.wait_for_message(lambda m: "turn ends" in m.content, channel=world.channel)
    assert posted.interaction_id is None and posted.attachments  # ...and shown in the channel, map included
    nxt = table.state.turn
    assert nxt is not None
    await table.reply(table.user(nxt.player), "end-turn")  # the bot carries on


async def test_two_clicks_at_once_apply_once(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await _table(fake, world, start_bot, tmp_path)
    await _to_turns(table)
    user, shot = await _walk_to_an_attack(table)
    preview = await table.reply(user, "attack", attacker=shot[0], target=shot[1])
    roll = next(c for c in preview.custom_ids if c.startswith("hs:roll:"))
    before = len(table.live.session.match.log)
    first, second = await asyncio.gather(fake.click(user, preview, roll), fake.click(user, preview, roll))
    await first.wait_ack()
    await second.wait_ack()
    await table.settle()
    attacks = [t for _, t in table.live.session.match.log[before:] if t.startswith("attack ")]
    assert len(attacks) == 1
    refusals = [m for r in (first, second) for m in r.messages if m.ephemeral]
    assert len(refusals) == 1 and "changed" in refusals[0].content


async def test_double_lock_in_applies_once(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await _table(fake, world, start_bot, tmp_path)
    await table.setup()
    msg = table.controls_for(world.alice)
    assert msg is not None
    prefix = f"hs:ord:{table.live.match_id}:1:"
    for marker, key in table.default_picks(msg, prefix).items():
        await (await fake.select(world.alice, msg, prefix + marker, [key])).wait_ack()
        await table.settle()
    lock = f"hs:lock:{table.live.match_id}:1"
    a, b = await asyncio.gather(fake.click(world.alice, msg, lock), fake.click(world.alice, msg, lock))
    await a.wait_ack()
    await b.wait_ack()
    await table.settle()
    orders = [t for p, t in table.live.session.match.log if t.startswith("orders")]
    assert len(orders) == 1
    locked_lines = [m for m in world.channel.history() if "alice has locked in" in m.content]
    assert len(locked_lines) == 1


async def test_strangers_and_wrong_players_are_refused(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    carol = fake.create_user("carol")
    table = await _table(fake, world, start_bot, tmp_path)
    await _to_turns(table)
    version = table.live.version
    for name, sub, opts in (("end-turn", None, {}), ("move", None, {"figure": "syvarris", "to": "C7"}),
                            ("match", "concede", {}), ("army", "set", {"cards": "Finn"})):
        reply = await table.reply(carol, name, sub, **opts)
        assert reply.ephemeral and "not playing" in reply.content, reply.content
    reply = await table.reply(carol, "match", "start")
    assert reply.ephemeral and "created the match" in reply.content
    round_msg = next(m for m in world.channel.history() if any(c.startswith("hs:markers:") for c in m.custom_ids))
    refused = await (await table.click(carol, round_msg, round_msg.custom_ids[0])).wait_reply()
    assert refused.ephemeral and "Only players" in refused.content
    turn = table.state.turn
    assert turn is not None
    other = next(u for u in table.players if str(u.id) != turn.player)
    reply = await table.reply(other, "end-turn")
    assert reply.ephemeral and "turn" in reply.content
    assert table.live.version == version


async def test_a_crash_mid_round_loses_nothing(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    first = make_bot(fake, db, world.guild.id)
    task = await start_bot(first)
    table = Table(fake, first, world.channel, [world.alice, world.bob])
    await table.setup()
    await table.place_markers(world.alice)
    # bob picks two markers in his DM, then the bot dies without any cleanup
    msg = table.controls_for(world.bob)
    assert msg is not None
    prefix = f"hs:ord:{table.live.match_id}:1:"
    picks = table.default_picks(msg, prefix)
    for marker in ("1", "2"):
        await (await fake.select(world.bob, msg, prefix + marker, [picks[marker]])).wait_ack()
        await table.settle()
    before = (list(table.live.session.match.log), table.live.version, table.live.match_id)
    await kill_client(task)

    second = make_bot(fake, db, world.guild.id)
    second_task = await start_bot(second)
    table.bot = second
    assert second.restored == 1
    live = table.live
    assert (live.session.match.log, live.version, live.match_id) == before
    assert {k: v for k, v in live.marker_picks[str(world.bob.id)].items() if k != "_round"} == {
        "1": picks["1"], "2": picks["2"]}
    # the DM sent by the dead bot still works: bob finishes his picks there and locks in
    old = fake.messages[msg.id]
    for marker in ("3", "X"):
        await (await fake.select(world.bob, old, prefix + marker, [picks[marker]])).wait_ack()
        await table.settle()
    await table.click(world.bob, fake.messages[msg.id], f"hs:lock:{live.match_id}:1")
    assert table.state.phase is Phase.TURNS
    assert table.state.orders[str(world.bob.id)] == picks

    # a Roll button made before a second crash still works after it
    user, shot = await _walk_to_an_attack(table)
    preview = await table.reply(user, "attack", attacker=shot[0], target=shot[1])
    await kill_client(second_task)
    third = make_bot(fake, db, world.guild.id)
    await start_bot(third)
    table.bot = third
    roll = next(c for c in preview.custom_ids if c.startswith("hs:roll:"))
    result = await (await table.click(user, preview, roll)).wait_reply()
    assert f"{shot[0]} attacks {shot[1]}" in result.content and not result.ephemeral


async def test_hidden_markers_never_reach_a_public_payload(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await _table(fake, world, start_bot, tmp_path)
    await table.setup()
    for pid in table.live.waiting_for_orders():
        await table.place_markers(table.user(pid))
    st = table.state
    public = fake.public_text()
    for p in st.players:
        hidden = {m: k for m, k in st.orders[p.id].items() if m not in st.revealed[p.id]}
        assert "X" in hidden
        for phrase in marker_words(st, p.id):
            marker = phrase[0]
            if marker in hidden:
                assert phrase not in public, phrase
    assert "hs:ord:" not in public and "hs:lock:" not in public
    # each player's DMs hold only their own markers
    for user, other in ((world.alice, world.bob), (world.bob, world.alice)):
        dms = "\n".join(p.text() for p in fake.payloads("dm") if p.recipient_id == user.id)
        theirs = {m: k for m, k in st.orders[str(other.id)].items()}
        assert not any(f"={k}" in dms for k in theirs.values())
    # play on to the end: the X markers are never revealed anywhere public
    while table.state.phase is not Phase.OVER and table.state.round < 4:
        await table.play_round_or_end()
    assert "X on " not in fake.public_text() and "X →" not in fake.public_text()


def test_public_maps_do_not_depend_on_hidden_markers() -> None:
    """Two matches that differ only in where the hidden markers lie draw the same public map."""
    def session(alice_orders: str) -> GameSession:
        s = GameSession.create("m", seed=5)
        for player, text in (("a", "join Alice"), ("b", "join Bob"), ("a", "army Syvarris; Dumutef Guard"),
                             ("b", "army Kita; Onshu"), ("a", "start"), ("a", "place-rest"), ("b", "place-rest"),
                             ("a", alice_orders), ("b", "orders 1=kita 2=onshu 3=kita X=onshu")):
            s.apply(player, text)
        return s
    one = session("orders 1=syvarris 2=dumutef-guard 3=syvarris X=dumutef-guard")
    two = session("orders 1=dumutef-guard 2=syvarris 3=dumutef-guard X=syvarris")
    assert one.state.orders["a"] != two.state.orders["a"]
    assert render_png(public_view(one.state)) == render_png(public_view(two.state))


async def test_the_seed_is_stored_but_never_shown(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    seed = 918273645501
    table = await _table(fake, world, start_bot, tmp_path, seed=seed)
    await _to_turns(table)
    await table.reply(world.alice, "match", "status")
    await table.reply(world.bob, "army", "show")
    stored = await table.bot.storage.load_match(table.live.match_id)
    assert stored is not None and stored.meta.seed == seed
    everything = "\n".join(p.text() for p in fake.sent)
    assert str(seed) not in everything and hex(seed)[2:] not in everything


async def test_a_crash_mid_turn_resumes_from_a_snapshot_with_the_turn_and_owed_lines(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """Killed twice without cleanup: the Order Marker controls owed to a player with closed DMs,
    private words owed to another, and the public events of the Player Turn under way all come back,
    and the restart starts from the snapshot taken when the previous Player Turn ended."""
    db = tmp_path / "db.sqlite"
    drawn: list[list[Event]] = []

    def recording_render(view: MatchState, *, events: tuple[Event, ...] = (), **kw: Any) -> bytes:
        drawn.append(list(events))
        return render_png(view, events=events, **kw)

    first = make_bot(fake, db, world.guild.id, render=recording_render)
    task = await start_bot(first)
    table = Table(fake, first, world.channel, [world.alice, world.bob])
    alice = str(world.alice.id)
    fake.close_dms(world.alice)
    await table.setup()  # bob's placement starts round 1: alice is owed her controls
    assert table.live.owed_controls == {alice} and table.controls_for(world.alice) is None
    await kill_client(task)

    second = make_bot(fake, db, world.guild.id, render=recording_render)
    task = await start_bot(second)
    table.bot = second
    assert table.live.owed_controls == {alice} and alice in table.live.dm_closed
    status = await table.send(world.alice, "match", "status")
    assert any(f"hs:lock:{table.live.match_id}:1" in m.custom_ids and m.ephemeral for m in await status.wait_followups(1))
    stored = await second.storage.load_match(table.live.match_id)
    assert stored is not None and stored.owed == []  # delivered, so forgotten
    await table.place_markers(world.alice)
    await table.place_markers(world.bob)
    await table.take_turn()  # a whole Player Turn: a snapshot is stored as it ends
    snapshot_at = len(table.live.session.match.log)
    st = table.state
    assert st.turn is not None and st.phase is Phase.TURNS
    acting = table.user(st.turn.player)
    fig = table._acting(st.turn.player)[0]
    dest = table._step_toward_enemy(fig)
    assert dest is not None
    await table.reply(acting, "move", figure=fig.id, to=dest)
    before = list(table.live.turn_log)
    assert [e.kind for e in before][:1] == ["turn_started"] and any(e.kind == "moved" for e in before)
    fake.close_dms(acting)
    await send_private(second, table.live, str(acting.id), ["Owed words for you."],
                       Responder(second, None, world.channel.id))
    assert table.live.owed[str(acting.id)] == ["Owed words for you."]
    await kill_client(task)

    third = make_bot(fake, db, world.guild.id, render=recording_render)
    await start_bot(third)
    table.bot = third
    live = table.live
    assert live.session.restored_from == snapshot_at
    assert live.turn_log == before
    assert live.owed == {str(acting.id): ["Owed words for you."]}
    drawn.clear()
    ended = await table.send(acting, "end-turn")
    # the map of the turn shows the move made before the crash, and the owed words come privately
    assert any(e.kind == "moved" and e.data["figure"] == fig.id for e in drawn[-1])
    messages = ended.messages + await ended.wait_followups(1)
    assert any(m.ephemeral and "Owed words for you." in m.content for m in messages)
    stored = await third.storage.load_match(live.match_id)
    assert stored is not None and stored.owed == []
