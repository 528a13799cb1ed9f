"""Moves that mix walking and flying (HS-FLY-01, -09, -10): ``move FIG path S1 fly S2 S3 walk S4``.

A Flying figure may start to fly at any point of its move (HS-FLY-01) and, once landed, occupies
the space and may go on (HS-FLY-10): landing does not end its move by itself, though landing is
entering the space, so a space that ends a move (water, lava) ends it there (HS-FLY-09,
HS-TERRAIN-17). Each leg is checked by :func:`bot.rules.movement.plan` from where the previous
one ends; all the legs together may cost no more than the figure's Move (HS-MOVE-03). Every leg is
checked before the figure moves at all, so a refused move changes nothing; then they are carried
out in order, each take-off giving the leaving-engagement attacks of a take-off (HS-FLY-02).

Glyphs: a leg that ends on a power glyph (walked onto, or landed on) ends the move there, so a leg
after it is refused (HS-GLYPH-02, -03; flying over one does not stop, HS-FLY-06); a figure held by
Proftaka does not move (HS-GLYPH-14); carried Treasure Glyphs may be dropped on spaces of any leg
(HS-TREASURE-07), and the glyph under the figure at the end is turned over as after any move.
"""

from __future__ import annotations

from typing import Any

from bot.rules import checks, lookup
from bot.rules.actions import move as walk_or_fly
from bot.rules.actions.move import carry_out
from bot.rules.context import Referee
from bot.rules.errors import IllegalCommand
from bot.rules.glyphs import arrival as glyph_arrival
from bot.rules.glyphs import board as glyph_board
from bot.rules.hexes import Hex
from bot.rules.moments import Window
from bot.rules.move_plan import MovePlan, must_stop
from bot.rules.movement import allowance, field_of, plan
from bot.rules.state import Figure
from bot.rules.treasure import drops
from bot.rules.windows import run_window


def plan_legs(eng: Referee, fig: Figure, legs: list[list[Any]]) -> list[MovePlan]:
    """Check every leg from where the one before ends; the whole move within Move.

    :raises IllegalCommand: naming the first rule a leg breaks, or HS-MOVE-03 when together they
        cost more than the figure's Move.
    """
    st = eng.state
    bf = field_of(st)
    saved = (fig.hexes, fig.level)
    plans: list[MovePlan] = []
    try:
        for i, (mode, spaces) in enumerate(legs):
            where = [lookup.space_at(st, s) for s in spaces]  # SPACE@LEVEL names a surface (HS-MOVE-12)
            mp = plan(st, fig, [h for h, _ in where], mode == "fly", check_allowance=False,
                      onto=[lv for _, lv in where])
            plans.append(mp)
            end = mp.steps[-1]
            if i + 1 < len(legs) and end.terrain is not None and must_stop(bf, end.hexes, end.levels or (end.level,),
                                                                          end.terrain, len(end.hexes) == 2):
                raise IllegalCommand(f"{fig.id} must stop at {bf.label(end.hexes[0])}: that space ends a move, "
                                     "landed on or walked onto", "HS-FLY-09")
            glyph_stop = glyph_board.stop_rule(st, end.hexes[0])
            if i + 1 < len(legs) and glyph_stop:
                raise IllegalCommand(f"{fig.id} must stop at {bf.label(end.hexes[0])}: a glyph lies there, and a "
                                     "figure moving onto a glyph stops on it (landed on or walked onto)", glyph_stop)
            fig.hexes, fig.level = end.hexes, end.level
    finally:
        fig.hexes, fig.level = saved
    total, most = sum(p.cost for p in plans), allowance(st, fig)
    if total > most:
        raise IllegalCommand(f"{fig.id} has Move {most} but that path costs {total} spaces", "HS-MOVE-03")
    return plans


def move(eng: Referee, player: str, figure: str, legs: list[list[Any]] | None = None, **args: Any) -> None:
    """The ``move`` command: in legs when the path switches between walking and flying, else
    :func:`bot.rules.actions.move.move`."""
    if legs:
        move_legs(eng, player, figure, legs, drop=args.get("drop"))
    else:
        walk_or_fly.move(eng, player, figure, **args)


def move_legs(eng: Referee, player: str, figure: str, legs: list[list[Any]], drop: list[str] | None = None) -> None:
    """``move FIG path ... fly ... walk ... [drop GLYPH@SPACE ...]``: one move in legs, walking and
    flying (HS-FLY-01, -10), dropping carried Treasure Glyphs on the way (HS-TREASURE-07).

    :raises IllegalCommand: when the figure may not move now, a leg is illegal or a drop is refused.
    """
    fig = eng.figure(figure)
    turn = checks.may_move(eng.state, player, fig)
    trapped = glyph_board.stuck(eng.state, fig)
    if trapped:
        raise IllegalCommand(trapped, "HS-GLYPH-14")
    wanted = drops.parse(eng.state, drop) if drop else []
    plans = plan_legs(eng, fig, legs)
    per_leg = _drops_per_leg(eng, fig, plans, wanted)
    for i, mp in enumerate(plans):
        carry_out(eng, fig, mp, per_leg[i], final=i + 1 == len(plans))
        if not fig.on_battlefield:
            break
    turn.moved.append(fig.id)
    if fig.on_battlefield:
        # A glyph under the figure is turned over now and acts in the window (HS-GLYPH-02, -03).
        run_window(eng, Window.END_OF_MOVE, "", figure=fig.id, **glyph_arrival.arrive(eng, fig))


def _drops_per_leg(eng: Referee, fig: Figure, plans: list[MovePlan],
                   wanted: list[tuple[str, Hex]]) -> list[drops.Drops | None]:
    """The checked drops split by leg: each space's glyphs go with the first leg that reaches it,
    so a flying leg lets go only of its own (it drops all it has on its way)."""
    if not wanted:
        return [None for _ in plans]
    planned = drops.plan_drops(eng.state, fig, wanted, [h for mp in plans for s in mp.steps for h in s.hexes])
    out: list[drops.Drops | None] = []
    for i, mp in enumerate(plans):
        spaces = set(fig.hexes if i == 0 else plans[i - 1].steps[-1].hexes) | {h for s in mp.steps for h in s.hexes}
        out.append({h: planned.pop(h) for h in list(planned) if h in spaces})
    return out
