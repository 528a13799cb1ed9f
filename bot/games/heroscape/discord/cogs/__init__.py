"""Heroscape's slash commands on Discord (its face's extensions, :attr:`HeroscapeFace.extensions
<bot.games.heroscape.discord.face.HeroscapeFace.extensions>`)."""
