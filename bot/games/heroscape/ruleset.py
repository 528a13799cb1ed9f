"""Heroscape's :class:`~bot.games.ruleset.Ruleset`: matches, records, commands and the CLI entry points.

Match options (:attr:`~bot.games.ruleset.MatchSettings.options`): ``map`` (a map id; default the
scenario's), ``scenario`` (default ``last-army-standing``) and ``format`` (overrides of the
scenario's army format, see :mod:`bot.content.formats`). The command line's options for ``local``,
``demo`` and ``bench`` are those the Heroscape console and demo always had.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from typing import Any

from bot.games.heroscape.match import NAME, HeroscapeMatch
from bot.games.ruleset import Adapter, CliCommand, MatchSettings

#: The keys a match's options may have.
OPTIONS = ("map", "scenario", "format")


def _howto(adapter: Adapter) -> Any:
    from bot.game.howto import CONSOLE, DISCORD

    return DISCORD if adapter == "discord" else CONSOLE


def _library(server: int | None) -> Any:
    from bot.game.session import library_for

    return library_for(server)


class HeroscapeRuleset:
    """Heroscape (the Master Set rules and what the ledger adds), as the bot has always played it."""

    name = NAME
    title = "Heroscape"
    #: Words only Heroscape uses (lower case): the generic layers must not name them.
    terms = ("heroscape", "order marker", "army card", "glyph", "hex", "player turn", "valkyrie", "squad",
             "wound", "initiative roll", "start zone", "figure", "marker")
    packages = ("bot.rules", "bot.content", "bot.game", "bot.render", "bot.cases", "bot.games.heroscape")

    def new_match(self, settings: MatchSettings) -> HeroscapeMatch:
        """A new match (:meth:`bot.game.session.GameSession.create`).

        :raises ValueError: an unknown option key, or a map that does not fit the scenario.
        :raises KeyError: an unknown map or scenario (suggestions in the message).
        """
        unknown = sorted(set(settings.options) - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown match option(s) {', '.join(unknown)}; the options are {', '.join(OPTIONS)}")
        opts = settings.options
        session = HeroscapeMatch.create(settings.match_id, map_id=opts.get("map"),
                                        scenario_id=opts.get("scenario") or "last-army-standing",
                                        fmt=dict(opts.get("format") or {}) or None, seed=settings.seed,
                                        howto=_howto(settings.adapter), fresh_dice=settings.fresh_dice,
                                        library=_library(settings.server))
        assert isinstance(session, HeroscapeMatch)
        return session

    def from_record(self, record: Mapping[str, Any], snapshots: Iterable[tuple[int, bytes]] = (), *,
                    adapter: Adapter = "console", tolerant: bool = False, server: int | None = None) -> HeroscapeMatch:
        """Rebuild a match (:meth:`bot.game.session.GameSession.from_record`)."""
        session = HeroscapeMatch.from_record(dict(record), snapshots, howto=_howto(adapter), tolerant=tolerant,
                                             library=_library(server))
        assert isinstance(session, HeroscapeMatch)
        return session

    def parse(self, text: str) -> str:
        """The canonical text of a command (:meth:`bot.rules.commands.Command.parse`).

        :raises bot.rules.errors.InvalidCommand: it does not read.
        """
        from bot.rules.commands import Command

        return Command.parse(text).text()

    def snapshot_version(self) -> str:
        """:func:`bot.game.session.snapshot_version`."""
        from bot.game.session import snapshot_version

        return snapshot_version()

    def content_problems(self) -> list[str]:
        """Cards, maps and scenarios skipped as invalid (:func:`bot.game.session.content_problems`)."""
        from bot.game.session import content_problems

        return content_problems()

    def add_arguments(self, command: CliCommand, parser: argparse.ArgumentParser) -> None:
        """The options of ``local``, ``demo`` and ``bench`` (:mod:`bot.games.heroscape.cli`)."""
        from bot.games.heroscape.cli import add_arguments

        add_arguments(command, parser)

    def local(self, args: argparse.Namespace) -> int:
        """:func:`bot.games.heroscape.console.local.main`."""
        from bot.games.heroscape.console.local import main

        return int(main(args))

    def demo(self, args: argparse.Namespace) -> int:
        """:func:`bot.games.heroscape.console.demo.main`."""
        from bot.games.heroscape.console.demo import main

        return int(main(args))

    def bench_rules(self, args: argparse.Namespace) -> int:
        """:func:`bot.games.heroscape.bench.main` for ``args.what`` (``rules``; also ``render`` and
        ``bot``, Heroscape's picture and Discord load benchmarks, with ``args.no_pictures``,
        ``args.matches``, ``args.most`` and the pace options when present)."""
        from bot.games.heroscape.bench import main

        what = getattr(args, "what", "rules") or "rules"
        if what == "rules":
            return int(main("rules"))
        return int(main(what, **_bench_options(args)))


def _bench_options(args: argparse.Namespace) -> dict[str, Any]:
    """``bench render|bot``'s options from the parsed command line (absent ones keep their defaults)."""
    return {"pictures": not getattr(args, "no_pictures", False), "matches": getattr(args, "matches", None),
            "most": bool(getattr(args, "most", False)), "think": getattr(args, "think", None),
            "saturate": bool(getattr(args, "saturate", False))}
