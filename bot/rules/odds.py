"""Exact odds of one attack, from the same pipeline the engine rolls with (HS-ATTACK-09..11, DEC-01).

:func:`attack_odds` answers "what may this attack do?" before it is rolled: the chance of each
number of wounds on the target (0 up to its Life left: a wound beyond that does nothing), the
chance of destroying it, the wounds expected and, when the target has Counter Strike, the chance
of each number of wounds returned to the attacker. The console's ``targets``, Discord's
``/attack`` preview and the computer player all ask it; nothing else computes odds.

Nothing is re-derived here. The dice counts are :func:`bot.rules.combat.attack_dice` and
:func:`~bot.rules.combat.defense_dice` (Attack/Defense value, height advantage, auras, spirits,
enhancements, terrain, Sword of Reckoning, Zettian Targeting, Road Strength, ...), and what the
rolled dice come to is :func:`bot.rules.modifiers.resolve_wounds` (what the engine's
:func:`~bot.rules.combat.tally` calls: Deadly Shot's hits per skull, Stealth Dodge's one-shield
rule) and :func:`bot.rules.powers.defense_powers.counter_strike_wounds` (what the Counter Strike
effect wounds the attacker with). Those depend on the dice only through the number of skulls
and of shields, so the odds add up, for every pair ``(skulls, shields)``, how many of the
``6 ** (attack + defense)`` equally likely face combinations roll that pair:
``C(a, s) * 3**s * 3**(a - s)`` for the attack dice and ``C(d, h) * 2**h * 4**(d - h)`` for the
defense dice, with the faces of DEC-01 (3 skulls, 2 shields, 1 blank). The counts are whole
numbers, so the odds are exact (:attr:`AttackOdds.ways`); the probabilities are those counts
divided by :attr:`AttackOdds.total`.

No power that acts inside one normal attack rolls a d20 or asks its player a question today (the
d20 powers, Chomp, Mind Shackle, Berserker Charge, The Drop, Water Clone, act outside the attack
roll), so there is nothing to fold in beyond the combat dice; a power that does must add its
outcomes here with their exact weights (each d20 face is 1 in 20).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from bot.rules.combat import attack_dice, defense_dice
from bot.rules.decisions import COMBAT_DIE_FACES
from bot.rules.dice import SHIELD, SKULL
from bot.rules.modifiers import AttackContext, resolve_wounds
from bot.rules.powers.defense_powers import counter_strike_wounds
from bot.rules.state import Figure, MatchState

#: Faces of the combat die (DEC-01): all of them, the skulls, the shields.
FACES = len(COMBAT_DIE_FACES)
SKULL_FACES = COMBAT_DIE_FACES.count(SKULL)
SHIELD_FACES = COMBAT_DIE_FACES.count(SHIELD)

Reason = tuple[str, int]


@lru_cache(maxsize=64)
def skull_ways(n: int) -> tuple[int, ...]:
    """How many of the ``6 ** n`` face combinations of ``n`` attack dice show 0, 1, ..., ``n`` skulls.

    >>> skull_ways(2)
    (9, 18, 9)
    """
    other = FACES - SKULL_FACES
    return tuple(comb(n, k) * SKULL_FACES**k * other ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=64)
def shield_ways(n: int) -> tuple[int, ...]:
    """How many of the ``6 ** n`` face combinations of ``n`` defense dice show 0, 1, ..., ``n`` shields.

    >>> shield_ways(2)
    (16, 16, 4)
    """
    other = FACES - SHIELD_FACES
    return tuple(comb(n, k) * SHIELD_FACES**k * other ** (n - k) for k in range(n + 1))


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact outcome of one attack before it is rolled.

    ``ways[k]`` is how many of the :attr:`total` equally likely face combinations deal ``k``
    wounds, for ``k`` = 0 .. ``life_left``; the last entry counts every roll that destroys the
    target (wounds beyond its Life left do nothing, HS-DESTROY-01). ``returned_ways`` is the same
    for the wounds Counter Strike returns to the attacker (0 .. ``attacker_life_left``), or
    ``None`` when the attack cannot draw any. ``powers`` names the powers that change the wounds
    on the target in at least one outcome, in alphabetical order (``Deadly Shot``, ``Stealth Dodge``). The dice
    counts and their reasons are those the engine will roll (``[(label, dice), ...]``).
    """

    attack_dice: int
    defense_dice: int
    attack_reasons: tuple[Reason, ...]
    defense_reasons: tuple[Reason, ...]
    life_left: int
    ways: tuple[int, ...]
    attacker_life_left: int = 0
    returned_ways: tuple[int, ...] | None = None
    powers: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        """Every face combination of the attack and defense dice: ``6 ** (attack + defense)``."""
        return int(FACES ** (self.attack_dice + self.defense_dice))

    @property
    def wounds(self) -> tuple[float, ...]:
        """Chance of 0, 1, ..., ``life_left`` wounds on the target (the last: destroyed)."""
        return tuple(w / self.total for w in self.ways)

    def chance(self, wounds: int) -> Fraction:
        """The exact chance of ``wounds`` wounds on the target (``life_left``: destroyed); 0 outside the range."""
        if not 0 <= wounds < len(self.ways):
            return Fraction(0)
        return Fraction(self.ways[wounds], self.total)

    @property
    def destroy(self) -> float:
        """Chance that the attack destroys the target (HS-DESTROY-01)."""
        return self.ways[-1] / self.total

    @property
    def expected(self) -> float:
        """Wounds expected on the target, none beyond its Life left."""
        return sum(k * w for k, w in enumerate(self.ways)) / self.total

    @property
    def returned(self) -> tuple[float, ...]:
        """Chance of 0, 1, ... wounds returned to the attacker (Counter Strike); ``(1.0,)`` when none can be."""
        if self.returned_ways is None:
            return (1.0,)
        return tuple(w / self.total for w in self.returned_ways)

    @property
    def returned_expected(self) -> float:
        """Wounds Counter Strike is expected to return to the attacker (0.0 when it cannot)."""
        if self.returned_ways is None:
            return 0.0
        return sum(k * w for k, w in enumerate(self.returned_ways)) / self.total

    @property
    def attacker_destroyed(self) -> float:
        """Chance that Counter Strike destroys the attacker (0.0 when it cannot)."""
        if self.returned_ways is None:
            return 0.0
        return self.returned_ways[-1] / self.total


