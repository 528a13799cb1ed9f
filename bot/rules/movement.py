"""Movement: what a path costs, whether it is legal, and every space a figure can reach.

Walking (HS-MOVE-*): each space entered costs 1 (2 on slippery ice and heavy snow, HS-TERRAIN-05,
-28) plus 1 per level climbed (HS-MOVE-04, -06); going down costs nothing extra (HS-MOVE-05).
An obstacle between spaces is climbed like levels (HS-OBSTACLE-02, HS-WALL-05). Obstacles on
spaces and enemy figures cannot be entered (HS-MOVE-07, HS-OBSTACLE-01, HS-TREE-04); friends can
be passed but not stopped on (DEC-03). Water, molten and cooling lava end the move
(HS-TERRAIN-09, -12, -17, -18; HS-DOUBLE-04 for double-space figures). A figure passes under an
overhang only if it fits (HS-MOVE-12, -13). A double-space figure never ends astride an obstacle
between its two spaces (HS-MOVE-09). A road-only move gets 3 extra spaces (HS-ROAD-03).

Flying (HS-FLY-*): 1 per space whatever the levels, terrain, obstacles or figures passed over;
landing on slippery ice or heavy snow costs 1 more (HS-TERRAIN-06, -29). A flyer rises over
overhangs but never through their underside (HS-FLY-08): one that starts under an overhang keeps
to the space beneath it until it reaches open sky, and lands there if it never does.

Special moves (asked for by name, e.g. ``grapple``): a power grants one through
:func:`bot.rules.modifiers.move_rules` and may bound it to a number of spaces and let each step
climb some levels for free (Grapple Gun 25: 1 space, up to 25 levels up); everything else (what
may be entered, stopping, leaving-engagement attacks, falls) is as for a walk.

Terrain is read through the scenario's variants (:meth:`Battlefield.with_variants`: slippery or
thin ice, heavy snow, cooling lava, wood as road; HS-TERRAIN-25, HS-ROAD-05).

One step (walk, climb, fly, fall) is :mod:`bot.rules.steps`. This module only plans; the engine rolls leaving-engagement attacks and falls while it carries
the plan out, step by step, with :func:`leaving` and :func:`fall_for`.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules import modifiers
from bot.rules.battlefield import Battlefield
from bot.rules.decisions import MOVE_THROUGH_FRIENDS
from bot.rules.engagement import engaged_at, figure_height
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState
from bot.rules.steps import climb_step, enterable, fly_start, fly_step, walk_step
from bot.rules.steps import fall_for as fall_for  # part of this module's interface (tests, callers)
from bot.rules.terrain import Terrain


@dataclass(frozen=True, slots=True)
class Step:
    """The body after one step: ``hexes`` (lead first), base ``level``, movement spent so far,
    the levels dropped on this step (for falling) and the terrain the lead entered."""

    hexes: tuple[Hex, ...]
    level: int
    cost: int
    drop: int
    terrain: Terrain | None
    levels: tuple[int, ...] = ()


@dataclass(slots=True)
class MovePlan:
    """A checked path: the figure, where it starts, each step, the total cost and the allowance."""

    figure: str
    start: tuple[Hex, ...]
    start_level: int
    steps: list[Step] = field(default_factory=list)
    cost: int = 0
    allowance: int = 0
    fly: bool = False
    road: bool = False
    power: str | None = None  # the special move asked for by name (its own leaving-engagement rule)

    @property
    def end(self) -> tuple[Hex, ...]:
        """The hexes the figure ends on."""
        return self.steps[-1].hexes if self.steps else self.start

    @property
    def end_level(self) -> int:
        """The level the figure's base ends on."""
        return self.steps[-1].level if self.steps else self.start_level


def _blocker(state: MatchState, fig: Figure, h: Hex, level: int) -> Figure | None:
    for other in state.figures.values():
        if other is not fig and other.on_battlefield and h in other.hexes and other.level == level:
            return other
    return None


