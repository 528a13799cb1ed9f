"""Where play-by-post time comes from: :class:`SystemClock` on Discord, :class:`FakeClock` in tests
(moved forward by hand, days at a time). Times are Unix seconds (``float``)."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Tells the time in Unix seconds."""

    def now(self) -> float:
        """The current Unix time in seconds."""


class SystemClock:
    """The machine's clock."""

    def now(self) -> float:
        """:func:`time.time`."""
        return time.time()


class FakeClock:
    """A clock that stands still until moved: ``advance(hours=12)``.

    ``start`` is the Unix time it shows first (default: 2026-03-02 12:00 UTC, a Monday noon).
    """

    def __init__(self, start: float = 1772452800.0) -> None:
        self._now = float(start)

    def now(self) -> float:
        """The time it was set to."""
        return self._now

    def advance(self, *, days: float = 0, hours: float = 0, minutes: float = 0, seconds: float = 0) -> float:
        """Move forward (never back); return the new time.

        :raises ValueError: for a negative step.
        """
        step = days * 86400 + hours * 3600 + minutes * 60 + seconds
        if step < 0:
            raise ValueError("a clock does not go back")
        self._now += step
        return self._now

    def set(self, when: float) -> None:
        """Jump to ``when`` (not before the current time).

        :raises ValueError: when ``when`` is in the past.
        """
        if when < self._now:
            raise ValueError("a clock does not go back")
        self._now = float(when)
