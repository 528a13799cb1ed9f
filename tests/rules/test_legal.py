"""What may be done now (bot.rules.legal), and the issue-11 defects it brought to light:
a flyer taking off under swipes when walking away took none, a Fire Line aimed at a figure out of
its reach, and ``targets`` for a figure that had already attacked."""

from __future__ import annotations

import pytest

from bot.games.heroscape.bench import mid_match
from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand
from bot.rules.legal import KINDS, Expected, LegalCommands, check, expected_of, kinds_of, waiting_for
from bot.rules.match import Match
from bot.rules.special import attack_options
from bot.rules.state import Phase, Stage, TurnState
from bot.rules.views import state_json
from tests.rules.conftest import build, card, fig, full_match, markers, refused, roll, sandbox
from tests.rules.helpers_geo import at, kinds
from tests.rules.test_special import DRAGON, DUMMY

FLYER = card(name="Flyer", keywords=["flying"], move=6)
BOTH = {"p1": markers("Soldier"), "p2": markers("Archer")}


# ---- a destination alone: walk or fly, by the fewest leaving-engagement attacks ---------------------


def test_a_flyer_walks_around_an_enemy_rather_than_take_a_swipe_by_flying() -> None:
    # rule: HS-ENGAGE-05, HS-FLY-02 (issue 11: the flyer took off under a swipe it need not take)
    eng = sandbox(fig("f", "p1", (2, 2), FLYER), fig("e", "p2", (3, 2)))  # no dice scripted: none may be rolled
    events = eng.execute("p1", "move f 3,1")  # still next to e: walking leaves no engagement
    (moved,) = kinds(events, "moved")
    assert kinds(events, "swipe") == [] and moved["flew"] is False and at(eng, "f") == ((3, 1),)


def test_a_flyer_still_flies_when_walking_is_no_safer_and_costs_more() -> None:
    # rule: HS-FLY-01, HS-FLY-03
    bf = build(hexes=[{"at": [3, 2], "level": 9, "terrain": "rock"}])
    eng = sandbox(fig("f", "p1", (2, 2), FLYER), battlefield=bf)
    events = eng.execute("p1", "move f 4,2")
    assert kinds(events, "moved")[0]["flew"] is True and kinds(events, "moved")[0]["cost"] == 2


# ---- Fire Line aimed at a figure it cannot reach -----------------------------------------------------


def cliff_line() -> Engine:
    return sandbox(fig("a", "p1", (0, 2), DRAGON), fig("second", "p2", (2, 2), DUMMY), fig("fifth", "p2", (5, 2), DUMMY),
                   battlefield=build(hexes=[{"at": [0, 2], "level": 10, "terrain": "rock"}]))


def test_a_line_aimed_at_a_figure_past_its_length_is_refused_and_the_attack_kept() -> None:
    # rule: HS-LINE-01 (issue 11: it was accepted, hit nobody and used the figure's attack)
    eng = cliff_line()
    err = refused(eng, "p1", 'special a "Fire Line" fifth', "HS-LINE-01")  # 5 spaces away, Line 4
    assert "cannot reach fifth" in str(err) and "more than 4 spaces" in str(err)
    assert check(eng.state, "p1", 'special a "Fire Line" second') is None  # the attack is still there


# ---- targets: a figure that has attacked has none ------------------------------------------------------


def test_a_figure_that_has_attacked_is_offered_no_more_targets() -> None:
    # rule: HS-ATTACK-12 (issue 11: `targets` offered a figure that had used its attacks)
    eng = sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (3, 2), DUMMY), fig("c", "p1", (5, 5)))
    st = eng.state
    st.phase = Phase.TURNS
    st.turn = TurnState(player="p1", card_key=st.figures["a"].card_key, marker="1", stage=Stage.ATTACK)
    assert [c.command for c in LegalCommands(st, "p1").attacks("a")] == ["attack a b"]
    st.turn.attacked.append("a")
    assert list(LegalCommands(st, "p1").attacks("a")) == [] and list(LegalCommands(st, "p1").specials("a")) == []
    assert "attack a b" not in LegalCommands(st, "p1")
    assert [o.targets for o in attack_options(st, st.figures["a"])] == [("b",)]  # geometry alone still reaches


# ---- check: the engine's own refusal, nothing changed ------------------------------------------------


def test_check_gives_the_engines_refusal_word_for_word_and_changes_nothing() -> None:
    # rule: HS-ORDER-01
    m = full_match()
    before = m.state_json()
    err = check(m.state, "p1", "orders 1=Soldier")
    assert isinstance(err, IllegalCommand) and err.rule == "HS-ORDER-01"
    with pytest.raises(IllegalCommand) as info:
        m.apply("p1", "orders 1=Soldier")
    assert str(info.value) == str(err)
    assert check(m.state, "p1", "orders " + BOTH["p1"]) is None
    assert m.state_json() == before


def test_check_of_a_command_that_rolls_stops_before_the_dice() -> None:
    # rule: HS-INIT-01
    m = full_match()
    for p, text in BOTH.items():
        m.apply(p, "orders " + text)
    before = m.state_json()
    assert check(m.state, "p1", "initiative") is None  # scripted dice are empty: a roll would raise
    assert m.state_json() == before and m.state.phase is Phase.INITIATIVE


# ---- waiting_for ----------------------------------------------------------------------------------------


