"""Benchmark: the real bot against the fake Discord, many matches at once.

The fake Discord and its players run in a child process (its own CPU and interpreter), so the
bot's process does only the bot's work, as in production. The players are black boxes: they
read only what Discord shows them (replies, DMs, autocomplete answers) and act through slash
commands, DM menus and buttons, with a human-like pause between actions (``think`` seconds on
average). Map pictures are on, as in real play, drawn in worker processes
(:class:`~bot.render.pool.PicturePool`); ``pictures=False`` turns them off (``render=None``).

Reported: the bot's own handling time per interaction (start to end of its handler: rules, SQLite,
building and sending its messages, waiting for its event loop, less the time spent waiting for the
fake Discord to answer REST calls, which is Discord's time, not the bot's) as p50 and p99 in ms, with
the plain wall time beside it (``bot_handler_with_discord_*``); the apply path alone (match lock,
idempotency check, rules, SQLite append); throughput; the memory of one idle match in KB
(tracemalloc while rebuilding matches from their records); and the time a restart takes per match:
``bot_restore_per_match`` is what the bot does on start (:meth:`MatchManager.restore` on the
benchmark's database: newest snapshot plus the commands after it), beside
``bot_restore_full_replay_per_match``, replaying every log from the start (the bot before snapshots).

With pictures on, the players also time each turn's picture: from the moment a player sends
``/end-turn`` (a turn's last command) to the moment the map is on the answer they see, or a newer
map is in the channel (``picture_posted_p50``/``_p99``, ms; ``pictures_missing`` counts turns whose
map never came, ``pictures_superseded`` those whose own map was skipped because the next turn's
came first: see :class:`bot.discord.pictures.PictureQueue`).

The pace (the load modelled): a table of humans, not a script. Each player pauses ``think``
seconds (default 3, times a random 0.5..1.5) before every command, menu pick and button click,
so one match sends a command every few seconds (``bot_actions_per_match_minute`` says how many it
did; about 13 at the default); autocomplete questions come without a pause, as they do while
someone types. Tables sit down within ``stagger`` seconds of each other. :data:`SATURATE` (no
pause, all at once; ``bench bot --saturate``) measures instead what the process takes when
players answer as fast as the bot does: far more than real tables send, so its latencies are
not the goals' (``bot_think_seconds`` is printed with every run).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import re
import sys
import tempfile
import time
import tracemalloc
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import discord
import yarl

from bot.discord.client import DISCORD_WAIT, RefereeBot
from bot.discord.matches import LiveMatch, MatchManager, session_from
from bot.discord.pace.bench import deadlines_ms
from bot.discord.pictures import queue_of
from bot.discord.settings import Settings
from bot.game.session import GameSession
from bot.leagues.bench import standings_ms, swiss_pair_ms
from bot.render.pool import PicturePool, default_workers
from bot.storage.base import StoredMatch
from bot.storage.sqlite import SqliteStorage

ARMIES = ("Syvarris; Dumutef Guard", "Kita; Onshu")
Row = tuple[str, float, str]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# ---- the players' side (child process) ------------------------------------------------------


class _Players:
    """Two players of one match who only see what Discord shows them."""

    def __init__(self, fake: Any, channel: Any, users: tuple[Any, Any], think: float, rng: random.Random) -> None:
        self.fake, self.channel, self.users, self.think, self.rng = fake, channel, users, think, rng
        self.seen_locks: set[tuple[int, str]] = set()
        self.floor = 0
        self.actions = 0
        self.columns: dict[str, str] = {}
        #: ms from each /end-turn sent to its map shown (with pictures on); ``None``: never shown.
        self.pictures: list[float | None] = []
        #: Turns whose own map was skipped because a newer one was posted first.
        self.superseded = 0
        self.watch_pictures = False
        self._watchers: set[asyncio.Task[None]] = set()

    async def pause(self) -> None:
        """Sleep a human think time: ``think`` seconds scaled by a random factor in 0.5..1.5 (no wait
        when ``think`` is 0)."""
        if self.think > 0:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)

    async def cmd(self, user: Any, name: str, sub: str | None = None, /, **options: Any) -> Any:
        """Pause, then run the slash command ``/name [sub]`` with ``options`` as ``user`` in the table
        channel and return the visible reply message. Counts one action."""
        await self.pause()
        self.actions += 1
        record = await self.fake.slash(user, self.channel, name, sub, options)
        return await record.wait_reply()

    async def ask(self, user: Any, name: str, options: dict[str, Any], focused: str) -> list[str]:
        """Ask the fake for autocomplete on ``/name``'s ``focused`` option given ``options``; return the
        offered choice values. Not counted as an action."""
        choices = await self.fake.autocomplete(user, self.channel, name, options=options, focused=focused)
        return [c["value"] for c in choices]

    def _next(self) -> tuple[str, Any, Any] | None:
        for user in self.users:
            for m in reversed(self.fake.dm_messages(user)):
                lock = next((c for c in m.custom_ids if c.startswith("hs:lock:")), None)
                if lock and (user.id, lock) not in self.seen_locks:
                    return ("orders", user, m)
        for m in reversed(self.channel.history()):
            if m.id <= self.floor:
                break
            if "🏆" in m.content or "ends in a draw" in m.content:
                return ("over", None, None)
            if "➡ <@" in m.content:
                uid = int(m.content.split("➡ <@", 1)[1].split(">", 1)[0])
                return ("turn", next(u for u in self.users if u.id == uid), m)
        return None

    async def orders(self, user: Any, msg: Any) -> None:
        """Fill in an orders DM: put markers 1, 2, 3 and X on the first and last offered cards
        alternately, one select each, then click the lock button. Five actions, each paused."""
        lock = next(c for c in msg.custom_ids if c.startswith("hs:lock:"))
        self.seen_locks.add((user.id, lock))
        prefix = lock.replace("hs:lock:", "hs:ord:") + ":"
        comp = msg.find_component(prefix + "1")
        keys = [o["value"] for o in comp["options"]]
        for marker, key in zip(("1", "2", "3", "X"), (keys[0], keys[-1], keys[0], keys[-1]), strict=True):
            await self.pause()
            self.actions += 1
            await (await self.fake.select(user, msg, prefix + marker, [key])).wait_ack()
            msg = self.fake.messages[msg.id]
        await self.pause()
        self.actions += 1
        await (await self.fake.click(user, msg, lock)).wait_ack()

    async def toward_enemy(self, user: Any, fig: str) -> str | None:
        """Type the column a few columns toward the enemy (closer ones if nothing is offered), as a
        player looking at the map would; take the farthest space offered there."""
        here = self.columns.get(fig)
        if here is None:
            return None
        step = 1 if user is self.users[0] else -1  # the first player starts on the west edge
        for k in (5, 4, 3, 2, 1):
            letter = chr(ord(here) + step * k)
            if not "A" <= letter <= "V":
                continue
            offered = await self.ask(user, "move", {"figure": fig, "to": letter}, "to")
            if offered:
                self.columns[fig] = offered[-1][0]
                return offered[-1]
        return None

    def read_placements(self, text: str) -> None:
        """Remember the column of each figure from a "Placed: fig on A6, ..." line."""
        for fig, column in re.findall(r"(\w+) on ([A-Z])\d+", text):
            self.columns[fig] = column

    async def turn(self, user: Any) -> None:
        """Play one turn: for each figure offered to move, attack the first target in reach, else move
        toward the enemy and try again; confirm each attack's roll button; then end the turn."""
        figures = await self.ask(user, "move", {"figure": "", "to": ""}, "figure")
        for fig in figures:
            targets = await self.ask(user, "attack", {"attacker": fig, "target": ""}, "target")
            if not targets:
                dest = await self.toward_enemy(user, fig)
                if dest:
                    await self.cmd(user, "move", figure=fig, to=dest)
                targets = await self.ask(user, "attack", {"attacker": fig, "target": ""}, "target")
            if targets:
                preview = await self.cmd(user, "attack", attacker=fig, target=targets[0])
                roll = next((c for c in preview.custom_ids if c.startswith("hs:roll:")), None)
                if roll:
                    await self.pause()
                    self.actions += 1
                    await (await self.fake.click(user, preview, roll)).wait_reply()
        last = self.channel.history()
        self.floor = last[-1].id if last else 0
        await self.end_turn(user)

    async def end_turn(self, user: Any) -> None:
        """Pause, send ``/end-turn`` and wait for its words; with pictures on, time (in the
        background) until the turn's map is on the answer."""
        await self.pause()
        self.actions += 1
        sent = time.perf_counter()
        record = await self.fake.slash(user, self.channel, "end-turn", None, {})
        await record.wait_reply()
        if self.watch_pictures:
            task = asyncio.get_running_loop().create_task(self._picture(record, sent))
            self._watchers.add(task)
            task.add_done_callback(self._watchers.discard)

    async def _picture(self, record: Any, sent: float) -> None:
        answers = [m for m in (record.original, *record.followups) if m is not None]
        after = max((m.id for m in answers), default=0)

        def shown() -> str | None:
            if any(m.attachments for m in (record.original, *record.followups) if m is not None):
                return "own"
            # A later turn's map, drawn instead of this one (only the newest board is drawn).
            newer = any(m.id > after and m.attachments for m in reversed(self.channel.history()))
            return "newer" if newer else None

        try:
            which = await self.fake.wait_until(shown, timeout=60, description="the turn's map")
            self.pictures.append((time.perf_counter() - sent) * 1000)
            self.superseded += which == "newer"
        except Exception:  # never came (or came on its own message): counted as missing
            self.pictures.append(None)

    async def drain(self) -> None:
        """Wait for the picture watchers still running."""
        if self._watchers:
            await asyncio.gather(*self._watchers, return_exceptions=True)

    async def play(self, turns: int, stagger: float) -> int:
        """Set up the match (new, join, two armies, start, place the rest) and answer orders and turns
        until ``turns`` turns have been played or the match ends. Waits a random 0..``stagger`` seconds
        first. Returns the number of actions taken."""
        a, b = self.users
        await asyncio.sleep(self.rng.uniform(0, stagger))  # tables do not all sit down in the same second
        await self.cmd(a, "match", "new")
        await self.cmd(b, "match", "join")
        await self.cmd(a, "army", "set", cards=ARMIES[0])
        await self.cmd(b, "army", "set", cards=ARMIES[1])
        await self.cmd(a, "match", "start")
        for user in (a, b):
            self.read_placements((await self.cmd(user, "place", "rest")).content)
        done = 0
        while done < turns:
            kind, user, msg = await self.fake.wait_until(self._next, timeout=120, description="something to do")
            if kind == "over":
                break
            if kind == "orders":
                await self.orders(user, msg)
            else:
                await self.turn(user)
                done += 1
        return self.actions


