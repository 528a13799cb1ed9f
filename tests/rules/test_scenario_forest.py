"""The Forgotten Forest scenarios: The Bridge to the Forgotten Forest and Fall of the Dumutef Bridge
(HS-SCEN-FOREST-*, HS-SCEN-BRIDGE-MASTER-*, HS-SCEN-DUMUTEF-MASTER-*).

The special rules are the plug-ins of :mod:`bot.rules.scenarios` (water survival, hold the bridge,
reinforcements) driven by the shipped scenario files; positions are sandboxes (FREE phase) on small
fields or on the shipped Forgotten Forest map.
"""

from __future__ import annotations

from functools import cache

import pytest

from bot.content.maps import MapLibrary
from bot.content.scenarios import ScenarioLibrary
from bot.rules.army import check_army, check_pick
from bot.rules.battlefield import Battlefield
from bot.rules.engine import Engine
from bot.rules.errors import ArmyError, RulesError
from bot.rules.hexes import Hex
from bot.rules.scenario import Scenario
from bot.rules.scenarios import KINDS
from bot.rules.scenarios.reinforcements import points_for
from bot.rules.state import Phase
from bot.rules.victory import check_victory
from tests.rules.conftest import LIB, build, card, fig, roll, sandbox

BRIDGE_ID = "bridge-to-the-forgotten-forest"
DUMUTEF_ID = "fall-of-the-dumutef-bridge"

SOLDIER = card(name="Soldier")
SOULBORG = card(name="Sentinel", species="Soulborg")
#: A double-space figure (Large, 2 spaces), as a Dumutef Guard is.
BEAST = card(name="Beast", size="large", base=2, height=6, life=5, move=6)


@cache
def scenario(sid: str) -> Scenario:
    """A shipped scenario."""
    return ScenarioLibrary.default().get(sid)


@cache
def forest() -> Battlefield:
    """The shipped Forgotten Forest battlefield."""
    return MapLibrary.default().get("forgotten-forest")


def bridge_spaces(bf: Battlefield) -> list[Hex]:
    """The five deck spaces of the map's ``bridge`` zone."""
    return sorted(bf.start_zones["bridge"], key=lambda h: (h.r, h.q))


def with_roles(eng: Engine, roles: dict[str, str], teams: dict[str, str] | None = None) -> Engine:
    """Give the sandbox's players their scenario sides (and teams)."""
    for pid, role in roles.items():
        p = eng.state.player(pid)
        p.role = role
        p.team = (teams or {}).get(pid, "")
    return eng


#: A field with a river column (q = 2, water) and grass elsewhere, for the water-survival roll.
def river_field() -> Battlefield:
    return build([{"q": [0, 7], "r": [0, 7], "level": 1, "terrain": "grass"}],
                 hexes=[{"at": [2, r], "level": 1, "terrain": "water"} for r in range(8)]
                 + [{"at": [3, r], "level": 1, "terrain": "water"} for r in range(8)])


# ---- the files and the battlefield ----------------------------------------------------------------


def test_both_scenarios_are_master_games_on_the_forgotten_forest() -> None:
    # rule: HS-SCEN-FOREST-ALL-01
    for sid in (BRIDGE_ID, DUMUTEF_ID):
        scen = scenario(sid)
        assert scen.level == "master" and scen.map == "forgotten-forest"
        assert {r.kind for r in scen.rules} <= KINDS  # every special rule has its plug-in
    bf = forest()
    assert max(c.top for h in bf.hexes() for c in bf.columns[h]) == 8  # eight levels
    assert "reconstruction" in MapLibrary.default().get("forgotten-forest").description


def test_the_bridge_is_the_five_space_road_deck_over_the_river() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-01, HS-SCEN-DUMUTEF-MASTER-01
    bf = forest()
    deck = bridge_spaces(bf)
    assert len(deck) == 5
    for h in deck:
        cells = bf.columns[h]
        assert [c.terrain.value for c in cells] == ["water", "road"]  # water beneath, road deck on top
    walls = [o for o in bf.obstacles if o.kind.value == "stone_wall"]
    assert len(walls) == 2


