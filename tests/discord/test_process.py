"""The bot as a real process (``python -m bot run``) against the fake Discord: SIGTERM and SIGINT
stop it gracefully (handlers finished, outbox flushed, database closed, exit status 0), and a
SIGKILL right after a command was applied loses nothing: the restarted process shows it, once."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.fakediscord import FakeDiscord

if TYPE_CHECKING:
    from conftest import World

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("bot_process.py")


async def _spawn(fake: FakeDiscord, world: World, db: Path, log: Path, **env: str) -> asyncio.subprocess.Process:
    """Start the bot process and wait until it has identified with the fake."""
    before = fake.gateway.identify_count
    environ = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "fake", "DATABASE_PATH": str(db),
               "DISCORD_GUILD_ID": str(world.guild.id), "RENDER_DIR": "", **env}
    with log.open("ab") as out:
        proc = await asyncio.create_subprocess_exec(sys.executable, str(CHILD), fake.api_url, fake.gateway_url,
                                                    env=environ, cwd=str(db.parent), stdout=out, stderr=out)
    await fake.wait_until(lambda: fake.gateway.identify_count > before or proc.returncode is not None,
                          timeout=60, description="the bot process to connect")
    assert proc.returncode is None, log.read_text()
    return proc


async def _exit_status(proc: asyncio.subprocess.Process, log: Path) -> int:
    try:
        return await asyncio.wait_for(proc.wait(), 30)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise AssertionError("the bot process did not stop:\n" + log.read_text()) from None


async def test_sigterm_and_sigint_stop_gracefully_and_sigkill_loses_nothing(
        fake: FakeDiscord, world: World, tmp_path: Path) -> None:
    """Defect 2 (a deploy's SIGTERM killed the bot at once) and a real crash at a chosen point."""
    fake.default_timeout = 30.0
    db, log = tmp_path / "bot.sqlite", tmp_path / "bot.log"
    proc = await _spawn(fake, world, db, log)
    made = await (await fake.slash(world.alice, world.channel, "match", "new", {})).wait_reply()
    assert "New match" in made.content
    joined = await (await fake.slash(world.bob, world.channel, "match", "join", {})).wait_reply()
    assert "bob" in joined.content
    proc.send_signal(signal.SIGTERM)
    assert await _exit_status(proc, log) == 0, log.read_text()
    assert "stopping gracefully" in log.read_text()
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0  # closed cleanly

    # A crash right after `/army set` was applied: no answer, the process is gone.
    proc = await _spawn(fake, world, db, log, HS_KILL_AFTER="army")
    record = await fake.slash(world.alice, world.channel, "army", "set", {"cards": "Syvarris; Dumutef Guard"})
    assert await _exit_status(proc, log) == -signal.SIGKILL
    assert not record.acknowledged

    # The next start shows the lost result once, says it caught up, and stops on SIGINT.
    proc = await _spawn(fake, world, db, log)
    line = await fake.wait_for_message(lambda m: m.content.startswith("🔄 I was restarted"), channel=world.channel)
    assert "alice's `army`" in line.content
    public = [m for m in world.channel.history() if not m.ephemeral]
    assert sum("alice" in m.content and "Syvarris" in m.content for m in public) == 1, [m.content for m in public]
    status = await (await fake.slash(world.alice, world.channel, "match", "status", {})).wait_reply()
    assert "Syvarris" in status.content
    proc.send_signal(signal.SIGINT)
    assert await _exit_status(proc, log) == 0, log.read_text()
