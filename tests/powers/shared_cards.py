"""Army Cards built from the shared card file (``../shared/cards/heroscape-cards.json``), with each
power's ``kind`` its ``params.pattern`` and ``values`` the rest of ``params``, as ``data/cards``
will hold them (team contract "Powers data"); for the tests of the power building blocks.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.rules.cards import ArmyCard

SHARED = Path(__file__).resolve().parents[3] / "shared" / "cards" / "heroscape-cards.json"


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
