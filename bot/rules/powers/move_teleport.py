"""Teleporting (pattern ``teleport``): the figure is placed on a space within ``distance`` spaces
instead of moving through the spaces between (not a move: nothing on the way is entered).

``values`` (the shared card file's ``params``):

- ``destination``: ``"empty same-level space"``, ``"empty same-level water space"``, ``"empty
  same-level swamp water space"``, ``"another shadow space"``, or none (any empty space);
  ``level_limit`` ``"1 above height / 3 below base"``; ``no_water``.
- ``condition``: ``"ended normal move on water"`` / ``"... on swamp water"`` (offered as the move
  ends: Water Tunnel, Swamp Water Tunnel) or ``"started turn on a shadow space"`` (Shadow Dance).
- ``replaces`` ``"normal move"`` (offered as the card's turn begins; the figure then has moved) or
  ``window`` ``"before normal move"`` with ``limit`` ``"once per game"`` (Fey Step: it still moves).
- ``leaving_engagement``: ``takes`` (every enemy it was engaged with attacks as it goes) or ``ignores``.
- ``destination`` ``"any unoccupied space adjacent to the same Glacier Mountain"`` with ``condition``
  ``"adjacent to a Glacier Mountain"`` (Glacier Traverse of Dzu-Teh): an empty space next to a
  Glacier Mountain the figure stands next to, however far along it (no ``distance``).
- ``destination`` ``"adjacent to an opponent's figure within N clear sight spaces"`` (Thunder Step of
  Eltahale): an empty space next to an enemy figure the teleporter sees within N spaces; ``bonus``
  ``"+N attack this turn"`` once it went; ``cost`` ``"roll 1 attack die at end of turn, skull = 1
  wound"``. A power that went is recorded for the turn (``used:<name>`` in ``turn.data``: a
  special attack's condition "Thunder Step not used" reads it).

The player names the space (the first option is a suggestion, nearest the enemy) or ``stay``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.engagement import adjacent_at, figure_height
from bot.rules.events import hx
from bot.rules.hexes import Hex
from bot.rules.los import clear_sight
from bot.rules.modifiers import AttackContext
from bot.rules.movement import field_of, leaving
from bot.rules.powers import _places as places
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import holders, spaces_between
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.powers._free import STAY, ask_space, chosen_space, place_on, typed_space
from bot.rules.powers._turns import living
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain
from bot.rules.terrain_effects import terrains_under
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import Referee, RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"teleport"})

KIND = "teleport"
DESTINATIONS = {None: None, "empty same-level space": "level", "empty same-level water space": "water",
                "empty same-level swamp water space": "swamp", "another shadow space": "shadow",
                "any unoccupied space adjacent to the same Glacier Mountain": "glacier"}
CONDITIONS = {None: None, "ended normal move on water": "water", "ended normal move on swamp water": "swamp",
              "started turn on a shadow space": "shadow", "adjacent to a Glacier Mountain": "glacier"}
_LEVELS = re.compile(r"(\d+) above height / (\d+) below base")
_KNOWN = {"distance", "destination", "condition", "leaving_engagement", "replaces", "window", "limit", "level_limit",
          "no_water", "bonus", "cost"}
#: The obstacles Glacier Traverse goes along.
GLACIER = places.WORDS["glacier mountain"]
_NEAR_FOE = re.compile(r"adjacent to an opponent's figure within (\d+) clear sight spaces")
_BONUS = re.compile(r"\+(\d+) attack this turn")
_COST = "roll 1 attack die at end of turn, skull = 1 wound"


def check_teleport(values: dict[str, Any]) -> str | None:
    """Why a teleport power's ``values`` cannot be enforced, or ``None``."""
    extra = sorted(set(values) - _KNOWN)
    if extra:
        return f"'{extra[0]}' ({values[extra[0]]}) is not built yet"
    near = _near_foe(values)
    glacier = DESTINATIONS.get(values.get("destination")) == "glacier"
    if glacier != (CONDITIONS.get(values.get("condition")) == "glacier"):
        return f"the destination '{values.get('destination')}' with '{values.get('condition')}' is not understood"
    if not isinstance(values.get("distance"), int) and near is None and not glacier:
        return f"the destination '{values.get('destination')}' is not understood"
    if values.get("destination") not in DESTINATIONS and near is None:
        return f"the destination '{values['destination']}' is not understood"
    if "bonus" in values and not _BONUS.fullmatch(terms.norm(values["bonus"])):
        return f"'bonus' ({values['bonus']}) is not built yet"
    if "cost" in values and terms.norm(values["cost"]) != _COST:
        return f"'cost' ({values['cost']}) is not built yet"
    if values.get("condition") not in CONDITIONS:
        return f"the condition '{values['condition']}' is not understood"
    if "level_limit" in values and not _LEVELS.fullmatch(str(values["level_limit"])):
        return f"the level limit '{values['level_limit']}' is not understood"
    if values.get("leaving_engagement", "takes") not in ("takes", "ignores"):
        return f"leaving_engagement '{values['leaving_engagement']}' is not understood"
    when = values.get("window")
    if when not in (None, "before normal move") or values.get("limit") not in (None, "once per game"):
        return f"the moment '{when}' ({values.get('limit')}) is not understood"
    return None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_teleport}


