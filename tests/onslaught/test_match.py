"""Matches as seed + log, replay equality, hidden information, winning, and whole playouts."""

from __future__ import annotations

import pytest

from bot.onslaught.cases import build, parse_case
from bot.onslaught.events import ParseError, RulesError
from bot.onslaught.files import load
from bot.onslaught.legal import check, legal_commands, waiting_for
from bot.onslaught.match import Match, player_view, state_json, visible_events
from bot.onslaught.playout import play, random_policy, simple

LIB = load()
PARTIES = {"A": LIB.parties["Lantern Company (invented)"], "B": LIB.parties["Thorn Circle (invented)"]}


def test_a_refused_command_changes_nothing_and_is_not_logged() -> None:
    m = Match(LIB, "skirmish", PARTIES, seed=7)
    before = state_json(m.state)
    with pytest.raises(RulesError, match=r"do not hold initiative card 2; your cards are \[1, 3, 4, 7, 9\]"):
        m.apply("A", "assign Brask=2 Ysolde=3 Merrin=4 Tobbit=5 Kestra=6")
    with pytest.raises(ParseError, match="NAME=CARD"):
        m.apply("A", "assign Brask")
    assert state_json(m.state) == before and m.log == []


def test_initiative_cards_stay_hidden_until_revealed() -> None:
    # rule: DDO-INIT-06, DDO-INIT-05
    m = Match(LIB, "skirmish", PARTIES, seed=7)
    a_cmd = legal_commands(m.game, "A")[0]
    m.apply("A", a_cmd)
    m.apply("B", legal_commands(m.game, "B")[0])
    seen_by_b = player_view(m.state, "B")
    a_cards = {n: c for n, c in m.state.assigned.items() if m.state.minis[n].side == "A"}
    first = next(n for n, c in a_cards.items() if c == 1)
    assert set(seen_by_b["assigned"]) & set(a_cards) == {first}  # only Initiative 1 is face up
    assert "A" not in seen_by_b["hands"]
    assert [e for e in visible_events(m.history, "B") if e.kind == "assigned"] == [
        e for e in m.history if e.kind == "assigned" and e.secret_to == "B"]
    m.apply("A", f"activate {first}")
    assert first in player_view(m.state, "B")["assigned"]


def test_dealing_gives_five_cards_each_from_the_two_stacks() -> None:
    # rule: DDO-INIT-02, DDO-INIT-03, DDO-INIT-01
    m = Match(LIB, "vault", PARTIES, seed=3)
    st = m.state
    assert st.active == "B"  # the scenario names who holds Initiative 1 in round 1
    active, other = sorted(st.hands["B"]), sorted(st.hands["A"])
    assert 1 in active and len(active) == len(other) == 5
    assert sum(1 for c in other if 2 <= c <= 6) == 3 and sum(1 for c in active if 2 <= c <= 6) == 2
    assert sorted(active + other) == list(range(1, 11))


def test_loot_drawn_is_secret_to_the_looter() -> None:
    m = Match(LIB, "skirmish", PARTIES, seed=1)
    m.game.st.minis["Brask"].loot = ["I1"]
    assert player_view(m.state, "B")["minis"]["Brask"]["loot"] == 1
    assert player_view(m.state, "A")["minis"]["Brask"]["loot"] == ["I1"]
    assert isinstance(player_view(m.state, "A")["pool"], int)


def _end_game(vp_a: int, vp_b: int, defeated_a: int, defeated_b: int) -> str:
    g = build(parse_case("map:\n  ......\nA: Brask@A1 Kestra@B1\nB: Grell@F1 Vexa@E1\n", "t"), LIB)
    g.st.vp = {"A": vp_a, "B": vp_b}
    for n in ["Brask", "Kestra"][:defeated_a] + ["Grell", "Vexa"][:defeated_b]:
        g.st.minis[n].defeated = True
    g.finish_on_points()
    return g.st.winner


def test_winning_on_points_then_fewest_defeated_then_a_draw() -> None:
    # rule: DDO-WIN-02
    assert _end_game(3, 1, 1, 0) == "A"
    # rule: DDO-WIN-03
    assert _end_game(2, 2, 1, 0) == "B"
    # rule: DEC-22
    assert _end_game(2, 2, 1, 1) == "draw"


@pytest.mark.parametrize("scenario", ["skirmish", "vault"])
def test_random_playout_replays_equal(scenario: str) -> None:
    m = play(LIB, scenario, seed=11, policies=(random_policy, simple))
    assert m.state.phase == "over" and m.state.winner in ("A", "B", "draw")
    again = m.replay()
    assert state_json(again.state) == state_json(m.state)
    assert waiting_for(m.state) == []


def test_two_computer_parties_play_to_a_winner() -> None:
    m = play(LIB, "vault", seed=5)
    assert m.state.winner in ("A", "B", "draw")
    assert any(e.kind == "game over" for e in m.history)


def test_legal_answers_agree_with_apply() -> None:
    m = Match(LIB, "skirmish", PARTIES, seed=2)
    for cmd in legal_commands(m.game, "A"):
        assert check(m.game, "A", cmd) is None
    assert check(m.game, "B", "activate Grell") is not None


def test_end_phase_scores_the_active_player_first_and_skips_defeated_characters() -> None:
    # rule: DDO-ROUND-03, DDO-INIT-04
    g = build(parse_case("map:\n  ......\nA: Brask@A1 Kestra@B1\nB: Grell@F1 Vexa@E1\ncontrol: A1 F1\nactive: B\n", "t"), LIB)
    g.st.minis["Kestra"].defeated = True
    g.apply("B", "assign Grell=1 Vexa=5")
    g.apply("A", "assign Brask=2 Kestra=3")
    events = []
    for player, who in (("B", "Grell"), ("A", "Brask"), ("B", "Vexa")):
        g.apply(player, f"activate {who}")
        events += g.apply(player, "end")
    assert [e.data["side"] for e in events if e.kind == "control point"] == ["B", "A"]
    assert g.st.vp == {"A": 1, "B": 1} and g.st.round == 2 and g.st.active == "A"
    assert any(e.kind == "skipped" and e.data["mini"] == "Kestra" for e in events)
