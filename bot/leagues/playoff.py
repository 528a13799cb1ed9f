"""A top-N single-elimination playoff: seeds from the final standings, 1 meets N, 2 meets N-1, ...
arranged so that the top seeds meet as late as possible."""

from __future__ import annotations

from collections.abc import Sequence

from bot.leagues.model import Game


class PlayoffError(ValueError):
    """A playoff that cannot be made; the message says what would be right."""


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for ``size`` (a power of two): 4 → [1, 4, 2, 3]."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2 + 1
        order = [s for seed in order for s in (seed, n - seed)]
    return order


def first_round(seeds: Sequence[str], size: int) -> list[tuple[str, ...]]:
    """The first round's tables for the top ``size`` of ``seeds`` (best first).

    :raises PlayoffError: ``size`` is not 2, 4, 8 or 16, or fewer players than ``size``.
    """
    if size not in (2, 4, 8, 16):
        raise PlayoffError("A playoff takes the top 2, 4, 8 or 16 players.")
    if len(seeds) < size:
        raise PlayoffError(f"A top-{size} playoff needs {size} players; the league has {len(seeds)}.")
    order = bracket_order(size)
    return [(seeds[order[i] - 1], seeds[order[i + 1] - 1]) for i in range(0, size, 2)]


def next_round(winners: Sequence[str]) -> list[tuple[str, ...]]:
    """The next round from the previous round's winners, in table order (``[]``: the winner is known)."""
    if len(winners) < 2:
        return []
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]


def winner(games: Sequence[Game]) -> str | None:
    """Who won the playoff: the single winner of its last round when that round was one final
    game with a single winner (``None``: no playoff, or not over)."""
    playoff = [g for g in games if g.stage == "playoff"]
    if not playoff:
        return None
    last = max(g.round for g in playoff)
    final = [g for g in playoff if g.round == last]
    if len(final) != 1 or not final[0].final or len(final[0].winners()) != 1:
        return None
    return final[0].winners()[0]
