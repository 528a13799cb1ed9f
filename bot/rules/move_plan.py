"""One move's path checked, step by step: what it costs and the first rule it breaks.

Movement: what a path costs, whether it is legal, and every space a figure can reach.

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
climb some levels for free (Grapple Gun 25: 1 space, up to 25 levels up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules import modifiers
from bot.rules.battlefield import Battlefield
from bot.rules.decisions import MOVE_THROUGH_FRIENDS
from bot.rules.errors import IllegalCommand
from bot.rules.glyphs import board as glyph_board
from bot.rules.hexes import Hex
from bot.rules.ladders import may_climb, step_to
from bot.rules.move_basics import allowance, field_of, others_at, rules_for
from bot.rules.state import Figure, MatchState
from bot.rules.steps import climb_step, enterable, fly_start, fly_step, walk_step
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


def plan(
    state: MatchState,
    fig: Figure,
    path: Sequence[Hex],
    fly: bool | None = None,
    *,
    check_allowance: bool = True,
    power: str | None = None,
    onto: Sequence[int | None] = (),
) -> MovePlan:
    """Check a path for ``fig`` and return its plan.

    ``path`` lists the hexes entered in order, without the start (for a double-space figure, the
    leading end's hexes). ``fly`` ``None`` means fly when the figure can (HS-FLY-01). ``power``
    asks for a special move by name (``"grapple"``). ``onto`` gives, step by step, the level of
    the surface to step onto where a space has several (``SPACE@LEVEL``: on a bridge or beneath
    it, HS-MOVE-12); ``None`` or a missing entry takes the cheapest (the higher on a tie). A
    flight only lands at the level of its last space (HS-FLY-08).

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
        return _plan(state, fig, path, fly, check_allowance, power, back, onto)
    except IllegalCommand as front_refusal:
        if not both:
            raise
        try:
            return _plan(state, fig, path, fly, check_allowance, power, True, onto)
        except IllegalCommand:
            raise front_refusal from None


def _plan(state: MatchState, fig: Figure, path: Sequence[Hex], fly: bool | None, check_allowance: bool,
          power: str | None, back: bool, onto: Sequence[int | None] = ()) -> MovePlan:
    """:func:`plan` with the lead chosen: ``back`` true when the back end leads."""
    card = state.card_of(fig)
    rules = rules_for(state, fig, power)
    if fly is None:
        fly = rules.can_fly
    if fly and not rules.can_fly:
        raise IllegalCommand(f"{fig.id} cannot fly", "HS-FLY-01")
    if not path:
        raise IllegalCommand(f"{fig.id} needs at least one space to move to", "HS-MOVE-03")
    trapped = glyph_board.stuck(state, fig)
    if trapped:
        raise IllegalCommand(trapped, "HS-GLYPH-14")
    if rules.held_by:
        raise IllegalCommand(f"{fig.id} cannot move: {rules.held_by}")
    if rules.max_spaces is not None and len(path) > rules.max_spaces:
        raise IllegalCommand(f"with {rules.special_move} {fig.id} moves {rules.max_spaces} space{'' if rules.max_spaces == 1 else 's'} at most")
    height = card.stat("height")
    climbs = may_climb(str(card.size or ""), len(fig.hexes))
    bf = field_of(state)
    mp = MovePlan(figure=fig.id, start=fig.hexes, start_level=fig.level, fly=fly, power=power)
    occ = others_at(state, fig)
    body = fig.hexes
    level = fig.level
    levels = tuple(fig.level for _ in body)
    double = len(body) == 2
    if back:
        body = (body[1], body[0])  # the other end leads (HS-DOUBLE-01)
    cost = 0
    all_road = not fly and all(bf.terrain(h, fig.level) is Terrain.ROAD for h in body)
    stopped_at: int | None = None
    stop_why: tuple[str, str | None] = ("that space ends a move", None)  # None: the terrain's rule
    low = fly_start(bf, fig) if fly else None
    for i, h in enumerate(path):
        if stopped_at is not None:
            raise IllegalCommand(
                f"{fig.id} must stop at {bf.label(path[stopped_at])}: {stop_why[0]}",
                _stop_rule(bf.terrain(path[stopped_at], mp.steps[stopped_at].level)) if stop_why[1] is None else stop_why[1],
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
            want = onto[i] if i < len(onto) else None
            if rules.free_climb is None:
                # up or down a rope ladder too (HS-LADDER-03, -04)
                found = step_to(bf, lead, level, h, height, climbs, want)
            else:
                found = climb_step(bf, lead, level, h, height, rules.free_climb, want)
                if found is None and walk_step(bf, lead, level, h, height, want) is not None:
                    raise IllegalCommand(f"{_lab(bf, h)} is more than {rules.free_climb} levels up: "
                                         f"too high for {rules.special_move}")
            if found is None and want is not None and walk_step(bf, lead, level, h, height) is not None:
                raise IllegalCommand(f"{fig.id} cannot get from {_lab(bf, lead)} onto {_lab(bf, h)}@{want}: there "
                                     f"is no room there for a figure of Height {height} (an overhang is too low), "
                                     "or the way up passes through one; name another level or another way",
                                     "HS-MOVE-12")
            if found is None:
                raise IllegalCommand(_why_not_enter(bf, lead, h), "HS-MOVE-07" if h in bf else "HS-MOVE-03")
            refused = glyph_board.refuses_entry(state, fig, h)
            if refused:
                raise IllegalCommand(refused, "HS-GLYPH-24")
            step_cost, land_level, drop, cell = found
            terrain = cell.terrain
            step_cost = modifiers.entry_cost(rules, terrain, step_cost)
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
        if not fly and terrain is not None and must_stop(bf, body, levels, terrain, double, rules):
            stopped_at = i
        elif not fly and any(b in rules.stop_on for b in body):
            stopped_at, stop_why = i, ("an enemy figure near that space holds it there (a power of that enemy's "
                                       "Army Card, such as Cyberclaw or Swirling Vortex)", "")
        elif not fly and glyph_board.stop_rule(state, h):
            # A walk ends on a power glyph, either side up (HS-GLYPH-02, -03).
            stopped_at, stop_why = i, ("a glyph lies there, and a figure moving onto a glyph stops on it",
                                       glyph_board.stop_rule(state, h) or "")
    # Landing (HS-FLY-09): the last space must be one a figure can stand on.
    end = mp.steps[-1]
    if fly:
        cell = bf.top_cell(end.hexes[0]) if low is None else bf.surface(end.hexes[0], low)
        if cell is None:
            raise IllegalCommand(f"{fig.id} cannot land off the battlefield", "HS-FLY-09")
        want = onto[len(path) - 1] if len(onto) >= len(path) else None
        if want is not None and want != cell.top:
            raise IllegalCommand(f"flying, {fig.id} lands on {_lab(bf, end.hexes[0])} at level {cell.top}, not "
                                 f"{want}: a flyer never passes through the underside of an overhang (walk there, "
                                 "or name the level it lands on)", "HS-FLY-08")
        if not enterable(bf, end.hexes[0], cell):
            raise IllegalCommand(f"{fig.id} cannot land on an obstacle at {bf.label(end.hexes[0])}", "HS-OBSTACLE-01")
        refused = glyph_board.refuses_entry(state, fig, end.hexes[0])
        if refused:
            raise IllegalCommand(refused, "HS-GLYPH-24")
        if double:
            tail_cell = bf.top_cell(end.hexes[1]) if low is None else bf.surface(end.hexes[1], low)
            if tail_cell is None or tail_cell.top != cell.top or not enterable(bf, end.hexes[1], tail_cell):
                raise IllegalCommand(f"{fig.id} must land on 2 spaces of the same level", "HS-DOUBLE-02")
            mp.steps[-1] = Step(end.hexes, cell.top, end.cost, 0, cell.terrain, (cell.top, cell.top))
        else:
            mp.steps[-1] = Step(end.hexes, cell.top, end.cost, 0, cell.terrain, (cell.top,))
        if cell.terrain in (Terrain.SLIPPERY_ICE, Terrain.HEAVY_SNOW) and cell.terrain not in rules.easy_terrain:
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


def must_stop(bf: Battlefield, body: tuple[Hex, ...], levels: tuple[int, ...], terrain: Terrain, double: bool,
              rules: modifiers.MoveRules | None = None) -> bool:
    """True when entering ``terrain`` ends the move (HS-TERRAIN-09, -12, -17, -18; HS-DOUBLE-04),
    unless a power of ``rules`` lets the figure go on (Slither in water; Lava Resistant in molten lava)."""
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
