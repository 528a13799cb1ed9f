"""``python -m bot cases``: the runner's output, formats v1 and v2, and bad case files.

The project's own v2 cases (``tests/cases/*.json``) all pass; the shared v1 cases all pass; every
shared v2 case is read without a format error (it passes or fails on a step, with its reason);
a malformed or hostile case gives one FAIL line naming the file, the field and what was wrong.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bot.cases import main, run_case
from bot.cases.dice import CaseDice
from bot.rules.errors import DiceExhausted

ROOT = Path(__file__).resolve().parents[1]
OWN = ROOT / "tests" / "cases"
SHARED_V1 = ROOT.parent / "shared" / "rules-cases"
SHARED_V2 = ROOT.parent / "shared" / "rules-cases-v2"


def test_an_empty_folder_says_no_case_files_were_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("not a case")
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out == f"no case files (*.json; check FORMAT.md) found in {tmp_path}\n"
    assert "0 passed" not in out


def test_a_folder_with_cases_still_counts_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "broken.json").write_text("{")
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL broken: ") and out.endswith("0 passed, 1 failed\n")


# ---- the project's own v2 cases --------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(OWN.glob("*.json")), ids=lambda p: p.stem)
def test_own_v2_case_passes(path: Path) -> None:
    case_id, ok, reason = run_case(path)
    assert ok, f"{case_id}: {reason}"
    assert json.loads(path.read_text())["format"] == 2


def test_own_cases_folder_prints_a_pass_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(OWN.glob("*.json"))
    assert len(files) >= 7
    assert main([str(OWN)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"{len(files)} passed, 0 failed"
    assert all(line.startswith("PASS v2-") for line in lines[:-1])


def test_shared_v1_cases_all_pass(capsys: pytest.CaptureFixture[str]) -> None:
    if not list(SHARED_V1.glob("*.json")):
        pytest.skip("shared rules cases not present")
    assert main([str(SHARED_V1)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(" passed, 0 failed")


def test_every_shared_v2_case_is_read_and_fails_only_on_a_step() -> None:
    files = sorted(SHARED_V2.glob("*.json"))
    if not files:
        pytest.skip("shared v2 rules cases not present")
    for path in files:
        case_id, ok, reason = run_case(path)
        assert ok or reason.startswith("step "), f"{case_id}: {reason}"
        assert "Extra inputs" not in reason and "engine raised" not in reason and "Traceback" not in reason


# ---- a small case to break ---------------------------------------------------------------------------


def _card(name: str, **kw: Any) -> dict[str, Any]:
    c: dict[str, Any] = {"name": name, "kind": "hero", "rarity": "unique", "figures": 1, "life": 4, "move": 5,
                         "range": 1, "attack": 3, "defense": 3, "height": 5, "size": "medium", "base": 1,
                         "points": 50, "species": "human", "class": "soldier", "personality": "valiant",
                         "keywords": []}
    c.update(kw)
    return c


BASE: dict[str, Any] = {
    "id": "small", "format": 2,
    "map": {"fill": [{"q": [0, 5], "r": [0, 5], "level": 1, "terrain": "grass"}]},
    "cards": [_card("Soldier"), _card("Foe")],
    "players": ["p1", "p2"],
    "figures": [{"id": "a", "card": "Soldier", "owner": "p1", "at": [0, 0]},
                {"id": "e", "card": "Foe", "owner": "p2", "at": [5, 5]}],
    "steps": [],
}


def _run(tmp_path: Path, case: dict[str, Any] | str) -> tuple[bool, str]:
    path = tmp_path / "case.json"
    path.write_text(case if isinstance(case, str) else json.dumps(case))
    _, ok, reason = run_case(path)
    return ok, reason


def _case(**changes: Any) -> dict[str, Any]:
    case = copy.deepcopy(BASE)
    case.update(changes)
    return case


def test_the_small_case_passes(tmp_path: Path) -> None:
    ok, reason = _run(tmp_path, _case(steps=[{"do": "move", "figure": "a", "path": [[1, 0]],
                                              "expect": {"ok": True, "figures": {"a": {"at": [1, 0]}}}}]))
    assert ok, reason


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"format": 3}, "field format:", "3 is not a case format"),
    ({"format": "2"}, "field format:", "is not a case format"),
    ({"cards": [{"library": "Agent Car"}, _card("Foe")]}, "field cards.0.library:",
     "write the card's full name as the library has it: 'Agent Carr' (not 'Agent Car')"),
    ({"cards": [{"library": "Sir Nobody of Nowhere"}, _card("Foe")]}, "field cards.0.library:",
     "Card 'Sir Nobody of Nowhere' not found"),
    ({"cards": [{"library": "Agent Carr", "life": 9}, _card("Foe")]}, "field cards.0.life:",
     'a library card is written {"library": NAME} alone'),
    ({"cards": [{"library": 7}, _card("Foe")]}, "field cards.0.library:", "name a card"),
    ({"scenario": {"name": "the-big-one"}}, "field scenario.name:", "expected 'rumble-at-the-rift'"),
    ({"scenario": {"name": "rumble-at-the-rift", "level": "seasoned", "roles": {"p1": "pirates"}}},
     "field scenario.roles.p1:", "'pirates' is not a side of Rumble at the Rift (Seasoned)"),
    ({"scenario": {"name": "rumble-at-the-rift", "level": "seasoned", "roles": {"p9": "cobra"}}},
     "field scenario.roles.p9:", "'p9' is not in players"),
    ({"teams": [["p1", "p7"]]}, "field teams.0:", "'p7' is not in players"),
    ({"teams": [["p1"], ["p1", "p2"]]}, "field teams.1:", "'p1' is on two teams"),
    ({"round": 0}, "field round:", "greater than or equal to 1"),
    ({"map": {"fill": BASE["map"]["fill"], "ladders": [{"top": [1, 1], "bottom": [1, 2]}]}},
     "field map.ladders.0.bottom_level:", "Field required"),
    ({"map": {"fill": BASE["map"]["fill"], "objects": [{"id": "o", "at": [], "height": 3, "life": 2,
                                                         "defense": 1}]}}, "field map.objects.0.at:", "at least 1"),
    ({"map": {"fill": BASE["map"]["fill"], "zones": {"bridge": [[1]]}}}, "field map.zones.bridge.0.1:", "Field required"),
    ({"map": {"fill": BASE["map"]["fill"], "zones": {"bridge": [[9, 9]]}}}, "field map.zones.bridge #1:",
     "[9, 9] is not a space of the battlefield"),
    ({"map": {"fill": BASE["map"]["fill"], "glyphs": [{"name": "kelda", "at": [1, 1], "side": "power",
                                                        "trap": "yes"}]}}, "field map.glyphs.0.trap:",
     "write true or false"),
    ({"map": {"fill": BASE["map"]["fill"], "obstacles": [{"kind": "catapult", "at": [[1, 1]], "height": 2}]}},
     "field map.obstacles.0.kind:", "is not an obstacle kind"),
])
def test_bad_v2_fields_are_named(tmp_path: Path, change: dict[str, Any], field: str, words: str) -> None:
    ok, reason = _run(tmp_path, _case(**change))
    assert not ok
    assert reason.startswith(f"{tmp_path / 'case.json'}: {field}"), reason
    assert words in reason, reason


@pytest.mark.parametrize(("figures", "field", "words"), [
    ([{"id": "s1", "card": "Soldier", "owner": "p1", "at": [0, 0]},
      {"id": "s2", "card": "Soldier", "owner": "p1", "at": [1, 0]}], "field figures.1.card:",
     "'Soldier' has 1 figure; another entry needs \"copy\": 2"),
    ([{"id": "s1", "card": "Soldier", "owner": "p1", "at": [0, 0], "copy": 0}], "field figures.0.copy:",
     "greater than or equal to 1"),
    ([{"id": "s1", "card": "Soldier", "owner": "p1", "at": [0, 0], "off_battlefield": True}],
     "field figures.0.at:", "a figure off the battlefield has no 'at'"),
    ([{"id": "s1", "card": "Soldier", "owner": "p1"}], "field figures.0.at:", "off_battlefield"),
    ([{"id": "s1", "card": "Soldier", "owner": "p1", "at": [0, 0], "carries": "jump_pack"}],
     "field figures.0.carries:", "valid list"),
    ([{"id": "s1", "card": "Soldier", "owner": "p1", "at": [[0, 0], [1, 0]]}], "field figures.0.at:",
     "stands on 1 space; 'at' names 2"),
    ([{"id": "s1", "card": "Soldier", "owner": "p1", "at": [0, 0]},
      {"id": "s1", "card": "Foe", "owner": "p2", "at": [1, 0]}], "field figures.1.id:", "two figures"),
])
def test_bad_v2_figures_are_named(tmp_path: Path, figures: list[dict[str, Any]], field: str, words: str) -> None:
    ok, reason = _run(tmp_path, _case(figures=figures))
    assert not ok and f": {field}" in reason and words in reason, reason


@pytest.mark.parametrize(("step", "field", "words"), [
    ({"do": "fly", "figure": "a"}, "field steps.0.do:", 'unknown action "fly"; known: attack, cannon, choose'),
    ({"query": "luck"}, "field steps.0.query:", 'unknown query "luck"'),
    ({"do": "move", "query": "range"}, "field steps.0:", "has more than one of"),
    ({"expect": {}}, "field steps.0:", "needs one of 'query', 'do' or 'check'"),
    (7, "field steps.0:", "a step is an object"),
    ({"do": "move", "figure": "a", "path": [[1, 0]], "dice": {"pick": [-1]}}, "field steps.0.dice.pick:",
     "-1 is not an index"),
    ({"do": "move", "figure": "a", "path": [[1, 0]], "dice": {"d20": [21]}}, "field steps.0.dice.d20:",
     "21 is not a d20 result"),
    ({"do": "move", "figure": "a", "path": [[1, 0]], "dice": {"combat": ["crit"]}},
     "field steps.0.dice.combat.0:", "expected 'skull', 'shield' or 'blank'"),
    ({"do": "move", "figure": "a", "path": []}, "field steps.0.path:", "at least 1"),
    ({"do": "move", "figure": "a", "path": [[1, 0]], "drop": [{"glyph": "x"}]}, "field steps.0.drop.0.at:",
     "Field required"),
    ({"do": "choose", "answer": True}, "field steps.0.player:", "Field required"),
    ({"query": "stat", "figure": "a", "stat": "luck"}, "field steps.0.stat:", "expected 'life'"),
    ({"check": {"winner": 3}}, "field steps.0.check.winner:", "a winner is a player id"),
    ({"check": {"glyphs": [{"name": "kelda", "at": [1, 1]}]}}, "field steps.0.check.glyphs.0.side:",
     "Field required"),
    ({"check": {"figures": {"a": {"colour": "red"}}}}, "field steps.0.check.figures.a.colour:",
     "not part of the case format"),
    ({"do": "special", "attacker": "a", "power": "Blast", "target": [1]}, "field steps.0.target:",
     "not one of the forms this field takes"),
    ({"do": "attack", "attacker": "a", "target": "nobody"}, "field steps.0.target:",
     "no figure or object 'nobody'"),
    ({"query": "range", "from": "a", "to": "ghost"}, "field steps.0.to:", "no figure 'ghost'"),
])
def test_bad_v2_steps_are_named(tmp_path: Path, step: Any, field: str, words: str) -> None:
    ok, reason = _run(tmp_path, _case(steps=[step]))
    assert not ok and reason.startswith(str(tmp_path / "case.json")), reason
    assert f": {field}" in reason and words in reason, reason


def test_v2_keys_in_a_v1_case_say_to_write_format_2(tmp_path: Path) -> None:
    case = _case()
    del case["format"]
    case["figures"][0]["copy"] = 2
    ok, reason = _run(tmp_path, case)
    assert not ok and reason.endswith('field figures.0.copy: a format v2 key; write "format": 2 at the top of the '
                                      "case to use it")
    case = _case(steps=[{"do": "end_moves"}])
    del case["format"]
    ok, reason = _run(tmp_path, case)
    assert not ok and 'unknown action "end_moves" (a format v2 step: write "format": 2' in reason


def test_v1_figures_of_one_card_stay_separate_cards(tmp_path: Path) -> None:
    """v1 semantics are unchanged: two entries naming one card are two cards (each moves in its own turn)."""
    case = _case(figures=[{"id": "s1", "card": "Soldier", "owner": "p1", "at": [0, 0]},
                          {"id": "s2", "card": "Soldier", "owner": "p1", "at": [2, 0]},
                          {"id": "e", "card": "Foe", "owner": "p2", "at": [5, 5]}],
                 steps=[{"do": "move", "figure": "s1", "path": [[0, 1]], "expect": {"ok": True}},
                        {"do": "move", "figure": "s2", "path": [[2, 1]], "expect": {"ok": True}}])
    del case["format"]
    ok, reason = _run(tmp_path, case)
    assert ok, reason
    case["format"] = 2  # v2: one Army Card with one figure: a second entry needs copy 2
    ok, reason = _run(tmp_path, case)
    assert not ok and "another entry needs \"copy\": 2" in reason


def test_hostile_files_give_one_line(tmp_path: Path) -> None:
    for text in ("[" * 100_000, "[]", '{"id": 5}', "\u00ff\u00fe", json.dumps(_case(players=[])),
                 json.dumps(_case(players=["p1", "p1"]))):
        ok, reason = _run(tmp_path, text)
        assert not ok and reason.startswith(str(tmp_path / "case.json")) and "\n" not in reason, reason
        assert "engine raised" not in reason


# ---- features the engine lacks: a step fails with the feature named ---------------------------------


def test_a_map_feature_the_engine_lacks_fails_the_first_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    case = _case(map={"fill": BASE["map"]["fill"], "hexes": [{"at": [1, 1], "level": 4, "terrain": "rock"}],
                      "ladders": [{"top": [1, 1], "bottom": [1, 2], "bottom_level": 2}]},
                 steps=[{"query": "range", "from": "a", "to": "e", "expect": 10}])
    assert _run(tmp_path, case) == (True, "")  # rope ladders are built: the case runs
    # A map format without ladders (as before they were built) names the feature in a blocking note.
    from bot.cases import features

    class Older:
        model_fields = {k: v for k, v in features.MapSpec.model_fields.items() if k != "ladders"}

    monkeypatch.setattr(features, "MapSpec", Older)
    _, notes = features.map_for_engine(case["map"])
    assert notes == ["rope ladders are not built yet (map.ladders)"]


def test_a_case_without_steps_still_fails_on_a_missing_feature(tmp_path: Path) -> None:
    case = _case(figures=[{"id": "a", "card": "Soldier", "owner": "p1", "at": [0, 0], "carries": ["jump_pack"]},
                          {"id": "e", "card": "Foe", "owner": "p2", "at": [5, 5]}])
    ok, reason = _run(tmp_path, case)
    if ok:
        pytest.skip("glyph carrying is built: the case runs")
    assert reason == "setup: glyph carrying is not built yet (figures.carries / figures.flipped)"


def test_a_step_that_needs_a_missing_verb_names_it(tmp_path: Path) -> None:
    from bot.rules.engine import COMMANDS

    if "cannon" in COMMANDS:
        pytest.skip("Cannon Fire is built")
    ok, reason = _run(tmp_path, _case(steps=[{"do": "cannon", "figure": "a", "cannon": "c1", "target": "e"}]))
    assert reason == "step 0 (cannon): Cannon Fire (the cannon command) is not built yet"


def test_a_decision_left_pending_needs_a_choose_next(tmp_path: Path) -> None:
    case = _case(cards=[{"library": "Ne-Gok-Sa"}, _card("Foe")],
                 figures=[{"id": "n", "card": "Ne-Gok-Sa", "owner": "p1", "at": [0, 0]},
                          {"id": "e", "card": "Foe", "owner": "p2", "at": [2, 0]}],
                 steps=[{"do": "move", "figure": "n", "path": [[1, 0]]}, {"do": "end_moves"},
                        {"query": "range", "from": "n", "to": "e"}])
    ok, reason = _run(tmp_path, case)
    assert not ok and reason.startswith("step 1 (end_moves): the rules wait on a decision of p1: Mind Shackle")
    assert reason.endswith("(answers: e / skip); the next step must be a choose")
    case["steps"][1]["expect"] = {"pending": {"player": "p1"}}  # expecting it lets the case look first
    ok, reason = _run(tmp_path, case)
    assert ok, reason
    case["steps"][2:] = [{"do": "choose", "player": "p1", "answer": False, "expect": {"ok": True, "pending": None}}]
    ok, reason = _run(tmp_path, case)
    assert ok, reason


def test_an_obstacle_id_may_be_aimed_at_once_objects_are_built(tmp_path: Path) -> None:
    """Crumbling Architecture turns obstacles into objects: a step aiming at an obstacle's id is no
    format error; without objects in the engine the step names the missing feature."""
    case = _case(map={"fill": BASE["map"]["fill"], "obstacles": [{"kind": "fortified_wall", "id": "w1",
                                                                  "at": [[1, 0]], "height": 7}]},
                 steps=[{"do": "attack", "attacker": "a", "target": "w1", "expect": {"ok": True}}])
    from bot.rules.state import MatchState

    if "objects" in MatchState.__dataclass_fields__:
        pytest.skip("destructible objects are built")
    ok, reason = _run(tmp_path, case)
    assert (ok, reason) == (False, "step 0 (attack): destructible objects are not built yet")


def test_dice_of_a_step_must_all_be_used(tmp_path: Path) -> None:
    ok, reason = _run(tmp_path, _case(steps=[{"do": "move", "figure": "a", "path": [[1, 0]],
                                              "dice": {"d20": [3], "pick": [0]}}]))
    assert (ok, reason) == (False, "step 0 (move): 2 scripted dice left over")


def test_the_pick_queue_gives_indexes_among_the_candidates() -> None:
    dice = CaseDice()
    dice.add_picks([1, 4])
    assert dice.left == 2 and dice.pick(3) == 1
    with pytest.raises(DiceExhausted, match="(?i)the scripted pick 4 is not one of the 3 candidates"):
        dice.pick(3)
    with pytest.raises(DiceExhausted, match="(?i)no pick was scripted"):
        dice.pick(2)
