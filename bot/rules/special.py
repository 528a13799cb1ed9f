"""Special attacks with the keywords Explosion X and Line X (HS-SPECIAL-*, HS-EXPLOSION-*, HS-LINE-*).

A card's special attack is a :class:`~bot.rules.cards.Power` whose ``values`` hold ``range``,
``attack`` and ``explosion`` or ``line``. The attack dice are the power's own: height advantage
and other powers never add to them (HS-SPECIAL-02, HS-HEIGHT-04), while each defender keeps its
own extra defense dice (HS-ATTACK-10). One roll of attack dice serves every affected figure
(HS-EXPLOSION-04, HS-LINE-03); each affected figure defends on its own, the target first and
then outward (HS-EXPLOSION-05, HS-LINE-04; the attacker's choice of order is fixed to nearest
first). A figure destroyed part-way does not stop the others defending (HS-DESTROY-05,
HS-EXPLOSION-07).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.rules.cards import Power
from bot.rules.combat import check_target, defense_dice, wounds_from
from bot.rules.engagement import adjacent, engaged_enemies
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.hexes import DIRECTIONS, Hex
from bot.rules.los import line_of_sight
from bot.rules.state import Figure

if TYPE_CHECKING:
    from bot.rules.engine import Engine


@dataclass(slots=True)
class SpecialPlan:
    """A checked special attack: its name, dice, and the affected figures in defense order."""

    attacker: str
    name: str
    dice: int
    affected: list[str] = field(default_factory=list)
    first: str = ""

    def resolve(self, engine: Engine) -> None:
        """Roll once for all, then each affected figure defends in order."""
        st = engine.state
        rolled = engine.roll_combat(self.dice)
        attacker = st.figures[self.attacker]
        for fid in self.affected:
            tgt = st.figures[fid]
            if not tgt.on_battlefield:
                continue
            n, reasons = defense_dice(st, attacker, tgt, special=self.name)
            defense = engine.roll_combat(n)
            skulls, shields, wounds = wounds_from(rolled, defense)
            engine.emit("attack", attacker=self.attacker, target=fid, special=self.name, attack_dice=rolled,
                        defense_dice=defense, skulls=skulls, shields=shields, wounds=wounds,
                        attack_reasons=[[self.name, self.dice]], defense_reasons=[list(r) for r in reasons])
            if wounds:
                engine.wound(tgt, wounds, f"{self.name} by {self.attacker}")


def find_power(engine: Engine, fig: Figure, name: str) -> Power:
    """The special attack ``name`` on ``fig``'s card (by name or kind, case-insensitive).

    :raises InvalidCommand: when the card has no such special attack.
    """
    card = engine.state.card_of(fig)
    key = name.lower().replace("_", " ").replace("-", " ")
    specials = [p for p in card.powers if "range" in p.values and "attack" in p.values]
    for p in specials:
        names = {p.name.lower(), (p.kind or "").replace("_", " ")}
        if key in names or any(n.startswith(key) for n in names if n):
            return p
    have = ", ".join(p.name for p in specials) or "none"
    raise InvalidCommand(f"{card.short} has no special attack called '{name}' (special attacks: {have})")


def special_attack(engine: Engine, fig: Figure, power_name: str, target: str) -> SpecialPlan:
    """Check a special attack and list who it affects.

    :raises IllegalCommand: out of range, no line of sight, or an engaged attacker aiming at a
        figure it is not engaged with (HS-SPECIAL-04).
    """
    power = find_power(engine, fig, power_name)
    v = power.values
    if "line" in v:
        return _line(engine, fig, power, target)
    return _explosion(engine, fig, power, target)


def _explosion(engine: Engine, fig: Figure, power: Power, target: str) -> SpecialPlan:
    st = engine.state
    tgt = engine.figure(target)
    reach = power.values["range"]
    check = check_target(st, fig, tgt, reach=reach)
    if not check:
        raise IllegalCommand(check.reason, check.rule or "HS-EXPLOSION-01")
    x = power.values.get("explosion", 0)
    affected = [tgt]
    others = []
    for f in st.on_battlefield():
        if f is tgt:
            continue
        if x <= 1:
            hit = x == 1 and adjacent(st, f, tgt)
        else:
            hit = min(a.distance(b) for a in f.hexes for b in tgt.hexes) <= x
        if hit:
            others.append(f)
    others.sort(key=lambda f: (min(a.distance(b) for a in f.hexes for b in tgt.hexes), f.id))
    affected.extend(others)
    return SpecialPlan(fig.id, power.name, power.values["attack"], [f.id for f in affected], tgt.id)


def _line(engine: Engine, fig: Figure, power: Power, target: str) -> SpecialPlan:
    st = engine.state
    bf = st.battlefield
    length = power.values["line"]
    try:
        aim = engine.space(target)
    except InvalidCommand:
        aim = engine.figure(target).hex
    start = fig.hexes[0]
    if aim == start:
        raise IllegalCommand("aim the line at a space next to the attacker", "HS-LINE-01")
    direction = _direction(start, aim)
    if direction is None:
        raise IllegalCommand(
            f"{bf.label(aim)} is not in a straight line from {fig.id}: aim at a neighbouring space", "HS-LINE-01"
        )
    spaces = [Hex(start.q + DIRECTIONS[direction][0] * i, start.r + DIRECTIONS[direction][1] * i) for i in range(1, length + 1)]
    foes = engaged_enemies(st, fig)
    affected: list[Figure] = []
    for h in spaces:
        for f in st.on_battlefield():
            if f is fig or h not in f.hexes or f in affected:
                continue
            if line_of_sight(st, fig, f) or f in foes:
                affected.append(f)
    if foes and not any(f in foes for f in affected):
        raise IllegalCommand(f"{fig.id} is engaged and must aim at a figure it is engaged with", "HS-SPECIAL-04")
    return SpecialPlan(fig.id, power.name, power.values["attack"], [f.id for f in affected], affected[0].id if affected else "")


def _direction(start: Hex, aim: Hex) -> int | None:
    dq, dr = aim.q - start.q, aim.r - start.r
    n = start.distance(aim)
    if n == 0:
        return None
    for i, (a, b) in enumerate(DIRECTIONS):
        if (a * n, b * n) == (dq, dr):
            return i
    return None
