"""``/map targets:`` through the fake Discord: the answer lists the normal attack and each special
attack apart, and the picture marks what the special attack can hit."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from bot_table import Table, make_bot

from bot.content.maps import MAPS_DIR_ENV, default_maps_dir
from bot.game import session as game_session

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord


@pytest.fixture
def lane_map(tmp_path: Path) -> Iterator[None]:
    """Five grass spaces in a row; the start zones are its first space and its fourth."""
    folder = tmp_path / "maps"
    folder.mkdir()
    for f in default_maps_dir().glob("*.json"):
        (folder / f.name).write_text(f.read_text())
    (folder / "lane.json").write_text(json.dumps({
        "format": "heroscape-map/1", "id": "lane", "name": "Lane",
        "fill": [{"q": [0, 4], "r": [0, 0], "level": 1, "terrain": "grass"}], "hexes": [], "obstacles": [],
        "glyphs": [], "start_zones": {"red": [[0, 0]], "blue": [[3, 0]]}}))
    mp = pytest.MonkeyPatch()
    mp.setenv(MAPS_DIR_ENV, str(folder))
    game_session.maps.cache_clear()
    yield
    mp.undo()
    game_session.maps.cache_clear()


async def test_map_targets_lists_the_normal_and_the_special_attack_apart(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path, lane_map: None) -> None:
    # rule: HS-SPECIAL-09 (Thorian Speed's "cannot" stops the normal attack only), HS-EXPLOSION-01
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id)
    await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice, world.bob])
    await table.setup(("Deathwalker 9000", "Sgt. Drake Alexander"), map="lane")
    st = table.state
    walker = next(f for f in st.figures.values() if f.controller == str(world.alice.id))
    drake = next(f for f in st.figures.values() if f.controller == str(world.bob.id))
    assert walker.hex.distance(drake.hex) == 3
    aims = await table.reply(world.alice, "map", targets=walker.id)
    assert aims.ephemeral and aims.content.splitlines()[1:] == [
        f"{walker.id} can attack:", "- normal attack: no figure in reach", f"- Explosion Special Attack: {drake.id}"]
    # Drake may shoot back only at an adjacent figure: nobody is in reach of either of his attacks.
    back = await table.reply(world.bob, "map", targets=drake.id)
    assert back.content.splitlines()[1:] == [f"{drake.id} can attack:", "- normal attack: no figure in reach"]
    plain = await table.reply(world.alice, "map")
    assert len({m.attachments[0].data for m in (aims, back, plain)}) == 3  # marks and focus differ
