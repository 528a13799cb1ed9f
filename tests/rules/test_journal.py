"""A refused command is undone without a copy of the state per command (issue 21): from the
match's checkpoint and the commands logged since (bot.rules.journal). Replays prove nothing
changed: a command that changed the state and was then refused leaves the position, the dice and
every later command exactly as if it had never been tried."""

from __future__ import annotations

import pytest

from bot.game import ai
from bot.games.heroscape.bench import mid_match
from bot.rules import engine as engine_module
from bot.rules.errors import IllegalCommand
from bot.rules.journal import CHECKPOINT_EVERY
from bot.rules.match import Match
from bot.rules.state import MatchState, Phase


def _next(m: Match) -> tuple[str, str] | None:
    waiting = ai.waiting_for(m.state)
    cmd = ai.next_command(m.state, waiting[0]) if waiting else None
    return (waiting[0], cmd) if cmd is not None else None


def _replayed(m: Match) -> Match:
    return Match.replay(m.battlefield, m.scenario, m.seed, m.log, m.cards, m.pool, m.salts)


def test_a_command_refused_after_changing_the_state_is_undone_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    m = mid_match(seed=3, rounds=2)
    twin = _replayed(m)
    # No copy of the whole state per command any more.
    monkeypatch.setattr(MatchState, "clone", lambda self: pytest.fail("the state was deep-copied"))
    tried = 0
    for _ in range(3 * CHECKPOINT_EVERY):  # refusals at every distance from the checkpoint
        step = _next(m)
        if step is None or m.state.phase is Phase.OVER:
            break
        player, cmd = step
        before = m.state_json()
        verb = cmd.split(" ", 1)[0]
        real = engine_module.COMMANDS[verb]

        calls: list[int] = []

        def changed_then_refused(engine: engine_module.Engine, who: str, _real=real, _calls=calls,
                                 **args: object) -> None:
            _real(engine, who, **args)  # the whole command is applied (figures moved, dice rolled)...
            _calls.append(1)
            if len(_calls) == 1:  # (the commands replayed to undo it are not refused)
                raise IllegalCommand("refused at the very end")  # ...and then refused

        monkeypatch.setitem(engine_module.COMMANDS, verb, changed_then_refused)
        with pytest.raises(IllegalCommand):
            m.apply(player, cmd)
        monkeypatch.setitem(engine_module.COMMANDS, verb, real)
        tried += 1
        assert m.state_json() == before  # the position is back, byte for byte
        m.apply(player, cmd)
        twin.apply(player, cmd)  # a match that never saw the refusal
        assert m.state_json() == twin.state_json()  # same dice, same outcome
    assert tried >= CHECKPOINT_EVERY
    assert _replayed(m).state_json() == m.state_json()  # and the log still replays to it


def test_the_engine_alone_still_rolls_back_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """Callers of the engine without a match (the rules cases) keep its copy-and-restore."""
    from bot.rules.views import state_json

    m = mid_match(seed=3, rounds=2)
    step = _next(m)
    assert step is not None
    player, cmd = step
    verb = cmd.split(" ", 1)[0]
    real = engine_module.COMMANDS[verb]

    def changed_then_refused(engine: engine_module.Engine, who: str, **args: object) -> None:
        real(engine, who, **args)
        raise IllegalCommand("refused at the very end")

    monkeypatch.setitem(engine_module.COMMANDS, verb, changed_then_refused)
    eng = engine_module.Engine(m.state.clone(), m.dice, m.cards, m.pool)
    before = state_json(eng.state)
    with pytest.raises(IllegalCommand):
        eng.execute(player, cmd)
    assert state_json(eng.state) == before


def test_a_change_made_outside_a_command_survives_a_refusal_once_said() -> None:
    """Undo by agreement sets the state's version by hand (bot/discord/pace/undo.py); a later
    refusal must not take that back."""
    m = mid_match(seed=3, rounds=2)
    step = _next(m)
    assert step is not None
    m.apply(*step)  # a checkpoint exists now, taken before this change
    m.state.version += 100
    m.changed_outside()
    with pytest.raises(Exception):  # noqa: B017 - any refusal
        m.apply(step[0], "move nobody-at-all A1")
    assert m.state.version >= 100
