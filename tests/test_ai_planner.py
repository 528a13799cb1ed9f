"""The planner (computer levels ``normal`` and ``hard``, issue 20): it attacks when an attack is
clearly best, keeps out of water it could not leave, picks up treasure with a hero, answers
Water Clone by what it gains, and answers every decision it is asked."""

from __future__ import annotations

import random

import pytest

from bot.game import ai
from bot.game.ai import levels, planner
from bot.game.ai.bench import wilson
from bot.rules.checks import turn_for
from bot.rules.state import MatchState
from bot.rules.views import player_view
from tests.rules.conftest import LIB, build, card, fig, sandbox
from tests.rules.treasure_helpers import lay

WEAK = card(name="Weak", defense=0, life=1, points=40)


def _turn(st: MatchState, fid: str, level: str = "normal") -> str:
    """The planner's next command for the turn of ``fid``'s card (free mode: that turn begins)."""
    if st.turn is None:
        turn_for(st, st.figures[fid].controller, st.figures[fid])
    return planner.turn_command(player_view(st, st.figures[fid].controller), st.figures[fid].controller, level)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_attacks_when_an_attack_is_clearly_best(level: str) -> None:
    # rule: HS-ATTACK-01
    eng = sandbox(fig("me", "p1", (3, 3), card(attack=4)), fig("weak", "p2", (4, 3), WEAK),
                  fig("far", "p2", (7, 7), card(name="Far", defense=6)))
    assert _turn(eng.state, "me", level) == "attack me weak"


def test_it_comes_nearer_when_nothing_is_in_reach() -> None:
    eng = sandbox(fig("me", "p1", (0, 0)), fig("foe", "p2", (7, 7)))
    cmd = _turn(eng.state, "me")
    assert cmd.startswith("move me ")
    end = eng.state.battlefield.parse_space(cmd.split()[-1])
    assert end.distance(eng.state.figures["foe"].hex) < eng.state.figures["me"].hex.distance(eng.state.figures["foe"].hex)


def _pit(top: int) -> MatchState:
    """A rock plateau at level ``top`` with a one-space water pit (level 1) holding a Treasure
    Glyph beside the hero; an enemy archer far off."""
    bf = build(fill=[{"q": [0, 7], "r": [0, 7], "level": top, "terrain": "rock"}],
               hexes=[{"at": [4, 3], "level": 1, "terrain": "water"}])
    eng = sandbox(fig("me", "p1", (2, 3)), fig("foe", "p2", (7, 7), card(name="Archer", range=3, attack=2)),
                  battlefield=bf)
    lay(eng, 4, 3, "heroic_rune")
    return eng.state


def test_it_does_not_walk_into_water_it_cannot_leave() -> None:
    # rule: HS-TERRAIN-17
    low, deep = _pit(3), _pit(8)
    pit = low.battlefield.label(next(h for h in low.glyphs))
    # A pit it can climb out of: the treasure is worth the stop.
    assert _turn(low, "me") == f"move me {pit}"
    # Cliffs higher than the hero can climb: stuck for good, so it keeps out.
    cmd = _turn(deep, "me")
    assert not cmd.endswith(f" {pit}")
    assert planner.trapped(*planner._placed(deep, deep.figures["me"], (next(iter(deep.glyphs)),), 1))


def test_a_hero_picks_up_treasure_when_free() -> None:
    # rule: HS-TREASURE-03
    eng = sandbox(fig("hero", "p1", (0, 2)), fig("foe", "p2", (7, 7)))
    lay(eng, 3, 2, "heroic_rune")
    cmd = _turn(eng.state, "hero")
    assert cmd == f"move hero {eng.state.battlefield.label(next(iter(eng.state.glyphs)))}"
    eng.execute("p1", cmd)
    assert eng.state.pending and eng.state.pending[0].options == ["yes", "no"]
    assert planner.decide(player_view(eng.state, "p1"), "p1") == "yes"


