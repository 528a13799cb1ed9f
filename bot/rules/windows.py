"""Running timing windows (HS-TIMING-01..07): collect, order and resolve effects, then go on.

A window is opened with the *name* of what comes next (a continuation registered with
:func:`continuation`, e.g. ``"attack_roll"``) and its arguments. The run lives in
``MatchState.windows`` while it drains, so when an optional effect stops it with a pending
decision the state alone says how to go on: ``choose`` answers, :func:`drain` resumes and, once
the window is empty, calls the continuation by its name. A continuation is a plain string in the
state, so a state with windows open pickles, compares and replays like any other.

Ordering of simultaneous effects is :func:`bot.rules.timing.order_key`; a player with several
different effects at the same place chooses which first (an ``order`` decision, HS-TIMING-02).
Before resolving, each trigger's condition is checked again and a trigger whose source figure is
gone lapses (HS-TIMING-01, HS-DESTROY-04..07).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.rules.context import Referee
from bot.rules.moments import Trigger, Window, WindowRun
from bot.rules.state import MatchState, Pending, Phase, Stage, TurnState
from bot.rules.timing import Effect, effect, effects_for, order_key

#: A continuation: what the engine does once a window is resolved, called with the window's
#: arguments (keys without a leading ``_``).
Continuation = Callable[..., None]
_CONTINUATIONS: dict[str, Continuation] = {}


def continuation(name: str) -> Callable[[Continuation], Continuation]:
    """Decorator: register ``fn(engine, **args)`` as the continuation called ``name``.

    :raises ValueError: when another function already has that name.
    """
    def deco(fn: Continuation) -> Continuation:
        if _CONTINUATIONS.get(name, fn) is not fn:
            raise ValueError(f"continuation {name!r} is registered twice")
        _CONTINUATIONS[name] = fn
        return fn
    return deco


def continuation_named(name: str) -> Continuation:
    """The continuation registered as ``name``.

    :raises KeyError: when none is (a state from another version of the rules).
    """
    return _CONTINUATIONS[name]


def declare_attack(eng: Referee, turn: TurnState, then: str, **args: Any) -> None:
    """An attack (normal or special) is declared in ``turn``: the first one closes the move stage and
    resolves the "after moving, before attacking" window (HS-TURN-06: even if nothing moved) before
    the continuation ``then``; a later one goes straight on to ``then``."""
    if turn.stage is Stage.MOVE:
        turn.stage = Stage.ATTACK
        eng.emit("stage", stage="attack")
        run_window(eng, Window.AFTER_MOVING, then, **args)
    else:
        continuation_named(then)(eng, **args)


def stop_for(eng: Referee, pend: Pending) -> None:
    """Wait for ``pend``: queue it and say so (the ``pending`` event carries its labels)."""
    eng.state.pending.append(pend)
    eng.emit("pending", player=pend.player, kind=pend.kind, prompt=pend.prompt, options=pend.options,
             labels=pend.shown)


def run_window(eng: Referee, window: Window, then: str, **args: Any) -> None:
    """Resolve every effect of ``window``, then call the continuation ``then`` with ``args``.

    Stops with a pending decision when an optional effect, or the order of two different effects
    a player controls, needs a choice; ``choose`` goes on from there (HS-TIMING-01..07).
    """
    open_window(eng, window, then, args)
    drain(eng)


def open_window(eng: Referee, window: Window, then: str, args: dict[str, Any]) -> WindowRun:
    """Open ``window`` in the state and queue its triggers in resolution order."""
    # The run is open while its effects trigger, so they can read its arguments (the attack's
    # dice, the figure that moved) from ``open_windows[-1].args``.
    run = WindowRun(window=window, then=then, args=args)
    eng.state.windows.append(run)
    triggers: list[tuple[Effect, Trigger]] = []
    for eff in effects_for(window):
        for trig in eff.triggers(eng):
            triggers.append((eff, trig))
    rank = seat_rank(eng.state)
    triggers.sort(key=lambda et: order_key(et[0], et[1], rank))
    run.queue = [t.to_json() for _, t in triggers]
    return run


def run_inside(eng: Referee, window: Window, **args: Any) -> None:
    """Resolve ``window`` at once in the middle of something else (a figure destroyed during an
    attack): only its own effects, not the windows already open, whose step goes on when this
    returns (or, if a decision stops it, after that decision). No effect, no trace."""
    floor = len(eng.state.windows)
    run = open_window(eng, window, "", args)
    if not run.queue:
        eng.state.windows.pop()
        return
    drain(eng, floor)


def seat_rank(st: MatchState) -> dict[str, int]:
    """Each player's place in resolution order: the active player first, then turn order (HS-TIMING-04)."""
    order = st.initiative or [p.id for p in st.players]
    active = st.turn.player if st.turn else (order[0] if order else "")
    if active in order:
        i = order.index(active)
        order = order[i:] + order[:i]
    return {p: n for n, p in enumerate(order)}


