"""Rounds, Order Markers, initiative and Player Turns (HS-ROUND-*, HS-ORDER-*, HS-INIT-*, HS-TURN-*)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.rules.engine import Engine
from bot.rules.errors import InvalidCommand
from bot.rules.events import Event
from bot.rules.match import Match
from bot.rules.state import Phase, Stage
from bot.rules.timing import Effect, Source, Trigger, Window
from bot.rules.views import player_view
from tests.rules.conftest import (
    BLANK,
    SHIELD,
    SKULL,
    ZONES,
    begin_round,
    build,
    card,
    dice,
    end_turns,
    fig,
    full_match,
    markers,
    refused,
    roll,
    sandbox,
)

SOLDIER = card(name="Soldier")
SCOUT = card(name="Scout", move=6, attack=2, defense=2)
ARCHER = card(name="Archer", range=7, defense=2)
BOTH = {"p1": markers("Soldier"), "p2": markers("Archer")}


class Recorder:
    """Collects every event of every command applied through it."""

    def __init__(self, target: Match | Engine) -> None:
        self.target = target
        self.events: list[Event] = []

    def __call__(self, player: str, command: str) -> list[Event]:
        evs = self.target.apply(player, command) if isinstance(self.target, Match) else self.target.execute(player, command)
        self.events.extend(evs)
        return evs

    def end_turn(self, n: int = 1) -> None:
        for _ in range(n):
            st = self.target.state
            assert st.turn is not None
            self(st.turn.player, "end-turn")

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e.data for e in self.events if e.kind == kind]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]


def reveals(rec: Recorder) -> list[tuple[str, str]]:
    return [(d["player"], d["marker"]) for d in rec.of("turn_started")]


# ---- the round ---------------------------------------------------------------------------------


def test_every_player_gets_three_player_turns_a_round() -> None:
    # rule: HS-ROUND-01
    m = full_match()
    rec = Recorder(m)
    rec("p1", "orders " + BOTH["p1"])
    rec("p2", "orders " + BOTH["p2"])
    roll(m, d20=[12, 4])
    rec("p1", "initiative")
    rec.end_turn(6)
    per_player = [p for p, _ in reveals(rec)]
    assert per_player.count("p1") == 3 and per_player.count("p2") == 3
    assert m.state.round == 2 and m.state.turn is None


def test_the_four_steps_of_a_round_come_in_order() -> None:
    # rule: HS-ROUND-02
    m = full_match()
    assert m.state.phase is Phase.ORDERS and m.state.round == 1
    # Step 2 cannot come before step 1 is done, nor can step 3.
    refused(m, "p1", "initiative", "HS-INIT-01")
    refused(m, "p1", "move soldier 0,1", "HS-TURN-02")
    rec = Recorder(m)
    rec("p1", "orders " + BOTH["p1"])
    refused(m, "p1", "initiative", "HS-INIT-01")  # p2 has not placed yet
    rec("p2", "orders " + BOTH["p2"])
    assert m.state.phase is Phase.INITIATIVE
    refused(m, "p2", "orders " + BOTH["p2"], "HS-ORDER-06")
    roll(m, d20=[15, 2])
    rec("p2", "initiative")
    assert m.state.phase is Phase.TURNS
    rec.end_turn(6)
    steps = [k for k in rec.kinds() if k in ("orders_placed", "initiative", "turn_started", "round_ended", "round_started")]
    assert steps == ["orders_placed", "orders_placed", "initiative"] + ["turn_started"] * 6 + ["round_ended", "round_started"]
    assert m.state.round == 2  # the Round Marker advanced


def test_the_round_ends_once_no_player_turn_is_left() -> None:
    # rule: HS-ROUND-03
    m = full_match(orders=BOTH, initiative=[20, 1])
    rec = Recorder(m)
    rec.end_turn(5)
    assert "round_ended" not in rec.kinds()
    last = rec(m.state.turn.player if m.state.turn else "p2", "end-turn")
    assert [e.kind for e in last][-3:-1] == ["turn_ended", "round_ended"]


def lava_match() -> Match:
    lava = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
                 hexes=[{"at": [0, 8], "level": 1, "terrain": "lava_field"}],
                 start_zones={"1-north": [{"q": [0, 9], "r": [0, 1]}], "2-south": [{"q": [0, 9], "r": [8, 9]}]})
    return full_match({"p1": [SOLDIER], "p2": [card(name="Archer", range=7, defense=2, life=1)]},
                      battlefield=lava, orders=BOTH, initiative=[20, 1])


def test_end_of_round_resolves_effects_then_checks_victory() -> None:
    # rule: HS-ROUND-04, HS-VICTORY-04, HS-TERRAIN-03 (the lava field is the end-of-round effect)
    m = lava_match()
    assert m.state.figures["archer"].hexes[0] == (0, 8)  # placed on the lava field
    rec = Recorder(m)
    rec.end_turn(5)
    assert m.state.winners is None
    roll(m, [SKULL])
    rec.end_turn()
    order = [k for k in rec.kinds() if k in ("terrain", "destroyed", "round_ended", "victory")]
    assert order == ["terrain", "destroyed", "round_ended", "victory"]
    assert m.state.winners == ["p1"] and m.state.phase is Phase.OVER


def test_a_new_round_clears_every_order_marker_and_advances_the_round_marker() -> None:
    # rule: HS-ROUND-05
    m = lava_match()
    end_turns(m, 5)
    roll(m, [SHIELD])  # the lava field misses: nobody has won
    end_turns(m, 1)
    st = m.state
    assert st.winners is None and st.round == 2 and st.phase is Phase.ORDERS
    assert st.orders == {"p1": {}, "p2": {}} and st.revealed == {"p1": [], "p2": []}
    assert st.initiative == [] and st.turns_taken == []


# ---- Order Markers -----------------------------------------------------------------------------


def test_markers_one_two_three_go_on_cards_for_the_three_turns() -> None:
    # rule: HS-ORDER-01
    m = full_match({"p1": [SOLDIER, SCOUT], "p2": [ARCHER]})
    err = refused(m, "p1", "orders 1=Soldier 2=Scout X=Soldier", "HS-ORDER-01")
    assert "missing 3" in str(err)
    m.apply("p1", "orders 1=Soldier 2=Scout 3=Soldier X=Scout")
    assert m.state.orders["p1"] == {"1": "p1/soldier", "2": "p1/scout", "3": "p1/soldier", "X": "p1/scout"}


def test_several_numbered_markers_may_share_one_card() -> None:
    # rule: HS-ORDER-02
    m = full_match({"p1": [SOLDIER, SCOUT], "p2": [ARCHER]})
    rec = Recorder(m)
    rec("p1", "orders 1=Soldier 2=Soldier 3=Scout X=Scout")
    rec("p2", "orders " + markers("Archer"))
    roll(m, d20=[20, 1])
    rec("p1", "initiative")
    rec.end_turn(6)
    p1_cards = [d["card"] for d in rec.of("turn_started") if d["player"] == "p1"]
    assert p1_cards == ["p1/soldier", "p1/soldier", "p1/scout"]


def test_the_x_marker_is_a_decoy_that_never_gives_a_turn() -> None:
    # rule: HS-ORDER-03
    m = full_match({"p1": [SOLDIER, SCOUT], "p2": [ARCHER]})
    rec = Recorder(m)
    rec("p1", "orders 1=Soldier 2=Soldier 3=Soldier X=Scout")
    rec("p2", "orders " + markers("Archer"))
    roll(m, d20=[20, 1])
    rec("p1", "initiative")
    rec.end_turn(5)
    # It stays on its card all round (powers may look at where it lies), face down.
    assert m.state.orders["p1"]["X"] == "p1/scout" and "X" not in m.state.revealed["p1"]
    rec.end_turn()
    assert all(d["marker"] != "X" for d in rec.of("turn_started"))
    assert "p1/scout" not in [d["card"] for d in rec.of("turn_started")]


def test_markers_go_only_on_cards_of_your_own_army() -> None:
    # rule: HS-ORDER-04
    m = full_match()
    err = refused(m, "p1", "orders 1=Archer 2=Soldier 3=Soldier X=Soldier", "HS-ORDER-04")
    assert "'Archer' is not an Army Card in your army (yours: Soldier)" in str(err)
    refused(m, "p1", "orders " + markers("Nobody"), "HS-ORDER-04")


def test_markers_are_placed_secretly_and_in_any_order() -> None:
    # rule: HS-ORDER-05
    m = full_match({"p1": [SOLDIER, SCOUT], "p2": [ARCHER]})
    m.apply("p2", "orders " + markers("Archer"))  # p2 may lock in before p1: placing is simultaneous
    events = m.apply("p1", "orders 1=Scout 2=Soldier 3=Soldier X=Scout")
    public = [e for e in events if e.visible_to(None)]
    assert [e.kind for e in public if e.kind.startswith("orders")] == ["orders_placed"]
    assert "markers" not in public[0].data
    private = [e for e in events if e.kind == "orders"]
    assert private[0].to == "p1" and not private[0].visible_to("p2")
    seen_by_p2 = player_view(m.state, "p2").orders["p1"]
    assert sorted(seen_by_p2) == ["?1", "?2", "?3", "?4"]  # the cards show, the numbers do not
    assert sorted(seen_by_p2.values()) == ["p1/scout", "p1/scout", "p1/soldier", "p1/soldier"]
    assert player_view(m.state, "p1").orders["p1"]["1"] == "p1/scout"


def test_placed_markers_cannot_change_and_are_used_in_number_order() -> None:
    # rule: HS-ORDER-06
    m = full_match({"p1": [SOLDIER, SCOUT], "p2": [ARCHER]})
    rec = Recorder(m)
    rec("p1", "orders 1=Scout 2=Soldier 3=Scout X=Soldier")
    refused(m, "p1", "orders " + markers("Soldier"), "HS-ORDER-06")
    rec("p2", "orders " + markers("Archer"))
    roll(m, d20=[20, 1])
    rec("p1", "initiative")
    rec.end_turn(6)
    p1 = [(d["marker"], d["card"]) for d in rec.of("turn_started") if d["player"] == "p1"]
    assert p1 == [("1", "p1/scout"), ("2", "p1/soldier"), ("3", "p1/scout")]


# ---- initiative --------------------------------------------------------------------------------


def test_initiative_is_rolled_on_the_d20_once_every_marker_is_down() -> None:
    # rule: HS-INIT-01, HS-DICE-02
    m = full_match()
    m.apply("p1", "orders " + BOTH["p1"])
    err = refused(m, "p1", "initiative", "HS-INIT-01")
    assert "waiting for p2" in str(err)
    m.apply("p2", "orders " + BOTH["p2"])
    roll(m, d20=[9, 8])
    events = m.apply("p2", "initiative")
    init = next(e for e in events if e.kind == "initiative")
    assert init.data["rolls"] == {"p1": [9], "p2": [8]}
    assert dice(m.engine).left == 0  # one d20 each, no combat dice


def test_the_highest_roll_takes_the_first_player_turn() -> None:
    # rule: HS-INIT-02
    m = full_match(orders=BOTH, initiative=[5, 17])
    assert m.state.initiative[0] == "p2"
    assert m.state.turn is not None and m.state.turn.player == "p2" and m.state.turn.marker == "1"


def test_tied_top_rolls_are_rolled_again_by_the_tied_players_only() -> None:
    # rule: HS-INIT-03, DEC-04
    m = full_match(players=("p1", "p2", "p3"),
                   orders={"p1": markers("Soldier"), "p2": markers("Archer"), "p3": markers("Soldier p3")})
    roll(m, d20=[20, 20, 5, 8, 12])
    events = m.apply("p1", "initiative")
    init = next(e for e in events if e.kind == "initiative")
    assert init.data["rolls"] == {"p1": [20, 8], "p2": [20, 12], "p3": [5]}
    assert init.data["first"] == "p2"
    assert m.state.initiative == ["p2", "p3", "p1"]  # then seat order from the winner (DEC-04)
    assert dice(m.engine).left == 0


# ---- Player Turns ------------------------------------------------------------------------------


def test_players_alternate_player_turns_marker_by_marker() -> None:
    # rule: HS-TURN-01
    m = full_match()
    rec = Recorder(m)
    rec("p1", "orders " + BOTH["p1"])
    rec("p2", "orders " + BOTH["p2"])
    roll(m, d20=[3, 11])
    rec("p1", "initiative")
    rec.end_turn(6)
    assert reveals(rec) == [("p2", "1"), ("p1", "1"), ("p2", "2"), ("p1", "2"), ("p2", "3"), ("p1", "3")]


def test_with_three_players_turns_pass_in_seat_order_skipping_players_who_left() -> None:
    # rule: HS-TURN-01, DEC-04
    m = full_match(players=("p1", "p2", "p3"))
    rec = Recorder(m)
    for p, c in (("p1", "Soldier"), ("p2", "Archer"), ("p3", "Soldier p3")):
        rec(p, "orders " + markers(c))
    roll(m, d20=[4, 2, 19])
    rec("p1", "initiative")
    rec.end_turn(3)
    rec("p2", "concede")  # p2 has no turn left to take after this
    while m.state.round == 1 and m.state.phase is Phase.TURNS:
        rec.end_turn()
    assert reveals(rec) == [("p3", "1"), ("p1", "1"), ("p2", "1"), ("p3", "2"), ("p1", "2"), ("p3", "3"), ("p1", "3")]


def duel() -> Engine:
    """Soldier (p1) and Archer (p2) side by side, round structure on, p1 with initiative."""
    eng = sandbox(fig("soldier", "p1", (2, 2), SOLDIER), fig("archer", "p2", (3, 2), ARCHER),
                  fig("scout", "p1", (0, 5), SCOUT))
    begin_round(eng, [20, 1], p1="1=Soldier 2=Soldier 3=Scout X=Scout", p2=markers("Archer"))
    return eng


def test_a_player_turn_reveals_moves_then_attacks_then_checks_victory() -> None:
    # rule: HS-TURN-02
    eng = duel()
    turn = eng.state.turn
    assert turn is not None and (turn.player, turn.marker, turn.card_key) == ("p1", "1", "p1/soldier")
    roll(eng, [SKULL, SHIELD, BLANK, BLANK, BLANK])  # Attack 3 against Defense 2
    eng.execute("p1", "attack soldier archer")
    assert eng.state.turn is not None and eng.state.turn.stage is Stage.ATTACK
    refused(eng, "p1", "move soldier 2,3", "HS-TURN-02")  # no moving once attacks have begun
    events = eng.execute("p1", "end-turn")
    assert [e.kind for e in events][:2] == ["turn_ended", "turn_started"]  # victory checked in between: none
    assert eng.state.winners is None


def test_revealing_turns_the_marker_face_up_for_everyone() -> None:
    # rule: HS-TURN-03
    eng = duel()
    assert eng.state.revealed["p1"] == ["1"] and eng.state.revealed["p2"] == []
    view = player_view(eng.state, "p2")
    assert view.orders["p1"]["1"] == "p1/soldier"  # revealed: its number shows
    assert {k for k in view.orders["p1"] if k.startswith("?")} == {"?1", "?2", "?3"}


@pytest.fixture
def log() -> Iterator[list[tuple[Any, ...]]]:
    """A list the test effects below write to."""
    entries: list[tuple[Any, ...]] = []
    yield entries


def test_effects_before_revealing_belong_to_that_player_turn(effects: Any, log: list[tuple[Any, ...]]) -> None:
    # rule: HS-TURN-04, HS-TIMING-07
    class BeforeReveal(Effect):
        name = "test_before_reveal"
        window = Window.BEFORE_REVEAL
        source = Source.UNIT

        def triggers(self, engine: Engine) -> list[Trigger]:
            return [Trigger(self.name, p.id) for p in engine.state.players]

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            t = engine.state.turn
            assert t is not None
            log.append((t.player, t.marker, trigger.controller, list(engine.state.revealed[t.player])))

    effects(BeforeReveal)
    eng = sandbox(fig("soldier", "p1", (2, 2), SOLDIER), fig("archer", "p2", (5, 5), ARCHER))
    begin_round(eng, [1, 20], p1=markers("Soldier"), p2=markers("Archer"))  # p2 has initiative
    # p2's first Player Turn already exists before its marker is revealed, and p2's effect goes first.
    assert log == [("p2", None, "p2", []), ("p2", None, "p1", [])]
    log.clear()
    eng.execute("p2", "end-turn")
    assert log == [("p1", None, "p1", []), ("p1", None, "p2", [])]


def test_the_army_card_turn_uses_the_revealed_card_unless_a_power_adds_one(effects: Any) -> None:
    # rule: HS-TURN-05
    eng = duel()
    refused(eng, "p1", "move scout 0,4", "HS-TURN-05")  # Scout's marker is not the one revealed

    class Bonding(Effect):
        """Like Jandar Champion Bonding: before Soldier's turn, take a turn with Scout."""

        name = "test_bonding"
        window = Window.START_OF_TURN
        source = Source.UNIT

        def triggers(self, engine: Engine) -> list[Trigger]:
            t = engine.state.turn
            if t is None or t.card_key != "p1/soldier" or t.data.get("bonded"):
                return []
            return [Trigger(self.name, "p1", source="soldier")]

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            assert engine.state.turn is not None
            engine.state.turn.data["bonded"] = True
            engine.add_card_turn("p1/scout", now=True)

    effects(Bonding)
    eng.execute("p1", "end-turn")
    eng.execute("p2", "end-turn")
    # p1 reveals marker 2 (Soldier): Bonding gives Scout a turn first, within the same Player Turn.
    turn = eng.state.turn
    assert turn is not None and turn.marker == "2" and turn.card_key == "p1/scout"
    refused(eng, "p1", "move soldier 2,3", "HS-TURN-05")
    eng.execute("p1", "move scout 0,4")
    events = eng.execute("p1", "end-turn")
    assert [e.kind for e in events][-1] == "card_turn"
    assert eng.state.turn is not None and eng.state.turn.card_key == "p1/soldier"
    assert eng.state.turns_taken == ["p1", "p2"]  # still p1's second Player Turn
    eng.execute("p1", "move soldier 2,3")
    eng.execute("p1", "end-turn")
    assert eng.state.turns_taken == ["p1", "p2", "p1"] and eng.state.turn is not None
    assert eng.state.turn.player == "p2"


