"""Special attacks made by several figures of a squad together, one roll (``area`` "combined", with
``figures_needed``: Arrow Volley of the Roman Archers, Zombie Onslaught of the Zombies of Morindan,
Encircle of the Ashigaru Yari).

The card data gives only the numbers (Range, Attack, ``figures_needed`` 3); what the figures must
do is read from the Range, as the three cards print it:

- Range 1 (Zombie Onslaught, Encircle): every one of them is next to the target (engaged with it,
  HS-ENGAGE-01) and stands on the attacker's level ("standing on one level").
- a longer Range (Arrow Volley): none of them is engaged, they stand on one level next to one
  another (each next to at least one of the others), and each has the target within the Range
  and in clear sight (HS-LOS-03).

The figure that declares it (``special ATTACKER POWER TARGET``) and as many of its squad's figures
(of that player's cards of the same name) that have not attacked this turn as the attack needs
must qualify; the attack rolls the power's Attack once, as any single-target special attack. Every
figure of the card then has attacked this turn (Encircle: "the squad's fourth cannot attack"; the
three that combine have made their attack). Decided where the cards differ: Encircle's "judge height
advantage from the lowest" asks nothing here, as a special attack's own dice ignore height (HS-SPECIAL-02);
its figures must stand on one level too, as the other two cards say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules import modifiers, special
from bot.rules.cards import Power
from bot.rules.combat import attack_range
from bot.rules.engagement import adjacent, engaged_enemies
from bot.rules.los import clear_sight
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: ``block_special`` accepts ``figures_needed`` for a ``combined`` area
#: (:func:`check_combined`) and this module checks and carries it out.
KINDS: frozenset[str] = frozenset()
AREA = "combined"


def check_combined(values: dict[str, Any]) -> str | None:
    """Why a combined special attack's ``figures_needed`` cannot be enforced, or ``None``."""
    n = values.get("figures_needed")
    if values.get("area") != AREA or not isinstance(n, int) or isinstance(n, bool) or n < 2:
        return f"an attack made by '{n}' figures together is not understood"
    return None


def combined_power(state: MatchState, fig: Figure, name: str | None) -> Power | None:
    """The combined special attack called ``name`` on ``fig``'s card, or ``None``."""
    if name is None:
        return None
    return next((p for p in state.card_of(fig).powers if p.name == name and p.values.get("area") == AREA
                 and check_combined(dict(p.values)) is None), None)


def _qualifies(state: MatchState, fig: Figure, target: Figure, reach: int, level: int) -> bool:
    if fig.level != level:
        return False
    if reach <= 1:
        return adjacent(state, fig, target)
    return not engaged_enemies(state, fig) and attack_range(state, fig, target) <= reach and clear_sight(state, fig, target)


def partners(state: MatchState, attacker: Figure, target: Figure, power: Power) -> list[Figure]:
    """The attacker's squad mates that may join this attack (see the module doc), by id. For a longer
    Range they are those joined to the attacker through figures next to one another."""
    sp = special.spec(power)
    reach = sp.reach if sp is not None and sp.reach is not None else 1
    done = set(state.turn.attacked) if state.turn is not None else set()
    name = state.card_of(attacker).name
    pool = [f for f in state.on_battlefield() if f is not attacker and f.controller == attacker.controller
            and state.card_of(f).name == name and f.id not in done and _qualifies(state, f, target, reach, attacker.level)]
    if reach <= 1:
        return sorted(pool, key=lambda f: f.id)
    joined, frontier = [attacker], [attacker]
    while frontier:  # the figures next to one another, from the attacker out
        cur = frontier.pop()
        for f in pool:
            if f not in joined and adjacent(state, cur, f):
                joined.append(f)
                frontier.append(f)
    return sorted(joined[1:], key=lambda f: f.id)


def _needed(power: Power) -> int:
    return int(power.values["figures_needed"])


@modifiers.on_target_check
def _enough(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Refuse a combined attack unless enough of the squad can join it (``None``: no say)."""
    power = combined_power(state, ctx.attacker, ctx.special)
    if power is None:
        return None
    sp = special.spec(power)
    reach = sp.reach if sp is not None and sp.reach is not None else 1
    if not _qualifies(state, ctx.attacker, ctx.target, reach, ctx.attacker.level):
        return None  # the attacker's own geometry is the core rules' to refuse
    have = 1 + len(partners(state, ctx.attacker, ctx.target, power))
    need = _needed(power)
    if have >= need:
        return None
    how = ("next to it, on one level" if reach <= 1
           else "unengaged, next to one another on one level, each with it in range and clear sight")
    return Verdict(False, f"{power.name} needs {need} {state.card_of(ctx.attacker).name} that have not attacked "
                          f"this turn, {how}; only {have} can")


@register
class CombinedAttack(PowerEffect):
    """As a combined attack is made (the "before attack" window, after it is declared): its partners
    join it and every figure of the card has attacked this turn (see the module doc)."""

    name = "combined_attack"
    kind = "special_attack"
    window = Window.BEFORE_ATTACK
    rule = "HS-SPECIAL-01"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        if attacker is None or combined_power(st, attacker, args.get("name")) is None:
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, (("target", str(args.get("first", ""))),),
                        source=attacker.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        attacker = st.figures[trigger.subject]
        target = st.figures.get(str(trigger.get("target")))
        power = combined_power(st, attacker, str(window_args(engine).get("name", "")))
        if power is None or target is None:
            return
        joined = partners(st, attacker, target, power)[: _needed(power) - 1]
        rest = [f for f in st.figures_of(attacker.card_key) if f is not attacker and f.on_battlefield]
        engine.forgo_attacks(sorted({f.id for f in [*joined, *rest]}))
        engine.emit("power", power=power.name, figure=attacker.id, player=trigger.controller, target=target.id,
                    success=True, result=f"{', '.join([attacker.id, *(f.id for f in joined)])} attack together")
