"""Figures that change places or ride along (not moves: no leaving-engagement attacks):

- ``swap`` (Barge Into Battle): after moving, before attacking (HS-TURN-06), a figure of the card
  that ``condition`` ``"this figure ended its move unengaged"`` may swap places ``with`` an
  ``"engaged Small/Medium friendly Squad figure within 3 clear sight spaces"`` whose level is within
  ``level_limit`` of its own.
- ``swap`` (Tactical Switch): ``with`` ``"the Small/Medium defender"``, ``window`` ``"before rolling
  attack dice"``: as the attack is declared, attacker and defender may swap places; ``limit``
  ``"each enemy once per turn"``.
- ``carry`` (Carry): ``who`` ``"one unengaged friendly Small or Medium adjacent figure"``: as the
  figure's move ends, one such figure that stood next to where it started is placed next to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.engagement import engaged_enemies
from bot.rules.hexes import Hex
from bot.rules.los import line_of_sight
from bot.rules.powers._common import holders, spaces_between
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers._turns import labels, living, parse_spaces
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"swap", "carry"})

_BARGE = re.compile(r"engaged ([A-Za-z/]+) friendly Squad figure within (\d+) clear sight spaces")
DEFENDER = "the Small/Medium defender"
UNENGAGED = "this figure ended its move unengaged"
CARRY_WHO = "one unengaged friendly Small or Medium adjacent figure"
SWAP = "swap"


def check_swap(values: dict[str, Any]) -> str | None:
    """Why a ``swap`` power's ``values`` cannot be enforced, or ``None``."""
    with_ = str(values.get("with", ""))
    if with_ == DEFENDER and values.get("window") == "before rolling attack dice" \
            and values.get("limit") in (None, "each enemy once per turn"):
        return None
    if _BARGE.fullmatch(with_) and values.get("condition") in (None, UNENGAGED) \
            and isinstance(values.get("level_limit", 0), int):
        return None
    return f"swapping with '{with_}' is not understood"


def check_carry(values: dict[str, Any]) -> str | None:
    """Why a ``carry`` power's ``values`` cannot be enforced, or ``None``."""
    return None if values.get("who") == CARRY_WHO else f"carrying '{values.get('who')}' is not understood"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"swap": check_swap, "carry": check_carry}


def _sizes(text: str) -> set[str]:
    return {w for w in text.lower().replace("/", " ").split() if w in modifiers.SIZE_RANK}


def _free(state: MatchState, fig: Figure) -> bool:
    """A figure no power holds in place (Cyberclaw), with one space."""
    return len(fig.hexes) == 1 and not modifiers.move_rules(state, fig).held_by


def exchange(engine: RulesContext, a: Figure, b: Figure, cause: str) -> None:
    """Swap the places of two single-space figures (not a move)."""
    (ha, la), (hb, lb) = (a.hexes, a.level), (b.hexes, b.level)
    a.hexes, a.level, b.hexes, b.level = hb, lb, ha, la
    st = engine.state
    engine.emit("power", power=cause, figure=a.id, target=b.id, success=True,
                result=f"{a.id} and {b.id} swap places ({st.battlefield.label(hb[0])}, {st.battlefield.label(ha[0])})")


def barge_partners(state: MatchState, brute: Figure, values: dict[str, Any]) -> list[Figure]:
    """The friendly figures ``brute`` may swap with (Barge Into Battle), by id."""
    m = _BARGE.fullmatch(str(values.get("with", "")))
    if m is None or not _free(state, brute) or engaged_enemies(state, brute):
        return []
    sizes, reach = _sizes(m.group(1)), int(m.group(2))
    limit = int(values.get("level_limit", 10**6))
    return sorted((f for f in state.on_battlefield() if f is not brute and not state.is_enemy(brute, f)
                   and f.controller == brute.controller and state.card_of(f).kind == "squad"
                   and (state.card_of(f).size or "") in sizes and _free(state, f) and engaged_enemies(state, f)
                   and abs(f.level - brute.level) <= limit and spaces_between(brute, f) <= reach
                   and line_of_sight(state, brute, f)), key=lambda f: f.id)


