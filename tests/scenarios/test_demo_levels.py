"""``python -m bot demo --scenario ID --level L`` plays the book's scenarios at a level, on their maps."""

from __future__ import annotations

import re

import pytest

from tests.test_console import run_bot


@pytest.mark.parametrize(("scenario", "name", "field"), [
    ("rumble-at-the-rift", "Rumble at the Rift (Veteran)", "COBRA Facility"),
    ("mission-critical", "Mission Critical (Veteran)", "Toxic Pool"),
    ("wherever-theres-trouble", "Wherever There's Trouble (Veteran)", "Waypoint Waylay"),
])
def test_the_demo_plays_a_scenario_at_veteran_to_the_end(scenario: str, name: str, field: str) -> None:
    # rule: HS-SCEN-BOOK-04, HS-SCEN-BOOK-05
    proc = run_bot(["demo", "--scenario", scenario, "--level", "veteran", "--out", "none", "--seed", "2"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"{name} on {field}, seed 2")
    assert re.search(r"^Winner: \w+ \(", proc.stdout, re.M), proc.stdout[-500:]


def test_the_demo_refuses_a_rookie_level_with_the_reason() -> None:
    # rule: HS-SCEN-BOOK-02, DEC-06
    proc = run_bot(["demo", "--scenario", "mission-critical", "--level", "rookie", "--out", "none"])
    assert proc.returncode == 2
    assert "Basic Game" in proc.stdout and not re.search(r"^R\d+ T\d+ ", proc.stdout, re.M)


@pytest.mark.parametrize("scenario", ["bridge-to-the-forgotten-forest", "fall-of-the-dumutef-bridge"])
def test_the_demo_plays_a_master_scenario_whole_for_level_veteran(scenario: str) -> None:
    # rule: HS-SCEN-FOREST-ALL-01, HS-SCEN-BOOK-04
    proc = run_bot(["demo", "--scenario", scenario, "--level", "veteran", "--out", "none", "--seed", "2"])
    assert proc.returncode == 0, proc.stdout[-500:] + proc.stderr
    assert "is a Master Game scenario with one level, every special rule included" in proc.stdout.splitlines()[0]
    assert " on The Forgotten Forest, seed 2" in proc.stdout.splitlines()[1]
    assert re.search(r"^Winner: \w+", proc.stdout, re.M), proc.stdout[-500:]
