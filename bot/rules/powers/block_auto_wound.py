"""Building block ``auto_wound`` (Crushing Blow): after moving and before attacking, the player may
deal ``wounds`` to one figure of ``target`` ("adjacent Small or Medium Squad figure or Common Hero"),
with no roll (HS-TURN-06, a choice offered once per turn like Chomp).

``target`` is read as "adjacent" + sizes + the kinds of figure allowed ("Squad figure", "Common
Hero", "Unique Hero", "Hero", "figure"), joined by "or". Enemies are offered first, then ``skip``,
then friends (the card says "figure").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.cards import ArmyCard
from bot.rules.engagement import adjacent
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import SKIP, FigurePick
from bot.rules.state import Figure
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"auto_wound"})

KIND = "auto_wound"
_SIZES = ("small", "medium", "large", "huge")
_KINDS = {"squad figure": ("squad", None), "common hero": ("hero", "common"), "unique hero": ("hero", "unique"),
          "hero": ("hero", None), "figure": (None, None)}


def _target(text: Any) -> Callable[[ArmyCard], bool] | None:
    """Read ``target``: which adjacent figures may be wounded (a test on their card), or ``None``."""
    t = terms.norm(text)
    m = re.fullmatch(r"adjacent ((?:small|medium|large|huge)(?: or | and |/)?)*\s*(.*)", t)
    if not m:
        return None
    head = t[len("adjacent "):]
    sizes = [s for s in _SIZES if re.match(rf"^(?:(?:small|medium|large|huge)(?: or | and |/))*{s}\b", head)]
    rest = re.sub(r"^(?:(?:small|medium|large|huge)(?: or | and |/)?\s*)+", "", head).strip()
    allowed = []
    for part in re.split(r"\s+or\s+", rest):
        if part not in _KINDS:
            return None
        allowed.append(_KINDS[part])

    def fits(card: ArmyCard) -> bool:
        if sizes and (card.size or "") not in sizes:
            return False
        return any((k is None or card.kind == k) and (r is None or card.rarity == r) for k, r in allowed)

    return fits


def check_auto_wound(values: dict[str, Any]) -> str | None:
    """Why an ``auto_wound`` cannot be enforced, or ``None``."""
    if terms.norm(values.get("window", "")) not in ("after move, before attack", ""):
        return f"the moment '{values.get('window')}' is not built yet"
    if not isinstance(values.get("wounds"), int):
        return f"the wounds '{values.get('wounds')}' are not understood"
    if set(values) - {"wounds", "target", "window"}:
        return "a parameter is not understood"
    return None if _target(values.get("target", "")) is not None else f"the target '{values.get('target')}' is not understood"


@register
class AutoWound(FigurePick):
    """``auto_wound`` as a :class:`FigurePick` (HS-TURN-06): the answer is the figure wounded or ``skip``."""

    name = KIND
    rule = "HS-TURN-06"

    def candidates(self, engine: RulesContext, picker: Figure) -> list[Figure]:
        st = engine.state
        power = st.card_of(picker).power(KIND)
        if power is None or check_auto_wound(power.values) is not None:
            return []
        fits = terms.read(power, "target", lambda p: _target(p.values.get("target", "")))
        if fits is None:
            return []
        near = [f for f in st.on_battlefield() if f is not picker and fits(st.card_of(f)) and adjacent(st, picker, f)]
        return sorted(near, key=lambda f: (not st.is_enemy(picker, f), f.id))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        picker = st.figures[trigger.subject]
        near = self.candidates(engine, picker)
        foes = [f.id for f in near if st.is_enemy(picker, f)]
        return foes + [SKIP] + [f.id for f in near if f.id not in foes]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        name = self.power_name(engine, trigger)
        n = self.value(engine, trigger, "wounds", 1)
        return f"{name}: {trigger.subject} may give {n} wound{'s' if n != 1 else ''} to one of these figures. Which one?"

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        victim = st.figures[choice]
        name = self.power_name(engine, trigger)
        n = self.value(engine, trigger, "wounds", 1)
        engine.emit("power", power=name, figure=trigger.subject, target=victim.id, player=trigger.controller,
                    success=True, result=f"{victim.id} takes {n} wound{'s' if n != 1 else ''}")
        engine.wound(victim, n, f"{name} by {trigger.subject}")


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"auto_wound": check_auto_wound}
