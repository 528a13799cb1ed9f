"""A match as its seed plus its command log: applying, replaying, undoing, snapshots.

``Match`` is the checked way adapters drive the engine. Every accepted command is appended to
the log as ``(player, text)``; replaying the log on the same battlefield, scenario, card library
and seed rebuilds the state exactly, dice included, because rejected commands roll nothing and
leave the dice where they were.

Fresh dice (:attr:`Match.salt_source`, off by default): where a player can read the seed (a save
file on their own disk), seed-determined dice could be seen in advance by saving, trying a command
and loading again. With a salt source, every accepted command that rolls dice draws a fresh salt
and rolls from ``(seed, salt)``; the salt is recorded with the log (:attr:`Match.salts`, by log
position), so a replay rolls the same dice (chance recorded in the history; replay never rolls
anew), while the dice to come depend on a salt nobody has drawn yet. Without a salt source nothing
changes: the dice run on from the seed, command after command.

A snapshot (:meth:`Match.snapshot`) is a private cache of the position at a quiet moment (no
decision pending, no timing window under way): the whole engine, the dice generator's state and
the public events of the Player Turn under way, pickled. The battlefield, the scenario, the card
look-up and the dice object are not copied: they are written as references and supplied again by
:meth:`Match.from_snapshot`, which checks a fingerprint of each (and of every Army Card in play),
the log prefix the snapshot was taken after, and the seed. Anything that does not match raises
:class:`SnapshotMismatch`, and the caller replays the log instead: the log stays the truth.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import pickle
import random
import secrets
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.rules.battlefield import Battlefield
from bot.rules.cards import ArmyCard
from bot.rules.commands import Command
from bot.rules.dice import SeededDice
from bot.rules.engine import CardLookup, CardPool, Engine
from bot.rules.events import Event
from bot.rules.journal import CHECKPOINT_EVERY, Checkpoint
from bot.rules.scenario import Scenario
from bot.rules.state import MatchState, Phase
from bot.rules.views import state_json, to_data

#: Bumped whenever the layout of a snapshot changes; older snapshots are then refused.
SNAPSHOT_FORMAT = 2  # 2: timing windows moved from the engine into MatchState.windows
#: At most this many public events are kept for a Player Turn (a runaway turn stays bounded).
TURN_EVENTS_LIMIT = 200

#: Classes a snapshot may name outside ``bot.*``: plain containers and the dice generator.
_ALLOWED_GLOBALS = {
    "builtins": {"set", "frozenset", "dict", "list", "tuple", "bytes", "bytearray", "complex", "slice", "object"},
    "copyreg": {"_reconstructor", "__newobj__", "__newobj_ex__"},
    "collections": {"deque", "OrderedDict", "defaultdict", "Counter"},
    "random": {"Random"},
}


class SnapshotMismatch(Exception):
    """A snapshot that cannot be used for this match (another format, content, seed or log, or an
    unreadable blob); the message says which. Replay the log instead."""


class _ReplayableDice(SeededDice):
    """Seeded dice whose position can be saved and restored around a refused command, which count
    their rolls and can be re-seeded from the seed and a salt (fresh dice)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        #: Rolls made so far (combat dice and d20 rolls, each call counted once).
        self.rolls = 0

    def combat(self, n: int) -> list[str]:
        """Roll ``n`` combat dice (DEC-01), counted."""
        self.rolls += 1
        return super().combat(n)

    def d20(self) -> int:
        """Roll the d20, counted."""
        self.rolls += 1
        return super().d20()

    def pick(self, n: int) -> int:
        """Pick at random among ``n`` candidates, counted."""
        self.rolls += 1
        return super().pick(n)

    def salt(self, seed: int, salt: int) -> None:
        """Roll from now on from ``(seed, salt)``: a generator seeded with a SHA-256 of both."""
        self._rng.seed(int.from_bytes(hashlib.sha256(f"{seed}:{salt}".encode()).digest(), "big"))

    def snapshot(self) -> object:
        """The generator's current state, opaque, for :meth:`restore`."""
        return self._rng.getstate()

    def restore(self, snap: object) -> None:
        """Put the generator back to a state taken by :meth:`snapshot`."""
        self._rng.setstate(snap)  # type: ignore[arg-type]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def log_digest(log: Sequence[tuple[str, str]], salts: Mapping[int, int] | None = None) -> str:
    """A fingerprint (hex SHA-256) of a command log, to tie a snapshot to the log it was taken after;
    with the salts of its commands (fresh dice), when there are any, as they decide its dice."""
    text = json.dumps([list(entry) for entry in log], separators=(",", ":"))
    used = sorted((i, s) for i, s in (salts or {}).items() if i < len(log))
    if used:
        text += "\nsalts:" + json.dumps(used, separators=(",", ":"))
    return _digest(text)


