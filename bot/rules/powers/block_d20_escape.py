"""Part of building block ``d20_trigger``: a roll against an attack that, when it succeeds, also
lets the defender get away once the attack is over.

Effects read (``effect`` of a ``d20_trigger`` whose ``window`` is a defense moment of
:mod:`block_d20`):

- "no damage; move up to N" (Stealthy 13 of the Exiles of the Sundered Sea): the attack does
  nothing to the figure, which may then move up to N spaces with the normal movement rules;
  "..., must end unengaged" (Vanish 9 of Isamu, Disappearing Ninja): only to a space where it is
  engaged with no enemy figure.
- "no damage; may move with Swing Line N" (Spidey-Sense of Spider-Man, Spider Sense of Venom): the
  move is the figure's own leap (its ``alt_move`` power that ignores elevation, as ``move FIG
  SPACE leap``): flying at most N spaces, no leaving-engagement attacks when the leap spares them.
- "ignore the wounds and return a destroyed WORD adjacent" (Cell Divide of the Marro Dividers): the
  wounds are ignored, and after the attack one destroyed figure of the holder's card may be put on
  an empty space next to it (a space, or ``stay``).
- "ignore the wounds; place within N spaces, L levels" (Kieru 14 of Shiori): the wounds are
  ignored and the figure may be placed on an empty space at most N spaces away and at most L levels
  above or below its own (a placement: no leaving-engagement attacks, HS-SPECIAL-08).

:mod:`block_d20` rolls and ignores the wounds as for Stealth Armor; on a success it calls
:func:`record`, and after the attack (the "after attack" window) the defender's controller is asked
where the figure goes (a space, or ``stay``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from bot.rules import modifiers
from bot.rules.engagement import engaged_at, figure_height
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.hexes import Hex
from bot.rules.movement import MovePlan, plan, reachable
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._free import (
    STAY,
    FreeMove,
    ask_space,
    chosen_space,
    destinations,
    empty_next_to,
    place_on,
    typed_space,
)
from bot.rules.powers.move_basic import LEAP
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of these effects.
KINDS: frozenset[str] = frozenset()

#: ``turn.data`` key: [figure id, power name] of each successful roll not yet followed by the move.
ESCAPES = "d20_escapes"
#: ``turn.data`` key: [figure id, power name] of each successful roll that brings a destroyed figure back.
RETURNS = "d20_returns"
_RETURN = re.compile(r"ignore the wounds and return a destroyed ([a-z]+) adjacent")
_MOVE = re.compile(r"no damage; move up to (\d+)(, must end unengaged)?")
_SWING = re.compile(r"no damage; may move with swing line (\d+)")
_PLACE = re.compile(r"ignore the wounds; place within (\d+) spaces?, (\d+) levels?")


def read(effect: Any) -> tuple[str, int, int] | None:
    """``("move", spaces, 0)``, ``("unengaged", spaces, 0)`` (the move must end unengaged),
    ``("leap", spaces, 0)`` (the figure's leap) or ``("place", spaces, levels)`` of an escape
    effect, else ``None``."""
    t = terms.norm(effect) if isinstance(effect, str) else ""
    m = _MOVE.fullmatch(t)
    if m:
        return ("unengaged" if m.group(2) else "move", int(m.group(1)), 0)
    m = _SWING.fullmatch(t)
    if m:
        return ("leap", int(m.group(1)), 0)
    m = _PLACE.fullmatch(t)
    return ("place", int(m.group(1)), int(m.group(2))) if m else None


def returns(effect: Any) -> bool:
    """Whether ``effect`` also brings a destroyed figure of the card back next to the holder."""
    return isinstance(effect, str) and _RETURN.fullmatch(terms.norm(effect)) is not None


def record(st: MatchState, holder: Figure, power_name: str, effect: Any) -> None:
    """After a successful roll: ``holder`` gets away once the attack is over (when ``effect`` is one
    of :func:`read`'s), or a destroyed figure of its card comes back next to it (:func:`returns`)."""
    if st.turn is not None and (read(effect) is not None or returns(effect)):
        st.turn.data.setdefault(ESCAPES if read(effect) is not None else RETURNS, []).append([holder.id, power_name])


def _effect(st: MatchState, fig: Figure, power_name: str) -> tuple[str, int, int] | None:
    for p in st.card_of(fig).powers:
        if p.kind == "d20_trigger" and p.name == power_name:
            return read(p.values.get("effect"))
    return None


def places(st: MatchState, fig: Figure, spaces: int, levels: int) -> list[Hex]:
    """The empty spaces within ``spaces`` of a single-space ``fig`` whose level is at most ``levels``
    from its own, in label order."""
    if len(fig.hexes) != 1 or modifiers.move_rules(st, fig).held_by:
        return []
    bf = st.battlefield
    out = []
    for h in bf.hexes():
        cell = bf.top_cell(h)
        if h in fig.hexes or h.distance(fig.hexes[0]) > spaces or cell is None or bf.obstacles_on(h) \
                or st.occupant(h) is not None or abs(cell.top - fig.level) > levels:
            continue
        out.append(h)
    return sorted(out, key=lambda h: (h.r, h.q))


def _engaged_after(st: MatchState, fig: Figure, path: list[Hex]) -> bool:
    """Whether ``fig`` would be engaged with an enemy figure at the end of ``path``."""
    try:
        mp = plan(st, fig, path, check_allowance=False)
    except IllegalCommand:
        return True
    height = figure_height(st, fig)
    return any(engaged_at(st, mp.end, mp.end_level, height, o.hexes, o.level, figure_height(st, o))
               for o in st.on_battlefield() if o is not fig and st.is_enemy(fig, o))


def _leaps(st: MatchState, fig: Figure, spaces: int) -> dict[Hex, list[Hex]]:
    """Where ``fig``'s own leap (Swing Line) takes it within ``spaces``, each with a path; none
    when its card has no leap."""
    try:
        found = reachable(st, fig, True, power=LEAP)
    except (IllegalCommand, InvalidCommand):
        return {}
    out: dict[Hex, list[Hex]] = {}
    for end, (cost, path) in found.items():
        if end != fig.hexes and path and cost <= spaces:
            out.setdefault(end[0], path)
    return out


class _AfterRoll(PowerEffect):
    """After the attack, one trigger per successful roll recorded under :attr:`key` in ``turn.data``
    (``[figure id, power name]``): ``subject`` the figure, data ``power``."""

    kind = "d20_trigger"
    window = Window.AFTER_ATTACK
    per_figure = True
    rule = "HS-SPECIAL-08"
    key: ClassVar[str] = ""

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        out = []
        for fid, power in st.turn.data.get(self.key, []) if st.turn is not None else []:
            fig = st.figures.get(fid)
            if fig is not None and fig.on_battlefield:
                out.append(Trigger(self.name, fig.controller, fid, (("power", power),), source=fid))
        return out

    def power_name(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power"))

    def used(self, engine: RulesContext, trigger: Trigger) -> None:
        """Once per successful roll: its record goes as the figure is first asked."""
        turn = engine.state.turn
        entry = [trigger.subject, trigger.get("power")]
        if turn is not None and entry in turn.data.get(self.key, []):
            turn.data[self.key].remove(entry)


@register
class EscapeAfterAttack(_AfterRoll, FreeMove):
    """After the attack: the figure whose roll succeeded moves or is placed. ``subject``: the
    figure; data ``power`` (its name), ``step`` ``"to"`` once asked."""

    name = "d20_escape"
    key = ESCAPES

    def _how(self, engine: RulesContext, trigger: Trigger) -> tuple[str, int, int]:
        fig = engine.state.figures[trigger.subject]
        return _effect(engine.state, fig, self.power_name(engine, trigger)) or ("move", 0, 0)

    def budget(self, engine: RulesContext, trigger: Trigger) -> int:
        return self._how(engine, trigger)[1]

    def ends(self, engine: RulesContext, trigger: Trigger, fig: Figure) -> dict[Hex, list[Hex]]:
        how, spaces, levels = self._how(engine, trigger)
        st = engine.state
        if how == "place":
            return {h: [h] for h in places(st, fig, spaces, levels)}
        if how == "leap":
            return _leaps(st, fig, spaces)
        ends = destinations(st, fig, spaces)
        if how == "unengaged":
            return {h: path for h, path in ends.items() if not _engaged_after(st, fig, path)}
        return ends

    def move_plan(self, engine: RulesContext, trigger: Trigger, fig: Figure, path: list[Hex]) -> MovePlan:
        if self._how(engine, trigger)[0] == "leap":
            return plan(engine.state, fig, path, True, check_allowance=False, power=LEAP)
        return super().move_plan(engine, trigger, fig, path)

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        how, spaces, levels = self._how(engine, trigger)
        if how != "place":
            return super().accept(engine, trigger, answer)
        return typed_space(engine, trigger, answer, lambda: self.ends(engine, trigger, engine.state.figures[trigger.subject]),
                           lambda fig, label: f"{self.power_name(engine, trigger)}: {fig.id} cannot be placed on {label} "
                           f"(an empty space within {spaces} spaces and {levels} levels); name another, or {STAY}", self.rule)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        if trigger.get("step") != "to":
            self.used(engine, trigger)
        how, spaces, _ = self._how(engine, trigger)
        if how != "place":
            super().resolve(engine, trigger, choice)
            return
        ends = self.ends(engine, trigger, fig)
        if trigger.get("step") != "to":
            ask_space(engine, trigger, fig, ends, f"{self.power_name(engine, trigger)}: place {fig.id} on a space "
                      f"within {spaces} spaces? Name the space, or {STAY}.")
            return
        h = chosen_space(engine, fig, choice, ends)
        if h is not None:
            place_on(engine, trigger, self.power_name(engine, trigger), fig, h)


#: ``block_d20``'s check accepts these effects at its defense moments.
CHECKS: dict[str, Any] = {}


def _fallen(st: MatchState, fig: Figure) -> list[Figure]:
    return sorted((f for f in st.figures_of(fig.card_key) if f.destroyed and st.card_of(f).base == 1), key=lambda f: f.id)


@register
class ReturnAfterAttack(_AfterRoll):
    """After the attack: a destroyed figure of the card of the figure whose roll succeeded comes back
    next to it. ``step`` ``"to"`` once asked."""

    name = "d20_return_adjacent"
    key = RETURNS

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        return typed_space(engine, trigger, answer, lambda: empty_next_to(engine.state, engine.state.figures[trigger.subject]),
                           lambda fig, label: f"{self.power_name(engine, trigger)}: {label} is not an empty space next "
                           f"to {fig.id}; name one, or {STAY}", self.rule)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        fallen = _fallen(st, fig)
        if trigger.get("step") != "to":
            self.used(engine, trigger)
            if fallen:
                ask_space(engine, trigger, fig, {h: [h] for h in empty_next_to(st, fig)},
                          f"{self.power_name(engine, trigger)}: where does {fallen[0].id} come back, next to "
                          f"{fig.id}? Name the space, or {STAY}.")
            return
        h = st.battlefield.parse_space(str(choice)) if choice not in (None, STAY) else None
        if h is not None and h in empty_next_to(st, fig) and fallen:
            engine.put_on(fallen[0], (h,), self.power_name(engine, trigger))
