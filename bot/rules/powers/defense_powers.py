"""Powers of a figure being attacked: who may target it, and what its defense roll does.

- Thorian Speed (Drake, ``thorian_speed``): an opponent's figure may aim a normal attack at the
  holder only when adjacent to it (a targeting hook: "cannot" beats "can", HS-SPECIAL-09).
- Stealth Dodge (Krav Maga Agents, ``stealth_dodge``): against an attacker that is not adjacent,
  ``shields`` shield(s) on the defense roll block all the damage.
- Counter Strike (Izumi Samurai, ``counter_strike``): after the defense roll against a normal
  attack by an adjacent figure that is not a Samurai, each shield beyond the hits is an
  unblockable wound on the attacker (an effect in the after-defense-roll window). With the shared
  card file's values it is a building block: ``vs`` "normal attack from an adjacent figure" /
  "... from a non-adjacent figure" / "any normal attack", ``exempt`` the attackers it spares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.combat import tally
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext, Tally, Verdict
from bot.rules.powers._common import is_a, power_of
from bot.rules.powers._effects import window_args
from bot.rules.state import MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext


#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"counter_strike", "stealth_dodge", "thorian_speed"})

@modifiers.on_target_check
def thorian_speed(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Thorian Speed: only an adjacent enemy may target Drake with a normal attack."""
    power = power_of(state, ctx.target, "thorian_speed")
    if power is None or ctx.special is not None or not state.is_enemy(ctx.attacker, ctx.target):
        return None
    if adjacent(state, ctx.attacker, ctx.target):
        return None
    return Verdict(False, f"{ctx.target.id} has {power.name}: only a figure next to him may aim a normal attack at him")


@modifiers.on_wounds
def stealth_dodge(state: MatchState, ctx: AttackContext, count: Tally) -> Tally | None:
    """Stealth Dodge: against a non-adjacent attacker, one shield blocks every hit."""
    power = power_of(state, ctx.target, "stealth_dodge")
    if power is None or count.wounds == 0 or count.shields < power.values.get("shields", 1):
        return None
    if adjacent(state, ctx.attacker, ctx.target):
        return None
    return modifiers.replace(count, wounds=0, reasons=(*count.reasons, power.name))


#: Counter Strike as the classic Izumi Samurai card wrote it (``values`` empty).
_IZUMI = {"vs": "normal attack from an adjacent figure", "exempt": "Samurai"}


def check_counter_strike(values: dict[str, Any]) -> str | None:
    """Why a ``counter_strike`` power cannot be enforced, or ``None``: ``vs`` is "normal attack
    from an adjacent figure", "... from a non-adjacent figure" or "any normal attack"; ``exempt``
    names the attackers it spares (card words: "Samurai")."""
    for key in values:
        if key not in ("vs", "exempt"):
            return {"who": "Counter Strike given to other figures is not built yet"}.get(
                key, f"the parameter '{key}' is not understood")
    if _vs(values) is None:
        return f"the attacks '{values.get('vs')}' are not understood"
    return None


def _vs(values: dict[str, Any]) -> str | None:
    """``"adjacent"``, ``"far"`` or ``"any"``: which normal attacks the power answers."""
    vs = " ".join(str(values.get("vs", _IZUMI["vs"])).lower().split())
    return {"normal attack from an adjacent figure": "adjacent", "normal attack from a non-adjacent figure": "far",
            "any normal attack": "any"}.get(vs)


def counter_strike_wounds(state: MatchState, ctx: AttackContext, count: Tally) -> int:
    """Unblockable wounds Counter Strike returns to the attacker once the dice of ``ctx`` came to
    ``count``: each shield beyond the hits, when the target has the power, the attack is a normal
    one by an attacker it answers (by default, the classic card: adjacent and not a Samurai);
    else 0. The effect below and the odds (:mod:`bot.rules.odds`) both ask this."""
    if ctx.special is not None:
        return 0
    attacker, target = ctx.attacker, ctx.target
    power = power_of(state, target, "counter_strike")
    if power is None:
        return 0
    values = power.values or _IZUMI
    vs = _vs(values)
    if vs is None or check_counter_strike(values) is not None:
        return 0
    exempt = values.get("exempt")
    if exempt and (is_a(state.card_of(attacker), class_=exempt) or is_a(state.card_of(attacker), species=exempt)):
        return 0
    if vs != "any" and adjacent(state, attacker, target) != (vs == "adjacent"):
        return 0
    return max(0, count.shields - count.hits)


@register
class CounterStrike(Effect):
    """Counter Strike: excess shields wound the adjacent, non-Samurai attacker of a normal attack."""

    name = "counter_strike"
    window = Window.AFTER_DEFENSE_ROLL
    source = Source.UNIT

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        args = window_args(engine)
        st = engine.state
        attacker, target = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        if attacker is None or target is None or "defense_dice" not in args:
            return []
        if power_of(st, target, self.name) is None:
            return []
        ctx = AttackContext(attacker, target)
        excess = counter_strike_wounds(st, ctx, tally(st, ctx, args["attack_dice"], args["defense_dice"]))
        if excess <= 0:
            return []
        return [Trigger(self.name, target.controller, attacker.id, (("wounds", excess),), source=target.id)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return engine.state.figures[trigger.subject].on_battlefield

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        attacker, holder = st.figures[trigger.subject], st.figures[trigger.source]
        power = power_of(st, holder, self.name)
        wounds = int(trigger.get("wounds", 0))
        name = power.name if power else "Counter Strike"
        engine.emit("power", power=name, figure=holder.id, target=attacker.id, wounds=wounds)
        engine.wound(attacker, wounds, f"{name} by {holder.id}")


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"counter_strike": check_counter_strike}