def fresh_salt() -> int:
    """A fresh secret 64-bit salt (``secrets``), for :attr:`Match.salt_source`."""
    return secrets.randbits(64)


class _Fingerprints:
    """Fingerprints of immutable content (battlefields, scenarios, Army Cards), computed once per object.

    Keyed by identity with the object kept alive, so an id is never reused while cached; bounded
    (cleared when full) because tests build many throw-away battlefields.
    """

    LIMIT = 4096

    def __init__(self) -> None:
        self._known: dict[int, tuple[object, str]] = {}

    def of(self, obj: Battlefield | Scenario | ArmyCard) -> str:
        """The hex SHA-256 fingerprint of ``obj`` (type name plus its content), cached per object."""
        hit = self._known.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        if isinstance(obj, Battlefield):
            text = repr((obj.name, sorted(obj.columns.items()), obj.obstacles,
                         sorted((k, sorted(v)) for k, v in obj.start_zones.items()), obj.glyphs, obj.description))
            # Pieces added later (ladders, objects, holed tiles) count only when there are some, so
            # that the fingerprints of battlefields without them stay as they were.
            extra = (obj.ladders, sorted(obj.destructibles.items()), sorted(obj.holed), [o.id for o in obj.obstacles if o.id])
            if any(extra):
                text += repr(extra)
        else:
            text = obj.model_dump_json()
        if len(self._known) >= self.LIMIT:
            self._known.clear()
        fp = _digest(type(obj).__name__ + "\n" + text)
        self._known[id(obj)] = (obj, fp)
        return fp


_FINGERPRINTS = _Fingerprints()


class _Pickler(pickle.Pickler):
    """Writes the match's battlefield, scenario, dice, card look-up and library Army Cards as references."""

    def __init__(self, file: io.BytesIO, match: Match) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.refs: dict[int, tuple[str, ...]] = {
            id(match.battlefield): ("battlefield",),
            id(match.scenario): ("scenario",),
            id(match.dice): ("dice",),
        }
        if match.cards is not None:
            self.refs[id(match.cards)] = ("cards",)
        if match.pool is not None:
            self.refs[id(match.pool)] = ("pool",)
        self.lookup = match.cards
        #: Army Cards not shared with the library (built by a test, say): pickled whole.
        self.inline: set[int] = set()

    def persistent_id(self, obj: Any) -> Any:
        """The reference tuple for the match's own battlefield, scenario, dice, card look-up, pool, or a
        library Army Card (``("card", id, fingerprint)``); ``None`` to pickle ``obj`` by value."""
        ref = self.refs.get(id(obj))
        if ref is not None:
            return ref
        if isinstance(obj, ArmyCard) and id(obj) not in self.inline:
            try:
                same = self.lookup is not None and bool(obj.id) and self.lookup(obj.id) is obj
            except Exception:  # not in the library
                same = False
            if same:
                ref = self.refs[id(obj)] = ("card", obj.id, _FINGERPRINTS.of(obj))
                return ref
            self.inline.add(id(obj))
        return None


