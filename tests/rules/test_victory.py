"""Wounds, destroyed figures, victory and scoring (HS-DESTROY-*, HS-VICTORY-*, HS-SCORE-*)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.content.cards import CardLibrary
from bot.rules.engine import Engine
from bot.rules.scenario import Format, Scenario, VictoryRule
from bot.rules.state import Phase
from bot.rules.timing import Effect, Expiry, Source, Trigger, Window
from bot.rules.victory import scores
from tests.rules.conftest import (
    BLANK,
    SHIELD,
    SKULL,
    begin_round,
    card,
    end_turns,
    fig,
    full_match,
    markers,
    refused,
    roll,
    sandbox,
    special_power,
)

SOLDIER = card(name="Soldier")
GRUNT = card(name="Grunt", life=1, defense=1)
BOMBER = card(name="Bomber", life=1, defense=1, powers=[special_power("Blast", range=4, attack=3, explosion=1)])
ELITES = card(name="Elites of Ullar", kind="squad", rarity="common", figures=3, life=2, points=105)


def duel(*extra: Any, attacker: Any = SOLDIER, target: Any = GRUNT) -> Engine:
    """``a`` (p1) next to ``g`` (p2), the round structure on and p1's first Player Turn under way."""
    eng = sandbox(fig("a", "p1", (2, 2), attacker), fig("g", "p2", (3, 2), target), *extra)
    begin_round(eng, [20, 1], p1=markers(attacker.name), p2=markers(target.name))
    return eng


# ---- victory -----------------------------------------------------------------------------------


def test_victory_is_checked_at_the_end_of_the_player_turn() -> None:
    # rule: HS-VICTORY-01
    eng = duel()
    roll(eng, [SKULL, SKULL, BLANK, BLANK])
    eng.execute("p1", "attack a g")
    assert eng.state.figures["g"].destroyed and eng.state.winners is None  # not yet: the turn goes on
    eng.execute("p1", "end-turn")
    assert eng.state.winners == ["p1"]


def test_the_one_player_who_meets_the_conditions_wins_and_the_match_is_over() -> None:
    # rule: HS-VICTORY-02
    eng = duel()
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    eng.execute("p1", "attack a g")
    events = eng.execute("p1", "end-turn")
    assert events[-1].kind == "victory" and events[-1].data == {"winners": ["p1"], "result": "last army standing"}
    assert eng.state.phase is Phase.OVER
    refused(eng, "p2", "end-turn", "HS-VICTORY-02")


def test_an_explosion_that_destroys_both_last_figures_is_a_draw() -> None:
    # rule: HS-VICTORY-03, HS-EXPLOSION-06
    eng = duel(attacker=BOMBER)
    roll(eng, [SKULL, SKULL, SKULL, BLANK, BLANK])  # 3 attack dice, then Grunt's and the Bomber's defense
    eng.execute("p1", "special a Blast g")
    assert eng.state.figures["g"].destroyed and eng.state.figures["a"].destroyed
    eng.execute("p1", "end-turn")
    assert eng.state.winners == [] and eng.state.result.startswith("draw")


def test_equal_top_scores_at_the_round_limit_are_a_draw() -> None:
    # rule: HS-VICTORY-03, HS-SCORE-01
    scen = Scenario(id="t", name="Timed", victory=[VictoryRule(kind="last_standing"),
                                                   VictoryRule(kind="round_limit_score", round=1)])
    m = full_match({"p1": [card(name="Soldier", points=60)], "p2": [card(name="Archer", range=7, points=60)]},
                   scenario=scen, orders={"p1": markers("Soldier"), "p2": markers("Archer")}, initiative=[20, 1])
    end_turns(m, 6)
    assert m.state.scores == {"p1": 60.0, "p2": 60.0}
    assert m.state.winners == ["p1", "p2"] and "draw" in m.state.result


