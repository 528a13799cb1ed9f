"""``/use`` through the fake Discord with real discord.py: the figures that may use a carried glyph, the
glyphs and the targets are offered as the player types; a use is told in the channel; a glyph the
figure does not carry is refused with the rule's words and changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conftest import NewTable, World


async def test_use_offers_carried_glyphs_and_targets_and_refuses_what_is_not_carried(
        world: World, new_table: NewTable, field_map: None) -> None:
    # rule: HS-TREASURE-31, HS-TREASURE-36, HS-TREASURE-42
    table = await new_table()
    bob = world.bob
    await table.to_battle(("Tarn Vikings", "Syvarris"), bob, map="field")  # Bob plays Syvarris
    st = table.state
    syv = next(f for f in st.figures.values() if f.controller == str(bob.id))
    # The glyphs lie on Syvarris's card already (picking up is the rules tests' business).
    syv.carries[:] = ["elixir_of_speed", "heroic_rune", "bolt_of_the_witherwood"]
    table.live.session.match.changed_outside()  # (set by hand: a refusal must not undo it)

    figs = await table.fake.autocomplete(bob, table.channel, "use", options={"figure": "", "glyph": ""},
                                         focused="figure")
    assert [c["value"] for c in figs] == [syv.id]
    glyphs = await table.fake.autocomplete(bob, table.channel, "use", options={"figure": syv.id, "glyph": ""},
                                           focused="glyph")
    offered = {c["value"]: c["name"] for c in glyphs}
    assert offered.get("elixir_of_speed") == "Elixir of Speed" and "heroic_rune" not in offered
    from bot.rules.treasure.use import targets

    aims = await table.fake.autocomplete(
        bob, table.channel, "use", options={"figure": syv.id, "glyph": "bolt_of_the_witherwood", "target": ""},
        focused="target")
    assert [c["value"] for c in aims] == targets(st, syv, "bolt_of_the_witherwood")
    assert aims and all(st.figures[c["value"]].controller != syv.controller for c in aims)

    refused = await table.reply(bob, "use", figure=syv.id, glyph="potion_of_healing")
    assert refused.ephemeral and "does not carry Potion of Healing" in refused.content
    assert "HS-TREASURE-31" in refused.content
    assert "Use `/use`" not in refused.content  # QA2: no hint to the command just used
    assert table.state.figures[syv.id].carries == ["elixir_of_speed", "heroic_rune", "bolt_of_the_witherwood"]

    used = await table.reply(bob, "use", figure=syv.id, glyph="Elixir of Speed")
    assert not used.ephemeral and "uses Elixir of Speed" in used.content
    assert table.state.figures[syv.id].carries == ["heroic_rune", "bolt_of_the_witherwood"]


async def test_a_hero_picks_up_treasure_with_the_decision_buttons(
        world: World, new_table: NewTable, field_map: None) -> None:
    # rule: HS-TREASURE-03
    from bot.rules.hexes import Hex

    table = await new_table()
    bob = world.bob
    await table.to_battle(("Tarn Vikings", "Syvarris"), bob, map="field")  # Bob plays Syvarris
    st = table.state
    syv = next(f for f in st.figures.values() if f.controller == str(bob.id))
    dest = next(h for h in syv.hexes[0].neighbours() if h in st.battlefield and st.occupant(h) is None)
    st.glyphs[dest] = ("talisman_of_defense", "power")  # a glyph next to Syvarris (the map has none)
    label = st.battlefield.label(dest)
    moved = await table.reply(bob, "move", figure=syv.id, to=label)
    assert "picks up" not in moved.content
    assert "try to pick it up?" in moved.content  # the decision, with its buttons
    pick = next(c for c in moved.custom_ids if c.startswith("hs:choose:")
                and moved.find_component(c)["label"] == "pick it up")  # type: ignore[index]
    done = await (await table.click(bob, moved, pick)).wait_reply()
    assert "picks up Talisman of Defense" in done.content
    assert table.state.figures[syv.id].carries == ["talisman_of_defense"] and Hex(dest.q, dest.r) not in table.state.glyphs
