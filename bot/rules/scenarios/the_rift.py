"""The Rift and Crumbling Architecture (Rumble at the Rift, Veteran; HS-SCEN-RIFT1-VET-01..06, DEC-10).

The Rift: when each Player Turn ends, the player whose turn it was may pull one figure, any figure
(DEC-10), toward the portal, the Glyph of Brandar: up to as many spaces as the round number. Each
space entered may not be farther from the portal than the one left (the distance is the least
number of spaces, obstacles and height ignored, HS-SCEN-RIFT1-VET-04); climbing counts as in a move,
one more space per level up (HS-SCEN-RIFT1-VET-05), and a figure cannot climb more levels than its
Height at once, nor enter obstacles, other figures or cross a wall. The pull is not a move: it takes
no leaving-engagement attacks (DEC-10). A figure pulled onto the portal is swept away: the Glyph of
Brandar does what the scenario says (its ``brandar: swept_away``, HS-SCEN-RIFT1-VET-06).

Crumbling Architecture (HS-SCEN-RIFT1-VET-02) needs no code here: the scenario file's
``destructible`` rule makes every COBRA Fortification with an id a 3 Life, 3 Defense object
(:mod:`bot.rules.objects`).

A double-space figure is pulled too (DEC-10: any figure): either end leads, the other follows, and
neither end enters a space farther from the portal (:func:`reach_bodies`).

The decision's options are ``"FIGURE q,r"`` (``"FIGURE q,r q,r"`` for a double-space figure, lead
first; best for the puller first: enemies swept away, then enemies brought nearest the portal) and
``skip``; a typed answer ``FIGURE SPACE [SPACE]`` (``b F4``, ``g F4 F5``) is read too, and one the
pull cannot make is refused with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.battlefield import Battlefield
from bot.rules.engagement import figure_height
from bot.rules.errors import IllegalCommand
from bot.rules.events import hx
from bot.rules.glyphs.arrival import brandar
from bot.rules.hexes import Hex
from bot.rules.move_basics import field_of
from bot.rules.scenarios.registry import active, special_rule
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

RULE = special_rule(
    "the_rift", "The Rift",
    "When each Player Turn ends, the player whose turn it was may pull one figure (theirs or an enemy's) toward "
    "the portal, the Glyph of Brandar: up to as many spaces as the round number, never onto a space farther from "
    "the portal, climbing counted as in a move. The pull takes no leaving-engagement attacks. A figure pulled onto "
    "the portal is swept away (destroyed).",
    "HS-SCEN-RIFT1-VET-03", "HS-SCEN-RIFT1-VET-04", "HS-SCEN-RIFT1-VET-05", "HS-SCEN-RIFT1-VET-06", "DEC-10",
)
special_rule(
    "crumbling_architecture", "Crumbling Architecture",
    "Each COBRA Fortification is a destructible object with 3 Life and 3 Defense: attack it by its name like a "
    "figure; with 3 wounds it is destroyed and leaves the battlefield.",
    "HS-SCEN-RIFT1-VET-02",
)
SKIP = "skip"


def portal(state: MatchState) -> Hex | None:
    """The space of the Glyph of Brandar on the battlefield, if it is there."""
    return next((h for h, (name, _side) in state.glyphs.items() if name == "brandar"), None)


def _pullable(state: MatchState) -> list[Figure]:
    """Figures the Rift can pull: every figure on the battlefield, single- or double-space."""
    return [f for f in state.figures.values() if f.on_battlefield]


Body = tuple[Hex, ...]


def reach_bodies(state: MatchState, fig: Figure, steps: int) -> dict[Body, int]:
    """Every place ``fig`` can be pulled to with ``steps`` spaces: its spaces (lead first) -> the
    spaces used (HS-SCEN-RIFT1-VET-04, -05, DEC-10). Empty when there is no portal.

    A double-space figure is pulled as it moves (HS-DOUBLE-01): either end leads and the other
    follows into the space the lead left, so both ends only enter spaces no farther from the
    portal than the ones they leave; it ends on two spaces of one level (HS-DOUBLE-02) unless it
    reaches the portal, where it is swept away. Climbing counts one more space per level up, and
    no end climbs more levels than the figure's Height at once.
    """
    goal = portal(state)
    if goal is None or not fig.hexes:
        return {}
    bf: Battlefield = field_of(state)
    taken = {h for f in state.figures.values() if f is not fig and f.on_battlefield for h in f.hexes}
    height = figure_height(state, fig)
    double = len(fig.hexes) == 2
    starts: list[tuple[Body, tuple[int, ...]]] = [(fig.hexes, tuple(fig.level for _ in fig.hexes))]
    if double:
        starts.append(((fig.hexes[1], fig.hexes[0]), (fig.level, fig.level)))
    best: dict[tuple[Body, tuple[int, ...]], int] = {start: 0 for start in starts}
    frontier = list(starts)
    while frontier:
        nxt: list[tuple[Body, tuple[int, ...]]] = []
        for body, levels in frontier:
            lead = body[0]
            if lead == goal:
                continue  # swept away there: the pull ends
            if double and lead.distance(goal) > body[1].distance(goal):
                continue  # the following end would enter a space farther from the portal
            for n in lead.neighbours():
                top = bf.top_cell(n)
                if top is None or n in taken or (double and n == body[1]) or n.distance(goal) > lead.distance(goal):
                    continue
                if bf.obstacles_between(lead, n) or bf.blocked(n, top.top):
                    continue
                up = top.top - levels[0]
                if up >= height:  # no climbing more levels than the figure's Height at once
                    continue
                cost = best[(body, levels)] + 1 + max(0, up)
                node = ((n, lead), (top.top, levels[0])) if double else ((n,), (top.top,))
                if cost <= steps and cost < best.get(node, steps + 1):
                    best[node] = cost
                    nxt.append(node)
        frontier = nxt
    out: dict[Body, int] = {}
    for (body, levels), cost in best.items():
        if cost == 0:
            continue
        if double and goal not in body and (len(set(levels)) != 1 or bf.obstacles_between(body[0], body[1])):
            continue  # a double-space figure ends on two spaces of one level (HS-DOUBLE-02)
        if cost < out.get(body, steps + 1):
            out[body] = cost
    return out


def reach(state: MatchState, fig: Figure, steps: int) -> dict[Hex, int]:
    """Every space the lead end of ``fig`` can be pulled to with ``steps`` spaces: space -> spaces
    used (:func:`reach_bodies`). Empty when there is no portal."""
    out: dict[Hex, int] = {}
    for body, cost in reach_bodies(state, fig, steps).items():
        if cost < out.get(body[0], steps + 1):
            out[body[0]] = cost
    return out


def _option(fig: Figure, body: Body) -> str:
    return " ".join([fig.id, *(f"{h.q},{h.r}" for h in body)])


def pulls(state: MatchState, puller: str) -> list[str]:
    """The pulls open to ``puller`` this round as options ``"FIGURE q,r"`` (``"FIGURE q,r q,r"``
    for a double-space figure, lead first), best for ``puller`` first."""
    goal = portal(state)
    if goal is None:
        return []
    ranked: list[tuple[int, int, str, str]] = []
    for fig in _pullable(state):
        foe = 0 if fig.controller != puller else 1
        for body in reach_bodies(state, fig, max(state.round, 1)):
            near = min(h.distance(goal) for h in body)
            ranked.append((foe, near if foe == 0 else 99, fig.id, _option(fig, body)))
    ranked.sort()
    return [r[3] for r in ranked]


def _parse(engine: RulesContext, answer: str) -> tuple[Figure, Body]:
    parts = answer.split()
    if len(parts) not in (2, 3):
        raise IllegalCommand("answer the pull as FIGURE SPACE (e.g. 'b F4'; a double-space figure may name its "
                             "second space too: 'b F4 F5'), or skip", RULE.ledger[0])
    fig = engine.figure(parts[0])
    return fig, tuple(engine.space(p) for p in parts[1:])


@register
class TheRift(Effect):
    """After each Player Turn, its player may pull one figure toward the portal (HS-SCEN-RIFT1-VET-03)."""

    name = "the_rift"
    window = Window.END_OF_TURN
    source = Source.OTHER
    optional = True
    rule = "HS-SCEN-RIFT1-VET-03"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if not active(st.scenario, self.name) or st.turn is None or portal(st) is None:
            return []
        if not pulls(st, st.turn.player):
            return []
        return [Trigger(self.name, st.turn.player)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        # The best pulls only (at most 24 and "skip", as many as buttons can show); any other pull
        # is typed (FIGURE SPACE) and read by ``accept``.
        moves = pulls(engine.state, trigger.controller)
        foes = [m for m in moves if engine.state.figures[m.split()[0]].controller != trigger.controller]
        own = [m for m in moves if m not in foes]
        return foes[:16] + [SKIP] + own[: 24 - min(16, len(foes))]

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        st = engine.state
        out = []
        for o in options:
            if o == SKIP:
                out.append("no pull")
                continue
            fid, *at = o.split()
            body = [Hex(*map(int, a.split(","))) for a in at]
            gone = " (swept away)" if portal(st) in body else ""
            out.append(f"{fid} to {' '.join(st.battlefield.label(h) for h in body)}{gone}")
        return out

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        n = max(engine.state.round, 1)
        return (f"The Rift: pull one figure up to {n} space{'s' if n != 1 else ''} toward the portal "
                f"(answer FIGURE SPACE), or skip?")

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        fig, spaces = _parse(engine, answer)
        st = engine.state
        goal = portal(st)
        assert goal is not None
        n = max(st.round, 1)
        if not fig.on_battlefield:
            raise IllegalCommand(f"the Rift pulls a figure on the battlefield, and {fig.id} is not there", self.rule)
        if len(spaces) > len(fig.hexes):
            raise IllegalCommand(f"{fig.id} stands on 1 space: name one space to pull it to", "HS-DOUBLE-01")
        near = min(h.distance(goal) for h in fig.hexes)
        if min(h.distance(goal) for h in spaces) > near:
            raise IllegalCommand(f"{st.battlefield.label(spaces[0])} is farther from the portal than {fig.id} is: the "
                                 "pull never increases the distance to it", "HS-SCEN-RIFT1-VET-04")
        ways = reach_bodies(st, fig, n)
        # A double-space figure named by one space: its lead end there (the cheapest such place).
        found = [b for b in sorted(ways, key=lambda b: ways[b]) if b[: len(spaces)] == spaces
                 or (len(spaces) == 2 and b == spaces[::-1])]
        if not found:
            raise IllegalCommand(f"{fig.id} cannot be pulled to {' '.join(st.battlefield.label(h) for h in spaces)}: "
                                 f"the pull is {n} space{'s' if n != 1 else ''} this round (round {st.round}), each "
                                 "no farther from the portal, climbing counted"
                                 + (", ending on two spaces of one level" if len(fig.hexes) == 2 else ""),
                                 "HS-SCEN-RIFT1-VET-05")
        return _option(fig, found[0])

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if choice is None or choice == SKIP:
            engine.emit("scenario_rule", rule=self.name, title=RULE.title, player=trigger.controller,
                        result="no figure is pulled")
            return
        fig, body = _parse(engine, choice)
        st = engine.state
        if body not in reach_bodies(st, fig, max(st.round, 1)):  # the position changed since it was asked
            return
        start = fig.hexes[0]
        goal = portal(st)
        bf = field_of(st)
        tops = [bf.top_cell(h) for h in body]
        fig.hexes = body
        fig.level = max(c.top for c in tops if c is not None)
        engine.emit("pulled", rule=self.name, title=RULE.title, player=trigger.controller, figure=fig.id,
                    start=hx(start), at=hx(body[0]), spaces=start.distance(body[0]), body=[hx(h) for h in body])
        if goal is not None and goal in body:
            brandar(engine, fig, goal)  # swept away (HS-SCEN-RIFT1-VET-06)
