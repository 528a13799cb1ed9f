"""Building blocks for a card's own dice: bonuses and penalties under a condition, and what its
skulls and shields are worth.

Every kind is a pattern of the shared card file (``kind`` = ``params.pattern``, ``values`` = the
rest of ``params``); the phrases are read by :mod:`bot.rules.powers._terms`.

- ``attack_bonus`` (Sword of Reckoning, Giant Killer, Battleaxe...): the holder's normal attack
  gets ``amount`` more dice (a number or "1 per wound on this card", bounded by ``max``) when
  ``condition`` holds ("target adjacent", "target is Huge", "has height advantage"...);
  ``also_defense``: the same bonus to its defense against such a figure. Height advantage and
  other powers add up (HS-ATTACK-09); a special attack's dice are its own (HS-SPECIAL-02).
- ``defense_bonus`` (Melee Defense, Evasive, Insubstantial...): ``amount`` more defense dice when
  ``condition`` holds against the attacker (HS-ATTACK-10).
- ``stat_bonus`` (Road Strength, Water Mastery, Reload, Lava Throw...): the holder's ``stat``
  (``attack``, ``defense``, ``range``, ``move``, a list of them, or a table ``{stat: amount}``)
  changes by ``amount`` while ``condition`` holds (Indomitable: "+2 move if unengaged at turn
  start, else +2 attack"). Attack is for normal attacks; Range and Move
  take only conditions about the holder itself. A bonus the player chooses to pay a ``cost`` for
  (Run 3) is :mod:`block_stat_choice`'s.
- ``defense_penalty``: :mod:`block_defense_penalty` (it shares this module's helpers).
- ``skull_bonus`` (Deadly Strike, Deadly Shot): each skull of the holder's normal attack is worth
  ``1 + extra_hits_per_skull`` hits.
- ``auto_shield`` (Tough, Iron Tough, Warforged Resolve): ``amount`` shields added to each of the
  holder's defense rolls against ``vs`` attacks.
- ``one_shield_blocks_all`` (Stealth Dodge, Defensive Agility): against ``vs`` attacks, one
  shield blocks all the damage.
- ``wound_cap`` (One Shield Defense): with at least one shield rolled, at most ``max_wounds``.
- ``shield_bonus`` (Shields of Valor): each shield blocks ``1 + extra_blocks_per_shield`` hits.
- ``auto_skull`` (Shocking Grasp): ``amount`` skulls added to the holder's normal attack rolls.
- ``bonus_wounds`` with ``per_attack`` (Twist the Blade): a normal attack of the holder that
  wounds deals ``per_attack`` more wounds, and so does its leaving-engagement attack when the
  condition names those.

A figure may hold several powers of one kind (Sir Denrick: two attack bonuses): each counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from bot.rules import combat, modifiers
from bot.rules.cards import Power
from bot.rules.modifiers import AttackContext, Tally, Verdict
from bot.rules.powers import _amounts as amounts
from bot.rules.powers import _terms as terms
from bot.rules.powers import block_given_bonus as given
from bot.rules.powers import block_stat_choice as paid
from bot.rules.powers._at_start import adjacent_at_start
from bot.rules.powers._common import summed
from bot.rules.powers._effects import window_args
from bot.rules.powers.dice_experience import gains
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"attack_bonus", "defense_bonus", "stat_bonus", "skull_bonus", "auto_shield",
                   "one_shield_blocks_all", "wound_cap", "shield_bonus", "auto_skull", "bonus_wounds"})

_STATS = ("attack", "defense", "range", "move")
#: A ``stat_bonus``'s ``extra`` that :mod:`block_extra_attack` carries out while its condition holds
#: (Crag of Steel: one normal attack on each adjacent figure).
ALL_ADJACENT_EXTRA = "may attack all adjacent figures"


def own(state: MatchState, fig: Figure, kind: str) -> Iterator[Power]:
    """Every power of ``kind`` on ``fig``'s card."""
    for p in state.card_of(fig).powers:
        if p.kind == kind:
            yield p


def _kind(ctx: AttackContext) -> str:
    return "normal" if ctx.special is None else "special"


def _cond(power: Power, key: str = "condition") -> terms.Cond | None:
    return terms.read(power, key, lambda p: terms.condition(p.values.get(key))[0])


