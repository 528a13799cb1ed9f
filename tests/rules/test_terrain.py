"""Terrain tiles, obstacles, roads, stone walls and evergreen trees
(HS-TERRAIN-*, HS-OBSTACLE-*, HS-ROAD-*, HS-WALL-*, HS-TREE-*)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.content.maps import MapFileError
from bot.rules import combat, engagement, los, movement
from bot.rules.battlefield import Battlefield, Cell, Obstacle
from bot.rules.cards import Power
from bot.rules.dice import BLANK, SHIELD, SKULL
from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.scenario import Scenario
from bot.rules.state import Figure
from bot.rules.terrain import EVERGREEN_TREES, STANDARD_HEIGHTS, ObstacleKind, Terrain
from bot.rules.timing import Window
from tests.rules.conftest import build, card, dice, fig, markers, refused, sandbox
from tests.rules.helpers_geo import H, at, attack, hexes, kinds, move, move_text, overhang, space

SOLDIER = card()  # Move 5, Height 5, Medium
FLYER = card(name="Flyer", keywords=["flying"], move=6)
BIG = card(name="Big", base=2, size="large", height=6, move=6)
HUGE = card(name="Huge", size="huge", height=12)


def figure(eng: Engine, fid: str) -> Figure:
    return eng.state.figures[fid]


def cost(eng: Engine, fid: str, *path: tuple[int, int], fly: bool | None = None) -> int | None:
    return movement.move_cost(eng.state, figure(eng, fid), hexes(*path), fly)


def scenario(**variants: str) -> Scenario:
    """A sandbox scenario whose terrain variants are ``old=new`` (``ice="slippery_ice"``)."""
    return Scenario(id="variant", name="Variant", max_players=8,
                    terrain_variants={Terrain(k): Terrain(v) for k, v in variants.items()})


def strip(terrain: str, q0: int = 2, q1: int = 4, r: int = 2, level: int = 1) -> list[dict[str, Any]]:
    return [space(q, r, level, terrain) for q in range(q0, q1 + 1)]


# ==== tiles ========================================================================================


def test_height_0_tiles_are_not_land_and_height_1_tiles_are() -> None:
    # rule: HS-TERRAIN-01
    # rule: HS-TERRAIN-02
    for t in (Terrain.WATER, Terrain.SWAMP_WATER, Terrain.TOXIC_WATER, Terrain.WELLSPRING_WATER):
        assert t.height_zero and not t.is_land
    for t in (Terrain.GRASS, Terrain.ROCK, Terrain.LAVA_FIELD, Terrain.TOXIC_LAND, Terrain.SHADOW, Terrain.ROAD):
        assert t.is_land and not t.height_zero


def test_lava_field_rolls_a_die_per_figure_at_the_end_of_the_round() -> None:
    # rule: HS-TERRAIN-03
    bf = build(hexes=[space(2, 2, 1, "lava_field"), space(4, 4, 1, "lava_field")])
    eng = sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (4, 4)), fig("c", "p2", (6, 6)), battlefield=bf,
                  combat=[SKULL, SHIELD])
    events = eng.execute("p1", "end-round")
    assert sorted(e["figure"] for e in kinds(events, "terrain")) == ["a", "b"]
    assert (figure(eng, "a").wounds, figure(eng, "b").wounds, figure(eng, "c").wounds) == (1, 0, 0)
    assert dice(eng).left == 0


@pytest.mark.parametrize("terrain", ["ice", "snow", "wood", "asphalt", "concrete", "grass", "sand", "dirt"])
def test_plain_tiles_cost_1_a_space(terrain: str) -> None:
    # rule: HS-TERRAIN-04
    # rule: HS-TERRAIN-26
    # rule: HS-TERRAIN-27
    # rule: HS-TERRAIN-30
    eng = sandbox(fig("a", "p1", (1, 2)), battlefield=build(hexes=strip(terrain)))
    assert cost(eng, "a", (2, 2), (3, 2), (4, 2), (5, 2)) == 4
    assert Terrain(terrain).defense_modifier == 0 and not Terrain(terrain).stops_on_entry


@pytest.mark.parametrize(("plain", "variant"), [("ice", "slippery_ice"), ("snow", "heavy_snow")])
def test_slippery_ice_and_heavy_snow_count_each_space_as_2(plain: str, variant: str) -> None:
    # rule: HS-TERRAIN-05
    # rule: HS-TERRAIN-28
    eng = sandbox(fig("a", "p1", (1, 2), card(move=6)), battlefield=build(hexes=strip(variant)))
    assert cost(eng, "a", (2, 2), (3, 2), (4, 2), (5, 2)) == 7
    refused(eng, "p1", move_text("a", [(2, 2), (3, 2), (4, 2), (5, 2)]), "HS-MOVE-03")
    # The same tiles as the scenario designates them (HS-TERRAIN-25-style variants).
    eng2 = sandbox(fig("a", "p1", (1, 2), card(move=6)), battlefield=build(hexes=strip(plain)),
                   scenario=scenario(**{plain: variant}))
    assert cost(eng2, "a", (2, 2), (3, 2), (4, 2), (5, 2)) == 7


@pytest.mark.parametrize("variant", ["slippery_ice", "heavy_snow"])
def test_a_flyer_landing_on_slippery_ice_or_heavy_snow_spends_2(variant: str) -> None:
    # rule: HS-TERRAIN-06
    # rule: HS-TERRAIN-29
    eng = sandbox(fig("f", "p1", (1, 2), FLYER), battlefield=build(hexes=strip(variant)))
    assert cost(eng, "f", (2, 2), (3, 2), fly=True) == 3  # over one for 1, onto the next for 1 + 1
    assert cost(eng, "f", (2, 2), (3, 2), (4, 2), (5, 2), fly=True) == 4  # passing over costs no extra
    assert movement.reachable_hexes(eng.state, figure(eng, "f"))[H(4, 2)] == 4


@pytest.mark.parametrize(("roll", "height", "wounds"), [(5, 5, 1), (6, 5, 0), (2, 5, 1), (1, 5, 2), (1, 12, 2), (20, 12, 0)])
def test_thin_ice_rolls_the_d20_against_the_figures_height(roll: int, height: int, wounds: int) -> None:
    # rule: HS-TERRAIN-07
    # rule: HS-TERRAIN-08
    bf = build(hexes=strip("thin_ice"))
    eng = sandbox(fig("a", "p1", (1, 2), card(height=height, life=5)), battlefield=bf, d20=[roll])
    events = move(eng, "a", [(2, 2), (3, 2)])
    (ev,) = kinds(events, "terrain")
    assert ev["d20"] == roll and figure(eng, "a").wounds == wounds


def test_thin_ice_rolls_only_where_the_move_ends() -> None:
    # rule: HS-TERRAIN-07
    eng = sandbox(fig("a", "p1", (1, 2)), battlefield=build(hexes=strip("ice")), d20=[3],
                  scenario=scenario(ice="thin_ice"))
    move(eng, "a", [(2, 2), (3, 2), (4, 2), (5, 2)])  # over thin ice onto grass: no roll
    assert dice(eng).left == 1


def test_molten_lava_ends_the_move() -> None:
    # rule: HS-TERRAIN-09
    eng = sandbox(fig("a", "p1", (1, 2)), battlefield=build(hexes=strip("molten_lava")))
    assert cost(eng, "a", (2, 2), (3, 2)) is None  # not even from lava onto lava
    refused(eng, "p1", move_text("a", [(2, 2), (3, 2)]), "HS-TERRAIN-09")


@pytest.mark.parametrize(("roll", "destroyed"), [(20, False), (19, True), (1, True)])
def test_molten_lava_destroys_on_1_to_19(roll: int, destroyed: bool) -> None:
    # rule: HS-TERRAIN-10
    eng = sandbox(fig("a", "p1", (1, 2)), battlefield=build(hexes=strip("molten_lava")), d20=[roll])
    move(eng, "a", [(2, 2)])
    assert figure(eng, "a").destroyed is destroyed


@pytest.mark.parametrize("both", [False, True])
def test_a_double_space_figure_in_molten_lava_rolls_once(both: bool) -> None:
    # rule: HS-TERRAIN-11
    bf = build(hexes=strip("molten_lava", 3, 4 if both else 3))
    eng = sandbox(fig("d", "p1", [(2, 2), (1, 2)] if not both else [(3, 2), (2, 2)], BIG), battlefield=bf, d20=[20])
    move(eng, "d", [(3, 2)] if not both else [(4, 2)])
    assert dice(eng).left == 0 and figure(eng, "d").on_battlefield


def test_cooling_lava_ends_the_move_and_wounds_on_entering() -> None:
    # rule: HS-TERRAIN-12
    # rule: HS-TERRAIN-13
    bf = build(hexes=strip("molten_lava"))
    eng = sandbox(fig("a", "p1", (1, 2)), battlefield=bf, scenario=scenario(molten_lava="cooling_lava"))
    refused(eng, "p1", move_text("a", [(2, 2), (3, 2)]), "HS-TERRAIN-12")
    events = move(eng, "a", [(2, 2)])  # no d20: cooling lava is not molten
    assert figure(eng, "a").wounds == 1 and kinds(events, "terrain")[0]["rule"] == "HS-TERRAIN-13"


def cooling_lava_round(*, resistant: bool) -> tuple[Engine, list[Event]]:
    powers = [Power(name="Lava Resistant", text="Protects against cooling lava.", kind="lava_resistant")]
    hot = card(name="Hot", powers=powers if resistant else [])
    eng = sandbox(fig("a", "p1", (2, 2), hot), fig("b", "p2", (5, 5), card(name="Cold")),
                  battlefield=build(hexes=[space(2, 2, 1, "cooling_lava")]), d20=[20, 1])
    eng.execute("p1", "orders " + markers("Hot"))
    eng.execute("p2", "orders " + markers("Cold"))
    if not resistant:
        dice(eng).add([SKULL])
    return eng, eng.execute("p1", "initiative")


def test_cooling_lava_rolls_a_die_at_the_start_of_the_figures_turn() -> None:
    # rule: HS-TERRAIN-14
    eng, events = cooling_lava_round(resistant=False)
    (ev,) = kinds(events, "terrain")
    assert ev["rule"] == "HS-TERRAIN-14" and ev["dice"] == [SKULL]
    assert figure(eng, "a").wounds == 1 and dice(eng).left == 0


def test_lava_resistant_protects_against_cooling_lava() -> None:
    # rule: HS-TERRAIN-15
    eng, events = cooling_lava_round(resistant=True)  # no die scripted for the start of the turn
    assert kinds(events, "terrain") == [] and figure(eng, "a").wounds == 0
    hot = card(name="Hot", powers=[Power(name="Lava Resistant", text=".", kind="lava_resistant")])
    eng2 = sandbox(fig("a", "p1", (1, 2), hot), battlefield=build(hexes=strip("cooling_lava")))
    move(eng2, "a", [(2, 2)])
    assert figure(eng2, "a").wounds == 0 and at(eng2, "a") == ((2, 2),)  # it still stops there


@pytest.mark.parametrize(("size", "extra"), [("small", 1), ("medium", 1), ("large", 1), ("huge", 0)])
def test_shadow_gives_1_defense_to_all_but_huge_figures(size: str, extra: int) -> None:
    # rule: HS-TERRAIN-16
    bf = build(hexes=[space(3, 2, 1, "shadow")])
    eng = sandbox(fig("a", "p1", (1, 2), card(name="A", range=4)), fig("t", "p2", (3, 2), card(name="T", size=size)),
                  battlefield=bf)
    assert combat.defense_dice(eng.state, figure(eng, "a"), figure(eng, "t"))[0] == 3 + extra


@pytest.mark.parametrize(("terrain", "rule"), [("water", "HS-TERRAIN-17"), ("wellspring_water", "HS-TERRAIN-18")])
def test_water_and_wellspring_water_end_a_single_space_figures_move(terrain: str, rule: str) -> None:
    # rule: HS-TERRAIN-17
    # rule: HS-TERRAIN-18
    eng = sandbox(fig("a", "p1", (1, 2)), battlefield=build(hexes=strip(terrain)))
    refused(eng, "p1", move_text("a", [(2, 2), (3, 2)]), rule)
    move(eng, "a", [(2, 2)])
    assert at(eng, "a") == ((2, 2),)
    assert Terrain(terrain).is_water


def wellspring_engine(wounds: int, d20: list[int], kind: str = "hero") -> Engine:
    bf = build(hexes=[space(2, 2, 1, "wellspring_water")])
    who = card(name="Hero", life=5) if kind == "hero" else card(name="Squad", kind="squad", rarity="common", life=3)
    return sandbox(fig("a", "p1", (2, 2), who, wounds=wounds), battlefield=bf, d20=d20)


@pytest.mark.parametrize(("roll", "after"), [(12, 1), (20, 1), (11, 2), (3, 2), (2, 4), (1, 4)])
def test_wellspring_water_may_heal_or_hurt_a_hero_at_the_start_of_the_round(roll: int, after: int) -> None:
    # rule: HS-TERRAIN-19
    eng = wellspring_engine(2, [roll])
    eng.run_window(Window.START_OF_ROUND, "")
    (pending,) = eng.state.pending
    assert (pending.player, pending.kind, pending.rule) == ("p1", "wellspring_water", "HS-TERRAIN-19")
    eng.execute("p1", "choose roll")
    assert figure(eng, "a").wounds == after and not eng.state.pending


def test_wellspring_water_is_optional_and_only_for_heroes() -> None:
    # rule: HS-TERRAIN-19
    eng = wellspring_engine(2, [])
    eng.run_window(Window.START_OF_ROUND, "")
    eng.execute("p1", "choose skip")  # nothing rolled
    assert figure(eng, "a").wounds == 2
    squad = wellspring_engine(1, [], kind="squad")
    squad.run_window(Window.START_OF_ROUND, "")
    assert not squad.state.pending


def test_wellspring_water_asks_at_the_start_of_a_real_round() -> None:
    # rule: HS-TERRAIN-19
    bf = build(hexes=[space(2, 2, 1, "wellspring_water")])
    eng = sandbox(fig("a", "p1", (2, 2), card(name="Hero"), wounds=1), fig("b", "p2", (6, 6), card(name="Foe")),
                  battlefield=bf, d20=[20, 1])
    eng.execute("p1", "orders " + markers("Hero"))
    eng.execute("p2", "orders " + markers("Foe"))
    eng.execute("p1", "initiative")
    for _ in range(3):
        eng.execute("p1", "end-turn")
        eng.execute("p2", "end-turn")
    assert eng.state.round == 2
    assert [p.kind for p in eng.state.pending] == ["wellspring_water"]
    dice(eng).add(d20=[15])
    eng.execute("p1", "choose roll")
    assert figure(eng, "a").wounds == 0


@pytest.mark.parametrize("terrain", ["swamp_water", "toxic_water"])
def test_swamp_and_toxic_water_are_water_that_does_not_stop(terrain: str) -> None:
    # rule: HS-TERRAIN-20
    # rule: HS-TERRAIN-21
    eng = sandbox(fig("a", "p1", (1, 2)), battlefield=build(hexes=strip(terrain)))
    assert Terrain(terrain).is_water and not Terrain(terrain).stops_on_entry
    move(eng, "a", [(2, 2), (3, 2), (4, 2), (5, 2)])
    assert at(eng, "a") == ((5, 2),)


@pytest.mark.parametrize(("terrain", "change"), [("toxic_water", -2), ("toxic_land", -1)])
def test_toxic_terrain_lowers_defense(terrain: str, change: int) -> None:
    # rule: HS-TERRAIN-22
    # rule: HS-TERRAIN-23
    bf = build(hexes=[space(3, 2, 1, terrain)])
    eng = sandbox(fig("a", "p1", (1, 2), card(name="A", range=4)), fig("t", "p2", (3, 2)), battlefield=bf,
                  combat=[SKULL] * 3 + [SHIELD] * (3 + change))
    n, reasons = combat.defense_dice(eng.state, figure(eng, "a"), figure(eng, "t"))
    assert n == 3 + change and ("terrain", change) in reasons
    (ev,) = kinds(attack(eng, "a", "t"), "attack")
    assert len(ev["defense_dice"]) == 3 + change


def test_a_double_space_figure_on_toxic_land_and_toxic_water_loses_2_not_3() -> None:
    # rule: HS-TERRAIN-24
    bf = build(hexes=[space(3, 2, 1, "toxic_land"), space(4, 2, 1, "toxic_water")])
    eng = sandbox(fig("a", "p1", (1, 2), card(name="A", range=4)), fig("d", "p2", [(3, 2), (4, 2)], BIG),
                  battlefield=bf)
    assert combat.defense_dice(eng.state, figure(eng, "a"), figure(eng, "d"))[0] == 1


def test_wood_is_decking_unless_the_scenario_makes_it_road() -> None:
    # rule: HS-TERRAIN-25
    # rule: HS-TERRAIN-26
    bf = build([{"q": [0, 9], "r": [0, 3], "level": 1, "terrain": "wood"}])
    path = [(q, 1) for q in range(2, 10)]
    decking = sandbox(fig("a", "p1", (1, 1)), battlefield=bf)
    assert cost(decking, "a", *path[:5]) == 5
    refused(decking, "p1", move_text("a", path), "HS-MOVE-03")
    road = sandbox(fig("a", "p1", (1, 1)), battlefield=bf, scenario=scenario(wood="road"))
    move(road, "a", path)  # 8 spaces: Move 5 + 3 on road
    assert at(road, "a") == ((9, 1),)
    assert bf.terrain(H(9, 1), 1) is Terrain.WOOD  # the battlefield itself is unchanged


def test_battlefield_variants_are_built_once_and_leave_the_original_alone() -> None:
    # rule: HS-TERRAIN-25
    bf = build(hexes=strip("ice"))
    slippery = bf.with_variants({Terrain.ICE: Terrain.SLIPPERY_ICE})
    assert slippery is bf.with_variants({Terrain.ICE: Terrain.SLIPPERY_ICE})
    assert bf.with_variants({}) is bf
    assert slippery.terrain(H(2, 2), 1) is Terrain.SLIPPERY_ICE and bf.terrain(H(2, 2), 1) is Terrain.ICE


# ==== obstacles ====================================================================================


def test_no_figure_moves_onto_or_through_an_obstacle() -> None:
    # rule: HS-OBSTACLE-01
    bf = build(obstacles=[{"kind": "tree", "at": [[3, 2]], "height": 10}, {"kind": "outcrop", "at": [[3, 4]], "height": 7}])
    eng = sandbox(fig("a", "p1", (2, 2)), fig("b", "p1", (2, 4)), battlefield=bf)
    refused(eng, "p1", move_text("a", [(3, 2)]), "HS-MOVE-07")
    refused(eng, "p1", move_text("b", [(3, 4), (4, 4)]), "HS-MOVE-07")
    reach = movement.reachable_hexes(eng.state, figure(eng, "a"))
    assert H(3, 2) not in reach and H(3, 4) not in reach and reach[H(4, 2)] == 3


def test_an_obstacle_between_spaces_is_climbed_like_levels() -> None:
    # rule: HS-OBSTACLE-02
    bf = build(obstacles=[{"kind": "ruin", "between": [[2, 2], [3, 2]], "height": 3}])
    eng = sandbox(fig("a", "p1", (2, 2), card(move=5)), battlefield=bf)
    assert cost(eng, "a", (3, 2)) == 4  # 3 for the ruin's side, 1 for the space
    assert cost(eng, "a", (2, 3), (3, 3), (3, 2)) == 3  # around it
    move(eng, "a", [(3, 2), (4, 2)])
    assert at(eng, "a") == ((4, 2),)


def test_crossing_needs_movement_to_reach_an_empty_space_beyond() -> None:
    # rule: HS-OBSTACLE-03
    bf = build(obstacles=[{"kind": "ruin", "between": [[2, 2], [3, 2]], "height": 3}])
    eng = sandbox(fig("a", "p1", (2, 2), card(move=4)), fig("f", "p1", (3, 2)), battlefield=bf)
    # Over the ruin onto the friend costs 4, but the move cannot end there and 5 is too much.
    refused(eng, "p1", move_text("a", [(3, 2)]), "HS-MOVE-08")
    refused(eng, "p1", move_text("a", [(3, 2), (4, 2)]), "HS-MOVE-03")
    assert movement.reachable_hexes(eng.state, figure(eng, "a"))[H(4, 2)] == 3  # around the ruin only
    short = sandbox(fig("a", "p1", (2, 2), card(move=3)), battlefield=bf)
    refused(short, "p1", move_text("a", [(3, 2)]), "HS-MOVE-03")


def cannon_field() -> Battlefield:
    return build([{"q": [0, 11], "r": [0, 6], "level": 1, "terrain": "grass"}],
                 obstacles=[{"kind": "cannon", "id": "c1", "at": [[2, 3]]}],
                 objects=[{"id": "fort1", "at": [[6, 1]], "height": 7, "life": 3, "defense": 3}])


@pytest.mark.parametrize("rule", ["HS-OBSTACLE-04", "HS-OBSTACLE-05", "HS-OBSTACLE-06", "HS-OBSTACLE-07",
                                  "HS-OBSTACLE-08"])
def test_cannon_fire(rule: str) -> None:
    # rule: HS-OBSTACLE-04
    # rule: HS-OBSTACLE-05
    # rule: HS-OBSTACLE-06
    # rule: HS-OBSTACLE-07
    # rule: HS-OBSTACLE-08
    # (More in tests/rules/test_cannon.py.) The gunner stands next to cannon c1; t is 7 spaces from
    # the cannon, t2 next to t.
    eng = sandbox(fig("gun", "p1", (1, 3)), fig("t", "p2", (9, 3)), fig("t2", "p2", (9, 4)), battlefield=cannon_field())
    if rule == "HS-OBSTACLE-04":  # instead of its normal attack
        dice(eng).add([BLANK] * 9)
        eng.execute("p1", "cannon gun c1 t")
        refused(eng, "p1", "attack gun t", "HS-SPECIAL-01")
    elif rule == "HS-OBSTACLE-05":  # range from the cannon's space: 8 from it, 9 from the gunner
        assert Hex(2, 3).distance(Hex(10, 3)) == 8 and Hex(1, 3).distance(Hex(10, 3)) == 9
        far = sandbox(fig("gun", "p1", (1, 3)), fig("t", "p2", (10, 3)), battlefield=cannon_field(),
                      combat=[BLANK] * 6)
        far.execute("p1", "cannon gun c1 t")
        assert dice(far).left == 0
    elif rule == "HS-OBSTACLE-06":
        dice(eng).add([BLANK] * 9)
        eng.execute("p1", "cannon gun c1 t")
        eng.state.turn.attacked.clear()  # type: ignore[union-attr]
        refused(eng, "p1", "cannon gun c1 t", "HS-OBSTACLE-06")
    elif rule == "HS-OBSTACLE-07":  # Attack 3, Explosion 1: t and t2 both defend against one roll
        dice(eng).add([SKULL, SKULL, SKULL] + [BLANK] * 6)
        events = eng.execute("p1", "cannon gun c1 t")
        assert [e["wounds"] for e in kinds(events, "attack")] == [3, 3]
        assert len(kinds(events, "special_roll")[0]["attack_dice"]) == 3 and dice(eng).left == 0
    else:  # objects roll no defense against Cannon Fire
        dice(eng).add([SKULL, BLANK, BLANK])
        events = eng.execute("p1", "cannon gun c1 fort1")
        assert kinds(events, "object_attack")[0]["defense_dice"] == [] and dice(eng).left == 0


def test_cannons_are_height_2_obstacles() -> None:
    # rule: HS-OBSTACLE-09
    assert STANDARD_HEIGHTS[ObstacleKind.CANNON] == (2,)
    bf = build(obstacles=[{"kind": "cannon", "at": [[2, 3]], "height": 2}])
    eng = sandbox(fig("v", "p1", (0, 3), card(range=7)), fig("t", "p2", (4, 3)), battlefield=bf)
    assert H(2, 3) not in movement.reachable_hexes(eng.state, figure(eng, "v"))
    assert los.line_of_sight(eng.state, figure(eng, "v"), figure(eng, "t"))  # seen over a cannon


def test_fortified_walls_need_a_hex_interlock() -> None:
    # rule: HS-OBSTACLE-10
    build(obstacles=[{"kind": "fortified_wall", "at": [[2, 2], [3, 2]], "height": 7}])
    with pytest.raises((MapFileError, ValueError), match="interlock"):
        build(hexes=[space(2, 2, 1, "water")], obstacles=[{"kind": "fortified_wall", "at": [[2, 2]], "height": 7}])


def test_fortified_walls_are_height_7() -> None:
    # rule: HS-OBSTACLE-11
    assert STANDARD_HEIGHTS[ObstacleKind.FORTIFIED_WALL] == (7,)
    assert ObstacleKind("fortified_wall") is ObstacleKind.FORTIFIED_WALL


def test_laur_jungle_pieces_may_stand_on_any_spaces() -> None:
    # rule: HS-OBSTACLE-12
    # (That they should lock into two other hex edges is building advice, not checked.)
    bf = build(hexes=[space(5, 5, 1, "water")],
               obstacles=[{"kind": "jungle_tree", "at": [[2, 2], [3, 2], [2, 3]], "height": 14},
                          {"kind": "underbrush", "at": [[5, 5]], "height": 10}])
    assert len(bf.obstacles_on(H(3, 2))) == 1 and len(bf.obstacles_on(H(5, 5))) == 1


@pytest.mark.parametrize("kind", ["jungle_tree", "underbrush"])
def test_laur_jungle_gives_a_defense_die_against_distant_attackers(kind: str) -> None:
    # rule: HS-OBSTACLE-13
    bf = build(obstacles=[{"kind": kind, "at": [[3, 3]], "height": 10}])
    eng = sandbox(fig("t", "p2", (3, 2)), fig("far", "p1", (0, 2), card(name="Archer", range=6)),
                  fig("near", "p1", (4, 2)), fig("huge", "p2", (2, 4), HUGE), battlefield=bf)
    st = eng.state
    n, reasons = combat.defense_dice(st, figure(eng, "far"), figure(eng, "t"))
    assert n == 4 and ("jungle cover", 1) in reasons
    assert combat.defense_dice(st, figure(eng, "near"), figure(eng, "t"))[0] == 3  # adjacent attacker
    assert combat.defense_dice(st, figure(eng, "far"), figure(eng, "huge"))[0] == 3  # Huge: no cover


def test_laur_jungle_heights() -> None:
    # rule: HS-OBSTACLE-14
    assert STANDARD_HEIGHTS[ObstacleKind.JUNGLE_TREE] == (13, 14, 15)
    assert STANDARD_HEIGHTS[ObstacleKind.UNDERBRUSH] == (10,)


def test_laur_walls_are_height_9_and_block_like_walls() -> None:
    # rule: HS-OBSTACLE-15
    assert STANDARD_HEIGHTS[ObstacleKind.WALL] == (9,)
    bf = build(obstacles=[{"kind": "wall", "at": [[3, 2]], "height": 9},
                          {"kind": "wall", "between": [[3, 2], [4, 2]], "height": 9}])
    eng = sandbox(fig("a", "p1", (2, 2), card(move=12)), fig("b", "p1", (4, 3), card(move=12)), battlefield=bf)
    assert cost(eng, "a", (3, 2)) is None  # the column
    assert cost(eng, "b", (4, 2), (3, 3)) == 2  # walls hang between columns, not in the way here


def ship_field() -> Battlefield:
    # Ground at level 1 outside (q 0-2); the ship's lower deck 1 up (q 3-5, level 2) behind its hull
    # (Height 9 from outside), an upper deck tile attached 7 up (level 8) at (3, 2), by the hull.
    return build([{"q": [0, 7], "r": [0, 4], "level": 1, "terrain": "grass"},
                  {"q": [3, 5], "r": [0, 4], "level": 2, "terrain": "wood"}],
                 hexes=[space(3, 2, 8, "wood")],
                 obstacles=[{"kind": "ship", "between": [[2, r], [3, r]], "level": 1} for r in range(5)])


@pytest.mark.parametrize("rule", ["HS-OBSTACLE-16", "HS-OBSTACLE-17"])
def test_ship_pieces(rule: str) -> None:
    # rule: HS-OBSTACLE-16
    # rule: HS-OBSTACLE-17
    bf = ship_field()
    if rule == "HS-OBSTACLE-16":
        # The hull is attached at its lower level; a tile may attach to its upper level.
        assert bf.top_cell(H(3, 2)).top == 8  # type: ignore[union-attr]
        with pytest.raises(MapFileError, match="attached"):
            build(obstacles=[{"kind": "ship", "between": [[2, 2], [3, 2]], "level": 5}])
        return
    assert STANDARD_HEIGHTS[ObstacleKind.SHIP] == (9,)
    climber = card(name="Climber", move=20, height=5)
    eng = sandbox(fig("out", "p1", (2, 1), climber), fig("low", "p1", (3, 3), climber),
                  fig("up", "p1", (3, 2), climber), battlefield=bf)
    figure(eng, "up").level = 8
    assert cost(eng, "out", (3, 1)) == 10  # 9 over the hull from outside, and the space
    assert cost(eng, "low", (2, 3)) == 9  # 8 from the lower deck
    assert cost(eng, "up", (2, 2)) == 3  # 2 over the hull from the upper deck


@pytest.mark.parametrize("rule", ["HS-OBSTACLE-18", "HS-OBSTACLE-19"])
def test_outcrop_tiles(rule: str) -> None:
    # rule: HS-OBSTACLE-18
    # rule: HS-OBSTACLE-19
    if rule == "HS-OBSTACLE-18":
        # An outcrop's spaces are holed tiles; a holed tile without one plays as its terrain.
        bf = build(hexes=[{"at": [5, 5], "level": 1, "terrain": "rock", "holed": True}],
                   obstacles=[{"kind": "glacier", "at": [[2, 2]], "height": 7}])
        assert {H(2, 2), H(5, 5)} <= bf.holed
        eng = sandbox(fig("a", "p1", (4, 5)), battlefield=bf)
        assert cost(eng, "a", (5, 5)) == 1 and bf.terrain(H(5, 5), 1) is Terrain.ROCK
        return
    build(obstacles=[{"kind": "outcrop", "at": [[2, 2], [3, 2], [2, 3]], "height": 9}])  # three that touch
    with pytest.raises(MapFileError, match="touch"):
        build(obstacles=[{"kind": "outcrop", "at": [[2, 2], [3, 2], [4, 2]], "height": 9}])  # in a row


def test_outcrop_heights_and_a_3_hex_outcrop_blocks_all_3() -> None:
    # rule: HS-OBSTACLE-20
    assert STANDARD_HEIGHTS[ObstacleKind.OUTCROP] == (5, 7, 9)
    bf = build(obstacles=[{"kind": "outcrop", "at": [[3, 2]], "height": 5}, {"kind": "outcrop", "at": [[4, 2]], "height": 7},
                          {"kind": "outcrop", "at": [[3, 3]], "height": 9}])
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=bf)
    reach = movement.reachable_hexes(eng.state, figure(eng, "a"))
    assert not {H(3, 2), H(4, 2), H(3, 3)} & set(reach)


# ==== roads =======================================================================================


def road_field(**extra: Any) -> Battlefield:
    return build([{"q": [0, 11], "r": [0, 3], "level": 1, "terrain": "grass"},
                  {"q": [0, 11], "r": [1, 1], "level": 1, "terrain": "road"}], **extra)


def test_road_tiles_stack_like_any_tile() -> None:
    # rule: HS-ROAD-01
    bf = road_field(hexes=[space(3, 2, 3, "road")] + [overhang(q, 3, 4, 5, "road") for q in range(0, 5)])
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=bf)
    assert cost(eng, "a", (3, 2)) == 3  # a road space 2 levels up is climbed as usual
    assert bf.surface(H(2, 3), 5) is not None and bf.surface(H(2, 3), 1) is not None  # a road deck above grass


def test_each_road_space_costs_1() -> None:
    # rule: HS-ROAD-02
    eng = sandbox(fig("a", "p1", (0, 1)), battlefield=road_field())
    assert cost(eng, "a", (1, 1), (2, 1), (3, 1)) == 3


def test_a_move_all_on_road_gets_3_more_road_spaces() -> None:
    # rule: HS-ROAD-03
    # rule: HS-ROAD-06
    # Finn, Move 5, moves 8. (Road rules hold in both games; the engine plays the Master Game.)
    eng = sandbox(fig("finn", "p1", (0, 1), card(name="Finn")), battlefield=road_field())
    path = [(q, 1) for q in range(1, 9)]
    plan = movement.plan(eng.state, figure(eng, "finn"), hexes(*path))
    assert plan.road and plan.allowance == 8
    move(eng, "finn", path)
    assert at(eng, "finn") == ((8, 1),)


def test_the_road_bonus_needs_a_start_and_every_space_on_road() -> None:
    # rule: HS-ROAD-03
    eng = sandbox(fig("a", "p1", (0, 1)), fig("b", "p1", (0, 2)), battlefield=road_field())
    refused(eng, "p1", move_text("a", [(q, 1) for q in range(1, 7)] + [(6, 2)]), "HS-MOVE-03")  # ends off road
    refused(eng, "p1", move_text("b", [(1, 1)] + [(q, 1) for q in range(2, 8)]), "HS-MOVE-03")  # starts off road
    reach = movement.reachable_hexes(eng.state, figure(eng, "a"))
    assert reach[H(8, 1)] == 8 and H(6, 2) not in reach


def test_a_flyer_gets_the_road_bonus_only_when_it_walks() -> None:
    # rule: HS-ROAD-04
    flyer = card(name="Flyer", keywords=["flying"], move=5)
    eng = sandbox(fig("f", "p1", (0, 1), flyer), battlefield=road_field())
    path = hexes(*[(q, 1) for q in range(1, 9)])
    assert movement.plan(eng.state, figure(eng, "f"), path, fly=False).allowance == 8
    with pytest.raises(IllegalCommand, match="Move 5"):
        movement.plan(eng.state, figure(eng, "f"), path, fly=True)
    assert H(8, 1) not in movement.reachable_hexes(eng.state, figure(eng, "f"), fly=True)
    assert H(8, 1) in movement.reachable_hexes(eng.state, figure(eng, "f"), fly=False)


def test_wood_roads_and_stone_roads_mix() -> None:
    # rule: HS-ROAD-05
    bf = build([{"q": [0, 11], "r": [0, 3], "level": 1, "terrain": "grass"},
                {"q": [0, 11], "r": [1, 1], "level": 1, "terrain": "road"},
                {"q": [3, 5], "r": [1, 1], "level": 1, "terrain": "wood"}])
    path = [(q, 1) for q in range(1, 9)]
    eng = sandbox(fig("a", "p1", (0, 1)), battlefield=bf, scenario=scenario(wood="road"))
    move(eng, "a", path)
    assert at(eng, "a") == ((8, 1),)
    plain = sandbox(fig("a", "p1", (0, 1)), battlefield=bf)
    refused(plain, "p1", move_text("a", path), "HS-MOVE-03")


# ==== stone walls =================================================================================


def wall_field(*, inside: int = 3, outside: int = 2) -> Battlefield:
    """Inside (q 0-2) at ``inside``, outside (q 3-7) at ``outside``; a stone wall on the edges between
    q 2 and q 3 for rows 0-4, its foot on the inside tile (Height 2 from there)."""
    return build([{"q": [0, 7], "r": [0, 7], "level": outside, "terrain": "grass"},
                  {"q": [0, 2], "r": [0, 7], "level": inside, "terrain": "grass"}],
                 obstacles=[{"kind": "stone_wall", "between": [[2, r], [3, r]], "height": 2, "level": inside}
                            for r in range(0, 5)])


def test_stone_wall_rules_that_hold_in_the_master_game() -> None:
    # rule: HS-WALL-01
    # Falling and engagement over stone walls are Master Game rules; the engine plays only the
    # Master Game (DEC-06), so both apply: a Height 2 figure across the wall is not engaged.
    eng = sandbox(fig("a", "p1", (2, 2), card(name="Tiny", height=2, size="small")), fig("b", "p2", (3, 2)),
                  battlefield=wall_field(outside=3))
    assert eng.state.scenario.level == "master"
    assert figure(eng, "a").hex.is_adjacent(figure(eng, "b").hex)  # neighbours, split by the wall
    assert not engagement.adjacent(eng.state, figure(eng, "a"), figure(eng, "b"))  # HS-ENGAGE-03
    assert not engagement.engaged(eng.state, figure(eng, "a"), figure(eng, "b"))


def test_stone_walls_as_a_bridge_a_long_wall_or_alone() -> None:
    # rule: HS-WALL-02
    # A bridge: the 5-space road tile as a deck 4 levels over a river, stone walls at both ends.
    bridge = build([{"q": [0, 8], "r": [0, 4], "level": 1, "terrain": "grass"},
                    {"q": [0, 8], "r": [2, 2], "level": 1, "terrain": "water"}],
                   hexes=[overhang(q, 2, 4, 5, "road") for q in range(2, 7)]
                   + [space(q, r, 5) for q in range(2, 7) for r in (1, 3)],
                   obstacles=[{"kind": "stone_wall", "between": [[2, 2], [1, 2]], "height": 2, "level": 5},
                              {"kind": "stone_wall", "between": [[6, 2], [7, 2]], "height": 2, "level": 5}])
    eng = sandbox(fig("a", "p1", (2, 2), level=5), fig("u", "p1", (3, 2), card(name="Otter", height=3), level=1),
                  battlefield=bridge)
    move(eng, "a", [(3, 2), (4, 2), (5, 2), (6, 2)])
    assert figure(eng, "a").level == 5  # along the deck
    move(eng, "u", [(4, 2)])  # and under it (it fits in the gap of 3)
    assert figure(eng, "u").level == 1
    long_wall = wall_field()
    assert len(long_wall.edge_obstacles) == 5
    alone = build(obstacles=[{"kind": "stone_wall", "between": [[2, 2], [3, 2]], "height": 2}])
    assert len(alone.edge_obstacles) == 1


def test_a_stone_wall_must_be_attached_to_tiles() -> None:
    # rule: HS-WALL-03
    with pytest.raises((MapFileError, ValueError), match="attached"):
        build(obstacles=[{"kind": "stone_wall", "between": [[2, 2], [3, 2]], "height": 2, "level": 4}])
    cols = {Hex(0, 0): (Cell(1, Terrain.GRASS),)}
    with pytest.raises(ValueError, match="neither hex"):
        Battlefield.build("x", cols, [Obstacle(ObstacleKind.STONE_WALL, 2, 1, between=(Hex(5, 5), Hex(6, 5)))])


def test_a_stone_wall_is_2_high_inside_and_3_outside() -> None:
    # rule: HS-WALL-04
    # rule: HS-WALL-05
    eng = sandbox(fig("in", "p1", (2, 1)), fig("out", "p1", (3, 3)), battlefield=wall_field())
    assert STANDARD_HEIGHTS[ObstacleKind.STONE_WALL] == (2,)
    assert cost(eng, "in", (3, 1)) == 3  # 2 over the inside wall, 1 for the space
    assert cost(eng, "out", (2, 3)) == 4  # 3 over the outside wall, 1 for the space


def test_an_elevated_outside_wall_counts_its_support_tiles() -> None:
    # rule: HS-WALL-05
    eng = sandbox(fig("out", "p1", (3, 3)), battlefield=wall_field(inside=4, outside=2))
    assert cost(eng, "out", (2, 3)) == 5  # 2 support levels + the wall's 2 + 1 for the space
    eng2 = sandbox(fig("out", "p1", (3, 3), card(move=4)), battlefield=wall_field(inside=4, outside=2))
    refused(eng2, "p1", move_text("out", [(2, 3)]), "HS-MOVE-03")


def test_a_height_4_blade_grut_is_not_engaged_across_a_wall_of_total_height_4() -> None:
    # rule: HS-WALL-06
    # Finn on the inside (level 3), the wall's top at 5. Grut 1 outside at level 2 reaches 6:
    # engaged. Grut 2 outside on a lower step at level 1 reaches only 5, the wall's top (the
    # wall stands 4 above its base): not engaged, and (an adjacency exception, HS-ENGAGE-03) not
    # adjacent either, though on a neighbouring space.
    bf = build([{"q": [0, 7], "r": [0, 7], "level": 2, "terrain": "grass"},
                {"q": [0, 2], "r": [0, 7], "level": 3, "terrain": "grass"},
                {"q": [3, 7], "r": [2, 2], "level": 1, "terrain": "grass"}],
               obstacles=[{"kind": "stone_wall", "between": [[2, r], [3, r + d]], "height": 2, "level": 3}
                          for r in range(0, 7) for d in (0, -1)])
    grut = card(name="Blade Gruts", kind="squad", rarity="common", height=4)
    eng = sandbox(fig("finn", "p1", (2, 3), card(name="Finn")), fig("g1", "p2", (3, 3), grut, card_key="p2/g"),
                  fig("g2", "p2", (3, 2), grut, card_key="p2/g"), battlefield=bf)
    st, finn, g1, g2 = eng.state, figure(eng, "finn"), figure(eng, "g1"), figure(eng, "g2")
    assert bf.obstacles_between(H(2, 3), H(3, 3)) and bf.obstacles_between(H(2, 3), H(3, 2))
    assert engagement.engaged(st, finn, g1)
    assert g2.level == 1 and finn.hex.is_adjacent(g2.hex) and not engagement.adjacent(st, finn, g2)
    assert engagement.adjacent(st, finn, g1)
    assert not engagement.engaged(st, finn, g2)


def los_mark_field(kind: str = "stone_wall") -> Battlefield:
    return build([{"q": [0, 7], "r": [0, 7], "level": 2, "terrain": "grass"},
                  {"q": [0, 2], "r": [0, 7], "level": 3, "terrain": "grass"}],
                 obstacles=[{"kind": kind, "between": [[2, r], [3, r]], "height": 2, "level": 3} for r in range(0, 8)])


SYVARRIS = card(name="Syvarris", range=9, height=2, size="small")  # short enough to hide behind the wall
GRUT = card(name="Blade Grut", height=4)


def test_a_line_of_sight_mark_lets_an_inside_figure_shoot_over_the_wall() -> None:
    # rule: HS-WALL-07
    # rule: HS-WALL-08
    for kind, seen in (("stone_wall", True), ("ruin", False)):  # a ruin of the same size has no marks
        eng = sandbox(fig("s", "p1", (2, 3), SYVARRIS), fig("g", "p2", (5, 3), GRUT), battlefield=los_mark_field(kind))
        st, s, g = eng.state, figure(eng, "s"), figure(eng, "g")
        assert los.line_of_sight(st, s, g) is seen
        assert bool(combat.check_target(st, s, g)) is seen
        assert len(los.los_marks(st, s)) == (1 if seen else 0)


def test_line_of_sight_marks_serve_only_the_inside() -> None:
    # rule: HS-WALL-07
    eng = sandbox(fig("s", "p1", (2, 3), SYVARRIS), fig("o", "p2", (3, 5), SYVARRIS), battlefield=los_mark_field())
    st = eng.state
    assert len(los.los_marks(st, figure(eng, "s"))) == 1
    assert los.los_marks(st, figure(eng, "o")) == []  # outside: the marks are not for it
    far = sandbox(fig("s", "p1", (1, 3), SYVARRIS), battlefield=los_mark_field())
    assert los.los_marks(far.state, figure(far, "s")) == []  # not next to the wall


def test_line_of_sight_marks_count_for_clear_sight_spaces() -> None:
    # rule: HS-WALL-09
    for kind, seen in (("stone_wall", True), ("ruin", False)):
        eng = sandbox(fig("s", "p1", (2, 3), SYVARRIS), fig("g", "p2", (5, 3), GRUT), battlefield=los_mark_field(kind))
        st, s = eng.state, figure(eng, "s")
        assert los.sees_space(st, s, Hex(5, 2), 2) is seen
        assert los.clear_sight(st, s, figure(eng, "g")) is seen


# ==== evergreen trees =============================================================================


def test_trees_stand_only_on_spaces_with_a_hex_interlock() -> None:
    # rule: HS-TREE-01
    build(obstacles=[{"kind": "tree", "at": [[2, 2]], "height": 10}])
    with pytest.raises((MapFileError, ValueError), match="interlock"):
        build(hexes=[space(2, 2, 1, "water")], obstacles=[{"kind": "tree", "at": [[2, 2]], "height": 10}])


def test_the_evergreen_set() -> None:
    # rule: HS-TREE-02
    # rule: HS-TREE-03
    assert len(EVERGREEN_TREES) == 5
    assert sorted(s for _, s in EVERGREEN_TREES) == [1, 1, 1, 1, 4]
    assert dict((s, h) for h, s in EVERGREEN_TREES)[4] == 15
    assert sorted(h for h, _ in EVERGREEN_TREES) == [10, 11, 11, 12, 15]
    assert STANDARD_HEIGHTS[ObstacleKind.TREE] == (10, 11, 12, 15)


def test_no_figure_moves_through_any_space_of_a_tree() -> None:
    # rule: HS-TREE-04
    four = [[3, 2], [4, 2], [3, 3], [4, 3]]
    bf = build(obstacles=[{"kind": "tree", "at": four, "height": 15}])
    eng = sandbox(fig("a", "p1", (2, 2), card(move=8)), battlefield=bf)
    reach = movement.reachable_hexes(eng.state, figure(eng, "a"))
    assert not {H(q, r) for q, r in four} & set(reach)
    for q, r in four:
        refused(eng, "p1", move_text("a", [(q, r)] if H(q, r).is_adjacent(H(2, 2)) else [(2, 3), (q, r)]))


def test_trees_block_line_of_sight_but_a_gap_between_them_does_not() -> None:
    # rule: HS-TREE-05
    # rule: HS-TREE-06
    # (Tree rules hold in both games; the engine plays the Master Game.)
    wall = build(obstacles=[{"kind": "tree", "at": [[2, r]], "height": 10} for r in (2, 3, 4)])
    gap = build(obstacles=[{"kind": "tree", "at": [[2, r]], "height": 10} for r in (1, 2, 4, 5)])
    for bf, seen in ((wall, False), (gap, True)):
        eng = sandbox(fig("v", "p1", (0, 3), card(range=7)), fig("t", "p2", (4, 3)), battlefield=bf,
                      combat=[BLANK] * 6)
        assert los.line_of_sight(eng.state, figure(eng, "v"), figure(eng, "t")) is seen
        if seen:
            attack(eng, "v", "t")
        else:
            refused(eng, "p1", "attack v t", "HS-LOS-01")