async def _players_main(conn: Connection, matches: int, turns: int, think: float, stagger: float,
                        pictures: bool) -> None:
    from bot.fakediscord import FakeDiscord

    # No deadline: the bench measures how long answers take, it does not fail them.
    fake = FakeDiscord(default_timeout=120.0, store_attachment_bytes=False, callback_deadline=None)
    await fake.start()
    guild = fake.create_guild("Bench")
    tables = [(fake.create_channel(guild, f"table-{i}"), (fake.create_user(f"a{i}"), fake.create_user(f"b{i}")))
              for i in range(matches)]
    conn.send({"api": fake.api_url, "gateway": fake.gateway_url, "guild": guild.id})
    await fake.wait_ready(timeout=60)
    rng = random.Random(7)
    players = [_Players(fake, ch, us, think, random.Random(rng.random())) for ch, us in tables]
    for p in players:
        p.watch_pictures = pictures
    start = time.perf_counter()
    results = await asyncio.gather(*(p.play(turns, stagger) for p in players), return_exceptions=True)
    wall = time.perf_counter() - start
    await asyncio.gather(*(p.drain() for p in players))
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    conn.send({"actions": sum(r for r in results if isinstance(r, int)), "wall": wall, "failures": failures[:5],
               "failed": len(failures), "pictures": [t for p in players for t in p.pictures],
               "superseded": sum(p.superseded for p in players)})
    await asyncio.to_thread(conn.recv)  # the bot has closed: stop serving
    await fake.stop()


