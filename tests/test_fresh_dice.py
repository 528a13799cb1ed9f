"""Fresh dice (issue 10, "dice seen in advance after load"): with a salt source, every command that
rolls dice rolls from ``(seed, salt)`` with a fresh salt recorded with the log, so a save file
(which holds the seed) does not foretell the dice to come, while the saved log still replays
exactly. Without a salt source (the default: Discord, storage, tests) nothing changes.

Chance is recorded in the history like moves; replay never rolls anew (STYLE.md).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.game import ai
from bot.game.session import GameSession, _card_lookup, _card_pool
from bot.games.heroscape.bench import ARMY_A, ARMY_B
from bot.rules.errors import RulesError
from bot.rules.events import Event
from bot.rules.match import Match, SnapshotMismatch
from bot.rules.state import Phase

SEED = 4
FORMAT = {"round_limit": 3, "points": 600}
SETUP = (("alice", "join Alice"), ("bob", "join Bob"), ("alice", "army " + "; ".join(ARMY_A[:6])),
         ("bob", "army " + "; ".join(ARMY_B)), ("alice", "start"))


def counter(start: int) -> Callable[[], int]:
    """A predictable salt source for tests: ``start``, ``start + 1``, ..."""
    it: Iterator[int] = itertools.count(start)
    return lambda: next(it)


def session(salts: Callable[[], int] | None) -> GameSession:
    s = GameSession.create("fresh", map_id="practice-field", fmt=FORMAT, seed=SEED, fresh_dice=salts is not None)
    s.match.salt_source = salts
    return s


def play_until(s: GameSession, stop: Callable[[GameSession], bool], limit: int = 1500) -> None:
    """Let the computer play every seat until ``stop`` (or the match ends)."""
    for player, text in SETUP[len(s.match.log):]:
        s.apply(player, text)
    while s.state.phase is not Phase.OVER and len(s.match.log) < limit and not stop(s):
        waiting = ai.waiting_for(s.state)
        cmd = ai.next_command(s.state, waiting[0]) if waiting else None
        assert cmd is not None, "the computer players got stuck"
        s.apply(waiting[0], cmd)


def rolled(events: list[Event]) -> list[object]:
    return [e.data.get(k) for e in events for k in ("attack_dice", "defense_dice", "d20", "dice", "rolls") if k in e.data]


def next_attack(s: GameSession) -> tuple[str, str] | None:
    """The computer's next command when it is a normal attack, else ``None``."""
    waiting = ai.waiting_for(s.state)
    cmd = ai.next_command(s.state, waiting[0]) if waiting else None
    return (waiting[0], cmd) if cmd is not None and cmd.startswith("attack ") else None


def test_save_try_an_attack_load_the_next_attack_rolls_other_dice() -> None:
    # The steps: save before an attack, make it, load the save, make it again. With seed
    # dice the second try rolls what the first one showed; with fresh dice it rolls anew.
    for salts, same in ((None, True), (counter(1000), False)):
        s = session(salts)
        play_until(s, lambda s: next_attack(s) is not None)
        player, attack = next_attack(s)  # type: ignore[misc]
        saved = json.loads(json.dumps(s.to_record()))
        first = rolled(s.apply(player, attack).events)
        loaded = GameSession.from_record(saved)
        if salts is not None:
            loaded.match.salt_source = counter(2000)  # the next salt nobody has drawn yet
        second = rolled(loaded.apply(player, attack).events)
        assert first and second
        assert (first == second) is same, (first, second)


def test_a_save_with_salts_replays_exactly_and_keeps_fresh_dice() -> None:
    s = session(counter(7))
    play_until(s, lambda s: s.state.round >= 2 and s.match.quiet)
    record = json.loads(json.dumps(s.to_record()))
    assert record["fresh_dice"] is True and record["salts"]
    back = GameSession.from_record(record)
    assert back.match.state_json() == s.match.state_json()
    assert back.match.dice.snapshot() == s.match.dice.snapshot()
    assert back.to_record() == record and back.fresh_dice and back.match.salt_source is not None


def test_only_commands_that_roll_record_a_salt_and_the_others_leave_the_dice_alone() -> None:
    s = session(counter(1))
    for player, text in SETUP:
        before = s.match.dice.snapshot()
        s.apply(player, text)
        assert s.match.dice.snapshot() == before and not s.match.salts  # no dice in setup
    play_until(s, lambda s: s.state.round >= 2)
    assert s.match.salts
    # Replaying without a salt source, from the recorded salts alone, rebuilds the same position;
    # exactly the commands that roll dice have a salt.
    again = Match(s.match.battlefield, s.scenario, SEED, _card_lookup, pool=_card_pool, salts=dict(s.match.salts))
    dice_with_salts = []
    for i, (player, text) in enumerate(s.match.log):
        rolls = again.dice.rolls
        dice_with_salts += rolled(again.apply(player, text))
        assert (again.dice.rolls > rolls) is (i in s.match.salts), (i, text)
    assert again.state_json() == s.match.state_json()
    # Without the salts the same log rolls other dice: the salts, not the seed, decide.
    plain = Match(s.match.battlefield, s.scenario, SEED, _card_lookup, pool=_card_pool)
    dice_without = []
    try:
        for player, text in s.match.log:
            dice_without += rolled(plain.apply(player, text))
    except RulesError:
        pass  # a logged command the other dice made illegal
    assert dice_with_salts and dice_without != dice_with_salts


def test_without_a_salt_source_nothing_changes() -> None:
    s = session(None)
    play_until(s, lambda s: s.state.round >= 2)
    assert s.match.salts == {} and "salts" not in s.to_record() and "fresh_dice" not in s.to_record()
    again = Match.replay(s.match.battlefield, s.scenario, SEED, s.match.log, _card_lookup, _card_pool)
    assert again.state_json() == s.match.state_json() and again.dice.snapshot() == s.match.dice.snapshot()


def test_snapshots_of_a_match_with_fresh_dice_are_tied_to_its_salts() -> None:
    s = session(counter(50))
    play_until(s, lambda s: s.state.round >= 2 and s.match.quiet)
    seq, blob = len(s.match.log), s.match.snapshot()
    play_until(s, lambda s: s.state.round >= 3)
    record = s.to_record()
    back = GameSession.from_record(record, [(seq, blob)])
    assert back.restored_from == seq and back.match.state_json() == s.match.state_json()
    assert back.match.salt_source is not None
    m = s.match
    other = {i: v + 1 for i, v in m.salts.items()}
    with pytest.raises(SnapshotMismatch):
        Match.from_snapshot(m.battlefield, m.scenario, SEED, blob, m.log[:seq], _card_lookup, _card_pool, salts=other)


def test_a_bad_salts_field_is_refused_in_words(tmp_path: Path) -> None:
    s = session(counter(1))
    for player, text in SETUP[:2]:
        s.apply(player, text)
    record = s.to_record() | {"salts": [["x", 1]]}
    with pytest.raises(ValueError, match="the field 'salts' must be a list of \\[log position, salt\\] pairs"):
        GameSession.from_record(record)
