"""Timing windows, simultaneous effects and the dice (HS-TIMING-*, HS-DICE-*).

The effects here are tiny test Effects registered for one test by the ``effects`` fixture and
removed afterwards; each logs ``(name, controller)`` when it resolves.
"""

from __future__ import annotations

import contextlib
import copy
import pickle
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from bot.rules.combat import wounds_from
from bot.rules.decisions import COMBAT_DIE_FACES
from bot.rules.dice import SeededDice
from bot.rules.engine import Engine
from bot.rules.errors import RulesError
from bot.rules.match import Match
from bot.rules.state import Phase
from bot.rules.timing import Effect, Source, Trigger, Window
from bot.rules.views import state_json
from tests.rules.conftest import (
    BLANK,
    SHIELD,
    SKULL,
    ZONES,
    begin_round,
    build,
    card,
    dice,
    fig,
    full_match,
    markers,
    refused,
    roll,
    sandbox,
)

Log = list[tuple[str, str]]


def make(
    name: str,
    log: Log,
    *,
    window: Window = Window.END_OF_ROUND,
    source: Source = Source.UNIT,
    controllers: tuple[str, ...] = ("p1",),
    immediate: bool = False,
    leaves: bool = False,
    applies: Callable[[Engine], bool] | None = None,
    then: Callable[[Engine], None] | None = None,
) -> type[Effect]:
    """A test Effect: one trigger per controller; logs itself, then runs ``then``."""

    class Made(Effect):
        def triggers(self, engine: Engine) -> list[Trigger]:
            return [Trigger(self.name, c) for c in controllers]

        def applies(self, engine: Engine, trigger: Trigger) -> bool:
            return applies(engine) if applies else True

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            log.append((self.name, trigger.controller))
            engine.emit("test_effect", name=self.name)
            if then:
                then(engine)

    Made.name = name
    Made.window = window
    Made.source = source
    Made.immediate = immediate
    Made.leaves_window = leaves
    return Made


def plain() -> Engine:
    return sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (5, 5)), fig("c", "p3", (0, 6)), players=("p1", "p2", "p3"))


def test_effects_resolve_one_at_a_time_and_recheck_their_condition(effects: Any) -> None:
    # rule: HS-TIMING-01
    log: Log = []
    eng = plain()
    effects(make("test_kill", log, then=lambda e: e.destroy(e.state.figures["b"], "test")))
    effects(make("test_needs_b", log, source=Source.TERRAIN,
                 applies=lambda e: e.state.figures["b"].on_battlefield))
    eng.execute("p1", "end-round")
    assert log == [("test_kill", "p1")]  # b was gone by the time the second one's turn came


def test_a_player_chooses_the_order_of_their_own_effects(effects: Any) -> None:
    # rule: HS-TIMING-02
    log: Log = []
    eng = plain()
    effects(make("test_first", log))
    effects(make("test_second", log))
    effects(make("test_third", log))
    eng.execute("p1", "end-round")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.rule) == ("p1", "order", "HS-TIMING-02")
    assert pend.options == ["test_first", "test_second", "test_third"]
    assert pend.shown == ["test first", "test second", "test third"]  # effects by the names people know
    refused(eng, "p2", "choose test_second")  # not p2's decision
    refused(eng, "p1", "choose nothing", "HS-TIMING-02")
    refused(eng, "p1", "end-turn")  # nothing else happens until p1 decides
    eng.execute("p1", "choose test_third")
    assert log == [("test_third", "p1")]
    assert eng.state.pending[0].options == ["test_first", "test_second"]  # asked again while 2 remain
    eng.execute("p1", "choose test_second")
    assert log == [("test_third", "p1"), ("test_second", "p1"), ("test_first", "p1")]
    assert not eng.state.pending


def test_immediate_effects_resolve_before_the_others(effects: Any) -> None:
    # rule: HS-TIMING-03
    log: Log = []
    eng = plain()
    effects(make("test_ordinary", log, source=Source.UNIT, controllers=("p1",)))
    effects(make("test_immediate", log, source=Source.OTHER, controllers=("p2",), immediate=True))
    eng.execute("p1", "end-round")
    assert log == [("test_immediate", "p2"), ("test_ordinary", "p1")]


