"""Conceding (DEC-15, HS-VICTORY-05, HS-ARMY-17), through the real commands of a :class:`Match`.

Before the battle a player who concedes leaves the table: their army is dropped, their seat and
start zone are free and nobody waits for them. Once the draft has begun they leave the draft;
from placement on their figures leave the battlefield and nobody waits for them again (placement,
Order Markers, initiative). A player who conceded gives no more commands, and cannot concede twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.match import Match
from bot.rules.scenario import Scenario
from bot.rules.state import Phase
from tests.rules.conftest import card, full_match, markers, refused, roll, seated

SOLDIER = card(name="Soldier")
ARCHER = card(name="Archer", range=7, defense=2)
LIBRARY = [SOLDIER, ARCHER, card(name="Soldier p3"), card(name="Soldier p4")]


def kinds(events: Sequence[object]) -> list[str]:
    return [e.kind for e in events]  # type: ignore[attr-defined]


def four_at_the_table() -> Match:
    """p1..p4 seated (zones 1-north, 2-south, 3-west, 4-east), every army chosen, not started."""
    m = seated(("p1", "p2", "p3", "p4"), library=LIBRARY)
    for p, army in (("p1", "Soldier"), ("p2", "Archer"), ("p3", "Soldier p3"), ("p4", "Soldier p4")):
        m.apply(p, f"army {army}")
    return m


# ---- before the battle: leaving the table --------------------------------------------------------


def test_a_player_who_concedes_before_the_start_leaves_the_table_and_nobody_waits_for_them() -> None:
    """DEC-15: conceding in setup frees the seat; 'start' no longer waits for their army."""
    m = seated(("p1", "p2", "p3", "p4"), library=LIBRARY)
    for p, army in (("p1", "Soldier"), ("p2", "Archer"), ("p3", "Soldier p3")):
        m.apply(p, f"army {army}")
    refused(m, "p1", "start", "HS-ARMY-01")  # waiting for an army from p4
    events = m.apply("p4", "concede")
    assert kinds(events) == ["conceded"]
    assert events[0].data == {"player": "p4", "name": "p4", "left_table": True}
    assert m.state.phase is Phase.SETUP and m.state.winners is None  # the table is still open: nobody wins
    events = m.apply("p1", "start")
    assert m.state.phase is Phase.PLACEMENT
    assert events[-1].data["zones"] == {"p1": "1-north", "p2": "2-south", "p3": "3-west"}


def test_the_army_of_a_player_who_left_is_dropped() -> None:
    # rule: DEC-15 (nothing of theirs is placed or fights)
    m = four_at_the_table()
    m.apply("p4", "concede")
    assert [c.owner for c in m.state.cards.values()] == ["p1", "p2", "p3"]
    assert all(f.owner != "p4" for f in m.state.figures.values())
    p4 = m.state.player("p4")
    assert p4.conceded and (p4.zone, p4.role) == ("", "")


def test_a_player_who_left_gives_no_more_commands_and_cannot_concede_twice() -> None:
    # rule: DEC-15
    m = four_at_the_table()
    m.apply("p4", "concede")
    err = refused(m, "p4", "army Soldier p4")
    assert str(err) == "You have conceded this match."
    err = refused(m, "p4", "concede")
    assert str(err) == "You have already conceded."


def test_a_freed_seat_takes_a_newcomer_in_the_start_zone_that_was_left() -> None:
    # rule: HS-ARMY-17, DEC-15 (a scenario for 2 players: the seat of the one who left is free)
    duel = Scenario(id="duel", name="Duel", max_players=2)
    m = seated(("p1", "p2"), scenario=duel, library=LIBRARY)
    err = refused(m, "p3", "join p3")
    assert "Duel is for at most 2 players" in str(err)
    m.apply("p2", "concede")
    events = m.apply("p3", "join p3")
    assert events[0].data["zone"] == "2-south"  # p2's zone, not a third one
    assert [(p.id, p.conceded) for p in m.state.players] == [("p1", False), ("p2", True), ("p3", False)]


def test_a_player_who_left_may_sit_down_again() -> None:
    # rule: DEC-15
    m = seated(("p1", "p2", "p3"), library=LIBRARY)
    m.apply("p1", "concede")
    events = m.apply("p1", "join Alice")
    assert events[0].data["zone"] == "1-north"  # the first free zone
    assert [(p.id, p.name, p.conceded) for p in m.state.players] == [
        ("p2", "p2", False), ("p3", "p3", False), ("p1", "Alice", False)]
    m.apply("p1", "army Soldier")
    assert any(c.owner == "p1" for c in m.state.cards.values())


def test_joining_after_the_start_says_the_table_closed_when_the_match_started() -> None:
    # rule: HS-ARMY-17
    m = full_match(place=False)
    assert m.state.phase is Phase.PLACEMENT and not any(f.hexes for f in m.state.figures.values())
    err = refused(m, "p3", "join p3", "HS-ARMY-17")
    assert str(err).startswith("The match has started, so the table is closed")


# ---- the draft -------------------------------------------------------------------------------------


def test_a_player_who_conceded_during_the_draft_may_not_pick_but_may_still_close_the_table() -> None:
    """DEC-13, DEC-15: out of the draft; 'start' (closing the table, not playing) stays open to them,
    since on Discord only the match's creator starts it."""
    scen = Scenario.model_validate({"id": "d", "name": "D", "max_players": 4,
                                    "format": {"draft": True, "points": 200}})
    m = seated(("p1", "p2", "p3"), scenario=scen, library=LIBRARY)
    roll(m, d20=[20, 5, 1])
    m.apply("p1", "start")
    m.apply("p1", "draft Soldier")
    m.apply("p2", "draft Archer")
    events = m.apply("p1", "concede")
    assert kinds(events) == ["conceded", "draft_out"]
    assert not events[0].data["left_table"]  # the table is closed: they leave the draft
    err = refused(m, "p1", "draft Soldier p3")
    assert str(err) == "You have conceded this match."
    m.apply("p3", "draft Soldier p3")
    m.apply("p2", "draft pass")
    events = m.apply("p3", "draft pass")
    assert events[-1].kind == "draft_ended" and events[-1].data["armies"] == {"p2": 50, "p3": 50}  # p1 is no longer listed
    m.apply("p1", "start")  # p1 created the match: they may still close the table
    assert m.state.phase is Phase.PLACEMENT
    assert all(f.set_aside for f in m.state.figures.values() if f.owner == "p1")


