"""Sentences for the events of scenario special rules (:mod:`bot.rules.scenarios`): the Rift's pull,
trackers, the Nanite Vial put down, Oops! rolls and rule outcomes (HS-SCEN-*)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The event kinds this module words.
KINDS = frozenset({"pulled", "tracker", "vial_placed", "oops_roll", "scenario_rule"})


def line(k: str, d: dict[str, Any], space: Callable[[Any], str], who: Callable[[str], str]) -> str | None:
    """The sentence for a scenario event ``k`` with data ``d`` (``space`` names a hex, ``who`` a player)."""
    if k == "pulled":
        n = int(d.get("spaces", 0))
        return (f"🌀 The Rift: {who(d['player'])} pulls {d['figure']} {n} space{'' if n == 1 else 's'} toward the "
                f"portal, {space(d['start'])} → {space(d['at'])}.")
    if k == "tracker":
        return f"📶 {who(d['player'])}'s {d['tracker']} tracker moves to {d['value']} of {d['end']} ({d['why']})."
    if k == "vial_placed":
        holder = f"; {d['holder']} picks it up at once" if d.get("holder") else ""
        return f"🧪 Oops! {who(d['player'])} puts the Nanite Vial down at {space(d['at'])}{holder}."
    if k == "oops_roll":
        kept = "the Vial drops" if d["dropped"] else f"{d['figure']} keeps the Vial"
        return (f"🧪 Oops! {d['figure']} was wounded: d20 {d['d20']} less {d['less']} = {d['result']}: {kept} "
                "(5 or less drops it).")
    if k == "scenario_rule":
        return f"📜 {d['title']}: {d['result']}."
    return None
