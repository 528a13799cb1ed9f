"""Fixtures for the sandbox tests: a running sandbox (the real bot on the fake Discord, with the page)
in a thread of its own, and headless Chromium driven by Playwright.

The browser is Debian's ``chromium`` (``.ci/run`` installs it and Playwright); no browser is ever
downloaded. Browser tests skip, saying why, only when no Chromium can be found on this machine, and
fail instead when ``SANDBOX_REQUIRE_BROWSER`` is set (CI sets it).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

import pytest

from bot.sandbox.runner import Sandbox

#: Where Chromium is looked for: ``$SANDBOX_CHROMIUM``, then these names on the PATH.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def find_chromium() -> str | None:
    """The Chromium executable to drive, or ``None``."""
    given = os.environ.get("SANDBOX_CHROMIUM")
    if given:
        return given if os.access(given, os.X_OK) else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


class SandboxThread:
    """A :class:`Sandbox` running on an event loop in a background thread; ``call(coro)`` runs a
    coroutine there (to read the bot's state, or restart it) and returns its result."""

    def __init__(self, **options: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="sandbox", daemon=True)
        self._thread.start()
        self.sandbox: Sandbox = self.call(Sandbox(**options).start())

    def call(self, coro: Any, timeout: float = 120.0) -> Any:
        future: Future[Any] = asyncio.run_coroutine_threadsafe(coro, self.loop)
        return future.result(timeout)

    def stop(self) -> None:
        try:
            self.call(self.sandbox.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)
            self.loop.close()


@pytest.fixture
def sandbox(lane_map: None) -> Iterator[SandboxThread]:
    """The sandbox on a free port with fixed dice (seed 4) and the ``lane`` map available."""
    running = SandboxThread(port=0, seed=4)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (Debian's) under Playwright; skips when either is missing."""
    executable = find_chromium()
    if executable is None:
        pytest.skip("no Chromium on this machine (looked for $SANDBOX_CHROMIUM, "
                    f"{', '.join(CHROMIUM_NAMES)}); `apt-get install chromium` (.ci/run does)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield chromium
        chromium.close()