def _others_at(state: MatchState, fig: Figure) -> dict[tuple[Hex, int], Figure]:
    occ: dict[tuple[Hex, int], Figure] = {}
    for other in state.figures.values():
        if other is not fig and other.on_battlefield:
            for h in other.hexes:
                occ[(h, other.level)] = other
    return occ


def field_of(state: MatchState) -> Battlefield:
    """The battlefield as the scenario plays it: its terrain variants applied (HS-TERRAIN-25)."""
    return state.battlefield.with_variants(state.scenario.terrain_variants)


def rules_for(state: MatchState, fig: Figure, power: str | None = None) -> modifiers.MoveRules:
    """How ``fig`` may move, with the special move ``power`` when one is asked for.

    :raises InvalidCommand: when no power of the figure grants the special move asked for.
    """
    rules = modifiers.move_rules(state, fig, power)
    if power is not None and rules.special_move is None:
        raise InvalidCommand(f"{fig.id} has no special move called '{power}'")
    return rules


def allowance(state: MatchState, fig: Figure) -> int:
    """The figure's Move value after modifiers, in spaces (HS-MOVE-03)."""
    return modifiers.move_value(state, fig)


def plan(
    state: MatchState,
    fig: Figure,
    path: Sequence[Hex],
    fly: bool | None = None,
    *,
    check_allowance: bool = True,
    power: str | None = None,
) -> MovePlan:
    """Check a path for ``fig`` and return its plan.

    ``path`` lists the hexes entered in order, without the start (for a double-space figure, the
    leading end's hexes). ``fly`` ``None`` means fly when the figure can (HS-FLY-01). ``power``
    asks for a special move by name (``"grapple"``).

    :raises IllegalCommand: naming the first rule the path breaks; with ``check_allowance`` False
        a path that only costs too much is returned (for the ``move_cost`` query).
    :raises InvalidCommand: when no power grants the special move asked for.

    A double-space figure moves either end first (HS-DOUBLE-01): the end next to the path's first
    space leads; when both ends are, the front end leads unless only the back end leading makes
    the path legal (the movement search turns a figure round that way: it is a legal move).
    """
    near = [bool(path) and path[0].is_adjacent(h) for h in fig.hexes]
    both, back = near == [True, True], near == [False, True]
    try:
        return _plan(state, fig, path, fly, check_allowance, power, back)
    except IllegalCommand as front_refusal:
        if not both:
            raise
        try:
            return _plan(state, fig, path, fly, check_allowance, power, True)
        except IllegalCommand:
            raise front_refusal from None


