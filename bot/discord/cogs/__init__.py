"""The bot's extensions (slash commands), loaded in ``setup_hook``."""

EXTENSIONS: tuple[str, ...] = ("bot.discord.cogs.match", "bot.discord.cogs.army", "bot.discord.cogs.play", "bot.discord.cogs.info",
                                 "bot.discord.cogs.maps", "bot.discord.cogs.me", "bot.discord.cogs.league",
                                 "bot.discord.resume", "bot.discord.cogs.treasure", "bot.discord.cogs.cannon",
                                 "bot.discord.cogs.cards")
