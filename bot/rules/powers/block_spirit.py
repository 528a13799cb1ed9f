"""Building block ``spirit`` (Warrior's Attack, Armor and Swiftness Spirit of the shared card file):
when the figure is destroyed its controller puts its spirit on a Unique Army Card in play, whose
``stat`` (``attack``, ``defense`` or ``move``) is raised by ``amount`` for the rest of the battle.

The choice, the card labels and the lasting bonus are those of Finn's and Thorgrim's spirits
(:mod:`bot.rules.powers.spirits`, HS-DESTROY-04: the text works after its figure is destroyed);
this block reads the shared file's values and adds the Move bonus. A spirit that grants a power
("grants": "Life Drain") says why it is not built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import window_args
from bot.rules.powers.spirits import WarriorSpirit, bonus, cards_for
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"spirit"})

KIND = "spirit"


def check_spirit(values: dict[str, Any]) -> str | None:
    """Why a ``spirit`` cannot be enforced, or ``None``."""
    if "grants" in values:
        return "a spirit that gives a power is not built yet"
    if values.get("stat") not in ("attack", "defense", "move") or not isinstance(values.get("amount"), int):
        return f"the statistic '{values.get('stat')}' is not understood"
    if terms.norm(values.get("target", "")) != "any unique army card" or set(values) - {"stat", "amount", "target"}:
        return f"the cards named '{values.get('target')}' are not understood"
    return None


@register
class Spirit(WarriorSpirit):
    """The spirit of the shared file's values: the trigger's ``kind`` is ``spirit``."""

    name = "spirit_block"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        fig = st.figures.get(window_args(engine).get("figure", ""))
        if fig is None:
            return []
        return [Trigger(self.name, fig.controller, fig.id, (("kind", KIND),), source=fig.id)
                for p in st.card_of(fig).powers
                if p.kind == KIND and check_spirit(p.values) is None and cards_for(st, fig.controller, fig.card_key)]

    def _raise(self, engine: RulesContext, trigger: Trigger) -> tuple[str, int]:
        power = self.power(engine, trigger)
        if power is None:
            return "attack", 0
        return str(power.values["stat"]), int(power.values["amount"])


@modifiers.on_move_value
def swiftness_spirit(state: MatchState, fig: Figure, value: int) -> int:
    """Warrior's Swiftness Spirit: the card's Move."""
    if not state.effects:
        return value
    found = bonus(state, fig.card_key, "move")
    return value + found[1] if found else value


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"spirit": check_spirit}
