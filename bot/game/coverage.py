"""``python -m bot cards coverage``: how much of the card library the rules enforce.

Per set and in total: the complete cards loaded, and ``powers enforced: N / M`` over the powers of
complete cards (incomplete cards cannot be fielded, DEC-07; they are counted apart). Then every
power not enforced, with the reason (:func:`bot.game.card_text.not_enforced_reason`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.game.card_text import not_enforced_reason
from bot.game.narrate import plural
from bot.rules.cards import ArmyCard


@dataclass
class SetCoverage:
    """One set's figures: complete and incomplete cards, powers of complete cards and how many are
    enforced, and the powers not enforced as ``(card, power, reason)``."""

    name: str
    complete: int = 0
    incomplete: int = 0
    powers: int = 0
    enforced: int = 0
    missing: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, card: ArmyCard) -> None:
        """Count ``card`` and its powers (an incomplete card's powers are not counted)."""
        if not card.complete:
            self.incomplete += 1
            return
        self.complete += 1
        for p in card.powers:
            self.powers += 1
            reason = not_enforced_reason(p)
            if reason is None:
                self.enforced += 1
            else:
                self.missing.append((card.name, p.name, reason))

    @property
    def share(self) -> float:
        """Enforced powers as a share of all, 0..1 (1 when there are none)."""
        return self.enforced / self.powers if self.powers else 1.0


def coverage(cards: Iterable[ArmyCard]) -> tuple[list[SetCoverage], SetCoverage]:
    """The per-set figures (in order of first release, then name) and the total."""
    by_set: dict[str, SetCoverage] = {}
    released: dict[str, str] = defaultdict(lambda: "9999")
    total = SetCoverage("total")
    for c in cards:
        name = c.set or "(set not public)"
        by_set.setdefault(name, SetCoverage(name)).add(c)
        total.add(c)
        released[name] = min(released[name], c.released or "9999")
    order = sorted(by_set.values(), key=lambda s: (released[s.name], s.name))
    return order, total


def report(cards: Iterable[ArmyCard], *, details: bool = True) -> list[str]:
    """The lines ``cards coverage`` prints: one per set, the total, then the powers not enforced."""
    sets, total = coverage(cards)
    lines = []
    for s in sets:
        extra = f", {s.incomplete} incomplete" if s.incomplete else ""
        lines.append(f"{s.name}: {plural(s.complete, 'card')}{extra}; powers enforced: {s.enforced} / {s.powers}")
    lines.append(f"TOTAL: {total.complete} complete cards loaded, {total.incomplete} incomplete; "
                 f"powers enforced: {total.enforced} / {total.powers} ({total.share:.0%})")
    if details and total.missing:
        lines += ["", f"Powers not enforced ({len(total.missing)}), applied by the players:"]
        lines += [f"  {card} - {power}: {reason}" for card, power, reason in total.missing]
    return lines
