"""Building block ``splash_wound`` (Cleave of Tandros Kreel): as the holder makes a normal attack
at an adjacent figure, its controller may pick one other figure next to the holder; if the attack
wounds the defender, the picked figure takes ``wounds`` wounds (no defense roll).

``values``: ``wounds`` (a whole number), ``target`` "one other adjacent [Squad | Hero] figure",
``condition`` "defender wounded". The pick is a pending decision of the attacker's controller in the
"before attack" window (enemies first, then ``none``, then friends); the wound comes in the "after
attack" window (HS-ATTACK-01, HS-DESTROY-01).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import window_args
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"splash_wound"})

KIND = "splash_wound"
NONE = "none"
#: ``turn.data`` key: "attacker#attack number" -> [figure picked, power name].
PICKED = "splash_picked"


def _read(values: dict[str, Any]) -> str | None:
    """The kind of figure picked ("squad", "hero" or "" for any), or ``None`` when not understood."""
    if set(values) != {"wounds", "target", "condition"} or terms.norm(values["condition"]) != "defender wounded":
        return None
    n = values["wounds"]
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        return None
    m = re.fullmatch(r"one other adjacent (?:(squad|hero) )?figure", terms.norm(values["target"]))
    return (m.group(1) or "") if m else None


def check_splash(values: dict[str, Any]) -> str | None:
    """Why a ``splash_wound`` cannot be enforced, or ``None``."""
    return None if _read(values) is not None else f"the splash at '{values.get('target')}' is not understood"


def _power(st: MatchState, fig: Figure) -> Power | None:
    return next((p for p in st.card_of(fig).powers if p.kind == KIND and _read(dict(p.values)) is not None), None)


def _key(st: MatchState, attacker: str) -> str:
    n = len(st.turn.data.get("attacks", ())) if st.turn is not None else 0
    return f"{attacker}#{n}"


def _candidates(st: MatchState, attacker: Figure, target: Figure, power: Power) -> list[Figure]:
    kind = _read(dict(power.values))
    near = [f for f in st.on_battlefield() if f is not attacker and f is not target and adjacent(st, attacker, f)
            and (not kind or st.card_of(f).kind == kind)]
    return sorted(near, key=lambda f: (not st.is_enemy(attacker, f), f.id))


@register
class SplashPick(Effect):
    """Before the holder's normal attack at an adjacent figure: pick the figure the splash reaches."""

    name = "splash_pick"
    window = Window.BEFORE_ATTACK
    source = Source.UNIT
    optional = True
    rule = "HS-ATTACK-01"

    def _open(self, engine: RulesContext) -> tuple[Figure, Figure, Power] | None:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        target = st.figures.get(str(args.get("target", "")))
        if attacker is None or target is None or "name" in args or st.turn is None:
            return None  # a special attack carries its "name"
        power = _power(st, attacker)
        if power is None or not adjacent(st, attacker, target) or _key(st, attacker.id) in st.turn.data.get(PICKED, {}):
            return None
        return attacker, target, power

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = self._open(engine)
        if found is None or not _candidates(engine.state, *found):
            return []
        return [Trigger(self.name, found[0].controller, found[0].id, (("power", found[2].name),), source=found[0].id)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        found = self._open(engine)
        near = _candidates(engine.state, *found) if found else []
        foes = [f.id for f in near if engine.state.is_enemy(found[0], f)] if found else []
        return foes + [NONE] + [f.id for f in near if f.id not in foes]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power", self.name))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        found = self._open(engine)
        n = found[2].values.get("wounds", 1) if found else 1
        return (f"{trigger.get('power')}: pick a figure next to {trigger.subject}; it takes {n} wound if this attack "
                "wounds the defender. Which one (or none)?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        found = self._open(engine)
        st = engine.state
        if found is None or st.turn is None:
            return
        picked = choice if choice in {f.id for f in _candidates(st, *found)} else None
        st.turn.data.setdefault(PICKED, {})[_key(st, found[0].id)] = [picked, found[2].name]


@register
class SplashWound(Effect):
    """After the holder's attack: the picked figure takes its wounds when the defender was wounded."""

    name = "splash_wound"
    window = Window.AFTER_ATTACK
    source = Source.UNIT

    def _picked(self, engine: RulesContext) -> tuple[Figure, Figure, Power] | None:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        if attacker is None or st.turn is None or not int(args.get("wounds", 0) or 0):
            return None
        got = st.turn.data.get(PICKED, {}).get(_key(st, attacker.id))
        power = _power(st, attacker)
        victim = st.figures.get(str(got[0])) if got and got[0] else None
        if victim is None or power is None or not victim.on_battlefield:
            return None
        return attacker, victim, power

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = self._picked(engine)
        return [Trigger(self.name, found[0].controller, found[0].id, source=found[0].id)] if found else []

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        found = self._picked(engine)
        if found is None:
            return
        attacker, victim, power = found
        n = int(power.values["wounds"])
        turn = engine.state.turn
        if turn is not None:  # once: the window may ask again
            turn.data[PICKED][_key(engine.state, attacker.id)][0] = None
        engine.emit("power", power=power.name, figure=attacker.id, target=victim.id, player=attacker.controller,
                    success=True, result=f"{victim.id} takes {n} wound{'s' if n != 1 else ''}")
        engine.wound(victim, n, f"{power.name} of {attacker.id}")


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"splash_wound": check_splash}
