"""Live matches: one :class:`~bot.game.session.GameSession` per channel, one lock per match.

Every change goes through :meth:`MatchManager.apply`, in this order, under the match's lock:
refuse an interaction already processed, refuse a stale version, run the command through the
session (the rules decide), append it to storage together with the interaction id, and only
then report it. A retried or double-delivered interaction therefore applies once, and two clicks
on the same button apply once (the second carries a version that is no longer current).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.discord.errors import AlreadyDone, NoMatch, NotAPlayer, Stale, UserError
from bot.game.session import GameSession, Outcome
from bot.rules.state import MatchState, Pending, Phase
from bot.rules.views import public_view
from bot.storage.base import ACTIVE, ENDED, OVER, MatchExists, MatchMeta, Storage

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(eq=False)
class LiveMatch:
    """A match in memory: its stored metadata, its session and its lock.

    ``drafts`` holds Order Marker picks not yet locked in (player -> marker -> card key);
    ``dm_closed`` the players whose DMs failed; ``owed`` what could not be delivered to a player
    privately yet (shown with their next command).
    """

    meta: MatchMeta
    session: GameSession
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    drafts: dict[str, dict[str, str]] = field(default_factory=dict)
    dm_closed: set[str] = field(default_factory=set)
    owed: dict[str, list[str]] = field(default_factory=dict)
    owed_controls: set[str] = field(default_factory=set)
    #: The last round whose Order Marker controls were sent (a restored match counts as sent).
    controls_round: int = 0
    #: Public events of the Player Turn under way (and the one just ended), for the next map image.
    turn_log: list[Any] = field(default_factory=list)
    _memo: dict[Hashable, Any] = field(default_factory=dict, repr=False)
    _memo_version: int = -1

    @property
    def match_id(self) -> str:
        """The match id (in custom ids and storage)."""
        return self.meta.match_id

    @property
    def channel_id(self) -> int:
        """The channel the match is played in."""
        return self.meta.channel_id

    @property
    def state(self) -> MatchState:
        """The current state (read only)."""
        return self.session.state

    @property
    def version(self) -> int:
        """The state version, bumped by every accepted command."""
        return self.session.state.version

    @property
    def over(self) -> bool:
        """True once the rules declared a result."""
        return self.state.phase is Phase.OVER

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` cached until the state changes (autocomplete asks again on every keystroke)."""
        if self._memo_version != self.version:
            self._memo.clear()
            self._memo_version = self.version
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]  # type: ignore[no-any-return]

    def is_player(self, pid: str) -> bool:
        """Whether ``pid`` sits at the table."""
        return any(p.id == pid for p in self.state.players)

    def require_player(self, pid: str) -> None:
        """:raises NotAPlayer: when ``pid`` does not play in this match."""
        if not self.is_player(pid):
            if self.state.phase is Phase.SETUP:
                raise NotAPlayer("You are not playing in this match. Use `/match join` to take a seat.")
            raise NotAPlayer("You are not playing in this match, so you cannot act in it.")

    def active_players(self) -> list[str]:
        """Players still fighting (not conceded, with figures on the battlefield)."""
        st = self.state
        return [p.id for p in st.players if not p.conceded and st.living_cards(p.id)]

    def waiting_for_orders(self) -> list[str]:
        """Players who have not locked in their Order Markers this round."""
        if self.state.phase is not Phase.ORDERS:
            return []
        return [p for p in self.active_players() if not self.state.orders.get(p)]


@dataclass(frozen=True, slots=True)
class Applied:
    """An accepted command: what it did and the state facts an adapter needs to show it.

    ``view`` is the public view right after the command when a map is due (a Player Turn ended,
    or asked for), captured under the lock so the picture matches the words.
    """

    outcome: Outcome
    player: str
    text: str
    version: int
    round: int
    phase: Phase
    pending: Pending | None
    view: MatchState | None