def _amount(power: Power) -> amounts.Amount | None:
    return terms.read(power, "amount", lambda p: amounts.amount(p.values.get("amount"), p.values.get("max"))[0])


def ok(power: Power) -> bool:
    """Whether ``power``'s parameters are enforced by its kind's check (read once per power)."""
    return terms.read(power, "ok:dice", lambda p: CHECKS[p.kind or ""](p.values) is None if p.kind in CHECKS else False)


def _first(*reasons: str | None) -> str | None:
    return next((r for r in reasons if r), None)


_NOT_BUILT_KEYS = {
    "cost": "choosing to pay a cost for the bonus is not built yet",
    "optional": "choosing whether to use the bonus is not built yet",
    "markers": "keeping markers on the card is not built yet",
    "who": "a bonus given to other figures is not built yet",
    "source": "choosing the figure the bonus comes from is not built yet",
    "extra": "the extra effect is not built yet",
}


def _unbuilt(values: dict[str, Any], known: set[str]) -> str | None:
    for key in values:
        if key in known:
            continue
        return _NOT_BUILT_KEYS.get(key, f"the parameter '{key}' is not understood")
    return None


# ---- attack_bonus / defense_bonus ----------------------------------------------------------------


def check_attack_bonus(values: dict[str, Any]) -> str | None:
    """Why an ``attack_bonus`` cannot be enforced, or ``None`` (one given to other figures, ``who``:
    see :mod:`block_given_bonus`)."""
    if "who" in values:
        return given.check_given_bonus(values)
    known = {"amount", "condition", "max", "also_defense"} | ({"markers"} if gains(values.get("markers")) else set())
    return _first(_unbuilt(values, known),
                  amounts.amount(values.get("amount"), values.get("max"))[1], terms.condition(values.get("condition"))[1])


def check_defense_bonus(values: dict[str, Any]) -> str | None:
    """Why a ``defense_bonus`` cannot be enforced, or ``None``."""
    return _first(_unbuilt(values, {"amount", "condition", "max"}),
                  amounts.amount(values.get("amount"), values.get("max"))[1], terms.condition(values.get("condition"))[1])


def _free(state: MatchState, holder: Figure, cond: terms.Cond, amount: Any) -> bool:
    """Whether a bonus holds whatever the other figure of the attack: its condition holds outside
    any attack and its amount does not count wounds dealt to that figure (then it is part of the
    holder's Attack or Defense, :func:`bot.rules.modifiers.stat_value`)."""
    return not amounts.counts_dealt(amount) and cond.holds(state, holder, None, "")


def _bonus(state: MatchState, holder: Figure, other: Figure, kind: str, attack: str,
           only: Callable[[Power], bool] = lambda p: True, part: bool | None = None) -> tuple[int, list[str]]:
    """The bonus of the holder's ``kind`` powers; ``part``: only those that hold whatever the other
    figure (``True``), only the others (``False``), or all (``None``)."""
    total, names = 0, []
    for p in own(state, holder, kind):
        if not only(p) or not ok(p) or "who" in p.values:  # given to others: block_given_bonus
            continue
        n = _counted(state, holder, other, attack, part, _cond(p), _amount(p), p.values.get("amount"))
        if n:
            total += n
            names.append(p.name)
    return total, names


def _counted(state: MatchState, holder: Figure, other: Figure | None, attack: str, part: bool | None,
             cond: terms.Cond | None, amt: Any, raw: Any) -> int:
    """What one bonus power adds: ``amt`` (an amount reader, ``raw`` its card value) when ``cond``
    holds for this attack and the power is of the ``part`` asked for (see :func:`_bonus`); 0 when
    not (or when either is not understood)."""
    if cond is None or amt is None:
        return 0
    if part is not None and _free(state, holder, cond, raw) != part:
        return 0
    if not cond.holds(state, holder, other, attack):
        return 0
    return int(amt(state, holder, other))


_Read = Callable[[MatchState, Figure, Figure, str, bool], tuple[int, list[str]]]