class _Unpickler(pickle.Unpickler):
    """Resolves the references written by :class:`_Pickler` against a fresh match, checking each
    Army Card against the library, and refuses classes from outside the rules core."""

    def __init__(self, file: io.BytesIO, match: Match) -> None:
        super().__init__(file)
        self.match = match

    def persistent_load(self, pid: Any) -> Any:
        """The live object a reference from :meth:`_Pickler.persistent_id` stands for. Raises
        :class:`SnapshotMismatch` if the match lacks it or a referenced Army Card's fingerprint changed."""
        m = self.match
        kind = pid[0] if isinstance(pid, tuple) and pid else None
        if kind == "battlefield":
            return m.battlefield
        if kind == "scenario":
            return m.scenario
        if kind == "dice":
            return m.dice
        if kind == "cards" and m.cards is not None:
            return m.cards
        if kind == "pool" and m.pool is not None:
            return m.pool
        if kind == "card" and m.cards is not None and len(pid) == 3:
            card = m.cards(pid[1])
            if _FINGERPRINTS.of(card) != pid[2]:
                raise SnapshotMismatch(f"Army Card {pid[1]} changed since the snapshot")
            return card
        raise SnapshotMismatch(f"the snapshot refers to {pid!r}, which this match does not have")

    def find_class(self, module: str, name: str) -> Any:
        """Load classes from ``bot.rules.*`` and the allowed built-ins only; anything else raises
        :class:`SnapshotMismatch`."""
        if module.startswith("bot.rules.") or name in _ALLOWED_GLOBALS.get(module, ()):
            return super().find_class(module, name)
        raise SnapshotMismatch(f"the snapshot names {module}.{name}, which a snapshot never holds")


