"""Grabbing an enemy figure (pattern ``grab``): after moving and before attacking (HS-TURN-06), a
figure of the card may pick an enemy figure of the ``sizes`` named (``"Small/Medium"``) in clear
sight within ``range`` spaces and within ``level_limit`` (``"6 up / 6 down"``) of its own level, and
roll the d20: on ``threshold`` or more (a number, or ``{"squad": 8, "hero": 17}``) the player
places that figure on an empty space next to the grabber on the grabber's level. A placed figure
is not moving: it takes no leaving-engagement attacks.

``targets`` (default 1): how many different figures each grabber may try; ``limit`` ``"each enemy
once per turn"``: no figure is grabbed twice in a turn. Every figure of a squad grabs in turn.
Grapple Grab 8, Chain Grab 9, Witchcraft Telekinesis.

Talon Grab (``source`` ``"figure passed over while flying"``): as the figure's move ends, it may
take one enemy figure of the sizes named that stood on a space it flew over this turn and place it
on an empty space next to it on its level (no roll).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.events import hx
from bot.rules.hexes import Hex
from bot.rules.los import line_of_sight
from bot.rules.powers._common import spaces_between
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers._turns import labels, living, parse_spaces
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"grab"})

KIND = "grab"
_LEVELS = re.compile(r"(\d+) up / (\d+) down")
_KNOWN = {"range", "threshold", "sizes", "level_limit", "window", "targets", "limit"}


PASSED_OVER = "figure passed over while flying"
SAME_LEVEL = "adjacent same-level space"


def check_grab(values: dict[str, Any]) -> str | None:
    """Why a grab power's ``values`` cannot be enforced, or ``None``."""
    if "source" in values:
        ok = values["source"] == PASSED_OVER and values.get("destination") == SAME_LEVEL
        return None if ok and set(values) <= {"source", "destination", "sizes"} else \
            f"grabbing '{values['source']}' is not understood"
    extra = sorted(set(values) - _KNOWN)
    if extra:
        return f"'{extra[0]}' ({values[extra[0]]}) is not built yet"
    if not isinstance(values.get("range"), int):
        return f"a range of '{values.get('range')}' is not understood"
    t = values.get("threshold")
    if not (isinstance(t, int) or (isinstance(t, dict) and all(isinstance(v, int) for v in t.values())
                                   and set(t) <= {"squad", "hero"})):
        return f"the d20 roll '{t}' is not understood"
    if "level_limit" in values and not _LEVELS.fullmatch(str(values["level_limit"])):
        return f"the level limit '{values['level_limit']}' is not understood"
    if values.get("window", "after move, before attack") != "after move, before attack":
        return f"the moment '{values['window']}' is not understood"
    if values.get("limit") not in (None, "each enemy once per turn"):
        return f"the limit '{values['limit']}' is not understood"
    return None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_grab}


def _values(state: MatchState, fig: Figure) -> dict[str, Any] | None:
    """The card's ranged grab (not Talon Grab), when it can be enforced."""
    power = state.card_of(fig).power(KIND)
    ok = power is not None and check_grab(power.values) is None and "source" not in power.values
    return power.values if ok and power is not None else None


def need(state: MatchState, values: dict[str, Any], victim: Figure) -> int:
    """The d20 result that grabs ``victim``."""
    t = values["threshold"]
    return int(t if isinstance(t, int) else t.get(state.card_of(victim).kind, 21))


def free_spaces(state: MatchState, grabber: Figure) -> list[Hex]:
    """Empty spaces next to ``grabber`` whose top is at its level, in label order."""
    bf = state.battlefield
    out = []
    for h in {n for g in grabber.hexes for n in g.neighbours()} - set(grabber.hexes):
        cell = bf.top_cell(h)
        if cell is None or cell.top != grabber.level or bf.obstacles_on(h) or state.occupant(h) is not None:
            continue
        out.append(h)
    return sorted(out, key=lambda h: (h.r, h.q))