def test_waiting_for_follows_the_round() -> None:
    # rule: HS-ROUND-02, HS-ORDER-01, HS-INIT-01, HS-TURN-01
    m = full_match()
    assert waiting_for(m.state) == [Expected("p1", "orders"), Expected("p2", "orders")]
    m.apply("p1", "orders " + BOTH["p1"])
    assert waiting_for(m.state) == [Expected("p2", "orders")] and expected_of(m.state, "p1") is None
    m.apply("p2", "orders " + BOTH["p2"])
    assert [e.on for e in waiting_for(m.state)] == ["initiative", "initiative"]
    roll(m, d20=[20, 1])
    m.apply("p1", "initiative")
    assert waiting_for(m.state) == [Expected("p1", "turn", "Soldier")]


def test_waiting_for_before_the_battle() -> None:
    # rule: HS-ARMY-01, HS-ARMY-02
    m = full_match(place=False)
    assert {e.on for e in waiting_for(m.state)} == {"place"}
    m.apply("p1", "place-rest")
    assert waiting_for(m.state) == [Expected("p2", "place")]


# ---- the legal commands, enumerated ----------------------------------------------------------------------


def test_order_markers_are_every_way_to_put_four_markers_on_living_cards() -> None:
    # rule: HS-ORDER-01, HS-ORDER-03
    m = full_match({"p1": [card(name="Soldier"), card(name="Scout")]})
    legal = LegalCommands(m.state, "p1", m.cards)
    orders = legal.of_kind("orders")
    assert len(orders) == 2 ** 4 and all(o.command in legal for o in orders[:3])
    assert kinds_of(legal) == {"orders": 16, "concede": 1}
    m.apply("p1", "orders " + markers("Soldier"))
    assert LegalCommands(m.state, "p1", m.cards).of_kind("orders") == []


def test_in_the_middle_of_a_match_every_listed_command_is_one_the_engine_accepts() -> None:
    # rule: HS-TURN-02, HS-MOVE-01, HS-ATTACK-01, HS-SPECIAL-01
    m: Match = mid_match()
    st = m.state
    assert st.turn is not None
    me = st.turn.player
    other = next(p.id for p in st.players if p.id != me)
    legal = LegalCommands(st, me, m.cards)
    listed = list(legal)
    assert listed and bool(legal) and legal.count() == len(listed) == len(legal)
    assert {c.kind for c in listed} >= {"move", "end-turn", "concede"} and set(kinds_of(listed)) <= set(KINDS)
    before = m.state_json()
    for c in listed:
        assert c.command in legal, c.command
    assert m.state_json() == before
    for c in legal.moves():
        assert c.cost >= 1 and c.swipes >= 0 and c.spaces[0] == c.command.split()[-1]
    assert [c.kind for c in LegalCommands(st, other, m.cards)] == ["concede"]
    assert "end-turn" not in LegalCommands(st, other, m.cards) and "end-turn" in legal


def test_a_listed_move_is_carried_out_the_way_it_was_listed() -> None:
    # rule: HS-ENGAGE-05
    m = mid_match()
    st = m.state
    assert st.turn is not None
    moves = LegalCommands(st, st.turn.player, m.cards).moves()
    option = max(moves, key=lambda c: c.cost)
    events = m.apply(st.turn.player, option.command)
    moved = next(e for e in events if e.kind == "moved")
    assert moved.data["cost"] == option.cost and moved.data["flew"] is option.fly
    assert len([e for e in events if e.kind == "swipe"]) == option.swipes
    assert state_json(m.state)  # still a whole state


def test_a_double_space_figure_is_not_offered_its_own_tail_space() -> None:
    # rule: DEC-14 (a destination the figure stands on is no move), HS-DOUBLE-03
    big = card(name="Big", base=2, size="large", height=6, move=6)
    eng = sandbox(fig("big", "p1", [(2, 2), (3, 2)], big), fig("e", "p2", (6, 6)))
    st = eng.state
    st.phase = Phase.TURNS
    st.turn = TurnState(player="p1", card_key=st.figures["big"].card_key, marker="1")
    legal = LegalCommands(st, "p1")
    moves = list(legal.moves("big"))
    own = {st.battlefield.label(h) for h in st.figures["big"].hexes}
    assert moves and len(own) == 2 and not any(m.spaces[0] in own for m in moves)
    assert all(m.command in legal for m in moves)


def test_through_a_whole_computer_played_match_every_listed_command_is_accepted() -> None:
    # rule: HS-ROUND-02, HS-TURN-02, HS-ATTACK-01, HS-SPECIAL-01, HS-TIMING-02
    from bot.game import ai

    m = mid_match(seed=1, rounds=1)
    seen: set[str] = set()
    for n in range(400):
        st = m.state
        waiting = ai.waiting_for(st)
        if st.phase is Phase.OVER or not waiting:
            break
        if n % 9 == 0:
            legal = LegalCommands(st, waiting[0], m.cards)
            listed = [c for c in legal if c.kind != "orders"] + legal.of_kind("orders")[:5]
            for c in listed:
                assert check(st, waiting[0], c.command, m.cards) is None, c.command
                seen.add(c.kind)
        cmd = ai.next_command(st, waiting[0])
        assert cmd is not None and check(st, waiting[0], cmd, m.cards) is None, cmd
        m.apply(waiting[0], cmd)
    assert seen >= {"move", "attack", "end-turn", "orders", "concede"}
