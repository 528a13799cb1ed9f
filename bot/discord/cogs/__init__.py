"""The bot's generic extensions (slash commands every game shares), loaded in ``setup_hook`` before
each game's own (:attr:`bot.discord.face.Face.extensions`)."""

EXTENSIONS: tuple[str, ...] = ("bot.discord.cogs.match", "bot.discord.cogs.me", "bot.discord.cogs.league",
                               "bot.discord.resume", "bot.discord.shared")