def test_glyphs_are_power_side_up_and_one_lies_in_the_river_by_the_bridge() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-02, HS-SCEN-DUMUTEF-MASTER-02
    # Under the deck a glyph would be taken by figures crossing the deck (glyphs have no level in
    # the engine), so it lies in the river beside the deck's middle space (the map's notes).
    bf = forest()
    assert bf.glyphs and all(g.side == "power" for g in bf.glyphs)
    middle = bridge_spaces(bf)[2]
    beside = [g for g in bf.glyphs if g.at in middle.neighbours()]
    assert len(beside) == 1 and bf.top_cell(beside[0].at).terrain.value == "water"  # type: ignore[union-attr]
    assert not any(g.at in set(bridge_spaces(bf)) for g in bf.glyphs)


def test_start_zones_of_each_side() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-03, HS-SCEN-BRIDGE-MASTER-04, HS-SCEN-DUMUTEF-MASTER-05
    bf = forest()
    bridge = scenario(BRIDGE_ID)
    assert [(s.name, s.zone) for s in bridge.sides] == [("Player 1", "purple"), ("Player 2", "orange")]
    dumutef = scenario(DUMUTEF_ID)
    assert [(s.name, s.zone) for s in dumutef.sides] == [("Player 1", "purple"), ("Player 2", "red"),
                                                          ("Player 3", "blue-orange")]
    zones = bf.start_zones
    assert set(zones["blue-orange"]) == set(zones["blue"]) | set(zones["orange"])
    for z in ("purple", "red", "orange", "blue"):
        assert len(zones[z]) >= 20


# ---- armies -------------------------------------------------------------------------------------------


def test_uneven_points_425_against_525() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-03, HS-SCEN-BRIDGE-MASTER-04
    scen = scenario(BRIDGE_ID)
    assert scen.format_for("Player 1").points == 425
    assert scen.format_for("Player 2").points == 525
    assert scen.format_for("Player 1").spend == []


def test_player_2_must_spend_25_points_on_dumutef_guards() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-04
    guard = LIB.get("Dumutef Guard")
    finn = LIB.get("Finn the Viking Champion")
    fmt = scenario(BRIDGE_ID).format_for("Player 2")
    with pytest.raises(ArmyError) as info:
        check_army([finn], fmt)
    assert "25 points" in str(info.value) and "Dumutef Guard" in str(info.value)
    assert check_army([guard, finn], fmt).points == (guard.points or 0) + (finn.points or 0)
    check_pick([], finn, fmt)  # a draft still under way is not held to it yet
    check_army([finn], scenario(BRIDGE_ID).format_for("Player 1"))  # Player 1 need not


def test_each_army_of_the_three_is_350_points_and_player_3_spends_on_guards() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-03
    scen = scenario(DUMUTEF_ID)
    assert [scen.format_for(s).points for s in ("Player 1", "Player 2", "Player 3")] == [350, 350, 350]
    finn = LIB.get("Finn the Viking Champion")
    with pytest.raises(ArmyError):
        check_army([finn], scen.format_for("Player 3"))
    check_army([finn], scen.format_for("Player 2"))


@pytest.mark.parametrize(("sid", "first"), [(BRIDGE_ID, "Player 2"), (DUMUTEF_ID, "Player 3")])
def test_the_defender_drafts_first_and_picks_a_dumutef_guard(sid: str, first: str) -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-05, HS-SCEN-DUMUTEF-MASTER-04
    fmt = scenario(sid).format
    assert fmt.draft_first == first and fmt.draft_first_card == "Dumutef Guard"