def test_victory_is_checked_again_at_the_end_of_the_round_after_its_effects() -> None:
    # rule: HS-VICTORY-04 (see also test_round: the lava field destroys the last figure at the end of the round)
    scen = Scenario(id="t", name="Timed", victory=[VictoryRule(kind="last_standing"),
                                                   VictoryRule(kind="round_limit_score", round=1)])
    m = full_match({"p1": [card(name="Soldier", points=70)], "p2": [card(name="Archer", range=7, points=60)]},
                   scenario=scen, orders={"p1": markers("Soldier"), "p2": markers("Archer")}, initiative=[20, 1])
    end_turns(m, 5)
    assert m.state.winners is None  # the round limit is only checked at the end of the round
    events = m.apply("p2", "end-turn")
    kinds = [e.kind for e in events]
    assert kinds[-4:] == ["turn_ended", "round_ended", "scores", "victory"]
    assert m.state.winners == ["p1"]


def test_you_win_when_no_opponent_has_figures_left() -> None:
    # rule: HS-VICTORY-05, DEC-04 (teammates share victory)
    eng = sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (3, 2), GRUNT), fig("c", "p3", (2, 3), GRUNT),
                  fig("d", "p4", (6, 6)), players=("p1", "p2", "p3", "p4"), teams={"p1": "x", "p4": "x"})
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    eng.execute("p1", "attack a b")
    eng.execute("p1", "end-turn")
    assert eng.state.winners is None  # p3 still has a figure
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    eng.execute("p1", "attack a c")
    eng.execute("p1", "end-turn")
    assert eng.state.winners == ["p1", "p4"] and eng.state.result == "last army standing"


# ---- scoring -----------------------------------------------------------------------------------


def test_only_cards_with_figures_on_the_battlefield_score() -> None:
    # rule: HS-SCORE-01
    eng = sandbox(fig("a", "p1", (2, 2), card(name="A", points=80)), fig("b", "p1", (2, 4), card(name="B", points=40)),
                  fig("c", "p2", (5, 5), card(name="C", points=90)))
    eng.destroy(eng.state.figures["b"], "test")
    assert scores(eng.state) == {"p1": 80.0, "p2": 90.0}


def test_a_cards_value_per_life_keeps_fractions() -> None:
    # rule: HS-SCORE-02
    eng = sandbox(*(fig(f"e{i}", "p1", (i, 0), ELITES, card_key="p1/elites") for i in range(3)))
    assert scores(eng.state)["p1"] == 105.0  # 6 Life at 17.5 each
    eng.wound(eng.state.figures["e0"], 1, "test")
    assert scores(eng.state)["p1"] == 87.5


def test_each_figure_scores_for_each_life_it_has_left() -> None:
    # rule: HS-SCORE-03
    eng = sandbox(fig("a", "p1", (2, 2), card(name="A", points=120, life=6)))
    eng.wound(eng.state.figures["a"], 4, "test")
    assert scores(eng.state)["p1"] == 40.0


def test_dorim_with_three_wounds_scores_forty() -> None:
    # rule: HS-SCORE-04
    dorim = CardLibrary.default().get("Dorim the Bulkhead Brawler")
    assert (dorim.points, dorim.life) == (100, 5)
    eng = sandbox(fig("dorim", "p1", (2, 2), dorim), fig("x", "p2", (6, 6)))
    eng.wound(eng.state.figures["dorim"], 3, "test")
    assert scores(eng.state)["p1"] == 40.0


def test_five_elites_with_three_wounded_score_122_5() -> None:
    # rule: HS-SCORE-05
    scen = Scenario(id="t", name="Timed", format=Format(round_limit=1), victory=[VictoryRule(kind="round_limit_score")])
    m = full_match({"p1": [ELITES, ELITES], "p2": [card(name="Archer", range=7, points=120)]}, scenario=scen,
                   orders={"p1": markers("Elites of Ullar"), "p2": markers("Archer")}, initiative=[20, 1])
    elites = [m.state.figures[f] for f in m.state.cards["p1/elites-of-ullar"].figure_ids]
    assert len(elites) == 6
    m.engine.destroy(elites[5], "test")
    for f in elites[:3]:
        m.engine.wound(f, 1, "test")
    end_turns(m, 6)
    assert m.state.scores["p1"] == 122.5 and m.state.winners == ["p1"]


# ---- wounds and destroyed figures --------------------------------------------------------------


