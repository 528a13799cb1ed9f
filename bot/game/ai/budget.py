"""What one decision of the planner may spend: a count of positions, and a hard cap in seconds.

The planner's levels (:mod:`~bot.game.ai.levels`) limit their search by the number of positions
they score (``nodes``: one spot a figure could end on, one option of a decision tried on a copy),
not by the clock, so the same state gets the same command on an idle machine and on a busy one,
and ``bench ai`` measures what every player gets. The clock only guards the player's wait: past
:data:`CAP` seconds a decision settles for the best it has found, and :data:`cuts` counts those
decisions (``bench ai`` prints it: a figure that is not 0 means the node counts are too high for
the machine, and the results depended on its speed).
"""

from __future__ import annotations

import time

#: Seconds after which a decision settles for the best found, whatever nodes are left (the
#: wait a player sees stays under 2 s: the cap, plus one position scored after it).
CAP = 1.0

#: Decisions the clock cut short since the process started (:meth:`Budget.out`).
cuts = 0


class Budget:
    """``nodes`` positions to score, within ``cap`` seconds from now (default :data:`CAP`, read
    when the budget is made).

    :meth:`spend` takes one position; :meth:`out` says whether the budget is spent. Negative
    ``nodes`` are treated as 0.
    """

    def __init__(self, nodes: int, cap: float | None = None) -> None:
        self.left = max(0, nodes)
        self.stop = time.perf_counter() + (CAP if cap is None else cap)
        self.cut = False

    def spend(self, n: int = 1) -> None:
        """Count ``n`` positions scored."""
        self.left -= n

    def out(self) -> bool:
        """Whether no position is left to score, or the clock passed the cap (counted once in
        :data:`cuts`)."""
        if self.left <= 0:
            return True
        if time.perf_counter() > self.stop:
            if not self.cut:
                global cuts
                cuts += 1
                self.cut = True
            return True
        return False
