"""Destructible objects (HS-DESTRUCT-*, HS-HEIGHT-05): targeted and attacked like figures, with the
rulebook's exceptions (after shared/rules-cases-v2/object-attacked-and-destroyed.json)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules import engagement, movement, object_attacks, objects
from bot.rules.cards import Power
from bot.rules.dice import BLANK, SHIELD, SKULL
from bot.rules.engine import Engine
from bot.rules.state import Figure
from tests.rules.conftest import build, card, dice, fig, refused, sandbox
from tests.rules.helpers_geo import H, kinds, move, space

FORT = {"id": "fort1", "at": [[3, 2]], "height": 7, "life": 3, "defense": 3}
ARCHER = card(name="Archer", range=6)


def field(**extra: Any) -> Any:
    return build(objects=[FORT], **extra)


def figure(eng: Engine, fid: str) -> Figure:
    return eng.state.figures[fid]


def obj(eng: Engine, oid: str = "fort1") -> objects.PlacedObject:
    found = objects.find(eng.state, oid)
    assert found is not None
    return found


def test_an_object_is_attacked_like_a_figure_and_destroyed_at_its_life() -> None:
    # rule: HS-DESTRUCT-01
    # rule: HS-ATTACK-11
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=field(),
                  combat=[SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK])
    assert object_attacks.attack_dice(eng.state, figure(eng, "a"), obj(eng))[0] == 3
    assert object_attacks.defense_dice_of(figure(eng, "a"), obj(eng))[0] == 3
    events = eng.execute("p1", "attack a fort1")
    assert kinds(events, "object_attack")[0]["wounds"] == 1
    assert (obj(eng).wounds, obj(eng).destroyed) == (1, False)
    eng.state.turn = None  # the next Player Turn (free mode starts one for the figure)
    dice(eng).add([SKULL, SKULL, SKULL, BLANK, BLANK, BLANK])
    events = eng.execute("p1", "attack a fort1")
    assert kinds(events, "object_destroyed")[0]["object"] == "fort1"
    assert obj(eng).destroyed and objects.standing(eng.state) == []


def test_an_object_blocks_movement_until_it_is_destroyed() -> None:
    # rule: HS-DESTRUCT-01
    # rule: HS-OBSTACLE-01
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=field())
    assert H(3, 2) not in movement.reachable_hexes(eng.state, figure(eng, "a"))
    objects.wound(eng.state, "fort1", 3)
    assert movement.reachable_hexes(eng.state, figure(eng, "a"))[H(3, 2)] == 1  # it has left the battlefield


def test_a_destroyed_object_no_longer_blocks_line_of_sight() -> None:
    # rule: HS-DESTRUCT-01
    from bot.rules.los import line_of_sight

    eng = sandbox(fig("a", "p1", (1, 2), ARCHER), fig("t", "p2", (5, 2)), battlefield=field())
    assert not line_of_sight(eng.state, figure(eng, "a"), figure(eng, "t"))
    objects.wound(eng.state, "fort1", 3)
    assert line_of_sight(eng.state, figure(eng, "a"), figure(eng, "t"))


def test_an_attack_out_of_range_or_sight_of_an_object_is_refused() -> None:
    # rule: HS-DESTRUCT-01
    bf = build(objects=[FORT], obstacles=[{"kind": "tree", "at": [[5, 2]], "height": 12}])
    eng = sandbox(fig("far", "p1", (7, 2), card(name="Archer", range=5)), fig("a", "p1", (0, 2)), battlefield=bf)
    refused(eng, "p1", "attack far fort1", "HS-LOS-01")  # the tree is in the way
    refused(eng, "p1", "attack a fort1", "HS-ATTACK-07")  # Range 1, not next to it
    assert obj(eng).wounds == 0


def test_an_object_counts_for_adjacency_and_engagement_only_while_targeted() -> None:
    # rule: HS-DESTRUCT-06
    # Next to the object, a figure is engaged with nobody: walking away gives no attack.
    eng = sandbox(fig("a", "p1", (2, 2)), fig("e", "p2", (2, 4)), battlefield=field())
    assert engagement.engaged_enemies(eng.state, figure(eng, "a")) == []
    assert kinds(move(eng, "a", [(1, 2)]), "leaving_attack") == []
    # An engaged figure may attack the object it stands next to (engaged with it while targeting it)...
    eng = sandbox(fig("a", "p1", (2, 2)), fig("e", "p2", (1, 2)), battlefield=field(), combat=[BLANK] * 6)
    assert object_attacks.check_object(eng.state, figure(eng, "a"), obj(eng))
    # ...but not one it is not next to.
    eng = sandbox(fig("a", "p1", (1, 3), ARCHER), fig("e", "p2", (0, 3)), battlefield=field())
    refused(eng, "p1", "attack a fort1", "HS-ENGAGE-07")


def test_objects_and_figures_have_height_advantage_over_each_other() -> None:
    # rule: HS-HEIGHT-05
    # rule: HS-DESTRUCT-07
    high = build(hexes=[space(2, 2, 4)], objects=[FORT])
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=high)
    assert object_attacks.attack_dice(eng.state, figure(eng, "a"), obj(eng)) == (4, [("Attack", 3), ("height advantage", 1)])
    low = build(hexes=[space(3, 2, 4)], objects=[FORT])
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=low)
    assert object_attacks.defense_dice_of(figure(eng, "a"), obj(eng))[0] == 4


BLAST = Power(name="Blast", text="Range 5. Attack 3.", kind="special_attack", values={"range": 5, "attack": 3})
SHACKLE = Power(name="Mind Shackle", text="Choose a figure...", kind="mind_shackle", values={})
CHOMP = Power(name="Chomp", text="Chomp may destroy any adjacent Small or Medium figure.", kind="chomp", values={})
SIZED = Power(name="Giant Slayer", text="Range 4. Attack 4. Giant Slayer may target only Huge figures.",
              kind="special_attack", values={"range": 4, "attack": 4})


def test_a_special_attack_may_target_an_object() -> None:
    # rule: HS-DESTRUCT-02
    # rule: HS-SPECIAL-02
    eng = sandbox(fig("a", "p1", (0, 2), card(name="Blaster", powers=[BLAST])), battlefield=field(),
                  combat=[SKULL, SKULL, SKULL, BLANK, BLANK, BLANK])
    events = eng.execute("p1", "special a Blast fort1")
    assert kinds(events, "object_attack")[0]["special"] == "Blast"
    assert obj(eng).destroyed


@pytest.mark.parametrize(("power", "rule"), [(SHACKLE, "HS-DESTRUCT-03"), (CHOMP, "HS-DESTRUCT-04"),
                                             (SIZED, "HS-DESTRUCT-05")])
def test_powers_that_may_not_affect_an_object_are_refused(power: Power, rule: str) -> None:
    # rule: HS-DESTRUCT-02
    # rule: HS-DESTRUCT-03
    # rule: HS-DESTRUCT-04
    # rule: HS-DESTRUCT-05
    eng = sandbox(fig("a", "p1", (2, 2), card(name="User", powers=[power])), battlefield=field())
    err = refused(eng, "p1", f"special a \"{power.name}\" fort1", rule)
    assert "destructible object" in str(err)
    assert obj(eng).wounds == 0


def test_a_power_that_says_it_affects_objects_may() -> None:
    # rule: HS-DESTRUCT-03
    ok = Power(name="Demolish", text="Destroy one adjacent destructible object.", kind="demolish", values={})
    assert objects.refusal(ok) is None
    assert objects.refusal(BLAST) is None


def test_a_scenario_rule_turns_an_obstacle_into_an_object_by_its_id() -> None:
    # rule: HS-DESTRUCT-01
    # rule: HS-OBSTACLE-11
    # Crumbling Architecture: the COBRA Fortifications become 3 Life / 3 Defense objects.
    bf = build(obstacles=[{"kind": "fortified_wall", "id": "wall1", "at": [[3, 2]]}])
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=bf, combat=[SKULL] * 3 + [BLANK] * 3)
    refused(eng, "p1", "attack a wall1")  # not an object yet: no figure of that name
    made = objects.make_destructible(eng.state, "wall1", 3, 3)
    assert (made.life, made.defense, made.height) == (3, 3, 7)
    eng.execute("p1", "attack a wall1")
    assert obj(eng, "wall1").destroyed
    with pytest.raises(ValueError, match="no obstacle"):
        objects.make_destructible(eng.state, "nothing", 3, 3)


def test_shroudshroom_heights() -> None:
    # rule: HS-DESTRUCT-08
    from bot.rules.terrain import STANDARD_HEIGHTS, ObstacleKind

    assert STANDARD_HEIGHTS[ObstacleKind.OBJECT] == (7, 10, 13)
    bf = build(objects=[{"id": "shroom", "at": [[4, 4]], "height": 10, "life": 2, "defense": 2}])
    eng = sandbox(fig("a", "p1", (3, 4)), battlefield=bf, combat=[SKULL, BLANK, BLANK, BLANK, BLANK])
    eng.execute("p1", "attack a shroom")
    assert obj(eng, "shroom").wounds == 1  # its Wound Markers are kept on it


def test_a_map_object_must_have_spaces_and_a_unique_id() -> None:
    # rule: HS-DESTRUCT-01
    from bot.content.maps import MapFileError

    with pytest.raises(MapFileError, match="not a space"):
        build(objects=[{"id": "x", "at": [[30, 30]], "height": 7, "life": 3, "defense": 3}])
    with pytest.raises(MapFileError, match="id"):
        build(objects=[FORT], obstacles=[{"kind": "cannon", "id": "fort1", "at": [[5, 5]]}])


def test_the_legal_commands_offer_objects_as_targets() -> None:
    # rule: HS-DESTRUCT-01
    from bot.rules import legal

    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=field())
    found = [c.command for c in legal.legal_commands(eng.state, "p1").attacks("a")]
    assert "attack a fort1" in found
    assert legal.check(eng.state, "p1", "attack a fort1") is None


def test_the_computer_player_skips_objects_among_the_legal_targets() -> None:
    # rule: HS-DESTRUCT-01
    from bot.game.ai import attacks

    eng = sandbox(fig("a", "p1", (2, 2), card(name="Blaster", powers=[BLAST])), fig("e", "p2", (2, 5)),
                  battlefield=field())
    a = figure(eng, "a")
    assert [t.id for t in attacks.targets(eng.state, a)] == []  # e is out of Range 1; fort1 is no figure
    assert all("fort1" not in cmd for _, cmd in attacks.special_options(eng.state, a))
    assert attacks.best_attack(eng.state, [a], [], [], 1) == "special a blast e"


def test_a_scenario_rule_makes_every_fortification_an_object() -> None:
    # rule: HS-DESTRUCT-01
    # rule: HS-OBSTACLE-11
    # Crumbling Architecture (HS-SCEN-RIFT1-VET-02): each COBRA Fortification is a 3 Life, 3 Defense object.
    from bot.rules.scenario import DestructibleRule
    from tests.rules.conftest import SANDBOX

    crumbling = SANDBOX.model_copy(update={"destructible": [DestructibleRule(kind="fortified_wall", life=3, defense=3)]})
    bf = build(obstacles=[{"kind": "fortified_wall", "id": "w1", "at": [[3, 2]]},
                          {"kind": "fortified_wall", "id": "w2", "at": [[5, 5]]},
                          {"kind": "tree", "id": "t1", "at": [[1, 1]], "height": 10}])
    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=bf, scenario=crumbling, combat=[SKULL, BLANK, BLANK, BLANK, BLANK, BLANK])
    assert [o.id for o in objects.standing(eng.state)] == ["w1", "w2"]  # not the tree
    eng.execute("p1", "attack a w1")
    assert obj(eng, "w1").wounds == 1
    plain = sandbox(fig("a", "p1", (2, 2)), battlefield=bf)
    assert objects.standing(plain.state) == []


def test_adjacency_powers_modify_an_attack_on_an_object() -> None:
    # rule: HS-DESTRUCT-07
    # Agent Carr's Sword of Reckoning 4: +4 attack dice against an adjacent target, an object too.
    sword = Power(name="Sword of Reckoning 4", text="+4 dice when attacking an adjacent figure.",
                  kind="sword_of_reckoning", values={"dice": 4})
    carr = card(name="Carr", range=6, powers=[sword])
    eng = sandbox(fig("near", "p1", (2, 2), carr), fig("far", "p2", (0, 2), carr), battlefield=field())
    n, reasons = object_attacks.attack_dice(eng.state, figure(eng, "near"), obj(eng))
    assert n == 7 and ("Sword of Reckoning 4", 4) in reasons
    assert object_attacks.attack_dice(eng.state, figure(eng, "far"), obj(eng))[0] == 3  # not adjacent
    assert "object:fort1" not in eng.state.cards  # counted as a figure only while the dice are counted


def test_an_objects_wounds_survive_a_snapshot() -> None:
    # rule: HS-DESTRUCT-01
    from bot.rules.match import Match
    from tests.rules.conftest import ZONES, begin_round, end_turns, full_match, markers

    bf = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}], start_zones=ZONES,
               objects=[{"id": "rock1", "at": [[q, 2] for q in range(10)], "height": 3, "life": 9, "defense": 0}])
    m = full_match(battlefield=bf, place=False, seed=5)
    soldier = next(f for f in m.state.figures.values() if f.owner == "p1")
    archer = next(f for f in m.state.figures.values() if f.owner == "p2")
    m.apply("p1", f"place {soldier.id} 3,1")
    m.apply("p2", f"place {archer.id} 3,9")
    begin_round(m, p1=markers("Soldier"), p2=markers("Archer"))
    m.apply("p1", "initiative")
    if m.state.turn is not None and m.state.turn.player == "p2":
        end_turns(m)
    m.apply("p1", f"attack {soldier.id} rock1")
    before = objects.find(m.state, "rock1")
    assert before is not None and "rock1" in m.state.objects
    again = Match.from_snapshot(bf, m.scenario, m.seed, m.snapshot(), m.log, cards=m.cards)
    found = objects.find(again.state, "rock1")
    assert found is not None and found.wounds == before.wounds and again.state_json() == m.state_json()


def test_a_snapshot_from_before_objects_existed_still_loads() -> None:
    # rule: HS-DESTRUCT-01
    # A snapshot taken by an older version has no ``objects`` in its state: it loads with none.
    from bot.rules.match import Match
    from tests.rules.conftest import full_match

    m = full_match(seed=5)
    del m.engine.state.objects  # as an older version pickled it
    again = Match.from_snapshot(m.battlefield, m.scenario, m.seed, m.snapshot(), m.log, cards=m.cards)
    assert again.state.objects == {} and objects.standing(again.state) == []
    m.engine.state.objects = {}
    assert again.state_json() == m.state_json()


def test_the_legal_special_attacks_at_objects_leave_out_powers_that_may_not() -> None:
    # rule: HS-DESTRUCT-02
    # rule: HS-DESTRUCT-05
    from bot.rules import legal

    eng = sandbox(fig("a", "p1", (1, 2), card(name="Both", powers=[BLAST, SIZED])), battlefield=field())
    listed = {c.command for c in legal.legal_commands(eng.state, "p1").specials("a")}
    assert "special a Blast fort1" in listed
    assert not any("Giant" in c and "fort1" in c for c in listed)
