"""The moments and records of timing (HS-TIMING-*): plain data, kept in :class:`~bot.rules.state.MatchState`.

:class:`Window` names the moments effects hook into, :class:`Source` their UTGAR order,
:class:`Trigger` one effect ready to resolve, :class:`WindowRun` a window being resolved (with the
name of the continuation that goes on once it is done, :mod:`bot.rules.windows`), :class:`Expiry`
and :class:`Lasting` the effects with a stated duration (HS-DESTROY-06). How effects are ordered and
resolved is :mod:`bot.rules.timing` and :mod:`bot.rules.windows`; this module only holds the data,
so the state can hold open windows without importing the rules that run them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any


class Window(StrEnum):
    """Named moments where effects hook in (000 § Simultaneous Effects and the turn sequence)."""

    START_OF_ROUND = "start_of_round"
    AFTER_ORDER_MARKERS = "after_order_markers"
    AFTER_INITIATIVE = "after_initiative"  # initiative rolled, before the first Player Turn (Admiral's Orders)
    BEFORE_REVEAL = "before_reveal"
    START_OF_TURN = "start_of_turn"
    END_OF_MOVE = "end_of_move"
    AFTER_MOVING = "after_moving"  # after moving and before attacking (HS-TURN-06)
    BEFORE_ATTACK = "before_attack"
    AFTER_ATTACK_ROLL = "after_attack_roll"
    AFTER_DEFENSE_ROLL = "after_defense_roll"
    AFTER_ATTACK = "after_attack"
    END_OF_TURN = "end_of_turn"
    #: As an Army Card turn ends, before the next one of the same Player Turn (Ironclad Puppeteer).
    AFTER_CARD_TURN = "after_card_turn"
    END_OF_ROUND = "end_of_round"
    #: As a figure is destroyed, in the middle of whatever destroyed it (Warrior's Attack Spirit).
    #: Its run holds ``figure``; the effect under way goes on once the window is resolved.
    DESTROYED = "destroyed"


class Source(IntEnum):
    """UTGAR order of sources (HS-TIMING-05)."""

    UNIT = 0
    TERRAIN = 1
    GLYPH = 2
    OTHER = 3


@dataclass(frozen=True, slots=True)
class Trigger:
    """One effect ready to resolve: which effect, who controls it, and about what (figure id).

    ``source`` is the figure whose Army Card text causes the effect (empty for terrain, glyphs and
    rules): when it is destroyed the trigger lapses (HS-DESTROY-04, -07).
    """

    effect: str
    controller: str
    subject: str = ""
    data: tuple[tuple[str, Any], ...] = ()
    source: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        """A value from ``data``."""
        for k, v in self.data:
            if k == key:
                return v
        return default

    def with_data(self, **changes: Any) -> Trigger:
        """The same trigger with some ``data`` values set (the next step of a multi-step effect)."""
        data = dict(self.data)
        data.update(changes)
        return Trigger(self.effect, self.controller, self.subject, tuple(sorted(data.items())), self.source)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (kept in the state while a window waits for a decision)."""
        return {"effect": self.effect, "controller": self.controller, "subject": self.subject, "data": dict(self.data),
                "source": self.source}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Trigger:
        """Inverse of :meth:`to_json`."""
        return cls(d["effect"], d["controller"], d.get("subject", ""), tuple(sorted(d.get("data", {}).items())),
                   d.get("source", ""))


@dataclass(slots=True)
class WindowRun:
    """A window being resolved; kept in ``MatchState.windows`` while it waits for a decision.

    ``queue`` holds the triggers still to resolve (JSON form); ``then`` is the *name* of the
    continuation to call once the window is done (:func:`bot.rules.windows.continuation`), with
    ``args`` (keys starting with ``_`` are the window's own bookkeeping). A plain name, so a
    state with a window open pickles and replays.
    """

    window: Window
    queue: list[dict[str, Any]] = field(default_factory=list)
    then: str = ""
    args: dict[str, Any] = field(default_factory=dict)


class Expiry(StrEnum):
    """When a :class:`Lasting` effect ends."""

    NEXT_REVEAL = "next_reveal"  # when its controller next reveals an Order Marker (Dorim's Charge!!!)
    END_OF_TURN = "end_of_turn"  # when the Player Turn ends
    END_OF_ROUND = "end_of_round"  # when the round ends, after end-of-round effects
    END_OF_GAME = "end_of_game"  # never: for the rest of the battle (Warrior's Attack Spirit)


@dataclass(slots=True)
class Lasting:
    """An effect with a stated duration, kept in ``MatchState.effects`` under its ``name``.

    It lasts until ``until`` even if ``source`` (the figure that caused it) is destroyed
    (HS-DESTROY-06). Modifier hooks read it from the state; the engine ends it.
    """

    name: str
    controller: str
    until: Expiry
    source: str = ""
    data: dict[str, Any] = field(default_factory=dict)
