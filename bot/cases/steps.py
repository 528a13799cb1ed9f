"""The actions of a rules case, as the engine's commands (FORMAT.md, "Steps").

Until a case places Order Markers the engine plays in free mode: a move or attack happens in a
Player Turn of the acting figure's controller (or of the step's ``player``, v2), with that figure's
card. v1 actions: ``move``, ``attack``, ``end_turn``, ``end_round``, ``place_orders``,
``roll_initiative``. v2 adds ``special``, ``choose``, ``use``, a move's ``drop``, ``end_moves``
and ``cannon``; ``use``, ``drop`` and ``cannon`` go through :mod:`bot.cases.features`.

In v2 ``end_round`` also begins the next round up to its Order Markers (its start-of-round effects
draw from the step's dice), staying in free mode; in v1 it ends the round only.
"""

from __future__ import annotations

from typing import Any

from bot.cases import features
from bot.cases.model import CaseError
from bot.cases.queries import figure
from bot.cases.stepmodel import (
    Attack,
    Attack2,
    Bare,
    Bare2,
    Choose,
    Move,
    Move2,
    PlaceOrders,
    PlaceOrders2,
    Special,
    Step,
    Use,
)
from bot.cases.stepmodel import Cannon as CannonStep
from bot.rules.commands import Command
from bot.rules.engine import Engine
from bot.rules.moments import Window
from bot.rules.state import MatchState, Phase
from bot.rules.windows import run_window

#: Options that decline a "you may" decision (``"answer": false``).
DECLINE = ("skip", "no", "decline", "pass", "stay", "none", "false", "done")


def space(at: Any) -> str:
    """A hex ``[q, r]`` as the engine reads a space: ``"q,r"``."""
    return f"{int(at[0])},{int(at[1])}"


def _target(value: Any) -> str:
    """A figure or object id, or a hex ``[q, r]``, as command text."""
    return space(value) if isinstance(value, list | tuple) else str(value)


def answer_text(st: MatchState, value: Any) -> str:
    """A ``choose`` step's ``answer`` as the text ``choose`` reads: ``true``/``false`` name the
    pending decision's accepting / declining option (``yes``/``no`` where it offers them); a hex is
    ``q,r``; a list read as one answer (one id per wound removed) is its parts separated by blanks,
    in order. The runner splits the answers that go to several decisions first (a figure and its
    space: :func:`bot.cases.features.answer_parts`)."""
    options = st.pending[0].options if st.pending else []
    if value is True:  # "yes" where the decision offers it, else its first answer that is no refusal
        return "yes" if "yes" in options else next((o for o in options if o.lower() not in DECLINE), "yes")
    if value is False:
        return "no" if "no" in options else next((o for o in options if o.lower() in DECLINE), "skip")
    if isinstance(value, list):
        if len(value) == 2 and all(isinstance(c, int) and not isinstance(c, bool) for c in value):
            return space(value)
        return " ".join(answer_text(st, v) for v in value)
    return str(value)


def command_for(eng: Engine, step: Step, players: list[str], objects: frozenset[str], where: str) -> tuple[str, Command]:
    """The player and engine command of an action step.

    :raises CaseError: a figure the step names does not exist.
    :raises features.Unbuilt: the step needs a feature the engine lacks.
    """
    st = eng.state
    if isinstance(step, Move | Move2):
        fig = figure(st, step.figure, where + ".figure")
        player = getattr(step, "player", None) or fig.controller
        drops = [(d.glyph, space(d.at)) for d in step.drop] if isinstance(step, Move2) else []
        return player, features.move_command(fig.id, [space(h) for h in step.path], step.fly, drops)
    if isinstance(step, Attack | Attack2):
        a = figure(st, step.attacker, where + ".attacker")
        player = getattr(step, "player", None) or a.controller
        _aimed(st, step.target, objects, where + ".target")
        return player, Command("attack", {"attacker": a.id, "target": step.target})
    if isinstance(step, Special):
        a = figure(st, step.attacker, where + ".attacker")
        if isinstance(step.target, str):
            _aimed(st, step.target, objects, where + ".target")
        return step.player or a.controller, Command("special", {"attacker": a.id, "power": step.power,
                                                                "target": _target(step.target)})
    if isinstance(step, Choose):
        return step.player, Command("choose", {"option": answer_text(st, step.answer)})
    if isinstance(step, Use):
        fig = figure(st, step.figure, where + ".figure")
        target = None if step.target is None else answer_text(st, step.target)
        return fig.controller, features.use_command(fig.id, step.what, target)
    if isinstance(step, CannonStep):
        fig = figure(st, step.figure, where + ".figure")
        if isinstance(step.target, str):
            _aimed(st, step.target, objects, where + ".target")
        return fig.controller, features.cannon_command(fig.id, step.cannon, _target(step.target))
    if isinstance(step, PlaceOrders | PlaceOrders2):
        return step.player, Command("orders", {"markers": dict(step.markers)})
    if isinstance(step, Bare | Bare2):
        turn_player = st.turn.player if st.turn else players[0]
        verbs = {"end_turn": ("end-turn", turn_player), "end_round": ("end-round", players[0]),
                 "roll_initiative": ("initiative", players[0]), "end_moves": ("end-moves", turn_player)}
        verb, player = verbs[step.do]
        return player, Command(verb)
    raise CaseError(f"field {where}: not an action")


def _aimed(st: MatchState, target: str, objects: frozenset[str], where: str) -> None:
    """Check that ``target`` is a figure, or a destructible object the engine keeps.

    :raises CaseError: it is neither a figure nor an object of the case.
    :raises features.Unbuilt: it is an object and the engine has no objects yet.
    """
    if target in st.figures:
        return
    if target in objects:
        if not features.has_objects(st):
            raise features.Unbuilt("destructible objects are not built yet")
        return
    raise CaseError(f"field {where}: no figure or object '{target}'")


def next_round_free(eng: Engine) -> None:
    """v2 ``end_round`` in free mode, once the round has ended: begin the next round up to its
    Order Markers (its start-of-round window, HS-ROUND-02), staying in free mode. All or nothing."""
    st = eng.state
    if st.phase is not Phase.FREE:
        return
    snapshot = st.clone()
    try:
        st.round += 1
        st.turn = None
        eng.emit("round_started", round=st.round)
        run_window(eng, Window.START_OF_ROUND, "")
    except Exception:
        eng.state = snapshot
        raise
