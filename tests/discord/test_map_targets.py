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
        f"{walker.id} can attack:",
        f"- normal attack: no figure in reach ({drake.id} has Thorian Speed: only a figure next to him may aim "
        "a normal attack at him)",  # the reason, as the console's targets gives it (issue 10 QA)
        f"- Explosion Special Attack: {drake.id}"]
    # Drake may shoot back only at an adjacent figure: nobody is in reach of either of his attacks.
    back = await table.reply(world.bob, "map", targets=drake.id)
    assert back.content.splitlines()[1:] == [
        f"{drake.id} can attack:",
        f"- normal attack: no figure in reach (every enemy is out of range (not adjacent, Range 1; nearest {walker.id}, "
        "3 spaces away))"]
    plain = await table.reply(world.alice, "map")
    assert len({m.attachments[0].data for m in (aims, back, plain)}) == 3  # marks and focus differ


async def test_special_autocomplete_offers_what_the_special_attack_may_be_aimed_at_now(
        world: World, new_table: NewTable, lane_map: None) -> None:
    # rule: HS-EXPLOSION-01 (issue 11: /special offered any figure on the battlefield, its own included)
    table = await new_table()
    await table.to_battle(("Deathwalker 9000", "Sgt. Drake Alexander"), world.alice, map="lane")
    st = table.state
    walker = next(f for f in st.figures.values() if f.controller == str(world.alice.id))
    drake = next(f for f in st.figures.values() if f.controller == str(world.bob.id))

    async def offered(focused: str, **options: str) -> list[dict[str, str]]:
        return await table.fake.autocomplete(world.alice, table.channel, "special", None, options, focused=focused)

    assert [c["value"] for c in await offered("attacker", attacker="")] == [walker.id]
    aims = await offered("target", attacker=walker.id, power="explosion", target="")
    assert [c["value"] for c in aims] == [drake.id]
    assert aims[0]["name"] == f"{drake.id} (affects {drake.id})"
    assert await offered("target", attacker=drake.id, power="", target="") == []  # not Alice's to use
    assert await offered("attacker", attacker="") != [] and (
        await table.fake.autocomplete(world.bob, table.channel, "special", None, {"attacker": ""},
                                      focused="attacker")) == []
