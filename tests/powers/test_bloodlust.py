"""Bloodlust (Tagawa Samurai): each opponent's figure a Tagawa Samurai destroys with a normal attack
puts an Experience Marker on the card; their normal attacks roll 1 extra attack die per marker, 3 at
most (:mod:`bot.rules.powers.dice_experience`).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules import combat
from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from bot.rules.powers._amounts import experience
from tests.powers.conftest import F
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, SKULL, card, fig, roll, sandbox
from tests.rules.helpers_geo import attack

TAGAWA = shared("Tagawa Samurai")  # Attack 3, a Squad of 3
WEAK = card(name="Scout", life=1, defense=0)
TOUGH = card(name="Wall", life=20, defense=0)


def bloodlust(eng: Engine, attacker: str, target: str) -> int:
    """The dice Bloodlust adds to ``attacker``'s normal attack on ``target`` now."""
    reasons = combat.attack_dice(eng.state, F(eng, attacker), F(eng, target))[1]
    return sum(n for name, n in reasons if name == "Bloodlust")


def samurai(*others: object) -> Engine:
    """Two Tagawa Samurai of one card at (2, 2) and (2, 4), and ``others``."""
    return sandbox(fig("t1", "p1", (2, 2), TAGAWA, card_key="p1/tagawa"),
                   fig("t2", "p1", (2, 4), TAGAWA, card_key="p1/tagawa"), *others)  # type: ignore[arg-type]


def test_bloodlust_is_enforced() -> None:
    power = next(p for p in TAGAWA.powers if p.name == "Bloodlust")
    assert enforcement(power) is None


def test_an_opponents_figure_destroyed_gives_the_card_a_marker_and_every_samurai_a_die() -> None:
    # rule: HS-ATTACK-09
    eng = samurai(fig("v", "p2", (3, 2), WEAK), fig("w", "p2", (3, 4), TOUGH))
    assert bloodlust(eng, "t2", "w") == 0
    roll(eng, [SKULL, BLANK, BLANK])
    attack(eng, "t1", "v")
    assert F(eng, "v").destroyed and experience(eng.state, "p1/tagawa") == 1
    assert bloodlust(eng, "t2", "w") == 1  # the marker is the card's: the other Samurai's attack too
    assert combat.attack_dice(eng.state, F(eng, "t2"), F(eng, "w"))[0] == TAGAWA.attack + 1


def test_no_marker_for_an_attack_that_destroys_nothing() -> None:
    # rule: HS-ATTACK-09
    eng = samurai(fig("w", "p2", (3, 2), TOUGH))
    roll(eng, [SKULL, SKULL, BLANK])
    attack(eng, "t1", "w")
    assert experience(eng.state, "p1/tagawa") == 0 and bloodlust(eng, "t1", "w") == 0


def test_the_extra_dice_stop_at_3() -> None:
    # rule: HS-ATTACK-09
    eng = samurai(fig("w", "p2", (3, 2), TOUGH))
    eng.state.cards["p1/tagawa"].data["experience"] = 5
    assert bloodlust(eng, "t1", "w") == 3
