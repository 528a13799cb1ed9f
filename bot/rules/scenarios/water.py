"""The water-survival roll of the Forgotten Forest scenarios (HS-SCEN-BRIDGE-MASTER-06/07,
HS-SCEN-DUMUTEF-MASTER-06/07).

Scenario rule ``{"kind": "water_survival", "destroy": [1, 1], "wound": [2, 4], "immune": ["soulborg"]}``
(defaults as printed): every figure except those of the ``immune`` species rolls the 20-sided die
on entering a water space (any water: HS-TERRAIN-17's stop still applies); a roll in ``destroy``
destroys it, one in ``wound`` gives it 1 wound. A double-space figure crossing by the same water
space in the same Player Turn rolls only once: the spaces it rolled for are kept in a lasting effect
that ends with the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules import terrain_effects
from bot.rules.hexes import Hex
from bot.rules.moments import Expiry, Lasting
from bot.rules.movement import field_of
from bot.rules.scenario import ScenarioRule
from bot.rules.scenarios.registry import special_rule
from bot.rules.state import Figure

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

KIND = "water_survival"
KINDS = frozenset({KIND})
RULE = "HS-SCEN-BRIDGE-MASTER-06"
special_rule(
    KIND, "The river",
    "Every figure except Soulborgs that enters a water space rolls the 20-sided die: on a 1 it is swept away and "
    "destroyed, on 2-4 it takes 1 wound. A double-space figure rolls only once for each water space in a turn.",
    "HS-SCEN-BRIDGE-MASTER-06", "HS-SCEN-BRIDGE-MASTER-07", "HS-SCEN-DUMUTEF-MASTER-06", "HS-SCEN-DUMUTEF-MASTER-07",
)


def _range(rule: ScenarioRule, key: str, default: tuple[int, int]) -> tuple[int, int]:
    """An inclusive d20 range parameter ``[low, high]`` of the rule."""
    low, high = getattr(rule, key, None) or default
    return int(low), int(high)


def immune(rule: ScenarioRule, species: list[str]) -> bool:
    """Whether a figure of ``species`` rolls nothing (Soulborgs, as printed)."""
    names = {s.casefold() for s in getattr(rule, "immune", None) or ["soulborg"]}
    return any(s.casefold() in names for s in species)


def water_spaces(engine: RulesContext, fig: Figure) -> list[Hex]:
    """The spaces ``fig`` stands on that are water (at its level: not a bridge deck over water)."""
    bf = field_of(engine.state)
    out = []
    for h in fig.hexes:
        t = bf.terrain(h, fig.level)
        if t is not None and t.is_water:
            out.append(h)
    return out


def _memory(engine: RulesContext, fig: Figure) -> Lasting:
    """The water spaces ``fig`` has rolled for this turn (a lasting effect ending with the turn)."""
    name = f"water_survival:{fig.id}"
    found = engine.state.effects.get(name)
    if not isinstance(found, Lasting):
        found = Lasting(name=name, controller=fig.controller, until=Expiry.END_OF_TURN, data={"spaces": []})
        engine.state.effects[name] = found
    return found


def on_enter(engine: RulesContext, fig: Figure) -> None:
    """Roll for ``fig`` entering water, when the scenario has the rule (see module doc)."""
    rules = engine.state.scenario.rules_of(KIND)
    if not rules:
        return
    rule = rules[0]
    wet = water_spaces(engine, fig)
    if not wet or immune(rule, engine.state.card_of(fig).species):
        return
    if len(fig.hexes) > 1:
        # A double-space figure rolls once per water space per turn (HS-SCEN-BRIDGE-MASTER-07).
        memory = _memory(engine, fig)
        seen = {tuple(s) for s in memory.data["spaces"]}
        new = [h for h in wet if (h.q, h.r) not in seen]
        if not new:
            return
        memory.data["spaces"] = sorted(seen | {(h.q, h.r) for h in wet})
    roll = engine.roll_d20()
    low, high = _range(rule, "destroy", (1, 1))
    wlow, whigh = _range(rule, "wound", (2, 4))
    wounds = -1 if low <= roll <= high else (1 if wlow <= roll <= whigh else 0)
    engine.emit("scenario_rule", rule=RULE, what="water survival", figure=fig.id, d20=roll, wounds=wounds,
                text=(f"{fig.id} enters the river and rolls {roll}: "
                      + ("swept away and destroyed" if wounds < 0 else "1 wound" if wounds else "it swims on")))
    if wounds < 0:
        engine.destroy(fig, "the river (water survival roll)")
    elif wounds:
        engine.wound(fig, 1, "the river (water survival roll)")


terrain_effects.ENTER_HOOKS.append(on_enter)