def _plan(state: MatchState, fig: Figure, path: Sequence[Hex], fly: bool | None, check_allowance: bool,
          power: str | None, back: bool) -> MovePlan:
    """:func:`plan` with the lead chosen: ``back`` true when the back end leads."""
    card = state.card_of(fig)
    rules = rules_for(state, fig, power)
    if fly is None:
        fly = rules.can_fly
    if fly and not rules.can_fly:
        raise IllegalCommand(f"{fig.id} cannot fly", "HS-FLY-01")
    if not path:
        raise IllegalCommand(f"{fig.id} needs at least one space to move to", "HS-MOVE-03")
    if rules.held_by:
        raise IllegalCommand(f"{fig.id} cannot move: {rules.held_by}")
    if rules.max_spaces is not None and len(path) > rules.max_spaces:
        raise IllegalCommand(f"with {rules.special_move} {fig.id} moves {rules.max_spaces} space{'' if rules.max_spaces == 1 else 's'} at most")
    height = card.stat("height")
    bf = field_of(state)
    mp = MovePlan(figure=fig.id, start=fig.hexes, start_level=fig.level, fly=fly, power=power)
    occ = _others_at(state, fig)
    body = fig.hexes
    level = fig.level
    levels = tuple(fig.level for _ in body)
    double = len(body) == 2
    if back:
        body = (body[1], body[0])  # the other end leads (HS-DOUBLE-01)
    cost = 0
    all_road = not fly and all(bf.terrain(h, fig.level) is Terrain.ROAD for h in body)
    stopped_at: int | None = None
    low = fly_start(bf, fig) if fly else None
    for i, h in enumerate(path):
        if stopped_at is not None:
            raise IllegalCommand(
                f"{fig.id} must stop at {bf.label(path[stopped_at])}: that space ends a move",
                _stop_rule(bf.terrain(path[stopped_at], mp.steps[stopped_at].level)),
            )
        lead = body[0]
        if not lead.is_adjacent(h):
            raise IllegalCommand(f"{bf.label(h) if h in bf else h} is not next to {_lab(bf, lead)}: a path goes one space at a time", "HS-MOVE-03")
        if double and h == body[1]:
            raise IllegalCommand(f"{fig.id} cannot move its front end into its own back end", "HS-DOUBLE-01")
        if fly:
            step_cost = 1
            ok, low, under = fly_step(bf, lead, low, h, height)
            if not ok:
                raise IllegalCommand(
                    f"{fig.id} is flying under an overhang and cannot get into {_lab(bf, h)}: "
                    "a flying figure never passes through the underside of an overhang",
                    "HS-FLY-08",
                )
            cell = under if low is not None else bf.top_cell(h)
            terrain = cell.terrain if cell else None
            land_level = cell.top if cell is not None else level
            drop = 0
        else:
            if rules.free_climb is None:
                found = walk_step(bf, lead, level, h, height)
            else:
                found = climb_step(bf, lead, level, h, height, rules.free_climb)
                if found is None and walk_step(bf, lead, level, h, height) is not None:
                    raise IllegalCommand(f"{_lab(bf, h)} is more than {rules.free_climb} levels up: "
                                         f"too high for {rules.special_move}")
            if found is None:
                raise IllegalCommand(_why_not_enter(bf, lead, h), "HS-MOVE-07" if h in bf else "HS-MOVE-03")
            step_cost, land_level, drop, cell = found
            terrain = cell.terrain
            if rules.max_climb is not None and land_level - level > rules.max_climb:
                raise IllegalCommand(f"{_lab(bf, h)} is {land_level - level} levels up: {fig.id} climbs "
                                     f"{rules.max_climb} levels at most in one step (a power of its card)")
            other = occ.get((h, land_level))
            if other is not None and state.is_enemy(fig, other) and not modifiers.passes_through(state, rules, other):
                raise IllegalCommand(f"{fig.id} cannot move through the enemy {other.id} at {bf.label(h)}", "HS-MOVE-07")
            if other is not None and not state.is_enemy(fig, other) and not (MOVE_THROUGH_FRIENDS or rules.pass_through_friends):
                raise IllegalCommand(f"{fig.id} cannot move through {other.id}", "DEC-03")
        new_body = (h, body[0]) if double else (h,)
        new_levels = (land_level, levels[0]) if double else (land_level,)
        cost += step_cost
        if not fly and not (terrain is Terrain.ROAD and all(bf.terrain(b, lv) is Terrain.ROAD for b, lv in zip(new_body, new_levels, strict=True))):
            all_road = False
        mp.steps.append(Step(new_body, land_level, cost, drop, terrain, new_levels))
        body, level, levels = new_body, land_level, new_levels
        if not fly and terrain is not None and _must_stop(bf, body, levels, terrain, double, rules):
            stopped_at = i
        if not fly and any(b in rules.stop_on for b in body):
            stopped_at = i  # next to a figure that holds it (Cyberclaw)
    # Landing (HS-FLY-09): the last space must be one a figure can stand on.
    end = mp.steps[-1]
    if fly:
        cell = bf.top_cell(end.hexes[0]) if low is None else bf.surface(end.hexes[0], low)
        if cell is None:
            raise IllegalCommand(f"{fig.id} cannot land off the battlefield", "HS-FLY-09")
        if not enterable(bf, end.hexes[0], cell):
            raise IllegalCommand(f"{fig.id} cannot land on an obstacle at {bf.label(end.hexes[0])}", "HS-OBSTACLE-01")
        if double:
            tail_cell = bf.top_cell(end.hexes[1]) if low is None else bf.surface(end.hexes[1], low)
            if tail_cell is None or tail_cell.top != cell.top or not enterable(bf, end.hexes[1], tail_cell):
                raise IllegalCommand(f"{fig.id} must land on 2 spaces of the same level", "HS-DOUBLE-02")
            mp.steps[-1] = Step(end.hexes, cell.top, end.cost, 0, cell.terrain, (cell.top, cell.top))
        else:
            mp.steps[-1] = Step(end.hexes, cell.top, end.cost, 0, cell.terrain, (cell.top,))
        if cell.terrain in (Terrain.SLIPPERY_ICE, Terrain.HEAVY_SNOW):
            cost += 1  # 1 to enter and 1 to land (HS-TERRAIN-06, -29)
            last = mp.steps[-1]
            mp.steps[-1] = Step(last.hexes, last.level, cost, 0, last.terrain, last.levels)
    end = mp.steps[-1]
    if rules.max_level_change is not None and abs(end.level - fig.level) > rules.max_level_change:
        raise IllegalCommand(f"with {rules.special_move} {fig.id} changes level by {rules.max_level_change} at most; "
                             f"{bf.label(end.hexes[0])} is {abs(end.level - fig.level)} levels from where it stands")
    for h in end.hexes:
        other = occ.get((h, end.level))
        if other is not None:
            raise IllegalCommand(f"{fig.id} cannot end its move on {bf.label(h)}: {other.id} is there", "HS-MOVE-08")
    if double and len(set(end.levels)) != 1:
        raise IllegalCommand(f"{fig.id} must end its move on 2 spaces of the same level", "HS-DOUBLE-02")
    if double and bf.obstacles_between(end.hexes[0], end.hexes[1]):
        raise IllegalCommand(
            f"{fig.id} cannot end its move astride the obstacle between {bf.label(end.hexes[0])} and "
            f"{bf.label(end.hexes[1])}: its base must lie on its own spaces only", "HS-MOVE-09",
        )
    mp.cost = cost
    mp.road = all_road
    mp.allowance = allowance(state, fig) + (3 if all_road else 0)
    if check_allowance and cost > mp.allowance:
        raise IllegalCommand(
            f"{fig.id} has Move {mp.allowance} but that path costs {cost} spaces"
            + (" (climbing costs 1 per level)" if any(s.levels and s.level > 0 for s in mp.steps) else ""),
            "HS-MOVE-03",
        )
    return mp


