"""``/map targets:`` through the fake Discord: the answer lists the normal attack and each special
attack apart, and the picture marks what the special attack can hit. The ``lane`` map comes from
``tests/conftest.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conftest import NewTable, World


async def test_map_targets_lists_the_normal_and_the_special_attack_apart(
        world: World, new_table: NewTable, lane_map: None) -> None:
    # rule: HS-SPECIAL-09 (Thorian Speed's "cannot" stops the normal attack only), HS-EXPLOSION-01
    table = await new_table()
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
