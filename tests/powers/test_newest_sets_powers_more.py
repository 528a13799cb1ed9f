"""More powers of the newest sets enforced with the shipped library cards (the first ones are in
``test_newest_sets_powers.py``): Pounce, Fire Blast, Dust of Death, Javelin, Knockback, Mind
Exchange and Enslave, Scurry, Rejected by Death, Cloud of Darkness, Mage Hand, Elven Summoning
Spell, Entangling Web, Cell Divide, Circuitry Overload, Stinger Drain, Kato Katsuro's Command,
Saber Storm and Queglix Gun, Master's Influence. Each works, and does nothing when its condition fails.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.game.card_text import not_enforced_reason
from bot.rules import modifiers
from bot.rules.hexes import Hex
from bot.rules.powers.turn_borrow import candidates as borrow_candidates
from tests.powers.conftest import DUMMY, LIB, F, kinds
from tests.powers.newest_helpers import TARGET, VICTIM
from tests.powers.newest_helpers import library_power as _power
from tests.rules.conftest import (
    BLANK,
    SKULL,
    begin_round,
    build,
    card,
    dice,
    fig,
    full_match,
    markers,
    refused,
    roll,
    sandbox,
)
from tests.rules.helpers_geo import move
from tests.rules.treasure_helpers import glyphs, lay

# ---- once a special attack is over: on_kill / on_fail (Pounce) -------------------------------------------------


def _wolves(prey):  # type: ignore[no-untyped-def]
    wolves = LIB.get("Wolves of Badru")
    return sandbox(fig("w", "p1", (2, 2), wolves, card_key="p1/wolves"), fig("p", "p2", (2, 5), prey))


def test_pounce_library_wolves_of_badru_take_the_space_of_the_figure_they_destroy() -> None:
    # rule: HS-SPECIAL-02, HS-SPECIAL-08
    assert not_enforced_reason(_power("Wolves of Badru", "Pounce Special Attack")) is None
    eng = _wolves(card(name="Hare", life=1, defense=0))
    roll(eng, [SKULL] + [BLANK] * 4)
    eng.execute("p1", "special w Pounce p")
    assert not F(eng, "p").on_battlefield and F(eng, "w").hexes == (Hex(2, 5),)


def test_pounce_library_wolves_of_badru_a_target_left_standing_destroys_the_wolf() -> None:
    eng = _wolves(card(name="Boar", life=9, defense=0))
    roll(eng, [SKULL] + [BLANK] * 4)
    eng.execute("p1", "special w Pounce p")
    assert F(eng, "p").wounds == 1 and not F(eng, "w").on_battlefield


def test_pounce_library_wolves_of_badru_not_at_an_adjacent_large_or_far_below_figure() -> None:
    wolves = LIB.get("Wolves of Badru")
    eng = sandbox(fig("w", "p1", (2, 2), wolves), fig("p", "p2", (3, 2), card(name="Hare")))
    refused(eng, "p1", "special w Pounce p")  # adjacent
    eng = sandbox(fig("w", "p1", (2, 2), wolves), fig("p", "p2", (2, 5), card(name="Ogre", size="large")))
    refused(eng, "p1", "special w Pounce p")  # Large
    high = build(hexes=[{"at": [2, 5], "level": 7, "terrain": "rock"}])
    eng = sandbox(fig("w", "p1", (2, 2), wolves), fig("p", "p2", (2, 5), card(name="Hare")), battlefield=high)
    refused(eng, "p1", "special w Pounce p")  # 6 levels above the wolf's base


# ---- an Attack chosen as the special attack is made ("2, 3 or 4 (chosen)") --------------------------------------


def test_fire_blast_library_erevan_chooses_2_dice_and_repeats_when_both_are_skulls() -> None:
    # rule: HS-SPECIAL-02, HS-SPECIAL-01
    assert not_enforced_reason(_power("Erevan Sunshadow", "Fire Blast Special Attack")) is None
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Erevan Sunshadow")), fig("t", "p2", (4, 2), TARGET))
    eng.execute("p1", "special e Fire t")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "special_dice_choice", ["4", "3", "2"])
    refused(eng, "p1", "choose 5")
    roll(eng, [SKULL, SKULL])
    events = eng.execute("p1", "choose 2")
    assert len(next(e for e in events if e.kind == "special_roll").data["attack_dice"]) == 2
    assert F(eng, "t").wounds == 2
    eng.execute("p1", "special e Fire t")  # every die a skull: it may be made again
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    eng.execute("p1", "choose 4")
    assert F(eng, "t").wounds == 3
    refused(eng, "p1", "special e Fire t")  # not every die a skull: no more


def test_fire_blast_library_erevan_4_dice_without_all_skulls_is_made_once() -> None:
    eng = sandbox(fig("e", "p1", (0, 2), LIB.get("Erevan Sunshadow")), fig("t", "p2", (4, 2), TARGET))
    eng.execute("p1", "special e Fire t")
    roll(eng, [SKULL, SKULL, SKULL, BLANK])
    eng.execute("p1", "choose 4")
    assert F(eng, "t").wounds == 3
    refused(eng, "p1", "special e Fire t")


# ---- a roll at every adjacent figure, or at one picked within reach (Dust of Death) ---------------------------


def _red_skull():  # type: ignore[no-untyped-def]
    eng = sandbox(fig("r", "p1", (1, 2), LIB.get("Red Skull")), fig("a", "p2", (3, 2), TARGET),
                  fig("b", "p2", (2, 3), TARGET), fig("c", "p2", (0, 5), TARGET), fig("far", "p2", (7, 7), TARGET))
    move(eng, "r", [(2, 2)])
    eng.execute("p1", "end-moves")
    return eng


def test_dust_of_death_library_red_skull_rolls_for_each_adjacent_figure() -> None:
    # rule: HS-TURN-06
    assert not_enforced_reason(_power("Red Skull", "Dust of Death")) is None
    eng = _red_skull()
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("d20_pick", ["a", "b", "c", "adjacent", "skip"])  # not 'far'
    roll(eng, d20=[19, 18])
    eng.execute("p1", "choose adjacent")  # a: 19 destroys it; b: 18 does nothing; c is not adjacent
    assert (F(eng, "a").destroyed, F(eng, "b").destroyed, F(eng, "c").destroyed) == (True, False, False)


def test_dust_of_death_library_red_skull_or_one_figure_within_3_and_only_once() -> None:
    eng = _red_skull()
    roll(eng, d20=[20])
    eng.execute("p1", "choose c")  # 3 spaces away
    assert F(eng, "c").destroyed and not F(eng, "a").destroyed and not eng.state.pending


# ---- a Range bonus rolled as the moving ends ("+N range this turn": Javelin) -----------------------------------


def _hunter():  # type: ignore[no-untyped-def]
    eng = sandbox(fig("m", "p1", (0, 1), LIB.get("Master of the Hunt")), fig("t", "p2", (6, 2), TARGET))
    move(eng, "m", [(0, 2)])  # 6 spaces from the target: beyond Range 4
    return eng


def test_javelin_library_master_of_the_hunt_16_or_more_gives_3_more_range_this_turn() -> None:
    # rule: HS-TURN-06, HS-ATTACK-04
    assert not_enforced_reason(_power("Master of the Hunt", "Javelin")) is None
    eng = _hunter()
    roll(eng, d20=[16])
    eng.execute("p1", "end-moves")
    assert modifiers.range_value(eng.state, F(eng, "m")) == 7
    roll(eng, [BLANK] * 4)
    eng.execute("p1", "attack m t")  # 6 spaces away: within Range 4 + 3


def test_javelin_library_master_of_the_hunt_below_16_keeps_range_4() -> None:
    eng = _hunter()
    roll(eng, d20=[15])
    eng.execute("p1", "end-moves")
    assert modifiers.range_value(eng.state, F(eng, "m")) == 4
    refused(eng, "p1", "attack m t")


# ---- a surviving defender pushed away (Knockback) ---------------------------------------------------------------


def _shurrak(victim=None, field=None):  # type: ignore[no-untyped-def]
    return sandbox(fig("s", "p1", [(2, 2), (3, 2)], LIB.get("Shurrak")), fig("v", "p2", (2, 3), victim or TARGET),
                   battlefield=field)


def test_knockback_14_library_shurrak_pushes_a_medium_survivor_up_to_3_spaces_no_higher() -> None:
    # rule: HS-SPECIAL-08
    assert not_enforced_reason(_power("Shurrak", "Knockback 14")) is None
    hill = build(hexes=[{"at": [2, 5], "level": 2, "terrain": "rock"}])
    eng = _shurrak(field=hill)
    roll(eng, [BLANK] * 5, d20=[14])
    eng.execute("p1", "attack s v")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_knockback")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(2, 5)))  # a level higher than the target
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(2, 6)))  # 4 spaces from Shurrak
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(1, 5)))
    assert F(eng, "v").hexes == (Hex(1, 5),)


def test_knockback_14_library_shurrak_not_below_14_nor_a_large_figure() -> None:
    eng = _shurrak()
    roll(eng, [BLANK] * 5, d20=[13])
    eng.execute("p1", "attack s v")
    assert not eng.state.pending and F(eng, "v").hexes == (Hex(2, 3),)
    eng = _shurrak(victim=card(name="Troll", size="large", life=9, defense=0))
    roll(eng, [BLANK] * 5)  # Large: no d20
    eng.execute("p1", "attack s v")
    assert not eng.state.pending


def test_knockback_14_library_a_push_off_a_cliff_is_a_fall() -> None:
    # rule: DEC-02
    cliff = build(hexes=[{"at": [q, r], "level": 9, "terrain": "rock"} for q, r in ((2, 2), (3, 2), (2, 3))])
    eng = sandbox(fig("s", "p1", [(2, 2), (3, 2)], LIB.get("Shurrak")), fig("v", "p2", (2, 3), TARGET), battlefield=cliff)
    roll(eng, [BLANK] * 5, d20=[14])
    eng.execute("p1", "attack s v")
    roll(eng, [SKULL, SKULL, BLANK])  # the fall's dice
    events = eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(0, 4)))  # 8 levels down
    assert F(eng, "v").hexes == (Hex(0, 4),) and "fell" in [e.kind for e in events]


# ---- one turn with an opponent's Unique Hero (Mind Exchange, Enslave) -------------------------------------------


def _doom(victim_card):  # type: ignore[no-untyped-def]
    doom = LIB.get("Doctor Doom")
    m = full_match({"p1": [doom], "p2": [victim_card]}, orders={"p1": markers("Doctor Doom"), "p2": markers(victim_card.name)},
                   initiative=[20, 1])
    st = m.state
    did = next(f.id for f in st.figures.values() if f.controller == "p1")
    vid = next(f.id for f in st.figures.values() if f.controller == "p2")
    st.figures[did].hexes, st.figures[vid].hexes = (Hex(2, 2),), (Hex(2, 5),)
    st.figures[did].level = st.figures[vid].level = st.battlefield.top_cell(Hex(2, 2)).top  # type: ignore[union-attr]
    return m, did, vid


def test_mind_exchange_17_library_doctor_doom_takes_one_turn_with_a_unique_hero_then_gives_it_back() -> None:
    # rule: HS-TURN-05, HS-ARMY-10
    assert not_enforced_reason(_power("Doctor Doom", "Mind Exchange 17")) is None
    m, did, vid = _doom(card(name="Captain"))
    m.apply("p1", "end-turn")
    pend = m.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "d20_borrow", [vid, "skip"])
    roll(m, d20=[17])
    m.apply("p1", f"choose {vid}")
    st = m.state
    assert st.figures[vid].controller == "p1" and st.turn is not None and st.turn.card_key == st.figures[vid].card_key
    assert sorted(st.orders["p2"]) == ["1", "2", "3", "X"]  # its Order Markers stay
    m.apply("p1", f"move {vid} {st.battlefield.label(Hex(2, 6))}")
    m.apply("p1", "end-turn")
    assert m.state.figures[vid].controller == "p2" and m.state.figures[vid].hexes == (Hex(2, 6),)
    assert m.state.turn is not None and m.state.turn.player == "p2"


def test_mind_exchange_17_library_doctor_doom_below_17_or_a_squad_nothing_happens() -> None:
    m, did, vid = _doom(card(name="Captain"))
    m.apply("p1", "end-turn")
    roll(m, d20=[16])
    m.apply("p1", f"choose {vid}")
    assert m.state.figures[vid].controller == "p2" and m.state.turn is not None and m.state.turn.player == "p2"
    m, did, vid = _doom(card(name="Troopers", kind="squad", rarity="common", figures=2))
    m.apply("p1", "end-turn")  # a squad figure: nothing to pick, no question
    assert not m.state.pending and m.state.turn is not None and m.state.turn.player == "p2"


def test_enslave_17_library_mind_flayer_spares_mind_flayers() -> None:
    assert not_enforced_reason(_power("Mind Flayer Mastermind", "Enslave 17")) is None
    flayer = LIB.get("Mind Flayer Mastermind")
    st = sandbox(fig("a", "p1", (2, 2), flayer), fig("b", "p2", (2, 4), card(name="Other Flayer", cls="Mind Flayer")),
                 fig("c", "p2", (3, 4), card(name="Captain"))).state
    assert [f.id for f in borrow_candidates(st, st.figures["a"], 4, "mind flayer")] == ["c"]


# ---- moves when one of the squad is destroyed, then no visible Hit Zones (Scurry) -------------------------------


def _cutters():  # type: ignore[no-untyped-def]
    cutters = LIB.get("Goblin Cutters")
    return sandbox(fig("c1", "p1", (2, 2), cutters, card_key="p1/cutters"), fig("c2", "p1", (3, 3), cutters, card_key="p1/cutters"),
                   fig("c3", "p1", (0, 5), cutters, card_key="p1/cutters"),
                   fig("b", "p2", (4, 3), card(name="Brute", attack=3)), fig("syv", "p2", (6, 0), LIB.get("Syvarris")))


def test_scurry_library_goblin_cutters_two_move_without_leaving_attacks_and_hide() -> None:
    # rule: HS-SPECIAL-08, HS-LOS-01
    assert not_enforced_reason(_power("Goblin Cutters", "Scurry")) is None
    eng = _cutters()
    roll(eng, [SKULL, BLANK, BLANK, BLANK])  # 3 attack dice, 1 defense die: c1 is destroyed
    eng.execute("p2", "attack syv c1")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "move_other_after_attack", ["c2", "c3", "skip"])
    eng.execute("p1", "choose c2")
    eng.execute("p1", "choose c3")
    events = eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(3, 6)))  # c2 leaves the Brute: no attack
    assert "swipe" not in kinds(events) and F(eng, "c2").hexes == (Hex(3, 6),)
    eng.execute("p1", "choose stay")  # c3 stays
    err = refused(eng, "p2", "attack syv c3")  # Double Attack: unengaged, c3 has no visible Hit Zone this turn
    assert "no visible Hit Zone" in str(err)


def test_scurry_library_goblin_cutters_not_when_the_figure_survives() -> None:
    eng = _cutters()
    roll(eng, [BLANK, BLANK, BLANK, BLANK])
    eng.execute("p2", "attack syv c1")
    assert not eng.state.pending
    roll(eng, [BLANK] * 3 + [BLANK])
    eng.execute("p2", "attack syv c3")  # nothing hides it: the second attack is made




# ---- back from destruction at the start of the controller's turns (Rejected by Death) --------------------------


def _thanos(d20: int):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("t", "p1", (2, 2), LIB.get("Thanos"), wounds=3), fig("cap", "p1", (4, 4), card(name="Captain")),
                  fig("e", "p2", (7, 7), card(name="Enemy")))
    eng.destroy(F(eng, "t"), "a test")
    begin_round(eng, [20, 1, d20], p1=markers("Captain"), p2=markers("Enemy"))
    return eng


def test_rejected_by_death_library_thanos_19_or_more_comes_back_next_to_his_army_healed() -> None:
    # rule: HS-SPECIAL-08, HS-DESTROY-01
    assert not_enforced_reason(_power("Thanos", "Rejected by Death")) is None
    eng = _thanos(19)
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_return")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(0, 0)))  # next to none of p1's figures
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(4, 5)))
    assert F(eng, "t").hexes == (Hex(4, 5),) and F(eng, "t").wounds == 0 and F(eng, "t").on_battlefield


def test_rejected_by_death_library_thanos_below_19_stays_destroyed() -> None:
    eng = _thanos(18)
    assert not [p for p in eng.state.pending if p.kind == "d20_return"] and not F(eng, "t").on_battlefield


# ---- no visible Hit Zone after the turn, while she stays put (Cloud of Darkness) --------------------------------


def _estivara(d20: int):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("e", "p1", (2, 2), LIB.get("Estivara")), fig("a", "p2", (2, 6), card(name="Archer", range=7)))
    begin_round(eng, [20, 1], p1=markers("Estivara"), p2=markers("Archer"))
    roll(eng, d20=[d20])
    eng.execute("p1", "end-turn")  # Estivara's turn ends: Cloud of Darkness is rolled
    return eng


def test_cloud_of_darkness_library_estivara_16_or_more_cannot_be_targeted_until_the_next_reveal() -> None:
    # rule: HS-LOS-01, HS-ORDER-05
    assert not_enforced_reason(_power("Estivara", "Cloud of Darkness")) is None
    eng = _estivara(16)
    assert eng.state.turn is not None and eng.state.turn.player == "p2"
    err = refused(eng, "p2", "attack a e")
    assert "no visible Hit Zone" in str(err)


def test_cloud_of_darkness_library_estivara_below_16_is_a_target_as_usual() -> None:
    eng = _estivara(15)
    roll(eng, [BLANK] * 3 + [BLANK] * 3)
    eng.execute("p2", "attack a e")


# ---- a Treasure Glyph dragged next to the holder (move_object: Mage Hand) --------------------------------------


def _heirloom():  # type: ignore[no-untyped-def]
    eng = sandbox(fig("h", "p1", (1, 2), LIB.get("Heirloom")), fig("e", "p2", (7, 0), card(name="Enemy")))
    lay(eng, 5, 2, "talisman_of_defense", "symbol")
    lay(eng, 7, 7, "heroic_rune", "power")
    move(eng, "h", [(2, 2)])
    eng.execute("p1", "end-moves")
    return eng


def test_mage_hand_library_heirloom_drags_a_glyph_within_4_spaces_next_to_him() -> None:
    # rule: HS-TURN-06, HS-TREASURE-01
    assert not_enforced_reason(_power("Heirloom", "Mage Hand")) is None
    eng = _heirloom()
    label = eng.state.battlefield.label
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "move_object", [label(Hex(5, 2)), "skip"])  # not 7,7
    eng.execute("p1", "choose " + label(Hex(5, 2)))
    refused(eng, "p1", "choose " + label(Hex(4, 2)))  # not next to Heirloom
    eng.execute("p1", "choose " + label(Hex(3, 2)))
    assert glyphs(eng) == {(3, 2): ("talisman_of_defense", "symbol"), (7, 7): ("heroic_rune", "power")}


def test_mage_hand_library_heirloom_skip_leaves_the_glyph() -> None:
    eng = _heirloom()
    eng.execute("p1", "choose skip")
    assert glyphs(eng)[(5, 2)] == ("talisman_of_defense", "symbol") and not eng.state.pending


# ---- figures brought next to the holder on a d20 table (Elven Summoning Spell) ----------------------------------

ELF = card(name="Elf Scout", species="elf", kind="squad", rarity="common", figures=3)


def _emirroon(d20: int):  # type: ignore[no-untyped-def]
    eng = sandbox(fig("em", "p1", (1, 2), LIB.get("Emirroon")), fig("e1", "p1", (3, 2), ELF, card_key="p1/elves"),
                  fig("e2", "p1", (5, 5), ELF, card_key="p1/elves"), fig("e3", "p1", (0, 6), ELF, card_key="p1/elves"),
                  fig("x", "p2", (7, 7), card(name="Enemy")))
    move(eng, "em", [(2, 2)])  # now next to e1: +1
    roll(eng, d20=[d20])
    eng.execute("p1", "end-moves")
    return eng


def test_elven_summoning_spell_library_emirroon_12_or_more_brings_up_to_2_elves_next_to_him() -> None:
    # rule: HS-TURN-06, HS-SPECIAL-08
    assert not_enforced_reason(_power("Emirroon", "Elven Summoning Spell")) is None
    eng = _emirroon(11)  # 11 + 1 adjacent Elf = 12
    pend = eng.state.pending[0]
    assert (pend.player, pend.options) == ("p1", ["e2", "e3", "done"])  # not e1: next to him already
    eng.execute("p1", "choose e2")
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(2, 3)))
    assert F(eng, "e2").hexes == (Hex(2, 3),)
    assert eng.state.pending[0].options == ["e3", "done"]  # one more at most
    eng.execute("p1", "choose done")
    assert not eng.state.pending and F(eng, "e3").hexes == (Hex(0, 6),)


def test_elven_summoning_spell_library_emirroon_below_5_brings_nobody() -> None:
    eng = _emirroon(3)  # 3 + 1 = 4: nothing
    assert not eng.state.pending


# ---- a roll at a figure engaged with 3+ of the squad, for one of its Order Markers (Entangling Web) -------------


def test_entangling_web_library_fyorlag_spiders_16_takes_a_marker_off_a_figure_three_of_them_engage() -> None:
    # rule: HS-TURN-06, HS-ORDER-03
    assert not_enforced_reason(_power("Fyorlag Spiders", "Entangling Web")) is None
    spiders = LIB.get("Fyorlag Spiders")
    eng = sandbox(fig("s1", "p1", (1, 2), spiders, card_key="p1/spiders"), fig("s2", "p1", (2, 1), spiders, card_key="p1/spiders"),
                  fig("s3", "p1", (4, 4), spiders, card_key="p1/spiders"), fig("v", "p2", (2, 2), VICTIM))
    eng.state.orders["p2"] = {m: F(eng, "v").card_key for m in ("1", "2", "3", "X")}
    move(eng, "s3", [(3, 4), (3, 3), (3, 2)])  # the third Spider engages it
    dice(eng).add(d20=[16], pick=[3])
    eng.execute("p1", "end-moves")
    assert eng.state.pending[0].options == ["v", "skip"]
    eng.execute("p1", "choose v")
    assert sorted(eng.state.orders["p2"]) == ["1", "2", "3"]  # X, the fourth, is gone


def test_entangling_web_library_fyorlag_spiders_not_with_two_spiders_engaged() -> None:
    spiders = LIB.get("Fyorlag Spiders")
    eng = sandbox(fig("s1", "p1", (1, 2), spiders, card_key="p1/spiders"), fig("s2", "p1", (2, 1), spiders, card_key="p1/spiders"),
                  fig("s3", "p1", (5, 5), spiders, card_key="p1/spiders"), fig("v", "p2", (2, 2), VICTIM))
    move(eng, "s3", [(5, 6)])
    eng.execute("p1", "end-moves")
    assert not eng.state.pending


# ---- ignore the wounds and bring a destroyed squad figure back next to it (Cell Divide) -------------------------


def _dividers(d20: int):  # type: ignore[no-untyped-def]
    dividers = LIB.get("Marro Dividers")
    eng = sandbox(fig("d1", "p1", (2, 2), dividers, card_key="p1/div"), fig("d2", "p1", (5, 5), dividers, card_key="p1/div"),
                  fig("s", "p2", (2, 6), card(name="Archer", range=7, attack=3)))
    eng.destroy(F(eng, "d2"), "a test")
    roll(eng, [SKULL, SKULL, BLANK] + [BLANK] * dividers.defense, d20=[d20])
    eng.execute("p2", "attack s d1")
    return eng


def test_cell_divide_library_marro_dividers_17_ignores_the_wounds_and_a_destroyed_divider_returns() -> None:
    # rule: HS-SPECIAL-08, HS-ATTACK-09
    assert not_enforced_reason(_power("Marro Dividers", "Cell Divide")) is None
    eng = _dividers(17)
    assert F(eng, "d1").on_battlefield and F(eng, "d1").wounds == 0
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_return_adjacent")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(5, 2)))  # not next to d1
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(3, 2)))
    assert F(eng, "d2").on_battlefield and F(eng, "d2").hexes == (Hex(3, 2),)


def test_cell_divide_library_marro_dividers_below_17_is_destroyed_and_nobody_returns() -> None:
    eng = _dividers(16)
    assert not F(eng, "d1").on_battlefield and not F(eng, "d2").on_battlefield and not eng.state.pending


# ---- a roll at each adjacent figure of a word, by the kind of its card (Circuitry Overload) --------------------

BORG_SQUAD = card(name="Borg Troop", species="soulborg", kind="squad", rarity="common", figures=2, life=1, defense=0)
BORG_HERO = card(name="Borg Chief", species="soulborg", life=5, defense=0)


def test_circuitry_overload_library_omnicron_repulsors_destroy_a_squad_soulborg_on_13_wound_a_hero_on_16() -> None:
    # rule: HS-TURN-06
    assert not_enforced_reason(_power("Omnicron Repulsors", "Circuitry Overload")) is None
    rep = LIB.get("Omnicron Repulsors")
    eng = sandbox(fig("r", "p1", (1, 2), rep, card_key="p1/rep"), fig("sq", "p2", (3, 2), BORG_SQUAD, card_key="p2/sq"),
                  fig("h", "p2", (2, 3), BORG_HERO), fig("man", "p2", (2, 1), card(name="Human")))
    move(eng, "r", [(2, 2)])
    roll(eng, d20=[16, 13])  # in id order: h (hero, 16: 1 wound), sq (squad, 13: destroyed); the Human is no Soulborg
    eng.execute("p1", "end-moves")
    assert F(eng, "h").wounds == 1 and not F(eng, "sq").on_battlefield and F(eng, "man").wounds == 0


def test_circuitry_overload_library_omnicron_repulsors_a_hero_needs_16() -> None:
    rep = LIB.get("Omnicron Repulsors")
    eng = sandbox(fig("r", "p1", (1, 2), rep, card_key="p1/rep"), fig("h", "p2", (2, 3), BORG_HERO))
    move(eng, "r", [(2, 2)])
    roll(eng, d20=[15])
    eng.execute("p1", "end-moves")
    assert F(eng, "h").wounds == 0


# ---- a draining table after moving (Stinger Drain) --------------------------------------------------------------


def _stingers(d20: int):  # type: ignore[no-untyped-def]
    stingers = LIB.get("Marro Stingers")
    eng = sandbox(fig("s1", "p1", (1, 2), stingers, card_key="p1/st"), fig("s2", "p1", (0, 4), stingers, card_key="p1/st"),
                  fig("s3", "p1", (0, 5), stingers, card_key="p1/st"), fig("t", "p2", (3, 2), TARGET))
    move(eng, "s1", [(2, 2)])
    eng.execute("p1", "end-moves")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("d20_after_moving_asked", ["roll", "skip"])  # once for the card
    roll(eng, d20=[d20])
    eng.execute("p1", "choose roll")
    return eng


def test_stinger_drain_library_marro_stingers_10_or_more_gives_the_card_1_more_attack() -> None:
    # rule: HS-TURN-06
    assert not_enforced_reason(_power("Marro Stingers", "Stinger Drain")) is None
    eng = _stingers(10)
    assert not eng.state.pending
    roll(eng, [BLANK] * (LIB.get("Marro Stingers").attack + 1))
    events = eng.execute("p1", "attack s1 t")
    assert len(next(e for e in events if e.kind == "attack").data["attack_dice"]) == LIB.get("Marro Stingers").attack + 1


def test_stinger_drain_library_marro_stingers_1_to_4_one_is_destroyed_and_none_attacks() -> None:
    eng = _stingers(4)
    pend = eng.state.pending[0]
    assert pend.options == ["s1", "s2", "s3"]
    eng.execute("p1", "choose s3")
    assert not F(eng, "s3").on_battlefield and F(eng, "s1").on_battlefield
    refused(eng, "p1", "attack s1 t")


# ---- a turn instead with one card of several alternatives (Kato Katsuro's Command) ------------------------------


def _kato():  # type: ignore[no-untyped-def]
    cards = [LIB.get(n) for n in ("Kato Katsuro", "Ashigaru Harquebus", "Ashigaru Yari", "Izumi Samurai")]
    m = full_match({"p1": cards, "p2": [DUMMY]})
    keys = {c.card.name: c.key for c in m.state.cards.values()}
    # Kato sees the first figure of each card (side by side in a row 4 spaces off); the rest stand behind
    spots = [(m.state.figures_of(keys["Kato Katsuro"])[0], Hex(4, 2))]
    for i, name in enumerate(("Ashigaru Harquebus", "Ashigaru Yari", "Izumi Samurai")):
        first, *rest = m.state.figures_of(keys[name])
        spots += [(first, Hex(1 + 3 * i, 6))] + [(f, Hex(3 * i + j, 9)) for j, f in enumerate(rest)]
    for f, h in spots:
        f.hexes, f.level = (h,), m.state.battlefield.top_cell(h).top  # type: ignore[union-attr]
    begin_round(m, [20, 1], p1=markers("Kato Katsuro"), p2=markers("Dummy"))
    return m, keys


def test_kato_katsuros_command_library_the_two_ashigaru_squads_together_but_not_with_samurai() -> None:
    # rule: HS-TURN-05
    assert not_enforced_reason(_power("Kato Katsuro", "Kato Katsuro's Command")) is None
    m, keys = _kato()
    pend = m.state.pending[0]
    assert pend.kind == "take_turn_instead"
    assert set(pend.options) == {keys["Ashigaru Harquebus"], keys["Ashigaru Yari"], keys["Izumi Samurai"], "skip"}
    m.apply("p1", f"choose {keys['Ashigaru Harquebus']}")
    assert m.state.pending[0].options == [keys["Ashigaru Yari"], "done"]  # the Samurai are another alternative
    m.apply("p1", f"choose {keys['Ashigaru Yari']}")
    turn = m.state.turn
    assert turn is not None and turn.card_key == keys["Ashigaru Harquebus"] and turn.card_turns == [keys["Ashigaru Yari"]]


def test_kato_katsuros_command_library_a_samurai_squad_alone() -> None:
    m, keys = _kato()
    m.apply("p1", f"choose {keys['Izumi Samurai']}")  # one Samurai Squad: nothing more to add
    turn = m.state.turn
    assert not m.state.pending and turn is not None and turn.card_key == keys["Izumi Samurai"] and not turn.card_turns


# ---- attacks of a few dice each from a pool a turn (dice_pool_attack: Saber Storm, Queglix Gun) ----------------


def test_saber_storm_library_moriko_spends_6_dice_in_attacks_of_1_to_3() -> None:
    # rule: HS-SPECIAL-01, HS-SPECIAL-02
    assert not_enforced_reason(_power("Moriko", "Saber Storm Special Attack")) is None
    eng = sandbox(fig("m", "p1", (2, 2), LIB.get("Moriko")), fig("t", "p2", (3, 2), TARGET), fig("u", "p2", (2, 3), TARGET))
    eng.execute("p1", "special m Saber t")
    assert eng.state.pending[0].options == ["3", "2", "1"]
    roll(eng, [SKULL] * 3)
    eng.execute("p1", "choose 3")
    eng.execute("p1", "special m Saber u")  # 3 dice left: again, at another adjacent figure
    roll(eng, [SKULL, SKULL])
    eng.execute("p1", "choose 2")
    eng.execute("p1", "special m Saber t")
    assert eng.state.pending[0].options == ["1"]  # 1 die left
    roll(eng, [SKULL])
    eng.execute("p1", "choose 1")
    assert (F(eng, "t").wounds, F(eng, "u").wounds) == (4, 2)
    refused(eng, "p1", "special m Saber t")  # the pool is spent


def test_queglix_gun_library_major_q9_reads_the_same_block_and_range_6() -> None:
    assert not_enforced_reason(_power("Major Q9", "Queglix Gun Special Attack")) is None
    eng = sandbox(fig("q", "p1", (0, 2), LIB.get("Major Q9")), fig("t", "p2", (6, 2), TARGET), fig("far", "p2", (7, 7), TARGET))
    refused(eng, "p1", "special q Queglix far")  # beyond Range 6
    eng.execute("p1", "special q Queglix t")
    assert eng.state.pending[0].options == ["3", "2", "1"]


# ---- an aura's extra: a higher Stealth Leap for Monk Squads (Master's Influence) --------------------------------


def _monks(master_at):  # type: ignore[no-untyped-def]
    tower = build(hexes=[{"at": [4, 2], "level": 21, "terrain": "rock"}])
    figs = [fig("m1", "p1", (2, 2), LIB.get("Shaolin Monks"), card_key="p1/monks"), fig("e", "p2", (7, 7), card(name="Enemy"))]
    if master_at is not None:
        figs.append(fig("w", "p1", master_at, LIB.get("Master Win Chiu Woo")))
    return sandbox(*figs, battlefield=tower)


def test_masters_influence_library_monk_squads_near_master_win_leap_13_levels_higher() -> None:
    # rule: HS-SPECIAL-08
    assert not_enforced_reason(_power("Master Win Chiu Woo", "Master's Influence")) is None
    eng = _monks((2, 3))
    eng.execute("p1", "move m1 " + eng.state.battlefield.label(Hex(4, 2)) + " leap")  # 20 levels up: 12 + 13
    assert F(eng, "m1").hexes == (Hex(4, 2),)


def test_masters_influence_library_without_master_win_in_reach_the_leap_stays_12_levels() -> None:
    for where in (None, (6, 6)):  # no Master, or one too far
        eng = _monks(where)
        refused(eng, "p1", "move m1 " + eng.state.battlefield.label(Hex(4, 2)) + " leap")
