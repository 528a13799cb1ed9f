"""Building blocks about who may attack a figure, and what its attackers risk.

- ``targeting_restriction`` (Thorian Speed, Apparition, Lurk in Shadows): an opponent's figure
  may target the holder with a normal attack (``normal_attacks_only_from``) or with a normal or
  special attack (``normal_and_special_only_from``) only from "adjacent figures" or "figures
  within N spaces"; ``condition`` (about the holder: "on a shadow space") says when it holds.
  A targeting hook: "cannot" beats "can" (HS-SPECIAL-09).
- ``taunt`` (Combat Challenge): an opponent's figure next to the holder may attack only the holder.
- ``backlash`` (Lumbering Bully): when the holder makes a normal attack, each shield its target
  rolls beyond the hits is a wound on the holder (an effect after the defense roll).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.combat import tally
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.powers import _terms as terms
from bot.rules.powers import block_x_marker as x_marker
from bot.rules.powers._common import holders, power_of
from bot.rules.powers._effects import window_args
from bot.rules.state import MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"targeting_restriction", "backlash", "taunt"})

_FROM = ("normal_attacks_only_from", "normal_and_special_only_from")


def _from(values: dict[str, Any]) -> tuple[str, int] | None:
    """``(attacks, spaces)``: ``attacks`` is ``"normal"`` or ``"all"``; attackers must be within
    ``spaces`` (1: adjacent). ``None`` when not understood."""
    for key in _FROM:
        if key in values:
            t = terms.norm(values[key])
            if t in ("adjacent figures", "adjacent figure"):
                n = 1
            else:
                m = re.fullmatch(r"figures within (\d+) spaces?", t)
                if not m:
                    return None
                n = int(m.group(1))
            return ("normal" if key == _FROM[0] else "all"), n
    return None


def check_targeting_restriction(values: dict[str, Any]) -> str | None:
    """Why a ``targeting_restriction`` cannot be enforced, or ``None`` (one switched on by the X
    Order Marker: see :mod:`block_x_marker`)."""
    if "activation" in values:
        return x_marker.check_x_restriction(values)
    for key in values:
        if key not in (*_FROM, "condition"):
            return {"who": "a restriction shielding other figures is not built yet",
                    "activation": "a restriction switched on by revealing an Order Marker is not built yet",
                    "duration": "a restriction that lasts after its moment is not built yet"}.get(
                key, f"the parameter '{key}' is not understood")
    if _from(values) is None:
        return "the attackers allowed are not understood"
    cond, why = terms.condition(values.get("condition"))
    if cond is None:
        return why
    if cond.needs_attack:
        return "a restriction whose condition depends on the attacker is not built yet"
    return None


@modifiers.on_target_check
def targeting_restriction(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """An opponent's figure may target the holder only from near enough."""
    power = power_of(state, ctx.target, "targeting_restriction")
    if power is None or "activation" in power.values or not state.is_enemy(ctx.attacker, ctx.target):
        return None
    read = terms.read(power, "targeting", lambda p: (None if check_targeting_restriction(p.values) else
                                                     (_from(p.values), terms.condition(p.values.get("condition"))[0])))
    if read is None or read[0] is None:
        return None
    (attacks, n), cond = read[0], read[1]
    if attacks == "normal" and ctx.special is not None:
        return None
    if cond is not None and not cond.holds(state, ctx.target, None, ""):
        return None
    if terms.spaces(ctx.attacker, ctx.target) <= n and (n > 1 or adjacent(state, ctx.attacker, ctx.target)):
        return None
    where = "next to it" if n == 1 else f"within {n} spaces of it"
    what = "a normal attack" if attacks == "normal" else "an attack"
    return Verdict(False, f"{ctx.target.id} has {power.name}: only a figure {where} may aim {what} at it", "HS-SPECIAL-09")


def check_taunt(values: dict[str, Any]) -> str | None:
    """Why a ``taunt`` cannot be enforced, or ``None``: ``who`` must be "adjacent opponent's figures"."""
    if terms.norm(values.get("who", "")) != "adjacent opponent's figures" or set(values) - {"who"}:
        return f"the figures named '{values.get('who')}' are not understood"
    return None


@modifiers.on_target_check
def taunt(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Combat Challenge: an opponent's figure next to the holder that attacks must attack the holder
    (or another figure holding the power next to it)."""
    found = [(h, p) for h, p in holders(state, "taunt") if check_taunt(p.values) is None
             and state.is_enemy(ctx.attacker, h) and adjacent(state, ctx.attacker, h)]
    if not found or any(ctx.target is h for h, _ in found):
        return None
    names = " or ".join(h.id for h, _ in found)
    return Verdict(False, f"{ctx.attacker.id} is next to {names}, whose {found[0][1].name} makes it attack {names}",
                   "HS-SPECIAL-09")


def check_backlash(values: dict[str, Any]) -> str | None:
    """Why a ``backlash`` cannot be enforced, or ``None``."""
    effect = terms.norm(values.get("effect", ""))
    if effect != "defender's excess shields hit this figure" or set(values) - {"effect"}:
        return f"the backlash '{values.get('effect')}' is not understood"
    return None


@register
class Backlash(Effect):
    """``backlash``: after the defense roll against the holder's normal attack, each shield beyond
    the hits wounds the holder."""

    name = "backlash"
    window = Window.AFTER_DEFENSE_ROLL
    source = Source.UNIT

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        args = window_args(engine)
        st = engine.state
        attacker, target = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        if attacker is None or target is None or "defense_dice" not in args:
            return []
        power = power_of(st, attacker, self.name)
        if power is None or check_backlash(power.values) is not None:
            return []
        count = tally(st, AttackContext(attacker, target), args["attack_dice"], args["defense_dice"])
        excess = count.shields - count.hits
        if excess <= 0:
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, (("wounds", excess),), source=attacker.id)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return engine.state.figures[trigger.subject].on_battlefield

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        fig = engine.state.figures[trigger.subject]
        power = power_of(engine.state, fig, self.name)
        name = power.name if power else "Backlash"
        wounds = int(trigger.get("wounds", 0))
        engine.emit("power", power=name, figure=fig.id, target=fig.id, wounds=wounds)
        engine.wound(fig, wounds, f"{name}: the defender's extra shields")


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "targeting_restriction": check_targeting_restriction,
    "backlash": check_backlash,
    "taunt": check_taunt,
}
