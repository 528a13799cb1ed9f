"""How players meet the book's scenarios: the menu with levels (Rookie refused, DEC-06), the maps built
from the box's tiles (DEC-08), stand-in cards (DEC-07), the rules text, the panel and the narration."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.content import scenario_menu, standins
from bot.content.maps import MapLibrary
from bot.content.scenarios import ScenarioLibrary, default_scenarios_dir
from bot.game import narrate_scenario
from bot.game.scenario_text import explain
from bot.game.session import GameSession, cards
from bot.render.panel import header_lines, tracker_text
from bot.rules.hexes import Hex
from tests.rules.conftest import card, fig
from tests.scenarios.helpers import table

LIB = ScenarioLibrary.from_directory(default_scenarios_dir())
BOOK = ("rumble-at-the-rift", "mission-critical", "wherever-theres-trouble")


def test_each_book_scenario_offers_seasoned_and_veteran_and_lists_rookie() -> None:
    # rule: HS-SCEN-BOOK-01, HS-SCEN-BOOK-03, HS-SCEN-BOOK-04, HS-SCEN-CRIT2-SEAS-01, HS-SCEN-CRIT2-VET-01, HS-SCEN-TROUBLE3-SEAS-01, HS-SCEN-TROUBLE3-VET-01
    for key in BOOK:
        entry = scenario_menu.find(LIB, key)
        assert entry is not None and entry.offered == ["seasoned", "veteran"] and "rookie" in entry.levels
        assert "Rookie needs the Basic Game" in entry.label()
        for level in ("seasoned", "veteran"):
            s = LIB.get(scenario_menu.level_of(key, level, LIB))
            assert s.level == level and s.family == key


def test_a_rookie_level_is_refused_with_the_reason() -> None:
    # rule: HS-SCEN-BOOK-02, HS-SCEN-RIFT1-ROOK-01, HS-SCEN-CRIT2-ROOK-01, HS-SCEN-CRIT2-ROOK-02, HS-SCEN-CRIT2-ROOK-03, HS-SCEN-TROUBLE3-ROOK-01, HS-SCEN-TROUBLE3-ROOK-02, DEC-06
    for key in BOOK:
        said = scenario_menu.level_of(key, "rookie", LIB)
        assert said.startswith("error: ") and "Basic Game" in said and "DEC-06" in said
        with pytest.raises(ValueError, match="Basic Game"):
            GameSession.create("t", scenario_id=f"{key}-rookie", seed=1)
    assert "no Master level" in scenario_menu.level_of("mission-critical", "master", LIB)
    assert scenario_menu.level_of("nowhere", "veteran", LIB).startswith("error: no scenario 'nowhere'")


@pytest.mark.parametrize("map_id", ["toxic-pool", "waypoint-waylay"])
def test_the_scenario_maps_are_built_from_the_box_tiles_and_say_so(map_id: str) -> None:
    # rule: HS-SCEN-BOOK-05, HS-SCEN-BOOK-06, HS-SCEN-BOOK-07, HS-SCEN-BOOK-08, DEC-08
    bf = MapLibrary.default().get(map_id)
    spec = MapLibrary.default().spec(map_id) if hasattr(MapLibrary.default(), "spec") else None
    tops = Counter(str(c.terrain) for h in bf.hexes() if (c := bf.top_cell(h)) is not None)
    assert set(tops) <= {"Terrain.ASPHALT", "Terrain.CONCRETE", "Terrain.TOXIC_LAND", "Terrain.TOXIC_WATER",
                         "Terrain.SHADOW", "asphalt", "concrete", "toxic_land", "toxic_water", "shadow"}
    by = {k.split(".")[-1].lower(): v for k, v in tops.items()}
    assert by.get("toxic_land", 0) <= 6 and by.get("toxic_water", 0) <= 5 and by.get("shadow", 0) <= 5
    assert len([o for o in bf.obstacles if str(o.kind).endswith("fortified_wall")]) == 2
    assert sorted(bf.start_zones) == ["blue", "red"] and all(len(z) == 14 for z in bf.start_zones.values())
    assert [(g.name, g.side) for g in bf.glyphs] == [("brandar", "power")]
    assert spec is None or "reconstruction" in (spec.description or "").lower()


def test_the_rift_sides_and_victory() -> None:
    # rule: HS-SCEN-RIFT1-ALL-01, HS-SCEN-RIFT1-ALL-02, HS-SCEN-RIFT1-ALL-03
    s = LIB.get("rumble-at-the-rift-veteran")
    assert [(x.name, x.zone) for x in s.sides] == [("G.I. JOE", "blue"), ("COBRA", "red")]
    assert [v.kind for v in s.victory] == ["last_standing", "round_limit_side"] and s.round_limit == 5


def test_a_stand_in_plays_the_named_figure_with_a_library_cards_statistics() -> None:
    # rule: DEC-07
    lib = cards()
    duke = lib.get("Duke")
    assert not duke.complete
    actor = standins.pick_by_points(duke, lib)
    assert actor is not None and actor.complete and actor.kind == "hero" and "," not in actor.name
    played = standins.with_stand_ins(lib.get)(f"Duke (played by {actor.name})")
    assert (played.id, played.name, played.short) == ("duke", f"Duke (played by {actor.name})", "Duke")
    assert (played.life, played.attack, played.points) == (actor.life, actor.attack, actor.points)
    # (the card files list what is not public in ``incomplete``: the real card has nothing there)
    complete = duke.model_copy(update={**{f: getattr(actor, f) for f in duke.missing_fields()}, "incomplete": []})
    assert complete.complete
    assert standins.with_stand_ins(lambda n: complete if n == "Duke" else lib.get(n))(
        f"Duke (played by {actor.name})") is complete  # a server's real card is played as printed
    names = standins.army_names(["Duke", "Snake Eyes", "Syvarris"], lib.get, lib)
    assert names[0].startswith("Duke (played by ") and names[1].startswith("Snake Eyes (played by ")
    assert names[2] == "Syvarris" and len({n.split("played by ")[-1] for n in names[:2]}) == 2


def test_the_rules_text_names_the_goal_the_victories_and_the_special_rules() -> None:
    # rule: HS-SCEN-CRIT2-ALL-04, HS-SCEN-RIFT1-VET-03
    text = explain(LIB.get("mission-critical-seasoned"))
    assert "Download or Delete" in text and "Oops!" in text and "space 4" in text and "Round 6, COBRA wins" in text
    assert "d20" not in text.split("Oops!")[1]  # the Seasoned text, not the Veteran one
    assert "The Rift" in explain(LIB.get("rumble-at-the-rift-veteran"))
    assert len(explain(LIB.get("wherever-theres-trouble-veteran"))) < 2000


def test_the_panel_shows_the_round_limit_and_the_trackers() -> None:
    # rule: HS-SCEN-CRIT2-ALL-03
    eng = table("mission-critical-seasoned", fig("a", "p1", (0, 0), card(name="A")), fig("b", "p2", (8, 6)),
                roles={"p1": "COBRA", "p2": "G.I. JOE"})
    eng.state.round = 2
    eng.state.trackers["p1"] = 3
    assert header_lines(eng.state)[0] == "Round 2 of 6"
    assert tracker_text(eng.state, "p1") == "Activation 3/4" and tracker_text(eng.state, "p2") == "Deactivation 0/4"


def test_scenario_events_are_narrated() -> None:
    # rule: HS-SCEN-RIFT1-VET-03, HS-SCEN-CRIT2-VET-04
    def space(at: object) -> str:
        return f"{at}"

    def who(pid: str) -> str:
        return pid.title()

    assert narrate_scenario.line("pulled", {"player": "p1", "figure": "b", "start": [3, 3], "at": [5, 3],
                                            "spaces": 2}, space, who) == \
        "🌀 The Rift: P1 pulls b 2 spaces toward the portal, [3, 3] → [5, 3]."
    rolled = narrate_scenario.line("oops_roll", {"figure": "a", "d20": 15, "less": 10, "result": 5, "dropped": True},
                                   space, who)
    assert rolled is not None and "d20 15 less 10 = 5: the Vial drops" in rolled
    assert narrate_scenario.line("tracker", {"player": "p1", "tracker": "Activation", "value": 2, "end": 4,
                                             "why": "x"}, space, who) == \
        "📶 P1's Activation tracker moves to 2 of 4 (x)."
    assert Hex(0, 0) == Hex(0, 0)


def test_army_set_autocomplete_offers_stand_ins_for_an_incomplete_card() -> None:
    # rule: DEC-07
    from bot.games.heroscape.discord import autocomplete as ac

    offered = [c.value for c in ac.card_list("Syvarris; Duke (played by Grim")]
    assert offered[0] == "Syvarris; Duke (played by Grimnak)"
    first = [c.value for c in ac.card_list("Duke")]
    assert first and all(v.startswith("Duke (played by ") for v in first)
    actor = standins.parse(first[0])
    assert actor is not None and cards().get(actor[1]).complete
    assert [c.value for c in ac.card_list("Syva")] == ["Syvarris"]  # a complete card as before
    assert standins.parse("Duke (played by Sgt. Drake Alexander (AoA))") == ("Duke", "Sgt. Drake Alexander (AoA)")
