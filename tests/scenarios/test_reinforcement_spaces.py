"""Fall of the Dumutef Bridge: Player 3 puts each reinforcement figure on the Blue Starting Spaces of
their choice (HS-SCEN-DUMUTEF-MASTER-11), answering with ``choose`` or with ``place`` as in
placement; the legal commands, ``place rest`` and the computer player know the decision."""

from __future__ import annotations

import pytest

from bot.game.ai import next_command
from bot.rules import legal
from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.state import Phase
from tests.rules.conftest import LIB, refused
from tests.rules.test_scenario_forest import reinforcing

GUARD = LIB.get("Dumutef Guard")
FINN = LIB.get("Finn the Viking Champion")


def guard_waiting(d20: int = 3) -> Engine:
    """Round 2 ends, Player 3 rolls ``d20`` (3: 25 points) and chooses a Dumutef Guard, a double-space
    figure, which now waits to be put on the blue spaces."""
    eng = reinforcing(2, [d20])
    eng.execute("p3", "end-round")
    eng.execute("p3", f"choose {GUARD.id}")
    return eng


def guard_of(eng: Engine) -> str:
    st = eng.state
    return next(f.id for f in st.figures.values() if f.owner == "p3" and st.card_of(f).id == GUARD.id and f.reserve)


def test_a_double_space_reinforcement_is_put_on_two_blue_spaces_the_player_names() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-11, HS-DOUBLE-01, HS-DOUBLE-02
    eng = guard_waiting()
    st = eng.state
    gid = guard_of(eng)
    pend = st.pending[0]
    assert pend.player == "p3" and pend.context["place"] == gid and gid in pend.prompt
    blue = set(st.battlefield.start_zones["blue"])
    pairs = [tuple(Hex(*map(int, p.split(","))) for p in o.split()) for o in pend.options]
    assert pairs and all(len(p) == 2 and set(p) <= blue and p[0].is_adjacent(p[1]) for p in pairs)
    a, b = pairs[-1]
    label = st.battlefield.label
    # ``place`` as in placement, the two spaces in either order.
    eng.execute("p3", f"place {gid} {label(b)} {label(a)}")
    st = eng.state
    assert set(st.figures[gid].hexes) == {a, b} and not st.figures[gid].reserve
    assert not st.pending and st.reinforcements["p3"] == 0  # 25 - 25: nothing more fits


def test_a_space_outside_the_blue_zone_or_taken_is_refused_saying_why() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-11
    eng = reinforcing(2, [11])
    eng.execute("p3", "end-round")
    eng.execute("p3", f"choose {FINN.id}")
    st = eng.state
    fid = st.pending[0].context["place"]
    purple = min(st.battlefield.start_zones["purple"], key=lambda h: (h.r, h.q))
    err = refused(eng, "p3", f"place {fid} {st.battlefield.label(purple)}", "HS-SCEN-DUMUTEF-MASTER-11")
    assert "blue start spaces" in str(err)
    err = refused(eng, "p3", f"choose {st.battlefield.label(purple)}", "HS-SCEN-DUMUTEF-MASTER-11")
    # Another figure than the one waiting is refused too, naming the one waiting.
    with pytest.raises(IllegalCommand) as info:
        eng.execute("p3", f"place g {st.battlefield.label(purple)}")
    assert fid in str(info.value)
    # Another player cannot answer it.
    refused(eng, "p1", f"choose {st.pending[0].options[0]}")


def test_the_legal_commands_list_the_places_and_place_rest_takes_the_first() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-11
    eng = guard_waiting()
    st = eng.state
    gid = guard_of(eng)
    cmds = legal.LegalCommands(st, "p3")
    places = cmds.of_kind("place")
    assert len(places) == len(st.pending[0].options) and all(c.figure == gid for c in places)
    assert legal.check(st, "p3", places[0].command) is None
    assert len(cmds.of_kind("choose")) == len(places)
    assert not legal.LegalCommands(st, "p1").of_kind("place")
    first = {Hex(*map(int, p.split(","))) for p in st.pending[0].options[0].split()}
    eng.execute("p3", "place-rest")
    assert set(eng.state.figures[gid].hexes) == first


def test_the_computer_player_answers_the_placement() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-11
    eng = guard_waiting()
    gid = guard_of(eng)
    eng.state.phase = Phase.TURNS  # as in a match (the sandbox's free mode waits for nobody)
    command = next_command(eng.state, "p3")
    assert command is not None and command.startswith("choose ")
    eng.execute("p3", command)
    assert eng.state.figures[gid].on_battlefield and not eng.state.pending


def test_only_places_that_leave_room_for_the_rest_of_the_card_are_offered() -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-11
    # A card of 4 figures on a blue zone cut down to 5 free spaces: every offer leaves room for the others.
    eng = reinforcing(2, [20])
    st = eng.state
    regiment = next(c for c in LIB if c.figures == 4 and c.base == 1 and c.complete and (c.points or 0) <= 200)
    eng.pool = lambda: [regiment]
    blue = sorted(st.battlefield.start_zones["blue"], key=lambda h: (h.r, h.q))
    from tests.rules.conftest import card

    for i, h in enumerate(blue[5:]):
        eng.setup_figure("p3", card(name=f"Post{i}"), f"post{i}", [h])
    eng.execute("p3", "end-round")
    eng.execute("p3", f"choose {regiment.id}")
    for _ in range(4):
        st = eng.state
        options = st.pending[0].options
        assert len(options) == len([h for h in blue[:5] if st.occupant(h) is None])
        eng.execute("p3", f"choose {options[-1]}")
    placed = [f for f in eng.state.figures.values() if eng.state.card_of(f).id == regiment.id]
    assert len(placed) == 4 and all(f.on_battlefield for f in placed)
