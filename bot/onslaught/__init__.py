"""D&D Onslaught rules core: a pure package (no Discord, database or files except ``files.py``).

Start from :class:`bot.onslaught.match.Match` (seed + command log), :mod:`bot.onslaught.legal` (what
is legal now) and :func:`bot.onslaught.match.player_view`; content comes from
:func:`bot.onslaught.files.load` or :func:`bot.onslaught.content.library`.
"""
