"""Drafting Army Cards one at a time, in turn (DEC-13; HS-SCEN-BRIDGE-MASTER-03..05,
HS-SCEN-DUMUTEF-MASTER-03..04), through the real commands of a :class:`Match`.

The draft opens with ``start``; the first drafter is the side the scenario names, or the d20
winner (ties re-rolled by the tied players only); picks go around the table; every army-building
rule holds after every pick; a player who passes or can add no card is out; ``start`` then goes
on to placement. A replayed log rebuilds the same state.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from pydantic import ValidationError

from bot.game import ai
from bot.rules import draft as drafting
from bot.rules.cards import ArmyCard
from bot.rules.commands import Command
from bot.rules.errors import InvalidCommand
from bot.rules.match import Match
from bot.rules.scenario import Format, Scenario, Side
from bot.rules.state import Phase
from tests.rules.conftest import card, match_field, refused, roll, seated

SOLDIER = card(name="Soldier", points=50)
ARCHER = card(name="Archer", range=7, defense=2, points=90)
SCOUT = card(name="Scout", move=6, points=30)
WOLVES = card(name="Wolves", kind="squad", rarity="common", figures=3, life=1, points=40)
GUARD = card(name="Guard", rarity="common", points=25)
DRAGON = card(name="Red Dragon", base=2, size="huge", height=9, points=150)
GHOST = card(name="Ghost", life=None, points=None)  # statistics not public (DEC-07)
LIBRARY = [SOLDIER, ARCHER, SCOUT, WOLVES, GUARD, DRAGON, GHOST]


def scenario(sides: Sequence[Side] = (), **fmt: object) -> Scenario:
    """A drafting scenario (points 200 unless told) for up to 4 players."""
    fields: dict[str, object] = {"points": 200, "draft": True, **fmt}
    return Scenario(id="draft-test", name="Draft test", format=Format.model_validate(fields), max_players=4,
                    sides=list(sides))


def pool() -> list[ArmyCard]:
    return list(LIBRARY)


def drafting_match(players: Sequence[str] = ("p1", "p2"), scen: Scenario | None = None, *,
                   with_pool: bool = True) -> Match:
    """Players seated in a drafting match, dice scripted, the card pool known (unless told)."""
    m = seated(players, scenario=scen or scenario(), library=LIBRARY)
    if with_pool:
        m.pool = pool
        m.engine.pool = pool
    return m


def open_draft(m: Match, d20: Sequence[int]) -> None:
    roll(m, d20=d20)
    m.apply(m.state.players[0].id, "start")


def kinds(events: Sequence[object]) -> list[str]:
    return [e.kind for e in events]  # type: ignore[attr-defined]


# ---- the command ------------------------------------------------------------------------------


def test_draft_commands_read_and_print_back() -> None:
    assert Command.parse("draft Red Dragon").args == {"card": "Red Dragon"}
    assert Command.parse("draft Red Dragon").text() == "draft Red Dragon"
    assert Command.parse("draft PASS").args == {"card": None}
    assert Command.parse("draft pass").text() == "draft pass"
    # Card names may hold commas; a list of cards is an army, not a pick.
    assert Command.parse("draft Raakchott, Steward of Death").args["card"] == "Raakchott, Steward of Death"
    for bad in ("draft", "draft Soldier; Archer"):
        with pytest.raises(InvalidCommand, match="name one Army Card to pick") as info:
            Command.parse(bad)
        assert info.value.actions == ("draft", "pass")  # the adapter says how it is done


def test_the_format_may_name_only_a_side_of_the_scenario_to_draft_first() -> None:
    with pytest.raises(ValidationError, match="not a side of this scenario"):
        scenario(draft_first="Player 3")
    with pytest.raises(ValidationError, match="draft_first_card needs draft_first"):
        scenario(draft_first_card="Guard")


# ---- who picks first -------------------------------------------------------------------------


def test_start_opens_the_draft_highest_d20_picks_first_ties_reroll_among_the_tied() -> None:
    """DEC-13: every player rolls the d20; the tied top rollers (p1, p3) roll again, p2 does not."""
    m = drafting_match(("p1", "p2", "p3"))
    roll(m, d20=[15, 9, 15, 4, 11])
    events = m.apply("p1", "start")
    d = m.state.draft
    assert d is not None and m.state.phase is Phase.SETUP
    assert d.rolls == {"p1": [15, 4], "p2": [9], "p3": [15, 11]}
    assert d.order == ["p3", "p1", "p2"]  # around the table from the winner
    assert d.next == "p3"
    assert kinds(events) == ["draft_started", "draft_turn"]
    assert events[0].data["first"] == "p3" and events[0].data["by"] == "roll"
    assert events[1].data == {"player": "p3", "points_left": 200, "must_pick": None}


def test_a_scenario_named_side_drafts_first_and_must_pick_its_card_first() -> None:
    """HS-SCEN-BRIDGE-MASTER-05, HS-SCEN-DUMUTEF-MASTER-04: Player 2 drafts first and must pick
    the Dumutef Guard (here: Guard) first; no die is rolled (none is scripted)."""
    sides = [Side(name="Player 1", zone="1-north"), Side(name="Player 2", zone="2-south")]
    m = drafting_match(scen=scenario(sides, draft_first="Player 2", draft_first_card="Guard"))
    events = m.apply("p1", "start")
    d = m.state.draft
    assert d is not None and d.order == ["p2", "p1"] and d.rolls == {} and d.first_card == "guard"
    assert events[0].data["by"] == "scenario" and events[-1].data["must_pick"] == "Guard"
    err = refused(m, "p2", "draft Soldier", "DEC-13")
    assert "first pick must be the card the scenario names (Guard)" in str(err)
    m.apply("p2", "draft Guard")
    m.apply("p1", "draft Soldier")
    m.apply("p2", "draft Soldier")  # only the first pick is fixed
    assert drafting.drafted_cards(m.state, "p2") == [GUARD, SOLDIER]


# ---- turns, passing, the end ------------------------------------------------------------------


def test_picks_go_around_the_table_and_out_of_turn_picks_are_refused() -> None:
    m = drafting_match()
    open_draft(m, [3, 17])
    err = refused(m, "p1", "draft Soldier", "DEC-13")
    assert "It is p2's pick" in str(err)
    events = m.apply("p2", "draft Archer")
    assert kinds(events) == ["drafted", "draft_turn"]
    assert events[0].data == {"player": "p2", "card": "Archer", "card_id": "archer", "card_points": 90, "pick": 1,
                              "points": 90, "figures": 1, "spaces": 1, "points_left": 110}
    assert events[1].data["player"] == "p1"
    m.apply("p1", "draft Soldier")
    assert m.state.draft is not None and m.state.draft.next == "p2"
    assert m.state.draft.picks == [("p2", "archer"), ("p1", "soldier")]


def test_a_player_passes_only_with_a_card_and_is_then_out_the_others_go_on() -> None:
    # rule: HS-ARMY-01 (an army needs at least one Army Card, so the first pick cannot be a pass)
    m = drafting_match()
    open_draft(m, [20, 1])
    err = refused(m, "p1", "draft pass", "HS-ARMY-01")
    assert "Pick at least one Army Card before passing" in str(err)
    m.apply("p1", "draft Scout")
    m.apply("p2", "draft Scout")
    events = m.apply("p1", "draft pass")
    assert kinds(events) == ["draft_out", "draft_turn"] and events[0].data["reason"] == "passed"
    refused(m, "p1", "draft Soldier", "DEC-13")  # out for good
    m.apply("p2", "draft Soldier")
    assert m.state.draft is not None and m.state.draft.next == "p2"  # everyone else is out: p2 picks on
    events = m.apply("p2", "draft pass")
    assert kinds(events) == ["draft_out", "draft_ended"]
    assert events[-1].data["armies"] == {"p1": 30, "p2": 80}
    assert m.state.draft is not None and m.state.draft.over
    err = refused(m, "p2", "draft Guard", "DEC-13")
    assert "The draft is over" in str(err)
    m.apply("p1", "start")
    assert m.state.phase is Phase.PLACEMENT
    assert sorted(f.id for f in m.state.figures.values()) == ["scout", "scout1", "soldier"]


def test_a_player_who_can_add_no_card_is_out_by_itself() -> None:
    # rule: HS-ARMY-01 (a pick that would pass the points limit is never legal)
    m = drafting_match(scen=scenario(points=100))
    open_draft(m, [20, 1])
    events = m.apply("p1", "draft Archer")  # 10 points left: nothing costs that little
    assert kinds(events) == ["drafted", "draft_out", "draft_turn"]
    assert events[1].data == {"player": "p1", "reason": "no card fits"}
    assert events[2].data["player"] == "p2"
    events = m.apply("p2", "draft Soldier")
    assert kinds(events) == ["drafted", "draft_turn"] and events[-1].data["player"] == "p2"


def test_without_the_card_pool_a_player_who_can_add_nothing_must_pass() -> None:
    m = drafting_match(scen=scenario(points=100), with_pool=False)
    open_draft(m, [20, 1])
    m.apply("p1", "draft Archer")
    m.apply("p2", "draft Soldier")
    refused(m, "p1", "draft Scout", "HS-ARMY-01")
    assert kinds(m.apply("p1", "draft pass"))[0] == "draft_out"


# ---- every army-building rule after every pick ---------------------------------------------------


def test_the_points_limit_holds_after_every_pick() -> None:
    # rule: HS-ARMY-01
    m = drafting_match()
    open_draft(m, [20, 1])
    m.apply("p1", "draft Red Dragon")
    m.apply("p2", "draft Soldier")
    err = refused(m, "p1", "draft Archer", "HS-ARMY-01")
    assert str(err) == "Archer costs 90 points but your army has only 50 of 200 left (HS-ARMY-01)"
    assert drafting.points_left(m.state, "p1") == 50
    assert [c.name for c in drafting.pickable(m.state, "p1", LIBRARY)] == ["Guard", "Scout", "Wolves", "Soldier"]


def test_the_figure_limit_holds_after_every_pick_with_nothing_set_aside() -> None:
    # rule: HS-ARMY-01, HS-ARMY-03 (a drafted army never sets figures aside: the pick is refused)
    m = drafting_match(scen=scenario(points=None, figures=3))
    open_draft(m, [20, 1])
    m.apply("p1", "draft Soldier")
    m.apply("p2", "draft Soldier")
    err = refused(m, "p1", "draft Wolves", "HS-ARMY-01")
    assert str(err) == "Wolves would bring your army to 4 figures; this match allows 3 (HS-ARMY-01)"
    m.apply("p1", "draft Scout")
    assert drafting.points_left(m.state, "p1") is None


def test_the_start_zone_limits_the_spaces_after_every_pick() -> None:
    # rule: HS-ARMY-02 (the test field's start zones have 20 spaces)
    m = drafting_match(scen=scenario(points=None))
    open_draft(m, [20, 1])
    for _ in range(6):  # 6 x 3 Wolves = 18 spaces
        m.apply("p1", "draft Wolves")
        m.apply("p2", "draft Guard")
    err = refused(m, "p1", "draft Wolves", "HS-ARMY-02")
    assert str(err) == "Wolves would bring your army to 21 spaces; your start zone has 20 (HS-ARMY-02)"
    m.apply("p1", "draft Red Dragon")  # 2 spaces: 20


def test_the_format_space_limit_holds_after_every_pick() -> None:
    # rule: HS-ARMY-01
    m = drafting_match(scen=scenario(points=None, spaces=2))
    open_draft(m, [20, 1])
    m.apply("p1", "draft Soldier")
    m.apply("p2", "draft Soldier")
    err = refused(m, "p1", "draft Red Dragon", "HS-ARMY-01")
    assert "3 spaces; this match allows 2" in str(err)


def test_a_unique_card_only_once_per_army_but_in_several_armies() -> None:
    # rule: HS-ARMY-04
    m = drafting_match()
    open_draft(m, [20, 1])
    m.apply("p1", "draft Soldier")
    m.apply("p2", "draft Soldier")  # another army may have its own (DEC-13: the library has copies)
    err = refused(m, "p1", "draft Soldier", "HS-ARMY-04")
    assert "Soldier is a Unique card" in str(err)


def test_an_incomplete_card_is_never_a_legal_pick() -> None:
    # rule: DEC-07
    m = drafting_match()
    open_draft(m, [20, 1])
    err = refused(m, "p1", "draft Ghost", "DEC-07")
    assert "Ghost is incomplete" in str(err)
    assert GHOST not in drafting.pickable(m.state, "p1", LIBRARY)


def test_an_unknown_card_is_named_as_such() -> None:
    m = drafting_match()
    open_draft(m, [20, 1])
    err = refused(m, "p1", "draft Frobnicator")
    assert "No card called 'Frobnicator'" in str(err)


def test_a_common_card_drafted_again_joins_its_first_card() -> None:
    # rule: HS-ARMY-08
    m = drafting_match(scen=scenario(points=None))
    open_draft(m, [20, 1])
    m.apply("p1", "draft Wolves")
    m.apply("p2", "draft Soldier")
    events = m.apply("p1", "draft Wolves")
    assert events[0].data["figures"] == 6
    mine = [c for c in m.state.cards.values() if c.owner == "p1"]
    assert [(c.key, len(c.figure_ids)) for c in mine] == [("p1/wolves", 6)]


def test_a_drafted_army_is_the_army_the_same_cards_give() -> None:
    """The army a draft builds is exactly the one 'army' builds from the same cards in that order."""
    m = drafting_match(scen=scenario(points=None))
    open_draft(m, [20, 1])
    for pick in ("Wolves", "Archer", "Wolves"):
        m.apply("p1", f"draft {pick}")
        m.apply("p2", "draft Guard")
    other = seated(scenario=Scenario(id="plain", name="Plain", max_players=4), library=LIBRARY)
    other.apply("p1", "army Wolves; Archer; Wolves")
    ours = {k: sorted(c.figure_ids) for k, c in m.state.cards.items() if c.owner == "p1"}
    theirs = {k: sorted(c.figure_ids) for k, c in other.state.cards.items() if c.owner == "p1"}
    assert ours == theirs == {"p1/wolves": ["wolves1", "wolves2", "wolves3", "wolves4", "wolves5", "wolves6"],
                              "p1/archer": ["archer"]}


# ---- what a drafting match refuses --------------------------------------------------------------


def test_army_in_a_drafting_match_is_refused_naming_the_draft_command() -> None:
    m = drafting_match()
    err = refused(m, "p1", "army Soldier; Archer", "DEC-13")
    assert "once the match starts and the draft opens, pick one card each time your pick comes" in str(err)
    assert err.actions == ("draft", "pass") and "'" not in str(err)  # words, no command syntax
    open_draft(m, [20, 1])
    err = refused(m, "p1", "army Soldier", "DEC-13")
    assert "at a time: pick one card each time your pick comes, or pass to stop picking" in str(err)


def test_draft_before_the_draft_opens_or_in_a_match_without_one_is_refused() -> None:
    m = drafting_match()
    err = refused(m, "p1", "draft Soldier", "DEC-13")
    assert "The draft has not begun: starting the match opens it" in str(err) and err.actions == ("start",)
    plain = seated(scenario=Scenario(id="plain", name="Plain", max_players=4), library=LIBRARY)
    err = refused(plain, "p1", "draft Soldier", "HS-ARMY-01")
    assert "choose your whole army at once, naming all its Army Cards" in str(err) and err.actions == ("army",)


def test_joining_closes_when_the_draft_opens() -> None:
    # rule: HS-ARMY-17 (players sit down before the armies are chosen)
    m = drafting_match()
    m.apply("p3", "join p3")  # before 'start': still open
    open_draft(m, [20, 1, 5])
    err = refused(m, "p4", "join p4", "DEC-13")
    assert "the table is closed" in str(err)


def test_start_during_the_draft_names_whose_pick_it_is() -> None:
    m = drafting_match()
    open_draft(m, [1, 20])
    err = refused(m, "p1", "start", "DEC-13")
    assert "The draft is under way: it is p2's pick" in str(err)


def test_a_player_who_drafted_nothing_keeps_placement_waiting_until_they_concede() -> None:
    # rule: HS-ARMY-01 (an army needs a card: with 20 points nothing fits, so everyone is out at once)
    m = drafting_match(("p1", "p2", "p3"), scen=scenario(points=20))
    open_draft(m, [20, 1, 1])
    assert kinds(m.apply("p1", "concede")) == ["conceded"]  # the draft is already over
    assert m.state.draft is not None and m.state.draft.out == ["p1", "p2", "p3"]
    err = refused(m, "p2", "start", "HS-ARMY-01")
    # p1 conceded and is waited for no more (DEC-15); the others are named.
    assert "No Army Card was drafted by p2, p3, who cannot fight without one; they can concede" in str(err)
    assert err.actions == ("concede",)


def test_conceding_during_the_draft_leaves_it_and_the_next_player_picks() -> None:
    m = drafting_match(("p1", "p2", "p3"))
    open_draft(m, [20, 5, 1])
    m.apply("p1", "draft Soldier")
    events = m.apply("p2", "concede")
    assert kinds(events) == ["conceded", "draft_out", "draft_turn"]
    assert events[-1].data["player"] == "p3"
    assert m.state.draft is not None and m.state.draft.out == ["p2"]


# ---- replay and the computer ----------------------------------------------------------------------


def test_replaying_the_log_rebuilds_the_same_draft() -> None:
    """A match is its seed plus its log: the d20 for the first pick comes from the match's dice."""
    scen = scenario()
    by_id = {c.id: c for c in LIBRARY}
    m = Match(match_field(), scen, seed=11, cards=by_id.__getitem__, pool=pool)
    for p in ("p1", "p2", "p3"):
        m.apply(p, f"join {p}")
    m.apply("p1", "start")
    d = m.state.draft
    assert d is not None and sorted(d.order) == ["p1", "p2", "p3"]
    assert all(1 <= r <= 20 for rs in d.rolls.values() for r in rs)
    picks = 0
    while d.next is not None:
        m.apply(d.next, ai.draft_command(m.state, d.next, LIBRARY))
        picks += 1
        assert picks < 30
    m.apply("p1", "start")
    assert m.state.phase is Phase.PLACEMENT
    again = Match.replay(m.battlefield, scen, 11, m.log, m.cards, pool)
    assert again.state_json() == m.state_json()
    assert '"draft":{' in again.state_json() and again.log == m.log


def test_the_computer_drafts_the_dearest_card_that_fits_and_prefers_untaken_ones() -> None:
    m = drafting_match()
    open_draft(m, [20, 1])
    assert ai.waiting_for(m.state) == ["p1"]
    assert ai.next_command(m.state, "p2") is None
    assert ai.draft_command(m.state, "p1", LIBRARY) == "draft red-dragon"
    m.apply("p1", "draft red-dragon")
    assert ai.draft_command(m.state, "p2", LIBRARY) == "draft archer"  # the Dragon is taken: the next dearest
    m.apply("p2", "draft Red Dragon")
    assert ai.draft_command(m.state, "p1", LIBRARY) == "draft soldier"
    m.apply("p1", "draft Guard")
    m.apply("p2", "draft Guard")
    m.apply("p1", "draft Guard")  # 200 points: nothing more fits
    assert m.state.draft is not None and m.state.draft.out == ["p1"]
    assert ai.draft_command(m.state, "p2", [GUARD, SOLDIER]) == "draft guard"
