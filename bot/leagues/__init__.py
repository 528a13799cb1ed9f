"""Leagues (issue 17), the pure part: no Discord, no clock, no database.

- :mod:`.model`: a league's settings, its army-building format and the games of a season.
- :mod:`.formats`: checking a registered army against the league's format.
- :mod:`.pairing`: Swiss, round robin and free-for-all pairings with a seeded order anyone can check.
- :mod:`.ratings`: openskill Plackett-Luce ratings, one per player per league.
- :mod:`.standings`: the table with its tiebreakers, histories, head-to-head and the cards' season statistics.
- :mod:`.playoff`: a top-N single-elimination bracket.
- :mod:`.export`: a season's results and standings as CSV and JSON.
- :mod:`.store`: the league tables of storage migration 10 (every change recorded with who made it).
"""
