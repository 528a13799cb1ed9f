"""Fixtures of the scale tests: a started fake Discord with discord.py pointed at it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.fakediscord import FakeDiscord
from tests.backends import store_target


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A running fake; on teardown it must not have seen unknown routes or crashed. Its waits are
    30 s and an interaction may be answered within 10 s (Discord: 3 s, which the tests of
    ``tests/discord`` hold the bot to): these tests run several bots, in processes of their own,
    on a 2-core machine shared with other work, and are about what the bots do, not how fast."""
    server = FakeDiscord(default_timeout=30.0, callback_deadline=10.0)
    await server.start()
    with server.patch_discord():
        yield server
    await server.stop()
    assert server.unknown_routes == [], f"the bot called routes the fake does not know: {server.unknown_routes}"
    assert server.server_errors == [], f"the fake crashed: {server.server_errors}"


@pytest.fixture
def pg_url(tmp_path: Path) -> Iterator[str]:
    """A PostgreSQL URL on a fresh schema of this test's own (dropped afterwards); skipped without a
    server, failed instead under ``REQUIRE_POSTGRES=1`` (:mod:`tests.backends`)."""
    target, cleanup = store_target("postgres", tmp_path)
    yield target
    cleanup()
