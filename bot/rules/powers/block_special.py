"""Building block ``special_attack``: the limits and extras of a special attack of the shared file.

Where it reaches and whom it affects (its area: the target alone, Explosion, Line, a line past
the target, every adjacent figure; Lob, no sight, self immune) is :func:`bot.rules.special.spec`;
this module adds what else its ``values`` say:

- ``condition`` about the attacker ("did not move this turn", "within 1 space of a water tile"):
  the attack is refused when it does not hold.
- ``limit``: "once per game" (the card's use is recorded when the attack is made); with
  ``each_figure_attacks`` (Grenade) every figure of the squad may make it in that one turn.
- ``targets`` ("not Small figures", "Undead only", "non-adjacent Small/Medium"): whom it may aim at.
- ``bonus`` (its own extra dice, HS-SPECIAL-02): "+1 per other Elf Wizard you control within 3
  clear sight spaces, max +3", "+1 die vs a figure engaged with your Pirate or Captain", "+1 die
  if the second attack targets the same figure".
- ``no_defense``: the figures it affects roll no defense dice.
- ``excludes`` "figures with Flying" (Earth Slam): flying figures are not affected.
- ``defense_penalty`` (``{"amount": 1}``, optionally ``who``: "Common Squad figures"): the
  figures it affects roll that many fewer defense dice.
- ``extra_attacks`` N (Sonic Blast, Machine Pistol): after it, the figure may make it again, up to
  N more times in the turn and no normal attack (HS-SPECIAL-01); ``different_targets``: each at a
  target not yet aimed at with it this turn.
- ``area`` "chain" (Erupting Earth, Arcane Bolt): after each attack it may be made again at a
  figure that was next to the last target when that attack began (wherever it stands), each at a
  different figure; ``repeat`` "up to 4 attacks, -1 die each, next target adjacent to previous" or
  "while it wounds; next target adjacent to previous".
- ``before_each`` "place next to an enemy within 2 clear sight spaces and 6 levels" (Ninjutsu
  Mastery): the attacker is placed next to the target before each roll, :mod:`block_special_place`;
  ``bonus`` "+1 die with exactly 1 unrevealed Order Marker on this card".
- ``after_first_attack_on_a_target`` "move one Pirate/Captain up to 4" (Boarding Party): a free
  move after the first attack at each figure, :mod:`block_special_move`.
- ``repeat`` "while it inflicts a wound" / "while it destroys a figure" / "while the roll has 2+
  skulls" (Rapid Fire, Blood Hungry, Blind Rage): it may be made again as long as the last one did so.

Making it again is offered as for Double Attack: the power grants the attack and the player makes
it (``special``) or ends the turn; no question is asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers, special
from bot.rules.cards import Power
from bot.rules.engagement import adjacent, engaged
from bot.rules.errors import IllegalCommand
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.powers import _amounts as amounts
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.powers.block_special_move import read_move
from bot.rules.powers.block_special_place import read_place
from bot.rules.powers.combined_attack import check_combined
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"special_attack"})

KIND = "special_attack"
#: ``turn.data`` key: figure id -> the special attack it may make again (and nothing else).
AGAIN = "special_again"
#: ``CardInPlay.data`` key prefix: a once-per-game special attack was made.
USED = "special_used:"

_SHAPE_KEYS = {"range", "attack", "area", "line_length", "extra_spaces", "lob", "no_los", "self_immune", "affects", "x"}
_BUILT_KEYS = {"condition", "limit", "targets", "defense_penalty", "extra_attacks", "different_targets", "repeat",
               "no_defense", "excludes", "bonus", "each_figure_attacks", "after_first_attack_on_a_target",
               "before_each"}
_NOT_BUILT = {
    "cost": "paying its cost is not built yet",
    "on_wound": "what it does when it wounds is applied by the players",
    "on_kill": "what it does when it destroys is applied by the players",
    "on_fail": "what happens when it fails is applied by the players",
    "figures_needed": "an attack made by several figures together is not built yet",
    "extra_targets": "choosing extra targets is not built yet",
    "chain_distance": "a chained attack is not built yet",
}
#: A chain's ``repeat``: (most attacks or None, dice lost per attack, only while it wounds).
_CHAINS = {
    "up to 4 attacks, -1 die each, next target adjacent to previous": (4, 1, False),
    "while it wounds; next target adjacent to previous": (None, 0, True),
}
_REPEATS = {
    "while it inflicts a wound": lambda r: r.get("dealt", 0) > 0,
    "while it wounds": lambda r: r.get("dealt", 0) > 0,
    "while it destroys a figure": lambda r: r.get("destroyed", 0) > 0,
    "while the roll has 2+ skulls": lambda r: r.get("skulls", 0) >= 2,
    "while every die is a skull": lambda r: r.get("dice", 0) > 0 and r.get("skulls", 0) == r.get("dice", 0),
}


def _targets(text: Any) -> tuple[Callable[[MatchState, Figure, Figure], bool] | None, str | None]:
    """Read ``targets``: whom the attack may aim at, as a test (state, attacker, target)."""
    t = terms.norm(text)
    bad = (None, f"the targets '{text}' are not understood")
    far = t.startswith("non-adjacent ")
    if far:
        t = t[len("non-adjacent "):]
    negate = t.startswith("not ")
    if negate:
        t = t[4:]
    t = t.removesuffix(" only")
    if not t.endswith(("figures", "figure")) and re.fullmatch(r"[a-z/ ]+", t):
        t += " figures"
    who, _ = terms.who(t)
    if who is None or "within" in t:
        return bad
    who = terms.Who(side="any", any_of=who.any_of, sizes=who.sizes, kind=who.kind, rarity=who.rarity)

    def test(st: MatchState, a: Figure, f: Figure) -> bool:
        if far and adjacent(st, a, f):
            return False
        return who.card_fits(st.card_of(f)) != negate

    return test, None


def _penalty(values: Any) -> tuple[tuple[int, terms.Who] | None, str | None]:
    if not isinstance(values, dict) or not isinstance(values.get("amount"), int) or set(values) - {"amount", "who"}:
        return None, f"the defense penalty '{values}' is not understood"
    who, why = terms.who(values.get("who", ""))
    if who is None:
        return None, why
    return (values["amount"], terms.Who(side="any", any_of=who.any_of, sizes=who.sizes, kind=who.kind,
                                        rarity=who.rarity)), None


_Bonus = Callable[[MatchState, Figure, Power, "Figure | None"], int]


def _bonus(text: Any) -> _Bonus | None:
    """Read a special attack's ``bonus``: "+1 per other Elf Wizard you control within 3 clear sight
    spaces, max +3", "+1 die vs a figure engaged with your Pirate or Captain", "+1 die if the second
    attack targets the same figure"."""
    t = terms.norm(text)
    m = re.fullmatch(r"\+(\d+) per other (.+?) you control within (\d+) clear sight spaces, max \+(\d+)", t)
    if m:
        amt, _ = amounts.amount(f"{m.group(1)} per {m.group(2)} you control within {m.group(3)} clear sight spaces",
                              int(m.group(4)))
        return (lambda st, f, p, tgt: amt(st, f, tgt)) if amt is not None else None
    m = re.fullmatch(r"\+(\d+) (?:die|dice) vs a figure engaged with your (.+)", t)
    if m:
        n, who = int(m.group(1)), terms.who(f"your {m.group(2)}")[0]
        if who is None:
            return None
        return lambda st, f, p, tgt: n if tgt is not None and any(
            g is not tgt and who.fits(st, f, g) and engaged(st, g, tgt) for g in st.on_battlefield()) else 0
    m = re.fullmatch(r"\+(\d+) (?:die|dice) with exactly (\d+) unrevealed order markers? on this card", t)
    if m:  # Ninjutsu Mastery: the markers still face down on the attacker's card
        n, left = int(m.group(1)), int(m.group(2))
        return lambda st, f, p, tgt: n if sum(
            1 for mk, key in st.orders.get(f.controller, {}).items()
            if key == f.card_key and mk not in st.revealed.get(f.controller, [])) == left else 0
    m = re.fullmatch(r"\+(\d+) (?:die|dice) if the second attack targets the same figure", t)
    if m:
        n = int(m.group(1))

        def same(st: MatchState, f: Figure, p: Power, tgt: Figure | None) -> int:
            made = [x for a, name, x in st.turn.data.get(special.SPECIALS_MADE, ()) if a == f.id and name == p.name] \
                if st.turn is not None else []
            return n if tgt is not None and len(made) == 1 and made[0] == tgt.id else 0

        return same
    return None