def _lab(bf: Battlefield, h: Hex) -> str:
    return bf.label(h) if h in bf else str(h)


def _stop_rule(t: Terrain | None) -> str:
    if t in (Terrain.MOLTEN_LAVA,):
        return "HS-TERRAIN-09"
    if t is Terrain.COOLING_LAVA:
        return "HS-TERRAIN-12"
    if t is Terrain.WELLSPRING_WATER:
        return "HS-TERRAIN-18"
    return "HS-TERRAIN-17"


def _must_stop(bf: Battlefield, body: tuple[Hex, ...], levels: tuple[int, ...], terrain: Terrain, double: bool,
               rules: modifiers.MoveRules | None = None) -> bool:
    if rules is not None and rules.through_water and terrain.is_water:
        return False  # Slither and the like: water does not end the move
    if rules is not None and rules.through_lava and terrain is Terrain.MOLTEN_LAVA:
        return False  # Lava Resistant
    if not double:
        return terrain.stops_on_entry
    if terrain in (Terrain.MOLTEN_LAVA, Terrain.COOLING_LAVA):
        return True
    # A double-space figure stops only when both ends are in water (HS-DOUBLE-04).
    return all((bf.terrain(h, lv) or Terrain.GRASS).stops_on_entry for h, lv in zip(body, levels, strict=True))


def _why_not_enter(bf: Battlefield, a: Hex, b: Hex) -> str:
    if b not in bf:
        return f"{b} is off the battlefield"
    if any(bf.obstacles_on(b)):
        kinds = ", ".join(sorted({o.kind.value.replace('_', ' ') for o in bf.obstacles_on(b)}))
        return f"{bf.label(b)} holds an obstacle ({kinds}); figures cannot move onto it"
    return f"there is no room for the figure at {bf.label(b)} (an overhang is too low)"


