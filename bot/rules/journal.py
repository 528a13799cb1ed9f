"""Taking back a refused command without copying the whole state before every command.

The engine used to deep-copy the match state before each command so that a refusal could put it
back (about a third of a computer-played match's time). A :class:`Match` now keeps instead a
*checkpoint*: the state pickled every :data:`CHECKPOINT_EVERY` accepted commands. The commands
accepted since then are the match's own log, and the engine notes the outcome of every roll since
(:attr:`~bot.rules.engine.Engine.rolls`): that is the undo journal. A refused command puts the
state back by loading the checkpoint and replaying the log's tail with the noted outcomes given
again (:meth:`Checkpoint.rebuild`), so the replay rolls nothing and needs no dice position (dice
scripted by a test, or salted, replay the same). A refusal costs at most
``CHECKPOINT_EVERY`` commands' replay; an accepted command costs nothing, and a checkpoint about
1/``CHECKPOINT_EVERY`` of a pickle (several times cheaper than a deep copy).

What a state shares rather than owns (the battlefield, the scenario, the Army Cards in play: what
:meth:`~bot.rules.state.MatchState.clone` shares) is written as references, so a rebuilt state
shares them too.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.rules.state import MatchState

#: Accepted commands between two checkpoints: the most a refusal replays.
CHECKPOINT_EVERY = 16


class _RefPickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: Sequence[object]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.index = {id(obj): i for i, obj in enumerate(shared)}

    def persistent_id(self, obj: Any) -> Any:
        return self.index.get(id(obj))


class _RefUnpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, shared: Sequence[object]) -> None:
        super().__init__(file)
        self.shared = shared

    def persistent_load(self, pid: Any) -> Any:
        return self.shared[pid]


def shared_parts(state: MatchState) -> list[object]:
    """What a copy of ``state`` shares with it: its battlefield, scenario and Army Cards."""
    return [state.battlefield, state.scenario, *(c.card for c in state.cards.values())]


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The position after the first ``at`` logged commands: the pickled state (``blob``, with the
    ``shared`` objects as references)."""

    at: int
    blob: bytes
    shared: tuple[object, ...]

    @classmethod
    def take(cls, at: int, state: MatchState) -> Checkpoint:
        """A checkpoint of ``state`` after ``at`` commands.

        :raises pickle.PicklingError: (or ``TypeError``/``AttributeError``) when something in the
            state cannot be pickled; the caller then copies the state as before.
        """
        shared = tuple(shared_parts(state))
        buf = io.BytesIO()
        _RefPickler(buf, shared).dump(state)
        return cls(at, buf.getvalue(), shared)

    def state(self) -> MatchState:
        """A fresh copy of the state at the checkpoint."""
        loaded: MatchState = _RefUnpickler(io.BytesIO(self.blob), self.shared).load()
        return loaded

    def rebuild(self, replay: Callable[[MatchState, int], MatchState], upto: int) -> MatchState:
        """The state after ``upto`` commands: the checkpoint's state with the commands
        ``at .. upto - 1`` replayed by ``replay(state, position)`` (which returns the state after
        that command, giving the noted roll outcomes again)."""
        state = self.state()
        for position in range(self.at, upto):
            state = replay(state, position)
        return state
