"""Part of building block ``d20_trigger``: after moving and before attacking (HS-TURN-06), the d20 at
a Small or Medium figure next to the holder, which on a success is thrown onto a space in the
holder's sight and may be hurt by the landing (Throw 14 of Jotun).

``values``: ``window`` "after move, before attack", ``target`` "adjacent Small/Medium non-flying
figure", ``effect`` "throw up to N spaces; second d20 11+ = 2 wounds (not if into water or above
<holder>'s height)", ``threshold``. Once per turn for each figure of the card: its controller picks
a figure next to it (enemies first, then ``skip``, then its own side's), rolls the d20; on
``threshold`` or more they pick an empty space (no figure, obstacle or glyph) within N spaces of the
holder that it has clear sight of (HS-LOS-05), and the figure is put there: placed, not moved, so it
takes no leaving-engagement attacks. Then, unless it landed on water (the card says so, as water
breaks a fall, DEC-02) or on a space more levels above the holder's base than the holder's Height,
a second d20: on the number given or more the thrown figure takes the wounds, with no defense roll.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.errors import IllegalCommand
from bot.rules.events import hx
from bot.rules.glyphs.moves import free_space
from bot.rules.hexes import Hex
from bot.rules.los import sees_space
from bot.rules.objects import field_now
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import SKIP
from bot.rules.powers._shaped import ShapedTurnPower, roll_d20
from bot.rules.powers._turns import labels, space_answer
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this shape (:mod:`block_d20` asks
#: :func:`is_throw` and leaves them to this module).
KINDS: frozenset[str] = frozenset()
KIND = "d20_trigger"
_EFFECT = re.compile(r"throw up to (\d+) spaces; second d20 (\d+)\+ = (\d+) wounds \(not if into water or above "
                     r"[a-z' -]+'s height\)")


def read(values: dict[str, Any]) -> tuple[int, int, int] | None:
    """``(spaces, second d20 needed, wounds)`` of a throw, or ``None`` when the values are not this shape."""
    threshold = values.get("threshold")
    m = _EFFECT.fullmatch(terms.norm(values.get("effect", "")))
    ok = (terms.norm(values.get("window", "")) == "after move, before attack"
          and terms.norm(values.get("target", "")) == "adjacent small/medium non-flying figure"
          and isinstance(threshold, int) and not isinstance(threshold, bool)
          and set(values) == {"window", "target", "effect", "threshold"})
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if ok and m else None


def is_throw(values: dict[str, Any]) -> bool:
    """Whether a ``d20_trigger``'s ``values`` are this shape (see the module doc)."""
    return read(values) is not None


def throw_of(card_powers: list[Power]) -> Power | None:
    """The first such power among ``card_powers``, or ``None``."""
    return next((p for p in card_powers if p.kind == KIND and is_throw(dict(p.values))), None)


def throwable(state: MatchState, holder: Figure) -> list[Figure]:
    """The Small and Medium figures without Flying next to ``holder``: enemies first, then by id."""
    found = [f for f in state.on_battlefield() if f is not holder and not state.card_of(f).flies
             and (state.card_of(f).size or "") in ("small", "medium") and len(f.hexes) == 1 and adjacent(state, holder, f)]
    return sorted(found, key=lambda f: (not state.is_enemy(holder, f), f.id))


def landing(state: MatchState, holder: Figure, spaces: int) -> list[Hex]:
    """The empty spaces within ``spaces`` of ``holder`` that it has clear sight of, farthest and lowest
    first (where a landing hurts most), then in label order."""
    bf = field_now(state)
    out = []
    for h in bf.hexes():
        cell = bf.top_cell(h)
        if cell is None or min(h.distance(x) for x in holder.hexes) > spaces or not free_space(state, h):
            continue
        if sees_space(state, holder, h, cell.top):
            out.append((h, cell.top))
    return [h for h, _ in sorted(out, key=lambda hl: (hl[1], -min(hl[0].distance(x) for x in holder.hexes),
                                                      hl[0].r, hl[0].q))]


