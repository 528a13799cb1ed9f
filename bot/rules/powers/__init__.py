"""Special powers of Army Cards: building blocks read from a power's ``kind`` (its pattern) and
``values`` (its parameters), and a small module for each unusual power.

Each module declares its power through the engine's hooks and nothing else: dice and value
modifiers (:mod:`bot.rules.modifiers`), timing-window effects (:mod:`bot.rules.timing`), and
special-attack kinds, and names the power kinds it enforces in ``KINDS``. Effects act on the match
only through :class:`~bot.rules.context.RulesContext` (emit, roll, wound, ask, take control...). Importing this package imports every module in it, so adding a card's
power is adding a module here: the engine is not touched. A power finds the cards it applies to
by the ``kind`` of a :class:`~bot.rules.cards.Power` on the card (``data/cards/*.json``).

Building blocks (``block_*.py`` for the attack side, ``move_*.py`` / ``turn_*.py`` for movement and
turns) enforce a *pattern* of the shared card file (``kind`` = ``params.pattern``) from the
power's ``values``; such a module also declares ``CHECKS``: per kind, ``check(values) -> str |
None``, the reason in player words when some parameter cannot be enforced. :func:`enforcement`
answers for any power.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

from bot.rules import special
from bot.rules.cards import MOVEMENT_KINDS, Power

_kinds: set[str] = set(MOVEMENT_KINDS)
_checks: dict[str, Callable[[dict[str, Any]], str | None]] = {}
for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _mod.startswith("_"):
        _module = importlib.import_module(f"{__name__}.{_mod}")
        _kinds |= getattr(_module, "KINDS", frozenset())
        _checks.update(getattr(_module, "CHECKS", {}))

#: Every power kind the rules core enforces by itself: each power module's ``KINDS`` and the ways
#: of moving the movement rules read from the card (Flying, Stealth Flying). Special attacks with a
#: Range and an Attack number (Explosion, Fire Line) are resolved from their numbers, whatever kind.
#: A kind of a building block may still have parameters it cannot enforce: ask :func:`enforcement`.
ENFORCED_KINDS: frozenset[str] = frozenset(_kinds)

#: Per power kind of a building block: why its ``values`` cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = dict(_checks)


def enforcement(power: Power) -> str | None:
    """``None`` when the rules enforce ``power``, else why not, in player words.

    A kind no module knows is "not built yet"; a kind of a building block is enforced when its
    check accepts the power's ``values``; any other kind in :data:`ENFORCED_KINDS` is enforced.
    A power whose kind no module names is enforced when it is a special attack read from its
    numbers (:func:`bot.rules.special.spec`).

    >>> from bot.rules.cards import Power
    >>> enforcement(Power(name="Sword", text="", kind="attack_bonus", values={"amount": 4, "condition": "target adjacent"}))
    >>> enforcement(Power(name="X", text="", kind="telepathy"))
    "the power kind 'telepathy' is not built yet"
    """
    kind = power.kind
    check = CHECKS.get(kind or "")
    if check is not None:
        return check(dict(power.values))
    if kind in ENFORCED_KINDS or special.spec(power) is not None:
        return None  # a special attack is made from its numbers, whatever its kind
    if not kind:
        return "this power has no rules kind: it is text for the players"
    return f"the power kind '{kind}' is not built yet"
