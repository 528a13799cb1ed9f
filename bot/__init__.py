"""Heroscape referee bot: a rules core (``bot.rules``) with Discord, console, storage and rendering adapters."""

__version__ = "0.1.0"
