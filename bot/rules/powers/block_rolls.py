"""Building blocks that act on rolled combat dice: re-rolls, and what an all-skulls roll does.

- ``reroll`` (Chain Axe, Brutality Aura, Gift of the Empress Aura): after the attack roll (attack
  dice) or the defense roll (defense dice), re-roll "1 attack die that is not a skull", "attack
  dice without skulls" or "defense dice without shields". The holder's own rolls, or, with ``who``
  and ``distance`` (an aura), the rolls of the figures it reaches ("your Squad figures attacking an
  adjacent figure", "Kyrie you control that follow Einar"); ``limit`` "once per turn". Re-rolling
  a die that did not hit (or block) can only help, so it is always done. The dice come from the
  dice source; the roll's window arguments are changed, so the next step reads the new dice.
- ``bonus_wounds`` with ``dice`` "1 per wound inflicted" (Mortal Strike): after a normal attack that
  wounds an opponent's Unique Hero, one die per wound; each skull is one more wound.
- ``all_skulls_bonus`` (Venomous Sting, Maul, Lethal Sting): when every die of the holder's normal
  attack is a skull (against a figure of ``targets`` size), the defender rolls no defense dice (and
  with "destroy the defender" is destroyed at once).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import special
from bot.rules.cards import Power
from bot.rules.dice import SHIELD, SKULL
from bot.rules.engagement import adjacent
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import holders
from bot.rules.powers._effects import window_args
from bot.rules.powers.block_d20 import THIS_TURN
from bot.rules.powers.block_dice import check_bonus_wounds
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"reroll", "all_skulls_bonus"})

REROLL, ALL_SKULLS = "reroll", "all_skulls_bonus"
_DICE = {
    "1 attack die that is not a skull": ("attack", 1),
    "attack dice without skulls": ("attack", 99),
    "defense dice without shields": ("defense", 99),
}


def _reach(values: dict[str, Any]) -> tuple[tuple[terms.Who, terms.Reach] | None, str | None]:
    if "who" not in values:
        return None, None
    who, why = terms.who(values["who"])
    if who is None:
        return None, why
    rch, why = terms.reach(values.get("distance", "adjacent"))
    if rch is None:
        return None, why
    return (who, rch), None


def check_reroll(values: dict[str, Any]) -> str | None:
    """Why a ``reroll`` cannot be enforced, or ``None``."""
    if terms.norm(values.get("dice", "")) not in _DICE:
        return f"re-rolling '{values.get('dice')}' is not built yet"
    extra = set(values) - {"dice", "who", "distance", "excludes_self", "limit"}
    if extra:
        return f"the parameter '{sorted(extra)[0]}' is not understood"
    if values.get("limit") not in (None, "once per turn"):
        return f"the limit '{values.get('limit')}' is not built yet"
    if ("who" in values) != ("distance" in values):
        return "whose dice are re-rolled is not understood"
    return _reach(values)[1]


def check_all_skulls(values: dict[str, Any]) -> str | None:
    """Why an ``all_skulls_bonus`` cannot be enforced, or ``None``."""
    effect = terms.norm(values.get("effect", ""))
    if effect not in ("no defense roll", "no defense roll; 1 wound per skull", "destroy the defender, no defense roll"):
        return f"the effect '{values.get('effect')}' is not built yet"
    if set(values) - {"effect", "targets"}:
        return "a parameter is not understood"
    if "targets" in values and not re.fullmatch(r"[a-z/]+", terms.norm(values["targets"])):
        return f"the targets '{values['targets']}' are not understood"
    return None


def _ok(p: Power) -> bool:
    check = check_reroll if p.kind == REROLL else check_all_skulls
    return terms.read(p, f"ok:{p.kind}", lambda q: check(q.values) is None)


def _rerolls(st: MatchState, roller: Figure, other: Figure, which: str) -> list[tuple[Figure, Power, int]]:
    """The re-rolls ``roller`` may make of its ``which`` dice now: (holder, power, how many dice)."""
    out = []
    for holder, p in holders(st, REROLL):
        if not _ok(p):
            continue
        kind, n = _DICE[terms.norm(p.values["dice"])]
        if kind != which:
            continue
        read = terms.read(p, "reach", lambda q: _reach(q.values)[0])
        if read is None:
            if holder is not roller:
                continue
        else:
            who, rch = read
            if holder is roller or not who.fits(st, holder, roller) or not rch.reaches(st, holder, roller):
                continue
            if who.attack == "adjacent" and not adjacent(st, roller, other):
                continue
        if p.values.get("limit") and st.turn is not None and st.turn.data.get(f"reroll:{holder.id}:{p.name}"):
            continue
        out.append((holder, p, n))
    return out


class _Reroll(Effect):
    """Re-roll the dice that missed (attack) or did not block (defense), once per roll."""

    source = Source.UNIT
    which = ""

    def _figures(self, engine: RulesContext) -> tuple[Figure, Figure] | None:
        args = window_args(engine)
        st = engine.state
        a, t = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        if a is None or t is None:
            return None
        return (a, t) if self.which == "attack" else (t, a)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        if not holders(engine.state, REROLL):
            return []
        figs = self._figures(engine)
        if figs is None or f"{self.which}_dice" not in window_args(engine):
            return []
        roller, other = figs
        found = _rerolls(engine.state, roller, other, self.which)
        if not found:
            return []
        return [Trigger(self.name, roller.controller, roller.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        figs = self._figures(engine)
        if figs is None:
            return
        roller, other = figs
        args = window_args(engine)
        dice: list[str] = list(args[f"{self.which}_dice"])
        good = SKULL if self.which == "attack" else SHIELD
        for holder, p, n in _rerolls(engine.state, roller, other, self.which)[:1]:
            misses = [i for i, d in enumerate(dice) if d != good][:n]
            if not misses:
                return
            new = engine.roll_combat(len(misses))
            for i, d in zip(misses, new, strict=True):
                dice[i] = d
            if p.values.get("limit") and engine.state.turn is not None:
                engine.state.turn.data[f"reroll:{holder.id}:{p.name}"] = True
            args[f"{self.which}_dice"] = dice
            engine.emit("power", power=p.name, figure=holder.id, player=holder.controller, success=True,
                        result=f"{roller.id} re-rolls {len(misses)} {self.which} {'die' if len(misses) == 1 else 'dice'}",
                        dice=new)


@register
class RerollAttack(_Reroll):
    """``reroll`` of attack dice, after the attack roll of a normal attack."""

    name = "reroll_attack"
    window = Window.AFTER_ATTACK_ROLL
    which = "attack"


@register
class RerollDefense(_Reroll):
    """``reroll`` of defense dice, after the defense roll of a normal attack."""

    name = "reroll_defense"
    window = Window.AFTER_DEFENSE_ROLL
    which = "defense"


@register
class AllSkulls(Effect):
    """``all_skulls_bonus``: an all-skulls attack roll leaves the defender no defense dice."""

    name = "all_skulls_bonus"
    window = Window.AFTER_ATTACK_ROLL
    source = Source.UNIT

    def _power(self, engine: RulesContext) -> tuple[Figure, Power] | None:
        st = engine.state
        args = window_args(engine)
        a, t = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        rolled = args.get("attack_dice")
        if a is None or t is None or not rolled or any(d != SKULL for d in rolled):
            return None
        for p in st.card_of(a).powers:
            if p.kind == ALL_SKULLS and _ok(p):
                sizes = terms.norm(p.values.get("targets", "small/medium/large/huge"))
                if (st.card_of(t).size or "") in sizes:
                    return a, p
        return None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = self._power(engine)
        return [Trigger(self.name, found[0].controller, found[0].id)] if found else []

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        found = self._power(engine)
        st = engine.state
        if found is None or st.turn is None:
            return
        me, p = found
        n = len(st.turn.data.get("attacks", ())) + len(st.turn.data.get(special.SPECIALS_MADE, ()))
        st.turn.data.setdefault(THIS_TURN, {})[f"{me.id}#{n}"] = [p.name, 0]
        target = st.figures[window_args(engine)["target"]]
        kill = terms.norm(p.values.get("effect", "")).startswith("destroy")
        engine.emit("power", power=p.name, figure=me.id, target=target.id, player=me.controller, success=True,
                    result=f"every die is a skull: {target.id} is destroyed" if kill else
                    "every die is a skull: no defense roll")
        if kill:
            engine.destroy(target, f"{p.name} by {me.id}")


@register
class MortalStrike(Effect):
    """``bonus_wounds`` with ``dice`` "1 per wound inflicted" (Mortal Strike): after a normal attack
    that wounded an opponent's Unique Hero, one die per wound; each skull is one more wound."""

    name = "bonus_wounds_rolled"
    window = Window.AFTER_ATTACK
    source = Source.UNIT

    def _power(self, engine: RulesContext) -> tuple[Figure, Figure, Power, int] | None:
        st = engine.state
        args = window_args(engine)
        a, t = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        wounds = int(args.get("wounds", 0) or 0)
        if a is None or t is None or not wounds or st.turn is None or a.id in st.turn.data.get("special", []):
            return None
        card = st.card_of(t)
        if not st.is_enemy(a, t) or card.kind != "hero" or card.rarity != "unique" or not t.on_battlefield:
            return None
        for p in st.card_of(a).powers:
            if p.kind == "bonus_wounds" and "dice" in p.values and check_bonus_wounds(p.values) is None:
                return a, t, p, wounds
        return None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = self._power(engine)
        return [Trigger(self.name, found[0].controller, found[0].id)] if found else []

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        found = self._power(engine)
        if found is None:
            return
        me, target, p, n = found
        rolled = engine.roll_combat(n)
        extra = rolled.count(SKULL)
        engine.emit("power", power=p.name, figure=me.id, target=target.id, player=me.controller, dice=rolled,
                    success=extra > 0, result=f"{target.id} takes {extra} more wound{'s' if extra != 1 else ''}")
        if extra:
            engine.wound(target, extra, f"{p.name} by {me.id}")


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"reroll": check_reroll, "all_skulls_bonus": check_all_skulls}
