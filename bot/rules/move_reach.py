"""Every end a figure can reach this move: walking (a cheapest-first search, with the fewest
leaving-engagement attacks first when asked), flying, and special moves bounded to a few spaces.
"""

from __future__ import annotations

import heapq

from bot.rules import modifiers
from bot.rules.battlefield import Battlefield
from bot.rules.errors import IllegalCommand
from bot.rules.glyphs import board as glyph_board
from bot.rules.hexes import Hex
from bot.rules.ladders import may_climb, step_to
from bot.rules.move_basics import allowance, count_leaving, enemy_bodies, field_of, others_at, rules_for
from bot.rules.move_plan import must_stop, plan
from bot.rules.state import Figure, MatchState
from bot.rules.steps import enterable, fly_start, fly_step
from bot.rules.terrain import Terrain

#: A space and the level of the surface a move must reach it on (``SPACE@LEVEL``).
Goal = tuple[Hex, int]


def reachable(state: MatchState, fig: Figure, fly: bool | None = None,
              power: str | None = None, goal: Goal | None = None) -> dict[tuple[Hex, ...], tuple[int, list[Hex]]]:
    """Every end position ``fig`` can reach this move, with its cost and a cheapest path.

    Keys are end hex tuples (lead first); values are ``(cost, path)`` where ``path`` can be given
    back to :func:`plan`. Leaving-engagement attacks are consequences, not limits, so they do not
    prune the search. Cost in spaces. ``power`` asks for a special move by name. ``goal``
    ``(space, level)``: that space is reached on its surface at that level only (``SPACE@LEVEL``,
    HS-MOVE-12; give the level to :func:`plan` with the path); a special move ignores it.

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
        reach_flying(state, fig, rules.max_spaces, flights)
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
        reach_flying(state, fig, budget, out, goal)
        return out
    reach_walking(state, fig, budget, out, road_only=False, goal=goal)
    start_road = all(bf.terrain(h, fig.level) is Terrain.ROAD for h in fig.hexes)
    if start_road:
        reach_walking(state, fig, budget + 3, out, road_only=True, goal=goal)
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
        reach_flying(state, fig, budget, out)
    else:
        reach_walking(state, fig, budget, out, road_only=False)
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


def reach_walking(state: MatchState, fig: Figure, budget: int,
                   out: dict[tuple[Hex, ...], tuple[int, list[Hex]]], road_only: bool,
                   count_swipes: bool = False, swipes_out: dict[tuple[Hex, ...], int] | None = None,
                   goal: Goal | None = None) -> None:
    """Search walking ends within ``budget``; with ``count_swipes``, fewest leaving-engagement
    attacks first, then cheapest (labels that are worse on both counts are dropped). ``goal``
    ``(space, level)``: that space is entered on its surface at that level only (``SPACE@LEVEL``)."""
    bf = field_of(state)
    height = state.card_of(fig).stat("height")
    climbs = bool(bf.ladders) and may_climb(str(state.card_of(fig).size or ""), len(fig.hexes))
    rules = modifiers.move_rules(state, fig)
    occ = others_at(state, fig)
    double = len(fig.hexes) == 2
    if glyph_board.stuck(state, fig):
        return  # held by Proftaka (HS-GLYPH-14)
    watch = count_swipes and rules.takes_swipes
    # The enemies do not move during the search: look them up once, not once per explored step.
    foes = enemy_bodies(state, fig) if watch else []
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
            if terrain is not None and must_stop(bf, body, levels, terrain, double, rules):
                continue
            if any(b in rules.stop_on for b in body):
                continue  # next to a figure that holds it (Cyberclaw)
            if glyph_board.stop_rule(state, body[0]):
                continue  # a walk ends on a glyph (HS-GLYPH-02, -03)
        lead = body[0]
        for h in lead.neighbours():
            if double and h == body[1]:
                continue
            # up or down a rope ladder too (HS-LADDER-03, -04)
            found = step_to(bf, lead, levels[0], h, height, climbs, goal[1] if goal and h == goal[0] else None)
            if found is None:
                continue
            step_cost, lb, _drop, cell = found
            step_cost = modifiers.entry_cost(rules, cell.terrain, step_cost)
            if road_only and cell.terrain is not Terrain.ROAD:
                continue
            if rules.max_climb is not None and lb - levels[0] > rules.max_climb:
                continue
            if glyph_board.refuses_entry(state, fig, h):
                continue  # Kelda (HS-GLYPH-24)
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
            nsw = sw + (count_leaving(state, foes, body, levels[0], nbody, lb, height) if watch else 0)
            node = (nbody, nlev)
            if dominated(node, nsw, nc):
                continue
            best[node] = [lab for lab in best.get(node, []) if not (nsw <= lab[0] and nc <= lab[1])] + [(nsw, nc)]
            heapq.heappush(heap, (nsw, nc, counter, nbody, nlev, (*path, h)))
            counter += 1


def reach_flying(state: MatchState, fig: Figure, budget: int,
                  out: dict[tuple[Hex, ...], tuple[int, list[Hex]]], goal: Goal | None = None) -> None:
    """Search flying ends within ``budget`` (HS-FLY-01, -08); ``goal`` ``(space, level)``: a flight
    ending on that space counts only if it lands at that level (``SPACE@LEVEL``)."""
    bf = field_of(state)
    occ = others_at(state, fig)
    double = len(fig.hexes) == 2
    height = state.card_of(fig).stat("height")
    start_low = fly_start(bf, fig)
    easy = modifiers.move_rules(state, fig).easy_terrain  # landing on them costs no more (Dzu-Teh)
    if glyph_board.stuck(state, fig):
        return  # held by Proftaka (HS-GLYPH-14)
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
                    if goal is not None and nb[0] == goal[0] and top != goal[1]:
                        continue
                    if any((x, top) in occ for x in nb) or any(not enterable(bf, x, c) for x, c in zip(nb, cells, strict=True) if c is not None):
                        continue
                    if double and bf.obstacles_between(nb[0], nb[1]):
                        continue  # no base astride an obstacle (HS-MOVE-09)
                    if glyph_board.refuses_entry(state, fig, nb[0]):
                        continue  # Kelda (HS-GLYPH-24)
                    extra = 1 if cells[0] is not None and cells[0].terrain in (Terrain.SLIPPERY_ICE, Terrain.HEAVY_SNOW) \
                        and cells[0].terrain not in easy else 0
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
