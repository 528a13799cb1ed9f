"""Moving a figure (HS-MOVE-*, HS-FLY-*, HS-ENGAGE-05, HS-FALL-*, DEC-02, DEC-14).

``move`` checks the Army Card turn (HS-TURN-02, HS-MOVE-01), finds the path (a destination alone
takes the path with the fewest leaving-engagement attacks, then the cheapest), has
:func:`bot.rules.movement.plan` check it, and carries it out step by step: leaving-engagement
attacks, falls and terrain effects (:mod:`bot.rules.terrain_effects`).
"""

from __future__ import annotations

from bot.rules import checks, lookup, modifiers, step_hooks, terrain_effects
from bot.rules.context import Referee
from bot.rules.decisions import ZERO_SPACE_MOVES
from bot.rules.engagement import figure_height
from bot.rules.errors import IllegalCommand
from bot.rules.events import Event, hx
from bot.rules.glyphs import arrival as glyph_arrival
from bot.rules.glyphs import board as glyph_board
from bot.rules.hexes import Hex
from bot.rules.moments import Window
from bot.rules.movement import MovePlan, best_route, leaving, plan, reachable
from bot.rules.state import Figure, MatchState
from bot.rules.steps import fall_for
from bot.rules.treasure import carry, drops
from bot.rules.unreachable import why_unreachable
from bot.rules.windows import run_window


def move(eng: Referee, player: str, figure: str, to: str | None = None, via: list[str] | None = None,
              path: list[str] | None = None, fly: bool | None = None, power: str | None = None,
              drop: list[str] | None = None) -> None:
    """``move FIGURE TO [via ...] | path ...``: move a figure of the Army Card whose turn it is
    (HS-TURN-02, HS-MOVE-01..03; DEC-14 for a move of 0 spaces). ``drop`` lists carried Treasure
    Glyphs to drop on spaces of the move, ``GLYPH@SPACE`` (HS-TREASURE-07, :mod:`bot.rules.treasure.drops`).

    :raises IllegalCommand: when the figure may not move now or cannot reach the space.
    """
    fig = eng.figure(figure)
    turn = checks.may_move(eng.state, player, fig)
    trapped = glyph_board.stuck(eng.state, fig)
    if trapped:
        raise IllegalCommand(trapped, "HS-GLYPH-14")
    wanted = drops.parse(eng.state, drop) if drop else []
    if not via and not path and stays(eng, fig, to):
        if wanted:
            raise IllegalCommand(f"a glyph is dropped during a move; {fig.id} stays where it is", "HS-TREASURE-07",
                                 actions=("move",))
        if not ZERO_SPACE_MOVES:
            where = " and ".join(eng.state.battlefield.label(h) for h in fig.hexes)
            raise IllegalCommand(f"{fig.id} already stands on {where}: to leave it there, do not move it (end "
                                 "the turn, or attack with it); otherwise name another space", "DEC-14")
        # A move of 0 spaces still activates the figure (HS-MOVE-02).
        turn.moved.append(fig.id)
        eng.emit("moved", figure=fig.id, path=[hx(fig.hexes[0])], levels=[fig.level], cost=0, flew=False,
                  end=[hx(h) for h in fig.hexes])
        return
    hexes, fly, onto = resolve_path(eng, fig, to, via or [], path, fly, power)
    mp = plan(eng.state, fig, hexes, fly, power=power, onto=onto)  # power: a special move asked for by name
    planned = drops.plan_drops(eng.state, fig, wanted, [h for s in mp.steps for h in s.hexes]) if wanted else None
    carry_out(eng, fig, mp, planned)
    turn.moved.append(fig.id)
    if fig.on_battlefield:
        # A glyph under the figure is turned over now and acts in the window (HS-GLYPH-02, -03).
        run_window(eng, Window.END_OF_MOVE, "", figure=fig.id, **glyph_arrival.arrive(eng, fig))


