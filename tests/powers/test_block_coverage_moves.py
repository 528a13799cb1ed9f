"""How many powers of the movement, turn and healing patterns the building blocks accept over the
shared card file (their ``CHECKS``): the figure the README gives, and that no 2024+ or Rise of the
Valkyrie power of them is left to the players.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable
from typing import Any

import bot.rules.powers as powers
from tests.powers.shared_cards import SHARED, shared_powers

#: The patterns of this side of the blocks (movement, placing figures, turns, control, healing, markers).
PATTERNS = ("flying", "move_through", "water_move", "alt_move", "teleport", "climb", "lava_resistant", "disengage",
            "bonding", "take_turn_instead", "move_other", "heal", "marker_resource", "summon", "grab", "mind_control",
            "extra_turn", "pre_round_move", "deploy_delayed", "carry", "immobilize", "post_turn_move",
            "movement_restriction", "place_terrain", "swap", "terrain_move", "squad_activation", "move_object",
            "order_marker_shift", "place_object", "terrain_change", "terrain_as", "rule_exception", "setup_choice",
            "spirit", "linked_fate", "initiative_bonus")


def _checks() -> dict[str, Callable[[dict[str, Any]], str | None]]:
    out: dict[str, Callable[[dict[str, Any]], str | None]] = {}
    for mod in pkgutil.iter_modules(powers.__path__):
        if not mod.name.startswith("_"):
            out.update(getattr(importlib.import_module(f"bot.rules.powers.{mod.name}"), "CHECKS", {}))
    return out


def accepted(pattern: str, values: dict[str, Any]) -> bool:
    """Whether a power of ``pattern`` with ``values`` is enforced (a kind of some module; its check passes)."""
    check = _checks().get(pattern)
    return pattern in powers.ENFORCED_KINDS and (check is None or check(values) is None)


def test_the_blocks_accept_most_powers_of_their_patterns() -> None:
    found = [(name, power, p) for p in PATTERNS for name, power, v in shared_powers(p) if accepted(p, v)]
    total = sum(len(shared_powers(p)) for p in PATTERNS)
    assert total == 227 and len(found) >= 210  # 208 with Mutiny (pfinal), 210 with Create Water and Summon Vines


def test_every_2024_and_rise_of_the_valkyrie_power_of_these_patterns_is_accepted() -> None:
    cards = json.loads(SHARED.read_text(encoding="utf-8"))
    left = sorted(p["name"] for c in cards if not c["incomplete"]
                  and (c["line"].startswith("Avalon") or c["set"] == "Rise of the Valkyrie")
                  for p in c["powers"] if p["params"].get("pattern") in PATTERNS
                  and not accepted(p["params"]["pattern"], {k: v for k, v in p["params"].items() if k != "pattern"}))
    assert left == []  # Mutiny since pfinal; Create Water and Summon Vines since wip-water
