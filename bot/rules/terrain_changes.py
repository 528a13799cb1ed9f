"""Terrain that changes during a match: spaces a power covers with a new tile (Create Water).

The battlefield itself never changes (:mod:`bot.rules.battlefield`); the changed spaces are match
state, ``MatchState.terrain_changes`` (hex -> :class:`~bot.rules.battlefield.TerrainChange`), saved
with the match like the glyphs and the objects' wounds. Every terrain question reads the battlefield
through :func:`bot.rules.objects.field_now` (and :func:`bot.rules.move_basics.field_of`, the
scenario's variants first), which applies the changes: movement costs and stops (HS-TERRAIN-17),
water powers and conditions (Aegis of the River, Twister), falls into water (DEC-02), terrain
effects, line of sight and the picture all see the new tile.

:func:`change_terrain` is the only way a change is made: it records the change and emits its
``terrain_changed`` event, during the command that caused it. Replaying the seed and the command
log makes the same changes in the same order, so the overlay is rebuilt exactly.

A Height 0 tile added by a power sits on the tile it covers and adds no height (000 § Double-Space
Figures: "a water tile placed by Ewashia, Master of the Tides' Create Water ability does not add
height"; HS-DOUBLE-03), so a change keeps the surface's level and only its terrain changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.battlefield import TerrainChange
from bot.rules.events import hx
from bot.rules.hexes import Hex
from bot.rules.objects import field_now
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain

if TYPE_CHECKING:
    from bot.rules.context import RulesContext


def surface_level(state: MatchState, fig: Figure, h: Hex) -> int | None:
    """The level of the surface of ``h`` a tile put there by ``fig`` would cover: ``fig``'s own
    level on its own space, else the top of ``h``'s column; ``None`` when ``h`` is no space."""
    bf = field_now(state)
    if h in fig.hexes:
        return fig.level
    top = bf.top_cell(h)
    return top.top if top is not None else None


def why_no_tile(state: MatchState, h: Hex, level: int | None) -> str | None:
    """Why a Height 0 tile cannot be put on ``h`` at ``level`` "as it fits there normally", or
    ``None`` when it can.

    Decided for Create Water (the card says only "as long as it fits there normally"): the tile goes
    on a land tile (a Height 0 tile, water of any kind or a holed outcrop tile, has no room for
    another one: HS-TERRAIN-01) where no obstacle stands (a tree or a wall needs the hex interlock
    the water tile lacks, HS-TREE-01, HS-OBSTACLE-10). A figure on the space does not stop it: the
    card lets Ewashia put it under herself, and a tile adds no height (HS-DOUBLE-03). A glyph there
    stays on top of it.
    """
    bf = field_now(state)
    label = bf.label(h) if h in bf else f"{h.q},{h.r}"
    cell = bf.surface(h, level) if level is not None else None
    if cell is None or level is None:
        return f"{label} is not a space a tile can go on"
    if cell.terrain.height_zero or h in bf.holed:
        what = cell.terrain.value.replace("_", " ") if cell.terrain.height_zero else "a holed outcrop tile"
        return f"{label} is {what}, a Height 0 tile: a new tile goes only on a land tile"
    if bf.blocked(h, level):
        return f"an obstacle stands on {label}: a tile cannot go under it"
    return None


def tile_spots(state: MatchState, fig: Figure) -> list[Hex]:
    """The spaces ``fig`` may put a Height 0 tile on: its own space(s), then the spaces next to it,
    where :func:`why_no_tile` finds nothing against it; own space first, the rest in label order."""
    own = [h for h in fig.hexes if why_no_tile(state, h, surface_level(state, fig, h)) is None]
    around = {n for h in fig.hexes for n in h.neighbours() if n not in fig.hexes}
    near = sorted((n for n in around if why_no_tile(state, n, surface_level(state, fig, n)) is None),
                  key=lambda n: (n.r, n.q))
    return own + near


def change_terrain(ctx: RulesContext, h: Hex, level: int, terrain: Terrain, *, cause: str, figure: str = "",
                   player: str = "", **data: Any) -> TerrainChange:
    """Put a ``terrain`` tile on the surface of ``h`` at ``level`` for the rest of the match and emit
    ``terrain_changed`` (``at``, ``level``, ``terrain``, ``was``, ``cause``, ``figure``, ``player``,
    and ``data``, e.g. the tiles left). A space changed twice keeps the first ``was``.

    :raises ValueError: when ``h`` has no surface at ``level`` (the caller checks first).
    """
    st = ctx.state
    cell = field_now(st).surface(h, level)
    if cell is None:
        raise ValueError(f"{h} has no surface at level {level}")
    before = st.terrain_changes.get(h)
    change = TerrainChange(level=level, terrain=terrain, was=before.was if before else cell.terrain, cause=cause)
    st.terrain_changes[h] = change
    ctx.emit("terrain_changed", at=hx(h), level=level, terrain=terrain.value, was=cell.terrain.value,
             cause=cause, figure=figure, player=player, **data)
    return change


def changed_spaces(state: MatchState) -> list[Hex]:
    """The spaces a power changed so far, in label order."""
    return sorted(state.terrain_changes, key=lambda h: (h.r, h.q))
