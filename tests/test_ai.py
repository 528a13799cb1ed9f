"""The computer player: it finishes matches, every command it sends is accepted, it is deterministic."""

from __future__ import annotations

import pytest

from bot.console.demo import CLASSIC_ARMIES, RIFT_ARMIES, setup
from bot.game import ai
from bot.game.session import GameSession
from bot.rules.state import Pending, Phase


def play_out(session: GameSession, limit: int = 3000) -> list[tuple[str, str]]:
    """Let the AI play every seat; every command must be accepted (apply raises otherwise)."""
    sent: list[tuple[str, str]] = []
    while session.state.phase is not Phase.OVER and len(sent) < limit:
        waiting = ai.waiting_for(session.state)
        assert waiting, f"nobody to act in {session.state.phase}"
        cmd = ai.next_command(session.state, waiting[0])
        assert cmd is not None
        session.apply(waiting[0], cmd)
        sent.append((waiting[0], cmd))
    return sent


@pytest.mark.parametrize(("scenario", "map_id", "armies", "seed"), [
    ("last-army-standing", "cobra-facility", CLASSIC_ARMIES[:2], 7),
    ("last-army-standing", "practice-field", CLASSIC_ARMIES[:2], 3),
    ("rumble-at-the-rift-seasoned", "cobra-facility", RIFT_ARMIES, 11),
])
def test_ai_finishes_a_match(scenario: str, map_id: str, armies: list[tuple[str, list[str]]], seed: int) -> None:
    s = GameSession.create("t", map_id=map_id, scenario_id=scenario, seed=seed)
    setup(s, armies)
    sent = play_out(s)
    st = s.state
    assert st.phase is Phase.OVER, f"not over after {len(sent)} commands (round {st.round})"
    assert len(sent) < 3000
    limit = st.scenario.round_limit
    assert st.winners or st.result
    assert limit is None or st.round <= limit
    verbs = {c.split()[0] for _, c in sent}
    assert {"place-rest", "orders", "initiative", "move", "attack", "end-turn"} <= verbs


def test_ai_is_deterministic() -> None:
    logs = []
    for _ in range(2):
        s = GameSession.create("t", map_id="cobra-facility", seed=5)
        setup(s, CLASSIC_ARMIES[:2])
        logs.append(play_out(s))
    assert logs[0] == logs[1]


def test_ai_orders_and_decisions() -> None:
    s = GameSession.create("t", map_id="cobra-facility", seed=1)
    alice, bob = setup(s, CLASSIC_ARMIES[:2])
    assert ai.next_command(s, alice) == "place-rest"
    s.apply(alice, "place-rest")
    s.apply(bob, "place-rest")
    st = s.state
    assert st.phase is Phase.ORDERS and ai.waiting_for(st) == [alice, bob]
    cmd = ai.orders_command(st, alice)
    markers = dict(part.split("=") for part in cmd.split()[1:])
    assert markers["1"] == markers["2"] == markers["3"] != markers["X"]
    assert ai.next_command(st, alice) == cmd
    # Not its turn to act: nothing to say.
    s.apply(alice, cmd)
    assert ai.next_command(st, alice) is None
    # A pending decision it owns: the first option.
    st.pending.append(Pending(player=bob, kind="test", prompt="use it?", options=["use it", "no"]))
    assert ai.waiting_for(st) == [bob]
    assert ai.next_command(st, bob) == 'choose "use it"'
    assert ai.next_command(st, alice) is None


def test_expected_wounds() -> None:
    assert ai.expected_wounds(0, 3, 4) == 0
    assert ai.expected_wounds(4, 0, 9) == pytest.approx(2.0)
    assert ai.expected_wounds(4, 0, 1) == pytest.approx(1 - 0.5**4)
