"""Wherever There's Trouble: the Device, Snap Out Of It! at Seasoned and Veteran (HS-SCEN-TROUBLE3-*)."""

from __future__ import annotations

from bot.content.maps import MapLibrary
from bot.rules.hexes import Hex
from bot.rules.state import MatchState
from bot.rules.victory import check_victory
from tests.rules.conftest import card, fig
from tests.scenarios.helpers import field, scenario, table

ROLES = {"p1": "Player 1", "p2": "Player 2"}
NAMES = {"duke": "Duke", "snake": "Snake Eyes", "destro": "Destro", "storm": "Storm Shadow", "scar": "Scarlett",
         "cc": "COBRA Commander"}


def _trouble(level: str, on_device: str | None = "scar"):
    spots = {"scar": (0, 0), "destro": (1, 0), "storm": (2, 0), "cc": (8, 6), "duke": (7, 6), "snake": (6, 6)}
    if on_device:
        spots[on_device] = (4, 3)
    owners = {"scar": "p1", "destro": "p1", "storm": "p1", "cc": "p2", "duke": "p2", "snake": "p2"}
    figs = [fig(f, owners[f], spots[f], card(name=NAMES[f], id=NAMES[f].lower().replace(" ", "-")))
            for f in spots]
    return table(f"wherever-theres-trouble-{level}", *figs, roles=ROLES, battlefield=field((4, 3)))


def _controllers(eng) -> dict[str, str]:
    return {f: eng.state.figures[f].controller for f in ("duke", "snake", "destro", "storm")}


def test_the_device_starts_power_side_up_and_the_sides_field_the_named_heroes() -> None:
    # rule: HS-SCEN-TROUBLE3-ALL-02, HS-SCEN-TROUBLE3-ALL-03, HS-SCEN-TROUBLE3-ALL-01
    s = scenario("wherever-theres-trouble-seasoned")
    st = MatchState(battlefield=MapLibrary.default().get(s.map or ""), scenario=s)
    assert list(st.glyphs.values()) == [("brandar", "power")]
    assert [(x.name, x.zone, x.army) for x in s.sides] == [
        ("Player 1", "blue", ["Scarlett", "Roadblock", "Destro", "Storm Shadow"]),
        ("Player 2", "red", ["COBRA Commander", "Doctor Mindbender", "Duke", "Snake Eyes"])]


def test_seasoned_a_figure_on_the_device_at_the_rounds_end_shuts_it_off_and_the_heroes_go_home() -> None:
    # rule: HS-SCEN-TROUBLE3-SEAS-01, HS-SCEN-TROUBLE3-SEAS-02, HS-SCEN-TROUBLE3-SEAS-03
    eng = _trouble("seasoned")
    assert _controllers(eng) == {"duke": "p2", "snake": "p2", "destro": "p1", "storm": "p1"}
    events = eng.execute("p1", "end-round")
    assert eng.state.glyphs == {}
    assert _controllers(eng) == {"duke": "p1", "snake": "p1", "destro": "p2", "storm": "p2"}
    assert {e.data["card"] for e in events if e.kind == "control"} == {"p2/duke", "p2/snake", "p1/destro",
                                                                       "p1/storm"}


def test_seasoned_order_markers_leave_the_cards_that_change_hands() -> None:
    # rule: HS-SCEN-TROUBLE3-SEAS-04
    eng = _trouble("seasoned")
    eng.state.orders["p2"] = {"3": "p2/duke", "X": "p2/cc"}
    eng.execute("p1", "end-round")
    assert eng.state.orders["p2"] == {"X": "p2/cc"}


def test_seasoned_nothing_happens_with_nobody_on_the_device() -> None:
    # rule: HS-SCEN-TROUBLE3-SEAS-02
    eng = _trouble("seasoned", on_device=None)
    eng.execute("p1", "end-round")
    assert eng.state.glyphs == {Hex(4, 3): ("brandar", "power")}
    assert _controllers(eng) == {"duke": "p2", "snake": "p2", "destro": "p1", "storm": "p1"}


def test_veteran_the_controller_may_turn_the_device_over_and_loyalties_switch() -> None:
    # rule: HS-SCEN-TROUBLE3-VET-01, HS-SCEN-TROUBLE3-VET-02, HS-SCEN-TROUBLE3-VET-03, HS-SCEN-TROUBLE3-VET-04, DEC-11
    eng = _trouble("veteran", on_device="cc")
    eng.execute("p1", "end-round")
    pend = eng.state.pending[0]
    assert pend.player == "p2" and pend.shown == ["turn the Device over", "leave it"]
    eng.execute("p2", "choose yes")
    assert eng.state.glyphs == {Hex(4, 3): ("brandar", "symbol")}
    assert _controllers(eng) == {"duke": "p1", "snake": "p1", "destro": "p2", "storm": "p2"}  # DEC-11
    eng.state.round += 1
    eng.execute("p1", "end-round")
    eng.execute("p2", "choose yes")
    assert eng.state.glyphs == {Hex(4, 3): ("brandar", "power")}
    assert _controllers(eng) == {"duke": "p2", "snake": "p2", "destro": "p1", "storm": "p1"}


def test_veteran_leaving_the_device_changes_nothing() -> None:
    # rule: HS-SCEN-TROUBLE3-VET-02
    eng = _trouble("veteran")
    eng.execute("p1", "end-round")
    eng.execute("p1", "choose no")
    assert eng.state.glyphs == {Hex(4, 3): ("brandar", "power")}
    assert _controllers(eng) == {"duke": "p2", "snake": "p2", "destro": "p1", "storm": "p1"}


def test_last_standing_wins_and_player_1_wins_after_round_6() -> None:
    # rule: HS-SCEN-TROUBLE3-ALL-04, HS-SCEN-TROUBLE3-ALL-05
    eng = _trouble("veteran", on_device=None)
    for f in ("cc", "duke", "snake"):
        eng.state.figures[f].destroyed = True
        eng.state.figures[f].hexes = ()
    assert check_victory(eng.state, end_of_round=False) == (["p1"], "last army standing")
    eng2 = _trouble("seasoned", on_device=None)
    eng2.state.round = 6
    assert check_victory(eng2.state, end_of_round=True) == (["p1"], "the end of round 6: Player 1 wins")