def _grabbed(state: MatchState) -> dict[str, Any]:
    turn = state.turn
    return turn.data.setdefault("grab", {"tries": {}, "taken": []}) if turn is not None else {"tries": {}, "taken": []}


def victims(state: MatchState, grabber: Figure) -> list[Figure]:
    """The enemy figures ``grabber`` may try to grab now, by id."""
    values = _values(state, grabber)
    if values is None or not free_spaces(state, grabber):
        return []
    sizes = {s.strip().lower() for s in str(values.get("sizes", "Small/Medium")).split("/")}
    m = _LEVELS.fullmatch(str(values.get("level_limit", "")))
    up, down = (int(m.group(1)), int(m.group(2))) if m else (10**6, 10**6)
    taken = _grabbed(state)["taken"] if values.get("limit") else []
    out = []
    for f in state.on_battlefield():
        if not state.is_enemy(grabber, f) or f.id in taken or (state.card_of(f).size or "") not in sizes:
            continue
        if not -down <= f.level - grabber.level <= up or spaces_between(grabber, f) > values["range"]:
            continue
        if spaces_between(grabber, f) <= 1 and f.level == grabber.level:
            continue  # already next to it on its level: nowhere nearer to put it
        if modifiers.move_rules(state, f).held_by:
            continue  # held where it is (Cyberclaw): no power moves it
        if line_of_sight(state, grabber, f):
            out.append(f)
    return sorted(out, key=lambda f: f.id)