def life_left(state: MatchState, fig: Figure) -> int:
    """``fig``'s Life less its wounds, at least 1 (a card without a Life value counts 1)."""
    return max(1, (state.card_of(fig).life or 1) - fig.wounds)


def attack_odds(state: MatchState, attacker: Figure, target: Figure,
                special: tuple[str, int] | None = None) -> AttackOdds:
    """The exact odds of ``attacker`` attacking ``target`` where they stand now.

    ``special`` is ``(name, dice)`` for a special attack (its own dice, HS-SPECIAL-02; the target
    defends as against that attack), ``None`` for a normal attack (HS-ATTACK-09, -10). Whether the
    attack is legal is not asked: see :func:`bot.rules.combat.check_target`. Cost: one call of
    the wound pipeline per pair (skulls, shields), about ``(attack + 1) * (defense + 1)``.
    """
    a, a_why = attack_dice(state, attacker, target, special=special)
    d, d_why = defense_dice(state, attacker, target, special=special[0] if special else None)
    ctx = AttackContext(attacker, target, special[0] if special else None)
    life = life_left(state, target)
    mine = life_left(state, attacker)
    ways = [0] * (life + 1)
    back = [0] * (mine + 1)
    returns = False
    powers: list[str] = []
    sk, sh = skull_ways(a), shield_ways(d)
    for skulls, ws in enumerate(sk):
        for shields, wd in enumerate(sh):
            count = resolve_wounds(state, ctx, skulls, shields)
            weight = ws * wd
            ways[min(count.wounds, life)] += weight
            for why in count.reasons:
                if why not in powers:
                    powers.append(why)
            excess = counter_strike_wounds(state, ctx, count)
            back[min(excess, mine)] += weight
            returns = returns or excess > 0
    return AttackOdds(a, d, tuple(a_why), tuple(d_why), life, tuple(ways), mine,
                      tuple(back) if returns else None, tuple(sorted(powers)))


@lru_cache(maxsize=4096)
def dice_odds(attack_n: int, defense_n: int, life: int) -> AttackOdds:
    """The odds of ``attack_n`` dice against ``defense_n`` on a target with ``life`` Life left when no
    power changes the count (each skull beyond the shields a wound, HS-ATTACK-11): for estimates
    of attacks not yet possible (the computer player's planning), never for an attack at hand.

    >>> dice_odds(4, 0, 1).destroy == 1 - 0.5 ** 4
    True
    """
    ways = [0] * (life + 1)
    for skulls, ws in enumerate(skull_ways(attack_n)):
        for shields, wd in enumerate(shield_ways(defense_n)):
            ways[min(max(0, skulls - shields), life)] += ws * wd
    return AttackOdds(attack_n, defense_n, (), (), life, tuple(ways))
