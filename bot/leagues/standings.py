"""Standings: wins, losses, draws, league points and the tiebreakers, plus histories and
head-to-head records.

Order: league points; then, among players level on points, (1) head-to-head: the league points
each earned in games against the others of that level group; (2) opponents' win rate: the mean,
over the opponents a player met (byes excepted), of each opponent's share of wins in their final
games (draws count half); (3) strength of schedule: the sum of the league points of every
opponent met (Buchholz); last, the public seeded order (:func:`bot.leagues.pairing.seeded_order`
of round 0), so that the table never depends on chance.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.leagues.model import Game
from bot.leagues.pairing import seeded_order
from bot.leagues.ratings import Rating, rate


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table. ``points`` in league points; ``h2h`` league points against the
    players level on points; ``owr`` opponents' win rate (0–1); ``sos`` the opponents' points;
    ``rating`` the openskill ordinal and ``provisional`` its mark."""

    rank: int
    player: str
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    points: float
    h2h: float
    owr: float
    sos: float
    rating: float
    provisional: bool


def _tally(games: Sequence[Game], scoring: tuple[float, float, float]) -> tuple[dict[str, list[int]], dict[str, float]]:
    """Per player [wins, draws, losses, byes, played] and league points, from final games."""
    counts: dict[str, list[int]] = {}
    points: dict[str, float] = {}
    value = dict(zip(("win", "draw", "loss"), scoring, strict=True))
    for g in games:
        if not g.final:
            continue
        for p in g.players:
            c = counts.setdefault(p, [0, 0, 0, 0, 0])
            out = g.outcome(p)
            c[("win", "draw", "loss").index(out)] += 1
            c[3] += g.is_bye
            c[4] += 1
            points[p] = points.get(p, 0.0) + value[out]
    return counts, points


def standings(players: Iterable[str], games: Sequence[Game], league: str,
              scoring: tuple[float, float, float] = (3.0, 1.0, 0.0), provisional: int = 3,
              ratings: dict[str, Rating] | None = None) -> list[Row]:
    """The table for ``players`` after ``games`` (see the module text for the order); ``ratings``
    may be given when already computed (else openskill rates ``games``)."""
    members = list(dict.fromkeys(players))
    counts, points = _tally(games, scoring)
    ratings = ratings if ratings is not None else rate(games, members, provisional)
    final = [g for g in games if g.final and not g.is_bye]
    opponents: dict[str, list[str]] = {p: [] for p in members}
    for g in final:
        for p in g.players:
            opponents.setdefault(p, []).extend(g.opponents(p))

    def win_rate(p: str) -> float:
        c = counts.get(p)
        if not c or c[4] - c[3] == 0:
            return 0.0
        return (c[0] - c[3] + c[1] / 2) / (c[4] - c[3])

    owr = {p: (sum(win_rate(o) for o in opponents[p]) / len(opponents[p]) if opponents[p] else 0.0) for p in members}
    sos = {p: sum(points.get(o, 0.0) for o in opponents[p]) for p in members}
    level: dict[float, list[str]] = {}
    for p in members:
        level.setdefault(points.get(p, 0.0), []).append(p)
    h2h: dict[str, float] = {p: 0.0 for p in members}
    value = dict(zip(("win", "draw", "loss"), scoring, strict=True))
    for group in level.values():
        if len(group) < 2:
            continue
        inside = set(group)
        for g in final:
            if len(inside.intersection(g.players)) < 2:
                continue
            for p in g.players:
                if p in inside:
                    # Head-to-head counts only the result against the level players at that table.
                    h2h[p] += value[g.outcome(p)]
    seeded = {p: i for i, p in enumerate(seeded_order(members, league, 0, 0))}
    order = sorted(members, key=lambda p: (-points.get(p, 0.0), -h2h[p], -owr[p], -sos[p], seeded[p]))
    rows = []
    for i, p in enumerate(order, start=1):
        c = counts.get(p, [0, 0, 0, 0, 0])
        r = ratings.get(p)
        rows.append(Row(i, p, c[4], c[0], c[1], c[2], c[3], points.get(p, 0.0), h2h[p], owr[p], sos[p],
                        r.ordinal if r else 0.0, r.provisional if r else True))
    return rows


def history(player: str, games: Sequence[Game]) -> list[Game]:
    """``player``'s games, oldest first (every state, so open and disputed ones show too)."""
    return sorted((g for g in games if player in g.players), key=lambda g: (g.season, g.round, g.id))


def head_to_head(a: str, b: str, games: Sequence[Game]) -> tuple[int, int, int]:
    """``(a's wins, draws, b's wins)`` over final games where both played: whoever finished in the
    better place wins that meeting (the same place: a draw), also at a free-for-all table."""
    wins = draws = losses = 0
    for g in games:
        if g.final and not g.is_bye and g.ranks is not None and a in g.players and b in g.players:
            ra, rb = g.ranks[g.players.index(a)], g.ranks[g.players.index(b)]
            wins += ra < rb
            draws += ra == rb
            losses += ra > rb
    return wins, draws, losses


@dataclass(frozen=True, slots=True)
class CardStats:
    """A card's season: games it was in, games its side won, and the win rate (0–1)."""

    card: str
    played: int
    won: int

    @property
    def win_rate(self) -> float:
        """Share of its games won."""
        return self.won / self.played if self.played else 0.0


def card_stats(games: Sequence[Game]) -> list[CardStats]:
    """Every card played in final games, most played first (then best win rate, then name)."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for g in games:
        if not g.final or g.is_bye:
            continue
        for p, cards in g.armies.items():
            win = g.outcome(p) == "win"
            for card in set(cards):
                played[card] = played.get(card, 0) + 1
                won[card] = won.get(card, 0) + win
    stats = [CardStats(c, played[c], won[c]) for c in played]
    return sorted(stats, key=lambda f: (-f.played, -f.win_rate, f.card))


def best_cards(games: Sequence[Game], at_least: int = 2) -> list[CardStats]:
    """Cards played in at least ``at_least`` games, best win rate first."""
    return sorted((f for f in card_stats(games) if f.played >= at_least),
                  key=lambda f: (-f.win_rate, -f.played, f.card))