@special.on_special_dice
def _bonus_dice(st: MatchState, fig: Figure, power: Power, tgt: Figure | None) -> int:
    """A special attack's ``bonus`` dice (its own text, HS-SPECIAL-02)."""
    if power.kind != KIND or not _ok(power):
        return 0
    n = 0
    chain = _CHAINS.get(terms.norm(power.values.get("repeat", ""))) if power.values.get("area") == "chain" else None
    if chain is not None and st.turn is not None:  # each link of the chain rolls fewer dice
        made = sum(1 for a, name, _ in st.turn.data.get(special.SPECIALS_MADE, ()) if a == fig.id and name == power.name)
        n -= chain[1] * made
    if "bonus" in power.values:
        bonus = terms.read(power, "special_bonus", lambda p: _bonus(p.values["bonus"]))
        n += bonus(st, fig, power, tgt) if bonus is not None else 0
    return n


def check_special_attack(values: dict[str, Any]) -> str | None:
    """Why a ``special_attack`` cannot be enforced, or ``None``."""
    power = Power(name="?", text="", kind=KIND, values=values)
    if special.spec(power) is None:
        area = values.get("area")
        if area not in special.AREAS:
            return f"the area '{area}' is not built yet"
        if area == "chain":
            return "a chain whose extra targets share one roll is not built yet"
        return f"its Range '{values.get('range')}' or Attack '{values.get('attack')}' is not understood"
    for key in values:
        if key in _SHAPE_KEYS or key in _BUILT_KEYS:
            continue
        if key == "figures_needed" and check_combined(values) is None:
            continue  # the figures that join it are checked as it is made (combined_attack)
        if key == "extra_targets" and values.get("area") == "target_plus_adjacent" \
                and isinstance(values[key], int) and values[key] > 0:
            continue  # picked as the attack is made (block_special_extra)
        return _NOT_BUILT.get(key, f"the parameter '{key}' is not understood")
    if values.get("excludes") is not None and terms.norm(values["excludes"]) != "figures with flying":
        return f"leaving out '{values['excludes']}' is not built yet"
    cond, why = terms.condition(values.get("condition"))
    if cond is None:
        return why
    if cond.needs_attack:
        return "a condition about the target is not built yet"
    if values.get("limit") not in (None, "once per game"):
        return f"the limit '{values.get('limit')}' is not built yet"
    if "targets" in values and _targets(values["targets"])[1]:
        return _targets(values["targets"])[1]
    if "defense_penalty" in values and _penalty(values["defense_penalty"])[1]:
        return _penalty(values["defense_penalty"])[1]
    if "before_each" in values and read_place(values["before_each"]) is None:
        return "placing the figure before each attack is not built yet"
    if "after_first_attack_on_a_target" in values and read_move(values["after_first_attack_on_a_target"]) is None:
        return "moving a figure after the attack is applied by the players"
    if "bonus" in values and _bonus(values["bonus"]) is None:
        return "its extra attack dice are added by the players"
    n = values.get("extra_attacks", 0)
    if not isinstance(n, int):
        return f"the extra attacks '{n}' are not understood"
    if values.get("area") == "chain":
        if terms.norm(values.get("repeat", "")) not in _CHAINS:
            return f"the chain '{values.get('repeat')}' is not built yet"
    elif "repeat" in values and terms.norm(values["repeat"]) not in _REPEATS:
        return f"the repeat '{values['repeat']}' is not built yet"
    return None


