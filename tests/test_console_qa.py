"""The terminal adapter after a new user's findings: computer seats are the computer's alone, a
save into a folder that does not exist is refused, ``status`` lists the attacks of a Double Attack
from the match state (the same after ``load``), end of input after a finished match says there is
nothing to save, and figure ids keep their lower case at the start of a refusal."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_console import Script, console, started

from bot.console.local import Console
from bot.game.session import GameSession
from bot.rules.combat import legal_enemy_targets
from bot.rules.errors import IllegalCommand, RulesError, sentence
from bot.rules.movement import reachable_hexes
from bot.rules.state import Phase


def vs_computer(tmp_path: Path, *lines: str) -> tuple[Console, Script]:
    """Alice against the computer on Practice Field, armies chosen, ``lines`` still to read."""
    script = Script("Alice", *lines)
    session = GameSession.create("local", map_id="practice-field", seed=3)
    con = Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=False)
    assert con.seat_players(True)
    return con, script


# ---- C. a person cannot act for a computer seat ------------------------------------------------------


def test_a_command_for_the_computer_seat_is_refused(tmp_path: Path) -> None:
    con, script = vs_computer(tmp_path, "y")
    assert con.handle("army Finn") and con.handle("start")
    log = list(con.session.match.log)
    assert con.handle("Computer: concede")
    assert ("error: the computer plays Computer's seat and types its own commands; type yours without a name "
            "or as Alice: ...") in script.text
    assert "concede the match?" not in script.text  # not even asked
    assert script.lines == ["y"]
    assert con.session.match.log == log
    assert not any(p.conceded for p in con.state.players)
    assert con.handle("Computer: place-rest")
    assert con.session.match.log == log
    assert con.handle("Alice: status")  # the person's own name still works
    assert "Last army standing on Practice Field" in script.text


def test_a_seat_out_of_the_draft_is_refused(tmp_path: Path) -> None:
    """Moved from test_local_console_draft_against_the_computer, where Alice once typed for the
    computer's seat: the rules refuse a pick from a seat that is out of the draft (DEC-13)."""
    session = GameSession.create("local", map_id="practice-field", seed=3, fmt={"draft": True, "points": 300})
    script = Script("Alice", "army Finn", "start", "draft Grimnak")
    con = Console(session, tmp_path, read=script.read, write=script.write, tty=False, screen=False)
    assert con.seat_players(True)
    con.loop()
    assert "No Army Card fits Computer's army any more: Computer is out of the draft." in script.text
    cpu = next(iter(con.computer))
    with pytest.raises(RulesError) as refused:
        con.session.apply(cpu, "draft Finn")
    assert str(refused.value).startswith("You are out of the draft (you passed, or no card fits your army any more)")


# ---- D. no folder is made that the player did not ask for ------------------------------------------------


def test_save_into_a_missing_folder_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    con, script = started(tmp_path / "out")
    target = tmp_path / "nonexistent" / "dir" / "x.json"
    assert con.handle(f"save {target}")
    assert (f"error: cannot save to {target}: the folder {target.parent} does not exist; save into an existing "
            f"folder, e.g. {tmp_path / 'out' / 'x.json'}") in script.text
    assert "saved to" not in script.text
    assert not (tmp_path / "nonexistent").exists()
    assert con.handle(f"save {tmp_path / 'x.json'}")  # an existing folder: saved
    assert f"saved to {tmp_path / 'x.json'}" in script.text and (tmp_path / "x.json").is_file()


def test_the_consoles_own_save_folder_is_still_made(tmp_path: Path) -> None:
    out = tmp_path / "renders" / "local"
    con, script = started(out)
    assert not out.exists() or not any(out.glob("*.json"))
    con.autosave("end of input")
    assert len(list(out.glob("autosave-*.json"))) == 1


# ---- E. status from the match state, the same after load ------------------------------------------------


def syvarris_in_range(tmp_path: Path) -> tuple[Console, Script]:
    """Alice (Syvarris) and Bob (Grimnak) walk towards each other until Syvarris may attack."""
    con, script = console(tmp_path, "Alice", "Bob", seed=3, map_id="practice-field")
    assert con.seat_players(False)
    for line in ("army Syvarris", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest"):
        assert con.handle(line)
    for _ in range(8):
        if con.state.phase is Phase.ORDERS:
            for line in ("orders 1=syvarris 2=syvarris 3=syvarris X=syvarris",
                         "Bob: orders 1=grimnak 2=grimnak 3=grimnak X=grimnak", "initiative"):
                assert con.handle(line)
        st = con.state
        assert st.turn is not None
        me, other, who = ("syvarris", "grimnak", "") if st.turn.player == "alice" else ("grimnak", "syvarris", "Bob: ")
        if me == "syvarris" and legal_enemy_targets(st, st.figures[me]):
            return con, script
        reach = reachable_hexes(st, st.figures[me])
        goal = min(reach, key=lambda h: (h.distance(st.figures[other].hex), h))
        assert con.handle(f"{who}move {me} {st.battlefield.label(goal)}")
        if me == "syvarris" and legal_enemy_targets(con.state, con.state.figures[me]):
            return con, script
        assert con.handle(f"{who}end-turn")
    raise AssertionError("Syvarris never came in range")


def turn_line(script: Script) -> str:
    return [line for line in script.out if line.startswith("  turn: ")][-1]


def test_status_lists_the_first_attack_of_a_double_attack_before_and_after_load(tmp_path: Path) -> None:
    # rule: HS-TIMING-04 (Double Attack: the first attack is made, another is granted)
    con, script = syvarris_in_range(tmp_path)
    assert con.handle("attack syvarris grimnak")
    assert "syvarris may attack again" in script.text
    assert con.handle("status")
    before = turn_line(script)
    assert before.endswith("moved -; attacked syvarris (may attack again)")
    assert con.handle(f"save {tmp_path / 's.json'}")
    script.lines.append("y")
    assert con.handle(f"load {tmp_path / 's.json'}")
    assert con.handle("status")
    assert turn_line(script) == before


# ---- F. end of input after a finished match ------------------------------------------------------------


def test_end_of_input_after_a_finished_match_says_there_is_nothing_to_save(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    script.lines.extend(["concede", "y"])
    assert con.loop() == 0
    assert con.state.phase is Phase.OVER
    assert "end of input: nothing to save: the match is over" in script.text
    assert "armies are chosen anew" not in script.text
    assert not list(tmp_path.glob("autosave-*.json"))


# ---- G. figure ids read the same everywhere ------------------------------------------------------------


def test_a_refusal_starting_with_a_figure_id_keeps_its_case(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    assert con.state.turn is not None
    who, fig = ("", "grimnak") if con.state.turn.player == "alice" else ("Bob: ", "finn")
    assert con.handle(f"{who}move {fig} A1")
    owner = "Bob" if fig == "grimnak" else "Alice"
    assert f"error: {fig} is not your figure (it is {owner}'s) (HS-ARMY-11)" in script.text
    assert f"{fig.capitalize()} is not your figure" not in script.text


def test_sentence_keeps_names_and_capitalises_the_rest() -> None:
    assert sentence("zettian1 has no line of sight to grimnak", {"zettian1"}) == "zettian1 has no line of sight to grimnak"
    assert sentence("the draft is over", {"zettian1"}) == "The draft is over"
    assert sentence("zettian1 has no line of sight") == "Zettian1 has no line of sight"  # no names given
    exc = IllegalCommand("syvarris has already attacked this turn", "HS-ATTACK-12")
    exc.names = frozenset({"syvarris"})
    assert str(exc) == "syvarris has already attacked this turn (HS-ATTACK-12)"
