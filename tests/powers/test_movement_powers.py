"""Movement powers: Agent Carr's Ghost Walk and Disengage, Blade Gruts' Disengage, Drake's Grapple
Gun 25 (a special move asked for with ``move drake SPACE grapple``), and flying for Raelin and
Mimring (their ``flying`` keyword); plus how the move-rules hooks combine ("cannot" beats "can").
"""

from __future__ import annotations

import pytest

from bot.rules import modifiers, movement
from bot.rules.commands import Command
from bot.rules.engine import Engine
from bot.rules.errors import InvalidCommand
from bot.rules.hexes import Hex
from bot.rules.modifiers import MoveAnswer, MoveRules
from bot.rules.state import Figure, MatchState
from tests.powers.conftest import C, F
from tests.rules.conftest import BLANK, SKULL, build, card, dice, fig, refused, roll, sandbox
from tests.rules.helpers_geo import at, kinds, move, space

SOLDIER = card(name="Soldier")

# ---- Agent Carr: Ghost Walk ------------------------------------------------------------------------------


def test_agent_carr_ghost_walk_moves_through_enemy_figures() -> None:
    eng = sandbox(fig("carr", "p1", (0, 2), C("Agent Carr")), fig("e1", "p2", (2, 2)), fig("e2", "p2", (3, 2)),
                  fig("pal", "p1", (4, 2)))
    move(eng, "carr", [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)])  # no dice: Carr also has Disengage
    assert at(eng, "carr") == ((5, 2),)


def test_ghost_walk_is_carrs_alone_and_never_ends_on_a_figure() -> None:
    eng = sandbox(fig("s", "p1", (0, 2), SOLDIER), fig("carr", "p1", (0, 5), C("Agent Carr")),
                  fig("e", "p2", (2, 2)), fig("e2", "p2", (2, 5)))
    refused(eng, "p1", "move s path 1,2 2,2 3,2", "HS-MOVE-07")
    refused(eng, "p1", "move carr path 1,5 2,5", "HS-MOVE-08")


# ---- Disengage (Agent Carr, Blade Gruts) ------------------------------------------------------------------


def test_agent_carr_disengage_leaves_an_engagement_without_a_leaving_engagement_attack() -> None:
    eng = sandbox(fig("carr", "p1", (2, 2), C("Agent Carr")), fig("e", "p2", (3, 2)))
    events = move(eng, "carr", [(1, 2), (0, 2)])
    assert not kinds(events, "swipe") and dice(eng).left == 0 and at(eng, "carr") == ((0, 2),)


def test_blade_gruts_disengage_leaves_without_a_leaving_engagement_attack() -> None:
    gruts = C("Blade Gruts")
    eng = sandbox(fig("g", "p1", (2, 2), gruts), fig("e", "p2", (3, 2)))
    assert not kinds(move(eng, "g", [(1, 2)]), "swipe")


def test_disengage_is_not_for_other_figures() -> None:
    # rule: HS-ENGAGE-05 (the core rule Disengage sets aside)
    eng = sandbox(fig("s", "p1", (2, 2), SOLDIER), fig("e", "p2", (3, 2)))
    roll(eng, [SKULL])
    events = move(eng, "s", [(1, 2)])
    assert kinds(events, "swipe")[0]["wounds"] == 1


# ---- Drake: Grapple Gun 25 -------------------------------------------------------------------------------


def cliff(level: int = 21) -> Engine:
    bf = build(hexes=[space(3, 2, level, "rock")])
    return sandbox(fig("drake", "p1", (2, 2), C("Drake")), fig("s", "p1", (2, 4), SOLDIER), battlefield=bf)


def test_drake_grapple_gun_climbs_one_space_up_a_20_level_cliff() -> None:
    eng = cliff(21)
    refused(eng, "p1", "move drake 3,2", "HS-MOVE-03")  # a normal move: 21 spaces of climbing
    events = eng.execute("p1", "move drake 3,2 grapple")
    assert at(eng, "drake") == ((3, 2),) and F(eng, "drake").level == 21
    assert kinds(events, "moved")[0]["cost"] == 1


