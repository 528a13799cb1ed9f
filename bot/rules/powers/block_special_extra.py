"""Building block ``special_attack`` with ``area`` "target_plus_adjacent" and ``extra_targets`` N
(Tetsubo of Gurei-Oni: 1, Acid Spray of Othkurik: 2): once the attack is declared at its target,
before the roll, the attacker's controller may add up to N other figures next to the target, one
question each (a figure id, or ``none`` to stop); one roll is made for them all and each defends
separately, in the order added (HS-SPECIAL-05).

``area`` "chain" with ``extra_targets`` N and ``chain_distance`` D (Fledgling Lightning Breath of
the Blue Wyrmling: 1 within 3, Thunder Ram Assault of Eltahale: 2 within 2) is the same with the
figures added within D spaces of the target, in its clear sight (the target's), not next to it.

The question comes in the "before attack" window of the special attack; each figure added joins
the window's ``groups`` (the figures the roll is made for), which the roll reads as the window ends.
``block_special`` accepts ``extra_targets`` for this area only.

An Attack "2, 3 or 4 (chosen)" (Fire Blast of Erevan Sunshadow, whose repeat needs every die to be a
skull) is asked in the same window: how many of those dice to roll (the attack's other dice, such
as height advantage, are added as usual).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.los import clear_sight
from bot.rules.powers._common import spaces_between
from bot.rules.powers._effects import window_args
from bot.rules.special_shape import chosen_dice
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``special_attack`` powers of this shape.
KINDS: frozenset[str] = frozenset()

NONE = "none"
#: The window's argument that says the dice were chosen.
CHOSEN = "_dice_chosen"
#: The window's argument that counts the figures added (arguments starting "_" stay in the window).
ADDED = "_extra_targets_added"


def _whole(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else None


def extra_targets(values: dict[str, Any]) -> tuple[int, int | None] | None:
    """``(most figures added, within how many spaces of the target or None: next to it)`` of a
    special attack's ``values`` whose extra targets share its roll, else ``None``."""
    n = _whole(values.get("extra_targets"))
    if n is None:
        return None
    if values.get("area") == "target_plus_adjacent" and "chain_distance" not in values:
        return n, None
    d = _whole(values.get("chain_distance"))
    return (n, d) if values.get("area") == "chain" and d is not None and "repeat" not in values else None


def _power(st: MatchState, attacker: Figure, name: str) -> tuple[Power, int, int | None] | None:
    for p in st.card_of(attacker).powers:
        found = extra_targets(p.values) if p.kind == "special_attack" and p.name == name else None
        if found is not None:
            return p, found[0], found[1]
    return None


def _near(st: MatchState, first: Figure, f: Figure, within: int | None) -> bool:
    if within is None:
        return adjacent(st, first, f)
    return spaces_between(first, f) <= within and clear_sight(st, first, f)


def _candidates(st: MatchState, attacker: Figure, args: dict[str, Any]) -> list[Figure]:
    first = st.figures.get(str(args.get("first", "")))
    found = _power(st, attacker, str(args.get("name", "")))
    if first is None or found is None:
        return []
    taken = {f for g in args.get("groups", ()) for f in g}
    return sorted((f for f in st.on_battlefield() if f is not attacker and f is not first and f.id not in taken
                   and _near(st, first, f, found[2])), key=lambda f: (not st.is_enemy(attacker, f), f.id))


@register
class ExtraTargets(Effect):
    """Before the roll of a "target_plus_adjacent" special attack: pick the figures added, one at
    a time (enemies first, then ``none``, then the others)."""

    name = "special_extra_targets"
    window = Window.BEFORE_ATTACK
    source = Source.UNIT
    optional = True
    rule = "HS-SPECIAL-05"

    def _open(self, engine: RulesContext) -> tuple[Figure, Power, int, dict[str, Any]] | None:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        if attacker is None or "groups" not in args or "name" not in args:
            return None
        found = _power(st, attacker, str(args["name"]))
        if found is None or int(args.get(ADDED, 0)) >= found[1] or args.get(ADDED + "_stop"):
            return None
        return attacker, found[0], found[1], args

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = self._open(engine)
        if found is None or int(found[3].get(ADDED, 0)) or not _candidates(engine.state, found[0], found[3]):
            return []  # asked once per attack; the next figures are asked by resolve itself
        return [Trigger(self.name, found[0].controller, found[0].id, (("power", found[1].name),), source=found[0].id)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        found = self._open(engine)
        if found is None:
            return [NONE]
        near = _candidates(engine.state, found[0], found[3])
        foes = [f.id for f in near if engine.state.is_enemy(found[0], f)]
        return foes + [NONE] + [f.id for f in near if f.id not in foes]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power", self.name))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        found = self._open(engine)
        left = found[2] - int(found[3].get(ADDED, 0)) if found else 0
        first = found[3].get("first") if found else "the target"
        within = _power(engine.state, found[0], str(found[3].get("name", ""))) if found else None
        where = f"within {within[2]} spaces of {first} (in its clear sight)" if within and within[2] else f"next to {first}"
        return (f"{trigger.get('power')}: add a figure {where} to this attack (one roll for all; "
                f"{left} more at most), or none?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        found = self._open(engine)
        if found is None:
            return
        attacker, power, most, args = found
        if choice is None or choice == NONE or choice not in {f.id for f in _candidates(engine.state, attacker, args)}:
            args[ADDED + "_stop"] = True
            return
        args["groups"] = [*args["groups"], [choice]]
        args[ADDED] = int(args.get(ADDED, 0)) + 1
        engine.emit("power", power=power.name, figure=attacker.id, target=choice, player=attacker.controller,
                    success=True, result=f"{choice} is affected too")
        # the next figure, while one may still be added
        if args[ADDED] < most and _candidates(engine.state, attacker, args):
            engine.ask(trigger, self.prompt(engine, trigger), self.options(engine, trigger), self.rule)


@register
class DiceChoice(Effect):
    """Before the roll of a special attack whose Attack is chosen: how many dice (``subject``: the
    attacker; options: the numbers, the most first)."""

    name = "special_dice_choice"
    window = Window.BEFORE_ATTACK
    source = Source.UNIT
    optional = True
    rule = "HS-SPECIAL-02"

    def _open(self, engine: RulesContext) -> tuple[Figure, Power, tuple[int, ...], dict[str, Any]] | None:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        if attacker is None or "dice" not in args or "name" not in args or args.get(CHOSEN):
            return None
        for p in st.card_of(attacker).powers:
            choices = chosen_dice(p.values.get("attack")) if p.kind == "special_attack" and p.name == args["name"] else ()
            if choices:
                return attacker, p, choices, args
        return None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = self._open(engine)
        return [] if found is None else [Trigger(self.name, found[0].controller, found[0].id,
                                                  (("power", found[1].name),), source=found[0].id)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        found = self._open(engine)
        return [str(n) for n in sorted(found[2], reverse=True)] if found else ["0"]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power", self.name))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return f"{trigger.get('power')}: how many attack dice ({', '.join(self.options(engine, trigger))})?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        found = self._open(engine)
        if found is None:
            return
        attacker, power, choices, args = found
        args[CHOSEN] = True
        n = int(choice) if choice is not None and choice.isdigit() and int(choice) in choices else max(choices)
        args["dice"] = max(0, int(args["dice"]) - max(choices) + n)
        engine.emit("power", power=power.name, figure=attacker.id, player=attacker.controller, success=True,
                    result=f"{attacker.id} rolls {args['dice']} attack dice")


#: ``block_special``'s check accepts ``extra_targets`` for this area.
CHECKS: dict[str, Any] = {}
