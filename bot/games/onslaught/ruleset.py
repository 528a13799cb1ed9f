"""Onslaught's :class:`~bot.games.ruleset.Ruleset`: new matches, records, commands, the CLI entry points.

Match options (:attr:`~bot.games.ruleset.MatchSettings.options`): ``scenario`` (a scenario id of
``data/onslaught/scenarios.json``; default ``skirmish``), ``map`` (``None`` or the scenario's own map:
an Onslaught scenario fixes its map), ``format`` (a dict of ``parties``, ``names``, ``computer``, ``lobby``) and
the same keys directly, and ``lobby`` (start with an open table: seats and parties by command; the
default on Discord, :mod:`bot.games.onslaught.lobby`). Unknown keys are refused. The command line: ``local`` and ``demo`` take
``--scenario``, ``--seed`` and ``--out DIR|none``; ``local`` also ``--vs-computer`` and ``--load PATH``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from bot.games.onslaught.match import DEFAULT_SCENARIO, FORMAT_KEYS, NAME, OnslaughtMatch
from bot.games.onslaught.server_cards import library_for as of_server
from bot.games.onslaught.server_cards import shipped
from bot.games.ruleset import Adapter, CliCommand, MatchSettings
from bot.onslaught.content import ContentError, Library

#: The keys a new match's options may have.
OPTIONS = ("map", "scenario", "format", *FORMAT_KEYS)


def library() -> Library:
    """The shipped (invented) Onslaught content, loaded once."""
    return shipped()


def library_for(server: int | None) -> Library:
    """Server ``server``'s library: the shipped set plus its uploaded character cards."""
    return of_server(server)


class OnslaughtRuleset:
    """D&D Onslaught (ledger clauses DDO-*, decisions DEC-16..24) on a square grid."""

    name = NAME
    title = "D&D Onslaught"
    #: Words only Onslaught uses (lower case): the generic layers must not name them.
    terms = ("onslaught", "initiative card", "cooldown", "battle wheel", "bloodied", "d20", "monster", "champion",
             "loot", "dungeons")
    packages = ("bot.onslaught", "bot.games.onslaught")

    def new_match(self, settings: MatchSettings) -> OnslaughtMatch:
        """A new match from ``settings`` (see the module docstring for the options), with the character
        cards of server ``settings.server`` (:mod:`bot.games.onslaught.server_cards`).

        :raises ValueError: an unknown option, scenario, party, or a map the scenario does not use.
        """
        opts = dict(settings.options)
        unknown = sorted(set(opts) - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown match option(s) {', '.join(unknown)}; the options are {', '.join(OPTIONS)}")
        fmt = {**dict(opts.get("format") or {}), **{k: opts[k] for k in FORMAT_KEYS if opts.get(k) is not None}}
        bad = sorted(set(fmt) - set(FORMAT_KEYS))
        if bad:
            raise ValueError(f"unknown format key(s) {', '.join(bad)}; the keys are {', '.join(FORMAT_KEYS)}")
        lib = library_for(settings.server)  # the server's own character cards over the shipped set
        scenario = opts.get("scenario") or DEFAULT_SCENARIO
        if scenario in lib.scenarios and opts.get("map") and opts["map"] != lib.scenarios[scenario].map:
            raise ValueError(f"scenario {scenario!r} is played on map {lib.scenarios[scenario].map!r}, not {opts['map']!r}")
        seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(1, 10**9)
        # On Discord the table opens first (seats and parties by command): the match's default.
        lobby = bool(fmt.get("lobby", settings.adapter == "discord"))
        return OnslaughtMatch(lib, scenario, seed, fmt.get("names"), fmt.get("parties"), fmt.get("computer") or (),
                              settings.match_id, lobby=lobby, preset=fmt.get("preset"))

    def from_record(self, record: Mapping[str, Any], snapshots: Iterable[tuple[int, bytes]] = (), *,
                    adapter: Adapter = "console", tolerant: bool = False, server: int | None = None) -> OnslaughtMatch:
        """Rebuild a match by replaying its log (snapshots are not used: none are made), with server
        ``server``'s character cards (:mod:`bot.games.onslaught.server_cards`).

        :raises bot.games.ruleset.Refused: a logged command is refused (never when ``tolerant``).
        """
        return OnslaughtMatch.from_record(library_for(server), record, tolerant=tolerant)

    def parse(self, text: str) -> str:
        """The canonical text of a command (:func:`bot.onslaught.commands.parse`).

        :raises bot.onslaught.events.ParseError: it does not read.
        """
        from bot.onslaught.commands import parse

        return parse(text).text

    def snapshot_version(self) -> str:
        """A hash of the rules core's sources (snapshots are not made, but the answer is honest)."""
        folder = Path(__file__).resolve().parents[2] / "onslaught"
        digest = hashlib.sha256()
        for path in sorted(folder.glob("*.py")):
            digest.update(path.read_bytes())
        return digest.hexdigest()[:16]

    def content_problems(self) -> list[str]:
        """The shipped content's format errors (none when it loads)."""
        try:
            library()
        except (ContentError, OSError) as exc:
            return [f"data/onslaught: {exc}"]
        return []

    def add_arguments(self, command: CliCommand, parser: argparse.ArgumentParser) -> None:
        """``local``/``demo``: ``--scenario``, ``--seed``, ``--out``; ``local`` also ``--vs-computer``, ``--load``."""
        if command == "bench":
            return
        ids = ", ".join(sorted(library().scenarios))
        parser.add_argument("--scenario", default=None, help=f"scenario id ({ids}; default {DEFAULT_SCENARIO})")
        if command == "local":
            parser.add_argument("--seed", type=int, default=None, help="dice seed (default: fresh dice)")
            parser.add_argument("--out", default="renders/onslaught-local", help="folder for the pictures ('none': no pictures)")
            parser.add_argument("--vs-computer", action="store_true", help="the computer plays party B")
            parser.add_argument("--load", default=None, help="resume a match saved with 'save PATH'")
        else:
            parser.add_argument("--seed", type=int, default=7, help="dice seed")
            parser.add_argument("--out", default="renders/onslaught-demo", help="folder for the pictures ('none': no pictures)")

    def local(self, args: argparse.Namespace) -> int:
        """:func:`bot.games.onslaught.console.main`."""
        from bot.games.onslaught.console import main

        return main(args)

    def demo(self, args: argparse.Namespace) -> int:
        """:func:`bot.games.onslaught.demo.main`."""
        from bot.games.onslaught.demo import main

        return main(args)

    def bench_rules(self, args: argparse.Namespace) -> int:
        """:func:`bot.games.onslaught.bench.main`."""
        from bot.games.onslaught.bench import main

        return main(args)
