"""Heroscape in the terminal: ``python -m bot local`` (:mod:`.local`, a match between people or
against the computer) and ``python -m bot demo`` (:mod:`.demo`, computer against computer), reached
through :class:`bot.games.heroscape.ruleset.HeroscapeRuleset`. The old paths ``bot.console.local``
and the like name these same modules."""
