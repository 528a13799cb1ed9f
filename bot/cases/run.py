"""Running one rules case: set up, then each step in order, the first mismatch failing the case.

A query's ``expect`` is compared with its answer; an action takes its dice from its own ``dice``
(FORMAT.md, "Dice"), is carried out by the engine, must leave no die unused, and its ``expect`` is
checked (``"ok": false`` when the rules refuse it, and then nothing may have changed). In v2 a
decision left pending must be answered by the next step, a ``choose``, unless the step expected
``pending``; a case may end while the rules wait.

A feature the engine lacks fails the step that needs it with the feature named
(:class:`bot.cases.features.Unbuilt`); one the case needs from its start (a ladder, a carried glyph,
a scenario not built) fails its first step. A failing step also says what the case waits for
(glyph rules not built yet).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.cases import checks, features, queries, steps
from bot.cases.features import Unbuilt
from bot.cases.model import CaseError, CaseSpec, Dice2, MapExtras, load_case
from bot.cases.setup import set_up
from bot.cases.stepmodel import Action, CheckStep, CheckStep2, Choose, Expect2, read_step
from bot.rules.commands import Command
from bot.rules.errors import DiceExhausted, RulesError
from bot.rules.state import MatchState


def _snapshot(state: MatchState) -> Any:
    """What a refused action must leave unchanged."""
    return (
        sorted((f.id, f.hexes, f.level, f.wounds, f.destroyed, f.controller) for f in state.figures.values()),
        {k: dict(v) for k, v in state.orders.items()},
        state.phase, state.round, list(state.initiative), state.winners, sorted(state.glyphs.items()),
        None if state.turn is None else (state.turn.player, state.turn.card_key, tuple(state.turn.moved),
                                         tuple(state.turn.attacked), state.turn.stage),
        [(p.player, p.kind, tuple(p.options)) for p in state.pending],
    )


class CaseRun:
    """One case being run: its engine, dice queue and steps."""

    def __init__(self, spec: CaseSpec, source: str) -> None:
        self.spec = spec
        self.source = source
        self.steps = [read_step(raw, i, spec.version, source) for i, raw in enumerate(spec.steps)]
        setup = set_up(spec, source)
        self.engine = setup.engine
        self.dice = setup.dice
        self.blocking = setup.blocking
        self.waiting = setup.waiting
        # Objects by id, and obstacles with an id, which a scenario rule may turn into objects
        # (Crumbling Architecture): steps may aim at either.
        self.objects = frozenset(o.id for o in _extras(spec).objects) | (
            frozenset(features.obstacle_ids(spec.map)) if spec.version == 2 else frozenset())

    @property
    def state(self) -> MatchState:
        """The engine's current state."""
        return self.engine.state

    def run(self) -> None:
        """Run every step; raise :class:`AssertionError` with a reason on the first mismatch."""
        for i, step in enumerate(self.steps):
            label = _label(step)
            try:
                if self.blocking:
                    raise Unbuilt("; ".join(self.blocking))
                self._step(i, step)
            except Unbuilt as exc:
                raise AssertionError(f"step {i} ({label}): {exc}") from None
            except CaseError as exc:
                raise CaseError(f"{self.source}: {exc}") from None
            except AssertionError as exc:
                if self.waiting:
                    raise AssertionError(f"{exc} (the case waits for: {', '.join(self.waiting)})") from None
                raise
            if self.spec.version == 2 and isinstance(step, Action) and i + 1 < len(self.steps):
                self._next_must_choose(i, step, self.steps[i + 1])
        if self.blocking and not self.steps:
            raise AssertionError(f"setup: {'; '.join(self.blocking)}")

    def _step(self, i: int, step: Any) -> None:
        where = f"steps.{i}"
        if isinstance(step, CheckStep | CheckStep2):
            checks.check(self.state, step.check, i)
        elif isinstance(step, Action):
            self.action(step, i, where)
        else:
            got = queries.answer(self.state, step, where, self.objects)
            if step.expects() and got != step.expect:
                raise AssertionError(f"step {i} ({step.query}): expected {step.expect!r}, got {got!r}")

    def action(self, step: Action, i: int, where: str) -> None:
        """Carry out one action step and check its ``expect``."""
        self.dice.clear()
        self.dice.add(step.dice.combat, step.dice.d20)
        if isinstance(step.dice, Dice2):
            self.dice.add_picks(step.dice.pick)
        player, cmd = steps.command_for(self.engine, step, self.spec.players, self.objects, where)
        before = _snapshot(self.state)
        expect = step.expect
        ok, reason = True, ""
        name = getattr(step, "do", "action")
        try:
            if isinstance(step, Choose):
                self._choose(step, cmd)
            else:
                self.engine.execute(player, cmd)
            if name == "end_round" and self.spec.version == 2:
                steps.next_round_free(self.engine)
        except DiceExhausted as exc:
            raise AssertionError(f"step {i} ({name}): {exc}") from None
        except RulesError as exc:
            ok, reason = False, str(exc)
        if self.dice.left:
            raise AssertionError(f"step {i} ({name}): {self.dice.left} scripted dice left over")
        if expect.ok is not None and expect.ok != ok:
            raise AssertionError(f"step {i} ({name}): expected ok={expect.ok}, got ok={ok}" + (f" ({reason})" if reason else ""))
        if not ok and _snapshot(self.state) != before:
            raise AssertionError(f"step {i} ({name}): refused, but the state changed")
        checks.check(self.state, expect, i)

    def _choose(self, step: Choose, cmd: Command) -> None:
        """Answer the decision the rules wait on. An answer in several parts (a figure and its end
        space, :func:`bot.cases.features.answer_parts`) answers the decisions the rules ask one after
        the other, all or nothing, unless the figure is not an answer of the decision asked: then the
        move is one answer, ``FIGURE SPACE`` (The Rift's pull); a whole list of moves then says "done" to a decision asking for
        one more of them.

        :raises RulesError: a part is refused (the state is as before the step).
        """
        parts, whole = features.answer_parts(step.answer)
        if len(parts) == 1:
            self.engine.execute(step.player, cmd)
            return
        first = self.state.pending[0] if self.state.pending else None
        if not whole and first is not None and str(parts[0]) not in first.options:
            # A decision that takes the move whole, as typed: "FIGURE SPACE" (The Rift's pull).
            text = " ".join(steps.answer_text(self.state, part) for part in parts)
            self.engine.execute(step.player, Command("choose", {"option": text}))
            return
        snapshot = self.state.clone()
        try:
            for part in parts:
                self.engine.execute(step.player, Command("choose", {"option": steps.answer_text(self.state, part)}))
            while whole and first is not None and self.state.pending:
                again = self.state.pending[0]
                if again.player != step.player or again.kind != first.kind or "done" not in again.options:
                    break
                self.engine.execute(step.player, Command("choose", {"option": "done"}))
        except RulesError:
            self.engine.state = snapshot
            raise

    def _next_must_choose(self, i: int, step: Action, nxt: Any) -> None:
        """v2: a decision left pending is answered by the next step, unless the step expected ``pending``."""
        st = self.state
        if not st.pending or isinstance(nxt, Choose):
            return
        if isinstance(step.expect, Expect2) and step.expect.has("pending"):
            return
        pend = st.pending[0]
        raise AssertionError(f"step {i} ({getattr(step, 'do', 'action')}): the rules wait on a decision of "
                             f"{pend.player}: {pend.prompt} (answers: {' / '.join(pend.shown)}); the next step "
                             "must be a choose")


def _extras(spec: CaseSpec) -> MapExtras:
    """The v2 map extras (for the object ids); already validated when the map was built."""
    if spec.version != 2:
        return MapExtras()
    return MapExtras.model_validate({k: v for k, v in spec.map.items() if k in ("ladders", "objects", "zones")})


def _label(step: Any) -> str:
    """How a failure names a step: its action or query, or ``check``."""
    for key in ("do", "query"):
        if hasattr(step, key):
            return str(getattr(step, key))
    return "check"


def run_case(path: Path) -> tuple[str, bool, str]:
    """Run one case file; return ``(id, passed, reason)``. Never raises for a bad case."""
    case_id = path.stem
    try:
        spec = load_case(path)
        case_id = spec.id
        CaseRun(spec, str(path)).run()
    except CaseError as exc:
        return case_id, False, str(exc)
    except AssertionError as exc:
        return case_id, False, str(exc)
    except RecursionError:
        return case_id, False, f"{path}: the case is nested too deeply to run"
    except Exception as exc:  # a crash in the engine is a failed case, reported in one line
        return case_id, False, f"{path}: the engine raised {type(exc).__name__}: {exc}"
    return case_id, True, ""