def test_drake_grapple_gun_reaches_25_levels_up_but_not_26() -> None:
    assert cliff(26).execute("p1", "move drake path 3,2 grapple")
    refused(cliff(27), "p1", "move drake path 3,2 grapple")


def test_drake_grapple_gun_moves_exactly_one_space() -> None:
    eng = cliff(21)
    err = refused(eng, "p1", "move drake path 2,3 1,3 grapple")
    assert "1 space" in str(err)
    refused(eng, "p1", "move drake 0,2 grapple", "HS-MOVE-03")  # 2 spaces away


def test_drake_grapple_gun_still_draws_leaving_engagement_attacks() -> None:
    bf = build(hexes=[space(3, 2, 21, "rock")])
    eng = sandbox(fig("drake", "p1", (2, 2), C("Drake")), fig("e", "p2", (1, 2)), battlefield=bf)
    roll(eng, [SKULL])
    events = eng.execute("p1", "move drake 3,2 grapple")
    assert kinds(events, "swipe")[0]["wounds"] == 1 and F(eng, "drake").level == 21


def test_grapple_gun_is_drakes_alone() -> None:
    eng = sandbox(fig("s", "p1", (2, 2), SOLDIER), battlefield=build(hexes=[space(3, 2, 21, "rock")]))
    with pytest.raises(InvalidCommand, match="no special move"):
        eng.execute("p1", "move s 3,2 grapple")
    with pytest.raises(InvalidCommand):
        movement.reachable(eng.state, F(eng, "s"), power="grapple")


def test_the_grapple_move_option_parses_and_prints_back() -> None:
    cmd = Command.parse("move drake F7 grapple")
    assert cmd.args == {"figure": "drake", "to": "F7", "via": [], "fly": None, "power": "grapple"}
    assert cmd.text() == "move drake F7 grapple" and "power" not in Command.parse("move drake F7").args


def test_drake_grapple_reach_lists_only_the_neighbouring_spaces() -> None:
    eng = cliff(21)
    ends = movement.reachable(eng.state, F(eng, "drake"), power="grapple")
    assert set(ends) == {(h,) for h in Hex(2, 2).neighbours()}
    assert ends[(Hex(3, 2),)] == (1, [Hex(3, 2)])


# ---- Flying: Raelin and Mimring ---------------------------------------------------------------------------


def test_raelin_flying_ignores_levels_water_and_figures() -> None:
    # rule: HS-FLY-03
    bf = build(hexes=[space(2, 2, 1, "water"), space(3, 2, 12, "rock")])
    eng = sandbox(fig("raelin", "p1", (0, 2), C("Raelin")), fig("e", "p2", (1, 2)), battlefield=bf)
    roll(eng, [BLANK])  # taking off next to e: its leaving-engagement attack
    events = move(eng, "raelin", [(1, 2), (2, 2), (3, 2), (4, 2)])
    assert at(eng, "raelin") == ((4, 2),) and kinds(events, "moved")[0]["flew"]
    assert kinds(events, "swipe")[0]["attacker"] == "e"  # Flying is not Disengage


def test_mimring_flies_but_a_walking_figure_of_the_same_size_does_not() -> None:
    bf = build(hexes=[space(3, 2, 12, "rock"), space(3, 3, 12, "rock")])
    eng = sandbox(fig("mim", "p1", [(1, 2), (0, 2)], C("Mimring")), battlefield=bf)
    assert modifiers.move_rules(eng.state, F(eng, "mim")).can_fly
    move(eng, "mim", [(2, 2), (3, 2), (4, 2), (5, 2)])
    assert at(eng, "mim") == ((5, 2), (4, 2))
    walker = card(name="Walker", base=2, height=9, size="huge", move=6)
    eng2 = sandbox(fig("w", "p1", [(1, 2), (0, 2)], walker), battlefield=bf)
    refused(eng2, "p1", "move w path 2,2 3,2 4,2 5,2", "HS-MOVE-03")