def test_the_defender_drafting_first_must_pick_the_guard_in_a_match() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-05
    from tests.rules.conftest import seated

    scen = scenario(BRIDGE_ID)
    scen = scen.model_copy(update={"format": scen.format.model_copy(update={"draft": True})})
    guard, finn = LIB.get("Dumutef Guard"), LIB.get("Finn the Viking Champion")
    m = seated(("p1", "p2"), battlefield=forest(), scenario=scen, library=[guard, finn])
    m.apply("p1", "start")
    st = m.state
    assert st.draft is not None and st.draft.next == "p2"  # Player 2, by the scenario, not a roll
    with pytest.raises(RulesError) as info:
        m.apply("p2", "draft Finn the Viking Champion")
    assert "Dumutef Guard" in str(info.value)
    m.apply("p2", "draft Dumutef Guard")


def test_players_1_and_2_are_one_unbreakable_team() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-08
    from tests.rules.conftest import seated

    m = seated(("p1", "p2", "p3"), battlefield=forest(), scenario=scenario(DUMUTEF_ID))
    teams = {p.id: (p.role, p.team) for p in m.state.players}
    assert teams["p1"] == ("Player 1", "Player 1+Player 2")
    assert teams["p2"] == ("Player 2", "Player 1+Player 2")
    assert teams["p3"] == ("Player 3", "")


# ---- the river ----------------------------------------------------------------------------------------


def bridge_sandbox(*figures, d20=()) -> Engine:  # type: ignore[no-untyped-def]
    return with_roles(sandbox(*figures, battlefield=river_field(), scenario=scenario(BRIDGE_ID), d20=d20),
                      {"p1": "Player 1", "p2": "Player 2"})


@pytest.mark.parametrize(("d20", "destroyed", "wounds"), [(1, True, 0), (2, False, 1), (4, False, 1),
                                                          (5, False, 0), (20, False, 0)])
def test_entering_water_rolls_the_d20(d20: int, destroyed: bool, wounds: int) -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-06, HS-SCEN-DUMUTEF-MASTER-06
    eng = bridge_sandbox(fig("a", "p1", (1, 3), SOLDIER), fig("z", "p2", (7, 7), SOLDIER), d20=[d20])
    eng.execute("p1", "move a path 2,3")
    a = eng.state.figures["a"]
    assert a.destroyed is destroyed
    if not destroyed:
        assert a.wounds == wounds and a.hexes == (Hex(2, 3),)
    assert not eng.dice.d20_queue  # type: ignore[attr-defined]  # exactly one roll


def test_a_soulborg_rolls_nothing_in_the_water() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-06
    eng = bridge_sandbox(fig("s", "p1", (1, 3), SOULBORG), fig("z", "p2", (7, 7), SOLDIER), d20=[1])
    eng.execute("p1", "move s path 2,3")
    assert eng.state.figures["s"].hexes == (Hex(2, 3),) and eng.state.figures["s"].wounds == 0
    assert list(eng.dice.d20_queue) == [1]  # type: ignore[attr-defined]  # the die was not rolled


def test_no_roll_without_the_scenario_rule() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-06
    eng = sandbox(fig("a", "p1", (1, 3), SOLDIER), fig("z", "p2", (7, 7), SOLDIER), battlefield=river_field(), d20=[1])
    eng.execute("p1", "move a path 2,3")
    assert not eng.state.figures["a"].destroyed and list(eng.dice.d20_queue) == [1]  # type: ignore[attr-defined]


def test_a_double_space_figure_rolls_once_per_water_space_in_a_turn() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-07, HS-SCEN-DUMUTEF-MASTER-07
    # The Beast's head steps into the river at (2,3), then on to (3,3) with its tail following into
    # (2,3): the tail entering the space the head rolled for is no new roll; (3,3) is.
    eng = bridge_sandbox(fig("b", "p1", [(1, 3), (0, 3)], BEAST), fig("z", "p2", (7, 7), SOLDIER), d20=[10, 10, 10])
    st = eng.state
    from bot.rules.scenarios import water

    b = st.figures["b"]
    b.hexes = (Hex(2, 3), Hex(1, 3))
    water.on_enter(eng, b)
    b.hexes = (Hex(3, 3), Hex(2, 3))
    water.on_enter(eng, b)
    b.hexes = (Hex(4, 3), Hex(3, 3))  # the head leaves the river; the tail enters (3,3), rolled for already
    water.on_enter(eng, b)
    assert list(eng.dice.d20_queue) == [10]  # type: ignore[attr-defined]  # two rolls, not three
    rolls = [e for e in eng.events if e.kind == "scenario_rule" and e.data["figure"] == "b"]
    assert len(rolls) == 2


