"""``python -m bot.games.onslaught local|demo|bench``: Onslaught's entry points before ``--game`` wires them."""

from __future__ import annotations

import sys

from bot.games.onslaught import cli

sys.exit(cli(sys.argv[1:]))
