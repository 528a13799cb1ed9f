"""Scenario special rules as plug-ins, one small module per scenario or per rule kind (HS-SCEN-*);
no scenario name is in the engine.

A scenario file (``data/scenarios/*.json``) lists the special rules it plays with in ``rules``
(:class:`bot.rules.scenario.ScenarioRule`: a ``kind``, the rule's id, and its parameters; written
as a list or as a table of id -> parameters). A plug-in module of this package hooks in through the
engine's ordinary seams only: timing-window effects (:mod:`bot.rules.timing`), the entering hook of
:mod:`bot.rules.terrain_effects` and the victory checks of :mod:`bot.rules.victory`, acting
through :class:`~bot.rules.context.RulesContext`. Every effect first asks the match's scenario for
its rules (:meth:`bot.rules.scenario.Scenario.rules_of`, or :func:`registry.active` and
:func:`registry.params`), so adding a scenario is adding a module and a data file.

A module names the rule kinds it handles in ``KINDS`` and/or registers them, with their titles and
players' texts (``/rules scenario``), through :func:`registry.special_rule`. Importing this
package imports every module in it whose name does not start with ``_`` (as :mod:`bot.rules.powers`
does); :data:`KINDS` is every rule kind a plug-in handles, for checking scenario files.
"""

from __future__ import annotations

import importlib
import pkgutil

from bot.rules.scenarios.registry import RULES

__all__ = ["KINDS"]

_kinds: set[str] = set()
for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _mod.startswith("_") and _mod != "registry":
        _kinds |= set(getattr(importlib.import_module(f"{__name__}.{_mod}"), "KINDS", frozenset()))

#: Every scenario rule kind a plug-in handles: the modules' ``KINDS`` and the registered rules.
KINDS: frozenset[str] = frozenset(_kinds | set(RULES))
