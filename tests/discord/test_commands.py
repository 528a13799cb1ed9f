"""The other commands through the fake Discord: one match per channel, ending, status, cards,
rules help, maps with reach and targets, placing by hand, and decisions answered with buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.fakediscord import FakeDiscord
from bot.rules.hexes import Hex
from bot.rules.state import Phase

if TYPE_CHECKING:
    from conftest import NewTable, World

    from tests.conftest import AddMaps

PNG = b"\x89PNG\r\n\x1a\n"


async def test_one_match_per_channel_and_who_may_end_it(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    mods = fake.create_role(world.guild, "Mods", permissions=1 << 5)  # Manage Server
    carol = fake.create_user("carol", guilds=[])
    fake.add_member(world.guild, carol, roles=[mods])
    table = await new_table()
    first = await table.reply(world.alice, "match", "new", points=300, rounds=5)
    assert "300 points" in first.content and "5 rounds" in first.content and not first.ephemeral
    again = await table.reply(world.bob, "match", "new")
    assert again.ephemeral and "already has a match" in again.content
    other = fake.create_channel(world.guild, "second-table")
    elsewhere = await (await fake.slash(world.bob, other, "match", "new")).wait_reply()
    assert not elsewhere.ephemeral and "New match" in elsewhere.content
    refused = await table.reply(world.bob, "match", "end")
    assert refused.ephemeral and "creator" in refused.content
    ended = await table.reply(world.alice, "match", "end")
    assert "ended" in ended.content and not ended.ephemeral
    assert table.bot.matches.in_channel(world.channel.id) is None
    status = await table.reply(world.alice, "match", "status")
    assert status.ephemeral and "no match" in status.content
    again = await table.reply(world.bob, "match", "new")
    assert not again.ephemeral
    ended = await table.reply(carol, "match", "end")
    assert "ended" in ended.content and not ended.ephemeral


async def test_status_army_card_rules_and_map(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.setup()
    for pid in table.live.waiting_for_orders():
        await table.place_markers(table.user(pid))
    status = await table.reply(world.alice, "match", "status")
    assert status.ephemeral and "Your markers (only you see this)" in status.content
    armies = await table.reply(world.bob, "army", "show")
    assert "Syvarris (100)" in armies.content and "Kita" in armies.content
    offered = await fake.autocomplete(world.alice, world.channel, "card", options={"name": "finn"}, focused="name")
    assert any(c["value"] == "Finn" and "pts" in c["name"] for c in offered)
    card = await table.reply(world.alice, "card", name="Finn")
    assert card.ephemeral and "Finn the Viking Champion" in card.content and "Attack 3" in card.content
    missing = await table.reply(world.alice, "card", name="Nobody At All")
    assert missing.ephemeral and "not found" in missing.content
    for topic in ("movement", "attacks", "height", "engagement", "terrain", "order-markers"):
        text = await table.reply(world.alice, "rules", topic=topic)
        assert text.ephemeral and len(text.content) > 200
    turn = table.state.turn
    assert turn is not None
    fig = table._acting(turn.player)[0]
    plain = await table.reply(world.bob, "map")
    reach = await table.reply(world.bob, "map", reach=fig.id)
    aims = await table.reply(world.bob, "map", targets=fig.id)
    pngs = [m.attachments[0].data for m in (plain, reach, aims)]
    assert all(p.startswith(PNG) for p in pngs) and pngs[0] != pngs[1]
    assert all(m.ephemeral for m in (plain, reach, aims))
    bad = await table.reply(world.bob, "map", reach="nobody")
    assert bad.ephemeral and "not a figure" in bad.content


async def test_placing_by_hand_with_autocomplete(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.reply(world.alice, "match", "new")
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "army", "set", cards="Syvarris")
    await table.reply(world.bob, "army", "set", cards="Tarn Vikings")
    early = await table.reply(world.alice, "place", "rest")
    assert early.ephemeral and "placed after" in early.content
    await table.reply(world.alice, "match", "start")
    figs = await fake.autocomplete(world.bob, world.channel, "place", "figure", {"figure": "", "space": ""},
                                   focused="figure")
    assert [c["value"] for c in figs] == ["tarn1", "tarn2", "tarn3", "tarn4"]
    spaces = await fake.autocomplete(world.bob, world.channel, "place", "figure", {"figure": "tarn1", "space": ""},
                                     focused="space")
    assert len(spaces) == 14
    placed = await table.reply(world.bob, "place", "figure", figure="tarn1", space=spaces[0]["value"])
    assert f"tarn1 on {spaces[0]['value']}" in placed.content
    taken = await table.reply(world.bob, "place", "figure", figure="tarn2", space=spaces[0]["value"])
    assert taken.ephemeral and "taken" in taken.content
    await table.reply(world.bob, "place", "rest")
    await table.reply(world.alice, "place", "rest")
    assert table.state.phase is Phase.ORDERS


#: A small map with Wellspring water in both start zones (a hero there must decide each round).
SPRING: dict[str, Any] = {
    "format": "heroscape-map/1", "id": "spring-field", "name": "Spring Field",
    "fill": [{"q": [0, 7], "r": [0, 3], "level": 1, "terrain": "grass"}],
    "hexes": [{"at": [0, 1], "level": 1, "terrain": "wellspring_water"},
              {"at": [7, 1], "level": 1, "terrain": "wellspring_water"}],
    "obstacles": [], "glyphs": [],
    "start_zones": {"red": [{"q": [0, 1], "r": [0, 3]}], "blue": [{"q": [6, 7], "r": [0, 3]}]}}


@pytest.fixture
def spring_map(extra_maps: AddMaps) -> None:
    """The shipped maps plus :data:`SPRING` (map id ``spring-field``)."""
    extra_maps(SPRING)


async def test_a_decision_is_answered_with_buttons(
        world: World, new_table: NewTable, spring_map: None) -> None:
    table = await new_table()
    await table.reply(world.alice, "match", "new", map="spring-field")
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "army", "set", cards="Syvarris")
    await table.reply(world.bob, "army", "set", cards="Dumutef Guard")
    await table.reply(world.alice, "match", "start")
    st = table.state
    zone = st.battlefield.start_zones[st.player(str(world.alice.id)).zone]
    spring = next(h for h in (Hex(0, 1), Hex(7, 1)) if h in zone)
    await table.reply(world.alice, "place", "figure", figure="syvarris", space=st.battlefield.label(spring))
    await table.reply(world.bob, "place", "rest")
    assert table.state.pending and table.state.phase is Phase.ORDERS
    ask = next(m for m in world.channel.history() if any(c.startswith("hs:choose:") for c in m.custom_ids))
    assert "must decide" in ask.content and table.controls_for(world.alice) is None  # markers wait for the answer
    roll, skip = ask.custom_ids
    not_yours = await (await table.click(world.bob, ask, roll)).wait_reply()
    assert not_yours.ephemeral and "alice's to make" in not_yours.content
    done = await (await table.click(world.alice, ask, skip)).wait_reply()
    assert "chose skip" in done.content and not table.state.pending
    stale = await (await table.click(world.alice, ask, roll)).wait_reply()
    assert stale.ephemeral and "already made" in stale.content
    assert table.controls_for(world.alice) is not None and table.controls_for(world.bob) is not None


async def test_conceding_ends_the_match_and_frees_the_channel(
        world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.setup()
    for pid in table.live.waiting_for_orders():
        await table.place_markers(table.user(pid))
    match_id = table.live.match_id
    gone = await table.concede(world.bob)
    assert "bob concedes" in gone.content and "🏆 alice wins" in gone.content
    assert gone.attachments and gone.attachments[0].data.startswith(PNG)
    stored = await table.bot.storage.load_match(match_id)
    assert stored is not None and stored.meta.status == "over"
    late = await table.reply(world.alice, "end-turn")
    assert late.ephemeral and "over" in late.content
    fresh = await table.reply(world.bob, "match", "new")
    assert "New match" in fresh.content and table.live.match_id != match_id


async def test_special_attacks_are_a_slash_command_refused_outside_a_turn(
        world: World, new_table: NewTable) -> None:
    table = await new_table()
    await table.setup(("Deathwalker 9000", "Grimnak"))
    before = table.state.version
    answer = await table.reply(world.alice, "special", attacker="deathwalker", power="explosion", target="grimnak")
    assert answer.ephemeral and "Player Turns" in answer.content
    assert table.state.version == before
