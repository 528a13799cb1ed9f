"""Test helpers: the real Heroscape bot against the fake Discord, and a table of players who play
through slash commands, DMs and buttons only (the state is read to decide what to do, never
changed except through Discord)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.discord.client import RefereeBot as HeroscapeBot
from bot.discord.client import Renderer
from bot.discord.matches import LiveMatch
from bot.discord.pace.clock import Clock
from bot.discord.settings import Settings
from bot.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionRecord
from bot.render import render_png
from bot.rules.combat import legal_enemy_targets
from bot.rules.movement import reachable_hexes
from bot.rules.state import Figure, MatchState, Phase

#: A seed whose dice give a short match with the armies of :data:`ARMIES` (checked by the e2e test).
SEED = 4
ARMIES = ("Syvarris; Dumutef Guard", "Kita; Onshu")


def make_bot(
    fake: FakeDiscord,
    db: Path | str,
    guild_id: int | None,
    *,
    seed: int | None = SEED,
    render: Renderer | None = render_png,
    clock: Clock | None = None,
) -> HeroscapeBot:
    """The real bot, quick to get ready, on a database file (or a PostgreSQL URL). With a ``clock`` (play by post) the
    due-work loop does not run by itself: the test calls ``bot.pace.tick()`` after moving the clock."""
    settings = Settings(discord_token="fake", discord_guild_id=guild_id, database_path=str(db), render_dir="")
    bot = HeroscapeBot(settings, seed=seed, render=render, guild_ready_timeout=0.05, clock=clock)
    if clock is not None:
        bot.pace.interval = None
    return bot


@dataclass
class Table:
    """Players at one channel of the fake, and the bot that referees them."""

    fake: FakeDiscord
    bot: HeroscapeBot
    channel: FakeChannel
    players: list[FakeUser]
    steps: int = 0
    log: list[str] = field(default_factory=list)

    # --- plumbing -----------------------------------------------------------------------------

    @property
    def live(self) -> LiveMatch:
        live = self.bot.matches.in_channel(self.channel.id)
        assert live is not None, "no match in the channel"
        return live

    @property
    def state(self) -> MatchState:
        return self.live.state

    def user(self, pid: str) -> FakeUser:
        return next(u for u in self.players if str(u.id) == pid)

    async def settle(self) -> None:
        """Wait until the bot has finished every handler it started."""
        await self.fake.wait_until(lambda: self.bot.inflight == 0, description="the bot to be idle")

    async def handled(self, record: InteractionRecord, *, unless: asyncio.Event | None = None,
                      timeout: float | None = None) -> bool:
        """Wait until the bot answered ``record`` (or Discord refused its answer) and then finished
        every handler; or until ``unless`` is set (a :class:`crash_kit.Crash` froze the handler, which
        then never answers nor finishes). Returns ``False`` when ``unless`` ended the wait.

        Waiting for ``inflight == 0`` alone returns at once: when :meth:`FakeDiscord.slash` returns,
        the interaction is on the socket and no handler has started yet.

        :raises FakeDiscordTimeout: after ``timeout`` seconds (the fake's default) for either step.
        """
        stop = unless.is_set if unless is not None else (lambda: False)
        await self.fake.wait_until(lambda: stop() or record.acknowledged or bool(record.rejections),
                                   timeout=timeout, description="the bot to answer")
        await self.fake.wait_until(lambda: stop() or self.bot.inflight == 0, timeout=timeout,
                                   description="the bot to be idle")
        return not stop()

    async def send(self, user: FakeUser, name: str, sub: str | None = None, /,
                   **options: Any) -> InteractionRecord:
        """Run a slash command and wait until the bot is done with it."""
        self.steps += 1
        self.log.append(f"{user.name}: /{name} {sub or ''} {options}")
        record = await self.fake.slash(user, self.channel, name, sub, options)
        await record.wait_ack()
        await self.settle()
        return record

    async def reply(self, user: FakeUser, name: str, sub: str | None = None, /, **options: Any) -> FakeMessage:
        """Run a slash command; its first visible answer."""
        record = await self.send(user, name, sub, **options)
        return await record.wait_reply()

    async def click(self, user: FakeUser, message: FakeMessage, custom_id: str) -> InteractionRecord:
        self.steps += 1
        record = await self.fake.click(user, message, custom_id)
        await record.wait_ack()
        await self.settle()
        return record

    async def concede(self, user: FakeUser) -> FakeMessage:
        """``/match concede``, then **Concede** on the question it asks; the answer to the button
        (the public result)."""
        question = await self.reply(user, "match", "concede")
        yes = next(c for c in question.custom_ids if c.startswith("hs:concede:") and c.endswith(":yes"))
        return await (await self.click(user, question, yes)).wait_reply()

    # --- phases -------------------------------------------------------------------------------

    async def setup(self, armies: tuple[str, ...] = ARMIES, **new_options: Any) -> None:
        """``/match new`` by the first player, then :meth:`join_and_place`: the others join, everyone
        sets an army, start, place."""
        await self.reply(self.players[0], "match", "new", **new_options)
        await self.join_and_place(armies)

    async def join_and_place(self, armies: tuple[str, ...] = ARMIES) -> None:
        """:meth:`setup` after ``/match new`` was run elsewhere (e.g. it opened the thread this
        table plays in): the others join, everyone sets an army, the first player starts, all place."""
        first = self.players[0]
        for u in self.players[1:]:
            await self.reply(u, "match", "join")
        for u, army in zip(self.players, armies, strict=False):
            await self.reply(u, "army", "set", cards=army)
        await self.reply(first, "match", "start")
        for u in self.players:
            await self.reply(u, "place", "rest")

    async def to_battle(self, armies: tuple[str, ...], until: FakeUser, **new_options: Any) -> None:
        """:meth:`setup` with ``armies``, everyone's Order Markers placed as offered, then
        :meth:`until_turn_of` ``until``."""
        await self.setup(armies, **new_options)
        for user in self.players:
            await self.place_markers(user)
        await self.until_turn_of(until)

    async def until_turn_of(self, user: FakeUser, limit: int = 12) -> None:
        """End Player Turns (each by whoever acts) until it is ``user``'s turn; at most ``limit``."""
        for _ in range(limit):
            turn = self.state.turn
            if turn is None or turn.player == str(user.id):
                return
            await self.reply(self.user(turn.player), "end-turn")
        raise AssertionError(f"not {user.name}'s turn after {limit} ends of turn")

    def controls_for(self, user: FakeUser) -> FakeMessage | None:
        """The newest message (DM, or ephemeral in the channel) with this round's lock-in button."""
        lock = f"hs:lock:{self.live.match_id}:{self.state.round}"
        pool = self.fake.dm_messages(user) + [
            m for m in self.channel.history(include_ephemeral=True) if m.ephemeral and m.viewer_id == user.id
        ]
        found = [m for m in pool if lock in m.custom_ids]
        return max(found, key=lambda m: m.id) if found else None

    async def place_markers(self, user: FakeUser, picks: dict[str, str] | None = None) -> dict[str, str]:
        """Pick a card for each marker in the private controls, then press Lock in."""
        msg = self.controls_for(user)
        assert msg is not None, f"no Order Marker controls for {user.name}"
        prefix = f"hs:ord:{self.live.match_id}:{self.state.round}:"
        if picks is None:
            picks = self.default_picks(msg, prefix)
        for marker, key in picks.items():
            self.steps += 1
            record = await self.fake.select(user, msg, prefix + marker, [key])
            await record.wait_ack()
            await self.settle()
            msg = self.fake.messages[msg.id]
        await self.click(user, msg, f"hs:lock:{self.live.match_id}:{self.state.round}")
        return picks

    @staticmethod
    def default_picks(msg: FakeMessage, prefix: str) -> dict[str, str]:
        component = msg.find_component(prefix + "1")
        assert component is not None
        keys = [o["value"] for o in component["options"]]
        a, b = keys[0], keys[-1]
        return {"1": a, "2": b, "3": a, "X": b}

    async def take_turn(self) -> None:
        """The acting player moves toward the enemy, attacks what it can (preview + Roll), ends the turn."""
        st = self.state
        assert st.turn is not None
        pid = st.turn.player
        user = self.user(pid)
        for fig in self._acting(pid):
            if self.state.phase is not Phase.TURNS:
                return
            if legal_enemy_targets(self.state, fig):
                continue
            dest = self._step_toward_enemy(fig)
            if dest is not None:
                offered = await self.fake.autocomplete(
                    user, self.channel, "move", options={"figure": fig.id, "to": dest}, focused="to"
                )
                assert dest in [c["value"] for c in offered], (dest, offered)
                await self.reply(user, "move", figure=fig.id, to=dest)
        for fig in self._acting(pid):
            if self.state.phase is not Phase.TURNS or not fig.on_battlefield:
                return
            offered = await self.fake.autocomplete(
                user, self.channel, "attack", options={"attacker": fig.id, "target": ""}, focused="target"
            )
            if not offered:
                continue
            preview = await self.reply(user, "attack", attacker=fig.id, target=offered[0]["value"])
            assert preview.ephemeral and "Chance of wounds" in preview.content, preview.content
            roll = next(c for c in preview.custom_ids if c.startswith("hs:roll:"))
            await (await self.click(user, preview, roll)).wait_reply()
        if self.state.phase is Phase.TURNS and self.state.turn is not None and self.state.turn.player == pid:
            await self.reply(user, "end-turn")

    def _acting(self, pid: str) -> list[Figure]:
        st = self.state
        turn = st.turn
        if turn is None or turn.player != pid:
            return []
        return sorted(
            (f for f in st.figures.values() if f.card_key == turn.card_key and f.on_battlefield),
            key=lambda f: f.id,
        )

    def _step_toward_enemy(self, fig: Figure) -> str | None:
        st = self.state
        enemies = [e for e in st.on_battlefield() if st.is_enemy(fig, e)]
        if not enemies:
            return None

        def gap(h: Any) -> int:
            return min(h.distance(e.hex) for e in enemies)

        reach = reachable_hexes(st, fig)
        if not reach:
            return None
        best = min(reach, key=lambda h: (gap(h), reach[h], h.q, h.r))
        return st.battlefield.label(best) if gap(best) < gap(fig.hex) else None

    async def play_round_or_end(self, on_orders: Callable[[Table], Any] | None = None) -> None:
        """Place everyone's markers (or let ``on_orders`` do it), then take turns until the next round or the end."""
        start_round = self.state.round
        if self.state.phase is Phase.ORDERS:
            if on_orders is not None:
                await on_orders(self)
            for pid in list(self.live.waiting_for_orders()):
                await self.place_markers(self.user(pid))
        while self.state.phase is Phase.TURNS and self.state.round == start_round:
            await self.take_turn()
            assert self.steps < 400, "\n".join(self.log[-30:])


def public_text(fake: FakeDiscord) -> str:
    """Everything every public message carried (content, components, custom ids, file names)."""
    return fake.public_text()


def marker_words(state: MatchState, pid: str) -> list[str]:
    """Phrases that would give away a player's hidden markers (e.g. "1 on Syvarris", "1 → Syvarris")."""
    out = []
    for m, key in state.orders.get(pid, {}).items():
        short = state.cards[key].card.short
        out += [f"{m} on {short}", f"{m} → {short}", f"{m}={key}", f"{m}: {short}"]
    return out


def find(pattern: str, messages: list[FakeMessage]) -> FakeMessage | None:
    """The newest message whose content matches ``pattern``."""
    rx = re.compile(pattern)
    hits = [m for m in messages if rx.search(m.content)]
    return hits[-1] if hits else None
