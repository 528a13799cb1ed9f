"""A figure's current statistics (the rules cases' ``stat`` query): the card's value with every
bonus that holds whoever the figure attacks or is attacked by, asked of the rules' own hooks."""

from __future__ import annotations

from bot.cases.features import answer_parts
from bot.rules.hexes import Hex
from bot.rules.modifiers import stat_value
from tests.rules.conftest import build, card, fig, sandbox
from tests.rules.treasure_helpers import carrying


def _field(*glyphs: tuple[str, tuple[int, int]]) -> object:
    return build([{"q": [0, 7], "r": [0, 7], "level": 1, "terrain": "grass"}],
                 glyphs=[{"name": n, "at": list(at), "side": "power"} for n, at in glyphs])


def test_glyphs_held_add_to_attack_and_defense_of_the_holders_army_only() -> None:
    # rule: HS-GLYPH-06
    # rule: HS-GLYPH-10
    eng = sandbox(fig("a", "p1", (1, 1)), fig("g", "p1", (3, 3)), fig("b", "p1", (6, 0)), fig("e", "p2", (7, 7)),
                  battlefield=_field(("astrid", (1, 1)), ("gerda", (3, 3))))
    st = eng.state
    assert [stat_value(st, st.figures[f], "attack") for f in ("b", "e")] == [4, 3]
    assert [stat_value(st, st.figures[f], "defense") for f in ("b", "e")] == [4, 3]
    # Not held any more: the figure on Gerda is gone, and the bonus with it (HS-GLYPH-04).
    st.figures["g"].hexes = (Hex(5, 5),)
    assert stat_value(st, st.figures["b"], "defense") == 3


def test_carried_glyphs_count_only_when_they_hold_whatever_the_target() -> None:
    # rule: HS-TREASURE-27
    # rule: HS-TREASURE-25
    eng = sandbox(fig("k", "p1", (1, 1)), fig("e", "p2", (7, 7), card(name="Ogre", size="large")),
                  battlefield=_field())
    st = eng.state
    carrying(eng, "k", "heroic_rune", "giant_hunter_stone")
    # The Heroic Rune is part of the Attack; the Giant Hunter Stone only against a Large or Huge
    # figure, so it is in that attack's dice, not in the statistic.
    assert stat_value(st, st.figures["k"], "attack") == 4
    assert stat_value(st, st.figures["k"], "move") == 5 and stat_value(st, st.figures["k"], "life") == 4


def test_an_answer_in_parts_is_one_answer_per_decision() -> None:
    # rule: HS-GLYPH-30
    assert answer_parts(["b", [5, 3]]) == (["b", [5, 3]], False)
    assert answer_parts(["b", [[5, 1], [5, 2]]]) == (["b", [5, 2]], False)  # a path: its end space
    assert answer_parts([["b", [5, 3]], ["c", [1, 1]]]) == (["b", [5, 3], "c", [1, 1]], True)
    assert answer_parts(["a", "a", "b"]) == ([["a", "a", "b"]], False)  # wounds removed: read together
    assert answer_parts(True) == ([True], False) and answer_parts([2, 3]) == ([[2, 3]], False)
