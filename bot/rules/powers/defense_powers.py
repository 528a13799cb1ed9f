"""Powers of a figure being attacked: who may target it, and what its defense roll does.

- Thorian Speed (Drake, ``thorian_speed``): an opponent's figure may aim a normal attack at the
  holder only when adjacent to it (a targeting hook: "cannot" beats "can", HS-SPECIAL-09).
- Stealth Dodge (Krav Maga Agents, ``stealth_dodge``): against an attacker that is not adjacent,
  ``shields`` shield(s) on the defense roll block all the damage.
- Counter Strike (Izumi Samurai, ``counter_strike``): after the defense roll against a normal
  attack by an adjacent figure that is not a Samurai, each shield beyond the hits is an
  unblockable wound on the attacker (an effect in the after-defense-roll window). With the shared
  card file's values it is a building block: ``vs`` "normal attack from an adjacent figure" /
  "... from a non-adjacent figure" / "any normal attack", ``exempt`` the attackers it spares;
  ``who`` "self and adjacent friendly Small/Medium Utgar figures" (Evil Eye Protection of Torin):
  the figures next to the holder that the words name defend with it too (a general's name is the
  general their cards follow).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.combat import tally
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext, Tally, Verdict
from bot.rules.powers._common import friendly, holders, is_a, power_of
from bot.rules.powers._effects import window_args
from bot.rules.powers._who import GENERALS, Who, parse_who, who_problem
from bot.rules.state import Figure, MatchState
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
        if key not in ("vs", "exempt", "who"):
            return f"the parameter '{key}' is not understood"
    if "who" in values:
        words = _others(values["who"])
        if words is None:
            return "Counter Strike given to other figures than the adjacent ones is not built yet"
        problem = who_problem(words)
        if problem:
            return problem
    if _vs(values) is None:
        return f"the attacks '{values.get('vs')}' are not understood"
    return None


def _others(who: object) -> str | None:
    """The words of the other figures a ``who`` "self and adjacent friendly X figures" names, a
    general's name turned into "that follows GENERAL" (``None``: another shape)."""
    m = re.fullmatch(r"self and adjacent (.+)", " ".join(str(who).split()), flags=re.IGNORECASE)
    if m is None:
        return None
    words = m.group(1)
    for general in GENERALS:
        found = re.search(rf"\b{general}\b", words, flags=re.IGNORECASE)
        if found:
            words = (words[:found.start()] + words[found.end():]).strip() + f" that follows {general}"
    return " ".join(words.split())


def _who(power: Power) -> Who:
    return parse_who(_others(power.values.get("who")) or "")


def _giver(state: MatchState, target: Figure) -> tuple[Figure, Power] | None:
    """The figure whose Counter Strike ``target`` defends with, and the power: its own, else that
    of an adjacent friendly figure whose ``who`` names it."""
    own = power_of(state, target, "counter_strike")
    if own is not None:
        return target, own
    for holder, p in holders(state, "counter_strike"):
        if holder is target or "who" not in p.values or check_counter_strike(p.values) is not None:
            continue
        if friendly(state, holder, target) and adjacent(state, holder, target) and _who(p).matches(state.card_of(target)):
            return holder, p
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
    found = _giver(state, target)
    if found is None:
        return 0
    values = found[1].values or _IZUMI
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
        if _giver(st, target) is None:
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
        found = _giver(st, holder)
        wounds = int(trigger.get("wounds", 0))
        name = found[1].name if found else "Counter Strike"
        shown = {"given_by": found[0].id} if found and found[0] is not holder else {}
        engine.emit("power", power=name, figure=holder.id, target=attacker.id, wounds=wounds, **shown)
        engine.wound(attacker, wounds, f"{name} by {holder.id}")


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"counter_strike": check_counter_strike}
