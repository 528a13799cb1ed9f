"""The Forgotten Forest scenarios explained like the book's (``/rules scenario``, the console's
``help scenario``, the ``/match new`` menu): their special rules are in the registry with titles and
texts, and each file has its one-line summary (HS-SCEN-BRIDGE-MASTER-*, HS-SCEN-DUMUTEF-MASTER-*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console.local import Console
from bot.content import scenario_menu
from bot.content.scenarios import ScenarioLibrary
from bot.game.scenario_text import explain
from bot.game.session import GameSession
from bot.rules.scenarios.registry import RULES, unknown_rules
from tests.test_console import Script

LIB = ScenarioLibrary.default()


@pytest.mark.parametrize(("sid", "rules"), [
    ("bridge-to-the-forgotten-forest", ("The river", "Hold the bridge")),
    ("fall-of-the-dumutef-bridge", ("The river", "Hold the bridge", "Reinforcements")),
])
def test_every_special_rule_of_the_forest_scenarios_is_explained(sid: str, rules: tuple[str, ...]) -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-05, HS-SCEN-BRIDGE-MASTER-06, HS-SCEN-BRIDGE-MASTER-08, HS-SCEN-DUMUTEF-MASTER-09
    s = LIB.get(sid)
    assert not unknown_rules(s) and all(r.kind in RULES for r in s.rules)
    text = explain(s)
    assert len(text) < 2000 and "**Special rules**" in text
    for title in rules:
        assert f"**{title}**:" in text
    assert "rolls the 20-sided die: on a 1" in text  # the river
    assert "drafts first and must pick and place a Dumutef Guard" in text
    entry = scenario_menu.find(LIB, sid)
    assert entry is not None and entry.line == s.summary and s.summary


def test_the_texts_follow_each_scenarios_parameters() -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-08, HS-SCEN-BRIDGE-MASTER-09, HS-SCEN-DUMUTEF-MASTER-12, HS-SCEN-DUMUTEF-MASTER-13,
    # rule: HS-SCEN-DUMUTEF-MASTER-14, HS-SCEN-DUMUTEF-MASTER-10, HS-SCEN-DUMUTEF-MASTER-11
    bridge = explain(LIB.get("bridge-to-the-forgotten-forest"))
    assert "Player 1 wins by solely occupying the bridge" in bridge and "Round 10 the defenders" not in bridge
    assert "Player 1 (425 points)" in bridge and "Player 2 (525 points, at least 25 points on Dumutef Guard" in bridge
    dumutef = explain(LIB.get("fall-of-the-dumutef-bridge"))
    assert "Player 1 and Player 2 win by solely occupying the bridge" in dumutef
    assert "At the end of Round 10 the defenders win" in dumutef
    assert "As rounds 2, 3, 4 and 5 end, Player 3 rolls" in dumutef
    assert "(1: nothing, 2-5: 25, 6-10: 75, 11-15: 125, 16-19: 175, 20: 200)" in dumutef
    assert "puts each figure on the Blue Starting Spaces" in dumutef


def test_the_console_explains_the_matchs_scenario(tmp_path: Path) -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-09
    script = Script()
    session = GameSession.create("local", scenario_id="fall-of-the-dumutef-bridge", seed=3)
    con = Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=False)
    con.handle("help scenario")
    assert "Fall of the Dumutef Bridge" in script.text and "Reinforcements: As rounds 2, 3, 4 and 5 end" in script.text
    assert "Hold the bridge: At the end of every round Player 1 and Player 2 win" in script.text
    assert "**" not in script.text
