"""Pairings: Swiss, round robin and free-for-all tables, with a seeded order anyone can check.

The seeded order (:func:`seeded_order`) breaks every tie the pairing leaves: each player's key is
the SHA-256 of ``"<league name>|<season>|<round>|<player id>"`` (UTF-8), players sorted by its hex
digest, so anyone with the league's name, the season and round number can work the order out, as
online leagues do with their public seed.

Swiss (:func:`swiss`): players are ranked by league points, then by strength of schedule (the sum
of their opponents' league points), then by the seeded order; with an odd count the lowest-ranked
player who has not had a bye this season gets it (a bye counts as a win). Then, from the top,
each unpaired player meets the highest-ranked unpaired player they have not met this season; if
that leaves the rest unpairable, the search backtracks; only when no pairing without a rematch
exists are rematches allowed (fewest first).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.leagues.model import Game


class PairingError(ValueError):
    """A round cannot be paired (e.g. fewer than two players); the message says why."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """One round's tables (each a tuple of player ids, in seat order) and the player with a bye."""

    tables: tuple[tuple[str, ...], ...]
    bye: str | None = None
    byes: tuple[str, ...] = ()

    @property
    def all_byes(self) -> tuple[str, ...]:
        """Every player sitting out with a bye (one in duels; up to ``seats - 1`` in free-for-all)."""
        return self.byes or ((self.bye,) if self.bye else ())


def seed_key(league: str, season: int, round_no: int, player: str) -> str:
    """The seeded-order key of a player: hex SHA-256 of ``league|season|round|player``."""
    return hashlib.sha256(f"{league}|{season}|{round_no}|{player}".encode()).hexdigest()


def seeded_order(players: Iterable[str], league: str, season: int, round_no: int) -> list[str]:
    """``players`` in the league's public seeded order for this season and round."""
    return sorted(players, key=lambda p: seed_key(league, season, round_no, p))


def points_of(games: Iterable[Game], scoring: tuple[float, float, float] = (3.0, 1.0, 0.0)) -> dict[str, float]:
    """League points per player from final games (win, draw, loss per ``scoring``; a bye is a win)."""
    points: dict[str, float] = {}
    win, draw, loss = scoring
    for g in games:
        if not g.final:
            continue
        for p in g.players:
            points[p] = points.get(p, 0.0) + {"win": win, "draw": draw, "loss": loss}[g.outcome(p)]
    return points


def met(games: Iterable[Game]) -> set[frozenset[str]]:
    """Every pair of players who shared a table (any state but a bye)."""
    pairs: set[frozenset[str]] = set()
    for g in games:
        for i, a in enumerate(g.players):
            for b in g.players[i + 1:]:
                pairs.add(frozenset((a, b)))
    return pairs


def swiss_order(players: Sequence[str], games: Sequence[Game], league: str, season: int, round_no: int,
                scoring: tuple[float, float, float] = (3.0, 1.0, 0.0)) -> list[str]:
    """Players best first: league points, strength of schedule (opponents' points), seeded order."""
    points = points_of(games, scoring)
    sos: dict[str, float] = {p: 0.0 for p in players}
    for g in games:
        if g.final and not g.is_bye:
            for p in g.players:
                if p in sos:
                    sos[p] += sum(points.get(o, 0.0) for o in g.opponents(p))
    seeded = {p: i for i, p in enumerate(seeded_order(players, league, season, round_no))}
    return sorted(players, key=lambda p: (-points.get(p, 0.0), -sos[p], seeded[p]))


def swiss(players: Sequence[str], games: Sequence[Game], league: str, season: int, round_no: int,
          scoring: tuple[float, float, float] = (3.0, 1.0, 0.0)) -> Pairing:
    """A Swiss round for ``players`` after this season's ``games`` (see the module text).

    :raises PairingError: fewer than two players.
    """
    if len(set(players)) < 2:
        raise PairingError("A round needs at least two players in the league.")
    order = swiss_order(players, games, league, season, round_no, scoring)
    bye = None
    if len(order) % 2:
        had_bye = {g.players[0] for g in games if g.is_bye}
        bye = next((p for p in reversed(order) if p not in had_bye), order[-1])
        order.remove(bye)
    seen = met(games)
    tables = _pair(order, seen, allow=0)
    allow = 1
    while tables is None:  # every pairing needs a rematch: allow them, fewest first
        tables = _pair(order, seen, allow=allow)
        allow += 1
    return Pairing(tuple(tables), bye)


