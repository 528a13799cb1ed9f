"""Test helpers: stop the real bot at a chosen point as if its process died there.

:class:`Crash` freezes the handler that reaches the point (it never runs another line: nothing it
would have written or sent after that point happens), then :meth:`Crash.kill` cancels the client
task without closing it (no graceful stop, no outbox flush, the database left as it is) and drops
the frozen handlers. A new bot is then started on the same database file.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.discord.client import RefereeBot as HeroscapeBot
from bot.discord.matches import Applied
from bot.fakediscord import kill_client


class Crash:
    """A kill switch on one bot: :meth:`after_apply` (the command is logged, nothing shown yet) or
    :meth:`before_sent` (Discord took an outbox message, not yet marked sent)."""

    def __init__(self, bot: HeroscapeBot) -> None:
        self.bot = bot
        self.hit = asyncio.Event()
        self.frozen: list[asyncio.Task[Any]] = []
        self.point = ""

    async def _freeze(self, point: str) -> None:
        self.point = point
        self.hit.set()
        task = asyncio.current_task()
        assert task is not None
        self.frozen.append(task)
        await asyncio.get_running_loop().create_future()  # never done: the process is dead

    def after_apply(self, when: Callable[[Applied], bool]) -> Crash:
        """Die right after the first applied command for which ``when`` holds (logged, not shown)."""
        manager = self.bot.matches
        real = manager.apply

        async def apply(*args: Any, **kwargs: Any) -> Applied:
            applied = await real(*args, **kwargs)
            if not self.hit.is_set() and when(applied):
                await self._freeze(f"after {applied.text.split(' ', 1)[0]} (seq {getattr(applied, 'seq', '?')})")
            return applied

        manager.apply = apply  # type: ignore[method-assign]
        return self

    def before_sent(self, when: Callable[[str], bool]) -> Crash:
        """Die after Discord took the outbox message ``key`` (``when(key)``), before it is marked sent."""
        manager = self.bot.matches
        real = manager.sent

        async def sent(live: Any, key: str) -> None:
            if not self.hit.is_set() and when(key):
                await self._freeze(f"before marking {key} sent")
            await real(live, key)

        manager.sent = sent  # type: ignore[method-assign]
        return self

    async def wait(self, timeout: float = 10.0) -> str:
        """Wait until the point is reached; return which it was."""
        await asyncio.wait_for(self.hit.wait(), timeout)
        return self.point

    async def kill(self, task: asyncio.Task[None]) -> None:
        """The process dies: the client task is cancelled without cleanup, frozen handlers dropped."""
        await kill_client(task)
        for frozen in self.frozen:
            frozen.cancel()
        await asyncio.gather(*self.frozen, return_exceptions=True)
        self.frozen.clear()
        # The dead bot is closed by the fixture later: it has nothing to wait for and nothing to flush.
        self.bot.inflight = 0
        self.bot.catch_up_hook = None
