"""Findings of a players' test session on the fake Discord, each played through the real bot:
a pending decision's buttons come back with ``/match status`` (also after a restart), an answer
Discord refuses after a command was applied still shows the command in the channel, ``/attack``
refuses while a decision is pending, ``/place rest`` with nothing left is refused, placements are
told once, a conceded player's Order Marker controls say so, blank options are refused in
slash-command words, and refusals start with a capital letter and name players by name."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from bot_table import Table, make_bot

from bot.fakediscord import FakeDiscord, FakeMessage, kill_client
from bot.rules.hexes import Hex
from bot.rules.state import Phase

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import NewTable, StartBot, World


#: The callback route of any interaction (the first answer to it, or its deferral).
CALLBACK = r"/interactions/\d+/[^/]+/callback"
#: The armies of a three-player table on practice-field.
THREE = ("Syvarris; Dumutef Guard", "Kita; Onshu", "Finn; Tarn Vikings")


async def _table(fake: FakeDiscord, world: World, start_bot: StartBot, db: Path) -> tuple[Table, Any]:
    bot = make_bot(fake, db, world.guild.id)
    task = await start_bot(bot)
    return Table(fake, bot, world.channel, [world.alice, world.bob]), task


async def _vikings_next_to_syvarris(table: Table) -> str:
    """alice (Tarn Vikings, red) and bob (Syvarris, blue) on the Field map (tests/conftest.py; a Tarn Viking moving its 4 spaces straight ahead ends next to a figure in the other zone), on to alice's turn, and a
    Viking moved next to Syvarris; return the Viking's id."""
    alice, _bob = table.players
    await table.to_battle(("Tarn Vikings", "Syvarris"), alice, map="field")
    st = table.state
    viking = next(f.id for f in st.figures.values() if f.hexes == (Hex(1, 0),))
    assert st.figures["syvarris"].hexes == (Hex(6, 0),)
    moved = await table.reply(alice, "move", figure=viking, to=st.battlefield.label(Hex(5, 0)))
    assert "4 spaces" in moved.content
    return viking


async def _charge_pending(table: Table) -> str:
    """:func:`_vikings_next_to_syvarris`, then alice declares the attack: the rules ask about
    Berserker Charge first (after moving, before attacking) and wait for her answer."""
    alice = table.players[0]
    viking = await _vikings_next_to_syvarris(table)
    preview = await table.reply(alice, "attack", attacker=viking, target="syvarris")
    roll = next(c for c in preview.custom_ids if c.startswith("hs:roll:"))
    asked = await (await table.click(alice, preview, roll)).wait_reply()
    assert "alice must decide: Berserker Charge" in asked.content
    pend = table.state.pending
    assert pend and pend[0].player == str(alice.id) and pend[0].kind == "berserker_charge"
    return viking


def _choices(message: FakeMessage, table: Table) -> list[str]:
    return [c for c in message.custom_ids if c.startswith(f"hs:choose:{table.live.match_id}:{table.live.version}:")]


async def test_status_gives_the_deciding_player_the_buttons_again_also_after_a_restart(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path, field_map: None) -> None:
    """HS-TURN-06: the Berserker Charge question waits for alice; if she lost its buttons, `/match
    status` offers them again, privately and bound to the current version, even after a restart."""
    db = tmp_path / "db.sqlite"
    table, task = await _table(fake, world, start_bot, db)
    await _charge_pending(table)
    others = await table.reply(world.bob, "match", "status")
    assert others.ephemeral and not any(c.startswith("hs:choose:") for c in others.custom_ids)
    assert "Waiting for alice to decide: Berserker Charge" in others.content
    assert "alice gets the buttons again with `/match status`" in others.content

    await kill_client(task)
    second = make_bot(fake, db, world.guild.id)
    await start_bot(second)
    table.bot = second
    assert table.state.pending
    mine = await table.reply(world.alice, "match", "status")
    assert mine.ephemeral and mine.viewer_id == world.alice.id
    assert "You must decide**: Berserker Charge" in mine.content
    buttons = _choices(mine, table)
    assert [mine.find_component(c)["label"] for c in buttons] == ["roll", "skip"]  # type: ignore[index]
    done = await (await table.click(world.alice, mine, buttons[1])).wait_reply()
    assert "alice chose skip" in done.content and not done.ephemeral
    assert not table.state.pending and " attacks syvarris" in done.content  # the held attack goes on


