"""Passive powers of the classic cards: auras, enhancements and dice changes that simply hold while
their condition does (Finn, Thorgrim, Raelin, Agent Carr, Zettian Guards, Omnicron Snipers,
Grimnak, Deathwalker 9000, Dumutef Guard), and the general hooks they declare through.

Each power has a test showing it at work and one showing it idle when its condition fails.
The default field is 8 x 8 grass at level 1; (q, r) axial coordinates.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules import combat, modifiers
from bot.rules.engine import Engine
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.state import MatchState
from tests.powers.conftest import C, F
from tests.rules.conftest import BLANK, SHIELD, SKULL, build, card, fig, roll, sandbox, special_power
from tests.rules.helpers_geo import attack, kinds, space

SOLDIER = card(name="Soldier")  # Range 1, Attack 3, Defense 3
ARCHER = card(name="Archer", range=7, life=9)
TARGET = card(name="Target", life=20, defense=0)


def att(eng: Engine, a: str, t: str) -> tuple[int, list[tuple[str, int]]]:
    return combat.attack_dice(eng.state, F(eng, a), F(eng, t))


def dfn(eng: Engine, a: str, t: str) -> tuple[int, list[tuple[str, int]]]:
    return combat.defense_dice(eng.state, F(eng, a), F(eng, t))


def labels(reasons: list[tuple[str, int]]) -> str:
    return " | ".join(r[0] for r in reasons)


# ---- Finn: Attack Aura 1 ---------------------------------------------------------------------------


def test_finn_attack_aura_adds_a_die_to_an_adjacent_friendly_range_1_figure() -> None:
    eng = sandbox(fig("finn", "p1", (2, 2), C("Finn")), fig("s", "p1", (3, 2), SOLDIER), fig("e", "p2", (4, 2), TARGET))
    n, reasons = att(eng, "s", "e")
    assert n == 3 + 1 and ("Finn's Attack Aura 1", 1) in reasons


def test_finn_attack_aura_needs_adjacency_range_1_a_friend_and_not_finn_himself() -> None:
    eng = sandbox(fig("finn", "p1", (2, 2), C("Finn")), fig("far", "p1", (5, 5), SOLDIER),
                  fig("archer", "p1", (2, 3), ARCHER), fig("foe", "p2", (1, 2), SOLDIER),
                  fig("t", "p2", (6, 5), TARGET), fig("t2", "p1", (1, 3), TARGET))
    assert att(eng, "far", "t")[0] == 3  # not adjacent to Finn
    assert att(eng, "archer", "t")[0] == 3  # Range 7
    assert att(eng, "foe", "t2")[0] == 3  # an enemy of Finn
    assert att(eng, "finn", "foe")[0] == 3  # Finn's aura is for the others


# ---- Thorgrim: Defensive Aura 1 ----------------------------------------------------------------------


def test_thorgrim_defensive_aura_adds_a_defense_die_to_an_adjacent_friend() -> None:
    eng = sandbox(fig("thorgrim", "p1", (2, 2), C("Thorgrim")), fig("s", "p1", (3, 2), SOLDIER),
                  fig("e", "p2", (5, 2), ARCHER))
    n, reasons = dfn(eng, "e", "s")
    assert n == 3 + 1 and ("Thorgrim's Defensive Aura 1", 1) in reasons
    assert combat.defense_dice(eng.state, F(eng, "e"), F(eng, "s"), special="Blast")[0] == 4  # any attack


def test_thorgrim_defensive_aura_does_nothing_two_spaces_away_for_enemies_or_for_thorgrim() -> None:
    eng = sandbox(fig("thorgrim", "p1", (2, 2), C("Thorgrim")), fig("s", "p1", (4, 2), SOLDIER),
                  fig("foe", "p2", (2, 3), SOLDIER), fig("e", "p2", (6, 6), ARCHER), fig("pal", "p1", (0, 0), ARCHER))
    assert dfn(eng, "e", "s")[0] == 3
    assert dfn(eng, "pal", "foe")[0] == 3
    assert dfn(eng, "e", "thorgrim")[0] == 4  # his own Defense 4, no aura


# ---- Raelin: Defensive Aura (2 dice, 4 clear-sight spaces) ---------------------------------------------


def test_raelin_defensive_aura_adds_2_dice_to_friends_within_4_clear_sight_spaces() -> None:
    eng = sandbox(fig("raelin", "p1", (1, 2), C("Raelin")), fig("s", "p1", (5, 2), SOLDIER),
                  fig("e", "p2", (7, 7), ARCHER))
    n, reasons = dfn(eng, "e", "s")
    assert n == 3 + 2 and ("Raelin's Defensive Aura", 2) in reasons


def test_raelin_defensive_aura_stops_at_5_spaces_without_clear_sight_and_for_raelin() -> None:
    pillar = build(hexes=[space(2, 2, 12, "rock")])
    eng = sandbox(fig("raelin", "p1", (1, 2), C("Raelin")), fig("hidden", "p1", (3, 2), SOLDIER),
                  fig("far", "p1", (6, 2), SOLDIER), fig("e", "p2", (7, 7), ARCHER), battlefield=pillar)
    assert dfn(eng, "e", "hidden")[0] == 3  # 2 spaces, but the pillar blocks clear sight
    assert dfn(eng, "e", "far")[0] == 3  # 5 spaces
    assert dfn(eng, "e", "raelin")[0] == 3  # Raelin herself gets no bonus


def test_thorgrim_and_raelin_auras_add_up() -> None:
    eng = sandbox(fig("raelin", "p1", (1, 2), C("Raelin")), fig("thorgrim", "p1", (2, 3), C("Thorgrim")),
                  fig("s", "p1", (3, 2), SOLDIER), fig("e", "p2", (7, 7), ARCHER))
    assert dfn(eng, "e", "s")[0] == 3 + 1 + 2


# ---- Agent Carr: Sword of Reckoning 4 -------------------------------------------------------------------


def test_agent_carr_sword_of_reckoning_adds_4_dice_against_an_adjacent_target() -> None:
    eng = sandbox(fig("carr", "p1", (2, 2), C("Agent Carr")), fig("e", "p2", (3, 2), TARGET))
    n, reasons = att(eng, "carr", "e")
    assert n == 2 + 4 and ("Sword of Reckoning 4", 4) in reasons


def test_agent_carr_sword_of_reckoning_does_nothing_against_a_target_at_range() -> None:
    eng = sandbox(fig("carr", "p1", (2, 2), C("Agent Carr")), fig("e", "p2", (5, 2), TARGET))
    n, reasons = att(eng, "carr", "e")
    assert n == 2 and "Sword" not in labels(reasons)


# ---- Zettian Guards: Zettian Targeting --------------------------------------------------------------------


def zettian() -> Engine:
    guards = C("Zettian Guards")
    return sandbox(fig("z1", "p1", (1, 1), guards, card_key="p1/zettian"), fig("z2", "p1", (2, 1), guards, card_key="p1/zettian"),
                   fig("t", "p2", (2, 5), TARGET), fig("u", "p2", (5, 5), TARGET))


def test_zettian_targeting_second_guard_on_the_same_target_adds_a_die() -> None:
    eng = zettian()
    roll(eng, [BLANK, BLANK])
    first = kinds(attack(eng, "z1", "t"), "attack")[0]
    assert len(first["attack_dice"]) == 2  # the first Guard gets nothing
    roll(eng, [SKULL, SKULL, SKULL])
    second = kinds(attack(eng, "z2", "t"), "attack")[0]
    assert len(second["attack_dice"]) == 3 and ["Zettian Targeting", 1] in second["attack_reasons"]
    assert second["wounds"] == 3


def test_zettian_targeting_does_nothing_when_the_second_guard_picks_another_target() -> None:
    eng = zettian()
    roll(eng, [BLANK, BLANK])
    attack(eng, "z1", "t")
    roll(eng, [BLANK, BLANK])
    second = kinds(attack(eng, "z2", "u"), "attack")[0]
    assert len(second["attack_dice"]) == 2 and "Zettian" not in str(second["attack_reasons"])


def test_zettian_targeting_counts_only_this_turns_attacks() -> None:
    eng = zettian()
    roll(eng, [BLANK, BLANK])
    attack(eng, "z1", "t")
    eng.execute("p1", "end-turn")
    assert att(eng, "z2", "t")[0] == 2


# ---- Omnicron Snipers: Deadly Shot (skull multiplier hook) --------------------------------------------------


def test_omnicron_snipers_deadly_shot_makes_each_skull_2_hits() -> None:
    eng = sandbox(fig("o", "p1", (1, 1), C("Omnicron Snipers")), fig("t", "p2", (1, 5), card(name="Tough", life=9, defense=1)))
    roll(eng, [SKULL, BLANK])  # Attack 1: a skull; Defense 1: a blank
    ev = kinds(attack(eng, "o", "t"), "attack")[0]
    assert (ev["skulls"], ev["wounds"], ev["wound_reasons"]) == (1, 2, ["Deadly Shot"])
    assert F(eng, "t").wounds == 2


def test_omnicron_snipers_deadly_shot_hits_are_blocked_one_shield_each() -> None:
    eng = sandbox(fig("o", "p1", (1, 1), C("Omnicron Snipers")), fig("t", "p2", (1, 5), card(name="Tough", life=9, defense=1)))
    roll(eng, [SKULL, SHIELD])
    assert kinds(attack(eng, "o", "t"), "attack")[0]["wounds"] == 1


def test_deadly_shot_does_not_apply_to_other_attackers() -> None:
    eng = sandbox(fig("o", "p1", (1, 1), C("Omnicron Snipers")), fig("a", "p1", (2, 1), card(name="Gunner", range=7, attack=1)),
                  fig("t", "p2", (1, 5), card(name="Tough", life=9, defense=1)))
    roll(eng, [SKULL, BLANK])
    ev = kinds(attack(eng, "a", "t"), "attack")[0]
    assert ev["wounds"] == 1 and "wound_reasons" not in ev
    ctx = AttackContext(F(eng, "a"), F(eng, "t"))
    assert combat.wounds_from([SKULL, SKULL], [SHIELD], state=eng.state, ctx=ctx) == (2, 1, 1)
    ctx = AttackContext(F(eng, "o"), F(eng, "t"))
    assert combat.wounds_from([SKULL, SKULL], [SHIELD], state=eng.state, ctx=ctx) == (2, 1, 3)


# ---- Grimnak: Orc Warrior Enhancement ----------------------------------------------------------------------


def test_grimnak_orc_warrior_enhancement_gives_adjacent_orc_warriors_a_die_each_way() -> None:
    eng = sandbox(fig("grimnak", "p1", [(2, 2), (3, 2)], C("Grimnak")), fig("g", "p1", (4, 2), C("Blade Gruts")),
                  fig("e", "p2", (5, 2), SOLDIER))
    n, reasons = att(eng, "g", "e")
    assert n == 2 + 1 and ("Grimnak's Orc Warrior Enhancement", 1) in reasons
    assert dfn(eng, "e", "g") == (2 + 1, [("Defense", 2), ("Grimnak's Orc Warrior Enhancement", 1)])


def test_grimnak_orc_warrior_enhancement_skips_far_orcs_other_kinds_and_enemies() -> None:
    eng = sandbox(fig("grimnak", "p1", [(2, 2), (3, 2)], C("Grimnak")), fig("far", "p1", (6, 6), C("Blade Gruts")),
                  fig("finn", "p1", (2, 3), C("Finn")), fig("foe", "p2", (1, 2), C("Blade Gruts")),
                  fig("e", "p2", (6, 5), SOLDIER))
    assert att(eng, "far", "e")[0] == 2
    assert dfn(eng, "e", "finn")[0] == 4  # a Human Champion, not an Orc Warrior
    assert dfn(eng, "finn", "foe")[0] == 2  # an enemy Orc Warrior


# ---- Deathwalker 9000: Range Enhancement ---------------------------------------------------------------------


def test_deathwalker_range_enhancement_gives_adjacent_soulborg_guards_2_range() -> None:
    eng = sandbox(fig("dw", "p1", (0, 1), C("Deathwalker 9000")), fig("z", "p1", (0, 2), C("Zettian Guards")),
                  fig("t", "p2", (0, 11), TARGET), battlefield=build([{"q": [0, 7], "r": [0, 11], "level": 1, "terrain": "grass"}]))
    assert modifiers.range_value(eng.state, F(eng, "z")) == 7 + 2
    assert combat.check_target(eng.state, F(eng, "z"), F(eng, "t"))  # 9 spaces away


def test_deathwalker_range_enhancement_skips_non_adjacent_guards_and_other_soulborg() -> None:
    eng = sandbox(fig("dw", "p1", (0, 1), C("Deathwalker 9000")), fig("z", "p1", (4, 4), C("Zettian Guards")),
                  fig("o", "p1", (1, 1), C("Omnicron Snipers")), fig("foe", "p2", (0, 0), C("Zettian Guards")))
    assert modifiers.range_value(eng.state, F(eng, "z")) == 7
    assert modifiers.range_value(eng.state, F(eng, "o")) == 7  # Soulborg Snipers, not Guards
    assert modifiers.range_value(eng.state, F(eng, "foe")) == 7  # an enemy's Guards


# ---- Dumutef Guard: Road Strength and Devourer Attack Enhancement ---------------------------------------------


def road() -> Any:
    return build([{"q": [0, 7], "r": [0, 7], "level": 1, "terrain": "grass"},
                  {"q": [0, 7], "r": [2, 2], "level": 1, "terrain": "road"}])


def test_dumutef_guard_road_strength_adds_1_attack_and_1_defense_on_a_road() -> None:
    eng = sandbox(fig("d", "p1", [(2, 2), (3, 2)], C("Dumutef Guard")), fig("e", "p2", (4, 2), SOLDIER), battlefield=road())
    n, reasons = att(eng, "d", "e")
    assert n == 4 + 1 and ("Road Strength", 1) in reasons
    assert dfn(eng, "e", "d")[0] == 4 + 1


def test_dumutef_guard_road_strength_does_nothing_off_the_road() -> None:
    eng = sandbox(fig("d", "p1", [(2, 4), (3, 4)], C("Dumutef Guard")), fig("e", "p2", (4, 4), SOLDIER), battlefield=road())
    assert att(eng, "d", "e")[0] == 4 and dfn(eng, "e", "d")[0] == 4


DEVOURERS = card(name="Devourer Pack", kind="squad", rarity="common", species="Wolf", cls="Devourers", attack=2)


def test_dumutef_guard_devourer_attack_enhancement_adds_a_die_to_adjacent_friendly_devourers() -> None:
    eng = sandbox(fig("d", "p1", [(2, 4), (3, 4)], C("Dumutef Guard")), fig("w", "p1", (4, 4), DEVOURERS),
                  fig("e", "p2", (5, 4), SOLDIER))
    n, reasons = att(eng, "w", "e")
    assert n == 2 + 1 and ("Dumutef Guard's Devourer Attack Enhancement", 1) in reasons
    assert dfn(eng, "e", "w")[0] == 3  # attack only


def test_dumutef_guard_devourer_attack_enhancement_skips_far_devourers_and_other_figures() -> None:
    eng = sandbox(fig("d", "p1", [(2, 4), (3, 4)], C("Dumutef Guard")), fig("w", "p1", (6, 6), DEVOURERS),
                  fig("s", "p1", (4, 4), SOLDIER), fig("e", "p2", (6, 5), SOLDIER), fig("e2", "p2", (5, 4), SOLDIER))
    assert att(eng, "w", "e")[0] == 2
    assert att(eng, "s", "e2")[0] == 3


# ---- the general hooks ------------------------------------------------------------------------------------


def test_a_targeting_hook_cannot_beats_can(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-SPECIAL-08, HS-SPECIAL-09 (a power beats the core rules; "cannot" beats "can")
    def may(state: MatchState, ctx: AttackContext) -> Verdict | None:
        return Verdict(True)

    def may_not(state: MatchState, ctx: AttackContext) -> Verdict | None:
        return Verdict(False, "test: cannot", "HS-SPECIAL-09")

    eng = sandbox(fig("a", "p1", (0, 0), SOLDIER), fig("far", "p2", (5, 5), TARGET))
    assert not combat.check_target(eng.state, F(eng, "a"), F(eng, "far"))  # Range 1
    monkeypatch.setattr(modifiers, "_target_hooks", [*modifiers._target_hooks, may])
    assert combat.check_target(eng.state, F(eng, "a"), F(eng, "far"))  # the power beats the core rules
    for hooks in ([may, may_not], [may_not, may]):
        monkeypatch.setattr(modifiers, "_target_hooks", hooks)
        check = combat.check_target(eng.state, F(eng, "a"), F(eng, "far"))
        assert not check and check.reason == "test: cannot"


def test_a_special_attack_keeps_its_own_dice_whatever_the_passive_powers() -> None:
    # rule: HS-SPECIAL-02 (auras and enhancements add to normal attacks only)
    blaster = card(name="Blaster", powers=[special_power("Blast", range=5, attack=3, explosion=1)])
    eng = sandbox(fig("finn", "p1", (2, 2), C("Finn")), fig("b", "p1", (3, 2), blaster), fig("e", "p2", (4, 2), TARGET))
    assert att(eng, "b", "e")[0] == 4
    assert combat.attack_dice(eng.state, F(eng, "b"), F(eng, "e"), special=("Blast", 3))[0] == 3
