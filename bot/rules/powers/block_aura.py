"""Building block ``aura``: a figure's power that changes a statistic of the figures around it.

``values`` (the shared card file's ``params``): ``stat`` (``attack``, ``defense``, ``range``,
``move``, a list of them, or a table ``{"move": 1, "attack_dice": 1}``), ``amount`` (negative
for an enemy aura such as Terrifying Aura), ``who`` (read by :func:`bot.rules.powers._terms.who`:
"friendly Orc Warriors", "figures you control", "opponent's figures", "friendly figures with Range
1", "Small/Medium figures attacked by your Captains or Pirates"), ``distance`` ("adjacent", a
number of spaces in the holder's clear sight, HS-LOS-03, or "any"), ``excludes_self``, and a ``condition`` about the holder's side ("you control another Unique Kyrie
Hero that follows Utgar").

- Attack: the reached figure's normal attacks (a special attack's dice are its own, HS-SPECIAL-02).
- Defense: its defense rolls against any attack (HS-ATTACK-10).
- Range and Move: its Range and Move values (an aura that lasts beyond its holder, a ``duration``,
  or one with a ``condition``, is not built yet).

The holder gives its aura to itself too when it is one of the figures named, unless the power says
``excludes_self`` (the cards' "other figures", "Raelin herself is excluded") or reaches only
adjacent figures; auras of different figures add up (HS-ATTACK-09).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import holders
from bot.rules.state import Figure, MatchState

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"aura"})

KIND = "aura"
_STATS = ("attack", "defense", "range", "move")


def table(values: dict[str, Any]) -> dict[str, Any] | None:
    """``{stat: amount}`` of an aura, or ``None`` when its ``stat`` is not understood."""
    stat = values.get("stat")
    if isinstance(stat, dict):
        out = {k.removesuffix("_dice"): v for k, v in stat.items()}
    elif isinstance(stat, str):
        out = {stat: values.get("amount")}
    elif isinstance(stat, list) and all(isinstance(s, str) for s in stat):
        out = {s: values.get("amount") for s in stat}
    else:
        return None
    return out if out and all(k in _STATS for k in out) else None


def check_aura(values: dict[str, Any]) -> str | None:
    """Why an ``aura`` cannot be enforced, or ``None``."""
    if "effect" in values:
        return "an aura that rolls its own dice is not built yet"
    cond, why = terms.condition(values.get("condition"))
    if cond is None or cond.needs_attack:
        return f"the condition '{values.get('condition')}' of the aura is not built yet"
    for key in values:
        if key not in ("stat", "amount", "who", "distance", "excludes_self", "condition"):
            return {"source": "choosing the figure the aura comes from is not built yet",
                    "condition": f"the condition '{values.get('condition')}' of the aura is not built yet",
                    "duration": "an aura that lasts after its moment is not built yet",
                    "extra": "the aura's extra effect is not built yet"}.get(key, f"the parameter '{key}' is not understood")
    t = table(values)
    if t is None:
        return f"the statistic '{values.get('stat')}' is not understood"
    for amt in t.values():
        if not isinstance(amt, int) or isinstance(amt, bool):
            return f"the amount '{amt}' is not understood"
    w, why = terms.who(values.get("who", ""))
    if w is None:
        return why
    if (w.attack or w.attacked_by) and any(s in t for s in ("range", "move")):
        return "a Range or Move aura that depends on an attack is not understood"
    return terms.reach(values.get("distance", "adjacent"))[1]


def _read(power: Power) -> tuple[dict[str, Any], terms.Who, terms.Reach, terms.Cond] | None:
    def reader(p: Power) -> tuple[dict[str, Any], terms.Who, terms.Reach, terms.Cond] | None:
        if check_aura(p.values) is not None:
            return None
        t = table(p.values)
        w = terms.who(p.values.get("who", ""))[0]
        r = terms.reach(p.values.get("distance", "adjacent"))[0]
        c = terms.condition(p.values.get("condition"))[0]
        assert t is not None and w is not None and r is not None and c is not None
        return t, w, r, c

    return terms.read(power, "aura", reader)


def bonus(state: MatchState, fig: Figure, stat: str, ctx: AttackContext | None = None) -> tuple[int, list[str]]:
    """What auras give ``fig`` now for ``stat``, and the names of the powers (``"Finn's Attack
    Aura 1"``); ``ctx`` is the attack when the stat is Attack or Defense."""
    found = holders(state, KIND)
    if not found:
        return 0, []
    total, names = 0, []
    for holder, power in found:
        read = _read(power)
        if read is None:
            continue
        t, w, r, c = read
        if holder is fig and (power.values.get("excludes_self") or r.adjacent or w.side == "enemy"
                              or "other" in terms.norm(power.values.get("who", "")).split()):
            continue
        if stat not in t or not w.fits(state, holder, fig) or not c.holds(state, holder, None, ""):
            continue
        if w.attack and (ctx is None or ctx.attacker is not fig or ctx.special is not None):
            continue
        if w.attack == "adjacent" and (ctx is None or not adjacent(state, fig, ctx.target)):
            continue
        if w.attacked_by:
            if ctx is None or ctx.target is not fig or state.is_enemy(holder, ctx.attacker):
                continue
            words = terms.card_words(state.card_of(ctx.attacker))
            if not any(all(x in words for x in g) for g in w.attacked_by):
                continue
        if holder is not fig and not r.reaches(state, holder, fig):
            continue
        total += t[stat]
        names.append(f"{state.card_of(holder).short}'s {power.name}")
    return total, names


@modifiers.on_attack_dice
def aura_attack(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Attack auras: the reached figure's normal attack."""
    if ctx.special is not None:
        return None
    n, names = bonus(state, ctx.attacker, "attack", ctx)
    return (" + ".join(names), n) if n else None


@modifiers.on_defense_dice
def aura_defense(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Defense auras: the reached figure's defense rolls."""
    n, names = bonus(state, ctx.target, "defense", ctx)
    return (" + ".join(names), n) if n else None


@modifiers.on_range_value
def aura_range(state: MatchState, fig: Figure, value: int) -> int:
    """Range auras."""
    return value + bonus(state, fig, "range")[0]


@modifiers.on_move_value
def aura_move(state: MatchState, fig: Figure, value: int) -> int:
    """Move auras."""
    return value + bonus(state, fig, "move")[0]


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"aura": check_aura}
