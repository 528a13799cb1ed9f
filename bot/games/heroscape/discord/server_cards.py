"""Each server's card library at start: the shipped Army Cards plus the card files the server
uploaded with ``/cards upload`` (storage migration 8), never shared between servers."""

from __future__ import annotations

import logging

from bot.content.cards import CardFileError
from bot.game.session import set_server_cards
from bot.storage.base import Storage

log = logging.getLogger(__name__)


async def load_all(storage: Storage) -> int:
    """Load every server's stored card files into its library (:func:`bot.game.session.set_server_cards`);
    return how many servers have some. A server whose files no longer load (a newer card format)
    keeps the shipped cards, and the problem is logged."""
    by_guild: dict[int, list[tuple[str, str]]] = {}
    for guild_id, name, text in await storage.all_server_cards():
        by_guild.setdefault(guild_id, []).append((name, text))
    for guild_id, files in by_guild.items():
        try:
            set_server_cards(guild_id, files)
        except CardFileError as exc:
            log.warning("server %s: its card files do not load, so it plays with the shipped cards: %s",
                        guild_id, exc)
    return len(by_guild)
