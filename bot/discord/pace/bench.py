"""``deadlines_10k``: how long the due-work loop's database side takes to find and act on 10,000
due deadlines (``python -m bot bench bot`` prints it). Each is found in batches as the loop does
(:meth:`~.store.PaceStore.due_deadlines`), claimed with the compare-and-set, closed as acted and
given its cause in the log; the commands a policy then sends and Discord's answers are measured
by the rest of the bench (``bot_apply_*``, ``bot_handler_*``), not here."""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bot.discord.pace.store import ACTED, PaceStore
from bot.storage.sqlite import SqliteStorage


async def _deadlines_ms(count: int, db: Path) -> tuple[float, int]:
    storage = SqliteStorage(db)
    await storage.open()
    store = PaceStore(storage)
    try:
        await storage._run(*(
            ("INSERT INTO deadlines (match_id, player, kind, mark, expected, started, due) VALUES (?, ?, ?, ?, ?, ?, ?)",
             (f"m{i % 2000}", f"p{i}", "turn", f"turn|{i}", "Your turn", 0.0, float(i)))
            for i in range(count)))
        now = float(count + 1)
        acted = 0
        start = time.perf_counter()
        while True:
            due = await store.due_deadlines(now)
            if not due:
                break
            for row in due:
                if await store.claim(row, now):
                    await store.close(row.id, ACTED, now)
                    await store.add_cause(row.match_id, row.id, "deadline passed (turn)")
                    acted += 1
        return (time.perf_counter() - start) * 1000, acted
    finally:
        await storage.close()


def deadlines_ms(count: int = 10_000) -> tuple[float, int]:
    """``(milliseconds, deadlines acted on)`` for ``count`` due deadlines in a fresh SQLite file."""
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_deadlines_ms(count, Path(tmp) / "deadlines.db"))
