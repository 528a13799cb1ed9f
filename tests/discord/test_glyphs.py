"""Glyphs on Discord: on a map with glyphs a figure moves onto one, the glyph is turned over and
acts, its choice is made with buttons, the channel is told what it did, and ``/glyph`` explains one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.hexes import Hex
from tests.glyphs.test_console_glyphs import GLYPH_FIELD

if TYPE_CHECKING:
    from conftest import NewTable, World

    from tests.conftest import AddMaps

#: GLYPH_FIELD with Felaron face down where Finn walks, so that turning it over asks a choice.
FELARON_FIELD = {**GLYPH_FIELD, "id": "felaron-field",
                 "glyphs": [{"name": "felaron", "at": [2, 1], "side": "symbol"},
                            {"name": "astrid", "at": [5, 3], "side": "power"}]}


async def test_a_glyph_is_turned_over_and_acts_with_buttons_on_discord(
        world: World, new_table: NewTable, extra_maps: AddMaps) -> None:
    # rule: HS-GLYPH-02
    # rule: HS-GLYPH-22
    extra_maps(FELARON_FIELD)
    table = await new_table()
    alice = world.alice
    await table.to_battle(("Finn", "Syvarris"), alice, map="felaron-field")
    label = table.state.battlefield.label(Hex(2, 1))
    answer = await table.reply(alice, "move", figure="finn", to=label)
    assert "it is the Glyph of Felaron" in answer.content, answer.content
    remove = [c for c in answer.custom_ids if c.startswith("hs:choose:")]
    assert remove, answer.content
    astrid_at = table.state.battlefield.label(Hex(5, 3))
    button = next(c for c in remove if astrid_at in str(answer.find_component(c)["label"]))  # type: ignore[index]
    done = await (await table.click(alice, answer, button)).wait_reply()
    assert f"the glyph at {astrid_at} (Glyph of Astrid) leaves the battlefield" in done.content, done.content
    assert table.state.glyphs == {}

    told = await table.reply(alice, "glyph", name="mitonsoul")
    assert told.ephemeral and told.content.startswith("**Glyph of Mitonsoul (Massive Curse)")
    wrong = await table.reply(alice, "glyph", name="nothing")
    assert wrong.ephemeral and "no glyph is called 'nothing': the power glyphs are astrid" in wrong.content.lower()
