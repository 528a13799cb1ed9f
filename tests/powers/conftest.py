"""Shared setup for the power tests: the real cards, a few plain stand-ins, event filters, and a
test Effect that only records when it resolves.

Import them directly (``from tests.powers.conftest import LIB, C, F, DUMMY``), as the rules tests
import ``tests.rules.conftest``. The ``effects`` fixture (register a test Effect for one test) is
the one of ``tests/rules/conftest.py``, made available here.

- :data:`LIB` is the shipped card library; :func:`C` is a real card by name, :func:`F` a figure
  of an engine by id.
- :data:`DUMMY` (a Hero that never blocks and takes 9 wounds) and :data:`MINION` (a Common Squad
  of 3 one-Life figures that never block) are targets with no powers.
- :func:`kinds` lists the kinds of events; :func:`powers` the data of the ``power`` events.
- :func:`recorder` makes an Effect class that triggers every time its window opens and calls a
  function when it resolves (to see where a power resolves among the other effects).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.content.cards import CardLibrary
from bot.rules.cards import ArmyCard
from bot.rules.engine import Engine
from bot.rules.events import Event
from bot.rules.state import Figure
from bot.rules.timing import Effect, Trigger, Window
from tests.rules.conftest import card
from tests.rules.conftest import effects as effects  # the fixture, for the tests of this folder

LIB = CardLibrary.default()
DUMMY = card(name="Dummy", defense=0, life=9)
MINION = card(name="Minion", kind="squad", rarity="common", defense=0)


def C(name: str) -> ArmyCard:
    """A real card from the shipped library, by name, short name or id."""
    return LIB.get(name)


def F(eng: Engine, fid: str) -> Figure:
    """The figure ``fid`` of ``eng``."""
    return eng.state.figures[fid]


def kinds(events: list[Event]) -> list[str]:
    """The kind of each event, in order."""
    return [e.kind for e in events]


def powers(events: list[Event]) -> list[dict[str, Any]]:
    """The data of each ``power`` event (what a power did), in order."""
    return [e.data for e in events if e.kind == "power"]


def recorder(name: str, window: Window, player: str, then: Callable[[Engine], None]) -> type[Effect]:
    """An Effect class called ``name`` that triggers for ``player`` whenever ``window`` opens and,
    when it resolves, calls ``then`` with the engine. Register it with the ``effects`` fixture."""

    class Recorder(Effect):
        def triggers(self, engine: Engine) -> list[Trigger]:
            return [Trigger(self.name, player)]

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            then(engine)

    Recorder.name = name
    Recorder.window = window
    return Recorder
