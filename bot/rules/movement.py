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

One step (walk, climb, fly, fall) is :mod:`bot.rules.steps`; a path is checked by
:mod:`bot.rules.move_plan`, every end searched by :mod:`bot.rules.move_reach`, the way to a destination
picked by :mod:`bot.rules.move_routes`, the shared pieces are :mod:`bot.rules.move_basics`; this module
gathers them (callers import from here). Movement only plans; the engine rolls leaving-engagement attacks and falls while it carries
the plan out, step by step, with :func:`leaving` and :func:`fall_for`.
"""

from __future__ import annotations

from bot.rules.move_basics import allowance, field_of, leaving, rules_for
from bot.rules.move_plan import MovePlan, Step, move_cost, plan
from bot.rules.move_reach import reachable, reachable_hexes, reachable_within
from bot.rules.move_routes import Route, best_route, routes, takeoff_swipes
from bot.rules.steps import fall_for

__all__ = [
    "MovePlan", "Route", "Step", "allowance", "best_route", "fall_for", "field_of", "leaving", "move_cost", "plan",
    "reachable", "reachable_hexes", "reachable_within", "routes", "rules_for", "takeoff_swipes",
]
