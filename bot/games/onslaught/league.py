"""D&D Onslaught's leagues: a league's format (the scenario every match plays, on its own map) and a
registered party checked against the server's character cards as ``/match new party:`` checks it
(DDO-PARTY-01..04).

An Onslaught scenario fixes its map, so a league's map pool is its scenario's map. A registered party
is a party's name or five character names with commas (:func:`bot.games.onslaught.lobby.members`);
the league's matches open with an open table (``lobby``), seat the players with ``join NAME``, set
each registered party with ``party PARTY`` and ``start`` (the face's ``league_army_command``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.onslaught.lobby import SIDES, members
from bot.games.onslaught.match import DEFAULT_SCENARIO
from bot.games.onslaught.server_cards import library_for
from bot.onslaught.content import Library
from bot.onslaught.events import RulesError

#: The characters of a party (DDO-PARTY-01).
PARTY_SIZE = 5


class LeaguePartyError(ValueError):
    """A party the league refuses; the message says what is wrong and what would be right."""


class LeagueFormatError(ValueError):
    """A league setup Onslaught cannot play (unknown scenario, a map not the scenario's, a round limit)."""


@dataclass(frozen=True, slots=True)
class OnslaughtLeagueFormat:
    """An Onslaught league's format: ``scenario``, the scenario id every league match plays (its
    map is the scenario's)."""

    scenario: str = DEFAULT_SCENARIO

    @property
    def maps(self) -> tuple[str, ...]:
        """The league's map pool: the scenario's map (the shipped content's; ``()`` for an unknown scenario)."""
        sc = library_for(None).scenarios.get(self.scenario)
        return (sc.map,) if sc is not None else ()

    def overrides(self) -> dict[str, Any]:
        """The match format of a league match: an open table, parties set by command."""
        return {"lobby": True}

    def describe(self) -> str:
        """In players' words: ``D&D Onslaught, scenario skirmish, parties of 5 characters``."""
        return f"D&D Onslaught, scenario {self.scenario}, parties of {PARTY_SIZE} characters"


def league_format(scenario: str | None, maps: Sequence[str], round_limit: int | None,
                  library: Library | None = None) -> OnslaughtLeagueFormat:
    """The format of a league playing ``scenario`` (default :data:`DEFAULT_SCENARIO`); ``maps`` (may
    be empty) must be the scenario's map.

    :raises LeagueFormatError: an unknown scenario, another map, or a round limit (a scenario has its own rounds).
    """
    lib = library or library_for(None)
    sid = scenario or DEFAULT_SCENARIO
    if sid not in lib.scenarios:
        raise LeagueFormatError(f"There is no D&D Onslaught scenario '{sid}'. The scenarios are: "
                                f"{', '.join(sorted(lib.scenarios))}.")
    own = lib.scenarios[sid].map
    other = [m for m in maps if m != own]
    if other:
        raise LeagueFormatError(f"Scenario {sid} is played on map {own}, not {other[0]}: leave `maps` out or "
                                f"write `maps: {own}`.")
    if round_limit is not None:
        raise LeagueFormatError(f"Scenario {sid} has its own number of rounds: leave `round_limit` out.")
    return OnslaughtLeagueFormat(scenario=sid)


def check_league_party(text: str, library: Library | None = None) -> list[str]:
    """The character names of party ``text`` (a party's name, or five character names with commas),
    checked as ``/match new party:`` checks it against ``library`` (the server's character cards;
    default the shipped ones) (DDO-PARTY-01..04).

    :raises LeaguePartyError: an unknown party or character, or a party the rules refuse.
    """
    try:
        return members(library or library_for(None), " ".join(text.split()), PARTY_SIZE)
    except RulesError as exc:
        raise LeaguePartyError(f"This party cannot be registered: {exc}.") from None


class OnslaughtLeague:
    """Onslaught's :class:`~bot.leagues.rules.LeagueRules`: formats are :class:`OnslaughtLeagueFormat`."""

    card_noun = "characters"

    def default_format(self) -> OnslaughtLeagueFormat:
        """The default scenario."""
        return OnslaughtLeagueFormat()

    def format_to_json(self, fmt: Any) -> dict[str, Any]:
        """``{"scenario": ID}``."""
        assert isinstance(fmt, OnslaughtLeagueFormat)
        return {"scenario": fmt.scenario}

    def format_from_json(self, data: Mapping[str, Any]) -> OnslaughtLeagueFormat:
        """An :class:`OnslaughtLeagueFormat` (unknown keys ignored)."""
        return OnslaughtLeagueFormat(scenario=str(data.get("scenario") or DEFAULT_SCENARIO))

    def result_facts(self, match: Any, players: Sequence[str]) -> tuple[tuple[str, ...], dict[str, list[str]]]:
        """Who conceded, and the characters each player's party played (monsters belong to no one)."""
        forfeit = tuple(p for side, p in match.seat.items() if side == match.conceded and p in players)
        played: dict[str, list[str]] = {}
        if match.started:
            for mini in match.state.minis.values():
                pid = match.seat.get(mini.side) if mini.side in SIDES else None
                if pid is not None and pid in players:
                    played.setdefault(pid, []).append(mini.card)
        return forfeit, played


LEAGUE = OnslaughtLeague()
