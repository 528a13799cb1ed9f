"""The games the bot referees, by name: ``get(name)`` gives a game's :class:`~bot.games.ruleset.Ruleset`.

Each game is a subpackage of :mod:`bot.games` whose ``__init__`` defines ``RULESET`` (an object
satisfying the protocol); the registry finds them by listing the subpackages, so adding a game is
adding its package. A stored match without a ruleset is a match of :data:`DEFAULT` (rows written
before matches recorded their game).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from bot.games.ruleset import Ruleset, UnknownGame

#: The game of ``--game`` when none is named, and of matches stored before games were recorded.
DEFAULT = "heroscape"


@cache
def names() -> tuple[str, ...]:
    """The registered game names, sorted (each a subpackage of :mod:`bot.games`)."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg))


def get(name: str | None = None) -> Ruleset:
    """The ruleset of game ``name`` (``None`` or ``""``: :data:`DEFAULT`), case-insensitive.

    :raises UnknownGame: no such game; the message lists the games there are.
    """
    key = (name or DEFAULT).strip().lower()
    if key not in names():
        raise UnknownGame(f"there is no game {name!r}; the games are: {', '.join(names())}")
    return _load(key)


@cache
def _load(key: str) -> Ruleset:
    ruleset: Ruleset = importlib.import_module(f"{__name__}.{key}").RULESET
    return ruleset


__all__ = ["DEFAULT", "Ruleset", "UnknownGame", "get", "names"]
