"""The computer player: it finishes matches, every command it sends is accepted, it is deterministic."""

from __future__ import annotations

import pytest

from bot.console.demo import CLASSIC_ARMIES, RIFT_ARMIES, setup
from bot.game import ai
from bot.game.session import GameSession, cards
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState, Pending, Phase, Stage, TurnState
from tests.rules.conftest import BLANK, build, card, fig, sandbox


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
    markers = _ordered(cmd)
    assert set(markers) == {"1", "2", "3", "X"}
    assert len({markers["1"], markers["2"], markers["3"]}) >= 2
    assert ai.next_command(st, alice) == cmd
    # Not its turn to act: nothing to say.
    s.apply(alice, cmd)
    assert ai.next_command(st, alice) is None
    # A pending decision it owns: the first option.
    st.pending.append(Pending(player=bob, kind="test", prompt="use it?", options=["use it", "no"]))
    assert ai.waiting_for(st) == [bob]
    assert ai.next_command(st, bob) == 'choose "use it"'
    assert ai.next_command(st, alice) is None


# ---- Order Markers ---------------------------------------------------------------------------------


def _ordered(cmd: str) -> dict[str, str]:
    return dict(part.split("=") for part in cmd.split()[1:])


def test_ai_spreads_markers_over_its_best_cards() -> None:
    s = GameSession.create("t", map_id="cobra-facility", seed=1)
    alice, bob = setup(s, CLASSIC_ARMIES[:2])
    s.apply(alice, "place-rest")
    s.apply(bob, "place-rest")
    st = s.state
    for pid in (alice, bob):
        placed = ai.marker_plan(st, pid)
        numbered = [placed[m] for m in ("1", "2", "3")]
        ranked = [k for _, k in ai.card_values(st, pid)]
        assert len(set(numbered)) >= 2, placed  # never all three on one card
        assert max(numbered.count(k) for k in numbered) <= 2
        assert set(numbered) <= set(ranked[:3])  # on the two or three best cards
        assert placed["1"] == ranked[0]
        assert placed["X"] not in numbered  # the decoy lies elsewhere
    # The orders text names the cards of that plan.
    plan = ai.marker_plan(st, alice)
    assert _ordered(ai.orders_command(st, alice)) == {m: st.cards[k].card.id for m, k in plan.items()}


def test_ai_markers_with_one_or_two_cards_left() -> None:
    s = GameSession.create("t", map_id="cobra-facility", seed=1)
    alice, bob = setup(s, [("Alice", ["Finn the Viking Champion", "Syvarris"]), ("Bob", ["Grimnak"])])
    s.apply(alice, "place-rest")
    s.apply(bob, "place-rest")
    st = s.state
    placed = ai.marker_plan(st, alice)
    assert {placed["1"], placed["2"], placed["3"]} == set(st.living_cards(alice))
    assert set(ai.marker_plan(st, bob).values()) == {"bob/grimnak"}


# ---- special attacks ---------------------------------------------------------------------------------


DUMMY = card(name="Dummy", defense=0, life=9)


def test_ai_uses_an_explosion_on_a_cluster_of_enemies() -> None:
    dw = cards().get("Deathwalker 9000")
    eng = sandbox(fig("dw", "p1", (0, 2), dw), fig("t", "p2", (4, 2), DUMMY), fig("u", "p2", (5, 2), DUMMY),
                  fig("v", "p2", (4, 3), DUMMY), combat=[BLANK] * 3)
    st = eng.state
    opts = ai.special_options(st, st.figures["dw"])
    assert opts and opts[0][0] == pytest.approx(3 * ai.attack_score(3, 0, 9))
    cmd = ai.best_attack(st, [st.figures["dw"]], [], [], 1)
    assert cmd is not None and cmd.startswith("special dw explosion ")
    events = eng.execute("p1", cmd)  # the engine accepts it
    assert any(e.kind == "special_roll" for e in events)


def test_ai_keeps_its_friends_out_of_its_explosion() -> None:
    dw = cards().get("Deathwalker 9000")
    eng = sandbox(fig("dw", "p1", (0, 2), dw), fig("t", "p2", (4, 2), DUMMY), fig("pal", "p1", (5, 2), DUMMY),
                  fig("pal2", "p1", (4, 3), DUMMY))
    st = eng.state
    assert ai.best_attack(st, [st.figures["dw"]], [], [], 1) == "attack dw t"


def test_ai_uses_mimrings_fire_line() -> None:
    mimring = cards().get("Mimring")
    eng = sandbox(fig("mimring", "p1", [(1, 2), (0, 2)], mimring), fig("a", "p2", (3, 2), DUMMY),
                  fig("b", "p2", (5, 2), DUMMY), fig("c", "p2", (7, 2), DUMMY), combat=[BLANK] * 4)
    st = eng.state
    cmd = ai.best_attack(st, [st.figures["mimring"]], [], [], 1)
    assert cmd is not None and cmd.startswith("special mimring fire ")
    events = eng.execute("p1", cmd)
    hit = [e.data["target"] for e in events if e.kind == "attack"]
    assert hit == ["a", "b", "c"]


# ---- movement ------------------------------------------------------------------------------------------


