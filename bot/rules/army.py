"""Army building: checking an army against the scenario's format and putting it into play.

Rules: points, figure and space limits (HS-ARMY-01), the start zone's size (HS-ARMY-02), Unique
cards at most once by name (HS-ARMY-04), Uncommon repeats each with their own card (HS-ARMY-05,
-06), Common repeats sharing one card (HS-ARMY-08), incomplete cards refused (DEC-07).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bot.rules.cards import ArmyCard
from bot.rules.errors import ArmyError
from bot.rules.scenario import Format
from bot.rules.state import CardInPlay, Figure, MatchState


@dataclass(frozen=True, slots=True)
class ArmySummary:
    """Totals of an army: points, figures and spaces (a double-space figure counts 2)."""

    points: int
    figures: int
    spaces: int


def summarize(cards: Sequence[ArmyCard]) -> ArmySummary:
    """Totals for a list of drafted cards (incomplete statistics count as 0)."""
    points = sum(c.points or 0 for c in cards)
    figures = sum(c.figures or 0 for c in cards)
    spaces = sum((c.figures or 0) * c.base for c in cards)
    return ArmySummary(points, figures, spaces)


def check_army(cards: Sequence[ArmyCard], fmt: Format, zone_size: int | None = None) -> ArmySummary:
    """Check an army; return its totals.

    :raises ArmyError: naming the first rule broken and what would fix it.
    """
    if not cards:
        raise ArmyError("an army needs at least one Army Card", "HS-ARMY-01")
    for c in cards:
        missing = c.missing_fields()
        if missing:
            raise ArmyError(
                f"{c.name} is incomplete (missing {', '.join(missing)}); its statistics are not public. "
                "A server manager can add a complete card file, or pick a stand-in card", "DEC-07",
            )
    uniques = Counter(c.name for c in cards if c.rarity == "unique")
    dup = [n for n, k in uniques.items() if k > 1]
    if dup:
        raise ArmyError(f"{dup[0]} is a Unique card and can be in an army only once", "HS-ARMY-04")
    total = summarize(cards)
    if fmt.points is not None and total.points > fmt.points:
        raise ArmyError(f"the army costs {total.points} points; this match allows {fmt.points}", "HS-ARMY-01")
    if fmt.figures is not None and total.figures > fmt.figures:
        raise ArmyError(f"the army has {total.figures} figures; this match allows {fmt.figures}", "HS-ARMY-01")
    if fmt.spaces is not None and total.spaces > fmt.spaces:
        raise ArmyError(f"the army takes {total.spaces} spaces; this match allows {fmt.spaces}", "HS-ARMY-01")
    if zone_size is not None and total.spaces > zone_size:
        raise ArmyError(
            f"the army takes {total.spaces} spaces but the start zone has only {zone_size}", "HS-ARMY-02"
        )
    return total


def _base_id(card: ArmyCard) -> str:
    word = re.sub(r"[^a-z0-9]", "", card.short.split()[0].lower()) or "fig"
    return word


def add_army(state: MatchState, player: str, cards: Sequence[ArmyCard]) -> list[str]:
    """Put a checked army into play for ``player``: cards and (unplaced) figures. Returns card keys.

    Common cards drafted several times become one card with all their figures (HS-ARMY-08);
    Uncommon and Unique cards each get their own (HS-ARMY-06).
    """
    keys: list[str] = []
    commons: dict[str, CardInPlay] = {}
    copies: Counter[str] = Counter()
    for card in cards:
        if card.rarity == "common" and card.id in commons:
            cip = commons[card.id]
        else:
            copies[card.id] += 1
            key = f"{player}/{card.id}" + (f"#{copies[card.id]}" if copies[card.id] > 1 else "")
            cip = CardInPlay(key=key, card=card, owner=player, controller=player)
            state.cards[key] = cip
            keys.append(key)
            if card.rarity == "common":
                commons[card.id] = cip
        n = card.stat("figures")
        base = _base_id(card)
        for _ in range(n):
            fid = _free_id(state, base, squad=card.kind == "squad" or card.rarity == "common" or copies[card.id] > 1)
            state.figures[fid] = Figure(id=fid, card_key=cip.key, owner=player, controller=player)
            cip.figure_ids.append(fid)
    return keys


def _free_id(state: MatchState, base: str, squad: bool) -> str:
    if not squad and base not in state.figures:
        return base
    i = 1
    while f"{base}{i}" in state.figures:
        i += 1
    return f"{base}{i}"
