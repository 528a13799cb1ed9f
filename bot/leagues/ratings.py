"""Ratings with openskill's Plackett-Luce model: one rating per player per league.

Every final game of the league (byes excepted: nobody was beaten) updates the ratings in the
order the games were played (season, round, id), as ``PlackettLuce().rate(teams, ranks=...)``
with each player a team of one; free-for-all games rate all seats at once. A rating is shown as
openskill's conservative ordinal (``mu - 3 * sigma``). A player is provisional until they have
``provisional`` rated games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.leagues.model import Game


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: openskill's ``mu`` and ``sigma``, the ordinal shown, games rated, and
    whether it is still provisional."""

    mu: float
    sigma: float
    ordinal: float
    games: int
    provisional: bool


def rate(games: Iterable[Game], players: Iterable[str] = (), provisional: int = 3) -> dict[str, Rating]:
    """Ratings after ``games`` for every player in them and in ``players`` (unrated: the model's
    default). Games that are not final, and byes, do not count."""
    model = PlackettLuce()
    current: dict[str, object] = {}
    counts: dict[str, int] = {}

    def get(p: str) -> object:
        if p not in current:
            current[p] = model.rating(name=p)
        return current[p]

    for p in players:
        get(p)
    for g in sorted(games, key=lambda g: (g.season, g.round, g.id)):
        if not g.final or g.is_bye or g.ranks is None or len(g.players) < 2:
            continue
        teams = [[get(p)] for p in g.players]
        new = model.rate(teams, ranks=list(g.ranks))  # type: ignore[arg-type]
        for p, team in zip(g.players, new, strict=True):
            current[p] = team[0]
            counts[p] = counts.get(p, 0) + 1
    out: dict[str, Rating] = {}
    for p, r in current.items():
        mu, sigma = float(r.mu), float(r.sigma)  # type: ignore[attr-defined]
        n = counts.get(p, 0)
        out[p] = Rating(mu, sigma, float(r.ordinal()), n, n < provisional)  # type: ignore[attr-defined]
    return out