def stays(eng: Referee, fig: Figure, to: str | None) -> bool:
    """Whether a move's destination ``to`` is a space ``fig`` stands on (at the level it stands
    at, when ``to`` names one: ``SPACE@LEVEL``): a move of 0 spaces (DEC-14). A path written out
    space by space is checked as a path by :func:`plan`."""
    if to is None:
        return False
    h, level = lookup.space_at(eng.state, to)
    return h in fig.hexes and level in (None, fig.level)


def resolve_path(eng: Referee, fig: Figure, to: str | None, via: list[str], path: list[str] | None, fly: bool | None,
                  power: str | None = None) -> tuple[list[Hex], bool | None, list[int | None]]:
    """The spaces a move goes through, whether it flies (``None``: as the figure moves by
    default) and, step by step, the level of the surface named with ``SPACE@LEVEL`` (``None``:
    the cheapest, HS-MOVE-12): the path as given, else through the waypoints to the destination
    by the cheapest legal way; a destination alone takes the way with the fewest
    leaving-engagement attacks, then the cheapest, walking or flying
    (:func:`bot.rules.movement.best_route`, HS-ENGAGE-05).

    :raises IllegalCommand: HS-MOVE-03 when a goal cannot be reached (at its level, if named).
    :raises InvalidCommand: a space or level that does not exist (:func:`bot.rules.lookup.space_at`).
    """
    st = eng.state
    if path:
        steps = [lookup.space_at(st, s) for s in path]
        return [h for h, _ in steps], fly, [lv for _, lv in steps]
    assert to is not None
    named = [lookup.space_at(st, s) for s in [*via, to]]
    goals = [h for h, _ in named]
    check_waypoints(eng, fig, goals)
    if not via and power is None and fly is not True:
        # Only a destination: the way with the fewest leaving-engagement attacks, then the
        # cheapest; a flyer walks when walking away is safer than taking off (HS-FLY-02).
        route = best_route(st, fig, goals[0], fly, named[0][1])
        if route is not None:
            return list(route.path), route.fly, [*(None for _ in route.path[1:]), named[0][1]]
    out: list[Hex] = []
    onto: list[int | None] = []
    body, level = fig.hexes, fig.level
    for goal, wanted in named:
        saved = (fig.hexes, fig.level)
        fig.hexes, fig.level = body, level
        try:
            options = reachable(st, fig, fly, power, None if wanted is None else (goal, wanted))
            best = min((v for k, v in options.items() if k[0] == goal), default=None, key=lambda v: v[0])
            if best is None and wanted is not None:
                _refuse_level(st, fig, goal, wanted, fly, power, reachable(st, fig, fly, power))
        finally:
            fig.hexes, fig.level = saved
        if best is None:
            raise IllegalCommand(why_unreachable(st, fig, goal, fly, power), "HS-MOVE-03")
        out.extend(best[1])
        onto.extend([*(None for _ in best[1][1:]), wanted])
        end = next(k for k, v in options.items() if v is best)
        body = end
        cell = st.battlefield.top_cell(end[0])
        lv = [c.top for c in st.battlefield.surfaces(end[0])]
        level = cell.top if cell else level
        if wanted is not None:
            level = wanted
        elif len(lv) > 1:
            # Replay the path to learn which level it ends on (bridges and overhangs).
            level = plan(st, fig, out, fly, check_allowance=False, power=power, onto=onto).end_level
    return out, fly, onto


def _refuse_level(st: MatchState, fig: Figure, goal: Hex, wanted: int, fly: bool | None, power: str | None,
                  options: dict[tuple[Hex, ...], tuple[int, list[Hex]]]) -> None:
    """``goal`` is out of reach at level ``wanted``: when it is in reach at another level, refuse
    with the reason the cheapest way there cannot end at ``wanted`` (a flight lands on the top,
    HS-FLY-08; no room beneath an overhang, HS-MOVE-12), else say so (HS-MOVE-03); when it is
    out of reach at any level, return (the caller says why)."""
    way = min((v for k, v in options.items() if k[0] == goal), default=None, key=lambda v: v[0])
    if way is None:
        return
    plan(st, fig, way[1], fly, power=power, onto=[*(None for _ in way[1][1:]), wanted])  # raises the reason
    label = st.battlefield.label(goal)
    raise IllegalCommand(f"{fig.id} can reach {label} this move, but not its surface at level {wanted}: name "
                         f"{label} alone for the way it can go", "HS-MOVE-03")


