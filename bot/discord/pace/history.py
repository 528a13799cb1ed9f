"""A match's public history as players were shown it: the result of every command (the outbox),
each caused by a passed deadline marked with its cause. Used by the "your move" DM and by
``/match since`` and ``/match log``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.matches import LiveMatch
    from bot.discord.pace.store import PaceStore


def last_acted(live: LiveMatch, player: str) -> int:
    """The log position of ``player``'s last command (-1: none)."""
    log = live.game.log
    return next((i for i in range(len(log) - 1, -1, -1) if log[i][0] == player), -1)


async def lines(store: PaceStore, live: LiveMatch, after: int = -1) -> list[str]:
    """Public lines of the commands after log position ``after``, in order; a command a deadline's
    policy sent starts with its cause in brackets."""
    causes = await store.causes(live.match_id)
    out: list[str] = []
    for seq, text in await store.results(live.match_id):
        if seq <= after:
            continue
        cause = causes.get(seq)
        shown = [line for line in text.split("\n") if line.strip()]
        if cause and shown:
            shown[0] = f"[{cause}] {shown[0]}"
        out += shown
    return out
