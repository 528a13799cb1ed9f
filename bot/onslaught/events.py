"""Events the Onslaught engine emits: a kind and plain data, readable by narration and tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.ruleset import Refused


@dataclass(frozen=True)
class Event:
    """Something that happened: ``kind`` (``moved``, ``attack``, ``damage``, ``defeated``, ...) and its
    ``data``; ``secret_to`` names the only party that may see it (loot drawn, initiative assigned)."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    secret_to: str = ""


class RulesError(Refused, ValueError):
    """A command that is not legal now; the message says why and what would be legal (a refusal of the
    seam, :class:`bot.games.ruleset.Refused`)."""


class ParseError(Refused, ValueError):
    """A command that cannot be read; the message shows the right form."""