def move_cost(state: MatchState, fig: Figure, path: Sequence[Hex], fly: bool | None = None) -> int | None:
    """Movement the path costs, or ``None`` when no Move value would allow it (rules-case query)."""
    try:
        return plan(state, fig, path, fly, check_allowance=False).cost
    except IllegalCommand:
        return None


def leaving(state: MatchState, fig: Figure, before: tuple[Hex, ...], before_level: int,
            after: tuple[Hex, ...], after_level: int) -> list[Figure]:
    """Enemies ``fig`` is engaged with at ``before`` but not at ``after`` (HS-ENGAGE-04..06)."""
    h = figure_height(state, fig)
    out = []
    # Dismissive Strider leaves Small and Medium figures freely; asked only of a card whose power
    # names sizes to disengage from (this is called for every step the computer player weighs).
    named = any("disengage_from" in p.values for p in state.card_of(fig).powers)
    rules = modifiers.move_rules(state, fig) if named else None
    sizes = rules is not None and rules.swipes_above is not None
    for other in state.on_battlefield():
        if other is fig or not state.is_enemy(fig, other):
            continue
        if sizes and rules is not None and not modifiers.swipes_from(state, rules, other):
            continue
        oh = figure_height(state, other)
        was = engaged_at(state, before, before_level, h, other.hexes, other.level, oh)
        if was and not engaged_at(state, after, after_level, h, other.hexes, other.level, oh):
            out.append(other)
    return out


#: An enemy as the engagement test needs it: its hexes, base level and Height.
_Body = tuple[tuple[Hex, ...], int, int]


def _enemy_bodies(state: MatchState, fig: Figure) -> list[_Body]:
    """The bodies of every enemy of ``fig`` on the battlefield (for repeated engagement tests)."""
    rules = modifiers.move_rules(state, fig)
    return [(o.hexes, o.level, figure_height(state, o)) for o in state.on_battlefield()
            if o is not fig and state.is_enemy(fig, o) and modifiers.swipes_from(state, rules, o)]


def _count_leaving(state: MatchState, foes: list[_Body], before: tuple[Hex, ...], before_level: int,
                   after: tuple[Hex, ...], after_level: int, height: int) -> int:
    """How many of ``foes`` a step from ``before`` to ``after`` leaves engaged (:func:`leaving`, counted)."""
    n = 0
    for hexes, level, oh in foes:
        if (engaged_at(state, before, before_level, height, hexes, level, oh)
                and not engaged_at(state, after, after_level, height, hexes, level, oh)):
            n += 1
    return n


def reachable(state: MatchState, fig: Figure, fly: bool | None = None,
              power: str | None = None) -> dict[tuple[Hex, ...], tuple[int, list[Hex]]]:
    """Every end position ``fig`` can reach this move, with its cost and a cheapest path.

    Keys are end hex tuples (lead first); values are ``(cost, path)`` where ``path`` can be given
    back to :func:`plan`. Leaving-engagement attacks are consequences, not limits, so they do not
    prune the search. Cost in spaces. ``power`` asks for a special move by name.

    :raises InvalidCommand: when no power grants the special move asked for.
    """
    rules = rules_for(state, fig, power)
    if fly is None:
        fly = rules.can_fly
    bf = field_of(state)
    budget = allowance(state, fig)
    out: dict[tuple[Hex, ...], tuple[int, list[Hex]]] = {}
    if rules.held_by:
        return out
    if rules.max_spaces is not None and fly and rules.max_level_change is not None:
        # A leap (Stealth Leap, Super Leap): a short flight; each end checked by its plan (level change).
        flights: dict[tuple[Hex, ...], tuple[int, list[Hex]]] = {}
        _reach_flying(state, fig, rules.max_spaces, flights)
        for end, (cost, path) in flights.items():
            try:
                plan(state, fig, path, True, power=power)
            except IllegalCommand:
                continue
            out[end] = (cost, path)
        return out
    if rules.max_spaces is not None:
        _reach_by_plans(state, fig, fly, power, rules.max_spaces, out)
        return out
    if fly:
        _reach_flying(state, fig, budget, out)
        return out
    _reach_walking(state, fig, budget, out, road_only=False)
    start_road = all(bf.terrain(h, fig.level) is Terrain.ROAD for h in fig.hexes)
    if start_road:
        _reach_walking(state, fig, budget + 3, out, road_only=True)
    return out


