"""Narration of Treasure, Artifact and Tech Glyph events (:mod:`bot.rules.treasure`): one line per event.

Kept apart from :mod:`bot.game.narrate` so the glyph lines live in one place; the narrator hands every
``treasure_*``, ``tech_ready`` and ``healed`` event here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.rules.treasure.catalogue import title

KINDS = frozenset({"treasure_picked_up", "treasure_dropped", "treasure_removed", "treasure_used", "treasure_trap",
                   "treasure_trap_escaped", "tech_ready", "healed"})


def line(kind: str, d: dict[str, Any], space: Callable[[Any], str]) -> str | None:
    """The sentence for one glyph event ``kind`` with data ``d``; ``space`` names a ``[q, r]`` as on the map."""
    who = d.get("figure", "?")
    name = d.get("title") or title(str(d.get("glyph", "")))
    if kind == "treasure_picked_up":
        return f"💎 {who} picks up {name} at {space(d['at'])}."
    if kind == "treasure_dropped":
        how = "where it fell" if d.get("rule") == "HS-TREASURE-09" else "on its way"
        return f"💎 {who} drops {name} {how}, at {space(d['at'])} (power side up)."
    if kind == "treasure_removed":
        return f"💎 {name} leaves the game: {d.get('why', '')}."
    if kind == "treasure_trap":
        return f"💥 {who} tries to pick up the face-down glyph: d20 {_trap_roll(d)} — the trap goes off; the glyph stays."
    if kind == "treasure_trap_escaped":
        return f"{who} checks the face-down glyph for traps: d20 {_trap_roll(d)} — safe."
    if kind == "tech_ready":
        return f"⚙ {who}'s {', '.join(title(g) for g in d['glyphs'])} turned power side up: ready again."
    if kind == "healed":
        return f"✚ {who} heals {d['wounds']} wound{'' if d['wounds'] == 1 else 's'} ({d.get('cause', '')})."
    if kind == "treasure_used":
        return f"💎 {who} uses {name}{_detail(d, space)}."
    return None


def _detail(d: dict[str, Any], space: Callable[[Any], str]) -> str:
    if "d20" in d and "target" in d:
        return f" on {d['target']}: d20 {d['d20']} — {'destroyed' if d.get('destroyed') else 'nothing happens'}"
    if "d20" in d:
        ignored = d.get("ignored")
        return f": d20 {d['d20']} — {'every wound' if ignored == 'all' else '1 wound'} ignored"
    if "rerolled" in d:
        return f": rolls a {d['rerolled']} again — {d['result']}"
    if "figure_back" in d:
        return f": {d['figure_back']} comes back at {space(d['at'])} for one attack"
    if "healed" in d:
        return ""
    if "why" in d:
        return f" ({d['why']}): {d.get('wounds', 0)} wound"
    if "target" in d and "wounds" in d:
        return f": {d['target']} takes {d['wounds']} more wound{'' if d['wounds'] == 1 else 's'}"
    if "picked" in d:
        return f" on {d['picked']}"
    return ""


def _trap_roll(d: dict[str, Any]) -> str:
    """A trap roll as told: "7", or "3, 7 with Disarm Traps" when a power changed it."""
    if "total" not in d:
        return str(d["d20"])
    return f"{d['d20']}, {d['total']} with {' and '.join(d.get('powers', []))}"