#: Called with what a handler did (a verb or a component) and the seconds it took; for the bench.
Timer = Callable[[str, float], None]
#: Called after each apply with the verb, the seconds the whole apply took (lock wait, idempotency
#: check, rules, storage) and the seconds the rules alone took; for the bench.
ApplyTimer = Callable[[str, float, float], None]


#: How many recent interaction ids are kept in memory before pruning, and for how long.
RECENT_LIMIT = 20_000
RECENT_MS = 20 * 60 * 1000
DISCORD_EPOCH_MS = 1420070400000


def _snowflake_ms(snowflake: int) -> int:
    """The Unix time (ms) a Discord id was made."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


def _sent_round(session: GameSession) -> int:
    """For a restored match: the round whose Order Marker controls went out before the restart."""
    st = session.state
    return st.round - 1 if st.phase is Phase.ORDERS and st.pending else st.round


class MatchManager:
    """All live matches of the bot, by id and by channel, backed by a :class:`Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._matches: dict[str, LiveMatch] = {}
        self._by_channel: dict[int, str] = {}
        self._create_lock = asyncio.Lock()
        self.timer: ApplyTimer | None = None
        #: Interactions applied by this process lately, and the newest one stored before it started:
        #: a newer id not in ``_recent`` cannot have been processed, so the database is not asked.
        self._recent: set[int] = set()
        self._floor = 0
        self._horizon_ms = 0
        #: Whether applies capture a public view for a map (off when the bot draws no maps).
        self.maps = True

    # --- look-ups -----------------------------------------------------------------------------

    def get(self, match_id: str) -> LiveMatch | None:
        """The live match with this id."""
        return self._matches.get(match_id)

    def in_channel(self, channel_id: int | None) -> LiveMatch | None:
        """The match of a channel (a finished one stays until the channel starts another)."""
        mid = self._by_channel.get(channel_id) if channel_id is not None else None
        return self._matches.get(mid) if mid else None

    def require(self, channel_id: int | None) -> LiveMatch:
        """:raises NoMatch: when the channel has no match."""
        live = self.in_channel(channel_id)
        if live is None:
            raise NoMatch("There is no match in this channel. Start one with `/match new`.")
        return live

    def __len__(self) -> int:
        return len(self._matches)

    # --- lifecycle ----------------------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every active match from storage by replaying its log; return how many."""
        count = 0
        self._floor = await self.storage.last_interaction_id()
        for stored in await self.storage.list_active():
            try:
                session = GameSession.from_record(stored.record())
            except Exception:
                log.exception("cannot replay match %s; leaving it stored but not live", stored.meta.match_id)
                continue
            self._add(LiveMatch(stored.meta, session, drafts=dict(stored.drafts), controls_round=_sent_round(session)))
            count += 1
        return count

    def _add(self, live: LiveMatch) -> None:
        old = self.in_channel(live.channel_id)
        if old is not None:
            self._matches.pop(old.match_id, None)
        self._matches[live.match_id] = live
        self._by_channel[live.channel_id] = live.match_id

    async def create(self, *, guild_id: int | None, channel_id: int, creator_id: int, scenario_id: str,
                     map_id: str | None = None, fmt: dict[str, Any] | None = None, seed: int | None = None) -> LiveMatch:
        """Start a match in a channel.

        :raises UserError: when the channel already has a match under way, or the scenario or
            map is unknown.
        """
        async with self._create_lock:
            current = self.in_channel(channel_id)
            if current is not None and not current.over:
                raise UserError("This channel already has a match. Finish it, or `/match end` it first.")
            match_id = secrets.token_hex(4)
            try:
                session = GameSession.create(match_id, map_id=map_id, scenario_id=scenario_id, fmt=fmt, seed=seed)
            except (KeyError, ValueError) as exc:
                raise UserError(str(exc.args[0]) if exc.args else str(exc)) from None
            meta = MatchMeta(match_id=match_id, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
                             map_id=session.map_id, scenario_id=session.scenario_id, seed=session.seed,
                             format=dict(session.format_overrides))
            if current is not None and current.meta.status == ACTIVE:
                await self.storage.set_status(current.match_id, OVER)
            try:
                await self.storage.create_match(meta)
            except MatchExists:
                raise UserError("This channel already has a match. Finish it, or `/match end` it first.") from None
            live = LiveMatch(meta, session)
            self._add(live)
            return live

    async def end(self, live: LiveMatch) -> None:
        """Stop a match for good (``/match end``): stored as ended, forgotten in memory."""
        async with live.lock:
            await self.storage.set_status(live.match_id, ENDED)
            self._matches.pop(live.match_id, None)
            if self._by_channel.get(live.channel_id) == live.match_id:
                del self._by_channel[live.channel_id]

    # --- changes ------------------------------------------------------------------------------

    async def apply(self, live: LiveMatch, player: str, text: str, *, interaction_id: int | None = None,
                    expected_version: int | None = None, want_view: bool = False) -> Applied:
        """Apply one command for ``player``, durably and once.

        :raises AlreadyDone: the interaction was already processed.
        :raises Stale: ``expected_version`` is not the current version.
        :raises bot.rules.errors.RulesError: the rules refuse the command (nothing changed).
        """
        start = time.perf_counter()
        async with live.lock:
            if interaction_id is not None and await self._processed(interaction_id):
                raise AlreadyDone("That was already done.")
            if expected_version is not None and expected_version != live.version:
                raise Stale("The match changed since this button was made (it was already used, or someone acted), "
                            "so it no longer applies.")
            seq = len(live.session.match.log)
            rules_start = time.perf_counter()
            outcome = live.session.apply(player, text)
            rules = time.perf_counter() - rules_start
            logged_player, logged_text = live.session.match.log[-1]
            try:
                await self.storage.append(live.match_id, seq, logged_player, logged_text, interaction_id)
            except Exception:
                await self._reload(live)
                raise
            if interaction_id is not None:
                self._remember(interaction_id)
            st = live.state
            if st.phase is Phase.OVER:
                await self.storage.set_status(live.match_id, OVER)
            map_due = outcome.turn_ended or outcome.game_over or want_view
            view = public_view(st) if map_due and self.maps else None
            applied = Applied(outcome=outcome, player=player, text=logged_text, version=st.version, round=st.round,
                              phase=st.phase, pending=st.pending[0] if st.pending else None, view=view)
        if self.timer is not None:
            self.timer(logged_text.split(" ", 1)[0], time.perf_counter() - start, rules)
        return applied

    async def _processed(self, interaction_id: int) -> bool:
        """Whether an interaction was already applied (memory first, the database when unsure)."""
        if interaction_id in self._recent:
            return True
        if interaction_id > self._floor and _snowflake_ms(interaction_id) >= self._horizon_ms:
            return False
        return await self.storage.is_processed(interaction_id)

    def _remember(self, interaction_id: int) -> None:
        self._recent.add(interaction_id)
        if len(self._recent) > RECENT_LIMIT:
            # Discord answers an interaction for 15 minutes at most; older ones are checked on disk.
            self._horizon_ms = int(time.time() * 1000) - RECENT_MS
            self._recent = {i for i in self._recent if _snowflake_ms(i) >= self._horizon_ms}

    async def _reload(self, live: LiveMatch) -> None:
        """Rebuild a session from storage after a failed write (memory never runs ahead of disk)."""
        stored = await self.storage.load_match(live.match_id)
        if stored is not None:
            live.session = GameSession.from_record(stored.record())

    async def save_draft(self, live: LiveMatch, player: str, markers: dict[str, str]) -> None:
        """Remember a player's Order Marker picks (durably, so a restart keeps them)."""
        live.drafts[player] = dict(markers)
        await self.storage.save_draft(live.match_id, player, markers)