# ---- from placement on: nobody waits ---------------------------------------------------------------


def test_a_player_who_concedes_during_placement_is_not_waited_for() -> None:
    # rule: DEC-15, HS-ROUND-02 (the round starts once every figure that fights is placed)
    m = full_match(players=("p1", "p2", "p3"), place=False)
    m.apply("p1", "place-rest")
    m.apply("p2", "place-rest")
    assert m.state.phase is Phase.PLACEMENT  # waiting for p3's figures
    events = m.apply("p3", "concede")
    assert kinds(events)[:2] == ["conceded", "round_started"]
    assert m.state.phase is Phase.ORDERS and m.state.round == 1
    err = refused(m, "p3", "place-rest")
    assert str(err) == "You have conceded this match."


def test_a_player_who_concedes_while_others_wait_for_their_order_markers_is_not_waited_for() -> None:
    # rule: DEC-15, HS-INIT-01 (initiative is rolled once every marker is placed)
    m = full_match(players=("p1", "p2", "p3"))
    m.apply("p1", "orders " + markers("Soldier"))
    m.apply("p2", "orders " + markers("Archer"))
    assert m.state.phase is Phase.ORDERS
    m.apply("p3", "concede")
    assert m.state.phase is Phase.INITIATIVE
    err = refused(m, "p3", "orders " + markers("Soldier p3"))
    assert str(err) == "You have conceded this match."
    roll(m, d20=[4, 17])
    events = m.apply("p1", "initiative")
    assert set(events[0].data["rolls"]) == {"p1", "p2"}  # p3 does not roll
    assert m.state.initiative == ["p2", "p1"]


def test_a_player_who_conceded_in_the_battle_cannot_act_or_concede_again() -> None:
    # rule: DEC-15, HS-VICTORY-05
    m = full_match(players=("p1", "p2", "p3"),
                   orders={"p1": markers("Soldier"), "p2": markers("Archer"), "p3": markers("Soldier p3")},
                   initiative=[20, 2, 1])
    m.apply("p3", "concede")
    for command in ("move soldierp3 5,5", "end-turn", "initiative"):
        err = refused(m, "p3", command)
        assert str(err) == "You have conceded this match.", command
    assert str(refused(m, "p3", "concede")) == "You have already conceded."
    assert m.state.phase is Phase.TURNS and m.state.winners is None  # two players fight on
