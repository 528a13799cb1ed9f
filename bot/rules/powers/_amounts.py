"""Amounts in the power building blocks' parameters: a number, or "1 per wound on this card",
"1 per wound on defender", "1 per adjacent Legionnaire", "1 per Knight you control within 4 clear
sight spaces", "1 per wound this squad already dealt the defender this turn", bounded by the power's
``max``. Not a power itself (leading underscore).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.rules.engagement import adjacent
from bot.rules.powers._terms import Reach, Who, _words_groups, norm
from bot.rules.state import Figure, MatchState

# ---- amounts ------------------------------------------------------------------------------------

#: How many dice (or points) a power gives now: (state, holder, other figure or None) -> int.
Amount = Callable[[MatchState, Figure, "Figure | None"], int]


#: ``turn.data`` key: "card key>figure id" -> wounds the card's normal attacks dealt it this turn
#: (not ``"wounds_dealt"``: that is the turn's total, :func:`bot.rules.capabilities.wound`).
DEALT = "wounds_dealt_to"


def counts_dealt(value: Any) -> bool:
    """Whether an ``amount`` counts the wounds a card's attacks dealt this turn (who must record them)."""
    return isinstance(value, str) and "already dealt" in norm(value)


def dealt(state: MatchState, card_key: str, target: str) -> int:
    """The wounds the attacks of ``card_key`` dealt ``target`` this turn (normal attacks)."""
    if state.turn is None:
        return 0
    return int(state.turn.data.get(DEALT, {}).get(f"{card_key}>{target}", 0))


#: ``CardInPlay.data`` key: the Experience Markers on the card (Bloodlust).
EXPERIENCE = "experience"


def experience(state: MatchState, card_key: str) -> int:
    """The Experience Markers on the card ``card_key`` (0 when it has none)."""
    cip = state.cards.get(card_key)
    return int(cip.data.get(EXPERIENCE, 0)) if cip is not None else 0


def amount(value: Any, cap: Any = None) -> tuple[Amount | None, str | None]:
    """Read an ``amount``: a number, or ``"1 per wound on this card"``, ``"1 per wound on
    defender"``, ``"1 per adjacent Legionnaire"``, ``"1 per Knight you control within 4 clear sight
    spaces"``; ``cap`` (the power's ``max``) bounds it.

    >>> a, _ = amount(4); a(None, None, None)
    4
    >>> amount("1 per Glyph you hold")[1]
    "the amount '1 per Glyph you hold' is not understood"
    """
    limit = cap if isinstance(cap, int) and not isinstance(cap, bool) else None

    def capped(fn: Amount) -> Amount:
        if limit is None:
            return fn
        return lambda st, h, o: min(limit, fn(st, h, o))

    if isinstance(value, int) and not isinstance(value, bool):
        n = value
        return capped(lambda st, h, o: n), None
    bad = (None, f"the amount '{value}' is not understood")
    if not isinstance(value, str):
        return bad
    t = norm(value)
    m = re.fullmatch(r"(\d+) per wound on (this card|this figure|self)", t)
    if m:
        k = int(m.group(1))
        return capped(lambda st, h, o: k * h.wounds), None
    m = re.fullmatch(r"(\d+) per experience marker", t)
    if m:  # Bloodlust: the markers the card gained (:mod:`bot.rules.powers.dice_experience`)
        k = int(m.group(1))
        return capped(lambda st, h, o: k * experience(st, h.card_key)), None
    m = re.fullmatch(r"(\d+) per wound on (the )?(defender|target)", t)
    if m:
        k = int(m.group(1))
        return capped(lambda st, h, o: k * (o.wounds if o is not None else 0)), None
    m = re.fullmatch(r"(\d+) per wound (?:this squad|this card) already dealt the (?:defender|target) this turn", t)
    if m:  # Combined Arbalest: block_dice records the wounds each card's attacks dealt this turn
        k = int(m.group(1))
        return capped(lambda st, h, o: k * dealt(st, h.card_key, o.id) if o is not None else 0), None
    m = re.fullmatch(r"(\d+) per adjacent ([a-z' ]+?)( you control)?", t)
    if m:
        k, groups = int(m.group(1)), _words_groups(m.group(2))
        if groups is None:
            return bad
        w = Who(side="friendly", any_of=groups)
        return capped(lambda st, h, o: k * sum(1 for f in st.on_battlefield() if f is not h and adjacent(st, h, f)
                                               and w.fits(st, h, f))), None
    m = re.fullmatch(r"(\d+) per ([a-z' ]+?) you control adjacent to the (?:defender|target)", t)
    if m:
        k, groups = int(m.group(1)), _words_groups(m.group(2))
        if groups is None:
            return bad
        near = Who(side="friendly", any_of=groups)
        return capped(lambda st, h, o: k * sum(1 for f in st.on_battlefield() if o is not None and f is not h
                                               and f is not o and near.fits(st, h, f) and adjacent(st, f, o))), None
    m = re.fullmatch(r"(\d+) per ([a-z' ]+?) you control within (\d+) clear sight spaces", t)
    if m:
        k, groups, n = int(m.group(1)), _words_groups(m.group(2)), int(m.group(3))
        if groups is None:
            return bad
        w, r = Who(side="friendly", any_of=groups), Reach(spaces=n)
        return capped(lambda st, h, o: k * sum(1 for f in st.on_battlefield() if f is not h and w.fits(st, h, f)
                                               and r.reaches(st, h, f))), None
    return bad