@register
class Throw(ShapedTurnPower):
    """Throw: see the module doc. A trigger's ``subject`` and ``source`` are the holder; the
    follow-up ``step`` "space" (with ``thrown``) asks where the figure lands."""

    name = "d20_throw"
    kind = KIND
    rule = "HS-TURN-06"
    shape_of = staticmethod(throw_of)

    def ready(self, state: MatchState, fig: Figure, power: Power) -> bool:
        return bool(throwable(state, fig))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        holder = st.figures[trigger.subject]
        found = throwable(st, holder)
        return [f.id for f in found if st.is_enemy(holder, f)] + [SKIP] + \
            [f.id for f in found if not st.is_enemy(holder, f)]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self.power(engine, trigger)
        need = power.values.get("threshold") if power is not None else "?"
        return (f"{self.power_name(engine, trigger)}: roll the d20 to throw which figure next to {trigger.subject} "
                f"({need} or more)? Or {SKIP}.")

    def _spaces(self, engine: RulesContext, trigger: Trigger) -> list[Hex]:
        power = self.power(engine, trigger)
        got = read(dict(power.values)) if power is not None else None
        return landing(engine.state, engine.state.figures[trigger.subject], got[0]) if got is not None else []

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        # The landing spaces may be many: a typed one (or "2,3") among them is good too.
        return space_answer(engine.state, answer, self._spaces(engine, trigger)) if trigger.get("step") == "space" else None

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        rolled = self.pick_and_roll(engine, trigger, throwable(st, st.figures[trigger.subject]), choice)
        if rolled is None:
            return
        holder, power, fig, total, shown = rolled
        need = int(power.values["threshold"])
        spaces = self._spaces(engine, trigger)
        ok = total >= need and bool(spaces)
        engine.emit("power", power=power.name, figure=holder.id, player=trigger.controller, target=fig.id,
                    needed=need, success=ok, result=f"{holder.id} throws {fig.id}" if ok else "no effect", **shown)
        if ok:
            engine.ask(trigger.with_data(step="space", thrown=fig.id),
                       f"{power.name}: where does {fig.id} land?", labels(st, spaces))

    def follow_up(self, engine: RulesContext, trigger: Trigger, step: str, choice: str | None) -> None:
        st = engine.state
        holder = st.figures[trigger.subject]
        fig = st.figures[str(trigger.get("thrown"))]
        power = self.power(engine, trigger)
        got = read(dict(power.values)) if power is not None else None
        try:
            h: Hex | None = st.battlefield.parse_space(choice or "")
        except ValueError:
            h = None
        if power is None or got is None or h is None or h not in self._spaces(engine, trigger):
            raise IllegalCommand(f"{choice} is not an empty space in {holder.id}'s sight within reach of the throw",
                                 self.rule, actions=("choose",))
        bf = field_now(st)
        cell = bf.top_cell(h)
        assert cell is not None  # a landing space has tiles
        before = [hx(x) for x in fig.hexes]
        fig.hexes, fig.level = (h,), cell.top  # placed, not moved: no leaving-engagement attacks
        safe = cell.terrain.is_water or cell.top - holder.level > st.card_of(holder).stat("height")
        # Landing where it cannot be hurt, no second roll is needed.
        _, total, shown = roll_d20(engine, holder.controller, power, holder.card_key) if not safe else (0, 0, {})
        hurt = not safe and total >= got[1]
        why = "it lands in water" if cell.terrain.is_water else "it lands above the thrower's height" if safe else ""
        engine.emit("power", power=power.name, figure=holder.id, player=trigger.controller, target=fig.id,
                    needed=got[1], success=hurt, at=hx(h), before=before,
                    result=(f"{fig.id} lands on {st.battlefield.label(h)}"
                            + (f" and takes {got[2]} wounds" if hurt else f" unhurt ({why})" if why else " unhurt")),
                    **shown)
        if hurt:
            engine.wound(fig, got[2], f"{power.name} by {holder.id}")