def _players_process(conn: Connection, matches: int, turns: int, think: float, stagger: float,
                     pictures: bool) -> None:
    asyncio.run(_players_main(conn, matches, turns, think, stagger, pictures))


# ---- the bot's side (this process) ----------------------------------------------------------


Applies = list[tuple[str, float, float]]


def _time_discord_requests() -> None:
    """Count the time each handler waits for Discord's REST answers (bot requests and interaction
    webhooks) into :data:`bot.discord.client.DISCORD_WAIT`, so the bot's own time can be told apart.

    Patches the classes in this benchmark process only: the fake Discord's answer time is not the bot's.
    """
    from discord.webhook.async_ import AsyncWebhookAdapter

    def timed(request: Any) -> Any:
        """Wrap an async ``request`` method so its time (seconds) is added to the current
        ``DISCORD_WAIT`` box, if any; the wrapper is marked ``timed``."""
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            """Call the wrapped request, adding its elapsed time to the current box."""
            box = DISCORD_WAIT.get()
            start = time.perf_counter()
            try:
                return await request(*args, **kwargs)
            finally:
                if box is not None:
                    box[0] += time.perf_counter() - start
        wrapper.timed = True  # type: ignore[attr-defined]
        return wrapper

    for cls in (discord.http.HTTPClient, AsyncWebhookAdapter):
        if not getattr(cls.request, "timed", False):
            cls.request = timed(cls.request)  # type: ignore[method-assign]