def _duel(attack: int) -> tuple[MatchState, Figure]:
    """``me`` engaged with a heavily armoured enemy; a soft one stands a few spaces away."""
    eng = sandbox(fig("me", "p1", (2, 2), card(name="Hitter", attack=attack)),
                  fig("heavy", "p2", (3, 2), card(name="Heavy", defense=9, life=4)),
                  fig("soft", "p2", (2, 5), card(name="Soft", defense=0, life=9)))
    return eng.state, eng.state.figures["me"]


def test_ai_does_not_leave_engagement_for_a_small_gain() -> None:
    st, me = _duel(attack=3)
    gain = ai.attack_value(st, me, st.figures["soft"]) - ai.attack_value(st, me, st.figures["heavy"])
    assert 0 < gain < ai.swipe_cost(1, 4)
    assert ai.best_move(st, me) is None  # stays engaged and attacks where it stands


def test_ai_leaves_engagement_when_the_gain_is_clearly_larger() -> None:
    st, me = _duel(attack=6)
    cmd = ai.best_move(st, me)
    assert cmd is not None and cmd.startswith("move me ")
    end = st.battlefield.parse_space(cmd.split()[-1])
    assert end.distance(st.figures["soft"].hex) == 1


def test_swipe_cost() -> None:
    assert ai.swipe_cost(0, 4) == 0
    assert ai.swipe_cost(1, 4) == pytest.approx(ai.SWIPE_COST + ai.LEAVE_MARGIN)
    assert ai.swipe_cost(1, 1) == pytest.approx(ai.SWIPE_COST + 0.5 * ai.DEATH_COST + ai.LEAVE_MARGIN)


def test_ai_uses_drakes_grapple_gun_to_climb() -> None:
    cliff = build(hexes=[{"at": [3, 2], "level": 12, "terrain": "rock"}, {"at": [4, 2], "level": 12, "terrain": "rock"}])
    drake = cards().get("Sgt. Drake Alexander")
    eng = sandbox(fig("drake", "p1", (2, 2), drake), fig("t", "p2", (4, 2), DUMMY), battlefield=cliff)
    st = eng.state
    assert ai._move_powers(st, st.figures["drake"]) == ["grapple"]
    cmd = ai.best_move(st, st.figures["drake"])
    assert cmd is not None and cmd.endswith(" grapple")
    eng.execute("p1", cmd)
    assert st.figures["drake"].hex == Hex(3, 2)
    assert ai.best_attack(st, [st.figures["drake"]], [], [], 1) == "attack drake t"


# ---- the end-turn hint ------------------------------------------------------------------------------------


def test_actions_left() -> None:
    eng = sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (3, 2)))
    st = eng.state
    st.phase = Phase.TURNS
    st.turn = TurnState(player="p1", card_key=st.figures["a"].card_key, marker="1")
    assert ai.actions_left(st, "p1")  # a may move
    assert ai.actions_left(st, "p2")  # not p2's turn: nothing to say
    st.turn.moved.append("a")
    st.turn.stage = Stage.ATTACK
    assert ai.actions_left(st, "p1")  # a may still attack b
    st.turn.attacked.append("a")
    assert not ai.actions_left(st, "p1")  # moved and attacked
    st.turn.attacked.clear()
    st.figures["b"].hexes = (Hex(7, 7),)
    assert not ai.actions_left(st, "p1")  # moved, and no target in reach


def test_the_computer_weighs_attacks_by_the_rules_exact_odds() -> None:
    # rule: HS-ATTACK-11 (issue 11: the computer counted the plain dice, so Stealth Dodge's one-shield
    # rule made a Krav Maga Agent at range look like the better target: 51% to destroy, not 26%)
    archer = card(name="Archer", range=7, attack=3, life=9)
    box = card(name="Box", defense=4, life=1)  # 41% to destroy with 3 dice against 4
    krav = cards().get("Krav Maga Agents")
    st = sandbox(fig("a", "p1", (0, 2), archer), fig("k", "p2", (4, 2), krav), fig("b", "p2", (4, 5), box)).state
    assert ai.best_attack(st, [st.figures["a"]], [], [], 1) == "attack a b"
    # Next to the archer, the Agent's Stealth Dodge does nothing: the easier target is chosen again.
    st = sandbox(fig("a", "p1", (0, 2), archer), fig("k", "p2", (1, 2), krav), fig("b", "p2", (4, 5), box)).state
    assert ai.best_attack(st, [st.figures["a"]], [], [], 1) == "attack a k"


def test_the_computer_counts_counter_strikes_wounds_back() -> None:
    # rule: HS-ATTACK-11 (Counter Strike: each shield beyond the hits wounds the adjacent attacker)
    brute = card(name="Brute", attack=2, life=1)
    sam = cards().get("Izumi Samurai")  # Defense 5, Life 1
    wall = card(name="Wall", defense=6, life=1)
    st = sandbox(fig("b", "p1", (2, 2), brute), fig("sam", "p2", (3, 2), sam), fig("w", "p2", (2, 3), wall)).state
    # The plain dice rate the Samurai (5 defense dice) above the Wall (6); its Counter Strike
    # would destroy the Brute on more than half of the rolls, so the Wall is attacked.
    assert ai.best_attack(st, [st.figures["b"]], [], [], 1) == "attack b w"
