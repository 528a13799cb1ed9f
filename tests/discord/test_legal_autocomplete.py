"""Autocomplete and the ``/attack`` preview ask the rules' list of legal commands (issue 11): a
figure that has already attacked or moved is not offered again, nor a space it cannot reach now,
nor anything to a player whose turn it is not; the preview refuses with the engine's own words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.hexes import Hex
from bot.rules.state import Phase

if TYPE_CHECKING:
    from bot_table import Table
    from conftest import NewTable, World


async def _to_turn_of(table: Table, world: World, whose: str) -> None:
    """Alice (Tarn Vikings) and Bob (Syvarris) on :data:`FIELD`, placed and ordered, until it is
    ``whose`` turn (``"alice"`` or ``"bob"``)."""
    await table.to_battle(("Tarn Vikings", "Syvarris"), getattr(world, whose), map="field")
    assert table.state.phase is Phase.TURNS


async def _offered(table: Table, user: Any, name: str, options: dict[str, str], focused: str,
                   sub: str | None = None) -> list[str]:
    return [c["value"] for c in await table.fake.autocomplete(user, table.channel, name, sub, options,
                                                              focused=focused)]


async def test_a_figure_that_attacked_is_no_longer_offered_and_its_preview_says_why(
        world: World, new_table: NewTable, field_map: None) -> None:
    # rule: HS-ATTACK-03 (Double Attack gives Syvarris a second attack, no third)
    table = await new_table()
    await _to_turn_of(table, world, "bob")
    bob, alice = world.bob, world.alice
    sy = next(f.id for f in table.state.figures.values() if f.owner == str(bob.id))
    assert await _offered(table, bob, "attack", {"attacker": ""}, "attacker") == [sy]
    targets = await _offered(table, bob, "attack", {"attacker": sy, "target": ""}, "target")
    assert targets and all(t.startswith("tarn") for t in targets)
    # Alice is not the acting player: nothing to attack with, nothing to move.
    assert await _offered(table, alice, "attack", {"attacker": ""}, "attacker") == []
    assert await _offered(table, alice, "move", {"figure": ""}, "figure") == []

    rolled = 0
    while targets and rolled < 3:  # Syvarris's Double Attack: a second attack, then none
        preview = await table.reply(bob, "attack", attacker=sy, target=targets[0])
        roll = next(c for c in preview.custom_ids if c.startswith("hs:roll:"))
        await (await table.click(bob, preview, roll)).wait_reply()
        rolled += 1
        targets = await _offered(table, bob, "attack", {"attacker": sy, "target": ""}, "target")
    assert rolled == 2 and table.state.phase is Phase.TURNS

    assert await _offered(table, bob, "attack", {"attacker": ""}, "attacker") == []
    assert await _offered(table, bob, "attack", {"attacker": sy, "target": ""}, "target") == []
    living = next(f.id for f in table.state.figures.values() if f.owner == str(alice.id) and f.on_battlefield)
    again = await table.reply(bob, "attack", attacker=sy, target=living)
    assert again.ephemeral and "already" in again.content and "Chance of wounds" not in again.content
    assert not [c for c in again.custom_ids if c.startswith("hs:roll:")]


async def test_destinations_are_the_legal_moves_and_a_moved_figure_is_not_offered(
        world: World, new_table: NewTable, field_map: None) -> None:
    # rule: HS-MOVE-01
    table = await new_table()
    await _to_turn_of(table, world, "alice")
    alice, bob = world.alice, world.bob
    st = table.state
    tarn = next(f for f in st.figures.values() if f.owner == str(alice.id) and f.hexes == (Hex(1, 0),))
    movers = await _offered(table, alice, "move", {"figure": ""}, "figure")
    assert tarn.id in movers and all(m.startswith("tarn") for m in movers)
    to = await _offered(table, alice, "move", {"figure": tarn.id, "to": ""}, "to")
    far = st.battlefield.label(Hex(7, 3))  # beyond a Tarn Viking's Move
    near = st.battlefield.label(Hex(2, 0))
    assert near in to and far not in to
    assert st.battlefield.label(Hex(1, 0)) not in to  # where it stands is no move
    # Bob may not move Alice's figure: no destinations offered to him.
    assert await _offered(table, bob, "move", {"figure": tarn.id, "to": ""}, "to") == []

    await table.reply(alice, "move", figure=tarn.id, to=near)
    assert tarn.id in table.state.turn.moved  # type: ignore[union-attr]
    assert tarn.id not in await _offered(table, alice, "move", {"figure": ""}, "figure")
    assert await _offered(table, alice, "move", {"figure": tarn.id, "to": ""}, "to") == []


async def test_place_offers_the_legal_spaces_and_for_a_double_space_figure_the_second_next_to_the_first(
        world: World, new_table: NewTable, field_map: None) -> None:
    # rule: HS-ARMY-02 (placed in the start zone; a double-space figure on two neighbouring spaces)
    table = await new_table()
    alice, bob = world.alice, world.bob
    await table.reply(alice, "match", "new", map="field")
    await table.reply(bob, "match", "join")
    await table.reply(alice, "army", "set", cards="Tarn Vikings")
    await table.reply(bob, "army", "set", cards="Grimnak")
    await table.reply(alice, "match", "start")
    st = table.state
    bf = st.battlefield
    grimnak = next(f.id for f in st.figures.values() if f.owner == str(bob.id))
    assert await _offered(table, bob, "place", {"figure": ""}, "figure", "figure") == [grimnak]
    firsts = await _offered(table, bob, "place", {"figure": grimnak, "space": ""}, "space", "figure")
    zone = {bf.label(Hex(q, r)) for q in (6, 7) for r in range(4)}
    assert set(firsts) == zone
    first = bf.label(Hex(6, 0))
    seconds = await _offered(table, bob, "place", {"figure": grimnak, "space": first, "second": ""}, "second",
                             "figure")
    assert seconds and set(seconds) == {bf.label(h) for h in bf.parse_space(first).neighbours()
                                        if bf.label(h) in zone}
    placed = await table.reply(bob, "place", "figure", figure=grimnak, space=first, second=seconds[0])
    assert not placed.ephemeral
    assert await _offered(table, bob, "place", {"figure": ""}, "figure", "figure") == []


async def test_a_squad_figures_destinations_list_only_its_own_routes(world: World, new_table: NewTable,
                                                                    field_map: None,
                                                                    monkeypatch: Any) -> None:
    """Issue 21: ``/move to`` for one Tarn Viking lists that figure's routes, not every squad
    figure's (autocomplete asks again after every change of the match)."""
    from bot.rules import legal

    table = await new_table()
    await _to_turn_of(table, world, "alice")
    alice = world.alice
    squad = sorted(f.id for f in table.state.figures.values() if f.owner == str(alice.id))
    assert len(squad) >= 3  # the Tarn Viking Warriors
    routed: list[str] = []
    real = legal.routes
    monkeypatch.setattr(legal, "routes", lambda st, fig, *a, **k: routed.append(fig.id) or real(st, fig, *a, **k))
    spaces = await _offered(table, alice, "move", {"figure": squad[0], "to": ""}, "to")
    assert spaces and routed == [squad[0]]
