"""The aura, targeting, Counter Strike, backlash and extra-attack building blocks with real cards of
the shared card file: each at work, and idle when its condition fails.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules import combat, modifiers
from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, SHIELD, SKULL, build, card, fig, refused, roll, sandbox
from tests.rules.helpers_geo import attack

SOLDIER = card(name="Soldier")  # Range 1, Attack 3, Defense 3
ARCHER = card(name="Archer", range=7, life=9)
TARGET = card(name="Target", life=20, defense=0)
PIRATE = card(name="Pirate", cls="Pirate", range=5, life=9)


def att(eng: Engine, a: str, t: str) -> int:
    return combat.attack_dice(eng.state, F(eng, a), F(eng, t))[0]


def dfn(eng: Engine, a: str, t: str) -> int:
    return combat.defense_dice(eng.state, F(eng, a), F(eng, t))[0]


# ---- aura ------------------------------------------------------------------------------------------


def test_aura_terrifying_aura_lowers_opponents_defense_within_4_clear_sight_spaces() -> None:
    raelin = shared("Raelin the Kyrie Warrior (AoA)")
    assert enforcement(next(p for p in raelin.powers if p.kind == "aura")) is None
    eng = sandbox(fig("r", "p1", (2, 2), raelin), fig("foe", "p2", (2, 5), SOLDIER), fig("a", "p1", (6, 5), ARCHER),
                  fig("far", "p2", (7, 7), SOLDIER), fig("pal", "p1", (3, 2), SOLDIER))
    assert dfn(eng, "a", "foe") == 3 - 1
    assert dfn(eng, "a", "far") == 3  # 5 or more spaces away
    assert dfn(eng, "foe", "pal") == 3  # her own side is not touched


def test_aura_terrifying_aura_needs_clear_sight() -> None:
    wall = build(obstacles=[{"kind": "ruin", "at": [[2, 4]], "height": 12}])
    eng = sandbox(fig("r", "p1", (2, 2), shared("Raelin the Kyrie Warrior (AoA)")), fig("foe", "p2", (2, 6), SOLDIER),
                  fig("a", "p1", (6, 6), ARCHER), battlefield=wall)
    assert dfn(eng, "a", "foe") == 3


def test_aura_intimidate_only_when_a_captain_or_pirate_attacks_a_small_or_medium_figure() -> None:
    bok = shared("Bok-Bur-Na")
    eng = sandbox(fig("bok", "p1", (2, 2), bok), fig("pirate", "p1", (5, 2), PIRATE), fig("s", "p1", (6, 6), ARCHER),
                  fig("foe", "p2", (2, 4), SOLDIER))
    assert dfn(eng, "pirate", "foe") == 3 - 1
    assert dfn(eng, "s", "foe") == 3  # not a Pirate


def test_aura_leadership_adds_move_to_the_named_figures_anywhere() -> None:
    warden = shared("Warden 816")  # Guard Leadership: +1 Move to Guards you control
    guard = card(name="Guard", cls="Guard")
    eng = sandbox(fig("w", "p1", (0, 0), warden), fig("g", "p1", (7, 7), guard), fig("s", "p1", (5, 5), SOLDIER),
                  fig("foe", "p2", (7, 0), guard))
    assert modifiers.move_value(eng.state, F(eng, "g")) == 6
    assert modifiers.move_value(eng.state, F(eng, "s")) == 5
    assert modifiers.move_value(eng.state, F(eng, "foe")) == 5


def test_aura_attack_for_friendly_figures_with_range_1_adjacent_sir_gilbert() -> None:
    gilbert = shared("Sir Gilbert")
    eng = sandbox(fig("g", "p1", (2, 2), gilbert), fig("s", "p1", (3, 2), SOLDIER), fig("a", "p1", (2, 3), ARCHER),
                  fig("t", "p2", (4, 2), TARGET))
    assert att(eng, "s", "t") == 4
    assert att(eng, "a", "t") == 3  # Range 7


def test_aura_with_a_source_not_understood_or_own_dice_is_not_enforced() -> None:
    knaves = shared("Knaves of the Silver Scimitar")
    way = next(p for p in knaves.powers if p.kind == "aura")
    odd = way.model_copy(update={"values": {**way.values, "source": "the nearest Captain"}})
    assert enforcement(odd) == "the aura from 'the nearest Captain' to 'this squad vs non-adjacent attackers' is not understood"
    ornak = shared("Ornak").power("aura")
    assert ornak is not None and enforcement(ornak) == "an aura that rolls its own dice is not built yet"


# ---- targeting_restriction -------------------------------------------------------------------------


def test_targeting_restriction_apparition_kita_only_from_within_2_spaces() -> None:
    # rule: HS-SPECIAL-09
    kita = shared("Kita the Springrunner")
    assert enforcement(kita.power("targeting_restriction")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("kita", "p1", (2, 2), kita), fig("far", "p2", (2, 6), ARCHER), fig("near", "p2", (4, 2), ARCHER))
    check = combat.check_target(eng.state, F(eng, "far"), F(eng, "kita"))
    assert not check and "Apparition" in check.reason
    assert not combat.check_target(eng.state, F(eng, "far"), F(eng, "kita"), special="Blast", reach=9)
    assert combat.check_target(eng.state, F(eng, "near"), F(eng, "kita"))


def test_targeting_restriction_lurk_in_shadows_only_on_a_shadow_space() -> None:
    dark = build(hexes=[{"at": [2, 2], "level": 1, "terrain": "shadow"}])
    pelloth = shared("Pelloth")
    eng = sandbox(fig("p", "p1", (2, 2), pelloth), fig("q", "p1", (5, 5), pelloth), fig("a", "p2", (2, 6), ARCHER),
                  battlefield=dark)
    assert not combat.check_target(eng.state, F(eng, "a"), F(eng, "p"))
    assert combat.check_target(eng.state, F(eng, "a"), F(eng, "q"))


# ---- counter_strike (shared-file values) and backlash ----------------------------------------------


def test_counter_strike_captain_america_hits_back_even_at_a_samurai() -> None:
    cap = shared("Captain America")
    samurai = card(name="Samurai", cls="Samurai", life=9)
    eng = sandbox(fig("cap", "p1", (2, 2), cap), fig("s", "p2", (3, 2), samurai))
    roll(eng, [SKULL, BLANK, BLANK] + [SHIELD] * 3 + [BLANK] * (cap.defense - 3))
    events = attack(eng, "s", "cap")
    assert [p["wounds"] for p in powers(events)] == [2] and F(eng, "s").wounds == 2


def test_counter_strike_evil_eye_defense_answers_only_a_distant_attacker() -> None:
    oni = shared("Gurei-Oni")
    eng = sandbox(fig("oni", "p1", (2, 2), oni), fig("near", "p2", (3, 2), SOLDIER))
    roll(eng, [SKULL, BLANK, BLANK] + [SHIELD] * oni.defense)
    attack(eng, "near", "oni")
    assert F(eng, "near").wounds == 0


def test_backlash_lumbering_bully_wounds_the_ogre_for_each_extra_shield() -> None:
    ogre = shared("Ogre Pulverizer")
    eng = sandbox(fig("ogre", "p1", (2, 2), ogre), fig("t", "p2", (3, 2), SOLDIER), fig("u", "p2", (2, 3), SOLDIER))
    roll(eng, [SKULL] + [BLANK] * (ogre.attack - 1) + [SHIELD, SHIELD, SHIELD])
    attack(eng, "ogre", "t")
    assert F(eng, "ogre").wounds == 2


def test_backlash_does_nothing_when_the_shields_do_not_outnumber_the_skulls() -> None:
    ogre = shared("Ogre Pulverizer")
    eng = sandbox(fig("ogre", "p1", (2, 2), ogre), fig("t", "p2", (3, 2), SOLDIER))
    roll(eng, [SKULL, SKULL] + [BLANK] * (ogre.attack - 2) + [SHIELD, SHIELD, BLANK])
    attack(eng, "ogre", "t")
    assert F(eng, "ogre").wounds == 0


# ---- extra_attack ----------------------------------------------------------------------------------


def test_extra_attack_mielki_attacks_twice_and_no_more() -> None:
    # rule: HS-TIMING-04
    mielki = shared("Mielki the Kyrie Warrior")
    assert enforcement(mielki.power("extra_attack")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("m", "p1", (2, 2), mielki), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [BLANK] * mielki.attack)
    events = attack(eng, "m", "t")
    assert powers(events)[0]["result"] == "m may attack again"
    roll(eng, [BLANK] * mielki.attack)
    attack(eng, "m", "t")
    refused(eng, "p1", "attack m t", "HS-ATTACK-12")


def test_extra_attack_swashbuckler_needs_an_adjacent_target_and_adds_2_dice() -> None:
    bok = shared("Bok-Bur-Na")
    eng = sandbox(fig("bok", "p1", (2, 2), bok), fig("t", "p2", (3, 2), TARGET), fig("far", "p2", (2, 6), TARGET))
    roll(eng, [BLANK] * bok.attack)
    attack(eng, "bok", "t")
    assert att(eng, "bok", "t") == bok.attack + 2
    assert not combat.check_target(eng.state, F(eng, "bok"), F(eng, "far"), reach=9)


def test_extra_attack_swashbuckler_not_after_a_distant_attack() -> None:
    bok = shared("Bok-Bur-Na", range=6)
    eng = sandbox(fig("bok", "p1", (2, 2), bok), fig("far", "p2", (2, 6), TARGET))
    roll(eng, [BLANK] * bok.attack)
    events = attack(eng, "bok", "far")
    assert not [p for p in powers(events) if p.get("power") == "Swashbuckler"]


def test_extra_attack_feral_rage_each_at_a_different_figure() -> None:
    hunters = shared("Quasatch Hunters")
    eng = sandbox(fig("h", "p1", (2, 2), hunters), fig("t", "p2", (3, 2), TARGET), fig("u", "p2", (2, 3), TARGET))
    roll(eng, [BLANK] * hunters.attack)
    attack(eng, "h", "t")
    refused(eng, "p1", "attack h t")
    roll(eng, [BLANK] * hunters.attack)
    attack(eng, "h", "u")
    assert eng.state.turn is not None and eng.state.turn.data["extra_attack:h"] == 2


def test_aura_dynastic_leadership_needs_another_unique_utgar_kyrie_hero() -> None:
    lov = shared("Loviatäk the Kyrie Warrior")
    lead = next(p for p in lov.powers if p.name == "Dynastic Leadership")
    assert enforcement(lead) is None
    orc = card(name="Orc", general="Utgar")
    kyrie = card(name="Kyrie Hero", species="Kyrie", general="Utgar")
    alone = sandbox(fig("l", "p1", (0, 0), lov), fig("o", "p1", (5, 5), orc))
    assert modifiers.move_value(alone.state, F(alone, "o")) == 5
    eng = sandbox(fig("l", "p1", (0, 0), lov), fig("o", "p1", (5, 5), orc), fig("k", "p1", (7, 7), kyrie),
                  fig("foe", "p2", (7, 0), orc))
    assert modifiers.move_value(eng.state, F(eng, "o")) == 6
    assert modifiers.move_value(eng.state, F(eng, "l")) == lov.move + 1  # she follows Utgar too
    assert modifiers.move_value(eng.state, F(eng, "foe")) == 5


def test_extra_attack_dragon_assault_first_attack_gets_a_die_after_flying() -> None:
    sonlen = shared("Sonlen (AoA)")
    assert enforcement(sonlen.power("extra_attack")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("s", "p1", (0, 2), sonlen), fig("t", "p2", (3, 2), TARGET))
    assert att(eng, "s", "t") == sonlen.attack
    eng.execute("p1", "move s 2,2 fly")
    assert att(eng, "s", "t") == sonlen.attack + 1
    roll(eng, [BLANK] * (sonlen.attack + 1))
    attack(eng, "s", "t")
    assert att(eng, "s", "t") == sonlen.attack  # the second attack: no bonus


# ---- taunt -----------------------------------------------------------------------------------------


def test_taunt_combat_challenge_an_adjacent_opponent_must_attack_tandros() -> None:
    tandros = shared("Tandros Kreel")
    assert enforcement(tandros.power("taunt")) is None  # type: ignore[arg-type]
    eng = sandbox(fig("t", "p1", (2, 2), tandros), fig("e", "p2", (3, 2), SOLDIER), fig("pal", "p1", (4, 2), SOLDIER),
                  fig("far", "p2", (6, 6), SOLDIER), fig("pal2", "p1", (6, 5), SOLDIER))
    check = combat.check_target(eng.state, F(eng, "e"), F(eng, "pal"))
    assert not check and "Combat Challenge" in check.reason
    assert combat.check_target(eng.state, F(eng, "e"), F(eng, "t"))
    assert combat.check_target(eng.state, F(eng, "far"), F(eng, "pal2"))  # not next to Tandros


def test_aura_charge_dorim_after_attacking_an_opponent_every_card_moves_one_more_even_after_he_falls() -> None:
    # rule: HS-DESTROY-06
    dorim = shared("Dorim the Bulkhead Brawler")
    charge = next(p for p in dorim.powers if p.name == "Charge!!!")
    assert enforcement(charge) is None
    eng = sandbox(fig("d", "p1", (2, 2), dorim), fig("s", "p1", (6, 6), SOLDIER), fig("t", "p2", (3, 2), TARGET),
                  fig("foe", "p2", (7, 0), SOLDIER))
    assert modifiers.move_value(eng.state, F(eng, "s")) == 5
    roll(eng, [BLANK] * (dorim.attack + 1))  # Chain Axe re-rolls a die
    attack(eng, "d", "t")
    assert modifiers.move_value(eng.state, F(eng, "s")) == 6
    assert modifiers.move_value(eng.state, F(eng, "foe")) == 5
    eng.destroy(F(eng, "d"), "test")
    assert modifiers.move_value(eng.state, F(eng, "s")) == 6


def test_aura_charge_not_after_attacking_a_friend() -> None:
    dorim = shared("Dorim the Bulkhead Brawler")
    eng = sandbox(fig("d", "p1", (2, 2), dorim), fig("s", "p1", (6, 6), SOLDIER), fig("pal", "p1", (3, 2), TARGET))
    roll(eng, [BLANK] * (dorim.attack + 1))  # Chain Axe re-rolls a die
    eng.execute("p1", "attack d pal")
    assert modifiers.move_value(eng.state, F(eng, "s")) == 5


def test_protection_from_evil_ana_karithon_only_against_attackers_that_follow_utgar() -> None:
    # rule: HS-ATTACK-10
    ana = shared("Ana Karithon")
    aura = ana.power("aura")
    assert aura is not None and enforcement(aura) is None
    evil = shared("Deathwalker 9000")  # follows Utgar
    big = card(name="Giant", size="large", height=8)
    eng = sandbox(fig("ana", "p1", (2, 2), ana), fig("s", "p1", (2, 4), SOLDIER), fig("g", "p1", (3, 3), big),
                  fig("dw", "p2", (6, 4), evil), fig("a", "p2", (6, 5), ARCHER))
    dfn = lambda a, t: combat.defense_dice(eng.state, F(eng, a), F(eng, t))[0]  # noqa: E731
    assert dfn("dw", "s") == SOLDIER.defense + 1
    assert dfn("a", "s") == SOLDIER.defense  # an attacker that does not follow Utgar
    assert dfn("dw", "g") == big.defense  # a Large figure
    assert dfn("dw", "ana") == ana.defense  # not Ana herself