def check_waypoints(eng: Referee, fig: Figure, goals: list[Hex]) -> None:
    """Refuse waypoints that are no step on the way: the destination itself, the space the
    figure stands on, or the same space twice in a row (HS-MOVE-03: a move goes from space to
    space; a waypoint is a space passed through)."""
    lab = eng.state.battlefield.label
    for i, goal in enumerate(goals[:-1]):
        if goal == goals[-1]:
            raise IllegalCommand(f"{lab(goal)} is the destination and cannot also be a waypoint: name {lab(goal)} "
                                 "only as the destination and the path is found for you, or give as waypoints "
                                 "only spaces to pass on the way", "HS-MOVE-03", actions=("move",))
        if i == 0 and goal in fig.hexes:
            raise IllegalCommand(f"{lab(goal)} is where {fig.id} already stands, so it is no waypoint: leave it "
                                 "out and give as waypoints only spaces to pass on the way", "HS-MOVE-03",
                                 actions=("move",))
        if goal == goals[i + 1]:
            raise IllegalCommand(f"{lab(goal)} is named twice in a row as a waypoint: name it once", "HS-MOVE-03",
                                 actions=("move",))


def carry_out(eng: Referee, fig: Figure, mp: MovePlan, planned: drops.Drops | None = None, *,
              final: bool = True) -> None:
    """Move ``fig`` along a checked plan: leaving-engagement attacks, falls, entering effects;
    ``planned`` Treasure Glyphs are dropped as the figure reaches their spaces (HS-TREASURE-07).

    The move stops early if the figure is destroyed on the way (HS-ENGAGE-05, DEC-02). ``final``
    false for a leg of a move that goes on (HS-FLY-10): the end-of-move effects wait for the last.
    """
    st = eng.state
    rules = modifiers.move_rules(st, fig, mp.power)  # a special move's own rules (Stealth Leap: no attacks)
    height = figure_height(st, fig)
    start = [hx(h) for h in fig.hexes]
    if st.turn is not None:  # where each figure stood when the turn began, for powers (First Assault)
        st.turn.data.setdefault("started_at", {}).setdefault(fig.id, start)
        st.turn.data.setdefault("started_level", {}).setdefault(fig.id, fig.level)
        if mp.fly:  # for powers that care whether it flew (Dragon Assault)
            st.turn.data.setdefault("flew", []).append(fig.id)
    mark = len(eng.events)
    walked: list[list[int]] = [start[0]]
    levels = [fig.level]
    drops.drop_here(eng, fig, planned)  # a glyph dropped where the move starts
    step_hooks.before_move(eng, fig)  # powers (Blast Furnace)
    if mp.fly and fig.on_battlefield:
        # Taking off: every engaged enemy may swipe, unless Stealth Flying (HS-FLY-02, -11).
        if rules.takes_swipes and not rules.stealth:
            for enemy in leaving(st, fig, fig.hexes, fig.level, (), fig.level):
                swipe(eng, enemy, fig)
                if not fig.on_battlefield:
                    break
        if fig.on_battlefield:
            last = mp.steps[-1]
            walked.extend(hx(s.hexes[0]) for s in mp.steps)
            fig.hexes, fig.level = last.hexes, last.level
            levels.append(last.level)
            for h in list(planned or {}):  # a flyer lets go of them on its way, before it lands
                for glyph in (planned or {}).pop(h, []):
                    if glyph in fig.carries and h not in st.glyphs:
                        carry.drop(eng, fig, glyph, h)
            terrain_effects.on_enter(eng, fig, last.terrain)
            step_hooks.entered(eng, fig)
    elif fig.on_battlefield:
        for step in mp.steps:
            if rules.takes_swipes:
                for enemy in leaving(st, fig, fig.hexes, fig.level, step.hexes, step.level):
                    swipe(eng, enemy, fig)
                    if not fig.on_battlefield:
                        break
            if not fig.on_battlefield:
                break
            fig.hexes, fig.level = step.hexes, step.level
            walked.append(hx(step.hexes[0]))
            levels.append(step.level)
            drops.drop_here(eng, fig, planned)
            # Flyers never fall (HS-FALL-01); Climb X2 measures the drop against twice the Height.
            fall = fall_for(step.drop, rules.fall_height or height, step.terrain, rules.can_fly)
            if fall is not None:
                take_fall(eng, fig, step.drop, fall)
                if not fig.on_battlefield:
                    break
            terrain_effects.on_enter(eng, fig, step.terrain)
            step_hooks.entered(eng, fig)
            if not fig.on_battlefield:
                break
    done = len(walked) - 1
    if st.turn is not None:  # the spaces moved through this turn, for powers (Healing Wing: "passed over")
        st.turn.data.setdefault("paths", {}).setdefault(fig.id, []).extend(walked[1:])
        st.turn.data.setdefault("from", {}).setdefault(fig.id, start)  # where it stood before (Carry)
        if mp.power:  # a special move asked for by name (Super Leap: fewer attack dice that turn)
            st.turn.data.setdefault("special_moves", {})[fig.id] = mp.power
    spent = mp.cost if fig.on_battlefield or mp.fly else (mp.steps[done - 1].cost if done else 0)
    moved = Event("moved", {"figure": fig.id, "path": walked, "levels": levels, "cost": spent, "flew": mp.fly,
                            "end": [hx(h) for h in fig.hexes] if fig.on_battlefield else None})
    # Tell the move before the destruction it led to, so the log reads in order.
    fell_at = next((i for i, e in enumerate(eng.events[mark:], mark)
                    if e.kind == "destroyed" and e.data.get("figure") == fig.id), None)
    if fell_at is None:
        eng.events.append(moved)
    else:
        eng.events.insert(fell_at, moved)
    if fig.on_battlefield and final:
        terrain_effects.on_end_of_move(eng, fig)


