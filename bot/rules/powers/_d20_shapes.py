"""The ``d20_trigger`` and ``d20_table`` shapes carried out by modules of their own, which read every
parameter themselves (:mod:`block_d20` asks :func:`own_shape` before its own readings).

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.rules.powers import turn_d20_fury as fury
from bot.rules.powers import turn_d20_gaze as gaze
from bot.rules.powers import turn_d20_heal as heal
from bot.rules.powers import turn_frenzy as frenzy
from bot.rules.powers import turn_rod_of_negation as rod
from bot.rules.powers import turn_self_destruct as self_destruct
from bot.rules.powers import turn_spear_summoning as spear
from bot.rules.powers import turn_throw as throw

#: ``(kind, shape name, test of the values)``: each module's shape.
SHAPES: tuple[tuple[str, str, Callable[[dict[str, Any]], bool]], ...] = (
    ("d20_trigger", "frenzy", frenzy.is_frenzy),  # as the card's turn ends: another turn (Frenzy)
    ("d20_table", "heal_table", heal.is_heal_table),  # after moving, at a wounded neighbour (Healing Touch)
    ("d20_table", "fury", fury.is_fury),  # as the card's turn begins: +Attack, +Move (Unleashed Fury)
    ("d20_trigger", "gaze", gaze.is_gaze),  # before moving, a card's Order Markers (Crippling Gaze)
    ("d20_table", "self_destruct", self_destruct.is_self_destruct),  # instead of attacking (Self-Destruct)
    ("d20_trigger", "spear", spear.is_spear),  # after moving, one of yours put next to it (Spear of Summoning)
    ("d20_table", "rod", rod.is_rod),  # as each Player Turn ends, while markers last (Rod of Negation)
    ("d20_trigger", "throw", throw.is_throw),  # after moving, a neighbour thrown (Throw 14)
)


def own_shape(values: dict[str, Any], kind: str) -> str | None:
    """The name of the shape a module of its own carries out for a power of ``kind`` with ``values``,
    or ``None``."""
    return next((name for k, name, test in SHAPES if k == kind and test(values)), None)