def _near_foe(values: dict[str, Any]) -> int | None:
    """N of a destination "adjacent to an opponent's figure within N clear sight spaces"."""
    m = _NEAR_FOE.fullmatch(terms.norm(values.get("destination") or ""))
    return int(m.group(1)) if m else None


def _where(values: dict[str, Any], within: str = "") -> str:
    """Where the figure may go, in words: "an empty space within 5 spaces" ("within 5 spaces" with
    ``within``), "an empty space adjacent to an opponent's figure within 5 clear sight spaces"."""
    if _near_foe(values) is not None:
        return f"{'' if within else 'an empty space '}{values['destination']}"
    if DESTINATIONS.get(values.get("destination")) == "glacier":
        return "next to the same Glacier Mountain" if within else "an empty space next to the same Glacier Mountain"
    if within:
        return f"within {values.get('distance')} spaces"
    return f"{values.get('destination') or 'an empty space'} within {values.get('distance')} spaces"


def used_key(power: Power, card_key: str) -> str:
    """The ``turn.data`` key that says ``power`` of the card went this turn (its name without a number)."""
    name = re.sub(r"\s+\d+$", "", terms.norm(power.name))
    return f"used:{name}:{card_key}"


def _values(state: MatchState, fig: Figure) -> dict[str, Any] | None:
    power = state.card_of(fig).power(KIND)
    return power.values if power is not None and check_teleport(power.values) is None else None


def _terrain_is(kind: str | None, terrain: Terrain | None) -> bool:
    if kind == "water":
        return terrain is not None and terrain.is_water
    if kind == "swamp":
        return terrain is Terrain.SWAMP_WATER
    if kind == "shadow":
        return terrain is Terrain.SHADOW
    return True


def destinations(state: MatchState, fig: Figure, values: dict[str, Any]) -> list[Hex]:
    """The spaces ``fig`` may be placed on (single-space figures), in label order."""
    if len(fig.hexes) != 1 or modifiers.move_rules(state, fig).held_by:
        return []
    bf = field_of(state)  # the terrain as it is now: a water tile Create Water put down counts
    dest = DESTINATIONS.get(values.get("destination"))
    m = _LEVELS.fullmatch(str(values.get("level_limit", "")))
    height = state.card_of(fig).stat("height")
    near = _near_foe(values)
    foes = [f for f in state.on_battlefield() if state.is_enemy(fig, f) and spaces_between(fig, f) <= near
            and clear_sight(state, fig, f)] if near is not None else []
    # Glacier Traverse: next to a Glacier Mountain the figure is next to, however far.
    glaciers = places.obstacles_next_to(state, fig.hexes, GLACIER) if dest == "glacier" else []
    out = []
    for h in bf.hexes():
        if dest == "glacier":
            if h in fig.hexes or not any(o in glaciers for o in places.obstacles_next_to(state, (h,), GLACIER)):
                continue
        elif h in fig.hexes or near is None and h.distance(fig.hexes[0]) > values["distance"]:
            continue
        cell = bf.top_cell(h)
        if cell is None or bf.obstacles_on(h) or state.occupant(h) is not None:
            continue
        if near is not None and not any(adjacent_at(state, (h,), cell.top, height, f.hexes, f.level,
                                                    figure_height(state, f)) for f in foes):
            continue
        if dest in ("level", "water", "swamp") and cell.top != fig.level:
            continue
        if not _terrain_is(dest if dest != "level" else None, cell.terrain):
            continue
        if values.get("no_water") and cell.terrain.is_water:
            continue
        if m and not -int(m.group(2)) <= cell.top - fig.level <= height + int(m.group(1)):
            continue
        out.append(h)
    return sorted(out, key=lambda h: (h.r, h.q))


