"""The terminal after issue 10: a save path that cannot be written at ``quit`` is asked for again
and the match falls back to the autosave; ``load`` and ``concede`` confirm first; the name
prompt takes ``quit``; texts in words (quotation errors, whole squads suggested, spaces in
reading order, apostrophes not taken for quotes); a computer seat without an army it can build
says so and leaves."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_console import console, run_bot, started

from bot.console.local import label_key
from bot.console.text import clip_quoted as _clip_quoted
from bot.content.cards import CardLibrary, load_card_file
from bot.game import session as session_mod
from bot.rules.state import Phase

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "data" / "cards"


def unwritable(tmp_path: Path) -> Path:
    """A save path in a folder nobody may write to (a file stands where its folder should be)."""
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    return blocker / "save.json"


# ---- quit with a save path that cannot be written -------------------------------------------------------


def test_quit_asks_again_when_the_save_path_cannot_be_written(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    good = tmp_path / "good.json"
    script.lines += ["y", str(unwritable(tmp_path)), str(good)]
    assert not con.handle("quit")
    assert f"error: cannot write {unwritable(tmp_path)}" in script.text
    assert "that file cannot be written; type another path" in script.text
    assert json.loads(good.read_text())["log"] == [list(x) for x in con.session.match.log]
    assert script.prompts.count(f"Save to [{con.default_save()}]: ") == 2


def test_quit_falls_back_to_the_autosave_when_no_path_works(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    bad = str(unwritable(tmp_path))
    script.lines += ["y", bad, bad, bad]
    assert not con.handle("quit")
    saved = sorted(tmp_path.glob("autosave-*.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["log"] == [list(x) for x in con.session.match.log]
    assert f"quit: the match is saved to {saved[0]}; resume with: python -m bot local --load {saved[0]}" in script.text


def test_quit_at_end_of_input_after_a_bad_path_saves_to_the_autosave(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    script.lines += ["y", str(unwritable(tmp_path))]
    assert not con.handle("quit")
    assert len(list(tmp_path.glob("autosave-*.json"))) == 1
    assert "quit: the match is saved to" in script.text


# ---- load and concede confirm first ---------------------------------------------------------------------


def test_load_over_a_match_under_way_asks_first(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    other, _ = started(tmp_path / "other", seed=9)
    save = tmp_path / "other.json"
    assert other.handle("end-turn") and other.cmd_save(str(save))
    log = list(con.session.match.log)
    script.lines.append("n")
    assert con.handle(f"load {save}")
    assert "not loaded; the match goes on" in script.text
    assert con.session.match.log == log
    script.lines.append("y")
    assert con.handle(f"load {save}")
    assert con.session.match.log == other.session.match.log


def test_concede_asks_first(tmp_path: Path) -> None:
    con, script = started(tmp_path)
    who = con.state.turn.player if con.state.turn else "alice"
    script.lines.append("no")
    assert con.handle(f"{who}: concede")
    assert "not conceded; the match goes on" in script.text
    assert not con.state.player(who).conceded and con.state.phase is Phase.TURNS
    script.lines.append("y")
    assert con.handle(f"{who}: concede")
    assert con.state.player(who).conceded


# ---- the name prompt -------------------------------------------------------------------------------------


def test_the_name_prompt_takes_quit_and_help(tmp_path: Path) -> None:
    con, script = console(tmp_path, "help", "quit")
    assert not con.seat_players(False)
    assert "is a command, not a name" not in script.text
    assert "Type the name this player goes by" in script.text and con.state.players == []


def test_a_name_with_a_quote_is_seated(tmp_path: Path) -> None:
    con, script = console(tmp_path, "O'Brien", "Bob")
    assert con.seat_players(False)
    assert [p.name for p in con.state.players] == ["O'Brien", "Bob"], script.text


# ---- texts -----------------------------------------------------------------------------------------------


def test_an_unclosed_quotation_mark_is_explained_in_words(tmp_path: Path) -> None:
    con, script = console(tmp_path, "Alice", "Bob")
    assert con.seat_players(False)
    assert con.handle('Bob: join "Bobby')
    assert "No closing quotation" not in script.text
    assert "a quotation mark opens and never closes" in script.text
    assert con.handle('army "Finn')  # Army Card names need no quotation marks at all
    assert "Alice fields Finn the Viking Champion" in script.text


def test_a_missing_squad_figure_suggests_the_whole_squad(tmp_path: Path) -> None:
    con, script = console(tmp_path, "Alice", "Bob")
    assert con.seat_players(False)
    for line in ("army Tarn Vikings", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest"):
        assert con.handle(line)
    assert con.handle("move tarn5 A1")
    assert "did you mean tarn1, tarn2, tarn3 or tarn4?" in script.text


def test_reach_lists_spaces_in_reading_order(tmp_path: Path) -> None:
    con, script = console(tmp_path, "Alice", "Bob", map_id="practice-field")  # rows 1 to 11
    assert con.seat_players(False)
    for line in ("army Finn", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest"):
        assert con.handle(line)
    assert con.handle("reach finn")
    line = next(ln for ln in script.out if ln.startswith("finn can reach "))
    labels = line.split(": ", 1)[1].split()
    assert labels == sorted(labels, key=label_key) and labels != sorted(labels)
    assert sorted(["A11", "A3", "AA1", "Z2", "B1"], key=label_key) == ["A3", "A11", "B1", "Z2", "AA1"]


def test_apostrophes_are_not_taken_for_quotes_when_clipping() -> None:
    prompt = ("Thorgrim is destroyed: Warrior's Attack Spirit 1 goes onto which Unique Army Card? "
              "It adds 1 to that card's Attack")
    assert _clip_quoted(f"'xyz' is not an answer to: {prompt}") == f"'xyz' is not an answer to: {prompt}"
    assert _clip_quoted("no figure '" + "x" * 80 + "' here") == "no figure '" + "x" * 60 + "…' here"


# ---- a computer seat with no army it can build --------------------------------------------------------------


def test_the_computer_builds_an_army_when_its_usual_cards_are_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lib = CardLibrary.from_paths(*[f for f in sorted(CARDS.glob("*.json")) if f.name != "rise-of-the-valkyrie.json"])
    monkeypatch.setattr(session_mod, "cards", lambda: lib)
    con, script = console(tmp_path, "Alice", map_id="practice-field")
    assert con.seat_players(True)
    computer = next(p for p in con.state.players if p.id in con.computer)
    assert any(c.owner == computer.id for c in con.state.cards.values())
    assert ("Computer (computer): its usual cards are not in the card library (Deathwalker 9000, Marro Warriors, "
            "Ne-Gok-Sa, Grimnak), so it fields ") in script.text


def test_the_computer_with_no_army_it_can_build_says_so_and_leaves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lib = CardLibrary()
    lib.add_file(CARDS / "gi-joe-rumble-at-the-rift.json")  # incomplete cards only: none may be fielded
    assert all(not c.complete for c in load_card_file(CARDS / "gi-joe-rumble-at-the-rift.json"))
    monkeypatch.setattr(session_mod, "cards", lambda: lib)
    con, script = console(tmp_path, "Alice", map_id="practice-field")
    assert con.seat_players(True)
    assert "Computer (computer) cannot build an army: no complete Army Card in the card library" in script.text
    assert "It leaves the seat" in script.text
    assert [p.name for p in con.state.players if not p.conceded] == ["Alice"]
    assert con.expected() == "alice"  # the match waits for the person, not for the computer


def test_vs_computer_with_a_clashing_user_card_file_still_plays(tmp_path: Path) -> None:
    """The issue's case: a user card reusing Finn's id took the whole Rise of the Valkyrie set away,
    and ``--vs-computer`` then waited for ever."""
    doc = json.loads((CARDS / "rise-of-the-valkyrie.json").read_text(encoding="utf-8"))
    finn = next(c for c in doc["cards"] if c["name"] == "Finn the Viking Champion")
    user = tmp_path / "cards"
    user.mkdir()
    (user / "a-mine.json").write_text(json.dumps({"format": "heroscape-cards/1", "cards": [
        {**finn, "id": "finn-the-viking-champion", "name": "My Finn", "short": "My Finn"}]}))
    env = {**os.environ, "HEROSCAPE_CARDS_DIR": str(user)}
    proc = run_bot(["local", "--vs-computer", "--out", "none", "--seed", "2", "--map", "cobra-facility"],
                   "Alice\narmy Finn; Syvarris\nstart\nplace-rest\nquit\n", env=env)
    assert proc.returncode == 0, proc.stderr
    assert "a-mine.json" in proc.stderr and "rise-of-the-valkyrie.json" in proc.stderr
    assert "Computer fields Deathwalker 9000" in proc.stdout
    assert "Computer (computer): place-rest" in proc.stdout


# ---- help and cards ------------------------------------------------------------------------------------------


def test_help_lists_every_command_form(tmp_path: Path) -> None:
    from bot.console.local import HELP, HELP_MOVE

    for form in ("move FIG SPACE via SPACE", "move FIG path SPACE SPACE", "move FIG SPACE grapple", "fly | walk",
                 "place FIG SPACE SPACE", "aside CARD", "draft pass", "special FIG POWER TARGET", "choose OPTION",
                 "concede", "help move", "cards NAME", "reach FIG", "targets FIG"):
        assert form in HELP, form
    assert "Double-space figures" in HELP_MOVE and "move grimnak R5" in HELP_MOVE and "same level" in HELP_MOVE
    con, script = console(tmp_path, "help move", "help nonsense")
    con.handle("help move")
    assert HELP_MOVE in script.text
    con.handle("help nonsense")
    assert "error: there is no help on 'nonsense'" in script.text


def test_cards_mark_enforced_powers_and_incomplete_cards(tmp_path: Path) -> None:
    con, script = console(tmp_path)
    con.handle("cards")
    text = script.text
    assert "Life None" not in text and "None" not in text
    assert "    Finn the Viking Champion (Finn): 80 pts, 1 figure, Life 4 Move 5 Range 1 Attack 3 Defense 4 " \
           "[powers enforced]" in text
    assert "    Duke (Duke): 140 pts, 1 figure, incomplete (not public: Rarity, Life, Move, Range, Attack, Defense, " \
           "Height, Size, Base, Powers; it cannot be fielded)" in text  # base and powers: shared card file
    assert "[powers not enforced]" in text and " powers enforced]" in text  # "1 of 3 powers enforced"
    con.handle("cards duke")
    assert script.out[-1].startswith("Duke (Duke): 140 pts, 1 figure, incomplete")
    con.handle("cards grimnak")
    assert "a double-space figure (see 'help move')" in script.text
    assert "  Chomp (enforced): " in script.text


def test_the_autosave_falls_back_to_the_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    con, script = started(tmp_path)
    spare = tmp_path / "spare"
    spare.mkdir()
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(spare))
    con.autosave_path = unwritable(tmp_path)
    script.lines += ["y", str(unwritable(tmp_path))]
    assert not con.handle("quit")
    saved = spare / "save.json"
    assert json.loads(saved.read_text())["log"] == [list(x) for x in con.session.match.log]
    assert f"quit: the match is saved to {saved}; resume with" in script.text and "it is lost" not in script.text


def test_army_card_names_may_carry_quotation_marks_as_on_discord() -> None:
    """``/army set cards: "Grimnak; 'Finn'`` becomes ``army "Grimnak; 'Finn'``: quotation marks around
    card names are no syntax to get wrong, and no internal message ("No closing quotation") shows."""
    from bot.rules.commands import Command
    from bot.rules.errors import InvalidCommand

    assert Command.parse('army "Grimnak; \'Finn\'').args["cards"] == ["Grimnak", "Finn"]
    with pytest.raises(InvalidCommand) as info:
        Command.parse('choose "roll')
    assert "No closing quotation" not in str(info.value)
    assert "a quotation mark opens and never closes" in str(info.value)


def test_discord_card_marks_enforced_powers_too() -> None:
    from bot.game.session import cards
    from bot.games.heroscape.discord.cogs.info import card_text

    text = card_text(cards().get("Grimnak"))
    assert "• **Chomp** (enforced): " in text
    assert "(not enforced: the players apply it)" in card_text(cards().get("Su-Bak-Na"))  # Hive Supremacy


def test_cards_name_writes_the_card_picture(tmp_path: Path) -> None:
    # Issue 14: the console's 'cards NAME' shows a picture of the card too (statistics, powers marked).
    con, script = console(tmp_path)
    con.handle("cards su-bak-na")
    picture = tmp_path / "card-su-bak-na.png"
    assert f"card image: {picture}" in script.text and picture.read_bytes().startswith(b"\x89PNG")
    assert "  Hive Supremacy (not enforced: apply it yourselves): " in script.text


def test_help_on_use_cannon_drop_and_glyph(tmp_path: Path) -> None:
    # qa1 finding 16: these commands had no help topic
    con, script = console(tmp_path, "help use", "help cannon", "help drop", "help glyph")
    for topic in ("use", "cannon", "drop", "glyph"):
        con.handle(f"help {topic}")
    assert "no help on" not in script.text
    assert "use FIG GLYPH [TARGET]" in script.text and "drop GLYPH@SPACE" in script.text
    assert "cannon FIG CANNON TARGET" in script.text and "Range 8" in script.text
    con.handle("help nonsense")
    assert "'help use' (glyphs, drop) or 'help cannon'" in script.text


def test_glyph_lists_and_names_treasure_glyphs_too(tmp_path: Path) -> None:
    # qa1 finding 16: 'glyph' listed only power glyphs; an unknown name named only them
    con, script = console(tmp_path)
    con.handle("glyph")
    assert "Treasure, Artifact and Tech Glyphs" in script.text and "  Heroic Rune (treasure)" in script.text
    assert "  Jump Pack (tech)" in script.text
    con.handle("glyph nonsense")
    assert "the Treasure, Artifact and Tech Glyphs are belt_of_giant_strength" in script.text
    con.handle("glyph heroic rnue")
    assert "did you mean heroic_rune?" in script.text
