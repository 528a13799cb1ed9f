"""The computer goes for Treasure Glyphs with its Unique Heroes and picks them up."""

from __future__ import annotations

from bot.game.ai.treasure import treasure_move
from tests.rules.conftest import card, fig, sandbox
from tests.rules.treasure_helpers import lay

SQUAD = card(name="Pikemen", kind="squad", rarity="unique", figures=2)


def test_a_computer_hero_moves_onto_treasure_in_reach_and_picks_it_up() -> None:
    # rule: HS-TREASURE-03
    eng = sandbox(fig("hero", "p1", (0, 2)), fig("foe", "p2", (7, 7)))
    lay(eng, 3, 2, "heroic_rune")
    command = treasure_move(eng.state, eng.state.figures["hero"])
    assert command is not None and command.startswith("move hero ")
    eng.execute("p1", command)
    # The computer answers a decision it owns with its first option: for a pick-up, "yes".
    assert eng.state.pending[0].options[0] == "yes"
    eng.execute("p1", "choose yes")
    assert eng.state.figures["hero"].carries == ["heroic_rune"]


def test_the_computer_sends_no_squad_figure_or_engaged_hero_for_treasure() -> None:
    # rule: HS-TREASURE-02
    eng = sandbox(fig("s1", "p1", (0, 2), SQUAD), fig("hero", "p1", (5, 5)), fig("foe", "p2", (5, 6)))
    lay(eng, 3, 2, "heroic_rune")
    assert treasure_move(eng.state, eng.state.figures["s1"]) is None
    assert treasure_move(eng.state, eng.state.figures["hero"]) is None  # engaged with foe


def test_a_wounded_computer_carrier_drinks_its_potion_first() -> None:
    # rule: HS-TREASURE-37
    from bot.game.ai.treasure import glyph_use

    eng = sandbox(fig("hero", "p1", (0, 2), card(name="Tough", life=6), wounds=2), fig("foe", "p2", (7, 7)))
    eng.state.figures["hero"].carries[:] = ["potion_of_healing"]
    from bot.rules.checks import turn_for

    turn_for(eng.state, "p1", eng.state.figures["hero"])  # free mode: the hero's card's turn begins
    command = glyph_use(eng.state, [eng.state.figures["hero"]])
    assert command == "use hero potion_of_healing"
    eng.execute("p1", command)
    assert eng.state.figures["hero"].wounds == 0
    assert glyph_use(eng.state, [eng.state.figures["hero"]]) is None
    eng.state.figures["hero"].wounds = 1
    eng.state.figures["hero"].carries[:] = ["potion_of_healing"]
    assert glyph_use(eng.state, [eng.state.figures["hero"]]) is None  # one wound: not yet worth it
