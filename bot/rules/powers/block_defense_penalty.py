"""Building block ``defense_penalty`` (Soul Weapons, Air Mastery, Water Weakness, Rouse the Glade...):
a defender rolls ``amount`` fewer defense dice (``"all"``: none): the holder itself (``who``:
``self``) while ``condition`` holds, or the figures the holder attacks ("defender engaged with 2+
other Goblin Cutters you control", "figures attacked by this squad", "defenders with Flying or
Stealth Flying", "defender adjacent to a tree or bush": a tree or the Laur underbrush on a space
next to it) (HS-ATTACK-10). Split out of :mod:`block_dice`, whose helpers it shares.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.powers import _amounts as amounts
from bot.rules.powers import _places as places
from bot.rules.powers import _terms as terms
from bot.rules.powers.block_dice import _amount, _kind, _unbuilt, own
from bot.rules.state import Figure, MatchState

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"defense_penalty"})

_VICTIMS = ("figures attacked by this squad", "figures attacked by this figure", "defenders", "defender",
            "figures attacked by this card")


def _penalty_target(values: dict[str, Any]) -> tuple[str, terms.Cond | None, str | None]:
    """Whose defense a ``defense_penalty`` lowers: ``("self", cond, None)``, ``("victim", cond,
    None)`` (the figures the holder attacks, the condition on them) or ``("", None, reason)``."""
    w = terms.norm(values.get("who", "self"))
    cond, why = terms.condition(values.get("condition"))
    if w == "self":
        return "self", cond, why
    m = re.fullmatch(r"defenders? engaged with (\d+)\+ other ([a-z' ]+?) you control", w)
    if m and cond is not None:
        n, words = int(m.group(1)), tuple(terms.singular(x) for x in m.group(2).split())

        def mob(st: MatchState, h: Figure, o: Figure | None, a: str) -> bool:
            return o is not None and sum(
                1 for f in st.on_battlefield() if f is not h and f is not o and not st.is_enemy(h, f)
                and all(x in terms.card_words(st.card_of(f)) for x in words) and adjacent(st, f, o)) >= n

        return "victim", terms.Cond((*cond.tests, mob), True), None
    m = re.fullmatch(r"defenders? adjacent to an? (tree or bush|tree|bush)", w)
    if m and cond is not None:
        kinds = places.WORDS[m.group(1)]

        def glade(st: MatchState, h: Figure, o: Figure | None, a: str) -> bool:
            return o is not None and places.next_to_obstacle(st, o.hexes, kinds)

        return "victim", terms.Cond((*cond.tests, glade), True), None
    for prefix in _VICTIMS:
        if w == prefix:
            return "victim", cond, why
        if w.startswith(prefix + " with "):
            rest = w[len(prefix) + 6:]
            extra, why2 = terms.condition(f"defender has {rest}")
            if extra is None or cond is None:
                return "", None, f"the figures named '{values.get('who')}' are not understood"
            return "victim", terms.Cond(cond.tests + extra.tests, True), None
    return "", None, f"the figures named '{values.get('who')}' are not understood"


def check_defense_penalty(values: dict[str, Any]) -> str | None:
    """Why a ``defense_penalty`` cannot be enforced, or ``None``."""
    bad = _unbuilt(values, {"amount", "who", "condition", "when"})
    if bad:
        return bad
    if values.get("when") not in (None, "attacked by this figure"):
        return f"the moment '{values.get('when')}' is not understood"
    if values.get("amount") != "all" and amounts.amount(values.get("amount"))[1]:
        return amounts.amount(values.get("amount"))[1]
    return _penalty_target(values)[2]


def _penalty(state: MatchState, power: Power, holder: Figure, defender: Figure) -> int:
    if power.values.get("amount") == "all":
        return -state.card_of(defender).stat("defense")
    amt = _amount(power)
    return -amt(state, holder, defender) if amt is not None else 0


@modifiers.on_defense_dice
def defense_penalty(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """``defense_penalty``: fewer defense dice for the holder itself, or for whom it attacks."""
    total, names = 0, []
    for holder, role in ((ctx.target, "self"), (ctx.attacker, "victim")):
        for p in own(state, holder, "defense_penalty"):
            if not terms.read(p, "ok:penalty", lambda q: check_defense_penalty(q.values) is None):
                continue
            whose, cond, _ = terms.read(p, "penalty", lambda q: _penalty_target(q.values))
            if whose != role or cond is None:
                continue
            other = ctx.attacker if role == "self" else ctx.target
            if cond.holds(state, holder, other, _kind(ctx)):
                total += _penalty(state, p, holder, ctx.target)
                names.append(p.name)
    return (" + ".join(names), total) if total else None


#: Per kind: why its parameters cannot be enforced (``None``: they can). See ``enforcement``.
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"defense_penalty": check_defense_penalty}