@register
class BargeIntoBattle(PowerEffect):
    """After moving: each unengaged figure of the card may swap with an engaged friend (options:
    figure ids, ``skip``)."""

    name = "swap_after_moving"
    kind = "swap"
    per_figure = True
    optional = True
    window = Window.AFTER_MOVING
    rule = "HS-TURN-06"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key not in st.cards:
            return []
        power = st.cards[turn.card_key].card.power(self.kind)
        if power is None or check_swap(power.values) or not _BARGE.fullmatch(str(power.values.get("with", ""))):
            return []
        return [Trigger(self.name, f.controller, f.id, source=f.id) for f in living(st, turn.card_key)
                if barge_partners(st, f, power.values)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(self.options(engine, trigger)[:-1])

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        power = self.power(engine, trigger)
        fig = engine.state.figures[trigger.subject]
        return [f.id for f in barge_partners(engine.state, fig, power.values)] + [SKIP] if power else [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return f"{self.power_name(engine, trigger)}: {trigger.subject} swaps places with which engaged friend?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        if choice in self.options(engine, trigger)[:-1]:
            exchange(engine, st.figures[trigger.subject], st.figures[str(choice)], self.power_name(engine, trigger))


@register
class TacticalSwitch(PowerEffect):
    """As an attack on a Small/Medium enemy is declared: swap attacker and defender (``swap``/``skip``)."""

    name = "swap_before_attack"
    kind = "swap"
    per_figure = True
    optional = True
    window = Window.BEFORE_ATTACK
    rule = "HS-SPECIAL-08"

    def _pair(self, engine: RulesContext) -> tuple[Figure, Figure] | None:
        st = engine.state
        args = window_args(engine)
        a, t = st.figures.get(str(args.get("attacker", ""))), st.figures.get(str(args.get("target", "")))
        if a is None or t is None or not a.on_battlefield or not t.on_battlefield:
            return None
        power = st.card_of(a).power(self.kind)
        if power is None or check_swap(power.values) or power.values.get("with") != DEFENDER:
            return None
        if not st.is_enemy(a, t) or (st.card_of(t).size or "") not in ("small", "medium") or not _free(st, a) \
                or not _free(st, t):
            return None
        turn = st.turn
        if power.values.get("limit") and turn is not None and t.id in turn.data.get("swapped", []):
            return None
        return a, t

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        if not holders(engine.state, self.kind):
            return []
        pair = self._pair(engine)
        return [Trigger(self.name, pair[0].controller, pair[0].id, source=pair[0].id)] if pair else []

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return self._pair(engine) is not None

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [SWAP, SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        pair = self._pair(engine)
        other = pair[1].id if pair else "the defender"
        return f"{self.power_name(engine, trigger)}: swap places with {other} before rolling?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        pair = self._pair(engine)
        if choice != SWAP or pair is None:
            return
        turn = engine.state.turn
        if turn is not None:
            turn.data.setdefault("swapped", []).append(pair[1].id)
        exchange(engine, pair[0], pair[1], self.power_name(engine, trigger))


def passengers(state: MatchState, carrier: Figure) -> list[Figure]:
    """Friendly Small/Medium figures, unengaged, that stood next to where ``carrier`` started this turn."""
    turn = state.turn
    start = [Hex(q, r) for q, r in (turn.data.get("from", {}).get(carrier.id, []) if turn is not None else [])]
    if not start:
        return []
    return sorted((f for f in state.on_battlefield() if f is not carrier and not state.is_enemy(carrier, f)
                   and f.controller == carrier.controller and (state.card_of(f).size or "") in ("small", "medium")
                   and _free(state, f) and not engaged_enemies(state, f)
                   and any(h.is_adjacent(s) for h in f.hexes for s in start)
                   and not any(h.is_adjacent(c) for h in f.hexes for c in carrier.hexes)), key=lambda f: f.id)


def landing(state: MatchState, carrier: Figure) -> list[Hex]:
    """Empty spaces next to ``carrier`` on its level."""
    bf = state.battlefield
    out = []
    for h in {n for c in carrier.hexes for n in c.neighbours()} - set(carrier.hexes):
        cell = bf.top_cell(h)
        if cell is not None and cell.top == carrier.level and not bf.obstacles_on(h) and state.occupant(h) is None:
            out.append(h)
    return sorted(out, key=lambda h: (h.r, h.q))


@register
class Carry(PowerEffect):
    """Carry: as the carrier's move ends, pick a passenger (or ``skip``), then the space next to it."""

    name = "carry"
    per_figure = True
    optional = True
    window = Window.END_OF_MOVE
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        fig = st.figures.get(str(window_args(engine).get("figure", "")))
        if fig is None or not holders(st, self.name):
            return []
        power = st.card_of(fig).power(self.name)
        if power is None or check_carry(power.values) or not passengers(st, fig) or not landing(st, fig):
            return []
        return [Trigger(self.name, fig.controller, fig.id, source=fig.id)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return trigger.get("step") is not None or bool(passengers(engine.state, engine.state.figures[trigger.subject]))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [f.id for f in passengers(engine.state, engine.state.figures[trigger.subject])] + [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return f"{self.power_name(engine, trigger)}: which figure did {trigger.subject} carry along?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        carrier = st.figures[trigger.subject]
        if trigger.get("step") == "drop":
            rider = st.figures[str(trigger.get("rider"))]
            where = parse_spaces(st, choice or "") or []
            if where and where[0] in landing(st, carrier) and rider.on_battlefield:
                cell = st.battlefield.top_cell(where[0])
                rider.hexes, rider.level = (where[0],), cell.top if cell is not None else carrier.level
                engine.emit("power", power=self.power_name(engine, trigger), figure=rider.id, success=True,
                            result=f"{carrier.id} carries {rider.id} to {st.battlefield.label(where[0])}")
            return
        if choice not in [f.id for f in passengers(st, carrier)]:
            return
        engine.ask(trigger.with_data(step="drop", rider=choice), f"{self.power_name(engine, trigger)}: where next to "
                   f"{carrier.id} does {choice} go?", labels(st, landing(st, carrier)))