# ---- how move-rules hooks combine ----------------------------------------------------------------------


def test_move_rules_a_cannot_from_any_hook_beats_a_can(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-SPECIAL-09 (in either order of registration)
    def can(state: MatchState, figure: Figure, rules: MoveRules) -> MoveAnswer | None:
        return MoveAnswer(pass_through_enemies=True, takes_swipes=False)

    def cannot(state: MatchState, figure: Figure, rules: MoveRules) -> MoveAnswer | None:
        return MoveAnswer(pass_through_enemies=False, takes_swipes=True)

    eng = sandbox(fig("s", "p1", (2, 2), SOLDIER))
    for hooks in ([can, cannot], [cannot, can]):
        monkeypatch.setattr(modifiers, "_move_hooks", hooks)
        rules = modifiers.move_rules(eng.state, F(eng, "s"))
        assert not rules.pass_through_enemies and rules.takes_swipes
    monkeypatch.setattr(modifiers, "_move_hooks", [can])
    rules = modifiers.move_rules(eng.state, F(eng, "s"))
    assert rules.pass_through_enemies and not rules.takes_swipes  # a power beats the core rules (HS-SPECIAL-08)


def test_move_rules_a_cannot_fly_beats_a_flyers_keyword_and_a_disengage(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-SPECIAL-09 (the old form of hook, a changed MoveRules, is read as its say)
    def grounded(state: MatchState, figure: Figure, rules: MoveRules) -> MoveRules:
        return modifiers.replace(rules, can_fly=False)

    eng = sandbox(fig("raelin", "p1", (2, 2), C("Raelin")), fig("carr", "p1", (4, 4), C("Agent Carr")))
    monkeypatch.setattr(modifiers, "_move_hooks", [*modifiers._move_hooks, grounded])
    assert not modifiers.move_rules(eng.state, F(eng, "raelin")).can_fly
    carr = modifiers.move_rules(eng.state, F(eng, "carr"))
    assert not carr.takes_swipes and carr.pass_through_enemies  # other hooks keep their say


def test_a_grapple_out_of_reach_is_explained_with_the_grapple_guns_own_limit() -> None:
    # rule: HS-MOVE-03 (the power replaces the Move value: 1 space, up to 25 levels higher)
    eng = cliff(21)
    label = eng.state.battlefield.label
    err = refused(eng, "p1", "move drake 0,2 grapple", "HS-MOVE-03")  # 2 spaces away
    assert (f"{label(Hex(0, 2))} is 2 spaces from drake, out of reach: Grapple Gun 25 moves drake exactly 1 space, "
            "up to 25 levels higher") in str(err)
    assert "Move 5" not in str(err) and "water" not in str(err)
    err = refused(cliff(27), "p1", "move drake 3,2 grapple", "HS-MOVE-03")  # 1 space, but 27 levels up
    assert str(err).startswith(f"{label(Hex(3, 2))} is 26 levels above drake, out of reach: Grapple Gun 25 moves "
                               "drake exactly 1 space, up to 25 levels higher")
    err = refused(cliff(21), "p1", "move drake 3,2", "HS-MOVE-03")  # a normal move: the walking limits
    assert "Move 5; climbing costs 1 more space per level, and entering water ends the move" in str(err)


def test_a_flight_out_of_reach_is_explained_in_flying_terms() -> None:
    # rule: HS-FLY-03 (a flying figure ignores elevation: only spaces count)
    eng = sandbox(fig("raelin", "p1", (0, 0), C("Raelin")))
    label = eng.state.battlefield.label
    move_value = C("Raelin").move
    err = refused(eng, "p1", "move raelin 7,7", "HS-MOVE-03")
    far = Hex(0, 0).distance(Hex(7, 7))
    assert far > move_value
    assert str(err).startswith(f"{label(Hex(7, 7))} is {far} spaces away, out of reach this turn: flying raelin "
                               f"moves up to {move_value} spaces, counted on the ground whatever the height")
    assert "climbing" not in str(err)
