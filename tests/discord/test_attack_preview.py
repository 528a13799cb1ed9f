"""The ``/attack`` preview's odds are the rules' exact odds (:func:`bot.rules.odds.attack_odds`): the
dice powers (Stealth Dodge) and Counter Strike's wounds back are counted (issue 11)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.games.heroscape.discord.cogs.play import attack_preview
from bot.rules.engine import Engine
from bot.rules.state import Phase, TurnState
from tests.powers.conftest import C
from tests.rules.conftest import build, card, fig, sandbox

ARCHER = card(name="Archer", range=7, attack=2, life=9)
BRUTE = card(name="Brute", attack=2, life=2)


def _live(eng: Engine, attacker: str) -> Any:
    """A stand-in for a live match whose turn is ``attacker``'s card's, in the Player Turns phase."""
    st = eng.state
    fig_ = st.figures[attacker]
    st.phase = Phase.TURNS
    st.turn = TurnState(player=fig_.controller, card_key=fig_.card_key, marker="1")
    return SimpleNamespace(state=st, session=None)


def test_attack_preview_counts_stealth_dodge() -> None:
    # rule: HS-ATTACK-11 (the example: 25 % shown where the rules give about 15 %)
    hill = build(hexes=[{"at": [5, 2], "level": 2, "terrain": "grass"}])
    eng = sandbox(fig("a", "p1", (0, 2), ARCHER), fig("k", "p2", (5, 2), C("Krav Maga Agents")), battlefield=hill)
    text = attack_preview(_live(eng, "a"), "p1", "a", "k")
    assert "Attack: 2 dice (2 Attack) — Defense: 4 dice (3 Defense + 1 height advantage)" in text
    assert "Chance of wounds: 0: 85.2%, 1: 14.8% (counting Stealth Dodge)" in text
    assert "Chance to destroy: 14.8%." in text


def test_attack_preview_tells_counter_strikes_wounds_back() -> None:
    eng = sandbox(fig("b", "p1", (2, 2), BRUTE), fig("sam", "p2", (3, 2), C("Izumi Samurai")))
    lines = attack_preview(_live(eng, "b"), "p1", "b", "sam").splitlines()
    assert lines[2] == "Chance of wounds: 0: 81.9%, 1: 18.1%"
    assert lines[3] == "Counter Strike: 0.79 wounds back on b expected, 25.1% chance it is destroyed"
