"""Terminal adapters. Each game brings its own: ``python -m bot local|demo --game NAME`` runs the
game's :meth:`~bot.games.ruleset.Ruleset.local` / ``demo`` entry point.

The modules that were here (``bot.console.local``, ``demo``, ``io``, ``views``, ``saves``, ``help``,
``text``) moved into the default game's package; their old import paths name those very modules
(registered below), so existing imports and any patching keep working.
"""

import importlib
import sys

from bot.games import DEFAULT

for _name in ("demo", "help", "io", "local", "saves", "text", "views"):
    sys.modules[f"{__name__}.{_name}"] = importlib.import_module(f"bot.games.{DEFAULT}.console.{_name}")
