"""Building block ``special_attack`` with ``after_first_attack_on_a_target`` "move one WHO up to N"
(Boarding Party of Admiral EJ-1M: "move one Pirate/Captain up to 4"): after the first attack of
the power at a figure this turn, the attacker's controller may pick one of their figures WHO
names and move it up to N spaces with the normal movement rules; each figure at most once a turn
(HS-SPECIAL-08).

Asked in the special attack's "after attack" window: first which figure (its id, or ``skip``),
then where to (a space, or ``stay``). ``block_special`` accepts the parameter when
:func:`read_move` understands it; the attack made again (``extra_attacks``) is offered after the
move, as that effect leaves the window.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules import special
from bot.rules.cards import Power
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers._free import FreeMove
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``special_attack`` powers with this parameter.
KINDS: frozenset[str] = frozenset()

KEY = "after_first_attack_on_a_target"
#: ``turn.data`` key: the figures moved this way this turn, per power name.
MOVED = "special_moved"
_MOVE = re.compile(r"move one (.+?) up to (\d+)")


def read_move(text: Any) -> tuple[terms.Who, int] | None:
    """``(who may move, most spaces)`` of "move one Pirate/Captain up to 4", or ``None`` when not
    understood (``who`` is relative to the attacker: "your" figures)."""
    m = _MOVE.fullmatch(terms.norm(text)) if isinstance(text, str) else None
    if m is None:
        return None
    who, _ = terms.who("your " + m.group(1).replace("/", " or ") + " figures")
    return (who, int(m.group(2))) if who is not None else None


def _power(st: MatchState, fig: Figure, name: Any) -> tuple[Power, terms.Who, int] | None:
    for p in st.card_of(fig).powers:
        if p.kind == "special_attack" and p.name == name and KEY in p.values:
            got = read_move(p.values[KEY])
            return (p, *got) if got is not None else None
    return None


def _movers(st: MatchState, attacker: Figure, power: str, who: terms.Who) -> list[Figure]:
    moved = st.turn.data.get(MOVED, {}).get(power, []) if st.turn is not None else []
    return sorted((f for f in st.on_battlefield() if f.id not in moved and f.controller == attacker.controller
                   and who.fits(st, attacker, f)), key=lambda f: f.id)


@register
class MoveAfterFirstAttack(PowerEffect):
    """After the power's first attack at a figure this turn: which figure moves (``skip``: none).
    ``subject``: the attacker; data ``power`` (its name) and ``card``."""

    name = "special_move_after_attack"
    kind = "special_attack"
    window = Window.AFTER_ATTACK
    optional = True
    rule = "HS-SPECIAL-08"

    def card_key(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("card"))

    def power_name(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power"))

    def _found(self, engine: RulesContext, trigger: Trigger) -> tuple[Figure, terms.Who, int] | None:
        st = engine.state
        attacker = st.figures.get(trigger.subject)
        found = _power(st, attacker, trigger.get("power")) if attacker is not None else None
        return (attacker, found[1], found[2]) if attacker is not None and found is not None else None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        last = turn.data.get(special.LAST_SPECIAL) if turn is not None else None
        if turn is None or attacker is None or last is None or last.get("attacker") != attacker.id:
            return []
        found = _power(st, attacker, last.get("name"))
        target = args.get("target")
        if found is None:
            return []
        power = found[0]
        made = [t for a, n, t in turn.data.get(special.SPECIALS_MADE, ()) if a == attacker.id and n == power.name]
        if made.count(target) != 1 or not _movers(st, attacker, power.name, found[1]):
            return []  # not the first attack at this figure, or no figure left to move
        return [Trigger(self.name, attacker.controller, attacker.id,
                        (("power", power.name), ("card", attacker.card_key)), source=attacker.id)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        found = self._found(engine, trigger)
        return found is not None and bool(_movers(engine.state, found[0], self.power_name(engine, trigger), found[1]))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        found = self._found(engine, trigger)
        movers = _movers(engine.state, found[0], self.power_name(engine, trigger), found[1]) if found else []
        return [f.id for f in movers] + [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        found = self._found(engine, trigger)
        return (f"{self.power_name(engine, trigger)}: which figure moves (up to {found[2] if found else 0} spaces), "
                f"or {SKIP}?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        found = self._found(engine, trigger)
        name = self.power_name(engine, trigger)
        if found is None or st.turn is None or choice not in {f.id for f in _movers(st, found[0], name, found[1])}:
            return
        st.turn.data.setdefault(MOVED, {}).setdefault(name, []).append(str(choice))
        mover = Trigger(MoveChosen.name, trigger.controller, str(choice),
                        (("power", name), ("card", trigger.get("card")), ("distance", found[2])))
        MoveChosen().resolve(engine, mover, None)


@register
class MoveChosen(FreeMove):
    """Where the figure picked by :class:`MoveAfterFirstAttack` moves: ``subject`` the mover; data
    ``power``, ``card`` (the attacker's card) and ``distance``."""

    name = "special_move_to"
    kind = "special_attack"
    window = Window.AFTER_ATTACK  # never triggers by itself: asked for by MoveAfterFirstAttack
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return []

    def power_name(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power"))

    def budget(self, engine: RulesContext, trigger: Trigger) -> int:
        return int(trigger.get("distance", 0))


#: ``block_special``'s check accepts the parameter when :func:`read_move` reads it.
CHECKS: dict[str, Any] = {}
