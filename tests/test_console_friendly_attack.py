"""The console asks before an attack on a figure of the attacker's own side (issue 10): the rules
allow it (HS-ATTACK-01), so nobody should make it by mistake."""

from __future__ import annotations

from pathlib import Path

from bot.console.local import Console
from bot.rules.state import Phase
from tests.test_console import Script, console


def vikings_turn(tmp_path: Path, *answers: str) -> tuple[Console, Script, str, str]:
    """Alice (Tarn Vikings) against Bob (Grimnak) on COBRA Facility, on to Alice's turn; return two
    Vikings on neighbouring spaces."""
    con, script = console(tmp_path, "Alice", "Bob")
    assert con.seat_players(False)
    for line in ("army Tarn Vikings", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest",
                 "orders 1=tarn 2=tarn 3=tarn X=tarn", "Bob: orders 1=grimnak 2=grimnak 3=grimnak X=grimnak",
                 "initiative"):
        assert con.handle(line)
    while con.state.phase is Phase.TURNS and con.state.turn is not None and con.state.turn.player != "alice":
        assert con.handle("Bob: end-turn")
    st = con.state
    vikings = sorted((f for f in st.figures.values() if f.owner == "alice"), key=lambda f: f.id)
    one, two = next((a.id, b.id) for a in vikings for b in vikings
                    if a is not b and a.hex is not None and b.hex is not None and a.hex.is_adjacent(b.hex))
    script.lines.extend(answers)
    return con, script, one, two


def test_an_attack_on_ones_own_figure_is_asked_first_and_a_no_changes_nothing(tmp_path: Path) -> None:
    # rule: HS-ATTACK-01
    con, script, one, two = vikings_turn(tmp_path, "n")
    log = list(con.session.match.log)
    assert con.handle(f"attack {one} {two}")
    assert script.prompts[-1] == f"{two} is your own figure, not an enemy: attack it anyway? [y/N] "
    assert "not attacked" in script.out[-1]
    assert con.session.match.log == log


def test_a_yes_makes_the_attack(tmp_path: Path) -> None:
    # rule: HS-ATTACK-01
    con, script, one, two = vikings_turn(tmp_path, "y")
    n = len(con.session.match.log)
    assert con.handle(f"attack {one} {two}")
    assert con.session.match.log[n:] == [("alice", f"attack {one} {two}")]
    assert "not attacked" not in script.text


def test_an_attack_on_an_enemy_asks_nothing(tmp_path: Path) -> None:
    con, script, one, _two = vikings_turn(tmp_path)
    assert con.handle(f"attack {one} grimnak")  # out of reach: the rules refuse, no question
    assert not any("anyway" in p for p in script.prompts)
    assert "error:" in script.out[-1]
