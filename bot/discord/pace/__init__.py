"""Play by post (issue 16): matches that run for days, with deadlines, reminders and catch-up.

- :mod:`.clock`: the time, from a clock the tests control.
- :mod:`.durations`: reading ``24h``, ``3d``, quiet hours ``23:00-08:00`` and a match's pace.
- :mod:`.store`: the rows (deadlines, reminders, away, players' settings, turn times, causes,
  undo requests) and their compare-and-set claims.
- :mod:`.texts`: words for players: whose move, reminders, catch-up split within Discord's limits.
- :mod:`.service`: :class:`~.service.PaceService`, kept on the bot as ``bot.pace``: opens and closes
  deadlines as the match moves, tells players, and the due-work loop that acts on passed deadlines.
- :mod:`.undo`: undo by agreement.
"""