# ---- holding the bridge -------------------------------------------------------------------------------


def on_bridge(bf: Battlefield, i: int) -> tuple[tuple[int, int], int]:
    h = bridge_spaces(bf)[i]
    return (h.q, h.r), bf.top_cell(h).top  # type: ignore[union-attr]


def forest_sandbox(sid: str, figures, players=("p1", "p2"), roles=None, teams=None) -> Engine:  # type: ignore[no-untyped-def]
    bf = forest()
    eng = sandbox(battlefield=bf, scenario=scenario(sid), players=players)
    with_roles(eng, roles or {"p1": "Player 1", "p2": "Player 2"}, teams)
    for fid, owner, where, c in figures:
        if isinstance(where, int):
            at, level = on_bridge(bf, where)
        else:
            at, level = where, None
        f = fig(fid, owner, at, c or SOLDIER, level=level)
        eng.setup_figure(f.owner, f.card or SOLDIER, f.id, f.hexes(), level=f.level)
    return eng


def far(bf: Battlefield, zone: str) -> tuple[int, int]:
    h = min(bf.start_zones[zone], key=lambda h: (h.r, h.q))
    return h.q, h.r


def test_player_1_wins_when_solely_occupying_the_bridge_at_a_rounds_end() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-08, HS-ROUND-04
    bf = forest()
    eng = forest_sandbox(BRIDGE_ID, [("a", "p1", 2, None), ("z", "p2", far(bf, "orange"), None)])
    eng.state.round = 3
    assert check_victory(eng.state, end_of_round=False) is None  # only at the end of a round
    result = check_victory(eng.state, end_of_round=True)
    assert result is not None and result[0] == ["p1"] and "solely occupies the bridge" in result[1]


def test_no_win_while_player_2_also_stands_on_the_bridge() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-08
    eng = forest_sandbox(BRIDGE_ID, [("a", "p1", 0, None), ("z", "p2", 4, None)])
    eng.state.round = 3
    assert check_victory(eng.state, end_of_round=True) is None


def test_a_figure_in_the_river_under_the_deck_is_not_on_the_bridge() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-01
    bf = forest()
    under = bridge_spaces(bf)[0]
    eng = forest_sandbox(BRIDGE_ID, [("a", "p1", 2, None), ("z", "p2", (under.q, under.r), None)])
    eng.state.figures["z"].level = bf.columns[under][0].top  # in the water beneath the deck
    eng.state.round = 3
    result = check_victory(eng.state, end_of_round=True)
    assert result is not None and result[0] == ["p1"]


def test_player_2_wins_at_the_end_of_round_10() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-09
    bf = forest()
    eng = forest_sandbox(BRIDGE_ID, [("a", "p1", far(bf, "purple"), None), ("z", "p2", far(bf, "orange"), None)])
    eng.state.round = 9
    assert check_victory(eng.state, end_of_round=True) is None
    eng.state.round = 10
    result = check_victory(eng.state, end_of_round=True)
    assert result is not None and result[0] == ["p2"]
    assert scenario(BRIDGE_ID).round_limit == 10


def test_player_1_on_the_bridge_at_the_end_of_round_10_still_wins() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-08, HS-SCEN-BRIDGE-MASTER-09
    bf = forest()
    eng = forest_sandbox(BRIDGE_ID, [("a", "p1", 1, None), ("z", "p2", far(bf, "orange"), None)])
    eng.state.round = 10
    result = check_victory(eng.state, end_of_round=True)
    assert result is not None and result[0] == ["p1"]


DUMUTEF_ROLES = {"p1": "Player 1", "p2": "Player 2", "p3": "Player 3"}
DUMUTEF_TEAMS = {"p1": "Player 1+Player 2", "p2": "Player 1+Player 2"}