def _water_clone(room: bool, defense: int) -> MatchState:
    """One Marro Warrior left of four, beside an enemy, its attack declared: Water Clone is asked.
    ``room``: whether there is an empty space beside it for a clone."""
    marro = LIB.get("Marro Warriors")
    spaces = [{"at": [3, 3], "level": 1, "terrain": "grass"}, {"at": [4, 3], "level": 1, "terrain": "grass"}]
    if room:
        spaces.append({"at": [2, 3], "level": 1, "terrain": "grass"})
    bf = build(fill=[], hexes=spaces)
    figs = [fig(f"m{i}", "p1", (3, 3), marro, card_key="p1/marro") for i in range(1, 5)]
    eng = sandbox(figs[0], fig("foe", "p2", (4, 3), card(name="Foe", defense=defense, life=1)), battlefield=bf)
    for f in figs[1:]:  # the other three destroyed earlier
        eng.setup_figure("p1", marro, f.id, (), level=1, card_key="p1/marro")
        eng.state.figures[f.id].destroyed = True
    st = eng.state
    turn_for(st, "p1", st.figures["m1"])
    eng.execute("p1", "attack m1 foe")
    assert st.pending and st.pending[0].kind == "water_clone"
    return st


def test_no_water_clone_instead_of_attacking_with_no_free_space() -> None:
    # rule: HS-TURN-06
    st = _water_clone(room=False, defense=0)
    # The easy rule list answers with the first option, "roll": the attack given up for nothing.
    assert st.pending[0].options[0] == "roll"
    assert planner.decide(player_view(st, "p1"), "p1") == "skip"


def test_water_clone_when_clones_are_worth_more_than_the_attack() -> None:
    # rule: HS-TURN-06
    st = _water_clone(room=True, defense=20)
    assert planner.decide(player_view(st, "p1"), "p1", random.Random(3)) == "roll"


def _playout(seed: int, level: str, scenario: str, map_id: str | None) -> int:
    """Play a seeded match of ``level`` against ``easy``; how many decisions the planner answered."""
    from bot.game.ai import bench

    tally = bench.Tally()
    cycle = [(s, None) for s in bench.SCENARIOS] + [("last-army-standing", m) for m in bench.MAPS]
    i = cycle.index((scenario, map_id))
    bench.play(i, (level, "easy"), seed, tally)
    assert tally.refused == 0  # every command it sent was one the rules accept
    return len(tally.times)


@pytest.mark.parametrize(("scenario", "map_id", "seed"), [
    ("mission-critical-seasoned", None, 3), ("wherever-theres-trouble-seasoned", None, 4),
    ("bridge-to-the-forgotten-forest", None, 5), ("rumble-at-the-rift-seasoned", None, 6),
    ("last-army-standing", "howling-pass", 7),
])
def test_it_answers_every_decision_of_random_matches(scenario: str, map_id: str | None, seed: int) -> None:
    assert _playout(seed, "normal", scenario, map_id) > 10


def test_levels_and_the_interval() -> None:
    assert levels.parse_level(None) == levels.DEFAULT == "normal"
    assert levels.parse_level(" Hard ") == "hard"
    with pytest.raises(ValueError, match="easy, normal or hard"):
        levels.parse_level("expert")
    lo, hi = wilson(8, 10)
    assert round(lo, 3) == 0.49 and round(hi, 3) == 0.943


def test_the_planner_never_reads_hidden_order_markers() -> None:
    # rule: HS-ORDER-05
    from bot.console.demo import CLASSIC_ARMIES, setup
    from bot.game.session import GameSession

    s = GameSession.create("t", map_id="cobra-facility", seed=1)
    alice, bob = setup(s, CLASSIC_ARMIES[:2])
    s.apply(alice, "place-rest")
    s.apply(bob, "place-rest")
    s.apply(alice, ai.next_command(s, alice, "normal") or "")
    # Bob's markers do not depend on where Alice's lie: the same view, the same plan.
    before = ai.next_command(s, bob, "normal")
    s.state.orders[alice] = {m: c for m, c in zip(sorted(s.state.orders[alice]),
                                                   reversed(list(s.state.orders[alice].values())), strict=True)}
    assert ai.next_command(s, bob, "normal") == before
