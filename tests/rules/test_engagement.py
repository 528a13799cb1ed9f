"""Engagement and height advantage (HS-ENGAGE-*, HS-HEIGHT-*)."""

from __future__ import annotations

import pytest

from bot.rules import combat, engagement
from bot.rules.dice import BLANK, SHIELD, SKULL
from bot.rules.engine import Engine
from bot.rules.state import Figure
from tests.rules.conftest import build, card, dice, fig, refused, sandbox, special_power
from tests.rules.helpers_geo import at, attack, kinds, move, space

FINN = card(name="Finn", height=5)
DEATHWALKER = card(name="Deathwalker", height=7, size="large")
VIKING = card(name="Tarn Viking Warriors", kind="squad", rarity="common", figures=4, height=5)


def figs(eng: Engine) -> dict[str, Figure]:
    return eng.state.figures


# ---- engaged or not ------------------------------------------------------------------------------


def test_adjacent_enemies_are_engaged_friends_and_teammates_are_not() -> None:
    # rule: HS-ENGAGE-01
    eng = sandbox(fig("finn", "p1", (2, 2), FINN), fig("foe", "p2", (3, 2)), fig("pal", "p1", (2, 3)),
                  fig("mate", "p3", (1, 2)), fig("far", "p2", (5, 5)),
                  players=("p1", "p2", "p3"), teams={"p1": "a", "p3": "a", "p2": "b"})
    f = figs(eng)
    assert engagement.engaged(eng.state, f["finn"], f["foe"])
    assert engagement.adjacent(eng.state, f["finn"], f["pal"]) and not engagement.engaged(eng.state, f["finn"], f["pal"])
    assert not engagement.engaged(eng.state, f["finn"], f["mate"])  # a teammate is friendly
    assert not engagement.engaged(eng.state, f["finn"], f["far"])
    assert engagement.engaged_enemies(eng.state, f["finn"]) == [f["foe"]]


def test_finn_is_not_adjacent_to_deathwalker_on_a_ledge_5_levels_up() -> None:
    # rule: HS-ENGAGE-02
    # DEC-09: relative to the lower base. Level 6 is 5 above Finn's level 1: not adjacent;
    # level 5 is only 4 above: adjacent.
    bf = build(hexes=[space(3, 2, 6, "rock"), space(3, 4, 5, "rock")])
    eng = sandbox(fig("finn", "p1", (2, 2), FINN), fig("dw", "p2", (3, 2), DEATHWALKER),
                  fig("dw2", "p2", (2, 4), DEATHWALKER), fig("finn2", "p1", (3, 4), FINN), battlefield=bf)
    f = figs(eng)
    assert not engagement.adjacent(eng.state, f["finn"], f["dw"])
    assert not engagement.engaged(eng.state, f["dw"], f["finn"])
    # Deathwalker (7) at level 1 next to Finn at level 5: 4 levels, less than 7, so adjacent.
    assert engagement.adjacent(eng.state, f["dw2"], f["finn2"])
    assert engagement.engaged(eng.state, f["finn2"], f["dw2"])


@pytest.mark.parametrize(("ruin", "engaged"), [(4, True), (5, False), (6, False), (7, False), (8, False)])
def test_across_a_ruin_both_figures_must_be_taller_than_it(ruin: int, engaged: bool) -> None:
    # rule: HS-ENGAGE-03
    # Finn (5) and Deathwalker (7) across a ruin: engaged only if the ruin is lower than both. A
    # ruin that tall is one of the rulebook's adjacency exceptions (001 § Adjacent Exceptions):
    # the two are then not adjacent either, only on neighbouring spaces.
    bf = build(obstacles=[{"kind": "ruin", "between": [[2, 2], [3, 2]], "height": ruin}])
    eng = sandbox(fig("finn", "p1", (2, 2), FINN), fig("dw", "p2", (3, 2), DEATHWALKER), battlefield=bf)
    f = figs(eng)
    assert f["finn"].hex.is_adjacent(f["dw"].hex)
    assert engagement.adjacent(eng.state, f["finn"], f["dw"]) is engaged
    assert engagement.engaged(eng.state, f["finn"], f["dw"]) is engaged


def test_moving_around_an_engaged_figure_costs_no_swipe_until_it_leaves() -> None:
    # rule: HS-ENGAGE-04
    eng = sandbox(fig("a", "p1", (2, 2)), fig("e", "p2", (3, 2)))  # no dice scripted: none may be rolled
    events = move(eng, "a", [(2, 3), (3, 3)])  # both spaces are next to e
    assert kinds(events, "swipe") == []
    assert engagement.engaged(eng.state, figs(eng)["a"], figs(eng)["e"])


