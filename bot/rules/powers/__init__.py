"""Special powers of Army Cards, one small module per card (or per kind of power).

Each module declares its power through the engine's hooks and nothing else: dice and value
modifiers (:mod:`bot.rules.modifiers`), timing-window effects (:mod:`bot.rules.timing`), and
special-attack kinds. Importing this package imports every module in it, so adding a card's
power is adding a module here: the engine is not touched. A power finds the cards it applies to
by the ``kind`` of a :class:`~bot.rules.cards.Power` on the card (``data/cards/*.json``).
"""

from __future__ import annotations

import importlib
import pkgutil

for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _mod.startswith("_"):
        importlib.import_module(f"{__name__}.{_mod}")
