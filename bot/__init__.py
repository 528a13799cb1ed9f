"""A referee bot for miniatures battle games: each game behind the seam (:mod:`bot.games`), with the Discord,
console, storage and picture adapters they share."""

__version__ = "0.1.0"
