"""Which power kinds the rules core enforces: a registry each power module states (``KINDS``),
not a guess from the source text. The 19 classic cards' powers are all enforced (README: Rise of the Valkyrie's 16 here)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import bot.rules.powers as powers
from bot.content.cards import load_card_file
from bot.game.card_text import enforced
from bot.rules.powers import ENFORCED_KINDS

DATA = Path(__file__).resolve().parents[2] / "data" / "cards"


def test_every_classic_power_is_enforced() -> None:
    cards = load_card_file(DATA / "rise-of-the-valkyrie.json")
    assert len(cards) == 16
    not_enforced = [(c.name, p.name) for c in cards for p in c.powers if not enforced(p)]
    assert not_enforced == []


def test_kinds_no_module_implements_are_not_enforced() -> None:
    # Swim and Phantom Walk are printed on cards of later sets; no rules module carries them out yet.
    assert "swim" not in ENFORCED_KINDS
    assert "phantom_walk" not in ENFORCED_KINDS
    assert {"flying", "stealth_flying", "double_attack", "water_clone"} <= ENFORCED_KINDS


def test_each_power_module_names_only_kinds_it_mentions() -> None:
    """A module's ``KINDS`` is kept honest: each kind is looked for by name in that module."""
    for info in pkgutil.iter_modules(powers.__path__):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"bot.rules.powers.{info.name}")
        source = Path(mod.__file__ or "").read_text(encoding="utf-8")
        for kind in getattr(mod, "KINDS", ()):
            # Once in KINDS, and at least once where the module looks the power up.
            assert source.count(f'"{kind}"') >= 2, (info.name, kind)
