"""Building block ``mind_control`` (Mind Shackle 19, Mind Shackle 20 of the shared card file): Mind
Shackle read from the shared file's parameters (HS-ARMY-10).

``values``: ``threshold`` (the d20 result needed), ``target`` "adjacent Unique figure" or "adjacent
Unique Hero", ``duration`` "permanent", ``window`` "after move, before attack". The choice and the
roll are Ne-Gok-Sa's Mind Shackle (:mod:`bot.rules.powers.mind_shackle`); a power with a cost or
another moment (Soul Devour) says why it is not built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.powers import _terms as terms
from bot.rules.powers.mind_shackle import MindShackle
from bot.rules.state import Figure
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"mind_control"})

KIND = "mind_control"
_TARGETS = {"adjacent unique figure": None, "adjacent unique hero": "hero"}


def check_mind_control(values: dict[str, Any]) -> str | None:
    """Why a ``mind_control`` power cannot be enforced, or ``None``."""
    if "cost" in values:
        return "paying its cost is not built yet"
    if terms.norm(values.get("window", "")) not in ("after move, before attack", ""):
        return f"the moment '{values.get('window')}' is not built yet"
    if terms.norm(values.get("duration", "permanent")) != "permanent":
        return f"control for '{values.get('duration')}' is not built yet"
    if terms.norm(values.get("target", "")) not in _TARGETS:
        return f"the target '{values.get('target')}' is not understood"
    if not isinstance(values.get("threshold"), int) or set(values) - {"threshold", "target", "duration", "window"}:
        return "a parameter is not understood"
    return None


@register
class MindControl(MindShackle):
    """Mind Shackle with the shared file's values: ``threshold`` for ``roll``, Heroes only when the
    ``target`` says so."""

    name = KIND

    def value(self, engine: RulesContext, trigger: Trigger, key: str, default: int) -> int:
        return super().value(engine, trigger, "threshold" if key == "roll" else key, default)

    def candidates(self, engine: RulesContext, picker: Figure) -> list[Figure]:
        power = engine.state.card_of(picker).power(KIND)
        if power is None or check_mind_control(power.values) is not None:
            return []
        kind = _TARGETS[terms.norm(power.values.get("target", ""))]
        return [f for f in super().candidates(engine, picker) if kind is None or engine.state.card_of(f).kind == kind]


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"mind_control": check_mind_control}
