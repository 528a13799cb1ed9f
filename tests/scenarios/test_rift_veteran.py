"""Rumble at the Rift, Veteran: the portal, The Rift's pull and Crumbling Architecture (HS-SCEN-RIFT1-VET-*)."""

from __future__ import annotations

from bot.content.maps import MapLibrary
from bot.rules import objects
from bot.rules.hexes import Hex
from bot.rules.scenarios.the_rift import pulls, reach, reach_bodies
from bot.rules.state import MatchState, starting_glyphs
from tests.rules.conftest import card, fig, refused
from tests.rules.helpers_geo import at, kinds, move
from tests.scenarios.helpers import field, scenario, table

ROLES = {"p1": "COBRA", "p2": "G.I. JOE"}


def _rift(*figs, round_=2, battlefield=None):
    return table("rumble-at-the-rift-veteran", *figs, roles=ROLES, round_=round_, battlefield=battlefield)


def test_the_portal_is_placed_only_at_veteran() -> None:
    # rule: HS-SCEN-RIFT1-VET-01
    bf = MapLibrary.default().get("cobra-facility")
    assert starting_glyphs(bf, scenario("rumble-at-the-rift-veteran")) == {Hex(5, 3): ("brandar", "power")}
    assert starting_glyphs(bf, scenario("rumble-at-the-rift-seasoned")) == {}


def test_crumbling_architecture_makes_each_fortification_an_object_with_3_life_and_3_defense() -> None:
    # rule: HS-SCEN-RIFT1-VET-02
    bf = MapLibrary.default().get("cobra-facility")
    vet = MatchState(battlefield=bf, scenario=scenario("rumble-at-the-rift-veteran"))
    for oid in ("fort-north", "fort-south"):
        placed = objects.find(vet, oid)
        assert placed is not None and (placed.life, placed.defense) == (3, 3)
    seasoned = MatchState(battlefield=bf, scenario=scenario("rumble-at-the-rift-seasoned"))
    assert objects.find(seasoned, "fort-north") is None


def test_after_a_turn_its_player_may_pull_an_enemy_the_round_number_of_spaces() -> None:
    # rule: HS-SCEN-RIFT1-VET-03, DEC-10
    eng = _rift(fig("a", "p1", (0, 0)), fig("b", "p2", (3, 3)), round_=2)
    move(eng, "a", [(1, 0)])
    events = eng.execute("p1", "end-turn")
    pend = eng.state.pending[0]
    assert pend.player == "p1" and "up to 2 spaces" in pend.prompt
    assert pend.options[0] == "b 5,3" and "skip" in pend.options  # enemies first, nearest the portal first
    assert kinds(events, "pending")
    refused(eng, "p1", "choose b 6,3", "HS-SCEN-RIFT1-VET-05")  # 3 spaces: too far in round 2
    eng.execute("p1", "choose b 5,3")
    assert at(eng, "b") == ((5, 3),) and eng.state.figures["b"].wounds == 0 and not eng.state.pending


def test_the_pull_never_increases_the_distance_to_the_portal() -> None:
    # rule: HS-SCEN-RIFT1-VET-04
    eng = _rift(fig("a", "p1", (0, 0)), fig("b", "p2", (3, 3)), round_=3)
    st = eng.state
    ends = reach(st, st.figures["b"], 3)
    assert ends and all(h.distance(Hex(6, 3)) <= 3 for h in ends)
    assert Hex(2, 3) not in ends
    move(eng, "a", [(1, 0)])
    eng.execute("p1", "end-turn")
    refused(eng, "p1", "choose b 2,3", "HS-SCEN-RIFT1-VET-04")


def test_elevation_is_counted_during_the_pull() -> None:
    # rule: HS-SCEN-RIFT1-VET-05
    hill = field(hexes=[{"at": [4, 3], "level": 2, "terrain": "rock"}])
    eng = _rift(fig("b", "p2", (3, 3)), fig("a", "p1", (0, 0)), round_=2, battlefield=hill)
    ends = reach(eng.state, eng.state.figures["b"], 2)
    assert ends[Hex(4, 3)] == 2  # 1 space and 1 level up
    cliff = field(hexes=[{"at": [4, 3], "level": 3, "terrain": "rock"}])
    high = _rift(fig("b", "p2", (3, 3)), fig("a", "p1", (0, 0)), round_=2, battlefield=cliff)
    assert Hex(4, 3) not in reach(high.state, high.state.figures["b"], 2)  # 1 space + 2 levels: 3 > 2
    flat = _rift(fig("b", "p2", (3, 3)), fig("a", "p1", (0, 0)), round_=2)
    assert reach(flat.state, flat.state.figures["b"], 2)[Hex(4, 3)] == 1


def test_a_figure_pulled_onto_the_portal_is_swept_away() -> None:
    # rule: HS-SCEN-RIFT1-VET-06, DEC-10
    eng = _rift(fig("a", "p1", (0, 0)), fig("b", "p2", (5, 3)), fig("c", "p2", (0, 6)), round_=1)
    move(eng, "a", [(1, 0)])
    eng.execute("p1", "end-turn")
    assert eng.state.pending[0].options[0] == "b 6,3"
    events = eng.execute("p1", "choose b 6,3")
    assert eng.state.figures["b"].destroyed
    assert kinds(events, "pulled")[0]["figure"] == "b"
    assert eng.state.winners is None  # c still stands


