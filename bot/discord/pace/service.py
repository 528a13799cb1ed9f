"""The play-by-post service, kept on the bot as ``bot.pace``: a match's deadlines follow what the
rules wait for, players are told once whose move it is, reminders come before a deadline (never in
quiet hours), away players' deadlines are paused, and a loop acts on whatever fell due.

Deadlines are rows (:mod:`.store`), never timers: :meth:`PaceService.sync` opens one per player
the rules wait for (:func:`bot.rules.legal.waiting_for`) and closes those no longer waited for
(recording how long the player took); :meth:`PaceService.tick` claims due reminders and
deadlines with a compare-and-set and acts on each exactly once, saying so when it acts late (the
bot was down). A passed deadline is extended once, then the match's policy acts through the
ordinary command path (the computer player's commands, ``end-turn`` or ``concede``), each
logged with its cause (``/match log`` shows it).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import crossproc
from bot.discord.errors import UserError
from bot.discord.face import face_of
from bot.discord.outgoing import echo
from bot.discord.pace import history, texts
from bot.discord.pace.clock import Clock, SystemClock
from bot.discord.pace.durations import HOUR, Pace, PlayerPrefs, format_duration, policy_words
from bot.discord.pace.store import ACTED, CANCELLED, DONE, Deadline, PaceStore
from bot.discord.pace.texts import LATE_AFTER, match_link, stamp, when_words
from bot.discord.respond import Responder
from bot.games.ruleset import Refused
from bot.storage.sqlite import SqliteStorage

if TYPE_CHECKING:
    from bot.discord.host import Host
    from bot.discord.matches import LiveMatch

log = logging.getLogger(__name__)

#: Seconds between two runs of the due-work loop.
#: Seconds a player back early from away keeps at least before a deadline (one hour).
BACK_GRACE = HOUR
TICK_SECONDS = 60.0
#: Commands the computer may send for one passed deadline (a whole turn is a handful).
AI_STEPS = 60


def mark_of(live: LiveMatch, player: str, kind: str, about: str) -> str:
    """What identifies one wait of ``player``: its kind, the moment (:meth:`LiveMatch.wait_mark`:
    round and turn) and the decision."""
    return f"{kind}|{live.wait_mark()}|{player}|{about}"


class PaceService:
    """Play by post for every match of one bot (see the module docstring).

    ``clock`` tells the time (:class:`~.clock.FakeClock` in tests). Without SQLite storage the
    service does nothing (every match is live).
    """

    def __init__(self, bot: Host, clock: Clock | None = None) -> None:
        self.bot = bot
        self.clock: Clock = clock or SystemClock()
        self.store: PaceStore | None = PaceStore(bot.storage) if isinstance(bot.storage, SqliteStorage) else None
        self._paces: dict[str, Pace] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        #: Deadlines whose policy is acting now (their wait ends without counting as the player's).
        self._acting: set[int] = set()
        self._task: asyncio.Task[None] | None = None
        #: Seconds between loop runs (``None``: no loop; tests call :meth:`tick`).
        self.interval: float | None = TICK_SECONDS

    # --- pace -----------------------------------------------------------------------------------

    async def load(self) -> None:
        """Read the pace of every live match (on start)."""
        if self.store is None:
            return
        for live in self.bot.matches.live():
            pace = await self.store.pace(live.match_id)
            if pace is not None:
                self._paces[live.match_id] = pace

    def pace_of(self, live: LiveMatch) -> Pace:
        """A match's pace (live when none was set)."""
        return self._paces.get(live.match_id) or Pace()

    def is_post(self, live: LiveMatch) -> bool:
        """Whether a match runs by post."""
        return self.pace_of(live).post

    async def set_pace(self, live: LiveMatch, pace: Pace) -> None:
        """Store a match's pace.

        :raises UserError: without SQLite storage (play by post needs the database).
        """
        if self.store is None:
            raise UserError("Play by post needs the bot's database, which this bot does not have.")
        await self.store.set_pace(live.match_id, pace)
        self._paces[live.match_id] = pace

    def _lock(self, match_id: str) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    # --- deadlines follow the match -------------------------------------------------------------

    def waits(self, live: LiveMatch) -> dict[tuple[str, str], tuple[str, str]]:
        """``(player, mark) -> (kind, words expected)`` for every wait that gets a deadline now."""
        out: dict[tuple[str, str], tuple[str, str]] = {}
        if live.over:
            return out
        for e in live.game.waiting():
            kind, words = live.expected(e.player, e.on, e.about)
            if kind:
                out[(e.player, mark_of(live, e.player, kind, e.about))] = (kind, words)
        return out

    async def sync(self, live: LiveMatch) -> list[Deadline]:
        """Make the open deadlines match what the rules wait for; return those opened now.

        A closed wait that the player ended is recorded in the turn-time statistics.
        """
        if self.store is None:
            return []
        async with self._lock(live.match_id):
            now = self.clock.now()
            pace = self.pace_of(live)
            rows = await self.store.open_deadlines(live.match_id)
            want = self.waits(live) if pace.post else {}
            for row in rows:
                if (row.player, row.mark) in want:
                    continue
                if row.id in self._acting:
                    await self.store.close(row.id, ACTED, now)
                else:
                    await self.store.close(row.id, DONE if pace.post else CANCELLED, now)
                    if pace.post and not live.over:
                        await self.store.add_turn_time(live.match_id, row.player, row.kind, max(0.0, now - row.started), now)
            have = {(r.player, r.mark) for r in rows}
            opened: list[Deadline] = []
            for (player, mark), (kind, words) in want.items():
                if (player, mark) in have:
                    continue
                away_until, _ = await self.store.away(player)
                started = max(now, away_until)
                due = started + pace.limit(kind)
                did = await self.store.open_deadline(live.match_id, player, kind, mark, words, now, due)
                if not did:
                    continue  # another process opened it a moment ago
                await self._plan_reminders(did, player, started, due)
                made = await self.store.deadline(did)
                if made is not None:
                    opened.append(made)
            return opened

    async def _plan_reminders(self, deadline_id: int, player: str, started: float, due: float) -> None:
        """Store the reminders of a deadline from the player's settings, moved out of quiet hours."""
        assert self.store is not None
        prefs = await self.store.prefs(player)
        now = self.clock.now()
        times: set[float] = set()
        for offset in prefs.reminders:
            t = started + (due - started) / 2 if offset == "half" else due - float(offset)
            if prefs.quiet is not None and prefs.quiet.contains(t):
                t = prefs.quiet.before_start(t)  # earlier, in the evening before, never later
            if now < t < due and t > started:
                times.add(round(t))
        await self.store.set_reminders(deadline_id, sorted(times))

    async def current(self, live: LiveMatch) -> list[Deadline]:
        """The open deadlines of a match."""
        return [] if self.store is None else await self.store.open_deadlines(live.match_id)

    async def deadline_line(self, live: LiveMatch) -> str:
        """``"⏰ Deadline: Bob <t:..:f> (<t:..:R>)"`` for a match by post, else ``""``."""
        rows = await self.current(live) if self.is_post(live) else []
        if not rows:
            return ""
        parts = [f"{live.game.name(r.player)} {stamp(r.due, 'f')} ({stamp(r.due, 'R')})" for r in rows[:6]]
        return "⏰ Deadline: " + "; ".join(parts)

    # --- telling players ------------------------------------------------------------------------

    async def before_publish(self, live: LiveMatch) -> str:
        """Called by :func:`bot.discord.publish.publish` before it posts: deadlines brought up to
        date; the deadline line to add to a map's message."""
        if self.store is None or not self.is_post(live):
            return ""
        await self.sync(live)
        return await self.deadline_line(live)

    async def after_publish(self, live: LiveMatch) -> None:
        """Called after a command was posted: tell each newly waited-on player, once."""
        if self.store is None:
            return
        if self.is_post(live):
            await self.sync(live)
        await self.notify(live)

    async def notify(self, live: LiveMatch, *, late: bool = False) -> None:
        """Tell each player whose open deadline was not told yet: one channel message naming them
        (each pinged once, nobody else) and, if they allow it, a DM with the link, the map and
        what is expected. A closed DM leaves the mention alone, with a note once on opening DMs."""
        if self.store is None or not self.is_post(live):
            return
        rows = [r for r in await self.store.open_deadlines(live.match_id) if not r.told]
        tell = [r for r in rows if await self.store.mark_told(r.id)]
        if not tell:
            return
        png = await self._map(live)
        lines: list[str] = []
        for row in tell:
            note = await self._dm_turn(live, row, png)
            line = f"⏰ <@{row.player}>: {row.expected}. Deadline {when_words(row.due)}."
            lines.append(line + (f" {note}" if note else ""))
        if late:
            lines.append("(Told late: I was offline when this became due.)")
        await self._post(live, "\n".join(lines), [r.player for r in tell])

    async def _map(self, live: LiveMatch) -> bytes | None:
        if self.bot.render is None:
            return None
        return await face_of(live).draw(self.bot, live, live.public_view(), tuple(live.turn_events()))

    async def _dm_turn(self, live: LiveMatch, row: Deadline, png: bytes | None) -> str:
        """DM a player that it is their move; ``""`` when sent or not wanted, else the channel note."""
        assert self.store is not None
        prefs = await self.store.prefs(row.player)
        if not prefs.dms:
            return ""
        since = await history.lines(self.store, live, history.last_acted(live, row.player))
        body = [f"⏰ **Your move** in {match_link(self.bot, live.meta.guild_id, live.channel_id)}: {row.expected}.",
                f"Deadline: {when_words(row.due)}."]
        if since:
            body.append("Since you last acted:")
            body += texts.summarise(since, 1200, more="`/match since` shows everything")
        return await self._dm(live, row.player, "\n".join(body), png)

    async def _dm(self, live: LiveMatch, player: str, text: str, png: bytes | None = None) -> str:
        """Send a DM (split within limits, the map with the last part); the channel note when DMs are closed."""
        assert self.store is not None
        if player in live.dm_closed:
            return await self._closed_note(player)
        try:
            channel = await self.bot.dm(int(player))
            parts = texts.split_words(text)
            for n, part in enumerate(parts):
                file = discord.File(io.BytesIO(png), filename="battlefield.png") if png and n == len(parts) - 1 else None
                await channel.send(part, file=file) if file else await channel.send(part)
            return ""
        except discord.Forbidden:
            live.dm_closed.add(player)
            return await self._closed_note(player)
        except Exception as exc:
            log.warning("DM to %s failed: %s", player, exc)
            return ""

    async def _closed_note(self, player: str) -> str:
        assert self.store is not None
        if await self.store.take_dm_note(player):
            return ("(I cannot DM you: to get your turns by DM, allow direct messages from this server's "
                    "members in its Privacy Settings, then `/me dms on`.)")
        return ""

    async def _post(self, live: LiveMatch, text: str, pings: list[str]) -> None:
        try:
            await Responder(self.bot, None, live.channel_id).send(text, mentions=pings)
        except Exception:
            log.exception("cannot post in the channel of match %s", live.match_id)

    # --- the due-work loop ----------------------------------------------------------------------

    def start(self) -> None:
        """Start the loop (once; nothing when ``interval`` is ``None``)."""
        if self.interval is None or self._task is not None or self.store is None:
            return
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        """Stop the loop."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("the play-by-post loop failed; trying again")
            await asyncio.sleep(self.interval or TICK_SECONDS)

    async def tick(self) -> dict[str, int]:
        """Do everything due now, once: deadlines brought up to date with their matches (a restart),
        untold players told, due reminders sent, passed deadlines acted on, undo requests expired.
        Returns counts by kind (``told``, ``reminded``, ``acted``, ``extended``, ``expired``)."""
        counts = {"told": 0, "reminded": 0, "acted": 0, "extended": 0, "expired": 0}
        if self.store is None:
            return counts
        with self.bot.busy("pace"):
            await crossproc.before_tick(self.bot)  # issue 21: what other processes did (matches, paces), first
            for live in self.bot.matches.live():
                if self.is_post(live) and not live.over:
                    await self.sync(live)
            for row in await self.store.untold():
                found = self.bot.matches.get(row.match_id)
                if found is not None:
                    await self.notify(found, late=self.clock.now() - row.started > LATE_AFTER)
                    counts["told"] += 1
            for rem in await self.store.due_reminders(self.clock.now()):
                if await self.store.claim_reminder(rem):
                    counts["reminded"] += await self._remind(rem.deadline_id, rem.due)
            for row in await self.store.due_deadlines(self.clock.now()):
                if await self.store.claim(row, self.clock.now()):
                    counts[await self.act(row)] += 1
            counts["expired"] = await self.expire_undos()
            leagues = getattr(self.bot, "leagues", None)
            if leagues is not None:
                await leagues.rounds_due()  # league rounds past their deadline go to the organisers (issue 17)
        return counts

    async def _remind(self, deadline_id: int, due: float) -> int:
        """Send one reminder (DM if allowed, else a channel mention); 1 when sent."""
        assert self.store is not None
        row = await self.store.deadline(deadline_id)
        live = self.bot.matches.get(row.match_id) if row is not None else None
        now = self.clock.now()
        if row is None or live is None or row.state != "open" or live.over or now >= row.due:
            return 0  # a reminder after the deadline (the bot was down) would only contradict it
        prefs = await self.store.prefs(row.player)
        away_until, _ = await self.store.away(row.player)
        if away_until > now or (prefs.quiet is not None and prefs.quiet.contains(now)):
            return 0  # late after a restart and now inside quiet hours (or away): better none than at night
        late = " (late: I was offline when it was due)" if now - due > LATE_AFTER else ""
        text = (f"⏳ Reminder: {row.expected} in {match_link(self.bot, live.meta.guild_id, live.channel_id)} — deadline "
                f"{when_words(row.due)}; sent with {format_duration(row.due - now)} left.{late}")
        if prefs.dms and row.player not in live.dm_closed:
            note = await self._dm(live, row.player, text)
            if not note and row.player not in live.dm_closed:
                return 1
            await self._post(live, f"<@{row.player}> " + text + (f" {note}" if note else ""), [row.player])
            return 1
        await self._post(live, f"<@{row.player}> " + text, [row.player])
        return 1

    async def act(self, row: Deadline) -> str:
        """A claimed deadline passed: extend it once, or let the policy act; the count's kind."""
        assert self.store is not None
        now = self.clock.now()
        live = self.bot.matches.get(row.match_id)
        if live is None or live.over or not self.is_post(live):
            await self.store.close(row.id, CANCELLED, now)
            return "expired"
        async with self._lock(live.match_id):
            still = (row.player, row.mark) in self.waits(live)
        if not still:  # the player acted meanwhile (or a crashed process acted): nothing to do
            await self.store.close(row.id, DONE, now)
            return "expired"
        pace = self.pace_of(live)
        name = live.game.name(row.player)
        late = (f" (this happened late: the deadline was {stamp(row.due, 'f')} and I was offline then)"
                if now - row.due > LATE_AFTER else "")
        if pace.extend and not row.extended:
            due = max(row.due, now) + pace.extend
            await self.store.move_due(row.id, due, extended=True)
            await self._plan_reminders(row.id, row.player, now, due)
            await self._post(live, f"⌛ <@{row.player}>: the deadline for “{row.expected}” passed{late}. It is "
                                   f"extended once, to {when_words(due)}; after that, {policy_words(pace.policy, row.kind)}.",
                             [row.player])
            return "extended"
        await self._post(live, f"⌛ {name}'s deadline for “{row.expected}” passed{late}: "
                               f"{policy_words(pace.policy, row.kind)}.", [])
        self._acting.add(row.id)
        try:
            await self._apply_policy(live, row, pace.policy)
        finally:
            self._acting.discard(row.id)
            await self.store.close(row.id, ACTED, self.clock.now())
        return "acted"

    async def _apply_policy(self, live: LiveMatch, row: Deadline, policy: str) -> None:
        """The commands a policy sends for ``row.player``, each logged with its cause."""
        from bot.discord.publish import publish

        name = live.game.name(row.player)
        cause = f"deadline passed ({row.kind}) — {policy_words(policy, row.kind)} for {name}"
        for _ in range(AI_STEPS):
            waits = self.waits(live)
            # On while the same wait lasts, and through a decision it raised for the same player
            # (answered as the computer would); never on into the player's next wait.
            if (row.player, row.mark) not in waits and not any(
                    p == row.player and kind == "decision" for (p, _), (kind, _) in waits.items()):
                return
            cmd = live.policy_command(row.player, policy)
            if cmd is None:
                return
            try:
                applied = await self.bot.matches.apply(live, row.player, cmd, expected_version=live.version)
            except (Refused, UserError) as exc:
                log.warning("match %s: the %s policy's command %r was refused: %s", live.match_id, policy, cmd, exc)
                return
            await self.store.add_cause(live.match_id, applied.seq, cause)  # type: ignore[union-attr]
            await publish(self.bot, live, applied, Responder(self.bot, None, live.channel_id))
            if policy == "forfeit":
                return

    async def expire_undos(self) -> int:
        """Close the undo requests whose time ran out (said in their channel); how many."""
        assert self.store is not None
        count = 0
        now = self.clock.now()
        for req in await self.store.open_undos():
            if req.expires > now or not await self.store.update_undo(req, state="expired"):
                continue
            count += 1
            live = self.bot.matches.get(req.match_id)
            if live is not None:
                await self._post(live, f"↩ {live.game.name(req.player)}'s undo request expired with the deadline; "
                                       "nothing changed.", [])
        return count

    # --- away -----------------------------------------------------------------------------------

    def matches_of(self, player: str) -> list[LiveMatch]:
        """The unfinished matches ``player`` plays in."""
        return [m for m in self.bot.matches.live() if not m.over and m.is_player(player)]

    async def set_away(self, player: str, seconds: float, reason: str) -> list[LiveMatch]:
        """Pause ``player``'s deadlines in every match for ``seconds``; tell the others; return
        the matches told.

        :raises UserError: longer than a match of theirs allows (naming it and its maximum).
        """
        if self.store is None:
            raise UserError("Play by post needs the bot's database, which this bot does not have.")
        mine = [m for m in self.matches_of(player) if self.is_post(m)]
        for live in mine:
            most = self.pace_of(live).away_max
            if seconds > most:
                raise UserError(f"Away can last at most {format_duration(most)} in the match in <#{live.channel_id}>; "
                                f"you asked for {format_duration(seconds)}. Ask for {format_duration(most)} or less. "
                                "Nothing was changed.")
        now = self.clock.now()
        old_until, _ = await self.store.away(player)
        until = now + seconds
        shift = until - max(now, old_until)
        await self.store.set_away(player, until, reason)
        if shift > 0:
            for row in await self.store.player_deadlines(player):
                await self.store.move_due(row.id, row.due + shift)
                await self._plan_reminders(row.id, player, until, row.due + shift)
        why = f" ({echo(reason)})" if reason else ""  # the player's words, shown as typed (no markdown, no pings)
        for live in mine:
            name = live.game.name(player)
            await self._post(live, f"💤 {name} is away until {when_words(until)}{why}: {name}'s deadlines in this "
                                   "match are paused until then.", [])
        return mine

    async def end_away(self, player: str) -> list[LiveMatch] | None:
        """End ``player``'s away now (``/me away duration:off``): their deadlines move back by the
        away time left, keeping at least :data:`BACK_GRACE` seconds from now; the other players are
        told. ``None`` when the player was not away (nothing changes)."""
        if self.store is None:
            raise UserError("Play by post needs the bot's database, which this bot does not have.")
        now = self.clock.now()
        until, _ = await self.store.away(player)
        if until <= now:
            return None
        await self.store.set_away(player, now, "")
        for row in await self.store.player_deadlines(player):
            due = max(now + BACK_GRACE, row.due - (until - now))
            if due < row.due:
                await self.store.move_due(row.id, due)
                await self._plan_reminders(row.id, player, now, due)
        mine = [m for m in self.matches_of(player) if self.is_post(m)]
        for live in mine:
            name = live.game.name(player)
            await self._post(live, f"👋 {name} is back early: {name}'s deadlines in this match run again.", [])
        return mine

    # --- statistics -----------------------------------------------------------------------------

    async def status_lines(self, live: LiveMatch) -> list[str]:
        """For ``/match status``: the pace, the current deadlines and each player's time to act."""
        if self.store is None:
            return []
        pace = self.pace_of(live)
        times = await self.store.turn_times(live.match_id)
        if not pace.post and not times:
            return []  # a live match: nothing to add
        lines = [pace.words(face_of(live).deadline_names)]
        if pace.post:
            for row in await self.current(live):
                lines.append(f"⏰ {live.game.name(row.player)}: {row.expected} — deadline {when_words(row.due)}"
                             + (" (extended)" if row.extended else ""))
        if times:
            stats = [f"{live.game.name(p)} median {format_duration(texts.median(v))}, longest "
                     f"{format_duration(max(v))} ({len(v)} waits)" for p, v in times.items()]
            lines.append("Time to act: " + "; ".join(stats) + ".")
        return lines

    async def prefs(self, player: str) -> PlayerPrefs:
        """A player's settings."""
        return PlayerPrefs() if self.store is None else await self.store.prefs(player)

    async def replan(self, player: str) -> None:
        """Plan a player's reminders again (their settings changed)."""
        if self.store is None:
            return
        for row in await self.store.player_deadlines(player):
            await self._plan_reminders(row.id, player, row.started, row.due)


def attach(bot: Any, clock: Clock | None = None) -> PaceService:
    """Make the service of ``bot`` (kept as ``bot.pace``)."""
    service = PaceService(bot, clock)
    bot.pace = service
    return service