class _Teleport(PowerEffect):
    """A teleport offer for one figure (``subject``, ``source``); see the module doc."""

    kind = KIND
    per_figure = True
    rule = "HS-SPECIAL-08"

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        fig = engine.state.figures[trigger.subject]
        values = _values(engine.state, fig)
        return fig.on_battlefield and values is not None and bool(destinations(engine.state, fig, values))

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        """Any space the figure may be placed on, typed as its label."""
        st = engine.state
        values = _values(st, st.figures[trigger.subject]) or {}
        return typed_space(engine, trigger, answer,
                           lambda: destinations(st, st.figures[trigger.subject], values) if values else [],
                           lambda fig, label: f"{self.power_name(engine, trigger)}: {fig.id} cannot be placed on {label} "
                           f"({_where(values)}); name another, or {STAY}", self.rule)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        values = _values(st, fig)
        if values is None:
            return
        ends = destinations(st, fig, values)
        if trigger.get("step") != "to":
            ask_space(engine, trigger, fig, {h: [h] for h in ends}, f"{self.power_name(engine, trigger)}: place {fig.id} "
                      f"on a space {_where(values, 'within')} instead? Name the space, or {STAY}.")
            return
        h = chosen_space(engine, fig, choice, ends)
        if h is None:
            return
        self.done(engine, fig, values, self.power(engine, trigger))
        if values.get("leaving_engagement", "takes") == "takes":
            from bot.rules.actions.move import swipe  # the normal move's leaving-engagement attack

            for enemy in leaving(st, fig, fig.hexes, fig.level, (), fig.level):
                swipe(cast("Referee", engine), enemy, fig)
                if not fig.on_battlefield:
                    return
        place_on(engine, trigger, self.power_name(engine, trigger), fig, h, placed=hx(h))

    def done(self, engine: RulesContext, fig: Figure, values: dict[str, Any], power: Power | None) -> None:
        """Bookkeeping once the figure goes: it has moved (instead of a normal move), or the power is
        spent; the power went this turn (:func:`used_key`)."""
        turn = engine.state.turn
        if turn is not None and power is not None:
            turn.data[used_key(power, fig.card_key)] = True
        if values.get("limit") == "once per game":
            engine.state.cards[fig.card_key].data["teleport_used"] = True
        elif values.get("replaces") and turn is not None and fig.id not in turn.moved:
            turn.moved.append(fig.id)


@register
class TeleportAtStart(_Teleport):
    """Teleportation, Underground Movement, Shadow Dance, Fey Step: offered as the card's turn begins."""

    name = "teleport_start"
    window = Window.START_OF_TURN

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key not in st.cards or turn.activated:
            return []
        out = []
        for fig in living(st, turn.card_key):
            values = _values(st, fig)
            if values is None or CONDITIONS[values.get("condition")] in ("water", "swamp"):
                continue
            if values.get("limit") == "once per game" and st.cards[fig.card_key].data.get("teleport_used"):
                continue
            if CONDITIONS[values.get("condition")] == "shadow" and Terrain.SHADOW not in terrains_under(st, fig):
                continue
            if destinations(st, fig, values):
                out.append(Trigger(self.name, fig.controller, fig.id, source=fig.id))
        return out


@register
class TeleportAfterMove(_Teleport):
    """Water Tunnel, Swamp Water Tunnel: offered as a normal move ends on (swamp) water."""

    name = "teleport_after_move"
    window = Window.END_OF_MOVE

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        fig = st.figures.get(str(window_args(engine).get("figure", "")))
        if fig is None or not fig.on_battlefield or not holders(st, KIND):
            return []
        values = _values(st, fig)
        need = CONDITIONS[values.get("condition")] if values is not None else None
        if values is None or need not in ("water", "swamp"):
            return []
        if not any(_terrain_is(need, t) for t in terrains_under(st, fig)) or not destinations(st, fig, values):
            return []
        return [Trigger(self.name, fig.controller, fig.id, source=fig.id)]


def _went(state: MatchState, fig: Figure) -> Power | None:
    """``fig``'s teleport power when it went this turn."""
    p = state.card_of(fig).power(KIND)
    if p is None or state.turn is None or check_teleport(p.values) is not None:
        return None
    return p if state.turn.data.get(used_key(p, fig.card_key)) else None


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def teleport_bonus(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Thunder Step's ``bonus`` "+N attack this turn": the normal attacks of the turn it went."""
    p = _went(state, ctx.attacker) if ctx.special is None else None
    m = _BONUS.fullmatch(terms.norm(p.values.get("bonus", ""))) if p is not None else None
    return (p.name, int(m.group(1))) if p is not None and m else None


@register
class TeleportCost(PowerEffect):
    """Thunder Step's ``cost``: as the turn it went ends, 1 attack die; a skull is 1 wound."""

    name = "teleport_cost"
    kind = KIND
    window = Window.END_OF_TURN
    per_figure = True
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if st.turn is None or not holders(st, KIND):
            return []
        out = []
        for fig in st.on_battlefield():
            p = _went(st, fig)
            if p is not None and terms.norm(p.values.get("cost", "")) == _COST:
                out.append(Trigger(self.name, fig.controller, fig.id, source=fig.id))
        return out

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        fig = engine.state.figures[trigger.subject]
        name = self.power_name(engine, trigger)
        dice = engine.roll_combat(1)
        hurt = "skull" in dice
        engine.emit("power", power=name, figure=fig.id, player=trigger.controller, dice=dice, success=hurt,
                    result=f"1 wound to {fig.id}" if hurt else "no wound")
        if hurt:
            engine.wound(fig, 1, name)
