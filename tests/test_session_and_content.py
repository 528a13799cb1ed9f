"""The shared command layer (GameSession) and tolerant content loading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.content.cards import CardLibrary
from bot.content.maps import MapLibrary
from bot.game.howto import CONSOLE, DISCORD, HowTo
from bot.game.session import GameSession, cards
from bot.rules.cards import ArmyCard
from bot.rules.errors import IllegalCommand, InvalidCommand, RulesError
from bot.rules.hexes import Hex
from bot.rules.state import Phase
from tests.rules.conftest import card, fig, sandbox

ALICE = "Finn; Tarn Vikings; Syvarris"
BOB = "Deathwalker 9000; Marro Warriors; Ne-Gok-Sa"


def _session(seed: int = 5) -> GameSession:
    s = GameSession.create("m1", scenario_id="last-army-standing", seed=seed)
    for player, text in [("a", "join Alice"), ("b", "join Bob"), ("a", f"army {ALICE}"), ("b", f"army {BOB}"),
                         ("a", "start"), ("a", "place-rest"), ("b", "place-rest")]:
        s.apply(player, text)
    return s


def test_session_record_replays_to_the_same_state() -> None:
    s = _session()
    s.apply("a", "orders 1=Syvarris 2=Finn 3=Tarn X=Finn")
    s.apply("b", "orders 1=Deathwalker 2=Marro 3=Marro X=Ne-Gok-Sa")
    s.apply("a", "initiative")
    again = GameSession.from_record(json.loads(json.dumps(s.to_record())))
    assert again.match.state_json() == s.match.state_json()
    assert again.state.phase is Phase.TURNS


def test_private_orders_are_private_lines_only() -> None:
    s = _session()
    out = s.apply("a", "orders 1=Syvarris 2=Finn 3=Tarn X=Finn")
    assert out.public == ["Alice has locked in Order Markers."]
    assert "Syvarris" in " ".join(out.private["a"])
    assert "b" not in out.private


def test_refused_command_changes_nothing_and_names_the_rule() -> None:
    s = _session()
    before = s.match.state_json()
    with pytest.raises(IllegalCommand) as exc:
        s.apply("a", "orders 1=Deathwalker 2=Finn 3=Finn X=Finn")
    assert "HS-ORDER-04" in str(exc.value)
    assert s.match.state_json() == before
    assert s.match.log[-1] == ("b", "place-rest")


def test_placed_figures_are_narrated_with_their_space() -> None:
    s = GameSession.create("m2", scenario_id="last-army-standing", seed=1)
    s.apply("a", "join Alice")
    s.apply("b", "join Bob")
    s.apply("a", "army Finn")
    s.apply("b", "army Grimnak")
    s.apply("a", "start")
    zone = sorted(s.state.battlefield.start_zones["red"], key=lambda h: (h.r, h.q))
    label = s.state.battlefield.label(zone[0])
    out = s.apply("a", f"place finn {label}")
    assert out.public == [f"finn is placed at {label}."]


def test_placing_a_placed_figure_again_says_it_moves_within_the_start_zone() -> None:
    # rule: HS-ARMY-02 (figures are placed in their start zone; before round 1 they may be put elsewhere in it)
    s = GameSession.create("m2", scenario_id="last-army-standing", seed=1)
    for player, text in (("a", "join Alice"), ("b", "join Bob"), ("a", "army Finn; Syvarris"), ("b", "army Grimnak"),
                         ("a", "start")):
        s.apply(player, text)
    zone = sorted(s.state.battlefield.start_zones["red"], key=lambda h: (h.r, h.q))
    first, second = (s.state.battlefield.label(h) for h in zone[:2])
    s.apply("a", f"place syvarris {first}")
    out = s.apply("a", f"place syvarris {second}")
    assert out.public == [f"syvarris moves from {first} to {second} in the start zone."]
    assert [e.kind for e in out.events] == ["placed_again"]
    out = s.apply("a", f"place syvarris {second}")
    assert out.public == [f"syvarris stays at {second}."]


# ---- how-to per adapter: rules errors and narration say how in the adapter's own terms --------------


def _drafting(howto: HowTo = CONSOLE) -> GameSession:
    s = GameSession.create("d1", map_id="practice-field", scenario_id="last-army-standing", seed=3,
                           fmt={"draft": True, "points": 300}, howto=howto)
    s.apply("a", "join Alice")
    s.apply("b", "join Bob")
    return s


def test_a_rules_error_says_in_words_what_to_do_and_the_session_adds_the_adapters_way() -> None:
    for howto, way in ((CONSOLE, "Use `draft CARD` or `draft pass`."), (DISCORD, "Use `/army draft` or `/army pass`.")):
        s = _drafting(howto)
        with pytest.raises(RulesError) as info:
            s.apply("a", "army Finn")
        text = str(info.value)
        assert text.startswith("This match drafts its armies one Army Card at a time: once the match starts")
        assert text.endswith(f"(DEC-13). {way}")
        assert "'draft" not in text and "`draft" not in info.value.message  # the rules core names no syntax


def test_a_command_that_cannot_be_read_says_what_it_needs_and_how_in_the_console() -> None:
    s = _drafting()
    with pytest.raises(InvalidCommand) as info:
        s.apply("a", "army")
    assert str(info.value) == ("Cannot read this command: name the Army Cards of your army, separated by semicolons. "
                               "Use `army CARD; CARD; ...`.")
    with pytest.raises(InvalidCommand) as info:
        s.apply("a", "frobnicate")
    assert str(info.value) == "'frobnicate' is not a command. Use `help` (it lists every command)."


def test_narration_names_the_adapters_commands() -> None:
    for howto, start, place in ((CONSOLE, "`start`", "(`place FIGURE SPACE` or `place-rest`)"),
                                (DISCORD, "`/match start`", "(`/place figure` or `/place rest`)")):
        s = GameSession.create("m3", scenario_id="last-army-standing", seed=1, howto=howto)
        for player, text in (("a", "join Alice"), ("b", "join Bob"), ("a", "army Finn"), ("b", "army Grimnak")):
            s.apply(player, text)
        out = s.apply("a", "start")
        assert out.public == [f"Armies are set. Place your figures in your start zones {place}."]
        s = _drafting(howto)
        s.apply("a", "start")
        while s.state.draft is not None and s.state.draft.next is not None:
            out = s.apply(s.state.draft.next, "draft pass" if s.state.draft.picks_of(s.state.draft.next) else
                          "draft Grimnak")
        assert out.public[-1].endswith(f"Placement begins with {start}.")
    again = GameSession.from_record(s.to_record(), howto=DISCORD)
    assert again.howto is DISCORD and again.narrator.session is again


def test_a_player_who_leaves_the_table_is_narrated_by_name() -> None:
    # rule: DEC-15
    s = GameSession.create("m4", scenario_id="last-army-standing", seed=1)
    for player, text in (("a", "join Alice"), ("b", "join Bob"), ("d", "join Dave")):
        s.apply(player, text)
    out = s.apply("d", "concede")
    assert out.public == ["Dave leaves the table; the seat is free again."]


def test_an_unknown_card_suggests_close_names_only() -> None:
    lib = cards()
    with pytest.raises(KeyError) as info:
        lib.get("Nonexistent Card")
    assert str(info.value) == "Card 'Nonexistent Card' not found."  # no far guess (Agent Carr was one)
    with pytest.raises(KeyError) as info:
        lib.get("Syvaris")
    assert str(info.value) == "Card 'Syvaris' not found. Did you mean: Syvarris (Syvarris)?"
    with pytest.raises(KeyError) as info:
        lib.get("viking")
    assert "Finn the Viking Champion (Finn)" in str(info.value)  # names holding the word are close


def test_a_destination_alone_takes_the_path_that_avoids_a_leaving_engagement_attack() -> None:
    # rule: HS-ENGAGE-05 (the referee does not walk a figure past an enemy when it need not)
    eng = sandbox(fig("a", "p1", (3, 3)), fig("e", "p2", (5, 3)))
    # Straight along r=3 passes (4,3), next to e, and leaves it; going round via r=1 avoids it.
    events = eng.execute("p1", "move a 6,1")
    assert not [e for e in events if e.kind == "swipe"]
    assert eng.state.figures["a"].hexes == (Hex(6, 1),)


def test_a_bad_user_map_file_does_not_hide_the_other_maps(tmp_path: Path) -> None:
    shipped = Path(__file__).resolve().parents[1] / "data" / "maps"
    for f in shipped.glob("*.json"):
        (tmp_path / f.name).write_text(f.read_text())
    (tmp_path / "broken.json").write_text("{ not json")
    with pytest.raises(ValueError):
        MapLibrary.from_directory(tmp_path)
    lib = MapLibrary.from_directory(tmp_path, strict=False)
    assert "practice-field" in lib.ids()
    assert len(lib.errors) == 1 and "broken.json" in lib.errors[0]


def test_a_bad_card_file_does_not_hide_the_other_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = Path(__file__).resolve().parents[1] / "data" / "cards"
    for f in shipped.glob("*.json"):
        (tmp_path / f.name).write_text(f.read_text())
    (tmp_path / "mine.json").write_text(json.dumps({"format": "heroscape-cards/1", "cards": [{"name": 5}]}))
    monkeypatch.setenv("HEROSCAPE_CARDS_DIR", str(tmp_path))
    lib = CardLibrary.default()
    assert lib.get("Finn").life == 4
    assert len(lib.errors) == 1 and "mine.json" in lib.errors[0]


def test_negative_statistics_are_refused_when_a_card_loads() -> None:
    with pytest.raises(ValidationError):
        ArmyCard(name="Bad", kind="hero", rarity="unique", figures=1, life=4, move=-5, range=1, attack=3,
                 defense=3, height=5, size="medium", points=50)
    assert card(move=0).move == 0


def test_a_map_without_the_scenarios_start_zones_is_refused_at_creation(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.content.maps import MapSpec
    from bot.game import session as session_mod

    lib = MapLibrary()
    lib.add(MapSpec.model_validate({"id": "bare", "name": "Bare", "fill": [
        {"q": [0, 5], "r": [0, 5], "level": 1, "terrain": "grass"}]}))
    monkeypatch.setattr(session_mod, "maps", lambda: lib)
    with pytest.raises(ValueError, match="start zone"):
        GameSession.create("m3", map_id="bare", scenario_id="rumble-at-the-rift-seasoned", seed=1)
    with pytest.raises(ValueError, match="start zone"):
        GameSession.create("m4", map_id="bare", scenario_id="last-army-standing", seed=1)


def test_armies_chosen_again_give_the_figure_ids_of_the_final_armies() -> None:
    # rule: HS-ARMY-06 (the new user's sequence: re-chosen armies leave no numbered ids behind)
    s = GameSession.create("m3", scenario_id="last-army-standing", seed=1)
    s.apply("a", "join Alice")
    s.apply("b", "join Bob")
    for player, name in [("a", "Finn"), ("b", "Grimnak"), ("a", "Grimnak"), ("b", "Finn"), ("a", "Finn"),
                         ("b", "Grimnak")]:
        s.apply(player, f"army {name}")
    s.apply("a", "start")
    assert sorted(s.state.figures) == ["finn", "grimnak"]
    zone = sorted(s.state.battlefield.start_zones["red"], key=lambda h: (h.r, h.q))
    label = s.state.battlefield.label(zone[0])
    out = s.apply("a", f"place finn {label}")
    assert out.public == [f"finn is placed at {label}."]
    again = GameSession.from_record(json.loads(json.dumps(s.to_record())))  # the log replays to the same ids
    assert again.match.state_json() == s.match.state_json()
