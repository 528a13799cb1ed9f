"""Condition tokens: which are fading and which enduring (DDO-COND-01/02), by name.

Common conditions (DDO-COND-03..08) apply to any mini. The character conditions of DDO-COND-09..18
are named after published characters; here they are generic and remember their ``source`` (the mini
that applied them), so an invented card can use them: ``cursed`` and ``marked`` add damage for the
source, ``taunted`` takes one die against anyone but the source, ``inspiring`` helps friends within 5.
"""

from __future__ import annotations

#: name -> fading? (True = fading, scalloped edge; False = enduring, white border).
CONDITIONS: dict[str, bool] = {
    "dazed": True, "slowed": True, "invisible": True, "stunned": True, "rooted": True, "weakened": True,
    "cursed": False, "marked": False, "magic weapon": True, "enraged": True, "reckless": True,
    "taunted": False, "inspiring": True, "spike growth": True, "stealth": True, "wolf": True,
}

#: Speed of a Slowed mini (DDO-COND-04).
SLOWED_SPEED = 2
#: Inspiring's reach, bonus to die rolls and to basic attack damage (DDO-COND-15).
INSPIRING_RANGE, INSPIRING_ROLL, INSPIRING_DAMAGE = 5, 2, 1
#: Cursed: the source heals this much when the bearer is defeated (DDO-COND-09).
CURSED_HEAL = 3
