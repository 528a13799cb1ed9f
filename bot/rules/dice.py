"""Dice sources: a seeded one for play, a scripted one for tests (HS-DICE-01, HS-DICE-02).

The engine asks a :class:`DiceSource` for every roll and records each result in its events, so a
match replays exactly from its seed and commands. The seed is hidden information: it never goes
into an event or a public message.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Protocol

from bot.rules.decisions import COMBAT_DIE_FACES
from bot.rules.errors import DiceExhausted

SKULL = "skull"
SHIELD = "shield"
BLANK = "blank"
FACES = (SKULL, SHIELD, BLANK)


class DiceSource(Protocol):
    """Where dice results come from."""

    def combat(self, n: int) -> list[str]:
        """Roll ``n`` combat dice; each result is ``'skull'``, ``'shield'`` or ``'blank'``."""
        ...

    def d20(self) -> int:
        """Roll the 20-sided die: 1-20."""
        ...

    def pick(self, n: int) -> int:
        """A random choice among ``n`` candidates the rulebooks leave to chance (Oreld's random Order
        Marker): a 0-based index, ``0 <= index < n``."""
        ...


class SeededDice:
    """Pseudo-random dice from an integer seed; the same seed gives the same sequence."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def combat(self, n: int) -> list[str]:
        """Roll ``n`` combat dice with the faces of DEC-01."""
        return [self._rng.choice(COMBAT_DIE_FACES) for _ in range(n)]

    def d20(self) -> int:
        """Roll the d20."""
        return self._rng.randint(1, 20)

    def pick(self, n: int) -> int:
        """Pick one of ``n`` candidates at random: a 0-based index.

        :raises ValueError: when there is nothing to pick from (``n < 1``).
        """
        if n < 1:
            raise ValueError("nothing to pick from")
        return self._rng.randrange(n)


class ScriptedDice:
    """Dice taken in order from given queues; for tests and rules cases.

    :raises DiceExhausted: when a roll asks for a die the queue does not have.
    """

    def __init__(self, combat: Iterable[str] = (), d20: Iterable[int] = (), pick: Iterable[int] = ()) -> None:
        self.combat_queue: deque[str] = deque(combat)
        self.d20_queue: deque[int] = deque(d20)
        #: 0-based indexes for random picks (the ``dice.pick`` of rules cases v2).
        self.pick_queue: deque[int] = deque(pick)
        for face in self.combat_queue:
            if face not in FACES:
                raise ValueError(f"'{face}' is not a combat die face; use skull, shield or blank")
        for value in self.d20_queue:
            if not 1 <= value <= 20:
                raise ValueError(f"{value} is not a d20 result; use 1-20")

    def combat(self, n: int) -> list[str]:
        """Take ``n`` combat dice from the queue."""
        if n > len(self.combat_queue):
            raise DiceExhausted(f"the rules rolled {n} combat dice but only {len(self.combat_queue)} were scripted")
        return [self.combat_queue.popleft() for _ in range(n)]

    def d20(self) -> int:
        """Take one d20 result from the queue."""
        if not self.d20_queue:
            raise DiceExhausted("the rules rolled a d20 but none was scripted")
        return self.d20_queue.popleft()

    def pick(self, n: int) -> int:
        """Take one 0-based pick from the queue.

        :raises DiceExhausted: when none was scripted.
        :raises ValueError: when the scripted index is not one of the ``n`` candidates.
        """
        if not self.pick_queue:
            raise DiceExhausted("the rules picked at random but no pick was scripted")
        value = self.pick_queue.popleft()
        if not 0 <= value < n:
            raise ValueError(f"pick {value} is not one of the {n} candidates (0-{n - 1})")
        return value

    def add(self, combat: Iterable[str] = (), d20: Iterable[int] = (), pick: Iterable[int] = ()) -> None:
        """Append more scripted results."""
        self.combat_queue.extend(combat)
        self.d20_queue.extend(d20)
        self.pick_queue.extend(pick)

    @property
    def left(self) -> int:
        """How many scripted results are still unused."""
        return len(self.combat_queue) + len(self.d20_queue) + len(self.pick_queue)