def drain(eng: Referee, floor: int = 0) -> None:
    """Resolve queued triggers of the open windows above ``floor`` until a decision stops it; call
    each emptied window's continuation."""
    st = eng.state
    while len(st.windows) > floor:
        if st.pending or st.phase is Phase.OVER:
            if st.phase is Phase.OVER:
                st.windows.clear()
            return
        run = st.windows[-1]
        if run.queue:
            if not _step(eng, run):
                return
            continue
        st.windows.pop()
        if run.then:
            args = {k: v for k, v in run.args.items() if not k.startswith("_")}
            continuation_named(run.then)(eng, **args)


def _step(eng: Referee, run: WindowRun) -> bool:
    """Resolve (or drop) the first trigger of ``run``; ``False`` when a decision now waits."""
    meta: dict[str, Any] = run.args.setdefault("_meta", {})
    trig = Trigger.from_json(run.queue[0])
    eff = effect(trig.effect)
    if not live(eng, eff, trig, meta):
        run.queue.pop(0)  # its condition no longer holds (HS-TIMING-01, HS-DESTROY-07)
        return True
    rank = seat_rank(eng.state)
    key = order_key(eff, trig, rank)
    rivals: set[str] = set()
    for q in run.queue[1:]:
        t = Trigger.from_json(q)
        if (t.controller == trig.controller and t.effect != trig.effect
                and order_key(effect(t.effect), t, rank) == key and live(eng, effect(t.effect), t, meta)):
            rivals.add(t.effect)
    if rivals and meta.get("chosen") != run.queue[0]:
        names = [trig.effect] + sorted(rivals)
        stop_for(eng, Pending(
            player=trig.controller, kind="order", options=names, rule="HS-TIMING-02",
            prompt="several of your effects happen now; which resolves first?",
            context={"window": run.window.value}, labels=effect_titles(eng, run, trig.controller, names)))
        return False
    run.queue.pop(0)
    if trig.source:
        meta.setdefault("started", []).append([trig.effect, trig.source])
    if eff.optional:
        opts = eff.options(eng, trig)
        stop_for(eng, Pending(player=trig.controller, kind=eff.name, prompt=eff.prompt(eng, trig), options=opts,
                              context={"trigger": trig.to_json()}, rule=eff.rule, labels=eff.labels(eng, trig, opts)))
        return False
    eff.resolve(eng, trig, None)
    return True


def effect_titles(eng: Referee, run: WindowRun, controller: str, names: list[str]) -> list[str]:
    """The names people know the effects ``names`` by (a power's name on its card), for the
    labels of an "which first?" decision; each from its first trigger in ``run`` of ``controller``."""
    titles = []
    for name in names:
        q = next((q for q in run.queue if q["effect"] == name and q["controller"] == controller), None)
        titles.append(effect(name).title(eng, Trigger.from_json(q)) if q is not None else name)
    return titles


def live(eng: Referee, eff: Effect, trig: Trigger, meta: dict[str, Any]) -> bool:
    """Whether a trigger may still resolve: its condition holds (HS-TIMING-01) and the figure
    whose card causes it is still on the battlefield, unless the effect speaks of destroyed
    figures (HS-DESTROY-04, -07) or has already begun affecting figures (HS-DESTROY-05)."""
    if trig.source:
        src = eng.state.figures.get(trig.source)
        gone = src is not None and not src.on_battlefield
        if gone and not eff.refers_to_destroyed and [trig.effect, trig.source] not in meta.get("started", []):
            return False
    return eff.applies(eng, trig)


#: Continuations that carry out a declared attack once the "after moving" window is done.
DECLARED_ATTACKS = ("attack_declared", "special_declared")


def call_off(eng: Referee, attackers: set[str] | None) -> None:
    """Call off what the open "after moving" window was to do next: an attack declared by one of
    ``attackers`` (any, and also ending the turn, when ``None``)."""
    runs = [r for r in eng.state.windows if r.window is Window.AFTER_MOVING and r.then]
    if not runs:
        return
    run = runs[-1]
    if run.then in DECLARED_ATTACKS:
        who = run.args.get("attacker", "")
        if attackers is None or who in attackers:
            eng.emit("attack_cancelled", attacker=who, target=run.args.get("target", ""))
            run.then = ""
    elif attackers is None:
        run.then = ""
