"""The chance an attack hits, before it is rolled: every face of its dice through the engine's own roll.

:func:`preview` checks the attack as the engine would (who may attack whom, range, line of sight,
cover: DDO-ATTACK-07, DDO-LOS-*, DDO-COVER-02) and runs :func:`bot.onslaught.combat.roll_attack` on
each of the 20 or 400 possible faces (two dice keeping the higher, one with cover: DDO-ATTACK-08),
so the odds count exactly what the roll counts: to-hit modifiers, criticals on 20 and failures on 1
(DDO-CRIT-01/02), conditions and items. Nothing changes: the state is only read.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from bot.onslaught.actions import basic_attack, check_target
from bot.onslaught.aim import shape_targets
from bot.onslaught.combat import attack_damage, dice_count, roll_attack
from bot.onslaught.content import Ability
from bot.onslaught.dice import ScriptedDice
from bot.onslaught.events import RulesError
from bot.onslaught.grid import SquareError, parse_square
from bot.onslaught.state import GameState, Mini


@dataclass(frozen=True)
class Preview:
    """An attack's odds: ``dice`` rolled (2, or 1 with cover or when Taunted), ``cover``, the target's
    armor class ``ac``, ``chance`` to hit and ``critical`` chance (both 0..1), ``damage`` on a hit."""

    attacker: str
    target: str
    ability: str
    dice: int
    cover: bool
    ac: int
    chance: float
    critical: float
    damage: int

    def text(self) -> str:
        """One paragraph for the attacker.

        >>> Preview("Brask", "Grell", "Longsword", 2, False, 14, 0.64, 0.0975, 2).text()
        'Brask attacks Grell with Longsword: 2 dice, the higher kept (no cover), against AC 14: **64%** to hit (critical 10%), 2 damage on a hit.'
        """
        dice = "2 dice, the higher kept" if self.dice == 2 else "1 die"
        cover = "cover: one die" if self.cover else "no cover"
        if self.dice == 1 and not self.cover:
            cover = "no cover, but only one die"
        return (f"{self.attacker} attacks {self.target} with {self.ability}: {dice} ({cover}), against AC {self.ac}: "
                f"**{self.chance:.0%}** to hit (critical {self.critical:.0%}), {self.damage} damage on a hit.")


def odds(st: GameState, m: Mini, ab: Ability, target: Mini, cover: bool, basic: bool) -> tuple[int, float, float]:
    """``(dice, chance to hit, chance of a critical)`` of ``m`` attacking ``target`` with ``ab``."""
    n = dice_count(st, m, target, cover)
    ac = st.ac(target)
    hits = crits = 0
    faces = list(itertools.product(range(1, 21), repeat=n))
    for combo in faces:
        roll = roll_attack(st, ScriptedDice(combo), m, ab, n, basic)
        hit = roll.critical or (not roll.failure and roll.total >= ac)
        hits += hit
        crits += roll.critical
    return n, hits / len(faces), crits / len(faces)


def _mini(st: GameState, word: str) -> Mini:
    found = next((m for m in st.minis.values() if m.name.lower() == word.lower()), None)
    if found is None:
        raise RulesError(f"there is no mini called {word!r}; minis: {', '.join(st.minis)}")
    return found


def preview(st: GameState, attacker: str, target: str, kind: str | None = None, ability: str | None = None) -> Preview:
    """The odds of ``attacker`` attacking ``target``: a basic attack (``kind`` ``melee``/``ranged``, or
    the one the engine would pick) or the attack ability named ``ability``.

    :raises RulesError: no such mini or ability, not an attack, or a target it cannot attack now.
    """
    m, t = _mini(st, attacker), _mini(st, target)
    if ability is None:
        if m.side not in ("A", "B"):
            raise RulesError(f"{m.name} is no character")
        ab = basic_attack(st, m, kind, t)
        basic = True
    else:
        found = st.ability(m, ability.replace("-", " "))
        if found is None or not found.attack or found.area or found.cone:
            raise RulesError(f"{ability!r} is no single-target attack of {m.name}")
        ab, basic = found, False
    cover = check_target(st, m, t, ab)
    n, chance, crit = odds(st, m, ab, t, cover, basic)
    return Preview(m.name, t.name, ab.name, n, cover, st.ac(t), chance, crit, attack_damage(st, m, t, ab, basic))


def ability_preview(st: GameState, attacker: str, ability: str, aim: str) -> tuple[str, list[str]]:
    """The odds of ``attacker``'s attack ability ``ability`` aimed at ``aim`` (a miniature, or the square
    of an area or cone attack), and the friends of ``attacker`` it would hit (DDO-AOE-*, DDO-CONE-*:
    an area or a cone takes every miniature in it, friends included).

    :returns: ``(text, friends)``: one line per miniature hit, and the names of the friendly ones.
    :raises RulesError: no such ability, not an attack, or an aim it cannot take now.
    """
    m = _mini(st, attacker)
    ab = st.ability(m, ability.replace("-", " "))
    if ab is None or not ab.attack:
        raise RulesError(f"{ability!r} is no attack of {m.name}")
    if not (ab.area or ab.cone):
        p = preview(st, attacker, aim, ability=ab.name)
        friends = [p.target] if _mini(st, p.target).side == m.side else []
        return p.text(), friends
    try:
        square = parse_square(aim.strip())
    except SquareError as exc:
        raise RulesError(f"{ab.name} is aimed at a square: {exc}") from None
    hit = shape_targets(st, m, ab, square)
    if not hit:
        return f"{m.name} uses {ab.name} on {aim.strip().upper()}: nobody is in its {'area' if ab.area else 'cone'}.", []
    lines = [f"{m.name} uses {ab.name} on {aim.strip().upper()}; it rolls against each miniature in its "
             f"{'area' if ab.area else 'cone'}:"]
    for t in hit:
        n, chance, crit = odds(st, m, ab, t, False, False)
        lines.append(f"- {t.name} (AC {st.ac(t)}): **{chance:.0%}** to hit (critical {crit:.0%}), "
                     f"{attack_damage(st, m, t, ab, False)} damage on a hit")
    return "\n".join(lines), [t.name for t in hit if t.side == m.side]
