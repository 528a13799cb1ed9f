"""Scenario special rules as plug-ins, one small module per rule kind or scenario (HS-SCEN-*).

A scenario file (``data/scenarios/*.json``) lists its special rules as data
(:class:`bot.rules.scenario.ScenarioRule`: a ``kind`` and that kind's parameters). Each module of
this package handles some kinds and hooks in through the engine's ordinary seams only: timing-window
effects (:mod:`bot.rules.timing`), the entering hook of :mod:`bot.rules.terrain_effects` and the
victory checks of :mod:`bot.rules.victory`; it acts through
:class:`~bot.rules.context.RulesContext`. Every effect first asks the match's scenario for rules of
its kind (:meth:`bot.rules.scenario.Scenario.rules_of`), so the engine never names a scenario.

Importing this package imports every module in it whose name does not start with ``_`` (as
:mod:`bot.rules.powers` does); each names the rule kinds it handles in ``KINDS``. :data:`KINDS`
is their union, for checking scenario files.
"""

from __future__ import annotations

import importlib
import pkgutil

__all__ = ["KINDS"]

_kinds: set[str] = set()
for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _mod.startswith("_"):
        _kinds |= set(getattr(importlib.import_module(f"{__name__}.{_mod}"), "KINDS", frozenset()))

#: Every scenario rule kind a plug-in handles.
KINDS: frozenset[str] = frozenset(_kinds)
