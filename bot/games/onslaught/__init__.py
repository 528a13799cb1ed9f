"""D&D Onslaught behind the game seam: the picture, the console match, the demo and the benchmark.

The rules live in :mod:`bot.onslaught` (pure); this package is what players meet. Entry points, each
taking the command line's ``argparse.Namespace`` and returning an exit status: :func:`local` (a match
in this terminal), :func:`demo` (two computer parties to the end, pictures written), :func:`bench_rules`
(``name: value unit`` figures).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def local(args: argparse.Namespace) -> int:
    """``local --game onslaught``: see :mod:`bot.games.onslaught.console`."""
    from bot.games.onslaught.console import main

    return main(args)


def demo(args: argparse.Namespace) -> int:
    """``demo --game onslaught``: see :mod:`bot.games.onslaught.demo`."""
    from bot.games.onslaught.demo import main

    return main(args)


def bench_rules(args: argparse.Namespace) -> int:
    """``bench rules --game onslaught``: see :mod:`bot.games.onslaught.bench`."""
    from bot.games.onslaught.bench import main

    return main(args)


def cli(argv: Sequence[str]) -> int:
    """``python -m bot.games.onslaught local|demo|bench [--scenario ID] [--seed N] [--out DIR|none]
    [--vs-computer] [--load PATH]``."""
    parser = argparse.ArgumentParser(prog="python -m bot.games.onslaught")
    parser.add_argument("what", choices=["local", "demo", "bench"])
    parser.add_argument("--scenario", default=None, help="scenario id (data/onslaught/scenarios.json)")
    parser.add_argument("--seed", type=int, default=None, help="dice seed")
    parser.add_argument("--out", default=None, help="folder for the pictures ('none': no pictures)")
    parser.add_argument("--vs-computer", action="store_true", help="local: the computer plays party B")
    parser.add_argument("--load", default=None, help="local: resume a saved match")
    args = parser.parse_args(list(argv))
    return {"local": local, "demo": demo, "bench": bench_rules}[args.what](args)