def test_leaving_an_engagement_gives_a_passing_swipe_of_1_die_without_defense() -> None:
    # rule: HS-ENGAGE-05
    eng = sandbox(fig("a", "p1", (2, 2)), fig("e", "p2", (3, 2)), combat=[SKULL])
    events = move(eng, "a", [(1, 2), (0, 2)])
    (swipe,) = kinds(events, "swipe")
    assert swipe["attacker"] == "e" and swipe["dice"] == [SKULL] and swipe["wounds"] == 1
    assert figs(eng)["a"].wounds == 1 and at(eng, "a") == ((0, 2),)
    assert dice(eng).left == 0  # exactly 1 die: no defense roll


def test_a_swipe_that_misses_deals_nothing() -> None:
    # rule: HS-ENGAGE-05
    eng = sandbox(fig("a", "p1", (2, 2)), fig("e", "p2", (3, 2)), combat=[SHIELD])
    move(eng, "a", [(1, 2)])
    assert figs(eng)["a"].wounds == 0


def test_leaving_two_vikings_means_two_dice_and_up_to_two_wounds() -> None:
    # rule: HS-ENGAGE-06
    eng = sandbox(fig("finn", "p1", (2, 2), FINN),
                  fig("v1", "p2", (3, 2), VIKING, card_key="p2/vikings"),
                  fig("v2", "p2", (3, 1), VIKING, card_key="p2/vikings"),
                  combat=[SKULL, SKULL])
    events = move(eng, "finn", [(1, 2), (0, 2)])
    assert sorted(s["attacker"] for s in kinds(events, "swipe")) == ["v1", "v2"]
    assert figs(eng)["finn"].wounds == 2


def test_a_swipe_is_rolled_when_it_is_left_not_at_the_start() -> None:
    # rule: HS-ENGAGE-06
    # Moving along v1 and away from v2 first: v2 swipes at the first step, v1 at the second.
    eng = sandbox(fig("a", "p1", (2, 2)), fig("v1", "p2", (2, 3)), fig("v2", "p2", (3, 1)),
                  combat=[BLANK, SKULL])
    events = move(eng, "a", [(1, 3), (0, 3)])
    assert [s["attacker"] for s in kinds(events, "swipe")] == ["v2", "v1"]
    assert figs(eng)["a"].wounds == 1


def test_an_engaged_figure_attacks_only_figures_it_is_engaged_with() -> None:
    # rule: HS-ENGAGE-07
    archer = card(name="Archer", range=7)
    eng = sandbox(fig("a", "p1", (2, 2), archer), fig("e", "p2", (3, 2)), fig("far", "p2", (6, 2)))
    f = figs(eng)
    check = combat.check_target(eng.state, f["a"], f["far"])
    assert not check and check.rule == "HS-ENGAGE-07"
    refused(eng, "p1", "attack a far", "HS-ENGAGE-07")
    assert combat.check_target(eng.state, f["a"], f["e"])


def test_an_engaged_target_needs_no_line_of_sight(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-ENGAGE-07
    eng = sandbox(fig("a", "p1", (2, 2), card(range=4)), fig("e", "p2", (3, 2)),
                  combat=[SKULL, SKULL, SKULL, BLANK, BLANK, BLANK])
    monkeypatch.setattr(combat, "line_of_sight", lambda *_: False)  # nothing could be seen
    assert combat.check_target(eng.state, figs(eng)["a"], figs(eng)["e"])
    attack(eng, "a", "e")
    assert figs(eng)["e"].wounds == 3


# ---- height advantage ----------------------------------------------------------------------------


def test_the_higher_base_has_height_advantage_whatever_the_heights() -> None:
    # rule: HS-HEIGHT-01
    bf = build(hexes=[space(2, 2, 2)])
    tiny = card(name="Tiny", height=1, size="small")
    giant = card(name="Giant", height=14, size="huge", base=2)
    eng = sandbox(fig("tiny", "p1", (2, 2), tiny), fig("giant", "p2", [(3, 2), (4, 2)], giant), battlefield=bf)
    f = figs(eng)
    assert engagement.has_height_advantage(eng.state, f["tiny"], f["giant"])
    assert not engagement.has_height_advantage(eng.state, f["giant"], f["tiny"])
    level = sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (3, 2)))
    assert not engagement.has_height_advantage(level.state, figs(level)["a"], figs(level)["b"])


