"""``/maps upload``, ``/maps list``, ``/maps show``, ``/maps area`` and ``/match new map:`` with a
server's own maps, against the fake Discord with real discord.py: upload, choose, play a round."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from bot_table import Table, make_bot
from conftest import StartBot, World

from bot.fakediscord import FakeDiscord
from bot.fakediscord.options import CommandUsageError
from bot.games.heroscape.discord import servermaps
from bot.rules.state import Phase

SHARED = Path(__file__).resolve().parents[3] / "shared" / "maps"
HESHVA = SHARED / "hexoscape" / "AoA_2_Heshva_Basin.json"


@pytest.fixture(autouse=True)
def _fresh_registry() -> None:
    servermaps.forget_all()


async def _table(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> Table:
    # guild_id None: commands are registered globally, so a second server sees them too.
    bot = make_bot(fake, tmp_path / "db.sqlite", None)
    await start_bot(bot)
    return Table(fake, bot, world.channel, [world.alice, world.bob])


@pytest.mark.skipif(not HESHVA.is_file(), reason="../shared/maps is not next to this checkout")
async def test_upload_choose_and_play_a_round(fake: FakeDiscord, world: World, start_bot: StartBot,
                                              tmp_path: Path) -> None:
    t = await _table(fake, world, start_bot, tmp_path)
    told = await t.reply(world.alice, "maps", "upload", file=("AoA_2_Heshva_Basin.json", HESHVA.read_bytes()))
    assert told.ephemeral and "Added **Heshva Basin**" in told.content
    reply = world.channel.history()[-1]
    assert "added **Heshva Basin** (`aoa-2-heshva-basin`)" in reply.content, reply.content
    assert "122 spaces, levels 0-10" in reply.content
    assert "no start zones: proposed red" in reply.content
    assert reply.attachments and reply.attachments[0].filename == "map.png"
    stored = await t.bot.storage.server_maps(world.guild.id)
    assert [(m.map_id, m.added_by) for m in stored] == [("aoa-2-heshva-basin", world.alice.id)]

    listing = await t.reply(world.bob, "maps", "list")
    assert listing.ephemeral and "Heshva Basin — `aoa-2-heshva-basin`, added by" in listing.content

    offered = await fake.autocomplete(world.alice, world.channel, "match", "new", options={"map": "hesh"},
                                      focused="map")
    key = servermaps.key(world.guild.id, "aoa-2-heshva-basin")
    assert {"name": "Heshva Basin (this server's)", "value": key} in offered
    assert any(c["value"] == "heshva-basin" for c in offered)  # the shipped official map too

    shown = await t.reply(world.bob, "maps", "show", map=key)
    assert "**Heshva Basin**" in shown.content and "Start zones: blue 16, red 16" in shown.content
    close = await t.reply(world.bob, "maps", "area", map="aoa-2-heshva-basin", around="F7", radius=3)
    assert "around F7" in close.content and close.attachments

    # Choose it by the id typed (not picked), play a round.
    await t.setup(map="aoa-2-heshva-basin")
    assert t.state.battlefield.name == "Heshva Basin"
    assert t.live.meta.map_id == key
    start = t.state.round
    await t.play_round_or_end()
    assert t.state.round > start or t.state.phase is Phase.OVER
    action = await t.reply(world.alice, "maps", "area")
    assert "around the action" in action.content


async def test_a_server_never_sees_or_plays_another_servers_maps(fake: FakeDiscord, world: World,
                                                                 start_bot: StartBot, tmp_path: Path) -> None:
    t = await _table(fake, world, start_bot, tmp_path)
    doc = b'{"hexMap": {"name": "Secret Ridge"}, "boardPieces": {"0~0~0~0~g24": "g24", "0~4~0~0~g24": "g24"}}'
    reply = await t.reply(world.alice, "maps", "upload", file=("ridge.json", doc))
    assert "Added **Secret Ridge**" in reply.content
    other_guild = fake.create_guild("Other Club")
    other_channel = fake.create_channel(other_guild, "war")
    carol = fake.create_user("carol")
    fake.add_member(other_guild, carol)
    other = Table(fake, t.bot, other_channel, [carol])
    listing = await other.reply(carol, "maps", "list")
    assert "Secret Ridge" not in listing.content and "none yet" in listing.content
    offered = await fake.autocomplete(carol, other_channel, "match", "new", options={"map": "secret"}, focused="map")
    assert offered == []
    refused = await other.reply(carol, "match", "new", map=servermaps.key(world.guild.id, "ridge"))
    assert refused.ephemeral and "no map" in refused.content
    assert t.bot.matches.in_channel(other_channel.id) is None
    # Same id uploaded on the other server: its own map; the first server's is untouched.
    await other.reply(carol, "maps", "upload", file=("ridge.json", doc), name="Carol Ridge")
    assert [m.name for m in await t.bot.storage.server_maps(world.guild.id)] == ["Secret Ridge"]
    assert [m.name for m in await t.bot.storage.server_maps(other_guild.id)] == ["Carol Ridge"]
    # Another member cannot replace alice's map on her server.
    taken = await t.reply(world.bob, "maps", "upload", file=("ridge.json", doc))
    assert "already has a map `ridge`" in taken.content and "Nothing was added" in taken.content


async def test_hostile_uploads_are_refused_and_change_nothing(fake: FakeDiscord, world: World,
                                                             start_bot: StartBot, tmp_path: Path) -> None:
    t = await _table(fake, world, start_bot, tmp_path)
    truncated = struct.pack("<d", 0.0007) + b"\x00\x00\x00" + struct.pack("<i", 0) + b"\x00" * 20 + struct.pack("<i", 3)
    answers = [
        await t.reply(world.alice, "maps", "upload", file=("cut.hsc", truncated)),
        await t.reply(world.alice, "maps", "upload", file=("deep.json", b"[" * 100_000)),
        await t.reply(world.alice, "maps", "upload", file=("notes.txt", b"hello")),
        await t.reply(world.alice, "maps", "upload", file=("huge.json", b" " * 1_000_001)),
    ]
    assert "cut.hsc: byte 35" in answers[0].content and "nothing was added" in answers[0].content
    assert "nested 100000 levels deep" in answers[1].content
    assert "not a map file I read" in answers[2].content
    assert "at most 1,000,000 bytes" in answers[3].content
    assert all(a.ephemeral for a in answers)
    assert await t.bot.storage.server_maps(world.guild.id) == []


async def test_the_fake_refuses_an_upload_over_discords_limit(fake: FakeDiscord, world: World,
                                                              start_bot: StartBot, tmp_path: Path) -> None:
    await _table(fake, world, start_bot, tmp_path)
    with pytest.raises(CommandUsageError, match="Discord uploads at most"):
        await fake.slash(world.alice, world.channel, "maps", "upload", {"file": ("big.json", b" " * (26 * 1024 * 1024))})


async def test_server_maps_survive_a_restart(fake: FakeDiscord, world: World, start_bot: StartBot,
                                             tmp_path: Path) -> None:
    t = await _table(fake, world, start_bot, tmp_path)
    doc = b'{"hexMap": {"name": "Twin Hills"}, "boardPieces": {"0~0~0~0~g24": "g24", "0~4~0~0~g24": "g24"}}'
    await t.reply(world.alice, "maps", "upload", file=("twin.json", doc))
    await t.reply(world.alice, "match", "new", map="Twin Hills")
    match_id = t.live.match_id
    await t.bot.close()
    servermaps.forget_all()  # a new process knows nothing until it reads the database
    again = make_bot(fake, tmp_path / "db.sqlite", None)
    await start_bot(again)
    live = again.matches.in_channel(world.channel.id)
    assert live is not None and live.match_id == match_id and live.state.battlefield.name == "Twin Hills"
    assert [k.map_id for k in servermaps.known(world.guild.id)] == ["twin"]


async def test_a_side_file_gives_the_uploaded_map_its_zones_and_glyphs(fake: FakeDiscord, world: World,
                                                                       start_bot: StartBot, tmp_path: Path) -> None:
    t = await _table(fake, world, start_bot, tmp_path)
    doc = b'{"hexMap": {"name": "Two Fields"}, "boardPieces": {"0~0~0~0~g24": "g24", "0~4~0~0~g24": "g24"}}'
    side = (b'{"format": "heroscape-map-side/1", "start_zones": {"red": [[0, 0], [1, 0]], "blue": [[0, 5], [1, 5]]},'
            b' "glyphs": [{"name": "gerda", "at": [0, 3]}]}')
    await t.reply(world.alice, "maps", "upload", file=("two.json", doc), side=("two.side.json", side))
    posted = world.channel.history()[-1]
    assert "Start zones: blue 2, red 2" in posted.content and "proposed" not in posted.content
    stored = await t.bot.storage.server_map(world.guild.id, "two")
    assert stored is not None and '"gerda"' in stored.doc
    bad = await t.reply(world.alice, "maps", "upload", file=("two.json", doc),
                        side=("two.side.json", b'{"format": "heroscape-map-side/1", "start_zones": {"red": [[40, 40]]}}'))
    assert bad.ephemeral and "start_zones.red #1" in bad.content and "not a space" in bad.content
