"""``python -m bot demo --scenario ID`` plays each Forgotten Forest scenario end to end on its own
map: the computer players build armies to each side's points (a Dumutef Guard for the defender),
the river's rolls and Player 3's reinforcements are told, and a winner is named within 10 rounds
(HS-SCEN-BRIDGE-MASTER-03/04/09, HS-SCEN-DUMUTEF-MASTER-03/09/11)."""

from __future__ import annotations

import re

import pytest

from tests.test_console import run_bot


@pytest.mark.parametrize(("scenario", "players"), [("bridge-to-the-forgotten-forest", 2),
                                                   ("fall-of-the-dumutef-bridge", 3)])
def test_the_demo_plays_the_scenario_to_its_end(scenario: str, players: int) -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-09, HS-SCEN-DUMUTEF-MASTER-09
    proc = run_bot(["demo", "--scenario", scenario, "--out", "none", "--seed", "3"])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].endswith("on The Forgotten Forest, seed 3"), lines[0]
    sides = [ln for ln in lines[1:1 + players] if re.match(r"^  \w+ \(Player \d\): ", ln)]
    assert len(sides) == players
    assert "Dumutef Guard" in sides[-1]  # the defender spends on a Guard
    turns = [ln for ln in lines if re.match(r"^R(\d+) T\d+ ", ln)]
    assert turns and max(int(re.match(r"^R(\d+)", ln).group(1)) for ln in turns) <= 10  # type: ignore[union-attr]
    assert any(ln.startswith("Winner: ") for ln in lines), proc.stdout[-2000:]
    if players == 3:
        assert "for reinforcements" in proc.stdout
        # The computer puts the reinforcements' figures on blue spaces itself (HS-SCEN-DUMUTEF-MASTER-11).
        assert re.search(r"arrives as reinforcements on the blue start spaces, \w+ enters at ", proc.stdout)
