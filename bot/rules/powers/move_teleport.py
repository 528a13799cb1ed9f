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

The player names the space (the first option is a suggestion, nearest the enemy) or ``stay``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from bot.rules import modifiers
from bot.rules.errors import IllegalCommand
from bot.rules.events import hx
from bot.rules.hexes import Hex
from bot.rules.movement import field_of, leaving
from bot.rules.powers._common import holders
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.powers._free import STAY, suggest
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
                "empty same-level swamp water space": "swamp", "another shadow space": "shadow"}
CONDITIONS = {None: None, "ended normal move on water": "water", "ended normal move on swamp water": "swamp",
              "started turn on a shadow space": "shadow"}
_LEVELS = re.compile(r"(\d+) above height / (\d+) below base")
_KNOWN = {"distance", "destination", "condition", "leaving_engagement", "replaces", "window", "limit", "level_limit",
          "no_water"}


def check_teleport(values: dict[str, Any]) -> str | None:
    """Why a teleport power's ``values`` cannot be enforced, or ``None``."""
    extra = sorted(set(values) - _KNOWN)
    if extra:
        return f"'{extra[0]}' ({values[extra[0]]}) is not built yet"
    if not isinstance(values.get("distance"), int):
        return f"the destination '{values.get('destination')}' is not understood"
    if values.get("destination") not in DESTINATIONS:
        return f"the destination '{values['destination']}' is not understood"
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
    dest = DESTINATIONS[values.get("destination")]
    m = _LEVELS.fullmatch(str(values.get("level_limit", "")))
    height = state.card_of(fig).stat("height")
    out = []
    for h in bf.hexes():
        if h in fig.hexes or h.distance(fig.hexes[0]) > values["distance"]:
            continue
        cell = bf.top_cell(h)
        if cell is None or bf.obstacles_on(h) or state.occupant(h) is not None:
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
        if trigger.get("step") != "to" or answer.strip().lower() == STAY:
            return None
        st = engine.state
        try:
            h = st.battlefield.parse_space(answer.strip())
        except ValueError:
            return None
        fig = st.figures[trigger.subject]
        values = _values(st, fig) or {}
        if h not in (destinations(st, fig, values) if values else []):
            raise IllegalCommand(f"{self.power_name(engine, trigger)}: {fig.id} cannot be placed on "
                                 f"{st.battlefield.label(h)} ({values.get('destination') or 'an empty space'} within "
                                 f"{values.get('distance')} spaces); name another, or {STAY}", self.rule, actions=("choose",))
        return st.battlefield.label(h)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        values = _values(st, fig)
        if values is None:
            return
        ends = destinations(st, fig, values)
        if trigger.get("step") != "to":
            best = suggest(st, fig, {h: [h] for h in ends})
            if best is not None:
                engine.ask(trigger.with_data(step="to"),
                           f"{self.power_name(engine, trigger)}: place {fig.id} on a space within {values['distance']} "
                           f"spaces instead? Name the space, or {STAY}.", [st.battlefield.label(best), STAY])
            return
        if choice in (None, STAY) or not fig.on_battlefield:
            return
        h = st.battlefield.parse_space(str(choice))
        if h not in ends:
            return
        self.done(engine, fig, values)
        if values.get("leaving_engagement", "takes") == "takes":
            from bot.rules.actions.move import swipe  # the normal move's leaving-engagement attack

            for enemy in leaving(st, fig, fig.hexes, fig.level, (), fig.level):
                swipe(cast("Referee", engine), enemy, fig)
                if not fig.on_battlefield:
                    return
        cell = st.battlefield.top_cell(h)
        fig.hexes, fig.level = (h,), cell.top if cell is not None else fig.level
        engine.emit("power", power=self.power_name(engine, trigger), figure=fig.id, placed=hx(h),
                    player=trigger.controller, success=True, result=f"{fig.id} is placed at {st.battlefield.label(h)}")

    def done(self, engine: RulesContext, fig: Figure, values: dict[str, Any]) -> None:
        """Bookkeeping once the figure goes: it has moved (instead of a normal move), or the power is spent."""
        turn = engine.state.turn
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
