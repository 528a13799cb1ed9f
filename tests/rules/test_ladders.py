"""Rope ladders (HS-LADDER-*, HS-FALL-03), after shared/rules-cases-v2/ladder-climb-and-attack-other-end.json:
a ladder hangs from a level-9 space (2, 1) to level 5 over the level-1 space (3, 1)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules import combat, ladders, movement
from bot.rules.battlefield import Ladder
from bot.rules.dice import BLANK, SHIELD, SKULL
from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.state import Figure
from tests.rules.conftest import build, card, dice, fig, refused, sandbox
from tests.rules.helpers_geo import H, hexes, kinds, move, move_text, space

LADDER = {"top": [2, 1], "bottom": [3, 1], "bottom_level": 5}


def cliff(ladder: dict[str, Any] | None = None) -> Any:
    return build([{"q": [0, 6], "r": [0, 4], "level": 1, "terrain": "grass"}],
                 hexes=[space(2, 1, 9, "rock"), space(2, 3, 9, "rock")], ladders=[ladder or LADDER])


def figure(eng: Engine, fid: str) -> Figure:
    return eng.state.figures[fid]


def test_the_top_and_bottom_of_a_ladder() -> None:
    # rule: HS-LADDER-01
    # rule: HS-LADDER-02
    lad = Ladder(Hex(2, 1), Hex(3, 1), 5)
    bf = cliff()
    assert ladders.at_top(bf, lad, Hex(2, 1), 9) and not ladders.at_top(bf, lad, Hex(2, 0), 1)
    assert ladders.at_bottom(lad, Hex(3, 1), 1, 5)  # the lower end is 4 above its base, within Height 5
    assert not ladders.at_bottom(lad, Hex(3, 1), 1, 3)  # a Height 3 figure does not reach it


def test_climbing_a_ladder_counts_as_one_level() -> None:
    # rule: HS-LADDER-03
    # rule: HS-LADDER-06
    # rule: HS-MOVE-04
    eng = sandbox(fig("c", "p1", (4, 1)), fig("k", "p1", (4, 3)), battlefield=cliff())
    assert movement.move_cost(eng.state, figure(eng, "c"), hexes((3, 1), (2, 1))) == 3  # 1 + 1 up + 1 onto the top
    assert movement.move_cost(eng.state, figure(eng, "k"), hexes((3, 3), (2, 3))) == 10  # the cliff: 8 levels + 2
    move(eng, "c", [(3, 1), (2, 1)])
    assert figure(eng, "c").hexes == (H(2, 1),) and figure(eng, "c").level == 9
    assert movement.reachable_hexes(eng.state, figure(eng, "k"), fly=False).get(H(2, 1)) is None  # 5 is too little


def test_a_short_or_huge_figure_cannot_use_the_ladder() -> None:
    # rule: HS-LADDER-02
    # rule: HS-LADDER-03
    short = card(name="Short", height=3, size="small", move=12)
    huge = card(name="Huge", height=5, size="huge", move=12)
    eng = sandbox(fig("s", "p1", (3, 1), short), fig("h", "p1", (4, 1), huge), battlefield=cliff())
    assert movement.move_cost(eng.state, figure(eng, "s"), hexes((2, 1))) == 9  # the cliff's way: 8 + 1
    assert movement.move_cost(eng.state, figure(eng, "h"), hexes((3, 1), (2, 1))) == 10
    assert not ladders.may_climb("huge", 1) and not ladders.may_climb("medium", 2)


def test_going_down_a_ladder_counts_as_one_level_and_falls_the_rest() -> None:
    # rule: HS-LADDER-04
    # rule: HS-FALL-03
    # The lower end is 4 levels above the ground: a Height 5 figure drops 4 (no fall), a Height 4
    # figure falls the 4 that are left.
    eng = sandbox(fig("c", "p1", (2, 1)), battlefield=cliff())
    figure(eng, "c").level = 9
    plan = movement.plan(eng.state, figure(eng, "c"), hexes((3, 1)))
    assert (plan.cost, plan.steps[0].drop) == (1, 4)
    assert kinds(move(eng, "c", [(3, 1)]), "fell") == []
    small = card(name="Small", height=4, size="medium")
    eng = sandbox(fig("s", "p1", (2, 1), small), battlefield=cliff(), combat=[SKULL])
    figure(eng, "s").level = 9
    (fell,) = kinds(move(eng, "s", [(3, 1)]), "fell")
    assert fell["drop"] == 4 and figure(eng, "s").wounds == 1


def test_the_ends_of_a_ladder_may_attack_each_other_as_adjacent() -> None:
    # rule: HS-LADDER-05
    # rule: HS-HEIGHT-02
    eng = sandbox(fig("c", "p1", (2, 1)), fig("e", "p2", (3, 1)), fig("f", "p2", (2, 0)), battlefield=cliff(),
                  combat=[SKULL, SKULL, SKULL, SHIELD, BLANK, BLANK, BLANK])
    figure(eng, "c").level = 9
    assert combat.check_target(eng.state, figure(eng, "e"), figure(eng, "c"))
    assert not combat.check_target(eng.state, figure(eng, "f"), figure(eng, "c"))  # next to the top, not below
    assert combat.defense_dice(eng.state, figure(eng, "e"), figure(eng, "c"))[0] == 4  # height advantage
    eng.execute("p2", "attack e c")
    assert figure(eng, "c").wounds == 2 and dice(eng).left == 0
    refused(eng, "p2", "attack f c", "HS-ATTACK-07")


@pytest.mark.parametrize(("ladder", "match"), [({"top": [2, 1], "bottom": [4, 1], "bottom_level": 5}, "neighbours"),
                                                ({"top": [2, 1], "bottom": [3, 1], "bottom_level": 12}, "lower end")])
def test_a_ladder_must_hang_between_neighbours_and_levels(ladder: dict[str, Any], match: str) -> None:
    # rule: HS-LADDER-01
    from bot.content.maps import MapFileError

    with pytest.raises(MapFileError, match=match):
        cliff(ladder)


def test_without_a_ladder_the_climb_is_the_cliff() -> None:
    # rule: HS-LADDER-03
    bf = build([{"q": [0, 6], "r": [0, 4], "level": 1, "terrain": "grass"}], hexes=[space(2, 1, 9, "rock")])
    eng = sandbox(fig("c", "p1", (4, 1)), battlefield=bf)
    refused(eng, "p1", move_text("c", [(3, 1), (2, 1)]), "HS-MOVE-03")
