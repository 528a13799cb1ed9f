"""D&D Onslaught behind the game seam: ``RULESET`` is the game the registry (:mod:`bot.games`) finds.

The rules live in :mod:`bot.onslaught` (pure); this package is what players meet: the match behind
the seam (:mod:`.match`), narration (:mod:`.narrate`), the square-grid picture (:mod:`.picture`), the
console match (:mod:`.console`), the demo (:mod:`.demo`), the activation pictures (:mod:`.recorder`)
and the benchmark (:mod:`.bench`). ``python -m bot local|demo|bench rules --game onslaught`` reach
``RULESET.local``, ``RULESET.demo`` and ``RULESET.bench_rules`` (:mod:`.ruleset`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bot.games.onslaught.ruleset import OnslaughtRuleset

RULESET = OnslaughtRuleset()


def cli(argv: Sequence[str]) -> int:
    """``python -m bot.games.onslaught local|demo|bench [options]``: the same as ``python -m bot
    local|demo|bench rules --game onslaught``."""
    parser = argparse.ArgumentParser(prog="python -m bot.games.onslaught")
    sub = parser.add_subparsers(dest="what", required=True)
    for what in ("local", "demo", "bench"):
        RULESET.add_arguments(what, sub.add_parser(what))
    args = parser.parse_args(list(argv))
    return {"local": RULESET.local, "demo": RULESET.demo, "bench": RULESET.bench_rules}[args.what](args)


__all__ = ["RULESET", "OnslaughtRuleset", "cli"]