def _ok(power: Power) -> bool:
    return power.kind == KIND and terms.read(power, "ok:special", lambda p: check_special_attack(p.values) is None)


def _power(st: MatchState, fig: Figure, name: str | None) -> Power | None:
    if name is None:
        return None
    for p in st.card_of(fig).powers:
        if p.name == name and _ok(p):
            return p
    return None


@special.on_special_check
def _may_make(st: MatchState, fig: Figure, power: Power) -> None:
    """The attack's own conditions, once per game, and "only this attack again" after a repeat."""
    again = st.turn.data.get(AGAIN, {}).get(fig.id) if st.turn is not None else None
    if again is not None and again != power.name:
        raise IllegalCommand(f"{fig.id} may only make its {again} again this turn", "HS-SPECIAL-01")
    if not _ok(power):
        return
    cond = terms.read(power, "condition", lambda p: terms.condition(p.values.get("condition"))[0])
    if cond is not None and not cond.holds(st, fig, None, "special"):
        raise IllegalCommand(f"{power.name} may be made only when: {cond.text}")
    if power.values.get("limit") == "once per game" and st.cards[fig.card_key].data.get(USED + power.name) \
            and not (power.values.get("each_figure_attacks") and st.turn is not None
                     and st.turn.data.get(f"{USED}{power.name}:{fig.card_key}")):
        raise IllegalCommand(f"{power.name} may be used once per game, and was used already")


