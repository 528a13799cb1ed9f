"""Attacking a figure of one's own side on Discord (issue 10): the rules allow it (HS-ATTACK-01),
so ``/attack`` offers it, but the preview warns and the Roll button says whom it attacks, so that
nobody does it by mistake; enemies come first in the target list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.heroscape.discord.cogs.play import FRIENDLY_ROLL_LABEL
from bot.rules.hexes import Hex

if TYPE_CHECKING:
    from conftest import NewTable, World


async def test_attacking_ones_own_figure_is_previewed_with_a_warning_and_a_button_that_says_so(
        world: World, new_table: NewTable, field_map: None) -> None:
    # rule: HS-ATTACK-01
    table = await new_table()
    alice = world.alice
    await table.to_battle(("Tarn Vikings", "Syvarris"), alice, map="field")
    st = table.state
    one = next(f.id for f in st.figures.values() if f.hexes == (Hex(1, 0),))
    two = next(f.id for f in st.figures.values() if f.hexes == (Hex(1, 1),))

    offered = await table.fake.autocomplete(alice, table.channel, "attack", options={"attacker": one, "target": ""},
                                            focused="target")
    mine = next(c for c in offered if c["value"] == two)
    assert "your side" in mine["name"]

    preview = await table.reply(alice, "attack", attacker=one, target=two)
    assert preview.ephemeral
    assert preview.content.startswith(f"⚠️ **{two} is your own figure**, not an enemy.")
    assert f"Press **{FRIENDLY_ROLL_LABEL}** to attack it anyway." in preview.content
    roll = next(c for c in preview.custom_ids if c.startswith("hs:roll:"))
    assert preview.find_component(roll)["label"] == FRIENDLY_ROLL_LABEL  # type: ignore[index]

    asked = await (await table.click(alice, preview, roll)).wait_reply()  # Berserker Charge asks first
    skip = next(c for c in asked.custom_ids if c.startswith("hs:choose:")
                and asked.find_component(c)["label"] == "skip")  # type: ignore[index]
    done = await (await table.click(alice, asked, skip)).wait_reply()
    assert f"{one} attacks {two}" in done.content


async def test_a_special_attack_on_ones_own_figure_asks_first_and_only_the_button_rolls(
        world: World, new_table: NewTable, field_map: None) -> None:
    # rule: HS-ATTACK-01 (any figure in Range and line of sight; on Discord, confirmed first)
    table = await new_table()
    alice, bob = world.alice, world.bob
    await table.setup(("Deathwalker 9000; Tarn Vikings", "Syvarris"), map="field")
    walker = f"{alice.id}/deathwalker-9000"
    await table.place_markers(alice, {"1": walker, "2": walker, "3": walker, "X": walker})
    await table.place_markers(bob)
    await table.until_turn_of(alice)
    st = table.state
    assert st.turn is not None and st.cards[st.turn.card_key].card.short.startswith("Deathwalker")
    friend = next(f for f in st.figures.values() if f.owner == str(alice.id) and f.id.startswith("tarn"))
    version = table.live.version

    asked = await table.reply(alice, "special", attacker="deathwalker", power="explosion", target=friend.id)
    assert asked.ephemeral
    assert asked.content.startswith(f"⚠️ {friend.id} is your own figure, not an enemy: attack it anyway?")
    assert table.live.version == version  # nothing happened yet: no dice, no attack used
    button = next(c for c in asked.custom_ids if c.startswith("hs:special:"))
    assert asked.find_component(button)["label"] == "Attack my own side"  # type: ignore[index]

    done = await (await table.click(alice, asked, button)).wait_reply()
    assert "deathwalker" in done.content.lower() and "explosion" in done.content.lower()
    assert table.live.version > version