def test_the_active_player_may_decline_the_pull() -> None:
    # rule: HS-SCEN-RIFT1-VET-03
    eng = _rift(fig("a", "p1", (0, 0)), fig("b", "p2", (3, 3)))
    move(eng, "b", [(3, 4)])
    eng.execute("p2", "end-turn")
    eng.execute("p2", "choose skip")
    assert at(eng, "b") == ((3, 4),) and at(eng, "a") == ((0, 0),) and not eng.state.pending


def test_the_computer_is_offered_its_own_figures_after_skip() -> None:
    # rule: DEC-10
    eng = _rift(fig("a", "p1", (0, 0)), fig("b", "p2", (3, 3)))
    options = pulls(eng.state, "p1")
    assert options.index("b 5,3") < options.index("a 1,0")


def test_seasoned_has_no_pull() -> None:
    # rule: HS-SCEN-RIFT1-SEAS-01
    eng = table("rumble-at-the-rift-seasoned", fig("a", "p1", (0, 0)), fig("b", "p2", (3, 3)), roles=ROLES)
    move(eng, "a", [(1, 0)])
    eng.execute("p1", "end-turn")
    assert not eng.state.pending


#: A double-space figure (Large, 2 spaces, Height 6).
BEAST = card(name="Beast", size="large", base=2, height=6, life=5, move=6)


def test_a_double_space_figure_is_pulled_both_spaces_at_once() -> None:
    # rule: HS-SCEN-RIFT1-VET-03, HS-SCEN-RIFT1-VET-04, HS-DOUBLE-01, DEC-10
    # The Beast lies on (3,3)-(2,3); the portal is at (6,3). Its lead end is pulled 2 spaces and the
    # other end follows into the spaces the lead left: neither end is ever farther from the portal.
    eng = _rift(fig("a", "p1", (0, 0)), fig("g", "p2", [(3, 3), (2, 3)], BEAST), round_=2)
    st = eng.state
    ends = reach_bodies(st, st.figures["g"], 2)
    assert ends[(Hex(5, 3), Hex(4, 3))] == 2
    portal = Hex(6, 3)
    for body in ends:
        assert min(h.distance(portal) for h in body) <= 3 and body[0].is_adjacent(body[1])
    assert all(Hex(2, 3) not in body or body[0] == Hex(3, 3) for body in ends if body[0] != Hex(2, 3))
    move(eng, "a", [(1, 0)])
    eng.execute("p1", "end-turn")
    pend = st.pending[0]
    assert "g 5,3 4,3" in pend.options
    refused(eng, "p1", "choose g 1,3", "HS-SCEN-RIFT1-VET-04")  # away from the portal
    eng.execute("p1", "choose g 5,3 4,3")
    st = eng.state  # a refused command leaves the state as it was (a copy put back)
    assert at(eng, "g") == ((5, 3), (4, 3)) and st.figures["g"].level == 1 and not st.pending
    pulled = kinds(eng.events, "pulled")[-1]
    assert pulled["body"] == [[5, 3], [4, 3]]


def test_a_double_space_figure_named_by_one_space_is_pulled_with_its_lead_there() -> None:
    # rule: HS-SCEN-RIFT1-VET-03, HS-DOUBLE-01
    eng = _rift(fig("a", "p1", (0, 0)), fig("g", "p2", [(3, 3), (2, 3)], BEAST), round_=1)
    move(eng, "a", [(1, 0)])
    eng.execute("p1", "end-turn")
    eng.execute("p1", "choose g 4,3")
    assert at(eng, "g") == ((4, 3), (3, 3))


def test_elevation_counts_for_a_double_space_figure_and_it_ends_on_one_level() -> None:
    # rule: HS-SCEN-RIFT1-VET-05, HS-DOUBLE-02
    hill = field(hexes=[{"at": [4, 3], "level": 2, "terrain": "rock"}, {"at": [5, 3], "level": 2, "terrain": "rock"}])
    eng = _rift(fig("a", "p1", (0, 0)), fig("g", "p2", [(3, 3), (2, 3)], BEAST), round_=3, battlefield=hill)
    ends = reach_bodies(eng.state, eng.state.figures["g"], 3)
    assert (Hex(4, 3), Hex(3, 3)) not in ends  # half on the hill, half below: not an end
    assert ends[(Hex(5, 3), Hex(4, 3))] == 3  # the lead climbs 1 level onto the hill (2 spaces), then 1 more
    flat = _rift(fig("a", "p1", (0, 0)), fig("g", "p2", [(3, 3), (2, 3)], BEAST), round_=3)
    assert reach_bodies(flat.state, flat.state.figures["g"], 3)[(Hex(5, 3), Hex(4, 3))] == 2
    assert not any(len({eng.state.battlefield.top_cell(h).top for h in b}) != 1 for b in ends)  # type: ignore[union-attr]


def test_a_double_space_figure_pulled_onto_the_portal_is_swept_away() -> None:
    # rule: HS-SCEN-RIFT1-VET-06, DEC-10
    eng = _rift(fig("a", "p1", (0, 0)), fig("g", "p2", [(5, 3), (4, 3)], BEAST), fig("c", "p2", (0, 6)), round_=1)
    move(eng, "a", [(1, 0)])
    eng.execute("p1", "end-turn")
    assert eng.state.pending[0].options[0] == "g 6,3 5,3"
    eng.execute("p1", "choose g 6,3 5,3")
    assert eng.state.figures["g"].destroyed
