"""Grenade Special Attack (Airborne Elite): Range 5, Attack 2, Lob 12, Explosion 1, once per game.

The attack itself is the generic special attack of :mod:`bot.rules.special`: its ``explosion``
value makes it hit the target and every figure next to it with one roll, and ``lob`` makes it
need no line of sight (the text: the target "need not be in clear sight"), though it cannot arc
over anything more than 12 levels above the thrower.

Once per game, for the whole squad (``uses``: 1): the grenade marker is removed in the turn the
first grenade is thrown, and in that turn each Elite in turn may throw one (instead of its
normal attack, HS-SPECIAL-01). In any later turn the attack is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules import special
from bot.rules.cards import Power
from bot.rules.errors import IllegalCommand
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"grenade_special_attack"})

KIND = "grenade_special_attack"
#: ``CardInPlay.data`` key: the grenade marker is gone.
THROWN = "grenade_thrown"


def _turn_key(card_key: str) -> str:
    return f"{KIND}:{card_key}"


@special.on_special_check
def _once_per_game(st: MatchState, fig: Figure, power: Power) -> None:
    if power.kind != KIND:
        return
    cip = st.cards[fig.card_key]
    this_turn = st.turn is not None and st.turn.data.get(_turn_key(cip.key))
    if cip.data.get(THROWN) and not this_turn:
        raise IllegalCommand(f"{cip.card.short} threw their grenades in an earlier turn: {power.name} is "
                             "usable once per game")


@register
class GrenadeThrown(PowerEffect):
    """Before the first grenade's dice are rolled: remove the grenade marker (this turn still throws)."""

    name = "grenade_thrown"
    kind = KIND
    window = Window.BEFORE_ATTACK
    immediate = True

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        fig = st.figures.get(args.get("attacker", ""))
        if fig is None or "name" not in args:
            return []  # not a special attack
        power = st.card_of(fig).power(KIND)
        if power is None or power.name != args["name"] or st.cards[fig.card_key].data.get(THROWN):
            return []
        return [Trigger(self.name, fig.controller, fig.card_key)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        cip = st.cards[trigger.subject]
        cip.data[THROWN] = True
        if st.turn is not None:
            st.turn.data[_turn_key(cip.key)] = True
        engine.emit("power", power=self.power_name(engine, trigger), card=cip.key, player=cip.controller, success=True,
                    result="the grenade marker is removed: each Elite may throw one this turn, never again")
