"""Part of building block ``d20_trigger``: the moments "enemy moves adjacent" and "enemy
Small/Medium figure moves adjacent" with ``effect`` "1 wound to that figure" (Engagement Strike 13
of Arkmer, Engagement Strike 15 of the Nakita Agents, Ice Spikes 15 of the Greater Ice Elemental,
whose ``modifier`` "+2 if on ice or snow" :mod:`block_d20` reads).

As an enemy figure (of those sizes) moves, each space it enters next to a holder it was not next
to on its space before (:mod:`bot.rules.step_hooks`; a flyer: where it lands) makes the holder's
controller roll the d20 for the power, once per holder and moving figure in a turn; on the
``threshold`` or more the mover takes 1 wound there (it may be destroyed: its move ends,
HS-ENGAGE-05's way). Rolling only harms the enemy, so it is always rolled. A figure placed or
pushed by a power is not moving: no roll.

Also the moment "wounded by a leaving-engagement attack" with "ignore the wounds" (Tactical
Disengagement 7 of Sir Dupuis): when such an attack would wound the holder as it moves away, its
controller rolls the d20; on the ``threshold`` or more it takes none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules import step_hooks
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.powers._common import holders
from bot.rules.powers.block_d20 import KINDS as D20_KINDS
from bot.rules.powers.block_d20 import _mine, _read, _try
from bot.rules.state import Figure

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of these moments.
KINDS: frozenset[str] = frozenset()

#: ``turn.data`` keys: holder id -> the moving figures rolled against this turn; moving figure
#: id -> the holders it stood next to on its last space.
ROLLED, NEXT_TO = "strike_rolled", "strike_next_to"


def _strikers(engine: RulesContext, mover: Figure) -> list[tuple[Figure, Power]]:
    """The enemy holders next to ``mover`` whose power answers a figure of its size."""
    st = engine.state
    out = []
    size = st.card_of(mover).size or "medium"
    for kind in D20_KINDS:
        for holder, p in holders(st, kind):
            read = _read(p)
            if read is None or read[0] != "strike" or (read[1] and size not in read[1]):
                continue
            if st.is_enemy(holder, mover) and adjacent(st, holder, mover):
                out.append((holder, p))
    return out


def _start(engine: RulesContext, mover: Figure) -> None:
    turn = engine.state.turn
    if turn is not None and any(True for k in D20_KINDS for _ in holders(engine.state, k)):
        turn.data.setdefault(NEXT_TO, {})[mover.id] = [h.id for h, _ in _strikers(engine, mover)]


def _entered(engine: RulesContext, mover: Figure) -> None:
    turn = engine.state.turn
    if turn is None:
        return
    found = _strikers(engine, mover)
    before = set(turn.data.setdefault(NEXT_TO, {}).get(mover.id, []))
    turn.data[NEXT_TO][mover.id] = [h.id for h, _ in found]
    for holder, power in found:
        rolled = turn.data.setdefault(ROLLED, {}).setdefault(holder.id, [])
        if holder.id in before or mover.id in rolled or not mover.on_battlefield:
            continue
        rolled.append(mover.id)
        if _try(engine, holder, power, mover, f"1 wound to {mover.id}"):
            engine.wound(mover, 1, power.name)


step_hooks.on_before_move(_start)
step_hooks.on_enter(_entered)


def _disengage(engine: RulesContext, attacker: Figure, mover: Figure, wounds: int) -> int:
    """Tactical Disengagement: the mover's roll against a leaving-engagement attack's wounds."""
    for power, _ in _mine(engine.state, mover, "swipe_guard"):
        if _try(engine, mover, power, attacker, "the wounds are ignored"):
            return 0
    return wounds


step_hooks.on_swipe_wounded(_disengage)