def reachable_within(state: MatchState, fig: Figure, budget: int,
                     fly: bool | None = None) -> dict[tuple[Hex, ...], tuple[int, list[Hex]]]:
    """:func:`reachable` with ``budget`` spaces instead of the Move value: a move a power gives
    outside the normal move (Eisenek Advance: up to 4 spaces at the start of a round)."""
    rules = rules_for(state, fig)
    out: dict[tuple[Hex, ...], tuple[int, list[Hex]]] = {}
    if rules.held_by:
        return out
    if rules.can_fly if fly is None else fly:
        _reach_flying(state, fig, budget, out)
    else:
        _reach_walking(state, fig, budget, out, road_only=False)
    return out


def _reach_by_plans(state: MatchState, fig: Figure, fly: bool, power: str | None, spaces: int,
                    out: dict[tuple[Hex, ...], tuple[int, list[Hex]]]) -> None:
    """A special move bounded to a few ``spaces``: try every path of that many spaces or fewer
    with :func:`plan` (6 paths for 1 space), so the special move's own step rules apply."""
    frontier: list[list[Hex]] = [[]]
    for _ in range(spaces):
        longer: list[list[Hex]] = []
        for path in frontier:
            ends = [path[-1]] if path else list(fig.hexes)
            steps = [n for e in ends for n in e.neighbours() if n not in fig.hexes]
            for h in dict.fromkeys(steps):
                new = [*path, h]
                longer.append(new)
                try:
                    mp = plan(state, fig, new, fly, power=power)
                except IllegalCommand:
                    continue
                if mp.end not in out or out[mp.end][0] > mp.cost:
                    out[mp.end] = (mp.cost, new)
        frontier = longer


def _reach_walking(state: MatchState, fig: Figure, budget: int,
                   out: dict[tuple[Hex, ...], tuple[int, list[Hex]]], road_only: bool,
                   count_swipes: bool = False, swipes_out: dict[tuple[Hex, ...], int] | None = None) -> None:
    """Search walking ends within ``budget``; with ``count_swipes``, fewest leaving-engagement
    attacks first, then cheapest (labels that are worse on both counts are dropped)."""
    bf = field_of(state)
    height = state.card_of(fig).stat("height")
    rules = modifiers.move_rules(state, fig)
    occ = _others_at(state, fig)
    double = len(fig.hexes) == 2
    watch = count_swipes and rules.takes_swipes
    # The enemies do not move during the search: look them up once, not once per explored step.
    foes = _enemy_bodies(state, fig) if watch else []
    starts: list[tuple[tuple[Hex, ...], tuple[int, ...]]] = [(fig.hexes, tuple(fig.level for _ in fig.hexes))]
    if double:
        starts.append(((fig.hexes[1], fig.hexes[0]), (fig.level, fig.level)))
    counter = 0
    heap: list[tuple[int, int, int, tuple[Hex, ...], tuple[int, ...], tuple[Hex, ...]]] = []
    best: dict[tuple[tuple[Hex, ...], tuple[int, ...]], list[tuple[int, int]]] = {}

    def dominated(node: tuple[tuple[Hex, ...], tuple[int, ...]], sw: int, cost: int) -> bool:
        """True if ``node`` was already reached with no more swipes and no more move cost."""
        return any(s0 <= sw and c0 <= cost for s0, c0 in best.get(node, ()))

    for body, levels in starts:
        heapq.heappush(heap, (0, 0, counter, body, levels, ()))
        counter += 1
        best[(body, levels)] = [(0, 0)]
    while heap:
        sw, cost, _, body, levels, path = heapq.heappop(heap)
        if (sw, cost) not in best.get((body, levels), ()):
            continue
        if path:
            end_ok = (all((h, levels[0]) not in occ for h in body) and len(set(levels)) == 1
                      and not (double and bf.obstacles_between(body[0], body[1])))
            if end_ok:
                key = body
                have = out.get(key)
                old_sw = swipes_out.get(key, 0) if swipes_out is not None else 0
                if have is None or (sw, cost) < (old_sw, have[0]):
                    out[key] = (cost, list(path))
                    if swipes_out is not None:
                        swipes_out[key] = sw
            terrain = bf.terrain(body[0], levels[0])
            if terrain is not None and _must_stop(bf, body, levels, terrain, double, rules):
                continue
            if any(b in rules.stop_on for b in body):
                continue
        lead = body[0]
        for h in lead.neighbours():
            if double and h == body[1]:
                continue
            found = walk_step(bf, lead, levels[0], h, height)
            if found is None:
                continue
            step_cost, lb, _drop, cell = found
            if road_only and cell.terrain is not Terrain.ROAD:
                continue
            if rules.max_climb is not None and lb - levels[0] > rules.max_climb:
                continue
            other = occ.get((h, lb))
            if other is not None and state.is_enemy(fig, other) and not modifiers.passes_through(state, rules, other):
                continue
            nc = cost + step_cost
            if nc > budget:
                continue
            nbody: tuple[Hex, ...] = (h, body[0]) if double else (h,)
            nlev: tuple[int, ...] = (lb, levels[0]) if double else (lb,)
            if road_only and double and bf.terrain(nbody[1], nlev[1]) is not Terrain.ROAD:
                continue
            nsw = sw + (_count_leaving(state, foes, body, levels[0], nbody, lb, height) if watch else 0)
            node = (nbody, nlev)
            if dominated(node, nsw, nc):
                continue
            best[node] = [lab for lab in best.get(node, []) if not (nsw <= lab[0] and nc <= lab[1])] + [(nsw, nc)]
            heapq.heappush(heap, (nsw, nc, counter, nbody, nlev, (*path, h)))
            counter += 1