@modifiers.on_target_check
def _may_aim(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Whom the attack may aim at (``targets``, ``different_targets``), and no normal attack once
    the figure is making a special attack again."""
    turn = state.turn
    again = turn.data.get(AGAIN, {}).get(ctx.attacker.id) if turn is not None else None
    if ctx.special is None:
        if again is not None:
            return Verdict(False, f"{ctx.attacker.id} may only make its {again} again this turn", "HS-SPECIAL-01")
        return None
    power = _power(state, ctx.attacker, ctx.special)
    if power is None:
        return None
    chain = _CHAINS.get(terms.norm(power.values.get("repeat", ""))) if power.values.get("area") == "chain" else None
    if chain is not None and again == power.name and turn is not None:
        last = turn.data.get(special.LAST_SPECIAL, {})
        made = [t for a, n, t in turn.data.get(special.SPECIALS_MADE, ()) if a == ctx.attacker.id and n == power.name]
        if ctx.target.id in made or ctx.target.id not in last.get("around", ()):
            return Verdict(False, f"{power.name}: the next attack goes to a figure that was next to the last target "
                                  "and was not a target yet")
        return Verdict(True)  # the chain reaches it wherever it stands (Range "+ special")
    if "targets" in power.values:
        test = terms.read(power, "targets", lambda p: _targets(p.values["targets"])[0])
        if test is not None and not test(state, ctx.attacker, ctx.target):
            return Verdict(False, f"{power.name} may target only {power.values['targets']}")
    if power.values.get("different_targets") and turn is not None:
        made = [t for a, n, t in turn.data.get(special.SPECIALS_MADE, ()) if a == ctx.attacker.id and n == power.name]
        if ctx.target.id in made:
            return Verdict(False, f"each {power.name} of a turn must target a different figure: "
                                  f"{ctx.target.id} was a target already")
    return None


@modifiers.on_defense_dice
def _defense_penalty(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """The figures a special attack with ``defense_penalty`` affects roll fewer defense dice."""
    power = _power(state, ctx.attacker, ctx.special)
    if power is None or "defense_penalty" not in power.values:
        return None
    read = terms.read(power, "special_penalty", lambda p: _penalty(p.values["defense_penalty"])[0])
    if read is None or not read[1].card_fits(state.card_of(ctx.target)):
        return None
    return (power.name, -read[0])


@modifiers.on_defense_cap
def _no_defense(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """A special attack with ``no_defense`` (Ullar Enhanced Rifle): its targets roll no defense dice."""
    power = _power(state, ctx.attacker, ctx.special)
    return (power.name, 0) if power is not None and power.values.get("no_defense") else None


@register
class SpecialAgain(PowerEffect):
    """After a special attack with ``extra_attacks``, ``repeat`` or ``limit``: record a
    once-per-game use, and grant the attack again when the power allows it (HS-TIMING-04: it
    leaves the window, so it resolves last)."""

    name = "special_again"
    kind = KIND
    window = Window.AFTER_ATTACK
    per_figure = True
    leaves_window = True
    rule = "HS-SPECIAL-01"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None:
            return []
        attacker = st.figures.get(window_args(engine).get("attacker", ""))
        last = turn.data.get(special.LAST_SPECIAL)
        if attacker is None or last is None or last.get("attacker") != attacker.id or last.get("done"):
            return []
        power = _power(st, attacker, last.get("name"))
        if power is None or not (power.values.get("limit") or power.values.get("extra_attacks")
                                 or power.values.get("repeat")):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, (("power", power.name),))]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        turn = st.turn
        attacker = st.figures[trigger.subject]
        power = _power(st, attacker, str(trigger.get("power")))
        if turn is None or power is None:
            return
        last = turn.data.get(special.LAST_SPECIAL, {})
        last["done"] = True  # one resolution per attack made
        if power.values.get("limit") == "once per game":
            st.cards[attacker.card_key].data[USED + power.name] = True
            if power.values.get("each_figure_attacks"):  # the whole squad throws in this one turn
                turn.data[f"{USED}{power.name}:{attacker.card_key}"] = True
        if not attacker.on_battlefield:
            return
        made = sum(1 for a, n, _ in turn.data.get(special.SPECIALS_MADE, ()) if a == attacker.id and n == power.name)
        repeat = _REPEATS.get(terms.norm(power.values.get("repeat", "")))
        chain = _CHAINS.get(terms.norm(power.values.get("repeat", ""))) if power.values.get("area") == "chain" else None
        if chain is not None:
            most, _, while_wounds = chain
            if (most is not None and made >= most) or (while_wounds and not last.get("dealt")):
                return
            if not any(f in engine.state.figures and engine.state.figures[f].on_battlefield
                       and f not in [t for a, n, t in turn.data.get(special.SPECIALS_MADE, ()) if a == attacker.id]
                       for f in last.get("around", ())):
                return  # no figure to carry the chain on to
        elif made > power.values.get("extra_attacks", 0) and not (repeat is not None and repeat(last)):
            return
        turn.data.setdefault(AGAIN, {})[attacker.id] = power.name
        engine.emit("power", power=power.name, figure=attacker.id, player=trigger.controller, success=True,
                    result=f"{attacker.id} may make {power.name} again")
        engine.attack_again(attacker.id, power.name)


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"special_attack": check_special_attack}
