"""What is legal knows the glyphs: moves stop on them (and say so), Kelda and Proftaka bar moves,
and a glyph's choice is offered as the answers of the pending decision."""

from __future__ import annotations

from bot.rules.hexes import Hex
from bot.rules.legal import LegalCommands
from tests.glyphs.test_permanent import field
from tests.rules.conftest import fig, sandbox


def test_moves_onto_a_glyph_say_so_and_none_passes_it() -> None:
    # rule: HS-GLYPH-03
    # rule: HS-GLYPH-24
    eng = sandbox(fig("a", "p1", (3, 3)), fig("e", "p2", (7, 7)),
                  battlefield=field(("astrid", (4, 3), "power"), ("kelda", (3, 4), "power"),
                                    ("gerda", (2, 3), "symbol")))
    st = eng.state
    moves = {m.spaces[0]: m for m in LegalCommands(st, "p1").moves("a")}
    lab = st.battlefield.label
    assert moves[lab(Hex(4, 3))].glyph == "Glyph of Astrid"
    assert moves[lab(Hex(2, 3))].glyph == "a face-down glyph"
    assert lab(Hex(3, 4)) not in moves  # Kelda: an unwounded figure may not step on it
    # Beyond a glyph the figure goes round it, at a higher cost.
    assert moves[lab(Hex(5, 3))].cost == 3 and moves[lab(Hex(5, 3))].glyph == ""


def test_a_glyphs_choice_is_the_legal_answers() -> None:
    # rule: HS-GLYPH-22
    eng = sandbox(fig("a", "p1", (1, 0)), fig("e", "p2", (6, 6)),
                  battlefield=field(("felaron", (2, 0), "power"), ("gerda", (0, 5), "power")))
    eng.execute("p1", "move a 2,0")
    legal = LegalCommands(eng.state, "p1")
    answers = [c.command for c in legal if c.kind == "choose"]
    assert answers == [f"choose {eng.state.battlefield.label(Hex(0, 5))}"]
    assert not any(c.kind == "move" for c in legal)


def test_a_face_down_glyph_is_not_named_in_a_players_view() -> None:
    # rule: HS-GLYPH-01
    from bot.rules.views import player_view, public_view

    eng = sandbox(fig("a", "p1", (3, 3)), battlefield=field(("mitonsoul", (2, 3), "symbol"), ("astrid", (4, 3), "power")))
    for view in (public_view(eng.state), player_view(eng.state, "p1")):
        assert view.glyphs == {Hex(2, 3): ("?", "symbol"), Hex(4, 3): ("astrid", "power")}
    assert eng.state.glyphs[Hex(2, 3)] == ("mitonsoul", "symbol")