@dataclass
class Match:
    """A match: battlefield, scenario, hidden dice ``seed`` and the log of accepted commands.

    ``turn_events`` holds the public events of the Player Turn under way, from its
    ``turn_started`` event on (before the first Player Turn: the latest
    :data:`TURN_EVENTS_LIMIT` public events), so that a whole turn can be drawn at its end.
    """

    battlefield: Battlefield
    scenario: Scenario
    seed: int
    cards: CardLookup | None = None
    log: list[tuple[str, str]] = field(default_factory=list)
    #: Every card a draft may offer (DEC-13); see :class:`~bot.rules.engine.Engine`.
    pool: CardPool | None = None
    #: Log position -> the salt its command's dice were rolled from (fresh dice; only commands that
    #: rolled). Entries at positions not yet logged are those of a log being replayed: the command
    #: applied at that position rolls from that salt.
    salts: dict[int, int] = field(default_factory=dict)
    #: Where fresh salts come from (:func:`fresh_salt`); ``None`` (the default): the dice run on from
    #: the seed alone, as they always did.
    salt_source: Callable[[], int] | None = None

    def __post_init__(self) -> None:
        self.dice = _ReplayableDice(self.seed)
        self.engine = Engine(MatchState(battlefield=self.battlefield, scenario=self.scenario), self.dice, self.cards,
                             self.pool)
        self.state.phase = Phase.SETUP
        self.turn_events: list[Event] = []
        #: Where a refused command is undone from (bot.rules.journal).
        self._checkpoint: Checkpoint | None = None

    @property
    def state(self) -> MatchState:
        """The current state (read it; only commands change it)."""
        return self.engine.state

    @property
    def quiet(self) -> bool:
        """True when no decision is pending and no timing window is under way: a snapshot may be taken."""
        return not self.state.pending and not self.engine.open_windows

    @staticmethod
    def new_seed() -> int:
        """A fresh secret dice seed."""
        return random.SystemRandom().randrange(1 << 62)

    def apply(self, player: str, text: str | Command) -> list[Event]:
        """Apply a command and log it; return its events.

        Its dice come from the salt :attr:`salts` holds for its log position (a replay), else from a
        fresh salt when there is a :attr:`salt_source` (kept only if the command rolled), else from
        the seed's generator where the previous command left it.

        :raises RulesError: when the command is refused; nothing changes, dice included.
        """
        cmd = Command.parse(text) if isinstance(text, str) else text
        snap = self.dice.snapshot()
        at = len(self.log)
        salt = self.salts.get(at)
        if salt is None and self.salt_source is not None:
            salt = self.salt_source()
        rolls = 0
        if salt is not None:
            self.dice.salt(self.seed, salt)
            rolls = self.dice.rolls
        checkpoint = self._checkpoint_for(at)
        kept = len(self.engine.rolls) if self.engine.rolls is not None else 0
        try:
            # No copy of the state per command: a refusal is undone from the checkpoint and the log
            # (bot.rules.journal); without a checkpoint the engine copies and restores as before.
            events = self.engine.execute(player, cmd, rollback=checkpoint is None)
        except Exception:
            if checkpoint is not None:
                self._rebuild(checkpoint, at, kept)
            # The dice must follow the state back, or replay drifts. A salt drawn for this try is
            # dropped with it: the next try draws another.
            self.dice.restore(snap)
            raise
        if salt is not None:
            if self.dice.rolls == rolls:
                # Nothing rolled: no salt to record, and the dice stay as they were (as a replay,
                # which draws no salt for this command, leaves them).
                self.dice.restore(snap)
                self.salts.pop(at, None)
            else:
                self.salts[at] = salt
        self.log.append((player, cmd.text()))
        self.turn_events = self.turn_so_far(events)
        return events

    def changed_outside(self) -> None:
        """Say that the state was changed other than by a command (a tool or a test setting a
        field): a refused command is undone from a checkpoint taken after that change, never from
        an older one and the log (which would lose it)."""
        self._checkpoint = None

    def _checkpoint_for(self, at: int) -> Checkpoint | None:
        """The checkpoint a refusal of command ``at`` is undone from: the current one, or a new one
        taken now every :data:`CHECKPOINT_EVERY` commands (the engine's roll journal starts anew
        with it); ``None`` when the state cannot be pickled (the engine then copies it, as it
        always did)."""
        cp = self._checkpoint
        if cp is not None and 0 <= at - cp.at < CHECKPOINT_EVERY and self.engine.rolls is not None:
            return cp
        try:
            cp = Checkpoint.take(at, self.state)
        except (pickle.PicklingError, TypeError, AttributeError):
            cp = None
        self._checkpoint = cp
        self.engine.rolls = [] if cp is not None else None
        return cp

    def _rebuild(self, cp: Checkpoint, upto: int, kept: int) -> None:
        """Put the state back to where it was after ``upto`` logged commands: the checkpoint's
        state with the logged commands since replayed, each roll given the outcome it had (the
        first ``kept`` noted; the refused command's own rolls are forgotten)."""
        eng = self.engine
        assert eng.rolls is not None
        del eng.rolls[kept:]
        eng.replaying = deque(eng.rolls)

        def replay(state: MatchState, position: int) -> MatchState:
            eng.state = state
            player, text = self.log[position]
            eng.execute(player, Command.parse(text), rollback=False)
            return eng.state

        try:
            eng.state = cp.rebuild(replay, upto)
        finally:
            eng.replaying = None

    def turn_so_far(self, events: Iterable[Event]) -> list[Event]:
        """The public events of the Player Turn under way once ``events`` (one command's) are added:
        from the newest ``turn_started`` on, else the latest :data:`TURN_EVENTS_LIMIT`."""
        shown = self.turn_events + [e for e in events if e.to is None]
        starts = [i for i, e in enumerate(shown) if e.kind == "turn_started"]
        return shown[starts[-1]:] if starts else shown[-TURN_EVENTS_LIMIT:]

    @classmethod
    def replay(cls, battlefield: Battlefield, scenario: Scenario, seed: int, log: Iterable[tuple[str, str]],
               cards: CardLookup | None = None, pool: CardPool | None = None,
               salts: Mapping[int, int] | None = None) -> Match:
        """Rebuild a match from its seed, log and (fresh dice) the salts of its logged commands.

        :raises RulesError: when a logged command is refused (the log does not belong to this setup).
        """
        m = cls(battlefield, scenario, seed, cards, pool=pool, salts=dict(salts or {}))
        for player, text in log:
            m.apply(player, text)
        return m

    def state_json(self) -> str:
        """The stable text of the whole position: the state and the timing windows waiting on a decision.

        A match replayed from its seed and log gives the same text, byte for byte.
        """
        windows = json.dumps(to_data(list(self.engine.open_windows)), sort_keys=True, separators=(",", ":"))
        return state_json(self.state) + "\n" + windows

    def undo(self) -> Match:
        """A new match with the last command taken back (replays all but the last), drawing its salts
        from the same source."""
        kept = {i: s for i, s in self.salts.items() if i < len(self.log) - 1}
        m = Match.replay(self.battlefield, self.scenario, self.seed, self.log[:-1], self.cards, self.pool, kept)
        m.salt_source = self.salt_source
        return m

    # --- snapshots ------------------------------------------------------------------------------

    def _header(self, log: Sequence[tuple[str, str]], body: bytes) -> dict[str, Any]:
        return {"format": SNAPSHOT_FORMAT, "log_length": len(log), "log": log_digest(log, self.salts),
                "body": _digest_bytes(body),
                "seed": _digest(f"seed:{self.seed}"), "battlefield": _FINGERPRINTS.of(self.battlefield),
                "scenario": _FINGERPRINTS.of(self.scenario)}

    def snapshot(self) -> bytes:
        """The position as bytes for :meth:`from_snapshot`: engine (its state, which holds the timing
        windows and decisions too, and any other engine field), dice generator state and :attr:`turn_events`, tied to the log so far.

        Only for a private cache: the bytes are a pickle, read back only by :meth:`from_snapshot`,
        which checks them. The secret seed is not in them (only a fingerprint of it).

        :raises ValueError: when the match is not :attr:`quiet` (a decision or timing window is open).
        """
        if not self.quiet:
            raise ValueError("a snapshot is taken only when no decision is pending and no timing window is open")
        buf = io.BytesIO()
        _Pickler(buf, self).dump((self.engine, self.turn_events))
        body = buf.getvalue()
        return pickle.dumps((self._header(self.log, body), body, self.dice.snapshot()), protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def from_snapshot(cls, battlefield: Battlefield, scenario: Scenario, seed: int, blob: bytes,
                      log: Sequence[tuple[str, str]], cards: CardLookup | None = None,
                      pool: CardPool | None = None, salts: Mapping[int, int] | None = None) -> Match:
        """The match :meth:`snapshot` saved, given the same setup and the log it was taken after.

        Replay the commands logged after ``log`` to catch up. ``log`` becomes the match's log;
        ``salts`` (fresh dice) those of the whole log, the ones after ``log`` included for the
        catch-up.

        :raises SnapshotMismatch: the bytes are unreadable, damaged (checksum) or of another format, or the
            battlefield, scenario, an Army Card in play, the seed or the log differ from the
            snapshot's.
        """
        m = cls(battlefield, scenario, seed, cards, log=[(str(p), str(t)) for p, t in log], pool=pool,
                salts=dict(salts or {}))
        try:
            header, body, dice_state = _load_outer(blob)
            expected = m._header(m.log, body)
            wrong = [k for k in ("format", "body", "log_length", "log", "seed", "battlefield", "scenario")
                     if header.get(k) != expected[k]]
            if wrong:
                raise SnapshotMismatch(f"the snapshot's {', '.join(wrong)} differ from this match's")
            engine, turn_events = _Unpickler(io.BytesIO(body), m).load()
            if not isinstance(engine, Engine) or not isinstance(turn_events, list):
                raise SnapshotMismatch("the snapshot does not hold an engine")
            m.dice.restore(dice_state)
        except SnapshotMismatch:
            raise
        except Exception as exc:  # truncated, corrupt or foreign bytes: never a crash, a replay
            raise SnapshotMismatch(f"the snapshot cannot be read ({type(exc).__name__}: {exc})") from None
        _backfill(engine.state)
        m.engine = engine
        m.turn_events = turn_events
        return m


def _backfill(state: Any) -> None:
    """Give the state's records the fields added since a snapshot was taken (a slotted dataclass
    unpickled from an older version lacks them): each missing field gets its default, so that an
    old snapshot still loads (new state fields always have defaults)."""
    records: list[Any] = [state, state.turn, *state.players, *state.cards.values(), *state.figures.values()]
    for rec in records:
        if rec is None or not dataclasses.is_dataclass(rec):
            continue
        for f in dataclasses.fields(rec):
            if hasattr(rec, f.name):
                continue
            if f.default is not dataclasses.MISSING:
                setattr(rec, f.name, f.default)
            elif f.default_factory is not dataclasses.MISSING:
                setattr(rec, f.name, f.default_factory())


def _load_outer(blob: bytes) -> tuple[dict[str, Any], bytes, object]:
    """The header, the pickled engine and the dice state of a snapshot (plain values only)."""
    outer = _PlainUnpickler(io.BytesIO(blob)).load()
    if not (isinstance(outer, tuple) and len(outer) == 3 and isinstance(outer[0], dict) and isinstance(outer[1], bytes)):
        raise SnapshotMismatch("the bytes are not a snapshot")
    return outer[0], outer[1], outer[2]


class _PlainUnpickler(pickle.Unpickler):
    """Reads only built-in values (the outer envelope of a snapshot)."""

    def find_class(self, module: str, name: str) -> Callable[..., Any]:
        """Refuse every class (raises :class:`SnapshotMismatch`): the envelope holds built-in values only."""
        raise SnapshotMismatch(f"the snapshot envelope names {module}.{name}")
