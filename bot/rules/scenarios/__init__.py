"""Scenario special rules as plug-ins: one module per scenario (or per shared rule), no scenario name
in the engine.

A scenario file (``data/scenarios/*.json``) lists the special rules it plays with in ``rules``: rule
id -> parameters (``{"the_rift": {}, "download_or_delete": {"trackers": {...}}}``). A plug-in module
in this package registers its rules with :func:`bot.rules.scenarios.registry.special_rule` (id, title,
players' text, ledger IDs) and acts through the engine's hooks only: timing-window effects
(:mod:`bot.rules.timing`) whose ``triggers`` first ask :func:`~bot.rules.scenarios.registry.active`,
acting on the match through :class:`~bot.rules.context.RulesContext`. Importing this package imports
every module in it (like :mod:`bot.rules.powers`), so adding a scenario is adding a module and a data
file: nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil

for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _mod.startswith("_") and _mod != "registry":
        importlib.import_module(f"{__name__}.{_mod}")
