"""``swiss_pair_200`` and ``standings_200`` (``python -m bot bench bot`` prints them): the time to
pair a 200-player Swiss round after five played rounds, and to recompute the standings of a
200-player season of eight rounds (openskill ratings and every tiebreaker included). The season is
made by the same pairing, with results from a fixed pseudo-random sequence (a draw now and then)."""

from __future__ import annotations

import random
import time

from bot.leagues.model import BYE, CONFIRMED, Game
from bot.leagues.pairing import swiss
from bot.leagues.standings import standings

LEAGUE = "Bench League"


def season(players: list[str], rounds: int, seed: int = 17) -> list[Game]:
    """A Swiss season of ``rounds`` rounds for ``players`` with seeded results."""
    rng = random.Random(seed)
    games: list[Game] = []
    for rnd in range(1, rounds + 1):
        pairing = swiss(players, games, LEAGUE, 1, rnd)
        for table in pairing.tables:
            roll = rng.random()
            ranks = (1, 1) if roll < 0.1 else (1, 2) if roll < 0.55 else (2, 1)
            games.append(Game(len(games) + 1, 1, rnd, table, ranks, CONFIRMED))
        if pairing.bye:
            games.append(Game(len(games) + 1, 1, rnd, (pairing.bye,), None, BYE))
    return games


def swiss_pair_ms(count: int = 200, played: int = 5) -> tuple[float, int]:
    """``(milliseconds, tables made)`` to pair round ``played + 1`` of ``count`` players."""
    players = [f"p{i}" for i in range(count)]
    games = season(players, played)
    start = time.perf_counter()
    pairing = swiss(players, games, LEAGUE, 1, played + 1)
    return (time.perf_counter() - start) * 1000, len(pairing.tables)


def standings_ms(count: int = 200, rounds: int = 8) -> tuple[float, int]:
    """``(milliseconds, rows)`` to recompute the standings of a ``count``-player, ``rounds``-round season."""
    players = [f"p{i}" for i in range(count)]
    games = season(players, rounds)
    start = time.perf_counter()
    rows = standings(players, games, LEAGUE)
    return (time.perf_counter() - start) * 1000, len(rows)