def _dice_hooks(on_attack: _Read, on_defense: _Read, stat: str) -> tuple[modifiers.DiceHook, ...]:
    """Register the four dice hooks of a bonus kind, in this order: on the holder's normal attack
    under a condition on the target, the same whatever the target (part of its Attack), on its
    defense under a condition on the attacker or the attack, the same whatever the attacker (part
    of its Defense). ``on_attack`` / ``on_defense(state, holder, other, attack, part)`` give
    ``(dice, power names)`` (``part`` as for :func:`_bonus`); ``stat`` names them in docstrings."""
    def attack(part: bool) -> modifiers.DiceHook:
        def hook(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
            if ctx.special is not None:
                return None
            return summed(*on_attack(state, ctx.attacker, ctx.target, "normal", part))
        hook.__doc__ = f"{stat}: more dice for the holder's normal attack ({'whatever' if part else 'by'} the target)."
        return hook

    def defense(part: bool) -> modifiers.DiceHook:
        def hook(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
            return summed(*on_defense(state, ctx.target, ctx.attacker, _kind(ctx), part))
        hook.__doc__ = f"{stat}: more defense dice for the holder ({'whatever' if part else 'by'} the attacker)."
        return hook

    hooks = (modifiers.on_attack_dice(attack(False)),
             modifiers.on_attack_dice(modifiers.whatever_the_target(attack(True))))
    return hooks + (modifiers.on_defense_dice(defense(False)),
                    modifiers.on_defense_dice(modifiers.whatever_the_target(defense(True))))


@modifiers.on_swipe_dice
def attack_bonus_swipe(state: MatchState, attacker: Figure, target: Figure) -> modifiers.Reason | None:
    """``attack_bonus`` on leaving-engagement attacks (A Coward's Reward)."""
    return summed(*_bonus(state, attacker, target, "attack_bonus", "swipe",
                          lambda p: "leaving-engagement" in terms.norm(p.values.get("condition", ""))))


def _attack(state: MatchState, holder: Figure, other: Figure, attack: str, part: bool) -> tuple[int, list[str]]:
    """The holder's ``attack_bonus`` on its normal attack: ``(dice, power names)``."""
    return _bonus(state, holder, other, "attack_bonus", attack, part=part)


def _defense(state: MatchState, holder: Figure, other: Figure, attack: str, part: bool) -> tuple[int, list[str]]:
    """The holder's ``defense_bonus`` (and ``attack_bonus`` with ``also_defense``) when it defends."""
    n, names = _bonus(state, holder, other, "defense_bonus", attack, part=part)
    m, more = _bonus(state, holder, other, "attack_bonus", attack,
                     lambda p: bool(p.values.get("also_defense")), part=part)
    return n + m, names + more


#: ``attack_bonus`` / ``defense_bonus``: more dice under a condition (on the other figure, or on
#: the holder alone: then part of its Attack or Defense).
attack_bonus, attack_bonus_any_target, defense_bonus, defense_bonus_any_attacker = _dice_hooks(
    _attack, _defense, "attack_bonus / defense_bonus")


# ---- stat_bonus ----------------------------------------------------------------------------------


_EITHER = re.compile(r"\+(\d+) move if unengaged at turn start, else \+(\d+) attack")


def _either(values: dict[str, Any]) -> tuple[int, int] | None:
    """Indomitable: ``(move, attack)`` for "+2 move if unengaged at turn start, else +2 attack"."""
    m = _EITHER.fullmatch(terms.norm(values.get("condition", "")))
    return (int(m.group(1)), int(m.group(2))) if m and values.get("stat") == "move or attack" else None


def _stat_table(values: dict[str, Any]) -> dict[str, Any] | None:
    """``{stat: amount}`` of a ``stat_bonus`` (or ``None`` when its ``stat`` is not understood)."""
    stat = values.get("stat")
    if isinstance(stat, dict):
        table = {k.removesuffix("_dice"): v for k, v in stat.items()}
    elif isinstance(stat, str):
        table = {stat: values.get("amount")}
    elif isinstance(stat, list):
        table = {s: values.get("amount") for s in stat if isinstance(s, str)}
    else:
        return None
    return table if table and all(k in _STATS for k in table) else None


def check_stat_bonus(values: dict[str, Any]) -> str | None:
    """Why a ``stat_bonus`` cannot be enforced, or ``None`` (one with a ``cost``: see
    :mod:`block_stat_choice`)."""
    if "cost" in values:
        return paid.check_paid_bonus(values)
    bad = _unbuilt({k: v for k, v in values.items() if not (k == "extra" and v == ALL_ADJACENT_EXTRA)},
                   {"stat", "amount", "condition"})
    if bad:
        return bad
    if _either(values) is not None:
        return None
    table = _stat_table(values)
    if table is None:
        return f"the statistic '{values.get('stat')}' is not understood"
    cond, why = terms.condition(values.get("condition"))
    if cond is None:
        return why
    for stat, amt in table.items():
        reason = amounts.amount(amt)[1]
        if reason:
            return reason
        if stat == "move" and cond.needs_attack or stat == "range" and cond.needs_attack and set(table) != {"range"}:
            return f"a {stat.title()} bonus that depends on the target is not built yet"
    return None


def _stat_bonus(state: MatchState, holder: Figure, other: Figure | None, stat: str, attack: str,
                part: bool | None = None) -> tuple[int, list[str]]:
    """The holder's ``stat_bonus`` for ``stat``; ``part`` as for :func:`_bonus`."""
    total, names = 0, []
    for p in own(state, holder, "stat_bonus"):
        either = _either(p.values)
        if either is not None and stat in ("move", "attack"):
            if part is False:
                continue  # about the holder alone: counted with the bonuses whatever the target
            engaged_then = any(state.is_enemy(holder, f) and adjacent_at_start(state, holder, f)
                               for f in state.on_battlefield())
            if (stat == "move") != engaged_then:
                total += either[0] if stat == "move" else either[1]
                names.append(p.name)
            continue
        table = terms.read(p, "stat_table", lambda q: _stat_table(q.values))
        if "cost" in p.values or not table or stat not in table or not ok(p):
            continue
        amt = terms.read(p, f"amount:{stat}", lambda q: amounts.amount((_stat_table(q.values) or {}).get(stat))[0])
        n = _counted(state, holder, other, attack, part, _cond(p), amt, table[stat])
        if n:
            total += n
            names.append(p.name)
    return total, names


def _stat_attack(state: MatchState, holder: Figure, other: Figure, attack: str, part: bool) -> tuple[int, list[str]]:
    return _stat_bonus(state, holder, other, "attack", attack, part)


def _stat_defense(state: MatchState, holder: Figure, other: Figure, attack: str, part: bool) -> tuple[int, list[str]]:
    return _stat_bonus(state, holder, other, "defense", attack, part)


#: ``stat_bonus`` on Attack and Defense (as for ``attack_bonus``).
stat_bonus_attack, stat_bonus_attack_any_target, stat_bonus_defense, stat_bonus_defense_any_attacker = _dice_hooks(
    _stat_attack, _stat_defense, "stat_bonus")


@modifiers.on_range_value
def stat_bonus_range(state: MatchState, fig: Figure, value: int) -> int:
    """``stat_bonus`` on Range (conditions about the holder only; about the target: see
    :func:`stat_bonus_range_vs_target`)."""
    return value + _stat_bonus(state, fig, None, "range", "")[0]


@modifiers.on_target_check
def stat_bonus_range_vs_target(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """A Range bonus against some targets only (Rock Throw: +2 with height advantage on the target):
    the normal attack is allowed when the target is within the Range so raised (the rest of the core
    check, sight and engagement, as usual); otherwise the core rules answer (HS-ATTACK-07)."""
    if ctx.special is not None:
        return None
    extra = 0
    for p in own(state, ctx.attacker, "stat_bonus"):
        table = terms.read(p, "stat_table", lambda q: _stat_table(q.values))
        cond = _cond(p)
        if "cost" in p.values or not table or set(table) != {"range"} or cond is None or not cond.needs_attack \
                or not ok(p) or not cond.holds(state, ctx.attacker, ctx.target, "normal"):
            continue
        amt = terms.read(p, "amount:range", lambda q: amounts.amount((_stat_table(q.values) or {}).get("range"))[0])
        extra += amt(state, ctx.attacker, ctx.target) if amt is not None else 0
    if extra <= 0:
        return None
    reach = modifiers.range_value(state, ctx.attacker) + extra
    # the core check with the longer reach (check_target itself would ask this hook again)
    return Verdict(True) if combat._core_check(state, ctx.attacker, ctx.target, reach, True) else None


@modifiers.on_move_value
def stat_bonus_move(state: MatchState, fig: Figure, value: int) -> int:
    """``stat_bonus`` on Move (conditions about the holder only)."""
    return value + _stat_bonus(state, fig, None, "move", "")[0]


# ---- skulls and shields ---------------------------------------------------------------------------


def check_skull_bonus(values: dict[str, Any]) -> str | None:
    """Why a ``skull_bonus`` cannot be enforced, or ``None``."""
    n = values.get("extra_hits_per_skull")
    return _unbuilt(values, {"extra_hits_per_skull"}) or (None if isinstance(n, int) else
                                                          f"the extra hits '{n}' are not understood")


@modifiers.on_hits_per_skull
def skull_bonus(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """``skull_bonus``: each skull of the holder's normal attack is worth more hits."""
    if ctx.special is not None:
        return None
    best: modifiers.Reason | None = None
    for p in own(state, ctx.attacker, "skull_bonus"):
        n = p.values.get("extra_hits_per_skull")
        if isinstance(n, int) and (best is None or 1 + n > best[1]):
            best = (p.name, 1 + n)
    return best


def _vs(values: dict[str, Any]) -> tuple[terms.Cond | None, str | None]:
    """A ``vs`` phrase ("normal attacks", "non-adjacent attacker", "normal attack from an adjacent
    figure", "normal and special attacks") as a condition on the attack."""
    v = terms.norm(values.get("vs", ""))
    if v in ("", "normal and special attacks", "any attack", "all attacks"):
        vs: tuple[terms.Cond | None, str | None] = (terms.ALWAYS, None)
    else:
        vs = terms.condition(v if v.startswith("vs ") or v.endswith("attacks") else f"vs {v}")
        if vs[0] is None:
            vs = terms.condition(v)
    cond, why = terms.condition(values.get("condition"))
    if vs[0] is None or cond is None:
        return None, vs[1] or why
    return terms.Cond(vs[0].tests + cond.tests, vs[0].needs_attack or cond.needs_attack), None


def check_auto_shield(values: dict[str, Any]) -> str | None:
    """Why an ``auto_shield`` cannot be enforced, or ``None``."""
    return _first(_unbuilt(values, {"amount", "vs", "condition"}), amounts.amount(values.get("amount"))[1],
                  _vs(values)[1])


def check_one_shield_blocks_all(values: dict[str, Any]) -> str | None:
    """Why a ``one_shield_blocks_all`` cannot be enforced, or ``None``."""
    return _first(_unbuilt(values, {"vs", "condition"}), _vs(values)[1])


def check_wound_cap(values: dict[str, Any]) -> str | None:
    """Why a ``wound_cap`` cannot be enforced, or ``None``."""
    if terms.norm(values.get("condition", "")) not in ("", "at least 1 shield rolled"):
        return f"the condition '{values.get('condition')}' is not understood"
    return _unbuilt(values, {"max_wounds", "condition"}) or (
        None if isinstance(values.get("max_wounds"), int) else "the wound cap is not a number")


def check_shield_bonus(values: dict[str, Any]) -> str | None:
    """Why a ``shield_bonus`` cannot be enforced, or ``None``."""
    return _unbuilt(values, {"extra_blocks_per_shield"}) or (
        None if isinstance(values.get("extra_blocks_per_shield"), int) else "the extra blocks are not a number")


def check_auto_skull(values: dict[str, Any]) -> str | None:
    """Why an ``auto_skull`` cannot be enforced, or ``None``."""
    return _first(_unbuilt(values, {"amount", "condition"}), amounts.amount(values.get("amount"))[1],
                  terms.condition(values.get("condition"))[1])


def check_bonus_wounds(values: dict[str, Any]) -> str | None:
    """Why a ``bonus_wounds`` cannot be enforced, or ``None``: only ``per_attack`` on normal attacks
    that wound (leaving-engagement attacks are the players' to count)."""
    if "per_attack" not in values:
        if (terms.norm(values.get("dice", "")) == "1 per wound inflicted" and values.get("per_skull") == 1
                and terms.norm(values.get("condition", "")) == "normal attack vs an opponent's unique hero"):
            return None  # Mortal Strike: rolled after the attack (block_rolls)
        return "extra wounds rolled on dice are not built yet"
    c = terms.norm(values.get("condition", ""))
    if c not in ("normal attack that wounds", "normal or leaving-engagement attack that wounds"):
        return f"the condition '{values.get('condition')}' is not understood"
    return None


@modifiers.on_swipe_wounds
def bonus_wounds_swipe(state: MatchState, attacker: Figure, target: Figure, wounds: int) -> int:
    """``bonus_wounds`` on leaving-engagement attacks (Twist the Blade): more wounds when it wounds."""
    if wounds:
        for p in own(state, attacker, "bonus_wounds"):
            if ok(p) and "per_attack" in p.values and "leaving" in terms.norm(p.values.get("condition", "")):
                wounds += int(p.values["per_attack"])
    return wounds


def _with(count: Tally, name: str, **changes: int) -> Tally:
    return modifiers.replace(count, reasons=(*count.reasons, name), **changes)


@modifiers.on_wounds
def skulls_and_shields(state: MatchState, ctx: AttackContext, count: Tally) -> Tally | None:
    """Automatic skulls (attacker), automatic shields, shields worth more, one shield blocking all,
    a wound cap (defender), extra wounds (attacker), in that order."""
    attacker, target, kind = ctx.attacker, ctx.target, _kind(ctx)
    out = count
    per = out.hits // out.skulls if out.skulls else 1
    for p in own(state, attacker, "auto_skull"):
        cond, amt = _cond(p), _amount(p)
        if cond is not None and amt is not None and ok(p) and cond.holds(state, attacker, target, kind):
            n = amt(state, attacker, target)
            out = _with(out, p.name, skulls=out.skulls + n, hits=out.hits + n * per)
    for p in own(state, target, "auto_shield"):
        vs, amt = terms.read(p, "vs", lambda q: _vs(q.values)[0]), _amount(p)
        if vs is not None and amt is not None and ok(p) and vs.holds(state, target, attacker, kind):
            out = _with(out, p.name, shields=out.shields + amt(state, target, attacker))
    blocks = 1
    for p in own(state, target, "shield_bonus"):
        if ok(p):
            blocks += p.values["extra_blocks_per_shield"]
            out = modifiers.replace(out, reasons=(*out.reasons, p.name))
    changed = out.skulls != count.skulls or out.shields != count.shields or blocks != 1
    wounds = max(0, out.hits - out.shields * blocks) if changed else count.wounds
    for p in own(state, target, "one_shield_blocks_all"):
        vs = terms.read(p, "vs", lambda q: _vs(q.values)[0])
        if wounds and out.shields and vs is not None and ok(p) and vs.holds(state, target, attacker, kind):
            wounds = 0
            out = modifiers.replace(out, reasons=(*out.reasons, p.name))
    for p in own(state, target, "wound_cap"):
        cap = p.values.get("max_wounds")
        if isinstance(cap, int) and ok(p) and out.shields >= 1 and wounds > cap:
            wounds = cap
            out = modifiers.replace(out, reasons=(*out.reasons, p.name))
    if kind == "normal" and wounds:
        for p in own(state, attacker, "bonus_wounds"):
            if ok(p) and "per_attack" in p.values:
                wounds += int(p.values["per_attack"])
                out = modifiers.replace(out, reasons=(*out.reasons, p.name))
    if out is count and wounds == count.wounds:
        return None
    return modifiers.replace(out, wounds=wounds)


# ---- wounds dealt this turn -----------------------------------------------------------------------


@register
class WoundsDealt(Effect):
    """After a normal attack by a card whose bonus counts the wounds it dealt this turn (Combined
    Arbalest): record them, per card and defender (``_amounts.DEALT``)."""

    name = "wounds_dealt"
    window = Window.AFTER_ATTACK
    source = Source.UNIT

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        if attacker is None or not int(args.get("wounds", 0) or 0) or "target" not in args:
            return []
        if not any(amounts.counts_dealt(p.values.get("amount")) for p in st.card_of(attacker).powers):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, source=attacker.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        args = window_args(engine)
        if st.turn is None:
            return
        key = f"{st.figures[trigger.subject].card_key}>{args['target']}"
        book = st.turn.data.setdefault(amounts.DEALT, {})
        book[key] = int(book.get(key, 0)) + int(args.get("wounds", 0) or 0)


#: Per kind: why its parameters cannot be enforced (``None``: they can). See ``enforcement``.
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "attack_bonus": check_attack_bonus,
    "defense_bonus": check_defense_bonus,
    "stat_bonus": check_stat_bonus,
    "skull_bonus": check_skull_bonus,
    "auto_shield": check_auto_shield,
    "one_shield_blocks_all": check_one_shield_blocks_all,
    "wound_cap": check_wound_cap,
    "shield_bonus": check_shield_bonus,
    "auto_skull": check_auto_skull,
    "bonus_wounds": check_bonus_wounds,
}