def test_after_moving_before_attacking_happens_even_if_nothing_moved(effects: Any, log: list[tuple[Any, ...]]) -> None:
    # rule: HS-TURN-06
    class AfterMoving(Effect):
        name = "test_after_moving"
        window = Window.AFTER_MOVING

        def triggers(self, engine: Engine) -> list[Trigger]:
            t = engine.state.turn
            return [Trigger(self.name, t.player)] if t else []

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            t = engine.state.turn
            assert t is not None
            log.append((t.player, t.card_key, list(t.moved), list(t.attacked)))
            engine.emit("test_after_moving")

    effects(AfterMoving)
    eng = duel()
    eng.execute("p1", "end-turn")  # nothing moved, nothing attacked
    assert log == [("p1", "p1/soldier", [], [])]
    roll(eng, [BLANK] * 6)  # Attack 3, Defense 3
    events = eng.execute("p2", "attack archer soldier")  # attacking without moving
    kinds = [e.kind for e in events]
    assert kinds.index("test_after_moving") < kinds.index("attack")
    assert log[1] == ("p2", "p2/archer", [], [])


def test_figures_are_moved_only_during_their_own_players_turn() -> None:
    # rule: HS-TURN-07
    eng = duel()
    err = refused(eng, "p2", "move archer 4,2", "HS-TURN-07")
    assert "It is p1's turn" in str(err)
    refused(eng, "p2", "end-turn", "HS-TURN-07")
    refused(eng, "p2", "attack archer soldier", "HS-TURN-07")


