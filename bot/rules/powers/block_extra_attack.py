"""Building blocks ``extra_attack`` and ``attack_all_adjacent``.

``extra_attack`` (Double Attack, Triple Attack, Feral Rage, Swashbuckler, Hydra
Heads): after a normal attack, the figure may make ``extra`` more normal attacks in the turn.

``values``: ``extra`` (N more attacks), ``reduced_by`` "1 per wound on this card" (Hydra Heads),
``condition`` "target adjacent" (the attack before and the extra one are on adjacent figures),
``different_targets`` (each attack at a figure not yet attacked this turn), ``bonus`` "+N attack
on the second attack" (Swashbuckler) or "+1 die on first attack if Flying was used this turn"
(Dragon Assault), ``limit`` "once per turn" (the same as N = 1).

``attack_all_adjacent`` (Shaolin Assault, Whirlwind Assault): after a normal attack on an adjacent
figure, the figure may attack each other adjacent figure once, one attack each; also a
``stat_bonus`` whose ``extra`` is "may attack all adjacent figures", while its condition holds
(Crag of Steel of Siege, the round an X Order Marker is revealed on his card).

As Double Attack (HS-TIMING-04): the extra attack leaves the "after attacking" window, so it is
granted after every other effect there; the player makes it with ``attack`` or ends the turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import AttackAgainPower
from bot.rules.powers.block_dice import ALL_ADJACENT_EXTRA
from bot.rules.powers.block_dice import ok as stat_ok
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"extra_attack", "attack_all_adjacent"})

KIND = "extra_attack"
#: Shaolin Assault, Whirlwind Assault: one normal attack on each adjacent figure (no values).
ALL_ADJACENT = "attack_all_adjacent"
_BONUS = re.compile(r"\+(\d+) (?:attack|dice|die) on the second attack")
#: Dragon Assault: the first attack's bonus when the figure flew this turn.
_FLOWN = re.compile(r"\+(\d+) (?:attack|dice|die) on first attack if flying was used this turn")


def check_extra_attack(values: dict[str, Any]) -> str | None:
    """Why an ``extra_attack`` cannot be enforced, or ``None``."""
    if not isinstance(values.get("extra"), int):
        return f"the extra attacks '{values.get('extra')}' are not understood"
    for key, value in values.items():
        if key in ("extra", "different_targets"):
            continue
        if key == "condition" and terms.norm(value) != "target adjacent":
            return f"the condition '{value}' is not understood"
        if key == "limit" and terms.norm(value) != "once per turn":
            return f"the limit '{value}' is not built yet"
        if key == "reduced_by" and terms.norm(value) != "1 per wound on this card":
            return f"the reduction '{value}' is not understood"
        if key == "bonus" and not (_BONUS.fullmatch(terms.norm(value)) or _FLOWN.fullmatch(terms.norm(value))):
            return f"the bonus '{value}' is not built yet"
        if key not in ("condition", "limit", "reduced_by", "bonus"):
            return f"the parameter '{key}' is not understood"
    return None


def _adjacent_left(st: MatchState, fig: Figure) -> list[Figure]:
    """The figures next to ``fig`` it has not attacked this turn."""
    done = {t for a, t in st.turn.data.get("attacks", ()) if a == fig.id} if st.turn is not None else set()
    return [f for f in st.on_battlefield() if f is not fig and f.id not in done and adjacent(st, fig, f)]


def check_attack_all_adjacent(values: dict[str, Any]) -> str | None:
    """Why an ``attack_all_adjacent`` cannot be enforced (it has no parameters), or ``None``."""
    return f"the parameter '{sorted(values)[0]}' is not understood" if values else None


@register
class AttackAllAdjacent(AttackAgainPower):
    """After a normal attack on an adjacent figure: another on an adjacent figure not attacked yet."""

    name = ALL_ADJACENT
    granted = "may attack another adjacent figure"

    def has_power(self, st: MatchState, fig: Figure) -> bool:
        if st.card_of(fig).power(ALL_ADJACENT) is not None:
            return True
        return any(p.kind == "stat_bonus" and p.values.get("extra") == ALL_ADJACENT_EXTRA and stat_ok(p)
                   and (cond := terms.read(p, "condition", lambda q: terms.condition(q.values.get("condition"))[0]))
                   is not None and cond.holds(st, fig) for p in st.card_of(fig).powers)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        made = self.normal_attack(engine)
        attacker, target = made if made is not None else (None, None)
        if attacker is None or target is None:
            return []
        if not adjacent(engine.state, attacker, target) or not _adjacent_left(engine.state, attacker):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, source=attacker.id)]


def _power(st: MatchState, fig: Figure) -> Power | None:
    p = st.card_of(fig).power(KIND)
    if p is None or not terms.read(p, "ok:extra", lambda q: check_extra_attack(q.values) is None):
        return None
    return p


def _extra(st: MatchState, fig: Figure, p: Power) -> int:
    n = int(p.values["extra"])
    if p.values.get("limit") is not None:
        n = min(n, 1)
    if p.values.get("reduced_by") is not None:
        n -= fig.wounds
    return max(0, n)


def _granted(st: MatchState, fig: Figure) -> int:
    return st.turn.data.get(f"{KIND}:{fig.id}", 0) if st.turn is not None else 0


@register
class ExtraAttack(AttackAgainPower):
    """After a normal attack by the holder: grant another until it has made ``extra`` more."""

    name = KIND

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        made = self.normal_attack(engine)
        p = _power(st, made[0]) if made is not None else None
        if made is None or p is None:
            return []
        attacker, target = made
        if p.values.get("condition") and (target is None or not adjacent(st, attacker, target)):
            return []
        if _granted(st, attacker) >= _extra(st, attacker, p):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, source=attacker.id)]


@modifiers.on_target_check
def extra_attack_targets(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """An extra attack granted by the power: on an adjacent figure (``condition``), at a figure
    not attacked yet this turn (``different_targets``)."""
    if ctx.special is not None or state.turn is None:
        return None
    if state.turn.data.get(f"{ALL_ADJACENT}:{ctx.attacker.id}") and ctx.target not in _adjacent_left(state, ctx.attacker):
        return Verdict(False, f"{ctx.attacker.id} may attack again only a figure next to it not attacked yet this turn")
    if not _granted(state, ctx.attacker):
        return None
    p = _power(state, ctx.attacker)
    if p is None:
        return None
    if p.values.get("condition") and not adjacent(state, ctx.attacker, ctx.target):
        return Verdict(False, f"{p.name}: the extra attack must be on a figure next to {ctx.attacker.id}")
    if p.values.get("different_targets"):
        done = [t for a, t in state.turn.data.get("attacks", ()) if a == ctx.attacker.id]
        if ctx.target.id in done:
            return Verdict(False, f"{p.name}: each attack of the turn must be on a different figure, and "
                                  f"{ctx.target.id} was attacked already")
    return None


@modifiers.on_attack_dice
def extra_attack_bonus(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Swashbuckler: the extra attack's ``bonus`` dice."""
    if ctx.special is not None:
        return None
    p = _power(state, ctx.attacker)
    if p is None or not p.values.get("bonus"):
        return None
    bonus = terms.norm(p.values["bonus"])
    m = _BONUS.fullmatch(bonus)
    if m and _granted(state, ctx.attacker):
        return (p.name, int(m.group(1)))
    m = _FLOWN.fullmatch(bonus)
    turn = state.turn
    if m and turn is not None and not _granted(state, ctx.attacker) and ctx.attacker.id in turn.data.get("flew", ()):
        return (p.name, int(m.group(1)))
    return None


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "extra_attack": check_extra_attack,
    "attack_all_adjacent": check_attack_all_adjacent,
}
