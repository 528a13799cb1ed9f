"""Putting a terrain tile from the Army Card on the battlefield (pattern ``place_terrain``: Ewashia,
Master of Tides' Create Water).

``values`` (the shared card file's ``params``): ``terrain`` ``"water tile"`` (the tile the card
brings), ``count`` (how many start the game on the card: 3) and ``window`` ``"end of this
figure's turn"``. As the figure's Army Card turn ends (the "after this card's turn" window), its
controller may put one tile left on the card on the figure's own space or a space next to it,
where it fits (:func:`bot.rules.terrain_changes.why_no_tile`): a pending decision whose options
are those spaces, the figure's own first, then ``skip``. The tile stays for the rest of the match
(:func:`bot.rules.terrain_changes.change_terrain`): a space like any water space from then on
(HS-TERRAIN-17: it stops a walking figure; Aegis of the River and Twister count it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.powers._effects import SKIP, TurnPower
from bot.rules.powers._supply import left, take
from bot.rules.powers._turns import labels, parse_spaces, space_answer
from bot.rules.state import CardInPlay, TurnState
from bot.rules.terrain import Terrain
from bot.rules.terrain_changes import change_terrain, surface_level, tile_spots
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"place_terrain"})
KIND = "place_terrain"

#: The tiles a card may bring, as the card file names them, and the terrain each one is.
TILES: dict[str, Terrain] = {"water tile": Terrain.WATER}
#: The moments the block knows, as the card file words them.
WINDOWS = {"end of this figure's turn": Window.AFTER_CARD_TURN}


def check(values: dict[str, Any]) -> str | None:
    """Why a ``place_terrain`` power's ``values`` cannot be enforced, or ``None``."""
    if str(values.get("terrain", "")).lower() not in TILES:
        return f"putting '{values.get('terrain')}' on the battlefield is not built yet"
    if str(values.get("window", "")).lower() not in WINDOWS:
        return f"the moment '{values.get('window')}' is not built yet"
    if not isinstance(values.get("count"), int) or values["count"] < 1:
        return f"the number of tiles '{values.get('count')}' is not understood"
    return None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check}


@register
class PlaceTerrain(TurnPower):
    """Create Water: as the figure's card turn ends, one tile from the card on its space or next
    to it (see the module doc). A trigger's ``subject`` and ``source`` are the figure."""

    name = KIND
    window = Window.AFTER_CARD_TURN
    per_figure = True
    rule = "HS-TERRAIN-17"

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        power = cip.card.power(KIND)
        if power is None or check(power.values) is not None or left(cip, power) < 1:
            return []
        return [Trigger(self.name, cip.controller, f.id, source=f.id) for f in engine.state.figures_of(cip.key)
                if f.on_battlefield and tile_spots(engine.state, f)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        fig = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        return power is not None and left(st.cards[fig.card_key], power) > 0 and bool(tile_spots(st, fig))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        return [*labels(st, tile_spots(st, st.figures[trigger.subject])), SKIP]

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        # A space may be typed as its axial pair too ("2,3"), as rules cases write it.
        st = engine.state
        return space_answer(st, answer, tile_spots(st, st.figures[trigger.subject]))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        st = engine.state
        fig = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        n = left(st.cards[fig.card_key], power) if power else 0
        tile = str(power.values.get("terrain", "tile")) if power else "tile"
        return (f"{self.power_name(engine, trigger)}: put a {tile} ({n} left on the card) on {fig.id}'s space "
                f"or a space next to it? Name the space, or {SKIP}.")

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        where = parse_spaces(st, choice) or []
        if power is None or len(where) != 1 or where[0] not in tile_spots(st, fig):
            return  # only a listed space is accepted by ``choose``
        h = where[0]
        level = surface_level(st, fig, h)
        assert level is not None  # a listed space has a surface
        remaining = take(st.cards[fig.card_key], power)
        change_terrain(engine, h, level, TILES[str(power.values["terrain"]).lower()], cause=power.name,
                       figure=fig.id, player=trigger.controller, left=remaining)