def dumutef(figures) -> Engine:  # type: ignore[no-untyped-def]
    return forest_sandbox(DUMUTEF_ID, figures, players=("p1", "p2", "p3"), roles=DUMUTEF_ROLES, teams=DUMUTEF_TEAMS)


def test_the_attacking_team_wins_when_it_solely_occupies_the_bridge() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-12, HS-SCEN-DUMUTEF-MASTER-08
    bf = forest()
    eng = dumutef([("a", "p1", 0, None), ("b", "p2", 1, None), ("g", "p3", far(bf, "blue"), None)])
    eng.state.round = 4
    result = check_victory(eng.state, end_of_round=True)
    assert result is not None and result[0] == ["p1", "p2"]


@pytest.mark.parametrize(("attackers", "defenders", "winners"), [
    ([], [], ["p3"]),            # nobody on the bridge: Player 3
    ([], [0, 1], ["p3"]),        # Player 3 alone
    ([0, 1], [4], ["p1", "p2"]),  # both: the attackers hold more spaces
    ([0], [4], ["p3"]),          # both, as many: Player 3
    ([0], [3, 4], ["p3"]),       # both, Player 3 more
])
def test_the_round_10_comparison(attackers: list[int], defenders: list[int], winners: list[str]) -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-13, HS-SCEN-DUMUTEF-MASTER-14
    bf = forest()
    figures = [(f"a{i}", "p1", i, None) for i in attackers] + [(f"g{i}", "p3", i, None) for i in defenders]
    figures += [("far1", "p2", far(bf, "red"), None), ("far3", "p3", far(bf, "blue"), None)]
    eng = dumutef(figures)
    eng.state.round = 9
    before = check_victory(eng.state, end_of_round=True)
    assert before is None or (attackers and not defenders)
    eng.state.round = 10
    result = check_victory(eng.state, end_of_round=True)
    assert result is not None and result[0] == winners


# ---- reinforcements -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("roll_", "points"), [(1, 0), (2, 25), (5, 25), (6, 75), (10, 75), (11, 125),
                                                (15, 125), (16, 175), (19, 175), (20, 200)])
def test_the_reinforcement_table(roll_: int, points: int) -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-10
    rule = scenario(DUMUTEF_ID).rules_of("reinforcements")[0]
    assert points_for(rule, roll_) == points


def reinforcing(round_: int, d20: list[int]) -> Engine:
    bf = forest()
    eng = dumutef([("a", "p1", far(bf, "purple"), None), ("b", "p2", far(bf, "red"), None),
                   ("g", "p3", far(bf, "orange"), None)])
    eng.pool = lambda: [LIB.get(n) for n in ("Dumutef Guard", "Finn the Viking Champion", "Grimnak", "Mimring")]
    eng.state.round = round_
    roll(eng, d20=d20)
    return eng


@pytest.mark.parametrize("round_", [1, 6, 10])
def test_no_reinforcement_roll_outside_rounds_2_to_5(round_: int) -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-09
    eng = reinforcing(round_, [20])
    eng.execute("p3", "end-round")
    assert list(eng.dice.d20_queue) == [20] and not eng.state.pending  # type: ignore[attr-defined]