def swipe(eng: Referee, enemy: Figure, fig: Figure) -> None:
    """A leaving-engagement attack by ``enemy`` on ``fig``: one die, a skull wounds (HS-ENGAGE-05)."""
    dice = eng.roll_combat(modifiers.swipe_dice(eng.state, enemy, fig))  # powers: A Coward's Reward
    wounds = modifiers.swipe_wounds(eng.state, enemy, fig, dice.count("skull"))  # powers: Twist the Blade
    eng.emit("swipe", attacker=enemy.id, target=fig.id, dice=dice, wounds=wounds, rule="HS-ENGAGE-05")
    wounds = step_hooks.swipe_wounds(eng, enemy, fig, wounds)  # powers: Tactical Disengagement
    if wounds:
        eng.wound(fig, wounds, f"leaving-engagement attack by {enemy.id}")


def take_fall(eng: Referee, fig: Figure, drop: int, fall: tuple[str, int]) -> None:
    """Roll for a fall of ``drop`` levels (DEC-02): dice, or the d20 for an extreme fall."""
    kind, n = fall
    if kind == "d20":
        from bot.rules.decisions import EXTREME_FALL_SURVIVES

        roll = eng.roll_d20()
        eng.emit("fell", figure=fig.id, drop=drop, d20=roll, wounds=0, rule="DEC-02")
        if roll < EXTREME_FALL_SURVIVES:
            eng.destroy(fig, "an extreme fall")
        return
    dice = eng.roll_combat(n)
    wounds = dice.count("skull")
    eng.emit("fell", figure=fig.id, drop=drop, dice=dice, wounds=wounds, rule="DEC-02")
    if wounds:
        eng.wound(fig, wounds, "a fall")