@dataclass(frozen=True, slots=True)
class Route:
    """One way to reach an end position: the ``path`` (for :func:`plan`), whether it is flown, its
    cost in spaces and how many leaving-engagement attacks it gives (``swipes``, HS-ENGAGE-05)."""

    path: tuple[Hex, ...]
    fly: bool
    cost: int
    swipes: int


def takeoff_swipes(state: MatchState, fig: Figure) -> int:
    """Leaving-engagement attacks a flight from where ``fig`` stands gives: every engaged enemy,
    unless Stealth Flying or a power spares it (HS-FLY-02, -11)."""
    rules = modifiers.move_rules(state, fig)
    if not rules.takes_swipes or rules.stealth:
        return 0
    return len(leaving(state, fig, fig.hexes, fig.level, (), fig.level))


def routes(state: MatchState, fig: Figure, fly: bool | None = None) -> dict[tuple[Hex, ...], Route]:
    """The best way to each end position of a move named by its destination only: the fewest
    leaving-engagement attacks, then the lowest cost; a flight wins a tie (HS-ENGAGE-05, HS-FLY-01).

    ``fly`` ``None`` weighs walking against flying for a figure that can fly (a flyer need not take
    the swipes of a take-off when walking away gives none); ``True`` flies, ``False`` walks.
    """
    rules = modifiers.move_rules(state, fig)
    out: dict[tuple[Hex, ...], Route] = {}
    if rules.held_by:
        return out

    def offer(body: tuple[Hex, ...], route: Route) -> None:
        have = out.get(body)
        if have is None or (route.swipes, route.cost, not route.fly) < (have.swipes, have.cost, not have.fly):
            out[body] = route

    if fly is not True:
        bf = field_of(state)
        runs = [(allowance(state, fig), False)]
        if all(bf.terrain(h, fig.level) is Terrain.ROAD for h in fig.hexes):
            runs.append((allowance(state, fig) + 3, True))  # the road bonus (HS-ROAD-03)
        for budget, road_only in runs:
            walks: dict[tuple[Hex, ...], tuple[int, list[Hex]]] = {}
            sw: dict[tuple[Hex, ...], int] = {}
            _reach_walking(state, fig, budget, walks, road_only, count_swipes=True, swipes_out=sw)
            for body, (cost, path) in walks.items():
                offer(body, Route(tuple(path), False, cost, sw.get(body, 0)))
    if fly is True or (fly is None and rules.can_fly):
        flights: dict[tuple[Hex, ...], tuple[int, list[Hex]]] = {}
        _reach_flying(state, fig, allowance(state, fig), flights)
        takeoff = takeoff_swipes(state, fig)
        for body, (cost, path) in flights.items():
            offer(body, Route(tuple(path), True, cost, takeoff))
    return out


