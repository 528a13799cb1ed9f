"""Heroscape's command-line options for ``python -m bot local``, ``demo`` and ``bench`` (the CLI
itself, :mod:`bot.cli`, adds only ``--game``)."""

from __future__ import annotations

import argparse

from bot.games.ruleset import CliCommand


def add_arguments(command: CliCommand, parser: argparse.ArgumentParser) -> None:
    """Add the options of ``command`` (``local``, ``demo``, ``bench``: those of ``bench ai``) to ``parser``."""
    if command == "local":
        _local(parser)
    elif command == "demo":
        _demo(parser)
    elif command == "bench":
        parser.add_argument("--matches", type=int, default=200,
                            help="bench ai: matches per pairing of levels; bench bot: matches at once (default 200)")
        parser.add_argument("--seed", type=int, default=1, help="bench ai: the first setup's seed")


def _local(loc: argparse.ArgumentParser) -> None:
    loc.add_argument("--scenario", default=None, help="scenario id (data/scenarios); default: last-army-standing")
    loc.add_argument("--map", default=None, help="map id (data/maps); default: the scenario's map")
    loc.add_argument("--out", default="renders/local", help="folder for the map images and autosaves ('none': no images)")
    loc.add_argument("--seed", type=int, default=None,
                     help="dice seed: makes the dice reproducible (default: fresh dice for every roll, "
                          "which a save file does not foretell)")
    loc.add_argument("--vs-computer", nargs="?", const="normal", default=None, metavar="LEVEL",
                     choices=["easy", "normal", "hard"],
                     help="the computer plays the second seat, at LEVEL easy, normal (the default) or hard")
    loc.add_argument("--computer-level", default=None, choices=["easy", "normal", "hard"],
                     help="how hard seats named 'computer' play (default: normal)")
    loc.add_argument("--load", default=None, help="resume a match saved with 'save PATH'")
    loc.add_argument("--draft", action="store_true", help="draft the armies one Army Card at a time, in turn")
    loc.add_argument("--format", default=None,
                     help="army format: standard, delta, hasbro, modern, skirmish or epic (points system, limits, lines)")


def _demo(demo: argparse.ArgumentParser) -> None:
    demo.add_argument("--scenario", default="last-army-standing", help="scenario id (data/scenarios)")
    demo.add_argument("--map", default=None, help="map id (data/maps; default: the scenario's, COBRA Facility for "
                      "last-army-standing)")
    demo.add_argument("--level", default=None, choices=["rookie", "seasoned", "veteran", "master"],
                      help="the scenario's level: --scenario mission-critical --level veteran plays mission-critical-veteran")
    demo.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    demo.add_argument("--out", default="renders/demo", help="folder for the images ('none': no images)")
    demo.add_argument("--seed", type=int, default=7, help="dice seed")
    demo.add_argument("--draft", action="store_true", help="the computer players draft their armies card by card")
