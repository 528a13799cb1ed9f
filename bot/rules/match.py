"""A match as its seed plus its command log: applying, replaying, undoing.

``Match`` is the checked way adapters drive the engine. Every accepted command is appended to
the log as ``(player, text)``; replaying the log on the same battlefield, scenario, card library
and seed rebuilds the state exactly, dice included, because rejected commands roll nothing and
leave the dice where they were.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.rules.battlefield import Battlefield
from bot.rules.commands import Command
from bot.rules.dice import SeededDice
from bot.rules.engine import CardLookup, Engine
from bot.rules.events import Event
from bot.rules.scenario import Scenario
from bot.rules.state import MatchState, Phase
from bot.rules.views import state_json, to_data


class _ReplayableDice(SeededDice):
    """Seeded dice whose position can be saved and restored around a refused command."""

    def snapshot(self) -> object:
        return self._rng.getstate()

    def restore(self, snap: object) -> None:
        self._rng.setstate(snap)  # type: ignore[arg-type]


@dataclass
class Match:
    """A match: battlefield, scenario, hidden dice ``seed`` and the log of accepted commands."""

    battlefield: Battlefield
    scenario: Scenario
    seed: int
    cards: CardLookup | None = None
    log: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.dice = _ReplayableDice(self.seed)
        self.engine = Engine(MatchState(battlefield=self.battlefield, scenario=self.scenario), self.dice, self.cards)
        self.state.phase = Phase.SETUP

    @property
    def state(self) -> MatchState:
        """The current state (read it; only commands change it)."""
        return self.engine.state

    @staticmethod
    def new_seed() -> int:
        """A fresh secret dice seed."""
        return random.SystemRandom().randrange(1 << 62)

    def apply(self, player: str, text: str | Command) -> list[Event]:
        """Apply a command and log it; return its events.

        :raises RulesError: when the command is refused; nothing changes, dice included.
        """
        cmd = Command.parse(text) if isinstance(text, str) else text
        snap = self.dice.snapshot()
        try:
            events = self.engine.execute(player, cmd)
        except Exception:
            # The engine restores the state on any error; the dice must follow, or replay drifts.
            self.dice.restore(snap)
            raise
        self.log.append((player, cmd.text()))
        return events

    @classmethod
    def replay(cls, battlefield: Battlefield, scenario: Scenario, seed: int, log: Iterable[tuple[str, str]],
               cards: CardLookup | None = None) -> Match:
        """Rebuild a match from its seed and log.

        :raises RulesError: when a logged command is refused (the log does not belong to this setup).
        """
        m = cls(battlefield, scenario, seed, cards)
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
        """A new match with the last command taken back (replays all but the last)."""
        return Match.replay(self.battlefield, self.scenario, self.seed, self.log[:-1], self.cards)
