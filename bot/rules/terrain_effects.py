"""What terrain tiles and obstacles do to figures: defense changes, and rolls in timing windows.

Defense (hooks in :mod:`bot.rules.modifiers`): shadow +1 for Small/Medium/Large figures
(HS-TERRAIN-16), toxic land -1 and toxic water -2, at most -2 together (HS-TERRAIN-22..24), Laur
jungle trees and underbrush +1 against attackers not adjacent (HS-OBSTACLE-13).

Windows (:mod:`bot.rules.timing`, all Terrain in UTGAR order): lava field at the end of the round
(HS-TERRAIN-03), Wellspring water at the start of the round (HS-TERRAIN-19, optional), cooling
lava at the start of a turn (HS-TERRAIN-14). Entering and stopping effects (molten and cooling
lava, thin ice: HS-TERRAIN-07..13) are rolled by the engine as the move happens, through
:func:`on_enter` and :func:`on_end_of_move`.

Terrain is read with the scenario's variants applied (slippery and thin ice, heavy snow, cooling
lava, wood as road: HS-TERRAIN-25). A figure with a power of kind :data:`LAVA_RESISTANT` takes
no cooling lava wounds, on entering or at the start of its turn (HS-TERRAIN-15), and, as the
cards' text says (``../shared/cards/heroscape-cards.json``), rolls neither for lava field nor
for molten lava (and molten lava does not end its move: :mod:`bot.rules.powers.move_basic`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.rules import modifiers
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.movement import field_of
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext


#: Power kind of Lava Resistant: protects against cooling lava (HS-TERRAIN-15), and against lava
#: field and molten lava rolls as the shared card file's text of the power says.
LAVA_RESISTANT = "lava_resistant"


def lava_resistant(state: MatchState, fig: Figure) -> bool:
    """True when ``fig``'s card has the Lava Resistant power (HS-TERRAIN-15)."""
    return state.card_of(fig).power(LAVA_RESISTANT) is not None


