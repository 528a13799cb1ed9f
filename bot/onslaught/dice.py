"""Dice for Onslaught: a d20 and a shuffle. Deterministic given the source (a seed or a script)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, TypeVar

T = TypeVar("T")


class Dice(Protocol):
    """What the engine rolls with: ``d20()`` in 1..20, and ``shuffle`` of a list in place."""

    def d20(self) -> int:
        """One twenty-sided die."""
        ...

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (initiative cards, DDO-INIT-02/03; the loot bag)."""
        ...

    def copy(self) -> Dice:
        """An independent copy at the same position (what a trial command rolls with)."""
        ...


class SeededDice:
    """Dice from a seed: the same seed gives the same rolls and shuffles (replay equality)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def d20(self) -> int:
        """One twenty-sided die, 1..20."""
        return self._rng.randint(1, 20)

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place."""
        self._rng.shuffle(items)

    def position(self) -> object:
        """Where the dice are in their sequence (equal positions: the same rolls to come)."""
        return self._rng.getstate()

    def copy(self) -> SeededDice:
        """An independent copy at the same position."""
        twin = SeededDice(0)
        twin._rng.setstate(self._rng.getstate())
        return twin


class ScriptedDice:
    """Dice for rules cases: d20 faces come from a script in order; shuffles keep the order given
    (so a case can say which cards are dealt). Running out raises ``LookupError``."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self.faces = list(faces)

    def d20(self) -> int:
        """The next scripted face.

        :raises LookupError: when the script has no face left.
        """
        if not self.faces:
            raise LookupError("the case scripts no more d20 rolls")
        return self.faces.pop(0)

    def shuffle(self, items: list[T]) -> None:
        """Leave ``items`` as they are."""

    def copy(self) -> ScriptedDice:
        """An independent copy with the same faces left."""
        return ScriptedDice(self.faces)
