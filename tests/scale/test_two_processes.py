"""Two bot processes (``python -m bot run``, real subprocesses) on the two shards of one bot, against
one PostgreSQL database and the fake Discord (issue 21, "Several processes and machines").

Two servers, one on each shard, each with a match; the players answer their Order Marker menus by
DM, which Discord delivers to shard 0 only: the process of shard 0 applies the lock-ins of the
match the other process serves. That process is killed (SIGKILL) right after it applied one of
those lock-ins, mid-match, and started again. Afterwards nothing is lost or doubled: each match's
stored command log is exactly the log of the same script played by ONE process (both shards, on
SQLite), and each channel shows the same public messages as in that single-process run, once each
(besides the one line saying the bot was restarted and what it caught up).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.discord.matches import session_from
from bot.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from bot.rules.state import MatchState, Phase
from bot.storage import storage_for
from bot.storage.shared import active_log_lengths
from bot.storage.sqlite import SqliteStorage

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("shard_process.py")
ARMIES = ("Syvarris; Dumutef Guard", "Kita; Onshu")
#: Rounds each match plays (Order Markers by DM, then every Player Turn ended).
ROUNDS = 2
#: The shard-0 process dies right after applying this many lock-ins: the first one, a lock-in of
#: the match the other process serves (see :func:`_play`'s order), mid-match (armies placed).
#: The first, because its words ("carol has locked in ...") are then not in the channel yet: a
#: restart recognises a result already posted by its words (:mod:`bot.discord.resume`), and the
#: same words from an earlier round within a second would be taken for it.
KILL_AT = 1
#: How long a step may take on a busy machine before the test gives up (not a measured figure).
PATIENCE = 120.0
RESTARTED = "🔄 I was restarted"


@dataclass
class Seat:
    """One match's channel and players (the first creates the match)."""

    channel: FakeChannel
    players: tuple[FakeUser, FakeUser]
    match_id: str = ""


@dataclass
class Bots:
    """The bot processes of one run, by name, with their start environment."""

    fake: FakeDiscord
    tmp: Path
    env: dict[str, str]
    procs: dict[str, asyncio.subprocess.Process] = field(default_factory=dict)

    def log(self, name: str) -> Path:
        return self.tmp / f"{name}.log"

    async def start(self, name: str, shards: str, *, shards_identifying: int = 1, **env: str) -> None:
        """Start ``python -m bot run`` on ``shards`` (of 2) and wait until each of its shards identified."""
        before = self.fake.gateway.identify_count
        environ = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "fake", "RENDER_DIR": "",
                   "SHARDS": shards, "SHARD_COUNT": "2", **self.env, **env}
        environ.pop("DISCORD_GUILD_ID", None)
        with self.log(name).open("ab") as out:
            proc = await asyncio.create_subprocess_exec(sys.executable, str(CHILD), self.fake.api_url,
                                                        self.fake.gateway_url, env=environ, cwd=str(self.tmp),
                                                        stdout=out, stderr=out)
        self.procs[name] = proc
        await self.fake.wait_until(
            lambda: self.fake.gateway.identify_count >= before + shards_identifying or proc.returncode is not None,
            timeout=PATIENCE, description=f"bot process {name} to connect")
        assert proc.returncode is None, self.log(name).read_text()

    async def died(self, name: str) -> int:
        """Wait for process ``name`` to end; its exit status."""
        return await asyncio.wait_for(self.procs[name].wait(), PATIENCE)

    async def stop_all(self) -> None:
        for name, proc in self.procs.items():
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    status = await asyncio.wait_for(proc.wait(), 60)
                except TimeoutError:
                    proc.kill()
                    await proc.wait()
                    raise AssertionError(f"{name} did not stop:\n{self.log(name).read_text()}") from None
                assert status == 0, self.log(name).read_text()


