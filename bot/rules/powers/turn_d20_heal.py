"""Part of building block ``d20_table``: after moving and before attacking (HS-TURN-06), a figure of
the card picks a wounded figure next to it and rolls the d20 on a table of wound results (Healing
Touch of Kelda the Kyrie Warrior).

``values``: ``window`` "after move, before attack"; ``target`` "adjacent wounded <figures>" (read
by :func:`bot.rules.powers._who.parse_who`: "Hero", "Squad figure", ...); ``table`` of d20 ranges
(``"1"``, ``"2-5"``, ``"18-20"``, ``"16+"``) to "add N wounds", "remove N wound(s)", "remove up to
N wounds" (as many as it can: removing is always to the player's good), "remove all wounds" or
"nothing".

Once per turn for each figure of the card: the player is asked which figure (friends first, then
``skip``, then enemies: a 1 wounds, so the computer never offers it to an enemy); using it is no
attack, the figure may still attack.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import SKIP
from bot.rules.powers._shaped import ShapedTurnPower
from bot.rules.powers._tables import row_for, table_rows
from bot.rules.powers._who import Who, parse_who
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_table`` powers of this shape (:mod:`block_d20` asks
#: :func:`is_heal_table` and leaves them to this module).
KINDS: frozenset[str] = frozenset()
KIND = "d20_table"
WINDOW = "after move, before attack"
_TARGET = re.compile(r"adjacent wounded (.+)")

#: A row: ``(low, high, (what, amount))`` with ``what`` one of ``add``, ``remove``, ``all``, ``none``.
Row = tuple[int, int, tuple[str, int]]


def _effect(text: Any) -> tuple[str, int] | None:
    t = terms.norm(text)
    if t in ("nothing", "no effect"):
        return "none", 0
    if t == "remove all wounds":
        return "all", 0
    m = re.fullmatch(r"(add|remove)(?: up to)? (\d+) wounds?", t)
    return (m.group(1), int(m.group(2))) if m else None


def rows(values: dict[str, Any]) -> list[Row] | None:
    """The table as ``(low, high, (what, amount))`` rows, or ``None`` when a row is not understood."""
    return table_rows(values, _effect)


def _who(values: dict[str, Any]) -> Who | None:
    m = _TARGET.fullmatch(terms.norm(values.get("target", "")))
    if m is None:
        return None
    who = parse_who(m.group(1))
    return None if who.unknown else who


def is_heal_table(values: dict[str, Any]) -> bool:
    """Whether a ``d20_table``'s ``values`` are a healing table this module rolls (see the module doc)."""
    return (terms.norm(values.get("window", "")) == WINDOW and set(values) == {"window", "target", "table"}
            and _who(values) is not None and rows(values) is not None)


def heal_table(card_powers: list[Power]) -> Power | None:
    """The first healing-table power among ``card_powers``, or ``None``."""
    return next((p for p in card_powers if p.kind == KIND and is_heal_table(dict(p.values))), None)


def patients(state: MatchState, healer: Figure, power: Power) -> list[Figure]:
    """The wounded figures next to ``healer`` the power may pick: its side's first, then the others."""
    who = _who(dict(power.values))
    found = [f for f in state.on_battlefield() if f is not healer and f.wounds > 0 and who is not None
             and who.matches(state.card_of(f)) and adjacent(state, healer, f)]
    return sorted(found, key=lambda f: (state.is_enemy(healer, f), f.id))


@register
class HealingTable(ShapedTurnPower):
    """Healing Touch: see the module doc. A trigger's ``subject`` and ``source`` are the healer."""

    name = "d20_heal_table"
    kind = KIND
    rule = "HS-TURN-06"
    shape_of = staticmethod(heal_table)

    def ready(self, state: MatchState, fig: Figure, power: Power) -> bool:
        return bool(patients(state, fig, power))

    def _found(self, engine: RulesContext, trigger: Trigger) -> list[Figure]:
        power = self.power(engine, trigger)
        return patients(engine.state, engine.state.figures[trigger.subject], power) if power is not None else []

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        healer = st.figures[trigger.subject]
        found = self._found(engine, trigger)
        friends = [f.id for f in found if not st.is_enemy(healer, f)]
        return friends + [SKIP] + [f.id for f in found if st.is_enemy(healer, f)]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{self.power_name(engine, trigger)}: roll the d20 for which wounded figure next to "
                f"{trigger.subject} (a 1 adds wounds)? Or {SKIP}.")

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        rolled = self.pick_and_roll(engine, trigger, self._found(engine, trigger), choice)
        if rolled is None:
            return
        healer, power, patient, total, shown = rolled
        table = rows(dict(power.values)) or []
        what, amount = row_for(table, total) or ("none", 0)
        if what == "add":
            engine.emit("power", power=power.name, figure=healer.id, player=trigger.controller, target=patient.id,
                        success=False, result=f"{patient.id} takes {amount} more wounds", **shown)
            engine.wound(patient, amount, f"{power.name} by {healer.id}")
            return
        healed = patient.wounds if what == "all" else min(amount, patient.wounds) if what == "remove" else 0
        patient.wounds -= healed
        engine.emit("power", power=power.name, figure=healer.id, player=trigger.controller, target=patient.id,
                    success=healed > 0, healed=patient.id, wounds=healed,
                    result=f"{patient.id} loses {healed} Wound Marker{'' if healed == 1 else 's'}" if healed
                    else "no effect", **shown)