def test_an_unknown_order_marker_cannot_be_written() -> None:
    # rule: HS-ORDER-01 (the set is 1, 2, 3 and X: a "4" does not parse)
    eng = duel()
    with pytest.raises(InvalidCommand):
        eng.execute("p1", "orders 1=Soldier 2=Soldier 3=Soldier 4=Soldier")


def test_a_player_who_concedes_while_a_decision_waits_on_them_leaves_the_round_in_order() -> None:
    # rule: HS-ROUND-02, DEC-04 (their Wellspring roll is declined; the round goes on to initiative)
    spring = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
                   hexes=[{"at": [0, 0], "level": 1, "terrain": "wellspring_water"}], start_zones=ZONES)
    m = full_match(players=("p1", "p2", "p3"), battlefield=spring)
    assert [p.kind for p in m.state.pending] == ["wellspring_water"]
    m.apply("p1", "concede")
    assert not m.state.pending and not m.engine.open_windows
    m.apply("p2", "orders " + markers("Archer"))
    m.apply("p3", "orders " + markers("Soldier p3"))
    assert m.state.phase is Phase.INITIATIVE
    roll(m, d20=[3, 18])
    m.apply("p2", "initiative")
    assert m.state.initiative == ["p3", "p2"]


def test_a_player_who_concedes_in_their_own_turn_hands_on_to_the_next() -> None:
    # rule: HS-TURN-01, DEC-04
    m = full_match(players=("p1", "p2", "p3"),
                   orders={"p1": markers("Soldier"), "p2": markers("Archer"), "p3": markers("Soldier p3")},
                   initiative=[20, 2, 1])
    assert m.state.turn is not None and m.state.turn.player == "p1"
    m.apply("p1", "concede")
    assert m.state.turn is not None and (m.state.turn.player, m.state.turn.marker) == ("p2", "1")
    assert not m.engine.open_windows
