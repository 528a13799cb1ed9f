"""Army Cards built from the shared card file (``shared/cards/heroscape-cards.json``), as the
power building blocks read them: each power's ``kind`` is its ``params.pattern`` and its ``values``
the rest of ``params``, copied as written (the contract between the card data and the blocks).

:func:`shared_card` and :func:`shared_powers` (movement and turn blocks) skip the test when the
shared file is not here; :func:`shared` and :func:`coverage` (attack-side blocks) read it directly.

The tests of the blocks build real cards this way (``data/cards`` is being rewritten); run this
module to print how many powers of the attack-side patterns :func:`bot.rules.powers.enforcement`
accepts: ``python3 -m tests.powers.shared_cards``.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.rules.cards import ArmyCard, slug
from bot.rules.powers import enforcement

SHARED = Path(__file__).resolve().parents[3] / "shared" / "cards" / "heroscape-cards.json"

#: The patterns of the attack, defense, dice and wounds side (the "powers-a" building blocks).
ATTACK_SIDE = frozenset({
    "special_attack", "attack_bonus", "defense_bonus", "stat_bonus", "aura", "skull_bonus", "auto_shield",
    "counter_strike", "extra_attack", "defense_penalty", "targeting_restriction", "roll_modifier", "d20_trigger",
    "d20_table", "one_shield_blocks_all", "wound_cap", "bonus_wounds", "shield_bonus", "auto_skull", "backlash",
    "attack_all_adjacent", "all_skulls_bonus", "reroll", "dice_pool_attack", "splash_wound", "taunt", "auto_wound",
    "sacrifice_to_ignore_wounds", "linked_fate", "death_trigger", "move_and_attack_special", "grab", "mind_control",
    "spirit",
})

#: The sets to enforce first (issue 14): the 2024+ sets and Rise of the Valkyrie.
FIRST_SETS = frozenset({
    "Rise of the Valkyrie", "Age of Annihilation", "Age of Annihilation pre-order promo", "Battle for the Wellspring",
    "Revna's Rebuke", "Rising Tide", "Thyraxis Dragoon (2025 army expansion)",
})

_STATS = ("general", "rarity", "personality", "size", "height", "base", "figures", "life", "move", "range",
          "attack", "defense", "points", "set")


@cache
def _file() -> list[dict[str, Any]]:
    return list(json.loads(SHARED.read_text(encoding="utf-8")))


def entry(name: str) -> dict[str, Any]:
    """The shared file's entry for the card called ``name``.

    :raises KeyError: when no card has that name.
    """
    for c in _file():
        if c["name"] == name:
            return c
    raise KeyError(name)


def power_of(params: dict[str, Any], name: str = "Power") -> dict[str, Any]:
    """A power in the project's form from a shared-file ``params``: kind = pattern, values = the rest."""
    values = {k: v for k, v in params.items() if k != "pattern"}
    return {"name": name, "text": f"{name} (shared file).", "kind": params.get("pattern"), "values": values}


def shared(name: str, **overrides: Any) -> ArmyCard:
    """The Army Card ``name`` of the shared file, its powers as the blocks read them."""
    c = entry(name)
    data: dict[str, Any] = {k: c[k] for k in _STATS if c.get(k) is not None}
    if data.get("base") not in (None, 1, 2):
        data["base"] = 2  # the Marro Hive (6 spaces): the rules core knows 1 and 2
    data.update(id=slug(c["name"]), name=c["name"], kind=c["kind"], species=[c["species"]] if c.get("species") else [],
                keywords=[k for k in c.get("keywords", []) if k in ("flying", "stealth_flying")],
                powers=[power_of(p["params"], p["name"]) for p in c["powers"] if p["params"]])
    data["class"] = [c["class"]] if c.get("class") else []
    data.update(overrides)
    return ArmyCard.model_validate(data)


def coverage(sets: frozenset[str] | None = None) -> tuple[int, int, list[tuple[str, str, str, str]]]:
    """``(enforced, total, not enforced)`` over the attack-side powers of the complete cards (of
    ``sets`` when given); each one not enforced as ``(card, power, pattern, reason)``."""
    done, total, missing = 0, 0, []
    for c in _file():
        if c["incomplete"] or (sets is not None and c["set"] not in sets):
            continue
        card = shared(c["name"])
        for p, raw in zip(card.powers, [p for p in c["powers"] if p["params"]], strict=True):
            if raw["params"].get("pattern") not in ATTACK_SIDE:
                continue
            total += 1
            why = enforcement(p)
            if why is None:
                done += 1
            else:
                missing.append((c["name"], p.name, p.kind or "", why))
    return done, total, missing


@cache
def _cards() -> dict[str, dict[str, Any]]:
    if not SHARED.exists():
        pytest.skip(f"the shared card file {SHARED} is not here")
    return {c["name"]: c for c in json.loads(SHARED.read_text(encoding="utf-8"))}


def shared_card(name: str) -> ArmyCard:
    """The card called ``name`` in the shared file, as an :class:`ArmyCard` (powers as data)."""
    c = _cards()[name]
    powers = [{"name": p["name"], "text": p["mechanics"], "kind": p["params"].get("pattern"),
               "values": {k: v for k, v in p["params"].items() if k != "pattern"}} for p in c["powers"] or []]
    data = {k: c[k] for k in ("name", "set", "general", "kind", "rarity", "personality", "size", "height", "base",
                              "figures", "life", "move", "range", "attack", "defense", "points")}
    data.update(species=c["species"], powers=powers, **{"class": c["class"]})
    return ArmyCard.model_validate(data)


def shared_powers(pattern: str) -> list[tuple[str, str, dict[str, Any]]]:
    """Every power of ``pattern`` in the shared file: (card name, power name, values)."""
    return [(c["name"], p["name"], {k: v for k, v in p["params"].items() if k != "pattern"})
            for c in _cards().values() for p in c["powers"] or [] if p["params"].get("pattern") == pattern]


def main() -> None:
    """Print the figures and the powers not enforced, by pattern."""
    for label, sets in (("2024+ sets and Rise of the Valkyrie", FIRST_SETS), ("every complete card", None)):
        done, total, missing = coverage(sets)
        print(f"{label}: attack-side powers enforced: {done} / {total}")
    _, _, missing = coverage()
    by = Counter(m[2] for m in missing)
    for pattern, n in by.most_common():
        print(f"  {pattern}: {n} not enforced")
    for card, power, pattern, why in missing:
        print(f"  - {card}: {power} [{pattern}]: {why}")


if __name__ == "__main__":
    main()
