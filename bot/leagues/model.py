"""A league's settings and the games of its seasons (plain data, JSON in and out).

Units: ``rounds`` is the season's length in rounds; ``seats`` players per match (2 for duels,
3–4 for free-for-all); ``playoff`` the number of players in the end-of-season playoff (0: none).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot.games import DEFAULT
from bot.leagues.rules import league_rules

#: Pairing methods: Swiss by record, round robin, open challenges (a ladder).
METHODS: tuple[str, ...] = ("swiss", "round-robin", "challenge")
#: When armies are chosen: one registered for the season, one per match, or none asked by the league.
ARMY_MODES: tuple[str, ...] = ("season", "match")

#: Game states. ``open``: paired, not played yet; ``reported``: a player reported it, waiting for
#: the opponent's confirmation; ``confirmed``/``refereed``/``decided``/``bye``: final;
#: ``disputed``: waiting for an organiser to decide.
OPEN, REPORTED, CONFIRMED, REFEREED, DISPUTED, DECIDED, BYE = (
    "open", "reported", "confirmed", "refereed", "disputed", "decided", "bye")
#: States whose result counts in the standings and ratings.
FINAL: frozenset[str] = frozenset({CONFIRMED, REFEREED, DECIDED, BYE})


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    """Everything ``/league create`` sets. ``pace`` holds the play-by-post options of the league's
    matches as ``/match new`` takes them (``pace``, ``turn``, ``policy``, ...); ``scoring`` the
    league points for a win, a draw and a loss; ``provisional`` the number of rated games before a
    player's rating stops being marked provisional; ``channel_id`` the channel whose threads hold the
    league's matches (where ``/league create`` ran); ``round_time`` the seconds a round lasts before the
    games without a final result go to the organisers (``None``: no round deadline)."""

    name: str
    #: The league's army-building format, its game's own object (:meth:`LeagueRules.default_format
    #: <bot.leagues.rules.LeagueRules.default_format>` when not given): ``overrides()``, ``describe()``.
    format: Any = None
    maps: tuple[str, ...] = ("practice-field",)
    scenario: str = "last-army-standing"
    pace: dict[str, str] = field(default_factory=dict)
    rounds: int = 5
    method: str = "swiss"
    seats: int = 2
    armies: str = "season"
    round_limit: int | None = None
    playoff: int = 0
    organiser_role: int | None = None
    channel_id: int | None = None
    round_time: float | None = None
    scoring: tuple[float, float, float] = (3.0, 1.0, 0.0)
    provisional: int = 3
    #: The game the league plays (a :mod:`bot.games` name); its format is that game's.
    game: str = DEFAULT

    def __post_init__(self) -> None:
        if self.format is None:
            object.__setattr__(self, "format", league_rules(self.game).default_format())

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (inverse of :meth:`from_json`)."""
        d = asdict(self)
        d["format"] = league_rules(self.game).format_to_json(self.format)
        d["maps"], d["scoring"] = list(self.maps), list(self.scoring)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> LeagueSettings:
        """Settings from :meth:`to_json`'s dict (unknown keys are ignored, missing ones default)."""
        known = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        known["format"] = league_rules(known.get("game") or DEFAULT).format_from_json(dict(known.get("format") or {}))
        known["maps"] = tuple(known.get("maps") or ("practice-field",))
        if "scoring" in known:
            known["scoring"] = tuple(float(x) for x in known["scoring"])
        return cls(**known)

    def but(self, **changes: Any) -> LeagueSettings:
        """A copy with ``changes``."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Game:
    """One pairing of a season: ``players`` (user ids as strings, in seat order; one player for a
    bye), ``ranks`` the finishing place of each (1 = first; equal ranks share the place: a draw;
    ``None`` until a result is known), ``state`` one of the game states above, ``forfeit`` the
    players who forfeited. ``armies`` maps each player to the names of the cards they played (for
    the season's card statistics). ``stage`` is ``"season"`` or ``"playoff"``."""

    id: int
    season: int
    round: int
    players: tuple[str, ...]
    ranks: tuple[int, ...] | None = None
    state: str = OPEN
    map_id: str = ""
    match_id: str | None = None
    channel_id: int | None = None
    forfeit: tuple[str, ...] = ()
    armies: dict[str, list[str]] = field(default_factory=dict)
    reported_by: str | None = None
    stage: str = "season"

    @property
    def final(self) -> bool:
        """Whether the result counts (standings and ratings)."""
        return self.state in FINAL and (self.ranks is not None or self.state == BYE)

    @property
    def is_bye(self) -> bool:
        """A bye: one player, counted as a win."""
        return self.state == BYE

    def winners(self) -> tuple[str, ...]:
        """The players in first place (``()`` when there is no result; several: a draw)."""
        if self.is_bye:
            return self.players
        if self.ranks is None:
            return ()
        return tuple(p for p, r in zip(self.players, self.ranks, strict=True) if r == 1)

    def outcome(self, player: str) -> str:
        """``"win"``, ``"draw"``, ``"loss"`` for ``player`` in a final game (a bye is a win; a
        shared first place is a draw)."""
        won = self.winners()
        if player in won:
            return "win" if len(won) == 1 else "draw"
        return "loss"

    def opponents(self, player: str) -> tuple[str, ...]:
        """The other players of the game."""
        return tuple(p for p in self.players if p != player)


def ranks_from_winners(players: tuple[str, ...], winners: list[str] | tuple[str, ...]) -> tuple[int, ...]:
    """Places from a set of winners: each winner 1, everyone else 2 (no winner: all 1, a draw).

    :raises ValueError: a winner is not one of ``players``.
    """
    unknown = [w for w in winners if w not in players]
    if unknown:
        raise ValueError(f"{unknown[0]} did not play this game")
    if not winners:
        return tuple(1 for _ in players)
    return tuple(1 if p in winners else 2 for p in players)
