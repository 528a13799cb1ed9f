"""Part of building block ``d20_trigger``: before moving, the d20 at a figure in sight, whose Army
Card(s) then lose their face-down Order Markers (Crippling Gaze 15 of Dund).

``values``: ``window`` "before moving", ``target`` "figure within N clear sight spaces" (HS-LOS-03),
``effect`` "remove all Order Markers from its card(s)", ``threshold``. As the holder's card turn
begins, before any of its figures moves, its controller may pick an enemy figure in reach whose
card still carries a face-down Order Marker (picking a friend only costs its own player turns, so
it is not offered), then rolls the d20; on ``threshold`` or more every face-down Order Marker on
that figure's Army Card is removed, and on every other Common card of the same name its player
fields ("its card(s)"). Those turns are lost (HS-TURN-03: nothing is revealed). Which markers left
is told to their player alone (HS-ORDER-05).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import SKIP
from bot.rules.powers._shaped import ShapedTurnPower
from bot.rules.state import CardInPlay, Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this shape (:mod:`block_d20` asks
#: :func:`is_gaze` and leaves them to this module).
KINDS: frozenset[str] = frozenset()
KIND = "d20_trigger"
WINDOW = "before moving"
EFFECT = "remove all order markers from its card(s)"
_TARGET = re.compile(r"figure within (\d+) clear sight spaces")


def is_gaze(values: dict[str, Any]) -> bool:
    """Whether a ``d20_trigger``'s ``values`` are this shape (see the module doc)."""
    threshold = values.get("threshold")
    return (terms.norm(values.get("window", "")) == WINDOW and terms.norm(values.get("effect", "")) == EFFECT
            and _TARGET.fullmatch(terms.norm(values.get("target", ""))) is not None
            and isinstance(threshold, int) and not isinstance(threshold, bool)
            and set(values) == {"window", "target", "effect", "threshold"})


def gaze_of(card_powers: list[Power]) -> Power | None:
    """The first such power among ``card_powers``, or ``None``."""
    return next((p for p in card_powers if p.kind == KIND and is_gaze(dict(p.values))), None)


def cards_hit(state: MatchState, target: Figure) -> list[CardInPlay]:
    """The target's Army Card, and for a Common card every card of the same name its player controls."""
    mine = state.cards[target.card_key]
    if (mine.card.rarity or "") != "common":
        return [mine]
    return sorted((c for c in state.cards.values() if c.controller == mine.controller and c.card.name == mine.card.name),
                  key=lambda c: c.key)


def face_down(state: MatchState, cip: CardInPlay) -> list[str]:
    """The Order Markers still face down on ``cip``, by marker."""
    shown = state.revealed.get(cip.controller, [])
    return sorted(m for m, key in state.orders.get(cip.controller, {}).items() if key == cip.key and m not in shown)


def targets(state: MatchState, holder: Figure, power: Power) -> list[Figure]:
    """The enemy figures in reach whose card(s) carry a face-down Order Marker, by id."""
    m = _TARGET.fullmatch(terms.norm(power.values.get("target", "")))
    reach = terms.Reach(spaces=int(m.group(1))) if m else None
    return sorted((f for f in state.on_battlefield() if reach is not None and state.is_enemy(holder, f)
                   and reach.reaches(state, holder, f) and any(face_down(state, c) for c in cards_hit(state, f))),
                  key=lambda f: f.id)


@register
class CripplingGaze(ShapedTurnPower):
    """Crippling Gaze: see the module doc. A trigger's ``subject`` and ``source`` are the holder."""

    name = "d20_gaze"
    kind = KIND
    window = Window.START_OF_TURN
    rule = "HS-ORDER-05"
    shape_of = staticmethod(gaze_of)

    def ready(self, state: MatchState, fig: Figure, power: Power) -> bool:
        # before any figure of the card moves, at an enemy figure whose card(s) still carry a marker
        return state.turn is not None and not state.turn.moved and bool(targets(state, fig, power))

    def _found(self, engine: RulesContext, trigger: Trigger) -> list[Figure]:
        power = self.power(engine, trigger)
        return targets(engine.state, engine.state.figures[trigger.subject], power) if power is not None else []

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [f.id for f in self._found(engine, trigger)] + [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self.power(engine, trigger)
        need = power.values.get("threshold") if power is not None else "?"
        return (f"{self.power_name(engine, trigger)}: roll the d20 at which figure ({need} or more takes every "
                f"face-down Order Marker off its Army Card)? Or {SKIP}.")

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        rolled = self.pick_and_roll(engine, trigger, self._found(engine, trigger), choice)
        if rolled is None:
            return
        holder, power, target, total, shown = rolled
        need = int(power.values["threshold"])
        hit = cards_hit(st, target)
        ok = total >= need
        names = ", ".join(sorted({c.card.short for c in hit}))
        engine.emit("power", power=power.name, figure=holder.id, player=trigger.controller, target=target.id,
                    needed=need, success=ok,
                    result=f"every face-down Order Marker on {names} is removed" if ok else "no effect", **shown)
        if not ok:
            return
        for cip in hit:
            gone = face_down(st, cip)
            for marker in gone:
                del st.orders[cip.controller][marker]
            if gone:
                engine.emit("orders_removed", to=cip.controller, player=cip.controller, card=cip.key, markers=gone)
