"""What a game gives leagues (the small protocol behind which each game keeps its army formats):
:class:`LeagueRules`, found by :func:`league_rules` as ``LEAGUE`` of module ``bot.games.<name>.league``.

The generic league logic (:mod:`bot.leagues`: pairing, ratings, standings, playoffs) never looks
inside a format; it stores it through :meth:`LeagueRules.format_to_json` /
:meth:`~LeagueRules.format_from_json` and shows it with its ``describe()``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot import games


class LeagueRules(Protocol):
    """A game's league formats. A format object has ``describe()`` (in players' words) and
    ``overrides()`` (the match options that make a league match play it)."""

    def default_format(self) -> Any:
        """The format of a league that names none."""

    def format_to_json(self, fmt: Any) -> dict[str, Any]:
        """``fmt`` as JSON values (:meth:`format_from_json` reads it back)."""

    def format_from_json(self, data: Mapping[str, Any]) -> Any:
        """A format from :meth:`format_to_json`'s dict (unknown keys ignored, missing ones defaulted)."""

    #: What the game's cards are called in players' words (``/league cards``), e.g. "characters".
    card_noun: str

    def result_facts(self, match: Any, players: Sequence[str]) -> tuple[tuple[str, ...], dict[str, list[str]]]:
        """Of a finished match (a :class:`~bot.games.ruleset.GameMatch`), for the league game of
        ``players``: who forfeited, and the names of the cards each played (its card statistics)."""


def league_rules(game: str | None = None) -> LeagueRules:
    """The league rules of game ``game`` (``None``: the default game).

    :raises bot.games.ruleset.UnknownGame: no such game. :raises ModuleNotFoundError: the game has
        no leagues.
    """
    rules: LeagueRules = importlib.import_module(f"bot.games.{games.get(game).name}.league").LEAGUE
    return rules
