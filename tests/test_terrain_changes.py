"""Terrain changed by a power (``bot/rules/terrain_changes.py``), as players see it: the narration
names the changed space and the map draws it as the new tile (Create Water)."""

from __future__ import annotations

from bot.game.howto import CONSOLE
from bot.game.narrate import Narrator
from bot.render.compose import render_map
from bot.render.palette import TERRAIN
from bot.render.pieces import CHANGED_RING
from bot.rules.hexes import Hex
from bot.rules.terrain import Terrain
from bot.rules.terrain_changes import change_terrain, changed_spaces
from tests.rules.conftest import LIB, fig, sandbox
from tests.test_narrate import Table
from tests.test_render_field import near

EWASHIA = LIB.get("Ewashia, Master of Tides")


def test_the_map_draws_a_watered_space_as_water() -> None:
    eng = sandbox(fig("ew", "p1", (2, 2), EWASHIA))
    before = near(render_map(eng.state), TERRAIN[Terrain.WATER], tolerance=30)
    change_terrain(eng, Hex(3, 3), 1, Terrain.WATER, cause="Create Water")
    after = near(render_map(eng.state), TERRAIN[Terrain.WATER], tolerance=30)
    assert after > before + 100  # a space of water more (the rest of the picture is unchanged)


def test_the_narration_names_the_changed_space_and_what_it_was() -> None:
    eng = sandbox(fig("ew", "p1", (2, 2), EWASHIA))
    change_terrain(eng, Hex(3, 3), 1, Terrain.WATER, cause="Create Water", figure="ew", player="p1", left=2)
    ev = eng.events[-1]
    label = eng.state.battlefield.label(Hex(3, 3))
    assert ev.kind == "terrain_changed"
    assert Narrator(Table(eng, howto=CONSOLE)).line(ev) == \
        f"🌊 ew: Create Water — {label} is water now (it was grass); 2 left on the card."
    assert changed_spaces(eng.state) == [Hex(3, 3)]


def test_a_space_changed_twice_remembers_the_first_tile() -> None:
    eng = sandbox(fig("ew", "p1", (2, 2), EWASHIA))
    change_terrain(eng, Hex(3, 3), 1, Terrain.WATER, cause="Create Water")
    second = change_terrain(eng, Hex(3, 3), 1, Terrain.SWAMP_WATER, cause="a test")
    assert second.was is Terrain.GRASS and eng.events[-1].data["was"] == "water"


def test_a_changed_space_is_ringed_in_white() -> None:
    eng = sandbox(fig("ew", "p1", (2, 2), EWASHIA))
    before = near(render_map(eng.state), CHANGED_RING, tolerance=8)
    change_terrain(eng, Hex(3, 3), 1, Terrain.WATER, cause="Create Water")
    after = near(render_map(eng.state), CHANGED_RING, tolerance=8)
    assert after > before + 20
