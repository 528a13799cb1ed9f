"""The bot's extensions (slash commands), loaded in ``setup_hook``."""

EXTENSIONS: tuple[str, ...] = ("bot.discord.cogs.match", "bot.discord.cogs.army", "bot.discord.cogs.play", "bot.discord.cogs.info",
                                 "bot.discord.resume", "bot.discord.cogs.cards")
