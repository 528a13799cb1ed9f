"""Leagues on Discord (issue 17): the service that pairs rounds, opens the league's matches in
threads and records their results (:mod:`.service`), the league's answers in words (:mod:`.texts`)
and the restart-proof Confirm/Dispute buttons (:mod:`.buttons`). The pure league logic is
:mod:`bot.leagues`; the slash commands are :mod:`bot.discord.cogs.league`."""