@register
class Grab(PowerEffect):
    """A grab as an after-moving Effect: one trigger per figure of the card whose turn it is that
    has tries left and someone to grab (``subject``, ``source``: the grabber). Steps: pick a victim
    (or ``skip``), roll, then (``step`` ``place``) choose the space."""

    name = KIND
    window = Window.AFTER_MOVING
    per_figure = True
    optional = True
    rule = "HS-TURN-06"

    def _tries_left(self, state: MatchState, grabber: Figure) -> int:
        values = _values(state, grabber)
        if values is None:
            return 0
        return int(values.get("targets", 1)) - int(_grabbed(state)["tries"].get(grabber.id, 0))

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key not in st.cards:
            return []
        return [Trigger(self.name, f.controller, f.id, source=f.id) for f in living(st, turn.card_key)
                if self._tries_left(st, f) > 0 and victims(st, f)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        grabber = st.figures[trigger.subject]
        return trigger.get("step") is not None or (self._tries_left(st, grabber) > 0 and bool(victims(st, grabber)))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [f.id for f in victims(engine.state, engine.state.figures[trigger.subject])] + [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{self.power_name(engine, trigger)}: which enemy figure does {trigger.subject} try to pull next to "
                "itself? (a d20 roll decides)")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        grabber = st.figures[trigger.subject]
        if trigger.get("step") == "place":
            self._place(engine, trigger, grabber, choice or "")
            return
        if choice is None or choice == SKIP:
            _grabbed(st)["tries"][grabber.id] = 10**6  # declined: no more tries this turn
            return
        values = _values(st, grabber)
        victim = st.figures.get(choice)
        if values is None or victim is None or victim not in victims(st, grabber):
            return
        tries = _grabbed(st)["tries"]
        tries[grabber.id] = int(tries.get(grabber.id, 0)) + 1
        _grabbed(st)["taken"].append(victim.id)
        target = need(st, values, victim)
        roll, ok = self.roll_d20(engine, target)
        engine.emit("power", power=self.power_name(engine, trigger), figure=grabber.id, player=trigger.controller,
                    target=victim.id, d20=roll, needed=target, success=ok,
                    result=f"{victim.id} is pulled next to {grabber.id}" if ok else f"{victim.id} stays")
        if ok:
            engine.ask(trigger.with_data(step="place", victim=victim.id),
                       f"{self.power_name(engine, trigger)}: where next to {grabber.id} does {victim.id} go?",
                       labels(st, free_spaces(st, grabber)))
            return
        self._again(engine, trigger, grabber)

    def _place(self, engine: RulesContext, trigger: Trigger, grabber: Figure, choice: str) -> None:
        st = engine.state
        victim = st.figures[str(trigger.get("victim"))]
        spaces = parse_spaces(st, choice) or []
        if spaces and spaces[0] in free_spaces(st, grabber) and victim.on_battlefield:
            place(engine, victim, spaces[0], grabber.level, self.power_name(engine, trigger))
        self._again(engine, trigger, grabber)

    def _again(self, engine: RulesContext, trigger: Trigger, grabber: Figure) -> None:
        """Another try for a grabber with tries left (Witchcraft Telekinesis: 2 figures)."""
        st = engine.state
        if grabber.on_battlefield and self._tries_left(st, grabber) > 0 and victims(st, grabber):
            fresh = Trigger(self.name, trigger.controller, trigger.subject, source=trigger.source)
            engine.ask(fresh, self.prompt(engine, fresh), self.options(engine, fresh))


def place(engine: RulesContext, fig: Figure, h: Hex, level: int, cause: str) -> None:
    """Put a figure on the battlefield somewhere else: not a move (nothing entered or left, no
    leaving-engagement attacks); told as a ``power`` event."""
    fig.hexes, fig.level = (h,), level
    engine.emit("power", power=cause, figure=fig.id, placed=hx(h), success=True,
                result=f"{fig.id} is placed at {engine.state.battlefield.label(h)}")


def passed_over(state: MatchState, flyer: Figure, values: dict[str, Any]) -> list[Figure]:
    """Enemy figures of the sizes named on the spaces ``flyer`` moved through this turn, by id."""
    turn = state.turn
    path = {Hex(q, r) for q, r in (turn.data.get("paths", {}).get(flyer.id, []) if turn is not None else [])}
    sizes = {s.strip().lower() for s in str(values.get("sizes", "Small/Medium")).split("/")}
    return sorted((f for f in state.on_battlefield() if state.is_enemy(flyer, f) and set(f.hexes) & path
                   and (state.card_of(f).size or "") in sizes and len(f.hexes) == 1
                   and not modifiers.move_rules(state, f).held_by), key=lambda f: f.id)


@register
class TalonGrab(PowerEffect):
    """Talon Grab: as the flyer's move ends, pick a figure it flew over (or ``skip``), then the space."""

    name = "talon_grab"
    kind = KIND
    per_figure = True
    optional = True
    window = Window.END_OF_MOVE
    rule = "HS-SPECIAL-08"

    def _values(self, engine: RulesContext, trigger: Trigger) -> dict[str, Any] | None:
        power = self.power(engine, trigger)
        return power.values if power is not None and "source" in power.values and not check_grab(power.values) else None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        fig = st.figures.get(str(window_args(engine).get("figure", "")))
        if fig is None or not fig.on_battlefield:
            return []
        trig = Trigger(self.name, fig.controller, fig.id, source=fig.id)
        values = self._values(engine, trig)
        if values is None or not passed_over(st, fig, values) or not free_spaces(st, fig):
            return []
        return [trig]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return trigger.get("step") is not None or bool(self.options(engine, trigger)[:-1])

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        values = self._values(engine, trigger)
        fig = engine.state.figures[trigger.subject]
        return [f.id for f in passed_over(engine.state, fig, values)] + [SKIP] if values else [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return f"{self.power_name(engine, trigger)}: which figure that {trigger.subject} flew over does it take along?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        if trigger.get("step") == "place":
            victim = st.figures[str(trigger.get("victim"))]
            spaces = parse_spaces(st, choice or "") or []
            if spaces and spaces[0] in free_spaces(st, fig) and victim.on_battlefield:
                place(engine, victim, spaces[0], fig.level, self.power_name(engine, trigger))
            return
        if choice not in self.options(engine, trigger)[:-1]:
            return
        engine.ask(trigger.with_data(step="place", victim=choice),
                   f"{self.power_name(engine, trigger)}: where next to {fig.id} does {choice} go?",
                   labels(st, free_spaces(st, fig)))
