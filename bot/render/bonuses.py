"""Bonuses in effect on an Army Card's figures, for its line in the panel: ``Attack +1
(Warrior's Attack Spirit)``, ``Defense +1 (Thorgrim's Defensive Aura: TV1, TV3)``.

Read from the rules core's modifier computation (:mod:`bot.rules.modifiers`), never worked out
again here: the attack and defense dice hooks are asked about each figure of the card standing
on the battlefield (with no particular opponent: the figure stands for both sides, so that what
depends only on the figure, its card, its space and its friends shows, and what depends on the
opponent does not), and the Move and Range values are compared with the card's. Spirits,
auras, enhancements, road strength and terrain all come through those hooks.
"""

from __future__ import annotations

from collections.abc import Mapping

import bot.rules.powers  # noqa: F401  (registers every power's hooks, as the engine does)
from bot.rules import modifiers
from bot.rules.modifiers import AttackContext
from bot.rules.state import MatchState

#: The statistic each question is about, as the Army Card names it.
_STATS = ("Attack", "Defense", "Move", "Range")


def card_bonuses(state: MatchState, key: str, names: Mapping[str, str]) -> list[str]:
    """The bonuses (and penalties) in effect on card ``key``'s figures now, one phrase each:
    ``Attack +1 (Warrior's Attack Spirit)``; the figures are named (``: TV1, TV3``) when only
    some of a squad's figures have it. Empty when nothing changes the card's values."""
    cip = state.cards.get(key)
    if cip is None:
        return []
    figs = [f for f in state.figures_of(key) if f.on_battlefield]
    found: dict[tuple[str, str, int], list[str]] = {}
    for fig in figs:
        ctx = AttackContext(fig, fig, None)
        said: list[tuple[str, str, int]] = [("Attack", why, n) for why, n in modifiers.attack_reasons(state, ctx)]
        said += [("Defense", why, n) for why, n in modifiers.defense_reasons(state, ctx)]
        for stat, value in (("Move", modifiers.move_value(state, fig)), ("Range", modifiers.range_value(state, fig))):
            base = cip.card.stat(stat.lower())
            if value != base:
                said.append((stat, "", value - base))
        for stat, why, n in said:
            found.setdefault((stat, why, n), []).append(names.get(fig.id, fig.id))
    out = []
    for (stat, why, n), who in sorted(found.items(), key=lambda kv: (_STATS.index(kv[0][0]), kv[0][1])):
        some = f": {', '.join(who)}" if len(figs) > 1 and len(who) < len(figs) else ""
        reason = f" ({why}{some})" if why else (f" ({some[2:]})" if some else "")
        out.append(f"{stat} {'+' if n > 0 else '−'}{abs(n)}{reason}")
    return out
