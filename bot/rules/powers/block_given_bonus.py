"""Building block ``attack_bonus`` with a ``who``: attack dice the holder's card gives other
figures (Targeting Beacon of the Omnicron Repulsors: "your Jandar Soulborgs" roll 1 more die
against a non-adjacent target that one of your Repulsors is next to).

``values``: ``amount`` (a whole number), ``who`` (read by :func:`bot.rules.powers._terms.who`; the
figures of the holder's side), ``condition`` "target non-adjacent and adjacent to one of your
<figures>". Given once per card however many of its figures qualify (HS-ATTACK-09), for normal
attacks. ``block_dice`` asks :func:`check_given_bonus` for an ``attack_bonus`` with ``who``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.rules import modifiers
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import holders
from bot.rules.state import MatchState

#: No kind of its own: ``attack_bonus`` powers with a ``who`` (``block_dice`` checks them).
KINDS: frozenset[str] = frozenset()


def _read(values: dict[str, Any]) -> tuple[int, terms.Who, terms.Who] | None:
    """``(amount, figures given the bonus, figures the target must be next to)`` or ``None``."""
    if set(values) != {"amount", "who", "condition"}:
        return None
    n = values["amount"]
    if not isinstance(n, int) or isinstance(n, bool):
        return None
    who, _ = terms.who(values["who"])
    m = re.fullmatch(r"target non-adjacent and adjacent to one of your ([a-z' ]+)", terms.norm(values["condition"]))
    near, _ = terms.who(f"your {m.group(1)}") if m else (None, None)
    if who is None or near is None or who.side != "friendly":
        return None
    return n, who, near


def check_given_bonus(values: dict[str, Any]) -> str | None:
    """Why an ``attack_bonus`` given to other figures cannot be enforced, or ``None``."""
    return None if _read(values) is not None else "a bonus given to other figures is not built yet"


@modifiers.on_attack_dice
def given_attack_bonus(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Targeting Beacon: the attacker's extra dice from a card of its side."""
    if ctx.special is not None or adjacent(state, ctx.attacker, ctx.target):
        return None
    total, names, seen = 0, [], set()
    for holder, p in holders(state, "attack_bonus"):
        if "who" not in p.values or (holder.card_key, p.name) in seen:
            continue
        read = terms.read(p, "given_bonus", lambda q: _read(dict(q.values)))
        if read is None or not read[1].fits(state, holder, ctx.attacker):
            continue
        n, _, near = read
        if any(near.fits(state, holder, f) and f.card_key == holder.card_key and adjacent(state, f, ctx.target)
               for f in state.on_battlefield()):
            seen.add((holder.card_key, p.name))
            total += n
            names.append(p.name)
    return (" + ".join(names), total) if total else None


#: ``block_dice``'s ``attack_bonus`` check calls :func:`check_given_bonus` for a ``who``.
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {}
