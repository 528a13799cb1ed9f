"""Cannons and Cannon Fire (HS-OBSTACLE-04..09), after shared/rules-cases-v2/cannon-fire-range-explosion-object.json."""

from __future__ import annotations

import pytest

from bot.rules import legal, objects
from bot.rules.actions import cannon
from bot.rules.commands import Command
from bot.rules.dice import BLANK, SHIELD, SKULL
from bot.rules.engine import Engine
from bot.rules.state import Figure
from tests.rules.conftest import build, card, dice, fig, refused, sandbox
from tests.rules.helpers_geo import kinds

GUNNER = card(name="Gunner", range=1)


def field(**extra: object) -> object:
    return build([{"q": [0, 11], "r": [0, 6], "level": 1, "terrain": "grass"}],
                 obstacles=[{"kind": "cannon", "id": "c1", "at": [[2, 3]]}],
                 objects=[{"id": "fort1", "at": [[6, 1]], "height": 7, "life": 3, "defense": 3}], **extra)


def engine(*more: object, combat: list[str] | None = None) -> Engine:
    return sandbox(fig("gun", "p1", (1, 3), GUNNER), fig("t", "p2", (10, 3)), fig("t2", "p2", (10, 4)),
                   fig("f", "p2", (1, 6)), *more, battlefield=field(), combat=combat or [])  # type: ignore[arg-type]


def figure(eng: Engine, fid: str) -> Figure:
    return eng.state.figures[fid]


def test_cannon_fire_at_an_object_rolls_no_defense_and_replaces_the_attack() -> None:
    # rule: HS-OBSTACLE-04
    # rule: HS-OBSTACLE-08
    eng = engine(combat=[SKULL, SKULL, BLANK])
    events = eng.execute("p1", "cannon gun c1 fort1")
    (shot,) = kinds(events, "object_attack")
    assert shot["defense_dice"] == [] and shot["wounds"] == 2
    found = objects.find(eng.state, "fort1")
    assert found is not None and (found.wounds, found.destroyed) == (2, False)
    refused(eng, "p1", "attack gun f", "HS-SPECIAL-01")  # it fired instead of attacking


def test_each_cannon_fires_once_per_player_turn() -> None:
    # rule: HS-OBSTACLE-06
    eng = engine(fig("gun2", "p1", (3, 3), GUNNER), combat=[BLANK] * 3)
    eng.execute("p1", "cannon gun c1 fort1")
    eng.state.turn.card_key = figure(eng, "gun2").card_key  # type: ignore[union-attr]
    eng.state.turn.attacked.clear()  # type: ignore[union-attr]
    refused(eng, "p1", "cannon gun2 c1 fort1", "HS-OBSTACLE-06")


def test_cannon_fire_is_range_8_from_the_cannon_attack_3_explosion_1() -> None:
    # rule: HS-OBSTACLE-05
    # rule: HS-OBSTACLE-07
    # t is 8 spaces from the cannon (9 from the gunner): in range; 3 dice once, t defends, then t2.
    eng = engine(combat=[SKULL, SKULL, SKULL, SHIELD, BLANK, BLANK, BLANK, BLANK, BLANK])
    events = eng.execute("p1", "cannon gun c1 t")
    assert [e["target"] for e in kinds(events, "attack")] == ["t", "t2"]
    assert len(kinds(events, "special_roll")[0]["attack_dice"]) == cannon.ATTACK == 3
    assert (figure(eng, "t").wounds, figure(eng, "t2").wounds, figure(eng, "gun").wounds) == (2, 3, 0)
    assert dice(eng).left == 0
    assert (cannon.RANGE, cannon.EXPLOSION) == (8, 1)


def test_a_target_9_spaces_from_the_cannon_is_out_of_range() -> None:
    # rule: HS-OBSTACLE-05
    # rule: HS-OBSTACLE-07
    eng = sandbox(fig("gun", "p1", (3, 3), GUNNER), fig("t", "p2", (11, 3)), battlefield=field())
    refused(eng, "p1", "cannon gun c1 t", "HS-OBSTACLE-05")


def test_line_of_sight_is_taken_from_the_barrel() -> None:
    # rule: HS-OBSTACLE-05
    # A tall tree between the cannon and the target hides it, though the gunner (off to the side) sees it.
    bf = build([{"q": [0, 11], "r": [0, 6], "level": 1, "terrain": "grass"}],
               obstacles=[{"kind": "cannon", "id": "c1", "at": [[2, 3]]}, {"kind": "tree", "at": [[4, 3]], "height": 12}])
    eng = sandbox(fig("gun", "p1", (2, 2), card(name="Gunner", range=9)), fig("t", "p2", (7, 3)), battlefield=bf)
    refused(eng, "p1", "cannon gun c1 t", "HS-OBSTACLE-05")