def terrains_under(state: MatchState, fig: Figure) -> list[Terrain]:
    """The terrain of each space the figure stands on (scenario variants applied)."""
    out = []
    bf = field_of(state)
    for h in fig.hexes:
        t = bf.terrain(h, fig.level)
        if t is not None:
            out.append(t)
    return out


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def _terrain_defense(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    under = terrains_under(state, ctx.target)
    change = min(0, sum(t.defense_modifier for t in set(under)))
    change = max(change, -2)  # toxic land and toxic water together: -2, not -3 (HS-TERRAIN-24)
    size = state.card_of(ctx.target).size
    if Terrain.SHADOW in under and size in ("small", "medium", "large"):
        change += 1
    if change:
        return ("terrain", change)
    return None


@modifiers.on_defense_dice
def _jungle_defense(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    target = ctx.target
    if state.card_of(target).size not in ("small", "medium", "large"):
        return None
    if adjacent(state, ctx.attacker, target):
        return None
    bf = state.battlefield
    near = {n for h in target.hexes for n in h.neighbours()}
    for h in near:
        if any(o.kind.defends_adjacent for o in bf.obstacles_on(h)):
            return ("jungle cover", 1)
    return None


def _standing_on(state: MatchState, terrain: Terrain) -> list[Figure]:
    return [f for f in state.on_battlefield() if terrain in terrains_under(state, f)]


@register
class LavaField(Effect):
    """End of round: 1 combat die for each figure on lava field; a skull wounds it (HS-TERRAIN-03)."""

    name = "lava_field"
    window = Window.END_OF_ROUND
    source = Source.TERRAIN
    rule = "HS-TERRAIN-03"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        return [Trigger(self.name, f.controller, f.id) for f in _standing_on(st, Terrain.LAVA_FIELD)
                if not lava_resistant(st, f)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        fig = engine.state.figures[trigger.subject]
        return fig.on_battlefield and Terrain.LAVA_FIELD in terrains_under(engine.state, fig)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        fig = engine.state.figures[trigger.subject]
        dice = engine.roll_combat(1)
        wounds = dice.count("skull")
        engine.emit("terrain", figure=fig.id, terrain="lava_field", dice=dice, wounds=wounds, rule=self.rule)
        if wounds:
            engine.wound(fig, wounds, "lava field")


@register
class Wellspring(Effect):
    """Start of round: a Hero on Wellspring water may roll; 12+ heals 1, 1-2 wounds 2 (HS-TERRAIN-19)."""

    name = "wellspring_water"
    window = Window.START_OF_ROUND
    source = Source.TERRAIN
    optional = True
    rule = "HS-TERRAIN-19"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        return [
            Trigger(self.name, f.controller, f.id)
            for f in _standing_on(st, Terrain.WELLSPRING_WATER)
            if st.card_of(f).kind == "hero"
        ]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        fig = engine.state.figures[trigger.subject]
        return fig.on_battlefield and Terrain.WELLSPRING_WATER in terrains_under(engine.state, fig)

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return ["roll", "skip"]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{trigger.subject} stands in Wellspring water: roll the d20? "
                "12 or more removes 1 wound, 1 or 2 deals 2 wounds.")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if choice != "roll":
            return
        fig = engine.state.figures[trigger.subject]
        roll = engine.roll_d20()
        healed = 1 if roll >= 12 and fig.wounds > 0 else 0
        wounds = 2 if roll <= 2 else 0
        engine.emit("terrain", figure=fig.id, terrain="wellspring_water", d20=roll, wounds=wounds, healed=healed, rule=self.rule)
        if healed:
            fig.wounds -= 1
        if wounds:
            engine.wound(fig, wounds, "Wellspring water")


@register
class CoolingLavaStart(Effect):
    """Start of its turn on cooling lava: 1 attack die, a skull wounds (HS-TERRAIN-14)."""

    name = "cooling_lava_start"
    window = Window.START_OF_TURN
    source = Source.TERRAIN
    rule = "HS-TERRAIN-14"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if st.turn is None or st.turn.card_key is None:
            return []
        return [
            Trigger(self.name, f.controller, f.id)
            for f in st.figures_of(st.turn.card_key)
            if f.on_battlefield and Terrain.COOLING_LAVA in terrains_under(st, f) and not lava_resistant(st, f)
        ]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        fig = engine.state.figures[trigger.subject]
        dice = engine.roll_combat(1)
        wounds = dice.count("skull")
        engine.emit("terrain", figure=fig.id, terrain="cooling_lava", dice=dice, wounds=wounds, rule=self.rule)
        if wounds:
            engine.wound(fig, wounds, "cooling lava")


#: More effects of entering a space, ``hook(engine, fig)`` after the figure stands on its new
#: spaces (scenario rules: the water-survival roll, :mod:`bot.rules.scenarios.water`).
ENTER_HOOKS: list[Callable[[RulesContext, Figure], None]] = []


def on_enter(engine: RulesContext, fig: Figure, terrain: Terrain | None) -> None:
    """Effects of entering a space while walking or landing: cooling lava wounds (HS-TERRAIN-13, -15),
    then each of :data:`ENTER_HOOKS` while the figure is still on the battlefield."""
    if terrain is Terrain.COOLING_LAVA and not lava_resistant(engine.state, fig):
        engine.emit("terrain", figure=fig.id, terrain="cooling_lava", wounds=1, rule="HS-TERRAIN-13")
        engine.wound(fig, 1, "cooling lava")
    for hook in ENTER_HOOKS:
        if fig.on_battlefield:
            hook(engine, fig)


def on_end_of_move(engine: RulesContext, fig: Figure) -> None:
    """Effects of ending a move: molten lava (HS-TERRAIN-10, -11) and thin ice (HS-TERRAIN-07, -08)."""
    st = engine.state
    if not fig.on_battlefield:
        return
    under = terrains_under(st, fig)
    if Terrain.MOLTEN_LAVA in under and not lava_resistant(st, fig):
        roll = engine.roll_d20()  # a double-space figure rolls once (HS-TERRAIN-11)
        engine.emit("terrain", figure=fig.id, terrain="molten_lava", d20=roll, wounds=0 if roll == 20 else -1, rule="HS-TERRAIN-10")
        if roll != 20:
            engine.destroy(fig, "molten lava")
            return
    if Terrain.THIN_ICE in under:
        roll = engine.roll_d20()
        height = st.card_of(fig).stat("height")
        wounds = 2 if roll == 1 else (1 if roll <= height else 0)
        engine.emit("terrain", figure=fig.id, terrain="thin_ice", d20=roll, wounds=wounds, rule="HS-TERRAIN-07")
        if wounds:
            engine.wound(fig, wounds, "thin ice")
