"""The one command layer that the console and Discord adapters share.

A :class:`GameSession` is a match with its content (map, scenario, cards) looked up by id, and
the record that stores it: map id, scenario id, format overrides, the secret seed and the command
log (and, for a match with fresh dice, the salts of its dice-rolling commands: see
:mod:`bot.rules.match`). ``apply`` runs a player's command and returns an :class:`Outcome`: the events, the public
lines to post, the private lines for each player, and whether a Player Turn (or more) ended so
that a new map image is due. The record replays to exactly the same state.

A session can also be rebuilt from a snapshot (:meth:`GameSession.snapshot`, stored with the
log position it was taken at and :func:`snapshot_version`) plus the commands logged after it,
which is much faster than replaying a long log; a snapshot that does not fit is skipped and the
log is replayed from the start, so the log always decides.

A session speaks to one adapter: it is given that adapter's :class:`~bot.game.howto.HowTo` table
(the console's unless told), so that its narration and its refusals say how to do things in the
adapter's own terms (``draft CARD`` in the terminal, ``/army draft`` on Discord).
"""

from __future__ import annotations

import hashlib
import logging
import sys
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.content import scenario_menu
from bot.content.cards import CardLibrary
from bot.content.maps import MapLibrary
from bot.content.scenarios import ScenarioLibrary
from bot.content.standins import with_stand_ins
from bot.game import mapsource
from bot.game.howto import CONSOLE, HowTo
from bot.game.narrate import Narrator
from bot.game.seam import GameMatchAnswers
from bot.games.ruleset import Outcome as Outcome  # re-exported: its old home
from bot.rules.battlefield import Battlefield
from bot.rules.cards import ArmyCard
from bot.rules.errors import RulesError
from bot.rules.match import SNAPSHOT_FORMAT, Match, SnapshotMismatch, fresh_salt
from bot.rules.scenario import Format, Scenario
from bot.rules.state import MatchState

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def cards() -> CardLibrary:
    """The shipped card library (loaded once)."""
    return CardLibrary.default()


@lru_cache(maxsize=1)
def maps() -> MapLibrary:
    """The shipped map library (loaded once)."""
    return MapLibrary.default()


def battlefield_for(map_id: str) -> Battlefield:
    """The battlefield a match map id names: a map added at run time or a map file
    (:func:`bot.game.mapsource.lookup`), else a map of the library.

    :raises bot.content.maps.UnknownMapError: no map has that id (suggestions in the message).
    :raises bot.content.maps.MapFileError: the map file named cannot be read.
    """
    return mapsource.lookup(map_id) or maps().get(map_id)


@lru_cache(maxsize=1)
def scenarios() -> ScenarioLibrary:
    """The shipped scenario library (loaded once)."""
    return ScenarioLibrary.default()


def content_problems() -> list[str]:
    """Messages for content files that were skipped because they are invalid (cards, maps, scenarios)."""
    return [*cards().errors, *maps().errors, *scenarios().errors]


@lru_cache(maxsize=1)
def snapshot_version() -> str:
    """The code version a snapshot is good for: a hash of the rules core's source files, the
    snapshot format and the Python version. Any change to the rules code makes older snapshots
    unusable (they are skipped and the log is replayed), since a pickled state may no longer fit
    the classes that read it."""
    import bot.rules

    h = hashlib.sha256(f"format {SNAPSHOT_FORMAT}; python {sys.version_info[0]}.{sys.version_info[1]}".encode())
    root = Path(bot.rules.__file__).parent
    for path in sorted(root.rglob("*.py")):
        h.update(b"\0" + path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


#: Each server's card library: the shipped cards plus the card files the server uploaded
#: (``/cards upload``), never shared with another server. Filled by :func:`set_server_cards`.
_SERVER_LIBS: dict[int, CardLibrary] = {}


def server_library(files: Iterable[tuple[str, str]]) -> CardLibrary:
    """The shipped cards plus the card files ``(name, JSON text)``, in order: a server file adds
    cards, or completes an incomplete shipped card by taking its id (DEC-07).

    :raises CardFileError: a file is bad or clashes (its name and the card and field named).
    """
    lib = CardLibrary.default()
    for name, text in files:
        lib.add_text(text, name, complete=True)
    return lib


def set_server_cards(guild_id: int, files: Iterable[tuple[str, str]]) -> CardLibrary:
    """Use the shipped cards plus ``files`` for the matches of server ``guild_id`` from now on (no
    files: the shipped cards alone). Returns that library.

    :raises CardFileError: as :func:`server_library` (the server keeps its previous library).
    """
    listed = list(files)
    if not listed:
        _SERVER_LIBS.pop(guild_id, None)
        return cards()
    lib = server_library(listed)
    _SERVER_LIBS[guild_id] = lib
    return lib


def library_for(guild_id: int | None) -> CardLibrary:
    """The card library of server ``guild_id`` (the shipped one for a server without card files,
    for ``None`` and for the console)."""
    return _SERVER_LIBS.get(guild_id, cards()) if guild_id is not None else cards()


def _card_lookup(name: str) -> ArmyCard:
    # A stand-in name (``Duke (played by Syvarris)``) builds the stand-in card (DEC-07).
    return with_stand_ins(cards().get)(name)


def _card_pool() -> list[ArmyCard]:
    return list(cards())


def record_salts(record: dict[str, Any]) -> dict[int, int]:
    """The salts of a record (``"salts": [[log position, salt], ...]``, see :meth:`GameSession.to_record`)
    as ``{log position: salt}``; empty when it has none.

    :raises ValueError: when the field is not a list of pairs of whole numbers (a position from 0).
    """
    raw = record.get("salts", [])
    pairs = raw if isinstance(raw, list) else None
    if pairs is None or not all(isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p) and p[0] >= 0
                                for p in pairs):
        raise ValueError("the field 'salts' must be a list of [log position, salt] pairs of whole numbers")
    return {int(i): int(v) for i, v in pairs}