def test_reinforcements_roll_and_player_3_chooses_cards_entering_on_blue() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-09, HS-SCEN-DUMUTEF-MASTER-11
    eng = reinforcing(2, [11])  # 125 points
    st = eng.state
    eng.execute("p3", "end-round")
    assert st.reinforcements == {"p3": 125}
    pend = st.pending[0]
    assert pend.player == "p3" and pend.options[-1] == "done"
    finn = LIB.get("Finn the Viking Champion")
    assert finn.id in pend.options and LIB.get("Grimnak").id in pend.options
    assert LIB.get("Mimring").id not in pend.options  # 150 points: too many
    eng.execute("p3", f"choose {finn.id}")
    st = eng.state
    entered = [f for f in st.figures.values() if st.cards[f.card_key].card.id == finn.id]
    assert len(entered) == 1 and not entered[0].on_battlefield and entered[0].owner == "p3"
    # Player 3 puts Finn on a blue start space of their choice (not the first free one).
    blue = set(st.battlefield.start_zones["blue"])
    spaces = st.pending[0].options
    assert {Hex(*map(int, o.split(","))) for o in spaces} <= blue and len(spaces) > 1
    eng.execute("p3", f"choose {spaces[-1]}")
    st = eng.state
    assert entered[0].id in st.figures and st.figures[entered[0].id].hexes == (Hex(*map(int, spaces[-1].split(","))),)
    assert st.reinforcements["p3"] == 125 - 80
    assert st.pending[0].options == [LIB.get("Dumutef Guard").id, "done"]  # 45 points left: only the Guard fits
    eng.execute("p3", "choose done")
    assert not eng.state.pending and eng.state.reinforcements["p3"] == 0


def test_a_roll_of_1_brings_nothing() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-10
    eng = reinforcing(3, [1])
    eng.execute("p3", "end-round")
    assert not eng.state.pending and eng.state.reinforcements == {"p3": 0}
    assert eng.state.phase is Phase.FREE


def test_without_the_scenario_the_forest_seats_four_players_in_separate_zones() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-05
    # Player 3's "blue-orange" area overlaps blue and orange, and "bridge" is a small named area:
    # neither is given to a player as a start zone when no scenario side names it.
    from bot.rules.scenario import SANDBOX
    from tests.rules.conftest import seated

    m = seated(("p1", "p2", "p3", "p4"), battlefield=forest(), scenario=SANDBOX)
    assert [p.zone for p in m.state.players] == ["red", "blue", "orange", "purple"]


def test_the_defender_places_a_dumutef_guard_before_any_other_figure() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-05, HS-SCEN-DUMUTEF-MASTER-04
    # "Player 2 drafts first and must pick and place a Dumutef Guard": the Guard is the first figure
    # on the battlefield, placed by Player 2, before Player 2's other figures and before Player 1's.
    from tests.rules.conftest import seated

    scen = scenario(BRIDGE_ID)
    scen = scen.model_copy(update={"format": scen.format.model_copy(update={"draft": True})})
    guard, finn, grimnak = LIB.get("Dumutef Guard"), LIB.get("Finn the Viking Champion"), LIB.get("Grimnak")
    m = seated(("p1", "p2"), battlefield=forest(), scenario=scen, library=[guard, finn, grimnak])
    m.apply("p1", "start")
    for who, pick in (("p2", "Dumutef Guard"), ("p1", "Grimnak"), ("p2", "Finn the Viking Champion"),
                      ("p1", "pass"), ("p2", "pass")):
        m.apply(who, f"draft {pick}")
    m.apply("p1", "start")
    st = m.state
    assert st.phase is Phase.PLACEMENT
    from bot.rules import legal

    assert [e.player for e in legal.waiting_for(st)] == ["p2"]  # only Player 2 places, for now
    assert not legal.LegalCommands(st, "p1").of_kind("place")
    assert {c.figure for c in legal.LegalCommands(st, "p2").of_kind("place")} == {"dumutef1"}
    with pytest.raises(RulesError) as info:
        m.apply("p1", "place-rest")
    assert "P2 drafted first and places a Dumutef Guard" in str(info.value)
    spot = min(forest().start_zones["orange"], key=lambda h: (h.r, h.q))
    with pytest.raises(RulesError) as info:
        m.apply("p2", f"place finn {forest().label(spot)}")
    assert "place a Dumutef Guard first" in str(info.value)
    m.apply("p2", "place-rest")
    st = m.state
    placed = [e.data["figure"] for e in m.engine.events if e.kind == "placed"]
    assert placed[0] == "dumutef1" and "finn" in placed  # the Guard first, then the rest
    m.apply("p1", "place-rest")
    assert m.state.phase is not Phase.PLACEMENT
