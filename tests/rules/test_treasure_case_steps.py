"""The situations of the shared v2 rules cases ``carried-glyphs-tech-flip-use-drop`` and
``treasure-glyph-pickup-trap-carry-drop``, step by step through the engine (the v2 runner is built
elsewhere; these keep the expected situations checked here meanwhile)."""

from __future__ import annotations

from bot.rules.combat import attack_dice, defense_dice
from bot.rules.treasure import carry
from tests.rules.conftest import BLANK, SHIELD, SKULL, build, card, fig, refused, roll, sandbox
from tests.rules.helpers_geo import at, attack, move
from tests.rules.treasure_helpers import answer, carrying, glyphs, lay


def test_tech_glyphs_flip_use_and_drop_as_the_shared_case_expects() -> None:
    # rule: HS-TECH-01, HS-TECH-03, HS-TECH-04, HS-TECH-05, HS-TREASURE-07, HS-TREASURE-08, HS-TREASURE-27
    eng = sandbox(fig("a", "p1", (2, 2), card(name="Striker")), fig("d", "p2", (3, 2), card(name="Trooper", life=5)),
                  fig("j", "p2", (5, 5), card(name="Jumper")))
    st = eng.state
    carrying(eng, "d", "nanite_shielding")
    carrying(eng, "j", "jump_pack", "heroic_rune", flipped=("jump_pack",))
    lay(eng, 6, 4, "elixir_of_speed")
    roll(eng, [SKULL, SKULL, BLANK])
    attack(eng, "a", "d")
    assert st.pending[0].player == "p2"
    roll(eng, [SHIELD, BLANK, BLANK])
    answer(eng, "yes")
    st = eng.state
    assert st.figures["d"].wounds == 0 and st.figures["d"].flipped == ["nanite_shielding"]
    eng.execute("p1", "end-turn")
    roll(eng, [SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK])
    attack(eng, "a", "d")
    assert eng.state.pending == [] and eng.state.figures["d"].wounds == 1
    eng.execute("p1", "end-turn")
    j = eng.state.figures["j"]
    assert attack_dice(eng.state, j, eng.state.figures["a"])[0] == 4
    refused(eng, "p2", "use j jump_pack", "HS-TECH-03")
    refused(eng, "p2", "move j path 6,4 7,4 drop heroic_rune@6,4", "HS-TREASURE-08")
    eng.execute("p2", "move j path 5,4 6,3 drop heroic_rune@5,4")
    st = eng.state
    assert at(eng, "j") == ((6, 3),) and st.figures["j"].carries == ["jump_pack"]
    assert glyphs(eng) == {(6, 4): ("elixir_of_speed", "power"), (5, 4): ("heroic_rune", "power")}
    assert attack_dice(st, st.figures["j"], st.figures["a"])[0] == 3
    eng.execute("p1", "end-round")
    assert eng.state.figures["d"].flipped == [] and eng.state.figures["j"].flipped == []
    roll(eng, [SKULL, SKULL, SKULL])
    attack(eng, "a", "d")
    assert eng.state.pending[0].player == "p2"
    roll(eng, [BLANK, BLANK, BLANK])
    answer(eng, "yes")
    assert eng.state.figures["d"].wounds == 3 and eng.state.figures["d"].flipped == ["nanite_shielding"]
    eng.execute("p1", "end-turn")
    eng.execute("p2", "use j jump_pack")
    move(eng, "j", [(6, 2), (6, 1)])
    assert at(eng, "j") == ((6, 1),) and eng.state.figures["j"].flipped == ["jump_pack"]


def test_treasure_pickup_trap_carry_and_fall_as_the_shared_case_expects() -> None:
    # rule: HS-TREASURE-01, HS-TREASURE-02, HS-TREASURE-03, HS-TREASURE-09, HS-TREASURE-11, HS-TREASURE-12
    # rule: HS-TREASURE-13, HS-TREASURE-15, HS-TREASURE-30
    pikes = card(name="Pikemen", kind="squad", rarity="unique", figures=2, life=1)
    bf = build([{"q": [0, 7], "r": [0, 5], "level": 1, "terrain": "grass"}])
    eng = sandbox(fig("ranger", "p1", (0, 2), card(name="Ranger")), fig("seeker", "p1", (3, 5), card(name="Seeker")),
                  fig("s1", "p1", (1, 1), pikes, card_key="p1/pikemen"),
                  fig("s2", "p1", (6, 5), pikes, card_key="p1/pikemen"),
                  fig("ogre", "p2", (6, 0), card(name="Ogre", attack=6)), battlefield=bf)
    carry.set_traps(eng.state)
    lay(eng, 3, 2, "talisman_of_defense", "symbol")
    move(eng, "s1", [(2, 1), (3, 1), (3, 2)])
    assert eng.state.pending == [] and glyphs(eng) == {(3, 2): ("talisman_of_defense", "symbol")}
    eng.execute("p1", "end-turn")
    move(eng, "s1", [(2, 3)])
    move(eng, "ranger", [(1, 2), (2, 2), (3, 2)])
    assert eng.state.pending[0].player == "p1"
    roll(eng, d20=[5])
    answer(eng, "yes")
    assert eng.state.figures["ranger"].carries == [] and eng.state.pending == []
    eng.execute("p1", "end-turn")
    move(eng, "ranger", [(4, 2)])
    move(eng, "seeker", [(3, 4), (3, 3), (3, 2)])
    roll(eng, d20=[6])
    answer(eng, "yes")
    st = eng.state
    assert st.figures["seeker"].carries == ["talisman_of_defense"] and glyphs(eng) == {}
    assert defense_dice(st, st.figures["ogre"], st.figures["seeker"])[0] == 4
    assert defense_dice(st, st.figures["ogre"], st.figures["ranger"])[0] == 3
    move(eng, "ogre", [(5, 1), (4, 1)])
    roll(eng, [SKULL] * 6 + [BLANK] * 4)
    attack(eng, "ogre", "seeker")
    assert eng.state.figures["seeker"].destroyed and glyphs(eng) == {(3, 2): ("talisman_of_defense", "power")}
