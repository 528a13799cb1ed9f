"""The dice queue of a rules case: every die the rules roll comes from the step's own ``dice``.

Combat dice and d20 results as in v1, and in v2 ``pick``: a random choice the rulebooks leave to
chance (Oreld's random unrevealed Order Marker) takes the next 0-based index into its candidates
(FORMAT.md, "Dice in v2"). A roll the queue cannot give raises
:class:`~bot.rules.errors.DiceExhausted`; dice left over after a step fail the case (the runner checks
:attr:`CaseDice.left`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from bot.rules.dice import ScriptedDice
from bot.rules.errors import DiceExhausted


class CaseDice(ScriptedDice):
    """:class:`~bot.rules.dice.ScriptedDice` plus a queue of random picks (v2 ``dice.pick``)."""

    def __init__(self) -> None:
        super().__init__()
        self.pick_queue: deque[int] = deque()

    def add_picks(self, picks: Iterable[int]) -> None:
        """Append scripted picks (0-based indexes)."""
        self.pick_queue.extend(picks)

    def pick(self, n: int) -> int:
        """The index (0 to ``n - 1``) of the candidate chosen at random among ``n``.

        :raises DiceExhausted: when no pick is scripted, or the scripted index is not one of the ``n``.
        """
        if not self.pick_queue:
            raise DiceExhausted(f"the rules picked one of {n} at random but no pick was scripted")
        i = self.pick_queue.popleft()
        if not 0 <= i < n:
            raise DiceExhausted(f"the scripted pick {i} is not one of the {n} candidates (0 to {n - 1})")
        return i

    def clear(self) -> None:
        """Forget every unused scripted result (after a step failed)."""
        self.combat_queue.clear()
        self.d20_queue.clear()
        self.pick_queue.clear()

    @property
    def left(self) -> int:
        """How many scripted results (dice and picks) are still unused."""
        return len(self.combat_queue) + len(self.d20_queue) + len(self.pick_queue)