def test_each_wound_is_one_marker_on_that_figure_alone() -> None:
    # rule: HS-DESTROY-01
    squad = card(name="Guards", kind="squad", figures=2, life=3)
    eng = sandbox(fig("a", "p1", (2, 2)), fig("g1", "p2", (3, 2), squad, card_key="p2/guards"),
                  fig("g2", "p2", (3, 3), squad, card_key="p2/guards"))
    roll(eng, [SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK])
    events = eng.execute("p1", "attack a g1")
    assert [e.data for e in events if e.kind == "wounded"] == [{"figure": "g1", "wounds": 1, "total": 1}]
    assert (eng.state.figures["g1"].wounds, eng.state.figures["g2"].wounds) == (1, 0)


def test_a_figure_is_destroyed_when_its_wounds_reach_or_pass_its_life() -> None:
    # rule: HS-DESTROY-02
    eng = sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (3, 2), card(name="B", life=2), wounds=1),
                  fig("c", "p2", (5, 5), card(name="C", life=3)))
    eng.wound(eng.state.figures["c"], 2, "test")
    assert not eng.state.figures["c"].destroyed
    roll(eng, [SKULL, SKULL, SKULL, BLANK, BLANK, BLANK])
    eng.execute("p1", "attack a b")  # 3 wounds on top of 1, Life 2
    assert eng.state.figures["b"].destroyed


def test_a_destroyed_figure_goes_to_its_card_and_its_wound_markers_to_the_supply() -> None:
    # rule: HS-DESTROY-03
    eng = duel(target=card(name="Grunt", life=2))
    roll(eng, [SKULL, SKULL, SKULL, BLANK, BLANK, BLANK])
    events = eng.execute("p1", "attack a g")
    g = eng.state.figures["g"]
    assert g.destroyed and g.hexes == () and not g.on_battlefield and g.wounds == 0
    assert "g" in eng.state.cards["p2/g"].figure_ids  # it lies on its Army Card
    assert next(e for e in events if e.kind == "destroyed").data["wounds"] == 3


def effect_class(name: str, window: Window, source_fig: str, log: list[str], *, refers: bool = False,
                 controller: str = "p1") -> type[Effect]:
    """A Unit effect caused by ``source_fig``'s card that logs its name when it resolves."""

    class Logged(Effect):
        def triggers(self, engine: Engine) -> list[Trigger]:
            return [Trigger(self.name, controller, source_fig, source=source_fig)]

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            log.append(self.name)

    Logged.name = name
    Logged.window = window
    Logged.source = Source.UNIT
    Logged.refers_to_destroyed = refers
    return Logged


def test_a_destroyed_figures_card_text_stops_unless_it_speaks_of_destroyed_figures(effects: Any) -> None:
    # rule: HS-DESTROY-04
    log: list[str] = []
    effects(effect_class("test_aura", Window.END_OF_ROUND, "acolyte", log))
    effects(effect_class("test_risen", Window.END_OF_ROUND, "acolyte", log, refers=True))
    eng = sandbox(fig("acolyte", "p1", (2, 2)), fig("b", "p1", (2, 4)), fig("x", "p2", (6, 6)))
    eng.execute("p1", "end-round")
    assert eng.state.pending[0].kind == "order"  # two different effects of one player (HS-TIMING-02)
    eng.execute("p1", "choose test_risen")
    assert log == ["test_risen", "test_aura"]
    log.clear()
    eng.destroy(eng.state.figures["acolyte"], "test")
    eng.execute("p1", "end-round")
    assert log == ["test_risen"]  # like Risen By Revna, which brings back destroyed Acolytes


def test_an_effect_on_several_figures_goes_on_after_its_source_is_destroyed(effects: Any) -> None:
    # rule: HS-DESTROY-05 (Fixture: a Flight Pod destroyed by its own Air-To-Ground Missile)
    pod = card(name="Flight Pod", life=1, defense=0, powers=[special_power("Air-To-Ground Missile", range=4, attack=3,
                                                                             explosion=1)])
    eng = sandbox(fig("pod", "p1", (2, 2), pod), fig("t", "p2", (3, 2), card(name="T", defense=0, life=5)),
                  fig("u", "p2", (3, 1), card(name="U", defense=0, life=5)))
    roll(eng, [SKULL, SKULL, BLANK])
    eng.execute("p1", 'special pod "Air-To-Ground Missile" t')  # t defends; then pod and u are affected: the attacker picks
    assert eng.state.pending[0].kind == "defense_order"
    eng.execute("p1", "choose pod")
    assert eng.state.figures["pod"].destroyed
    assert eng.state.figures["u"].wounds == 2  # u still defended against the same roll
    assert eng.state.figures["t"].wounds == 2


