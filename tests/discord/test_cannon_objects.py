"""``/cannon`` and attacks on destructible objects over the fake Discord (issue 12): the autocomplete
offers the rules' legal Cannon Fire (figure, cannon, target) and objects among ``/attack`` targets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules import objects
from bot.rules.state import Phase

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot_table import Table
    from conftest import NewTable, World

GUNLINE: dict[str, object] = {
    "format": "heroscape-map/1", "id": "gunline", "name": "Gunline",
    "fill": [{"q": [0, 11], "r": [0, 1], "level": 1, "terrain": "grass"}], "hexes": [],
    "obstacles": [{"kind": "cannon", "id": "c1", "at": [[1, 0]]}],
    "objects": [{"id": "fort1", "at": [[2, 1]], "height": 7, "life": 3, "defense": 3}],
    "glyphs": [], "start_zones": {"red": [[1, 1]], "blue": [[11, 0], [11, 1]]}}


async def _offered(table: Table, user: Any, name: str, options: dict[str, str], focused: str) -> list[str]:
    return [c["value"] for c in await table.fake.autocomplete(user, table.channel, name, None, options,
                                                              focused=focused)]


async def test_cannon_and_object_targets_are_offered_and_fired(world: World, new_table: NewTable,
                                                               extra_maps: Callable[..., None]) -> None:
    # rule: HS-OBSTACLE-04
    # rule: HS-DESTRUCT-01
    extra_maps(GUNLINE)
    table = await new_table()
    await table.to_battle(("Finn the Viking Champion", "Grimnak"), world.alice, map="gunline")
    assert table.state.phase is Phase.TURNS
    alice = world.alice
    finn = next(f.id for f in table.state.figures.values() if f.owner == str(alice.id))
    # Finn stands next to the cannon (1, 0) and to the object (2, 1).
    assert await _offered(table, alice, "cannon", {"figure": ""}, "figure") == [finn]
    assert await _offered(table, alice, "cannon", {"figure": finn, "cannon": ""}, "cannon") == ["c1"]
    assert "fort1" in await _offered(table, alice, "cannon", {"figure": finn, "cannon": "c1", "target": ""}, "target")
    assert "fort1" in await _offered(table, alice, "attack", {"attacker": finn, "target": ""}, "target")
    preview = await table.reply(alice, "attack", attacker=finn, target="fort1")
    assert "destructible object" in preview.content and "Chance to destroy" in preview.content

    await table.reply(alice, "cannon", figure=finn, cannon="c1", target="fort1")
    assert "fires at fort1" in table.fake.public_text()
    fort = objects.find(table.state, "fort1")
    assert fort is not None and finn in table.state.turn.attacked  # type: ignore[union-attr]
    # Fired once: neither the cannon nor an attack is offered again this turn.
    assert await _offered(table, alice, "cannon", {"figure": ""}, "figure") == []
    again = await table.reply(alice, "cannon", figure=finn, cannon="c1", target="fort1")
    assert again.ephemeral and "HS-SPECIAL-01" in again.content