def test_height_advantage_adds_a_die_to_attack_and_to_defense() -> None:
    # rule: HS-HEIGHT-02
    bf = build(hexes=[space(2, 2, 3)])
    eng = sandbox(fig("high", "p1", (2, 2)), fig("low", "p2", (3, 2)), battlefield=bf)
    f = figs(eng)
    n, reasons = combat.attack_dice(eng.state, f["high"], f["low"])
    assert n == 4 and ("height advantage", 1) in reasons
    assert combat.defense_dice(eng.state, f["high"], f["low"])[0] == 3
    assert combat.attack_dice(eng.state, f["low"], f["high"])[0] == 3
    assert combat.defense_dice(eng.state, f["low"], f["high"])[0] == 4


def test_height_advantage_dice_are_rolled() -> None:
    # rule: HS-HEIGHT-02
    bf = build(hexes=[space(2, 2, 3)])
    eng = sandbox(fig("high", "p1", (2, 2)), fig("low", "p2", (3, 2)), battlefield=bf,
                  combat=[SKULL] * 4 + [BLANK] * 3)
    (ev,) = kinds(attack(eng, "high", "low"), "attack")
    assert len(ev["attack_dice"]) == 4 and len(ev["defense_dice"]) == 3 and ev["wounds"] == 4


@pytest.mark.parametrize(("levels_up", "extra"), [(1, 1), (10, 1), (11, 2), (15, 2)])
def test_more_than_10_levels_up_gives_2_dice(levels_up: int, extra: int) -> None:
    # rule: HS-HEIGHT-03
    bf = build(hexes=[space(2, 2, 1 + levels_up, "rock")])
    eng = sandbox(fig("high", "p1", (2, 2), card(range=5)), fig("low", "p2", (4, 2)), battlefield=bf)
    f = figs(eng)
    assert engagement.height_advantage_dice(eng.state, f["high"], f["low"]) == extra
    assert combat.attack_dice(eng.state, f["high"], f["low"])[0] == 3 + extra
    assert combat.defense_dice(eng.state, f["low"], f["high"])[0] == 3 + extra


def test_a_special_attack_gets_no_height_die_but_the_defender_keeps_its_own() -> None:
    # rule: HS-HEIGHT-04
    blaster = card(name="Blaster", powers=[special_power("Blast", range=5, attack=3)])
    bf = build(hexes=[space(2, 2, 3), space(5, 2, 5)])
    eng = sandbox(fig("high", "p1", (2, 2), blaster), fig("low", "p2", (4, 2)), fig("top", "p2", (5, 2)),
                  battlefield=bf, combat=[SKULL] * 3 + [BLANK] * 3)
    f = figs(eng)
    assert combat.attack_dice(eng.state, f["high"], f["low"], special=("Blast", 3))[0] == 3
    (ev,) = kinds(eng.execute("p1", "special high Blast low"), "attack")
    assert len(ev["attack_dice"]) == 3  # not 4: no height advantage for a special attack
    assert f["low"].wounds == 3
    # A defender above the attacker still adds its height-advantage die against a special attack.
    assert combat.defense_dice(eng.state, f["high"], f["top"], special="Blast")[0] == 4


def test_destructible_objects_count_as_figures_for_height_advantage() -> None:
    # rule: HS-HEIGHT-05
    # (More in tests/rules/test_objects.py.)
    from bot.rules import object_attacks, objects

    fort = {"id": "fort1", "at": [[3, 2]], "height": 7, "life": 3, "defense": 3}
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=build(hexes=[space(2, 2, 3)], objects=[fort]),
                  combat=[SKULL] * 4 + [BLANK] * 3)
    obj = objects.find(eng.state, "fort1")
    assert obj is not None
    assert object_attacks.attack_dice(eng.state, eng.state.figures["a"], obj)[0] == 4  # 3 + 1 from above
    eng.execute("p1", "attack a fort1")
    assert objects.find(eng.state, "fort1").destroyed  # type: ignore[union-attr]
    low = sandbox(fig("a", "p1", (2, 2)), battlefield=build(hexes=[space(3, 2, 3)], objects=[fort]))
    high_obj = objects.find(low.state, "fort1")
    assert high_obj is not None and object_attacks.defense_dice_of(low.state.figures["a"], high_obj)[0] == 4