class GameSession(GameMatchAnswers):
    """One match and its record. Build with :meth:`create` or :meth:`from_record`.

    ``howto`` tells how the players of this session's adapter do each action (see
    :mod:`bot.game.howto`); it is not part of the record.
    """

    def __init__(self, match_id: str, map_id: str, scenario_id: str, seed: int,
                 fmt: dict[str, Any] | None = None, howto: HowTo = CONSOLE, *, fresh_dice: bool = False,
                 salts: dict[int, int] | None = None, library: CardLibrary | None = None) -> None:
        self.match_id = match_id
        #: The cards this match may field (a server's library, :func:`library_for`).
        self.library = library if library is not None else cards()
        self.howto = howto
        self.map_id = map_id
        self.scenario_id = scenario_id
        self.format_overrides = dict(fmt or {})
        self.seed = seed
        battlefield = battlefield_for(map_id)
        base = scenarios().get(scenario_id)
        self.scenario = self._with_format(base, self.format_overrides)
        self.match = Match(battlefield, self.scenario, seed, self._lookup(), pool=self._pool(),
                           salts=dict(salts or {}))
        #: Each dice-rolling command rolls from a fresh salt (the console without ``--seed``), so that
        #: a save file, which holds the seed, does not tell the dice to come.
        self.fresh_dice = fresh_dice
        if fresh_dice:
            self.match.salt_source = fresh_salt
        self.narrator = Narrator(self)
        #: The log position this session was rebuilt from by :meth:`from_record` (0: from the start).
        self.restored_from = 0
        #: Logged commands a tolerant replay kept but the rules refused: (log position, text, reason).
        self.skipped: list[tuple[int, str, str]] = []

    def _lookup(self) -> Callable[[str], ArmyCard]:
        return _card_lookup if self.library is cards() else self.library.get

    def _pool(self) -> Callable[[], list[ArmyCard]]:
        lib = self.library
        return _card_pool if lib is cards() else (lambda: list(lib))

    @staticmethod
    def _with_format(base: Scenario, overrides: dict[str, Any]) -> Scenario:
        if not overrides:
            return base
        fmt = Format(**{**base.format.model_dump(), **overrides})
        return base.model_copy(update={"format": fmt})

    @classmethod
    def create(cls, match_id: str, *, map_id: str | None = None, scenario_id: str = "last-army-standing",
               fmt: dict[str, Any] | None = None, seed: int | None = None, howto: HowTo = CONSOLE,
               fresh_dice: bool = False, library: CardLibrary | None = None) -> GameSession:
        """A new match. The map defaults to the scenario's; ``howto`` is the adapter's table;
        ``fresh_dice``: every dice-rolling command rolls from a fresh recorded salt (see
        :mod:`bot.rules.match`), not from the seed alone.

        :raises KeyError: (UnknownMapError / UnknownScenarioError) with suggestions for unknown ids.
        """
        scen = scenarios().get(scenario_id)
        refused = scenario_menu.refusal(scen)
        if refused is not None:  # a Rookie level: listed, never played (DEC-06)
            raise ValueError(refused)
        chosen_map = map_id or scen.map or "practice-field"
        bf = battlefield_for(chosen_map)  # fails early, with suggestions, on an unknown map
        zones = set(bf.start_zones)
        needed = {side.zone for side in scen.sides}
        if needed - zones:
            raise ValueError(f"{bf.name} has no start zone {', '.join(sorted(needed - zones))}, "
                             f"which {scen.name} needs; pick another map")
        if len(zones) < scen.min_players:
            raise ValueError(f"{bf.name} has {len(zones)} start zone(s) but {scen.name} needs "
                             f"{scen.min_players}; pick another map")
        return cls(match_id, chosen_map, scen.id,
                   Match.new_seed() if seed is None else seed, fmt, howto, fresh_dice=fresh_dice, library=library)

    # --- record ---------------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """Everything needed to rebuild this match (the seed is secret: store it privately).

        A match with fresh dice adds ``"fresh_dice": true`` and ``"salts"``: ``[[log position, salt],
        ...]`` for its logged commands that rolled dice; other records are as they always were.
        """
        record: dict[str, Any] = {
            "match_id": self.match_id, "map_id": self.map_id, "scenario_id": self.scenario_id,
            "format": self.format_overrides, "seed": self.seed, "log": [list(x) for x in self.match.log],
        }
        if self.fresh_dice:
            record["fresh_dice"] = True
        salts = sorted([i, s] for i, s in self.match.salts.items() if i < len(self.match.log))
        if salts:
            record["salts"] = salts
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any], snapshots: Iterable[tuple[int, bytes]] = (),
                    howto: HowTo = CONSOLE, *, tolerant: bool = False,
                    library: CardLibrary | None = None) -> GameSession:
        """Rebuild a session: from the first usable snapshot plus the commands logged after it, or
        by replaying the whole log. ``howto`` is the adapter's table.

        ``snapshots`` are ``(log position, bytes of snapshot())`` pairs, newest first, already
        matched to :func:`snapshot_version`. A snapshot that is unreadable, belongs to other
        content, or is past the end of the log is skipped (logged); so is one whose catch-up
        replay fails. ``restored_from`` tells which log position the session was rebuilt from
        (0: a full replay).

        ``tolerant`` (for a bot restarted on newer rules): a logged command the rules now refuse is
        kept in the log at its place, changing nothing (a refused command rolls no dice either), and
        listed in ``skipped`` as ``(log position, text, reason)``; the rest of the log replays.

        :raises bot.rules.errors.RulesError: when the log itself does not replay (never when tolerant).
        """
        entries = [(str(p), str(t)) for p, t in record.get("log", [])]
        salts = record_salts(record)
        s = cls(record["match_id"], record["map_id"], record["scenario_id"], int(record["seed"]), record.get("format"),
                howto, fresh_dice=bool(record.get("fresh_dice", False)), salts=salts, library=library)
        fresh = s.match
        for seq, blob in snapshots:
            if not 0 < seq <= len(entries):
                log.warning("match %s: snapshot at %d is past the log's end (%d); skipped", s.match_id, seq, len(entries))
                continue
            try:
                s.match = Match.from_snapshot(fresh.battlefield, s.scenario, s.seed, blob, entries[:seq], s._lookup(),
                                              pool=s._pool(), salts=salts)
                s.match.salt_source = fresh.salt_source
                for player, text in entries[seq:]:
                    s.match.apply(player, text)
            except Exception as exc:  # SnapshotMismatch, or a tail the snapshot's state refuses
                reason = str(exc) if isinstance(exc, SnapshotMismatch) else f"the log after it does not replay ({exc})"
                log.warning("match %s: snapshot at %d not used: %s", s.match_id, seq, reason)
                s.match = fresh
                continue
            s.restored_from = seq
            return s
        for player, text in entries:
            try:
                s.match.apply(player, text)
            except RulesError as exc:
                if not tolerant:
                    raise
                # Kept, not dropped: log positions must stay those of the stored log.
                s.skipped.append((len(s.match.log), text, str(exc)))
                s.match.log.append((player, text))
        return s

    def snapshot(self) -> bytes | None:
        """The position as bytes for :meth:`from_record` (see :meth:`bot.rules.match.Match.snapshot`),
        or ``None`` while a decision is pending or a timing window is open."""
        return self.match.snapshot() if self.match.quiet else None

    # --- play -----------------------------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        """The current match state."""
        return self.match.state

    def apply(self, player: str, text: str) -> Outcome:
        """Run a command for ``player``.

        :raises bot.rules.errors.RulesError: when it is refused (nothing changes); its ``how`` is
            set to this adapter's way of doing what would help, so ``str()`` of it says it; its
            ``names`` to the figure ids, so a message starting with one keeps its case.
        """
        try:
            events = self.match.apply(player, text)
        except RulesError as exc:
            exc.how = self.howto.hint(exc.actions)
            exc.names = frozenset(self.state.figures)  # "syvarris has ...", never "Syvarris has ..."
            raise
        out = Outcome(events=events)
        for ev in events:
            if ev.kind in ("turn_ended", "victory"):
                out.turn_ended = True
            if ev.kind == "victory":
                out.game_over = True
        for ev, line in self.narrator.lines(events):
            if ev.to is None:
                out.public.append(line)
            else:
                out.private.setdefault(ev.to, []).append(line)
        return out

    def name(self, player: str) -> str:
        """A player's display name."""
        try:
            return self.state.player(player).name
        except KeyError:
            return player