def test_effects_that_leave_the_window_wait_for_all_the_others(effects: Any) -> None:
    # rule: HS-TIMING-04 (Fixture: Queen Maladrix destroys a Deathreaver; the Deathreavers move before her 2nd attack)
    log: Log = []
    queen = card(name="Queen Maladrix", attack=4, life=6)
    reaver = card(name="Deathreavers", kind="squad", figures=3, life=1, defense=1)
    eng = sandbox(fig("queen", "p1", (2, 2), queen), fig("r1", "p2", (3, 2), reaver, card_key="p2/reavers"),
                  fig("r2", "p2", (2, 3), reaver, card_key="p2/reavers"), fig("r3", "p2", (6, 6), reaver,
                                                                               card_key="p2/reavers"))

    def destroyed_a_reaver(e: Engine) -> bool:
        return e.state.figures["r1"].destroyed

    effects(make("test_double_attack", log, window=Window.AFTER_ATTACK, leaves=True, applies=destroyed_a_reaver))
    effects(make("test_reavers_move", log, window=Window.AFTER_ATTACK, source=Source.OTHER, controllers=("p2",),
                 applies=destroyed_a_reaver))
    roll(eng, [SKULL] * 4 + [BLANK])
    eng.execute("p1", "attack queen r1")
    # The active player's Unit effect would go first, but it takes another attack: it waits.
    assert log == [("test_reavers_move", "p2"), ("test_double_attack", "p1")]


def test_simultaneous_effects_go_unit_terrain_glyph_then_the_rest(effects: Any) -> None:
    # rule: HS-TIMING-05
    log: Log = []
    eng = plain()
    for name, src in (("test_all", Source.OTHER), ("test_glyph", Source.GLYPH), ("test_terrain", Source.TERRAIN),
                      ("test_unit", Source.UNIT)):
        effects(make(name, log, source=src))
    eng.execute("p1", "end-round")
    assert [n for n, _ in log] == ["test_unit", "test_terrain", "test_glyph", "test_all"]


def test_lava_field_is_rolled_before_the_glyph_of_wannok(effects: Any) -> None:
    # rule: HS-TIMING-06 (the lava field is the real terrain effect; Wannok a test Glyph effect)
    log: Log = []
    lava = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "lava_field"}])
    eng = sandbox(fig("exile1", "p1", (2, 2)), fig("exile2", "p1", (4, 4)), fig("x", "p2", (7, 7)), battlefield=lava)

    def wannok(e: Engine) -> None:
        e.roll_d20()

    effects(make("test_wannok", log, source=Source.GLYPH, then=wannok))
    roll(eng, [BLANK], d20=[12])
    events = eng.execute("p1", "end-round")
    kinds = [e.kind for e in events]
    assert kinds.index("terrain") < kinds.index("test_effect")
    assert dice(eng).left == 0


def test_the_active_player_resolves_their_effects_first(effects: Any) -> None:
    # rule: HS-TIMING-07, DEC-04
    log: Log = []
    eng = plain()
    effects(make("test_each", log, window=Window.END_OF_TURN, controllers=("p1", "p2", "p3")))
    begin_round(eng, [20, 1, 2], p1=markers("Soldier"), p2=markers("Soldier"), p3=markers("Soldier"))
    assert eng.state.initiative == ["p1", "p2", "p3"]
    eng.execute("p1", "end-turn")
    assert [c for _, c in log] == ["p1", "p2", "p3"]
    log.clear()
    eng.execute("p2", "end-turn")  # p2's turn: p2 first, then on in turn order
    assert [c for _, c in log] == ["p2", "p3", "p1"]


# ---- dice --------------------------------------------------------------------------------------


def test_combat_dice_count_skulls_on_attack_and_shields_on_defense() -> None:
    # rule: HS-DICE-01, DEC-01
    assert Counter(COMBAT_DIE_FACES) == {SKULL: 3, SHIELD: 2, BLANK: 1}
    assert wounds_from([SHIELD, SHIELD, SKULL], [SKULL, SKULL, BLANK]) == (1, 0, 1)
    eng = sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (3, 2)))
    roll(eng, [SHIELD, SHIELD, SKULL, SKULL, SKULL, BLANK])  # Attack 3, then Defense 3
    events = eng.execute("p1", "attack a b")
    attack = next(e for e in events if e.kind == "attack").data
    assert (attack["skulls"], attack["shields"], attack["wounds"]) == (1, 0, 1)


