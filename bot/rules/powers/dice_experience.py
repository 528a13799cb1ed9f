"""Experience Markers (Bloodlust of the Tagawa Samurai): an ``attack_bonus`` whose ``markers`` is
"gain 1 per opponent's figure destroyed" and whose ``amount`` is "1 per Experience Marker".

Each opponent's figure destroyed by a normal attack of a figure of the card puts 1 Experience
Marker on the card (kept in ``CardInPlay.data["experience"]``, :data:`bot.rules.powers._amounts.EXPERIENCE`);
the card's normal attacks then roll 1 extra attack die per marker, up to the power's ``max``
(HS-ATTACK-09, read by :mod:`block_dice` through :func:`bot.rules.powers._amounts.amount`).
The markers stay on the card for the rest of the battle.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.powers._amounts import EXPERIENCE, experience
from bot.rules.powers._effects import window_args
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The ``markers`` phrase of a card that gains Experience Markers.
GAINS = "gain 1 per opponent's figure destroyed"
#: The ``cause`` of a destruction by a normal attack (:func:`bot.rules.actions.attack`): "attack by FIGURE".
_BY_ATTACK = re.compile(r"attack by (\S+)")


def gains(markers: Any) -> bool:
    """Whether a power's ``markers`` phrase is the one this module keeps (:data:`GAINS`)."""
    return isinstance(markers, str) and " ".join(markers.lower().split()) == GAINS


def experience_power(powers: tuple[Power, ...] | list[Power]) -> Power | None:
    """The power of a card that gains Experience Markers, if it has one."""
    return next((p for p in powers if gains(p.values.get("markers"))), None)


@register
class GainExperience(Effect):
    """An opponent's figure destroyed by a normal attack of a figure whose card gains Experience
    Markers: the card gains 1 (``subject``: the attacking figure)."""

    name = "experience_gain"
    window = Window.DESTROYED
    source = Source.UNIT
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        victim = st.figures.get(str(args.get("figure", "")))
        m = _BY_ATTACK.fullmatch(str(args.get("cause", "")))
        attacker = st.figures.get(m.group(1)) if m else None
        if victim is None or attacker is None or not st.is_enemy(attacker, victim):
            return []
        if experience_power(st.card_of(attacker).powers) is None:
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, (("victim", victim.id),))]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        attacker = st.figures[trigger.subject]
        power = experience_power(st.card_of(attacker).powers)
        if power is None:
            return
        cip = st.cards[attacker.card_key]
        cip.data[EXPERIENCE] = experience(st, cip.key) + 1
        engine.emit("power", power=power.name, figure=attacker.id, player=trigger.controller, success=True,
                    result=f"{cip.data[EXPERIENCE]} Experience Marker{'' if cip.data[EXPERIENCE] == 1 else 's'} "
                           "on the card")