async def test_attack_preview_is_refused_while_a_decision_is_pending(
        world: World, new_table: NewTable, field_map: None) -> None:
    """HS-TURN-06: the "after moving, before attacking" question comes first; the preview says whose
    it is instead of offering a Roll button that could only fail."""
    table = await new_table()
    viking = await _charge_pending(table)
    version = table.live.version
    mine = await table.reply(world.alice, "attack", attacker=viking, target="syvarris")
    assert mine.ephemeral and not mine.custom_ids and "Chance" not in mine.content
    assert mine.content.startswith("Decide first: Berserker Charge") and "`/match status`" in mine.content
    theirs = await table.reply(world.bob, "attack", attacker="syvarris", target=viking)
    assert theirs.ephemeral and not theirs.custom_ids
    assert theirs.content.startswith("Waiting for alice to decide: Berserker Charge")
    assert table.live.version == version


async def test_a_refused_answer_after_the_command_still_shows_it_in_the_channel(
        fake: FakeDiscord, world: World, new_table: NewTable, field_map: None) -> None:
    """Discord refuses the answer (403, Missing Access) after the move was applied and logged, or
    refuses to let a decision's answer be deferred: the words (and the map) go to the channel,
    nobody is told to try again, and the match goes on."""
    table = await new_table()
    await _vikings_next_to_syvarris(table)
    version = table.live.version
    st = table.state
    viking = next(f.id for f in st.figures.values() if f.hexes == (Hex(1, 1),))
    fake.fail_next("POST", CALLBACK, status=403, code=50001, message="Missing Access")
    await fake.slash(world.alice, world.channel, "move", None, {"figure": viking, "to": st.battlefield.label(Hex(4, 1))})
    posted = await fake.wait_for_message(lambda m: f"{viking} moves" in m.content, channel=world.channel)
    await table.settle()
    assert posted.interaction_id is None and not posted.ephemeral
    assert table.live.version == version + 1 and len(table.live.session.match.log) == version + 1

    asked = await table.reply(world.alice, "end-turn")  # Berserker Charge is asked first
    skip = _choices(asked, table)[1]
    fake.fail_next("POST", CALLBACK, status=403, code=50001, message="Missing Access")  # the deferral, this time
    await fake.click(world.alice, asked, skip)
    ended = await fake.wait_for_message(lambda m: "alice's turn ends" in m.content, channel=world.channel)
    await table.settle()
    assert ended.interaction_id is None and ended.attachments  # the map comes along
    assert not any("went wrong" in m.content for m in fake.messages_since(0))
    assert table.state.turn is not None and table.state.turn.player == str(world.bob.id)
    await table.reply(world.bob, "end-turn")  # the bot carries on


async def test_place_rest_with_nothing_left_and_placements_told_once(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.reply(world.alice, "match", "new")
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "army", "set", cards="Syvarris; Dumutef Guard")
    await table.reply(world.bob, "army", "set", cards="Kita; Onshu")
    await table.reply(world.alice, "match", "start")
    placed = await table.reply(world.alice, "place", "rest")
    st = table.state
    spots = ", ".join(f"{f} on {'+'.join(st.battlefield.label(h) for h in st.figures[f].hexes)}"
                      for f in ("syvarris", "dumutef1"))
    assert placed.content == f"Placed: {spots}."
    version, public = table.live.version, len(world.channel.history())
    again = await table.reply(world.alice, "place", "rest")
    assert again.ephemeral and again.content == "All your figures are on the battlefield already."
    assert table.live.version == version and len(world.channel.history()) == public
    last = await table.reply(world.bob, "place", "rest")
    lines = last.content.split("\n")
    assert lines[0].startswith("Placed: kita on ") and "is placed at" not in last.content
    # The round is announced once: by the round's Order Marker message, not again in the reply (issue 10).
    assert len(lines) == 1 and "Round 1" not in last.content
    rounds = [m.content for m in world.channel.history() if "Round 1" in m.content]
    assert len(rounds) == 1 and rounds[0].startswith("**Round 1**: Order Markers")