def test_only_a_figure_next_to_the_cannon_and_not_engaged_may_fire() -> None:
    # rule: HS-OBSTACLE-04
    eng = sandbox(fig("gun", "p1", (0, 3), GUNNER), fig("t", "p2", (8, 3)), battlefield=field())
    refused(eng, "p1", "cannon gun c1 t", "HS-OBSTACLE-04")
    eng = sandbox(fig("gun", "p1", (1, 3), GUNNER), fig("e", "p2", (0, 3)), fig("t", "p2", (8, 3)), battlefield=field())
    err = refused(eng, "p1", "cannon gun c1 t", "HS-OBSTACLE-04")
    assert "engaged" in str(err)


def test_a_cannon_is_named_by_id_or_space_and_unknown_ones_are_explained() -> None:
    # rule: HS-OBSTACLE-04
    eng = engine()
    err = refused(eng, "p1", "cannon gun c9 t")
    assert "c1" in str(err)
    label = eng.state.battlefield.label(eng.state.battlefield.obstacle("c1").hexes[0])  # type: ignore[union-attr]
    assert cannon.cannon_named(eng.state, label).id == "c1"
    assert Command.parse("cannon gun c1 t").text() == "cannon gun c1 t"


def test_cannons_are_height_2_and_cannot_be_entered() -> None:
    # rule: HS-OBSTACLE-09
    eng = engine()
    assert eng.state.battlefield.obstacle("c1").height == 2  # type: ignore[union-attr]
    assert cannon.BARREL_HEIGHT == 2


def test_legal_lists_cannon_fire() -> None:
    # rule: HS-OBSTACLE-04
    eng = engine()
    listed = {c.command for c in legal.legal_commands(eng.state, "p1").cannons("gun")}
    assert {"cannon gun c1 t", "cannon gun c1 fort1"} <= listed
    assert "cannon gun c1 t2" not in listed  # 9 spaces from the cannon
    assert "cannon gun c1 gun" not in listed
    refused(eng, "p1", "cannon gun c1 gun", "HS-ATTACK-08")  # not at itself
    assert legal.check(eng.state, "p1", "cannon gun c1 t") is None


@pytest.mark.parametrize("text", ["cannon gun c1", "cannon gun"])
def test_a_cannon_command_without_its_parts_is_explained(text: str) -> None:
    from bot.rules.errors import InvalidCommand

    with pytest.raises(InvalidCommand, match="cannon"):
        Command.parse(text)


def test_cannon_fire_and_objects_are_actions_left_in_the_turn() -> None:
    # rule: HS-OBSTACLE-04
    # The end-turn hint ("nothing left to do") must not fire while a cannon can still be fired.
    from bot.game import ai
    from bot.rules.state import Phase, Stage, TurnState

    eng = sandbox(fig("gun", "p1", (1, 3), GUNNER), fig("t", "p2", (9, 3)), battlefield=field())
    st = eng.state
    st.phase = Phase.TURNS
    st.turn = TurnState(player="p1", card_key=figure(eng, "gun").card_key, marker="1", stage=Stage.ATTACK)
    st.turn.moved.append("gun")
    assert ai.actions_left(st, "p1")  # the cannon
    st.turn.attacked.append("gun")
    assert not ai.actions_left(st, "p1")


def test_the_computer_fires_a_cannon_when_it_beats_its_attack() -> None:
    # rule: HS-OBSTACLE-07
    from bot.game.ai import attacks

    eng = sandbox(fig("gun", "p1", (1, 3), GUNNER), fig("t", "p2", (9, 3)), fig("t2", "p2", (9, 4)), battlefield=field())
    gun = figure(eng, "gun")
    assert attacks.best_attack(eng.state, [gun], [], [], 1) == "cannon gun c1 t"  # no normal attack reaches
    # Never when the blast would hit its own side.
    eng = sandbox(fig("gun", "p1", (1, 3), GUNNER), fig("t", "p2", (9, 3)), fig("pal", "p1", (9, 4)), battlefield=field())
    assert attacks.best_attack(eng.state, [figure(eng, "gun")], [], [], 1) is None