def test_the_d20_serves_initiative_and_terrain_effects() -> None:
    # rule: HS-DICE-02
    eng = sandbox(fig("hero", "p1", (2, 2)), fig("x", "p2", (6, 6)),
                  battlefield=build(hexes=[{"at": [3, 2], "level": 1, "terrain": "molten_lava"}]))
    roll(eng, d20=[20])
    eng.execute("p1", "move hero 3,2")  # ending a move on molten lava rolls the d20 (20: unharmed)
    assert eng.state.figures["hero"].on_battlefield and dice(eng).left == 0
    begin_round(eng, [15, 3], p1=markers("Soldier"), p2=markers("Soldier"))  # one d20 each, no combat die
    assert eng.state.initiative == ["p1", "p2"] and dice(eng).left == 0
    seeded = SeededDice(7)
    assert {seeded.d20() for _ in range(400)} == set(range(1, 21))


# ---- replay ------------------------------------------------------------------------------------


def test_a_match_replayed_from_its_seed_and_log_is_identical_byte_for_byte() -> None:
    # rule: HS-DICE-01, HS-DICE-02 (every die comes from the seeded source, so the log replays exactly)
    spring = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
                   hexes=[{"at": [0, 0], "level": 1, "terrain": "wellspring_water"}], start_zones=ZONES)
    m = full_match({"p1": [card(name="Soldier", move=6)], "p2": [card(name="Archer", range=7, defense=2)]},
                   battlefield=spring, seed=20240601)
    orders = {"p1": markers("Soldier"), "p2": markers("Archer")}
    for _ in range(2):  # two rounds of approaching and fighting, with some refused commands on the way
        if m.state.pending:
            m.apply(m.state.pending[0].player, "choose roll")
        for p, text in orders.items():
            m.apply(p, "orders " + text)
        m.apply("p1", "initiative")
        while m.state.phase is Phase.TURNS and m.state.turn is not None:
            me = m.state.turn.player
            mine, theirs = ("soldier", "archer") if me == "p1" else ("archer", "soldier")
            for cmd in (f"attack {mine} {theirs}", f"move {mine} 1,5", f"move {mine} 2,4", f"attack {mine} {theirs}"):
                with contextlib.suppress(RulesError):  # refused commands roll nothing
                    m.apply(me, cmd)
            if m.state.phase is Phase.TURNS and m.state.turn is not None:
                m.apply(me, "end-turn")
        if m.state.phase is Phase.OVER:
            break
    assert any(text.startswith("attack") for _, text in m.log)
    again = Match.replay(m.battlefield, m.scenario, m.seed, m.log, m.cards)
    assert again.state_json() == m.state_json()
    assert again.log == m.log


def test_a_match_waiting_on_a_decision_replays_to_the_same_open_window() -> None:
    # rule: HS-DICE-02, HS-TIMING-02 (the pending Wellspring roll is part of the replayed position)
    spring = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
                   hexes=[{"at": [0, 0], "level": 1, "terrain": "wellspring_water"}], start_zones=ZONES)
    m = full_match(battlefield=spring, seed=99)  # round 1 starts: the soldier stands in Wellspring water
    assert m.state.pending and m.state.pending[0].kind == "wellspring_water" and m.engine.open_windows
    again = Match.replay(m.battlefield, m.scenario, m.seed, m.log, m.cards)
    assert again.state_json() == m.state_json()
    m.apply("p1", "choose roll")
    again.apply("p1", "choose roll")
    assert again.state_json() == m.state_json() and not m.engine.open_windows


def test_a_state_waiting_on_a_decision_is_the_whole_position_and_pickles() -> None:
    # rule: HS-TIMING-02 (the open window, with the name of what comes next, is part of the state)
    spring = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
                   hexes=[{"at": [0, 0], "level": 1, "terrain": "wellspring_water"}], start_zones=ZONES)
    m = full_match(battlefield=spring, seed=99)
    assert [(r.window.value, r.then) for r in m.state.windows] == [("start_of_round", "open_orders")]
    restored = pickle.loads(pickle.dumps(m.state))  # the continuation is a name, not a bound method
    other = Engine(restored, copy.deepcopy(m.dice), m.cards)
    other.execute("p1", "choose roll")
    m.apply("p1", "choose roll")
    assert state_json(other.state) == state_json(m.state) and not other.state.windows


def test_a_continuation_is_registered_under_one_name_only() -> None:
    # rule: HS-TIMING-01 (what comes after a window is looked up by the name kept in the state)
    from bot.rules.windows import continuation, continuation_named

    assert continuation_named("attack_roll").__name__ == "attack_roll"
    with pytest.raises(ValueError, match="registered twice"):
        continuation("attack_roll")(lambda eng: None)
    with pytest.raises(KeyError):
        continuation_named("_attack_roll")  # the old method-name strings are gone