def best_route(state: MatchState, fig: Figure, goal: Hex, fly: bool | None = None) -> Route | None:
    """The route :func:`routes` picks to end with the lead on ``goal``; ``None`` when out of reach."""
    found = [r for body, r in routes(state, fig, fly).items() if body[0] == goal]
    return min(found, key=lambda r: (r.swipes, r.cost, not r.fly), default=None)


def _reach_flying(state: MatchState, fig: Figure, budget: int,
                  out: dict[tuple[Hex, ...], tuple[int, list[Hex]]]) -> None:
    bf = field_of(state)
    occ = _others_at(state, fig)
    double = len(fig.hexes) == 2
    height = state.card_of(fig).stat("height")
    start_low = fly_start(bf, fig)
    # Flying ignores everything on the way, so a breadth-first search over the plane suffices;
    # the plane search is bounded to hexes near the battlefield. A flyer under an overhang keeps
    # its level (``low``) until it reaches open sky (HS-FLY-08).
    starts = [fig.hexes] + ([(fig.hexes[1], fig.hexes[0])] if double else [])
    Node = tuple[tuple[Hex, ...], "int | None"]
    for body in starts:
        frontier: list[tuple[Node, tuple[Hex, ...]]] = [((body, start_low), ())]
        seen: set[Node] = {(body, start_low)}
        for dist in range(1, budget + 1):
            nxt: list[tuple[Node, tuple[Hex, ...]]] = []
            for (b, low), path in frontier:
                for h in b[0].neighbours():
                    if double and h == b[1]:
                        continue
                    nb: tuple[Hex, ...] = (h, b[0]) if double else (h,)
                    if low is None:
                        nlow: int | None = None
                    else:
                        ok, nlow, _cell = fly_step(bf, b[0], low, h, height)
                        if not ok:
                            continue
                    node = (nb, nlow)
                    if node in seen or not any(x in bf for x in nb) and dist > 1 and not _near(bf, h):
                        continue
                    seen.add(node)
                    npath = (*path, h)
                    nxt.append((node, npath))
                    cells = [bf.top_cell(x) if nlow is None else bf.surface(x, nlow) for x in nb]
                    if any(c is None for c in cells):
                        continue
                    tops = {c.top for c in cells if c is not None}
                    if len(tops) != 1:
                        continue
                    top = tops.pop()
                    if any((x, top) in occ for x in nb) or any(not enterable(bf, x, c) for x, c in zip(nb, cells, strict=True) if c is not None):
                        continue
                    if double and bf.obstacles_between(nb[0], nb[1]):
                        continue  # no base astride an obstacle (HS-MOVE-09)
                    extra = 1 if cells[0] is not None and cells[0].terrain in (Terrain.SLIPPERY_ICE, Terrain.HEAVY_SNOW) else 0
                    total = dist + extra
                    if total <= budget and (nb not in out or out[nb][0] > total):
                        out[nb] = (total, list(npath))
            frontier = nxt


def _near(bf: Battlefield, h: Hex) -> bool:
    return any(n in bf for n in h.neighbours())


def reachable_hexes(state: MatchState, fig: Figure, fly: bool | None = None) -> dict[Hex, int]:
    """Lead hexes ``fig`` can end on, each with its cheapest cost (for maps and autocomplete)."""
    out: dict[Hex, int] = {}
    for body, (cost, _path) in reachable(state, fig, fly).items():
        h = body[0]
        if h not in out or out[h] > cost:
            out[h] = cost
    return out
