"""The special-attack building block with real cards of the shared card file: every built area
shape (target alone, Explosion with and without the attacker, Line X, a line past the target, every
adjacent figure, opponents only), dice by target size, conditions, targets, defense penalties,
extra attacks and repeats; and what the legal moves offer.

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules import combat, special
from bot.rules.engine import Engine
from bot.rules.legal import LegalCommands
from bot.rules.powers import enforcement
from bot.rules.special import special_attack
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared
from tests.rules.conftest import BLANK, SKULL, build, card, fig, refused, roll, sandbox

SOLDIER = card(name="Soldier")
TARGET = card(name="Target", life=20, defense=0)
SMALL = card(name="Kobold", size="small", height=3, life=20, defense=0)
UNDEAD = card(name="Skeleton", species="Undead", life=20, defense=0)


def affected(eng: Engine, attacker: str, power: str, target: str) -> list[str]:
    return special_attack(eng, F(eng, attacker), power, target).affected


def specials(eng: Engine, attacker: str, player: str = "p1") -> list[str]:
    return [c.command for c in LegalCommands(eng.state, player).specials(attacker)]


# ---- shapes ----------------------------------------------------------------------------------------


def test_explosion_self_immune_killian_is_never_caught_in_his_blunderbuss() -> None:
    killian = shared("Killian Vane III")
    power = killian.power("special_attack")
    assert power is not None and enforcement(power) is None
    eng = sandbox(fig("k", "p1", (2, 2), killian), fig("t", "p2", (3, 2), TARGET), fig("u", "p2", (4, 2), TARGET))
    assert affected(eng, "k", "Blunderbuss", "t") == ["t", "u"]


def test_explosion_without_self_immunity_catches_the_attacker() -> None:
    # rule: HS-EXPLOSION-06
    deathwalker = shared("Deathwalker 9000")
    eng = sandbox(fig("d", "p1", (2, 2), deathwalker), fig("t", "p2", (3, 2), TARGET))
    assert affected(eng, "d", "Explosion", "t") == ["t", "d"]


def test_explosion_affecting_opponents_only_heirloom_force_orb() -> None:
    heirloom = shared("Heirloom")
    eng = sandbox(fig("h", "p1", (0, 2), heirloom), fig("t", "p2", (4, 2), TARGET), fig("u", "p2", (5, 2), TARGET),
                  fig("pal", "p1", (4, 3), TARGET))
    assert affected(eng, "h", "Force Orb", "t") == ["t", "u"]
    refused(eng, "p1", "special h Force pal")


def test_line_x_with_range_special_rhogar_dragon_breath_covers_3_spaces() -> None:
    # rule: HS-LINE-01
    rhogar = shared("Rhogar Dragonspine")
    eng = sandbox(fig("r", "p1", (2, 2), rhogar), fig("a", "p2", (3, 2), TARGET), fig("b", "p2", (5, 2), TARGET),
                  fig("c", "p2", (6, 2), TARGET))
    assert affected(eng, "r", "Dragon Breath", "3,2") == ["a", "b"]


def test_line_past_the_target_ewashia_twister_and_its_water_condition() -> None:
    pond = build(hexes=[{"at": [1, 2], "level": 1, "terrain": "water"}])
    ewashia = shared("Ewashia, Master of Tides")
    power = ewashia.power("special_attack")
    assert power is not None and enforcement(power) is None
    eng = sandbox(fig("e", "p1", (2, 2), ewashia), fig("t", "p2", (5, 2), TARGET), fig("u", "p2", (7, 2), TARGET),
                  battlefield=pond)
    assert affected(eng, "e", "Twister", "t") == ["t", "u"]
    dry = sandbox(fig("e", "p1", (2, 2), ewashia), fig("t", "p2", (5, 2), TARGET))
    refused(dry, "p1", "special e Twister t")


def test_all_adjacent_soul_fury_hits_every_figure_next_to_raakchott() -> None:
    # rule: HS-SPECIAL-05
    raak = shared("Raakchott, Steward of Death")
    power = raak.power("special_attack")
    assert power is not None and special.spec(power) is not None
    assert enforcement(power) == "paying its cost is not built yet"  # its Consume Markers
    eng = sandbox(fig("r", "p1", (2, 2), raak), fig("a", "p2", (3, 2), TARGET), fig("b", "p2", (2, 3), TARGET),
                  fig("pal", "p1", (1, 2), TARGET), fig("far", "p2", (5, 5), TARGET))
    assert sorted(affected(eng, "r", "Soul Fury", "a")) == ["a", "b", "pal"]
    refused(eng, "p1", "special r Soul far")


def test_all_adjacent_stomp_is_offered_once_by_the_legal_moves() -> None:
    hulk = shared("Incredible Hulk")
    eng = sandbox(fig("h", "p1", (2, 2), hulk), fig("a", "p2", (3, 2), TARGET), fig("b", "p2", (2, 3), TARGET))
    stomps = [t for t in specials(eng, "h") if "Stomp" in t]
    assert len(stomps) == 1


def test_dice_by_target_size_shiori_shuriken() -> None:
    shiori = shared("Shiori")
    eng = sandbox(fig("s", "p1", (2, 2), shiori), fig("small", "p2", (2, 5), SMALL),
                  fig("big", "p2", (5, 2), card(name="Ogre", size="large", height=7, life=20, defense=0)))
    assert special_attack(eng, F(eng, "s"), "Shuriken", "small").dice == 3
    assert special_attack(eng, F(eng, "s"), "Shuriken", "big").dice == 2


def test_an_unbuilt_area_is_not_offered_and_says_why() -> None:
    # Tetsubo's area is built now (see the end of this file), the Roman Archers' "combined" too (combined_attack)
    pelloth = shared("Pelloth")
    power = next(p for p in pelloth.powers if p.kind == "special_attack")
    assert enforcement(power) == "the area 'wounds distributed within 2 of a chosen friendly Drow' is not built yet"
    eng = sandbox(fig("o", "p1", (2, 2), pelloth), fig("t", "p2", (3, 2), TARGET))
    assert specials(eng, "o") == []


# ---- targets, conditions, penalties -----------------------------------------------------------------


def test_targets_restriction_turn_undead_only_at_undead() -> None:
    ana = shared("Ana Karithon")
    eng = sandbox(fig("a", "p1", (2, 2), ana), fig("u", "p2", (2, 5), UNDEAD), fig("s", "p2", (4, 2), TARGET))
    assert affected(eng, "a", "Turn Undead", "u") == ["u"]
    refused(eng, "p1", "special a Turn s")


def test_targets_restriction_evisceraxe_not_at_small_figures() -> None:
    warden = shared("Warden 816")
    eng = sandbox(fig("w", "p1", (2, 2), warden), fig("k", "p2", (3, 2), SMALL), fig("s", "p2", (2, 3), TARGET))
    refused(eng, "p1", "special w Evisceraxe k")
    assert affected(eng, "w", "Evisceraxe", "s") == ["s"]


def test_special_defense_penalty_web_takes_a_defense_die() -> None:
    spidey = shared("Spider-Man")
    eng = sandbox(fig("sp", "p1", (2, 2), spidey), fig("s", "p2", (2, 5), SOLDIER))
    assert combat.defense_dice(eng.state, F(eng, "sp"), F(eng, "s"), special="Web Special Attack")[0] == 2
    assert combat.defense_dice(eng.state, F(eng, "sp"), F(eng, "s"))[0] == 3


def test_special_defense_penalty_for_common_squads_only() -> None:
    zelrig = shared("Zelrig")
    squad = card(name="Grunts", kind="squad", rarity="common", defense=3)
    eng = sandbox(fig("z", "p1", (0, 0), zelrig), fig("g", "p2", (2, 5), squad), fig("s", "p2", (5, 2), SOLDIER))
    name = "Majestic Fires Special Attack"
    assert combat.defense_dice(eng.state, F(eng, "z"), F(eng, "g"), special=name)[0] == 1
    assert combat.defense_dice(eng.state, F(eng, "z"), F(eng, "s"), special=name)[0] == 3


# ---- extra attacks and repeats -----------------------------------------------------------------------


def test_extra_attacks_onshu_makes_sonic_blast_twice_and_no_normal_attack() -> None:
    # rule: HS-SPECIAL-01
    onshu = shared("Onshu the Welkineye")
    eng = sandbox(fig("o", "p1", (2, 2), onshu), fig("t", "p2", (2, 5), TARGET), fig("u", "p2", (5, 2), TARGET))
    roll(eng, [BLANK, BLANK])
    events = eng.execute("p1", "special o Sonic t")
    assert powers(events)[-1]["result"] == "o may make Sonic Blast Special Attack again"
    refused(eng, "p1", "attack o u")
    roll(eng, [SKULL, SKULL])
    eng.execute("p1", "special o Sonic u")
    assert F(eng, "u").wounds == 2
    refused(eng, "p1", "special o Sonic t", "HS-SPECIAL-01")


def test_extra_attacks_different_targets_captain_america_shield_throw() -> None:
    cap = shared("Captain America")
    eng = sandbox(fig("c", "p1", (2, 2), cap), fig("t", "p2", (2, 5), TARGET), fig("u", "p2", (5, 2), TARGET))
    roll(eng, [BLANK] * 4)
    eng.execute("p1", "special c Shield t")
    refused(eng, "p1", "special c Shield t")
    roll(eng, [BLANK] * 4)
    eng.execute("p1", "special c Shield u")


def test_repeat_rapid_fire_again_while_it_wounds() -> None:
    dw = shared("Deathwalker 8000")
    eng = sandbox(fig("d", "p1", (2, 2), dw), fig("t", "p2", (2, 5), TARGET))
    roll(eng, [SKULL, BLANK, BLANK])
    events = eng.execute("p1", "special d Rapid t")
    assert powers(events)[-1]["result"] == "d may make Rapid Fire Special Attack again"
    roll(eng, [BLANK, BLANK, BLANK])
    events = eng.execute("p1", "special d Rapid t")
    assert not powers(events)
    refused(eng, "p1", "special d Rapid t", "HS-SPECIAL-01")


def test_condition_deadeye_style_did_not_move_refuses_after_a_move() -> None:
    onshu = shared("Onshu the Welkineye")
    values = {**onshu.powers[0].values, "condition": "did not move this turn"}
    power = {"name": "Still Shot", "text": "t", "kind": "special_attack", "values": values}
    shooter = card(name="Shooter", powers=[power], range=1)
    assert enforcement(shooter.powers[0]) is None
    eng = sandbox(fig("s", "p1", (2, 2), shooter), fig("t", "p2", (2, 5), TARGET))
    assert affected(eng, "s", "Still", "t") == ["t"]
    eng.execute("p1", "move s 3,2")
    refused(eng, "p1", "special s Still t")


def test_no_defense_deadeye_dans_rifle_at_a_distant_small_or_medium_figure_after_standing_still() -> None:
    dan = shared("Deadeye Dan")
    rifle = dan.power("special_attack")
    assert rifle is not None and enforcement(rifle) is None
    eng = sandbox(fig("d", "p1", (0, 0), dan), fig("s", "p2", (0, 6), SOLDIER), fig("n", "p2", (1, 0), SOLDIER))
    assert combat.defense_dice(eng.state, F(eng, "d"), F(eng, "s"), special=rifle.name)[0] == 0
    refused(eng, "p1", "special d Ullar n")  # adjacent: not a target
    eng.execute("p1", "move d 0,1")
    refused(eng, "p1", "special d Ullar s")  # he moved


def test_earth_slam_spares_flying_figures() -> None:
    earth = shared("Earth Elemental")
    assert enforcement(earth.power("special_attack")) is None  # type: ignore[arg-type]
    flier = card(name="Flier", keywords=["flying"], life=20, defense=0)
    eng = sandbox(fig("e", "p1", (2, 2), earth), fig("a", "p2", (3, 2), TARGET), fig("f", "p2", (2, 3), flier))
    assert affected(eng, "e", "Earth Slam", "a") == ["a"]
    refused(eng, "p1", "special e Earth f")


# ---- the attack's own bonus dice (HS-SPECIAL-02) -----------------------------------------------------------


def test_bonus_overwhelm_irene_second_attack_on_the_same_figure_rolls_a_die_more() -> None:
    # rule: HS-SPECIAL-02
    irene = shared("Knight Irene")
    power = irene.power("special_attack")
    assert power is not None and enforcement(power) is None
    eng = sandbox(fig("i", "p1", (2, 2), irene), fig("t", "p2", (3, 2), TARGET), fig("u", "p2", (2, 3), TARGET))
    assert special_attack(eng, F(eng, "i"), "Overwhelm", "t").dice == 3
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "special i Overwhelm t")
    assert special_attack(eng, F(eng, "i"), "Overwhelm", "t").dice == 4
    assert special_attack(eng, F(eng, "i"), "Overwhelm", "u").dice == 3


def test_bonus_fire_strike_one_die_per_other_elf_wizard_nearby_at_most_3() -> None:
    chardris = shared("Chardris")
    wizard = card(name="Wizard", species="Elf", cls="Wizard")
    far = sandbox(fig("c", "p1", (0, 0), chardris), fig("t", "p2", (0, 5), TARGET), fig("w", "p1", (7, 7), wizard))
    assert special_attack(far, F(far, "c"), "Fire Strike", "t").dice == 2
    eng = sandbox(fig("c", "p1", (3, 3), chardris), fig("t", "p2", (3, 0), TARGET),
                  *(fig(f"w{i}", "p1", at, wizard) for i, at in enumerate([(4, 3), (3, 4), (2, 4), (2, 3)])))
    assert special_attack(eng, F(eng, "c"), "Fire Strike", "t").dice == 2 + 3


# ---- chains ----------------------------------------------------------------------------------------------


def test_chain_erupting_earth_goes_on_to_a_figure_next_to_the_last_target_with_a_die_less() -> None:
    xen = shared("Xenithrax the Vineweaver")
    power = xen.power("special_attack")
    assert power is not None and enforcement(power) is None
    eng = sandbox(fig("x", "p1", (0, 0), xen), fig("a", "p2", (0, 4), TARGET), fig("b", "p2", (0, 5), TARGET),
                  fig("c", "p2", (0, 6), TARGET), fig("far", "p2", (7, 7), TARGET))
    roll(eng, [BLANK] * 4)
    eng.execute("p1", "special x Erupting a")
    # Summon Vines is offered first (after moving, before attacking, HS-TURN-06): declined here.
    assert eng.state.pending[0].kind == "place_object"
    events = eng.execute("p1", "choose skip")
    assert powers(events)[-1]["result"] == "x may make Erupting Earth Special Attack again"
    refused(eng, "p1", "special x Erupting far")  # not next to a
    refused(eng, "p1", "special x Erupting a")  # a target already
    assert special_attack(eng, F(eng, "x"), "Erupting", "b").dice == 3  # 6 spaces away: the chain reaches it
    roll(eng, [SKULL] * 3)
    eng.execute("p1", "special x Erupting b")
    assert F(eng, "b").wounds == 3
    assert special_attack(eng, F(eng, "x"), "Erupting", "c").dice == 2


def test_chain_arcane_bolt_stops_when_it_does_not_wound() -> None:
    sharwin = shared("Sharwin Wildborn")
    eng = sandbox(fig("s", "p1", (0, 0), sharwin), fig("a", "p2", (0, 4), TARGET), fig("b", "p2", (0, 5), TARGET))
    roll(eng, [BLANK] * 3)
    events = eng.execute("p1", "special s Arcane a")
    assert not [p for p in powers(events) if "again" in p.get("result", "")]
    refused(eng, "p1", "special s Arcane b", "HS-SPECIAL-01")


# ---- a once-per-game attack of the whole squad -------------------------------------------------------


def test_grenade_airborne_elite_every_elite_throws_in_that_one_turn_and_never_again() -> None:
    # rule: HS-SPECIAL-01
    elite = shared("Airborne Elite")
    grenade = elite.power("special_attack")
    assert grenade is not None and enforcement(grenade) is None
    eng = sandbox(fig("e1", "p1", (0, 2), elite, card_key="p1/elite"), fig("e2", "p1", (0, 4), elite, card_key="p1/elite"),
                  fig("t", "p2", (4, 2), TARGET), fig("u", "p2", (4, 4), TARGET))
    roll(eng, [SKULL, BLANK])
    events = eng.execute("p1", "special e1 Grenade t")
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["t"]
    roll(eng, [SKULL, SKULL])
    eng.execute("p1", "special e2 Grenade u")  # the same turn: the other Elite throws too
    assert F(eng, "u").wounds == 2
    eng.execute("p1", "end-turn")
    err = refused(eng, "p1", "special e1 Grenade t")
    assert "once per game" in str(err)
    refused(eng, "p1", "special e2 Grenade u")


def test_a_once_per_game_attack_without_each_figure_stops_the_other_figures_of_the_squad() -> None:
    elite = shared("Airborne Elite")
    grenade = elite.power("special_attack")
    assert grenade is not None
    alone = grenade.model_copy(update={"values": {k: v for k, v in grenade.values.items() if k != "each_figure_attacks"}})
    lone = elite.model_copy(update={"powers": [alone]})
    eng = sandbox(fig("e1", "p1", (0, 2), lone, card_key="p1/elite"), fig("e2", "p1", (0, 4), lone, card_key="p1/elite"),
                  fig("t", "p2", (4, 2), TARGET), fig("u", "p2", (4, 4), TARGET))
    roll(eng, [SKULL, BLANK])
    eng.execute("p1", "special e1 Grenade t")
    err = refused(eng, "p1", "special e2 Grenade u")
    assert "once per game" in str(err)


# ---- the target and the figures next to both ------------------------------------------------------------


def test_sweeping_sword_shurrak_hits_the_target_and_figures_next_to_both() -> None:
    # rule: HS-SPECIAL-05
    shurrak = shared("Shurrak")
    sword = shurrak.power("special_attack")
    assert sword is not None and enforcement(sword) is None
    eng = sandbox(fig("s", "p1", [(2, 2), (3, 2)], shurrak), fig("t", "p2", (2, 1), TARGET),
                  fig("u", "p2", (3, 1), TARGET), fig("v", "p1", (1, 2), TARGET),
                  fig("w", "p2", (2, 3), TARGET), fig("x", "p2", (2, 0), TARGET))
    assert affected(eng, "s", "Sweeping Sword", "t") == ["t", "u", "v"]  # not w (next to Shurrak only), not x
    roll(eng, [SKULL, SKULL, BLANK, BLANK, BLANK])
    events = eng.execute("p1", "special s Sweeping Sword t")
    assert eng.state.pending[0].options == ["u", "v"]  # the attacker picks who defends next
    events += eng.execute("p1", "choose v")
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["t", "v", "u"]
    assert [F(eng, f).wounds for f in ("t", "u", "v", "w", "x")] == [2, 2, 2, 0, 0]


def test_sweeping_sword_needs_an_adjacent_target() -> None:
    shurrak = shared("Shurrak")
    eng = sandbox(fig("s", "p1", [(2, 2), (3, 2)], shurrak), fig("t", "p2", (2, 5), TARGET))
    refused(eng, "p1", "special s Sweeping Sword t", "HS-ATTACK-07")


# ---- extra targets next to the target ----------------------------------------------------------------


def test_acid_spray_othkurik_adds_up_to_2_figures_next_to_the_target_to_one_roll() -> None:
    # rule: HS-SPECIAL-05
    dragon = shared("Othkurik the Black Dragon")
    spray = dragon.power("special_attack")
    assert spray is not None and enforcement(spray) is None
    eng = sandbox(fig("o", "p1", [(0, 2), (0, 3)], dragon), fig("t", "p2", (4, 2), TARGET),
                  fig("u", "p2", (5, 2), TARGET), fig("v", "p2", (4, 3), TARGET), fig("w", "p2", (5, 1), TARGET),
                  fig("far", "p2", (7, 7), TARGET))
    eng.execute("p1", "special o Acid Spray t")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "special_extra_targets", ["u", "v", "w", "none"])
    refused(eng, "p2", "choose u")
    eng.execute("p1", "choose v")
    assert eng.state.pending[0].options == ["u", "w", "none"]
    roll(eng, [SKULL, SKULL, SKULL, BLANK])
    events = eng.execute("p1", "choose u")  # the second and last: the roll follows
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["t", "v", "u"]
    assert [F(eng, f).wounds for f in ("t", "v", "u", "w", "far")] == [3, 3, 3, 0, 0]


def test_tetsubo_gurei_oni_adds_one_figure_or_none() -> None:
    oni = shared("Gurei-Oni")
    tetsubo = next(p for p in oni.powers if p.kind == "special_attack")
    assert enforcement(tetsubo) is None
    eng = sandbox(fig("g", "p1", [(2, 2), (3, 2)], oni), fig("t", "p2", (2, 1), TARGET),
                  fig("u", "p2", (1, 1), TARGET))
    eng.execute("p1", "special g Tetsubo t")
    roll(eng, [SKULL, SKULL, BLANK])
    events = eng.execute("p1", "choose none")
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["t"]
    assert F(eng, "u").wounds == 0 and F(eng, "t").wounds == 2