async def test_a_conceded_players_order_marker_controls_say_so(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    table = await new_table()
    carol = fake.create_user("carol")
    table.players.append(carol)
    await table.reply(world.alice, "match", "new", map="practice-field")
    await table.join_and_place(THREE)
    assert table.state.phase is Phase.ORDERS
    controls = table.controls_for(carol)
    assert controls is not None
    gone = await table.concede(carol)
    assert "carol concedes" in gone.content and table.state.phase is Phase.ORDERS
    assert str(carol.id) not in table.live.waiting_for_orders()
    version = table.live.version
    prefix = f"hs:ord:{table.live.match_id}:1:"
    key = table.default_picks(controls, prefix)["1"]
    picked = await fake.select(carol, controls, prefix + "1", [key])
    await picked.wait_ack()
    await table.settle()
    answers = [(await picked.wait_reply()).content]
    lock = await table.click(carol, fake.messages[controls.id], f"hs:lock:{table.live.match_id}:1")
    answers.append((await lock.wait_reply()).content)
    round_msg = next(m for m in world.channel.history() if f"hs:markers:{table.live.match_id}:1" in m.custom_ids)
    button = await table.click(carol, round_msg, round_msg.custom_ids[0])
    answers.append((await button.wait_reply()).content)
    assert answers == ["You have conceded this match."] * 3
    assert table.live.version == version and str(carol.id) not in table.live.marker_picks
    for pid in table.live.waiting_for_orders():  # the others play on
        await table.place_markers(table.user(pid))
    assert table.state.phase is Phase.TURNS


@pytest.mark.parametrize(("command", "sub", "options", "expected"), [
    ("army", "set", {"cards": ";;;"}, "Name at least one Army Card, e.g. `/army set cards: Finn; Tarn Vikings`."),
    ("army", "set", {"cards": "  "}, "Name at least one Army Card, e.g. `/army set cards: Finn; Tarn Vikings`."),
    ("move", None, {"figure": "syvarris", "to": ""}, "Give the space to move to, e.g. `/move figure: tarn1 to: F7`."),
    ("move", None, {"figure": " ", "to": "F7"}, "Give the figure to move, e.g. `/move figure: tarn1 to: F7`."),
    ("move", None, {"figure": "syvarris", "to": "F7 G7"},
     "'F7 G7' is more than one word; give the space to move to as one word, e.g. `/move figure: tarn1 to: F7`."),
    ("attack", None, {"attacker": "syvarris", "target": " "},
     "Give the figure to attack, e.g. `/attack attacker: syvarris target: grimnak`."),
    ("place", "figure", {"figure": "", "space": "A7"},
     "Give the figure to place, e.g. `/place figure figure: syvarris space: A7`."),
])
async def test_blank_options_are_refused_in_slash_command_words(
        world: World, new_table: NewTable, command: str, sub: str | None, options: dict[str, str],
        expected: str) -> None:
    table = await new_table()
    await table.reply(world.alice, "match", "new")
    await table.reply(world.bob, "match", "join")
    version = table.live.version
    answer = await table.reply(world.alice, command, sub, **options)
    assert answer.ephemeral and answer.content == expected
    assert "usage" not in answer.content and table.live.version == version


async def test_refusals_name_players_not_ids(world: World, new_table: NewTable, field_map: None) -> None:
    table = await new_table()
    await _charge_pending(table)
    answer = await table.reply(world.bob, "end-turn")  # refused by the rules while alice decides
    assert answer.ephemeral and answer.content.startswith("Waiting for alice to decide: Berserker Charge")
    assert not re.search(r"\d{15,}", answer.content), answer.content


async def test_refusals_start_with_a_capital_letter(world: World, new_table: NewTable) -> None:
    """HS-TURN-02: figures act only in Player Turns; the refusal reads as a sentence."""
    table = await new_table()
    await table.setup()
    assert table.state.phase is Phase.ORDERS
    moved = await table.reply(world.alice, "move", figure="syvarris", to="A1")
    assert moved.ephemeral and moved.content.startswith("Figures act only during Player Turns"), moved.content


def test_move_via_keeps_axial_spaces_whole() -> None:
    from bot.games.heroscape.discord import inputs

    assert inputs.spaces(" B2, C2 1,2  -1,0 ") == ["B2", "C2", "1,2", "-1,0"]
    assert inputs.spaces("   ") == []