def _pair(order: list[str], seen: set[frozenset[str]], allow: int) -> list[tuple[str, ...]] | None:
    """Pair ``order`` top-down with at most ``allow`` rematches; ``None`` if impossible.

    Depth-first with the top player fixed at each step, so the first answer found is the one
    Swiss wants (each player meets the highest-ranked opponent still possible). Iterative, so
    200 players need no deep recursion; the number of tries is bounded to keep a hopeless search
    short (it then reports ``None`` and the caller allows one more rematch).
    """
    n = len(order)
    choice = [0] * (n // 2)       # at each depth, which candidate of the first free player is tried
    paired = [False] * n
    picks: list[tuple[int, int]] = []
    used = 0
    tries = 0
    depth = 0
    while depth < n // 2:
        tries += 1
        if tries > 200_000:
            return None
        first = paired.index(False)
        found = False
        j = first + 1 + choice[depth]
        while j < n:
            if not paired[j]:
                rematch = frozenset((order[first], order[j])) in seen
                if not rematch or used < allow:
                    paired[first] = paired[j] = True
                    used += rematch
                    picks.append((first, j))
                    choice[depth] = j - first  # next time at this depth, start after j
                    found = True
                    break
            j += 1
        if found:
            depth += 1
            if depth < n // 2:
                choice[depth] = 0
            continue
        if depth == 0:
            return None
        choice[depth] = 0
        depth -= 1
        a, b = picks.pop()
        paired[a] = paired[b] = False
        used -= frozenset((order[a], order[b])) in seen
    return [(order[a], order[b]) for a, b in picks]


def cycle_rounds(players: int) -> int:
    """The rounds of one round-robin cycle of ``players``: everyone meets everyone once
    (``players - 1``; an odd count ``players``, each sitting out once)."""
    return players if players % 2 else max(players - 1, 1)


def round_robin(players: Sequence[str], league: str, season: int, round_no: int) -> Pairing:
    """Round ``round_no`` (1-based) of a round robin by the circle method: the players in the
    season's seeded order (of round 1); with an odd count a bye seat joins, and who meets it sits
    out. ``len(players) - 1`` rounds (odd count: ``len(players)``) meet everyone once; later
    rounds repeat the cycle.

    :raises PairingError: fewer than two players.
    """
    if len(set(players)) < 2:
        raise PairingError("A round needs at least two players in the league.")
    seats: list[str | None] = list(seeded_order(players, league, season, 1))
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    r = (round_no - 1) % (n - 1)
    rest = seats[1:]
    rest = rest[-r:] + rest[:-r] if r else rest
    circle = [seats[0], *rest]
    tables: list[tuple[str, ...]] = []
    bye = None
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if a is None or b is None:
            bye = a or b
        else:
            tables.append((a, b) if (i + round_no) % 2 else (b, a))
    return Pairing(tuple(tables), bye)


def free_for_all(players: Sequence[str], games: Sequence[Game], league: str, season: int, round_no: int,
                 seats: int, scoring: tuple[float, float, float] = (3.0, 1.0, 0.0)) -> Pairing:
    """Tables of ``seats`` (3 or 4) players, in Swiss order; players left over make a smaller
    table when at least two remain, and a single one left over gets a bye (lowest-ranked without
    one first).

    :raises PairingError: fewer than two players, or ``seats`` not 2–4.
    """
    if not 2 <= seats <= 4:
        raise PairingError("A league match seats 2, 3 or 4 players.")
    if seats == 2:
        return swiss(players, games, league, season, round_no, scoring)
    if len(set(players)) < 2:
        raise PairingError("A round needs at least two players in the league.")
    order = swiss_order(players, games, league, season, round_no, scoring)
    bye = None
    if len(order) % seats == 1 and len(order) > seats:
        had_bye = {g.players[0] for g in games if g.is_bye}
        bye = next((p for p in reversed(order) if p not in had_bye), order[-1])
        order.remove(bye)
    tables = [tuple(order[i:i + seats]) for i in range(0, len(order), seats)]
    return Pairing(tuple(tables), bye)


def challenge(challenger: str, opponent: str, members: Sequence[str]) -> Pairing:
    """An open challenge (ladder leagues): one table of the two.

    :raises PairingError: a player challenging themselves, or someone outside the league.
    """
    if challenger == opponent:
        raise PairingError("You cannot challenge yourself: name another player of the league.")
    for who in (challenger, opponent):
        if who not in members:
            raise PairingError(f"<@{who}> is not a player of this league; only its players can be challenged.")
    return Pairing(((challenger, opponent),))


def choose_map(pool: Sequence[str], table: Sequence[str], games: Sequence[Game], key: str) -> str:
    """A map of ``pool`` for ``table``: one nobody at the table has played this season if there is
    one, else the one they played least in total; ties broken by the seeded key ``key``
    (e.g. ``"league|season|round|table"``) so the choice can be checked.

    :raises PairingError: an empty pool.
    """
    if not pool:
        raise PairingError("The league has no maps: an organiser adds some with `/league settings maps:`.")
    used: dict[str, int] = {m: 0 for m in pool}
    for g in games:
        if g.map_id in used and any(p in g.players for p in table):
            used[g.map_id] += sum(p in g.players for p in table)
    return min(pool, key=lambda m: (used[m], hashlib.sha256(f"{key}|{m}".encode()).hexdigest()))
