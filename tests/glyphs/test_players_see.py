"""Players see the glyphs: narration, the panel's glyph key, ``/glyph``/``glyph`` texts, and the
computer player valuing them."""

from __future__ import annotations

import pytest

from bot.game.ai.moves import best_move
from bot.game.glyph_text import explain, glyph_names
from bot.render.glyph_key import glyph_block, glyph_lines
from bot.rules.glyphs import POWER_GLYPHS
from bot.rules.hexes import Hex
from tests.glyphs.test_permanent import field
from tests.rules.conftest import card, fig, sandbox


def test_every_power_glyph_has_its_own_words_and_a_rule() -> None:
    # rule: HS-GLYPH-32
    for name, info in POWER_GLYPHS.items():
        head, text = explain(name)
        assert info.title in head and info.rule in text and len(info.text) > 30
    assert explain("Glyph of Mitonsoul")[0].startswith("Glyph of Mitonsoul (Massive Curse) — temporary")
    with pytest.raises(KeyError, match="did you mean astrid"):
        explain("astri")
    assert glyph_names("gE")[0] == "gerda"


def test_glyph_key_names_power_side_glyphs_and_hides_face_down_ones() -> None:
    # rule: HS-GLYPH-01
    eng = sandbox(fig("a", "p1", (0, 0)), fig("e", "p2", (6, 6)),
                  battlefield=field(("astrid", (0, 0), "power"), ("mitonsoul", (3, 3), "symbol")))
    lines = glyph_lines(eng.state)
    assert [(ltr, side) for ltr, side, _ in lines] == [("A", "power"), ("?", "symbol")]
    assert "Glyph of Astrid (Attack +1), for p1's army" in lines[0][2]
    assert "face down" in lines[1][2] and "Mitonsoul" not in lines[1][2]
    img = glyph_block(eng.state, 300, 1)
    assert img is not None and img.width == 300
    assert glyph_block(sandbox(fig("a", "p1", (0, 0))).state, 300, 1) is None


def test_computer_moves_onto_astrid_and_gerda_and_keeps_off_mitonsoul() -> None:
    # rule: HS-GLYPH-06
    # rule: HS-GLYPH-10
    # rule: HS-GLYPH-27
    far = card(name="Far Foe", move=1)
    # With no glyph the computer walks to 0,5 (nearest the foe): Astrid and Gerda draw it off that
    # way, and Mitonsoul lying on that very space pushes it elsewhere.
    for name, at, want in (("astrid", (2, 0), True), ("gerda", (2, 0), True), ("mitonsoul", (0, 5), False)):
        eng = sandbox(fig("a", "p1", (0, 0)), fig("e", "p2", (7, 7), far),
                      battlefield=field((name, at, "power")))
        move = best_move(eng.state, eng.state.figures["a"])
        label = eng.state.battlefield.label(Hex(*at))
        assert move is not None
        assert (move.split()[-1] == label) is want, (name, move)


def test_the_pictures_turn_summary_says_what_the_glyph_did() -> None:
    # rule: HS-GLYPH-02
    from bot.render.summary import actions

    eng = sandbox(fig("a", "p1", (1, 2)), fig("e", "p2", (6, 6)), battlefield=field(("gerda", (3, 2), "symbol")))
    events = eng.execute("p1", "move a 3,2")
    said = actions(eng.state, events, {"a": "SOL"})
    assert said[1:] == ["turned over the Glyph of Gerda",
                        "Glyph of Gerda: Defense +1 works for p1's army while a stands on it"]


def test_an_unknown_glyph_lists_the_treasure_glyphs_too() -> None:
    """QA2 finding 7: ``/glyph`` explains Treasure glyphs, so its refusal and suggestions name them."""
    with pytest.raises(KeyError) as err:
        explain("zzz")
    said = str(err.value.args[0])
    assert "the power glyphs are astrid" in said and "elixir_of_speed" in said and len(said) < 1900
    assert glyph_names("elixir") == ["elixir_of_speed"]
