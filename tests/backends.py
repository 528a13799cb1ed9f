"""The storage backends a storage test runs against: SQLite always, PostgreSQL when a server is
named by ``TEST_DATABASE_URL`` (``.ci/with-postgres`` starts one and sets it; ``.ci/run`` does so).

Without a server the PostgreSQL runs are skipped with the reason, unless ``REQUIRE_POSTGRES=1``
(as in CI), where they fail instead: CI must not pass by skipping them.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.storage import SqliteStorage, storage_for

#: ``make()``: a new, unopened storage on the test's database (the same database each call, as a
#: restarted bot would open it).
MakeStore = Callable[[], SqliteStorage]

BACKENDS = ["sqlite", "postgres"]


def maker(target: str) -> MakeStore:
    """``make()`` for a target of :func:`store_target`."""
    return lambda: storage_for(target)

TEST_URL_ENV = "TEST_DATABASE_URL"


def postgres_url() -> str:
    """The test server's URL; skips (or fails, when ``REQUIRE_POSTGRES=1``) without one."""
    url = os.environ.get(TEST_URL_ENV, "").strip()
    if not url:
        reason = (f"no PostgreSQL server: set {TEST_URL_ENV}=postgresql://... or run the tests under "
                  "`bash .ci/with-postgres python3 -m pytest ...`")
        if os.environ.get("REQUIRE_POSTGRES", "") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return url


def store_target(backend: str, tmp_path: Path) -> tuple[str, Callable[[], None]]:
    """``(target, cleanup)`` for ``backend``: a SQLite file in ``tmp_path``, or a PostgreSQL URL
    whose ``search_path`` is a fresh schema of the test's own (dropped by ``cleanup``). Give
    ``target`` to :func:`bot.storage.storage_for` or as a bot's ``database_path``."""
    if backend == "sqlite":
        return str(tmp_path / "h.db"), (lambda: None)
    url = postgres_url()
    schema = f"t_{uuid.uuid4().hex[:16]}"

    def cleanup() -> None:
        import asyncpg

        async def drop() -> None:
            conn = await asyncpg.connect(url)
            try:
                await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            finally:
                await conn.close()

        asyncio.run(drop())

    return f"{url}{'&' if '?' in url else '?'}search_path={schema}", cleanup
