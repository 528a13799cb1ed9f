"""Whom a figure can attack, in words: one line per attack (normal, then each special attack), for
the console's ``targets`` and Discord's ``/map targets:``.

The rules decide (:func:`bot.rules.special.attack_options`); this module only words the answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.special import AttackOption


def _names(ids: Sequence[str]) -> str:
    return ", ".join(ids)


def option_line(option: AttackOption) -> str:
    """One attack and whom it can hit, e.g. ``"Explosion Special Attack: grimnak (also hits tarn1)"``.

    A figure-aimed attack lists its targets, each with the other figures it would hit; a Line
    attack lists the spaces to aim at with the figures on each line; an attack that cannot be
    made now says why.
    """
    if option.refused:
        return f"{option.name}: not now ({option.refused})"
    if not option.aims:
        return f"{option.name}: no figure in reach"
    if not option.special:
        return f"{option.name}: {_names([a.aim for a in option.aims])}"
    parts = []
    for aim in option.aims:
        if aim.space:  # a Line X attack
            parts.append(f"aim at {aim.aim} (hits {_names(aim.affected)})")
        else:
            others = [f for f in aim.affected if f != aim.aim]
            parts.append(aim.aim + (f" (also hits {_names(others)})" if others else ""))
    return f"{option.name}: {', '.join(parts)}"


def marked(options: Sequence[AttackOption]) -> tuple[str, ...]:
    """Every enemy figure some attack can hit (the map's target marks), by id, each once."""
    seen: list[str] = []
    for option in options:
        seen.extend(t for t in option.targets if t not in seen)
    return tuple(seen)
