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

Building block ``dice_pool_attack`` (Saber Storm of Moriko: ``range`` 1, ``pool`` 6, ``per_attack``
[1, 2, 3]): a special attack whose dice are asked the same way, at most what is left of the turn's
pool; after each one the figure may make it again while dice are left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules import special
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

#: Its own kind: ``dice_pool_attack``; and ``special_attack`` powers of the shapes above.
KINDS = frozenset({"dice_pool_attack"})

NONE = "none"
#: ``turn.data`` key: figure id -> the special attack it may make again (and nothing else).
AGAIN = "special_again"
POOL = "dice_pool_attack"
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
            if p.kind == POOL and p.name == args["name"] and check_pool(p.values) is None:
                left = pool_left(st, attacker, p)
                choices = tuple(n for n in p.values["per_attack"] if n <= left)
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
        most = max(chosen_dice(power.values.get("attack")) or power.values.get("per_attack") or [n])
        args["dice"] = max(0, int(args["dice"]) - most + n)
        if power.kind == POOL and engine.state.turn is not None:
            key = f"{POOL}:{attacker.id}"
            engine.state.turn.data[key] = int(engine.state.turn.data.get(key, 0)) + n
        engine.emit("power", power=power.name, figure=attacker.id, player=attacker.controller, success=True,
                    result=f"{attacker.id} rolls {args['dice']} attack dice")


def check_pool(values: dict[str, Any]) -> str | None:
    """Why a ``dice_pool_attack`` cannot be enforced, or ``None``."""
    per, pool, rng = values.get("per_attack"), values.get("pool"), values.get("range")
    if not (isinstance(per, list) and per and all(isinstance(x, int) and x > 0 for x in per)):
        return f"the dice of each attack '{per}' are not understood"
    if not isinstance(pool, int) or not isinstance(rng, int):
        return f"the pool '{pool}' or the Range '{rng}' is not understood"
    extra = sorted(set(values) - {"per_attack", "pool", "range"})
    return f"the parameter '{extra[0]}' is not understood" if extra else None


def pool_left(st: MatchState, fig: Figure, power: Power) -> int:
    """The dice of ``power``'s pool ``fig`` has not rolled yet this turn."""
    used = int(st.turn.data.get(f"{POOL}:{fig.id}", 0)) if st.turn is not None else 0
    return int(power.values.get("pool", 0)) - used


@register
class PoolAgain(Effect):
    """After a ``dice_pool_attack``: the figure may make it again while its pool has dice left
    (HS-TIMING-04: it leaves the window)."""

    name = "dice_pool_again"
    window = Window.AFTER_ATTACK
    source = Source.UNIT
    leaves_window = True
    rule = "HS-SPECIAL-01"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        attacker = st.figures.get(str(window_args(engine).get("attacker", "")))
        last = st.turn.data.get(special.LAST_SPECIAL, {}) if st.turn is not None else {}
        if attacker is None or not attacker.on_battlefield or last.get("attacker") != attacker.id or last.get("pool_done"):
            return []
        p = next((q for q in st.card_of(attacker).powers if q.kind == POOL and q.name == last.get("name")), None)
        if p is None or check_pool(p.values) is not None or pool_left(st, attacker, p) < min(p.values["per_attack"]):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, (("power", p.name),), source=attacker.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        turn = engine.state.turn
        if turn is None:
            return
        turn.data.get(special.LAST_SPECIAL, {})["pool_done"] = True
        name = str(trigger.get("power"))
        turn.data.setdefault(AGAIN, {})[trigger.subject] = name
        engine.emit("power", power=name, figure=trigger.subject, player=trigger.controller, success=True,
                    result=f"{trigger.subject} may make {name} again")
        engine.attack_again(trigger.subject, name)


#: ``block_special``'s check accepts ``extra_targets`` for this area.
CHECKS: dict[str, Any] = {POOL: check_pool}