async def _bot_main(conn: Connection, info: dict[str, Any], db: Path, pictures: bool) -> tuple[dict[str, Any],
                                                                           list[tuple[str, float, float]],
                                                                           Applies, list[StoredMatch]]:
    handler: list[tuple[str, float, float]] = []
    apply: Applies = []
    _time_discord_requests()
    saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    discord.http.Route.BASE = info["api"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(info["gateway"])
    try:
        settings = Settings(discord_token="fake", discord_guild_id=info["guild"], database_path=str(db), render_dir="")
        pool = PicturePool() if pictures else None
        if pool is not None:
            await pool.start()
        bot = RefereeBot(settings, render=pool, seed=4, tune_gc=True, guild_ready_timeout=0.05)
        bot.handler_timer = lambda label, s, waited: handler.append((label, s * 1000, waited * 1000))
        bot.matches.timer = lambda verb, total, rules: apply.append((verb, total * 1000, rules * 1000))
        task = asyncio.create_task(bot.start("fake"))
        result: dict[str, Any] = await asyncio.to_thread(conn.recv)
        while bot.inflight:
            await asyncio.sleep(0.05)
        queue = queue_of(bot)
        result["drawn"], result["skipped"] = queue.drawn, queue.superseded
        lives: list[LiveMatch] = [m for m in (bot.matches.get(k) for k in list(bot.matches._matches)) if m]
        records = [StoredMatch(meta=m.meta, log=list(m.session.match.log)) for m in lives]
        await bot.close()
        await asyncio.wait({task}, timeout=10)
        if pool is not None:
            pool.close()
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
    conn.send("closed")
    return result, handler, apply, records


async def restore_ms(db: Path) -> tuple[float, float, float, int]:
    """Per match, on the benchmark's database: ms the bot's start-up restore takes
    (:meth:`MatchManager.restore`: snapshots plus tails), ms a full replay of every log takes, the
    mean log length and how many matches were restored."""
    store = SqliteStorage(db)
    await store.open()
    try:
        stored = await store.list_active()
        if not stored:
            return float("nan"), float("nan"), 0.0, 0
        GameSession.from_record(stored[0].record())  # warm the shared libraries (cards, maps) first
        start = time.perf_counter()
        count = await MatchManager(store).restore()
        restore = (time.perf_counter() - start) * 1000 / max(1, count)
        start = time.perf_counter()
        for r in stored:
            GameSession.from_record(r.record())
        replay = (time.perf_counter() - start) * 1000 / len(stored)
        return restore, replay, sum(len(r.log) for r in stored) / len(stored), count
    finally:
        await store.close()


def idle_match_kb(records: list[StoredMatch], sample: int = 25) -> float:
    """KB one idle match takes in the bot, measured on ``sample`` matches rebuilt from their records."""
    records = records[:sample]
    GameSession.from_record(records[0].record())  # warm the shared libraries (cards, maps) first
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = [LiveMatch(r.meta, session_from(r.meta, r.record())) for r in records]
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / 1024 / max(1, len(kept))


def run(matches: int | None = None, turns: int = 6, think: float = 3.0,
        stagger: float = 30.0, pictures: bool = True) -> list[tuple[str, float, str]]:
    """Play ``matches`` matches at once (default 200), each for up to ``turns`` Player Turns;
    players pause about ``think`` seconds between actions and tables start within ``stagger``
    seconds of each other; ``pictures``: map pictures on (worker processes) or off. Takes about
    two minutes.

    Tests pass a small configuration (a few matches, no pauses) to stay fast.

    Rows ``(name, value, unit)``; goals: apply/handler p99 < 100 ms, idle match < 1024 KB.
    """
    if matches is None:
        matches = 200
    ctx = multiprocessing.get_context("spawn")
    ours, theirs = ctx.Pipe()
    proc = ctx.Process(target=_players_process, args=(theirs, matches, turns, think, stagger, pictures), daemon=True)
    proc.start()
    try:
        info = ours.recv()
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "bench.db"
            result, handler, apply, records = asyncio.run(_bot_main(ours, info, db, pictures))
            restore, replay, log_length, restored = asyncio.run(restore_ms(db))
    finally:
        proc.join(timeout=30)
        if proc.is_alive():
            proc.terminate()
    wall = float(result["wall"])
    totals = [t for _, t, _ in apply]
    # The bot's own time: the handler's wall time less its waits for Discord's answers (parallel
    # waits, such as DMs sent together, can add up to more than the wall time: never below 0).
    handled = [max(0.0, t - w) for _, t, w in handler]
    with_discord = [t for _, t, _ in handler]
    components = [max(0.0, t - w) for kind, t, w in handler if kind[:1].isupper()]  # RollButton, OrderSelect...
    commands = [max(0.0, t - w) for kind, t, w in handler if not kind[:1].isupper()]
    moves = [r for v, _, r in apply if v == "move"]
    others = [t for v, t, _ in apply if v != "move"]
    rows: list[Row] = [
        ("bot_matches_parallel", float(matches), "matches"),
        ("bot_think_seconds", think, "s"),
        ("bot_actions_per_match_minute", float(result["actions"]) / matches / wall * 60 if wall else float("nan"),
         "actions"),
        ("bot_matches_failed", float(result["failed"]), "matches"),
        ("bot_interactions_handled", float(len(handler)), "interactions"),
        ("bot_throughput", len(handler) / wall if wall else float("nan"), "interactions/s"),
        ("bot_handler_p50", _pct(handled, 0.5), "ms"),
        ("bot_handler_p99", _pct(handled, 0.99), "ms"),
        ("bot_handler_with_discord_p50", _pct(with_discord, 0.5), "ms"),
        ("bot_handler_with_discord_p99", _pct(with_discord, 0.99), "ms"),
        ("bot_handler_commands_p99", _pct(commands, 0.99), "ms"),
        ("bot_handler_components_p99", _pct(components, 0.99), "ms"),
        ("bot_apply_p50", _pct(totals, 0.5), "ms"),
        ("bot_apply_p99", _pct(totals, 0.99), "ms"),
        ("bot_apply_except_move_p99", _pct(others, 0.99), "ms"),
        ("bot_rules_move_p50", _pct(moves, 0.5), "ms"),
        ("bot_rules_move_p99", _pct(moves, 0.99), "ms"),
        ("bot_wall_time", wall, "s"),
    ]
    if pictures:
        shown = [t for t in result["pictures"] if t is not None]
        rows += [("picture_posted_p50", _pct(shown, 0.5), "ms"), ("picture_posted_p99", _pct(shown, 0.99), "ms"),
                 ("pictures_missing", float(len(result["pictures"]) - len(shown)), "turns"),
                 ("pictures_superseded", float(result["superseded"]), "turns"),
                 ("pictures_drawn", float(result.get("drawn", 0)), "pictures"),
                 ("picture_workers", float(default_workers()), "processes")]
    if records:
        rows.append(("bot_idle_match_memory", idle_match_kb(records), "KB"))
    rows.append(("deadlines_10k", deadlines_ms(10_000)[0], "ms"))  # play by post's due-work loop (issue 16)
    rows.append(("swiss_pair_200", swiss_pair_ms(200)[0], "ms"))  # leagues (issue 17): one Swiss round
    rows.append(("standings_200", standings_ms(200)[0], "ms"))  # leagues: a season's standings and ratings
    if restored:
        rows += [("bot_restore_per_match", restore, "ms"), ("bot_restore_full_replay_per_match", replay, "ms"),
                 ("bot_restore_log_length", log_length, "commands")]
    return rows


#: The goals on a 2-core machine (issue 21): the bot's handler p99 and the picture's p99, in ms.
HANDLER_GOAL_MS = 100.0
PICTURE_GOAL_MS = 2000.0


def at_goals(rows: list[Row]) -> bool:
    """Whether a run met the goals: no match failed, handler p99 under :data:`HANDLER_GOAL_MS`
    and (pictures on) picture posted p99 under :data:`PICTURE_GOAL_MS`, no picture missing."""
    got = {name: value for name, value, _ in rows}
    return (got.get("bot_matches_failed", 1.0) == 0 and got.get("bot_handler_p99", float("inf")) < HANDLER_GOAL_MS
            and got.get("picture_posted_p99", 0.0) < PICTURE_GOAL_MS and got.get("pictures_missing", 0.0) == 0)


#: ``bench bot --saturate``: players who never pause, all tables sitting down at once.
SATURATE: dict[str, Any] = {"think": 0.0, "stagger": 0.0}

#: Each run of the search for the most matches at the goals (:func:`most_matches`) is shorter than
#: the default run: tables sit down within 20 s (not 30). Six turns a match stay: the first three
#: have no move (the armies shoot from where they were placed), and moving is the heaviest rule.
SEARCH_RUN: dict[str, Any] = {"turns": 6, "stagger": 20.0}


def most_matches(start: int = 200, step: int = 200, limit: int = 2000, floor: int = 10, **options: Any) -> list[Row]:
    """Search the largest number of concurrent matches at the goals (:func:`at_goals`), each run
    short (:data:`SEARCH_RUN`, unless ``options`` say otherwise): up from ``start`` by ``step``
    while runs meet the goals (at most ``limit``); when ``start`` already misses them, down by
    halves until a run meets them (none at ``floor`` or fewer: 0). Returns the rows of the largest
    run at the goals (or of the first run, when none was), then ``bot_max_matches_at_goals``.
    Each run takes a minute or two."""
    options = {**SEARCH_RUN, **options}

    def tried(n: int) -> list[Row]:
        rows = run(n, **options)
        got = {name: value for name, value, _ in rows}
        print(f"# {n} matches: handler p99 {got.get('bot_handler_p99', float('nan')):.0f} ms, picture posted p99 "
              f"{got.get('picture_posted_p99', float('nan')):.0f} ms: {'at' if at_goals(rows) else 'missed'} the goals",
              file=sys.stderr, flush=True)
        return rows

    best: list[Row] | None = None
    first: list[Row] | None = None
    most = 0
    n = start
    while n <= limit:
        rows = tried(n)
        first = first or rows
        if not at_goals(rows):
            break
        best, most = rows, n
        n += step
    if most == 0:
        n = start // 2
        while n >= floor:
            rows = tried(n)
            if at_goals(rows):
                best, most = rows, n
                break
            n //= 2
    return [*(best or first or []), ("bot_max_matches_at_goals", float(most), "matches")]


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name}: {value:.2f} {unit}")
