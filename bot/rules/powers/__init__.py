"""Special powers of Army Cards: building blocks read from a power's ``kind`` (its pattern) and
``values`` (its parameters), and a small module for each unusual power.

Each module declares its power through the engine's hooks and nothing else: dice and value
modifiers (:mod:`bot.rules.modifiers`), timing-window effects (:mod:`bot.rules.timing`), and
special-attack kinds, and names the power kinds it enforces in ``KINDS``. Effects act on the match
only through :class:`~bot.rules.context.RulesContext` (emit, roll, wound, ask, take control...). Importing this package imports every module in it, so adding a card's
power is adding a module here: the engine is not touched. A power finds the cards it applies to
by the ``kind`` of a :class:`~bot.rules.cards.Power` on the card (``data/cards/*.json``). A block
module also names, in ``CHECKS``, a ``check(values) -> str | None`` per kind: ``None`` when it can
enforce those parameters, else why not in players' words (the blocks: ``move_*.py``, ``turn_*.py``).
"""

from __future__ import annotations

import importlib
import pkgutil

from bot.rules.cards import MOVEMENT_KINDS

_kinds: set[str] = set(MOVEMENT_KINDS)
for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _mod.startswith("_"):
        _kinds |= getattr(importlib.import_module(f"{__name__}.{_mod}"), "KINDS", frozenset())

#: Every power kind the rules core enforces by itself: each power module's ``KINDS`` and the ways
#: of moving the movement rules read from the card (Flying, Stealth Flying). Special attacks with a
#: Range and an Attack number (Explosion, Fire Line) are resolved from their numbers, whatever kind.
ENFORCED_KINDS: frozenset[str] = frozenset(_kinds)