async def _poll(check: Callable[[], Awaitable[Any]], what: str) -> Any:
    """Ask ``check`` again (every 50 ms) until it returns something true; that value."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while True:
        value = await check()
        if value:
            return value
        assert loop.time() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.05)


class Driver:
    """Players who act only through the fake Discord, reading the match from the database to know
    what to do next (a process's memory is not reachable from here)."""

    def __init__(self, fake: FakeDiscord, store: SqliteStorage, on_lock: Callable[[int], Awaitable[None]]) -> None:
        self.fake = fake
        self.store = store
        self.on_lock = on_lock
        self.locks = 0

    async def state(self, seat: Seat) -> MatchState:
        stored = await self.store.load_match(seat.match_id)
        assert stored is not None
        return session_from(stored.meta, stored.record()).state

    async def log(self, seat: Seat) -> list[tuple[str, str]]:
        stored = await self.store.load_match(seat.match_id)
        assert stored is not None
        return list(stored.log)

    async def slash(self, user: FakeUser, seat: Seat, name: str, sub: str | None = None, **options: Any) -> str:
        record = await self.fake.slash(user, seat.channel, name, sub, options)
        reply = await record.wait_reply(timeout=PATIENCE)
        return reply.content

    async def setup(self, seat: Seat) -> None:
        first, second = seat.players
        assert "New match" in await self.slash(first, seat, "match", "new")
        ids = await _poll(lambda: active_log_lengths(self.store, seat.channel.id), "the match to be stored")
        seat.match_id = next(iter(ids))
        await self.slash(second, seat, "match", "join")
        for user, army in zip(seat.players, ARMIES, strict=True):
            await self.slash(user, seat, "army", "set", cards=army)
        await self.slash(first, seat, "match", "start")
        for user in seat.players:
            await self.slash(user, seat, "place", "rest")

    def controls(self, seat: Seat, user: FakeUser, round_no: int) -> FakeMessage | None:
        lock = f"hs:lock:{seat.match_id}:{round_no}"
        found = [m for m in self.fake.dm_messages(user) if lock in m.custom_ids]
        return max(found, key=lambda m: m.id) if found else None

    async def orders(self, seat: Seat) -> None:
        """Every player still placing Order Markers picks in the DM menus and presses Lock in."""
        st = await self.state(seat)
        for user in seat.players:
            if st.phase is not Phase.ORDERS or st.orders.get(str(user.id)):
                continue
            round_no = st.round
            msg = await self.fake.wait_until(lambda u=user, r=round_no: self.controls(seat, u, r), timeout=PATIENCE,
                                             description=f"{user.name}'s Order Marker DM for round {round_no}")
            prefix = f"hs:ord:{seat.match_id}:{round_no}:"
            menu = msg.find_component(prefix + "1")
            assert menu is not None
            keys = [o["value"] for o in menu["options"]]
            for marker, key in {"1": keys[0], "2": keys[-1], "3": keys[0], "X": keys[-1]}.items():
                record = await self.fake.select(user, msg, prefix + marker, [key])
                await record.wait_ack(timeout=PATIENCE)
                msg = self.fake.messages[msg.id]
            await self.fake.click(user, msg, f"hs:lock:{seat.match_id}:{round_no}")
            self.locks += 1
            pid = str(user.id)
            await _poll(lambda p=pid, r=round_no: self._locked(seat, p, r), f"{user.name}'s lock-in to be stored")
            await self.on_lock(self.locks)
            st = await self.state(seat)

    async def _locked(self, seat: Seat, pid: str, round_no: int) -> bool:
        st = await self.state(seat)
        return st.round > round_no or bool(st.orders.get(pid))

    async def turns(self, seat: Seat) -> None:
        """End Player Turns (each by the player whose turn it is) until the round is over."""
        st = await _poll(lambda: self._turns_or_later(seat), "the round's turns to begin")
        round_no = st.round
        while st.phase is Phase.TURNS and st.round == round_no:
            assert st.turn is not None
            user = next(u for u in seat.players if str(u.id) == st.turn.player)
            await self.slash(user, seat, "end-turn")
            st = await self.state(seat)

    async def _turns_or_later(self, seat: Seat) -> MatchState | None:
        st = await self.state(seat)
        return st if st.phase is not Phase.ORDERS and st.turn is not None or st.phase is Phase.OVER else None


async def _play(driver: Driver, seats: list[Seat]) -> list[list[tuple[str, str]]]:
    """Set both matches up, then ROUNDS rounds: every lock-in (the second server's match first), then
    every turn. Returns each match's stored log."""
    for seat in seats:
        await driver.setup(seat)
    for _ in range(ROUNDS):
        for seat in seats:
            await driver.orders(seat)
        for seat in seats:
            await driver.turns(seat)
    return [await driver.log(seat) for seat in seats]


@asynccontextmanager
async def _opened(target: str) -> AsyncIterator[SqliteStorage]:
    store = storage_for(target)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


def _public(fake: FakeDiscord, seat: Seat) -> Counter[str]:
    """The bot's public messages in the seat's channel, counted (its match id blanked: each run has its own)."""
    return Counter(m.content.replace(seat.match_id, "<match>") for m in seat.channel.history()
                   if not m.ephemeral and m.author.id == fake.bot_user.id)


async def test_two_processes_on_two_shards_one_killed_mid_match_lose_nothing_and_double_nothing(
        fake: FakeDiscord, pg_url: str, tmp_path: Path) -> None:
    guilds: list[FakeGuild] = [fake.create_guild("Shard zero club", shard=(0, 2)),
                               fake.create_guild("Shard one club", shard=(1, 2))]
    alice, bob, carol, dave = (fake.create_user(n) for n in ("alice", "bob", "carol", "dave"))

    def seats(tag: str) -> list[Seat]:
        # The match served by shard 1 first: its lock-ins (shard 0's, by DM) come first in each round.
        return [Seat(fake.create_channel(guilds[1], f"battles-{tag}"), (carol, dave)),
                Seat(fake.create_channel(guilds[0], f"battles-{tag}"), (alice, bob))]

    # --- two processes, one database, a crash -------------------------------------------------
    target = pg_url
    many = Bots(fake, tmp_path, {"DATABASE_URL": target})
    shared = seats("shared")
    try:
        await many.start("zero", "0", HS_KILL_AFTER="orders", HS_KILL_NTH=str(KILL_AT))
        await many.start("one", "1")
        sessions = [s.shard for s in fake.gateway.sessions]
        assert sorted(sessions) == [(0, 2), (1, 2)]

        async def crash(locks: int) -> None:
            if locks != KILL_AT:
                return
            assert await many.died("zero") == -signal.SIGKILL, many.log("zero").read_text()
            await many.start("zero", "0")  # the same shard again, no crash this time

        async with _opened(target) as store:
            logs = await _play(Driver(fake, store, crash), shared)
        assert "rebuilt from the database" in many.log("zero").read_text()  # it did handle the other's match
    finally:
        await many.stop_all()

    # The lock-in applied just before the crash was shown once, after the restart, in the channel
    # of the match the crashed process does not serve.
    caught = [m for m in shared[0].channel.history() if m.content.startswith(RESTARTED)]
    assert len(caught) == 1 and "`orders`" in caught[0].content, [m.content for m in caught]
    assert not any(m.content.startswith(RESTARTED) for m in shared[1].channel.history())

    # --- the same script in one process (both shards), no crash -------------------------------
    one = Bots(fake, tmp_path, {"DATABASE_PATH": str(tmp_path / "single.db")})
    single = seats("single")
    try:
        await one.start("both", "0-1", shards_identifying=2)

        async def no_crash(locks: int) -> None:
            return None

        async with _opened(str(tmp_path / "single.db")) as store:
            expected = await _play(Driver(fake, store, no_crash), single)
    finally:
        await one.stop_all()

    for got, want in zip(logs, expected, strict=True):
        assert got == want  # nothing lost, nothing doubled, nothing out of order
        assert sum(text.startswith("orders ") for _, text in got) == 2 * ROUNDS
    for here, there in zip(shared, single, strict=True):
        seen = _public(fake, here)
        for content in [c for c in seen if c.startswith(RESTARTED)]:
            del seen[content]
        want = _public(fake, there)
        differ = {c: (seen[c], want[c]) for c in set(seen) | set(want) if seen[c] != want[c]}
        assert seen == want, (f"(times with two processes, with one) differ: {differ}; logs in {tmp_path}")
