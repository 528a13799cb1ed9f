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

The decision's options are ``"FIGURE q,r"`` (best for the puller first: enemies swept away, then
enemies brought nearest the portal) and ``skip``; a typed answer ``FIGURE SPACE`` (``b F4``) is
read too, and one the pull cannot make is refused with the reason.
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
    """Figures the Rift can pull: single-space figures on the battlefield."""
    return [f for f in state.figures.values() if f.on_battlefield and len(f.hexes) == 1]


def reach(state: MatchState, fig: Figure, steps: int) -> dict[Hex, int]:
    """Every space ``fig`` can be pulled to with ``steps`` spaces: space -> spaces used
    (HS-SCEN-RIFT1-VET-04, -05). Empty when there is no portal."""
    goal = portal(state)
    if goal is None or not fig.hexes:
        return {}
    bf: Battlefield = field_of(state)
    taken = {h for f in state.figures.values() if f is not fig and f.on_battlefield for h in f.hexes}
    height = figure_height(state, fig)
    start = fig.hexes[0]
    best: dict[Hex, int] = {start: 0}
    level_of: dict[Hex, int] = {start: fig.level}
    frontier = [start]
    while frontier:
        nxt: list[Hex] = []
        for h in frontier:
            for n in h.neighbours():
                top = bf.top_cell(n)
                if top is None or n in taken or n.distance(goal) > h.distance(goal):
                    continue
                if bf.obstacles_between(h, n) or bf.blocked(n, top.top):
                    continue
                up = top.top - level_of[h]
                if up >= height:  # no climbing more levels than the figure's Height at once
                    continue
                cost = best[h] + 1 + max(0, up)
                if cost <= steps and cost < best.get(n, steps + 1):
                    best[n] = cost
                    level_of[n] = top.top
                    nxt.append(n)
        frontier = nxt
    best.pop(start)
    return best


def pulls(state: MatchState, puller: str) -> list[str]:
    """The pulls open to ``puller`` this round as options ``"FIGURE q,r"``, best for ``puller`` first."""
    goal = portal(state)
    if goal is None:
        return []
    ranked: list[tuple[int, int, str, str]] = []
    for fig in _pullable(state):
        foe = 0 if fig.controller != puller else 1
        for h in reach(state, fig, max(state.round, 1)):
            ranked.append((foe, h.distance(goal) if foe == 0 else 99, fig.id, f"{fig.id} {h.q},{h.r}"))
    ranked.sort()
    return [r[3] for r in ranked]


def _parse(engine: RulesContext, answer: str) -> tuple[Figure, Hex]:
    parts = answer.split()
    if len(parts) != 2:
        raise IllegalCommand("answer the pull as FIGURE SPACE (e.g. 'b F4'), or skip", RULE.ledger[0])
    fig = engine.figure(parts[0])
    return fig, engine.space(parts[1])


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
            fid, at = o.split()
            h = Hex(*map(int, at.split(",")))
            gone = " (swept away)" if h == portal(st) else ""
            out.append(f"{fid} to {st.battlefield.label(h)}{gone}")
        return out

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        n = max(engine.state.round, 1)
        return (f"The Rift: pull one figure up to {n} space{'s' if n != 1 else ''} toward the portal "
                f"(answer FIGURE SPACE), or skip?")

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        fig, h = _parse(engine, answer)
        st = engine.state
        goal = portal(st)
        assert goal is not None
        n = max(st.round, 1)
        if not fig.on_battlefield or len(fig.hexes) != 1:
            raise IllegalCommand(f"the Rift pulls a single-space figure on the battlefield, not {fig.id}", self.rule)
        if h.distance(goal) > fig.hexes[0].distance(goal):
            raise IllegalCommand(f"{st.battlefield.label(h)} is farther from the portal than {fig.id} is: the pull "
                                 "never increases the distance to it", "HS-SCEN-RIFT1-VET-04")
        ways = reach(st, fig, n)
        if h not in ways:
            raise IllegalCommand(f"{fig.id} cannot be pulled to {st.battlefield.label(h)}: the pull is {n} "
                                 f"space{'s' if n != 1 else ''} this round (round {st.round}), each closer to the "
                                 "portal, climbing counted", "HS-SCEN-RIFT1-VET-05")
        return f"{fig.id} {h.q},{h.r}"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if choice is None or choice == SKIP:
            engine.emit("scenario_rule", rule=self.name, title=RULE.title, player=trigger.controller,
                        result="no figure is pulled")
            return
        fig, h = _parse(engine, choice)
        st = engine.state
        if h not in reach(st, fig, max(st.round, 1)):  # the position changed since it was asked
            return
        start = fig.hexes[0]
        top = field_of(st).top_cell(h)
        assert top is not None
        fig.hexes = (h,)
        fig.level = top.top
        engine.emit("pulled", rule=self.name, title=RULE.title, player=trigger.controller, figure=fig.id,
                    start=hx(start), at=hx(h), spaces=start.distance(h))
        if h == portal(st):
            brandar(engine, fig, h)  # swept away (HS-SCEN-RIFT1-VET-06)
