"""The planner's plans that make it a stronger opponent (issue 20): Order Markers on a tracker
race's prize holder, a squad that advances together, focus on what it can finish, and a search
counted in positions rather than seconds."""

from __future__ import annotations

import pytest

from bot.game import ai
from bot.game.ai import budget, lookahead
from bot.rules.views import player_view
from tests.rules.conftest import fig
from tests.scenarios.helpers import field, table

ROLES = {"p1": "COBRA", "p2": "G.I. JOE"}


def test_every_numbered_marker_goes_on_the_card_holding_the_vial() -> None:
    # rule: HS-SCEN-CRIT2-SEAS-03 (each reveal on the holder's card moves the tracker)
    eng = table("mission-critical-seasoned", fig("a", "p1", (3, 2)), fig("t", "p1", (0, 6)),
                fig("u", "p1", (1, 6)), fig("b", "p2", (8, 6)), roles=ROLES, battlefield=field((3, 2)))
    st = eng.state
    st.figures["a"].carries.append("brandar")
    st.glyphs.clear()
    view = player_view(st, "p1")
    holder = st.figures["a"].card_key
    assert lookahead.reveal_worth(view, "p1") == {holder: lookahead.value.PRIZE_WORTH}
    placed = ai.marker_plan(view, "p1", lookahead.card_gains(view, "p1", "hard"), lookahead.reveal_worth(view, "p1"))
    assert [placed[m] for m in ("1", "2", "3")] == [holder] * 3
    assert placed["X"] != holder  # the decoy: no tracker moves for it


def test_no_prize_no_extra_worth() -> None:
    eng = table("mission-critical-seasoned", fig("a", "p1", (3, 2)), fig("b", "p2", (8, 6)), roles=ROLES,
                battlefield=field((3, 2)))
    assert lookahead.reveal_worth(player_view(eng.state, "p1"), "p1") == {}


def test_the_budget_counts_positions_and_the_clock_only_caps() -> None:
    b = budget.Budget(2, cap=60.0)
    assert not b.out()
    b.spend(2)
    assert b.out() and not b.cut
    before = budget.cuts
    late = budget.Budget(100, cap=-1.0)  # a cap already passed: cut, and counted once
    assert late.out() and late.out() and late.cut
    assert budget.cuts == before + 1


def test_an_enemy_that_could_reach_two_figures_threatens_each_with_its_share() -> None:
    from bot.game.ai import value
    from tests.rules.conftest import card, sandbox

    eng = sandbox(fig("me", "p1", (3, 3)), fig("pal", "p1", (3, 4)), fig("far", "p1", (0, 0)),
                  fig("foe", "p2", (6, 3), card(name="Brute", attack=4)))
    st = eng.state
    me, pal, far, foe = (st.figures[x] for x in ("me", "pal", "far", "foe"))
    alone = value.danger(st, me, [foe])
    # A friend the enemy could reach too: it attacks one of the two, so each risks about half.
    shared = value.danger(st, me, [foe], [me, pal, far])
    assert alone > 0 and 0.4 * alone < shared < 0.6 * alone
    # A friend out of the enemy's reach (Move 5 + Range 1) shares nothing.
    assert value.danger(st, me, [foe], [me, far]) == alone


def test_a_power_marker_spent_for_nothing_lowers_the_position() -> None:
    from bot.game.ai import planner
    from bot.rules.powers import turn_markers
    from tests.powers.shared_cards import shared_card
    from tests.rules.conftest import DUMMY, sandbox

    eng = sandbox(fig("fia", "p1", (0, 0), shared_card("Fia Bonny the Void Siren")), fig("far", "p2", (7, 7), DUMMY))
    st = eng.state
    fia = st.figures["fia"]
    power = st.card_of(fia).power("marker_resource")
    assert power is not None
    before = planner.evaluate(st, "p1")
    turn_markers.spend(st, fia.card_key, power)
    assert before - planner.evaluate(st, "p1") == planner.MARKER_WORTH


def test_the_bench_gives_the_same_results_in_worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.game.ai import bench

    monkeypatch.setattr(budget, "CAP", 600.0)  # no clock in the test: only the counted positions
    alone, shared = bench.pairing("hard", 2, seed=1), bench.pairing("hard", 2, seed=1, workers=2)
    assert (alone.score, alone.played, alone.refused) == (shared.score, shared.played, shared.refused)
    assert len(alone.times) == len(shared.times) > 0


def test_an_aura_holds_figures_together_only_near_the_fight() -> None:
    from bot.game.ai import planner, value
    from bot.rules.cards import Power
    from tests.rules.conftest import build, card, sandbox

    aura = Power(name="Rally", text="Adjacent friendly figures roll 1 extra attack die.", kind="attack_aura",
                 values={"dice": 2, "distance": 1})
    leader = card(name="Leader", powers=[aura])
    long = [{"q": [0, 22], "r": [0, 2], "level": 1, "terrain": "grass"}]
    near = sandbox(fig("lead", "p1", (0, 0), leader), fig("pal", "p1", (0, 1)), fig("foe", "p2", (3, 1)),
                   battlefield=build(fill=long))
    far = sandbox(fig("lead", "p1", (0, 0), leader), fig("pal", "p1", (0, 1)), fig("foe", "p2", (22, 1)),
                  battlefield=build(fill=long))
    for eng, expected in ((near, 2 * value.AURA_DIE), (far, 0.0)):
        st = eng.state
        lead, pal, foe = (st.figures[x] for x in ("lead", "pal", "foe"))
        assert value.formation(st, lead, lead.hexes, [lead, pal]) == 2 * value.AURA_DIE  # not asked: always
        got = value.formation(st, lead, lead.hexes, [lead, pal], [foe])
        assert got == expected or (expected and got == expected * value.near_fight(pal.hexes, [foe]))
    # Far from the enemy the leader does not stay by its friend for the aura: it comes nearer, its
    # whole Move (5), rather than a step that keeps the friend beside it.
    cmd = planner.turn_command(*_view_turn(far, "lead"), "hard")
    assert cmd.startswith("move lead ")
    st = far.state
    end = st.battlefield.parse_space(cmd.split()[-1])
    foe = st.figures["foe"].hexes[0]
    assert st.figures["lead"].hexes[0].distance(foe) - end.distance(foe) >= 4


def _view_turn(eng, fid: str):  # type: ignore[no-untyped-def]
    from bot.rules.checks import turn_for

    st = eng.state
    turn_for(st, st.figures[fid].controller, st.figures[fid])
    return player_view(st, st.figures[fid].controller), st.figures[fid].controller