def test_an_effect_with_a_duration_outlasts_its_destroyed_source(effects: Any) -> None:
    # rule: HS-DESTROY-06 (Fixture: Dorim's Charge!!! lasts until his controller next reveals an Order Marker)
    class Charge(Effect):
        name = "test_charge"
        window = Window.AFTER_ATTACK
        source = Source.UNIT

        def triggers(self, engine: Engine) -> list[Trigger]:
            t = engine.state.turn
            dorim = engine.state.figures["dorim"]
            if t is None or "dorim" not in t.attacked or not dorim.on_battlefield:
                return []
            return [Trigger(self.name, "p1", "dorim", source="dorim")]

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            engine.add_lasting("charge", "p1", Expiry.NEXT_REVEAL, source="dorim", move=1)

    effects(Charge)
    eng = sandbox(fig("dorim", "p1", (2, 2), card(name="Dorim", life=5, points=100)), fig("g", "p2", (3, 2)),
                  fig("other", "p1", (0, 6), card(name="Other")))
    begin_round(eng, [20, 1], p1="1=Dorim 2=Other 3=Other X=Other", p2=markers("Soldier"))
    roll(eng, [BLANK] * 6)
    eng.execute("p1", "attack dorim g")
    assert eng.state.effects["charge"].data == {"move": 1}
    eng.destroy(eng.state.figures["dorim"], "test")
    eng.execute("p1", "end-turn")  # p2 reveals a marker: Dorim's controller has not
    assert "charge" in eng.state.effects
    events = eng.execute("p2", "end-turn")  # p1 reveals marker 2: the Charge ends
    assert "charge" not in eng.state.effects
    kinds = [e.kind for e in events]
    assert kinds.index("effect_ended") < kinds.index("turn_started")


def test_a_power_without_a_duration_stops_when_its_figure_is_destroyed(effects: Any) -> None:
    # rule: HS-DESTROY-07 (Fixture: Crimson Widow's Pirate Commander), HS-TIMING-01
    log: list[str] = []

    class Cannonade(Effect):
        """Resolves first in the window and destroys the Widow before her own effect's turn."""

        name = "test_cannonade"
        window = Window.END_OF_ROUND
        source = Source.UNIT
        immediate = True

        def triggers(self, engine: Engine) -> list[Trigger]:
            return [Trigger(self.name, "p2", "widow")]

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            engine.destroy(engine.state.figures["widow"], "cannonade")

    effects(Cannonade)
    effects(effect_class("test_pirate_commander", Window.END_OF_ROUND, "widow", log))
    eng = sandbox(fig("widow", "p1", (2, 2), card(name="Crimson Widow")), fig("mate", "p1", (2, 4)),
                  fig("x", "p2", (6, 6)))
    eng.execute("p1", "end-round")
    assert eng.state.figures["widow"].destroyed and log == []


@pytest.mark.parametrize("wounds", [0, 3])
def test_scores_are_recorded_when_the_round_limit_ends_the_match(wounds: int) -> None:
    # rule: HS-SCORE-03, HS-VICTORY-04
    scen = Scenario(id="t", name="Timed", victory=[VictoryRule(kind="round_limit_score", round=1)])
    m = full_match({"p1": [card(name="Soldier", points=80, life=4)], "p2": [card(name="Archer", range=7, points=60)]},
                   scenario=scen, orders={"p1": markers("Soldier"), "p2": markers("Archer")}, initiative=[20, 1])
    m.engine.wound(m.state.figures["soldier"], wounds, "test")
    end_turns(m, 6)
    assert m.state.scores == {"p1": 80.0 - 20 * wounds, "p2": 60.0}
    assert m.state.winners == (["p1"] if wounds == 0 else ["p2"])
